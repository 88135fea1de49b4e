import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, byValueDesc, medianValue, valued } from '../catalogue.ts';
import { usd } from '../quotes.ts';
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
  quotes: [
    {
      in: 'answer',
      text: 'Gold star (Rare Holo Star) cards were the rarest pull of the later EX sets: all {priced|n} with a value are worth at least {min_usd|usd}, {bands.grail|n} of them over $500, with a median of {median_usd|usd} (TCGplayer, {prices_as_of}), led by {top.0.name} from {top.0.set} at {top.0.valueUsd|usd}.',
    },
    { in: 'body', text: '## The numbers (TCGplayer market, {prices_as_of})' },
    { in: 'body', text: '- **{cards|n}** gold star cards in the catalogue, **{priced|n}** with a value.' },
    {
      in: 'body',
      text: '- **{bands.grail|n}** are grails (≥ $500) and the other {bands.chase|n} are chase. None is worth less than {min_usd|usd}, the value of [{cheapest.name}](/cards/{cheapest.slug}).',
    },
    { in: 'body', text: '- Median **{median_usd|usd}**, the highest of any rarity in the catalogue.' },
    {
      in: 'body',
      header: '| Card | Set | Value |',
      rows: ({ facts }) => (facts.top as TopCard[]).map((t) => [`[${t.name}](/cards/${t.slug})`, t.set, usd(t.valueUsd)]),
    },
    { in: 'body', text: "Gold stars make up {bands.grail|n} of the catalogue's {grails_in_catalogue|n} grails, more than any other rarity." },
    { in: 'body', text: '## {unpriced_count|n} without a price' },
  ],
  // The years of the gold star sets, and POP Series 5.
  constants: ['2004', '2007', '5'],
};

export default article;
