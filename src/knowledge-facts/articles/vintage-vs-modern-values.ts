import { percentOf } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, byValueDesc, ERAS, eraOf, medianValue, valued } from '../priced-content.ts';
import { grailEraOf, grailsOf } from './what-makes-a-grail.ts';

const article: ArticleFacts = {
  slug: 'vintage-vs-modern-values',
  facts(catalogue) {
    const cards = valued(catalogue.cards);
    const byEra = Object.fromEntries(
      ERAS.map((era) => {
        const group = cards.filter((c) => eraOf(c.entry.set) === era);
        const bands = bandCounts(group);
        return [
          era,
          { priced_cards: group.length, median_usd: medianValue(group), ...bands, chase_or_grail_pct: percentOf(bands.chase + bands.grail, group.length) },
        ];
      }),
    );
    const commons = (era: string) => medianValue(cards.filter((c) => c.entry.rarity === 'Common' && eraOf(c.entry.set) === era));
    const ranked = [...cards].sort(byValueDesc);
    const topModern = ranked.findIndex((c) => eraOf(c.entry.set) === 'modern');
    const grails = grailsOf(catalogue);
    return {
      prices_as_of: catalogue.pricesAsOf,
      cards_with_value: cards.length,
      by_era: byEra,
      median_common_usd: { vintage: commons('vintage'), modern: commons('modern') },
      top_cards: [ranked[0], ranked[topModern]].map((c) => ({
        card_id: c.entry.id,
        name: c.entry.name,
        set: c.set.name,
        slug: c.summary.slug,
        valueUsd: c.summary.valueUsd,
      })),
      top_modern_rank: topModern + 1,
      ex_era_grails: {
        grails: grails.filter((c) => grailEraOf(c.entry.set) === 'ex').length,
        gold_stars: grails.filter((c) => c.entry.rarity === 'Rare Holo Star').length,
      },
    };
  },
};

export default article;
