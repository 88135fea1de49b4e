import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, byValueDesc, medianValue, valued } from '../priced-content.ts';
import { grailsOf } from './what-makes-a-grail.ts';

/** How the catalogue labels gold star cards. */
const RARITY = 'Rare Holo Star';

type TopCard = { card_id: string; name: string; set: string; slug: string; valueUsd: number };

const article: ArticleFacts = {
  slug: 'gold-star-cards',
  facts(catalogue) {
    const stars = catalogue.cards.filter((c) => c.entry.rarity === RARITY);
    const priced = valued(stars).sort(byValueDesc);
    const brief = (c: (typeof priced)[number]): TopCard => ({
      card_id: c.entry.id,
      name: c.entry.name,
      set: c.set.name,
      slug: c.summary.slug,
      valueUsd: c.summary.valueUsd!,
    });
    const unpriced = stars.filter((c) => c.summary.valueUsd === null).map((c) => c.entry.id);
    return {
      rarity: RARITY,
      cards: stars.length,
      priced: priced.length,
      unpriced,
      unpriced_count: unpriced.length,
      bands: bandCounts(priced),
      median_usd: medianValue(priced),
      min_usd: priced.at(-1)!.summary.valueUsd,
      cheapest: brief(priced.at(-1)!),
      top: priced.slice(0, 4).map(brief),
      grails_in_catalogue: grailsOf(catalogue).length,
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

export default article;
