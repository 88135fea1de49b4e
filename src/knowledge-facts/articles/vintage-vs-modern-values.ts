import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, byValueDesc, ERAS, eraOf, medianValue, percent, valued } from '../catalogue.ts';
import { count, pct, usd } from '../quotes.ts';
import { grailEraOf, grailsOf } from './what-makes-a-grail.ts';

type EraRow = { priced_cards: number; median_usd: number; grail: number; chase: number; mid: number; budget: number; chase_or_grail_pct: number };

/** How the table names each era. */
const ERA_LABELS = {
  vintage: 'Vintage (WOTC, 1999–2003)',
  between: 'In between (EX to Sun & Moon)',
  modern: 'Modern (SWSH, SV, Mega Evolution)',
};

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
          { priced_cards: group.length, median_usd: medianValue(group), ...bands, chase_or_grail_pct: percent(bands.chase + bands.grail, group.length) },
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
  quotes: [
    {
      in: 'answer',
      text: 'Typically yes: the median WOTC-era card is worth {by_era.vintage.median_usd|usd} against {by_era.modern.median_usd|usd} for a Sword & Shield, Scarlet & Violet or Mega Evolution card, and {by_era.vintage.chase_or_grail_pct|pct} of vintage cards are chase or grail against {by_era.modern.chase_or_grail_pct|pct} of modern ones (TCGplayer market, {prices_as_of}), though modern sets still hold some of the most valuable single cards.',
    },
    { in: 'body', text: 'Splitting the {cards_with_value|n} cards with a value by era' },
    { in: 'body', text: 'All values are TCGplayer market prices of {prices_as_of}.' },
    {
      in: 'body',
      header: '| Era | Priced cards | Median value | Grail | Chase | Mid | Budget | Chase or grail |',
      rows: ({ facts }) =>
        Object.entries(facts.by_era as Record<keyof typeof ERA_LABELS, EraRow>).map(([era, r]) => [
          ERA_LABELS[era as keyof typeof ERA_LABELS],
          count(r.priced_cards),
          usd(r.median_usd),
          ...[r.grail, r.chase, r.mid, r.budget].map(count),
          pct(r.chase_or_grail_pct),
        ]),
    },
    { in: 'body', text: 'The median WOTC common is {median_common_usd.vintage|usd}, against {median_common_usd.modern|usd} for a modern common.' },
    { in: 'body', text: 'is worth {card:sv6pt5-41|usd}. Thousands of modern cards sit in the cents.' },
    {
      in: 'body',
      text: 'at {card:neo4-107|usd}. The most valuable modern card comes {top_modern_rank|ord} in the whole catalogue: [{top_cards.1.name} from {top_cards.1.set}](/cards/{top_cards.1.slug}), {top_cards.1.valueUsd|usd}.',
    },
    { in: 'body', text: 'is {card:base1-4|usd} in its unlimited printing: {card:base1-4:valueBand}, not grail.' },
    {
      in: 'body',
      text: 'The "in between" era holds the most grails of all ({by_era.between.grail|n}). {ex_era_grails.grails|n} of them are from the EX era, {ex_era_grails.gold_stars|n} of those gold stars;',
    },
  ],
};

export default article;
