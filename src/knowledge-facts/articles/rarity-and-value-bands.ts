import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, medianValue, valued } from '../catalogue.ts';
import { count, usd } from '../quotes.ts';

/**
 * The rarities the article's table shows: an editor's choice (the labels collectors know, from Common to the gold
 * star), not every label of the catalogue; the figures of each are computed.
 */
const RARITIES = [
  'Common',
  'Uncommon',
  'Rare',
  'Rare Holo',
  'Rare Ultra',
  'Rare Secret',
  'Rare Holo EX',
  'Illustration Rare',
  'Double Rare',
  'Special Illustration Rare',
  'Rare Holo LV.X',
  'Rare Holo Star',
];

type RarityRow = { cards: number; median_usd: number; grail: number; chase: number; mid: number; budget: number };

const article: ArticleFacts = {
  slug: 'rarity-and-value-bands',
  facts(catalogue) {
    const cards = valued(catalogue.cards);
    const byRarity = Object.fromEntries(
      RARITIES.map((rarity) => {
        const group = cards.filter((c) => c.entry.rarity === rarity);
        return [rarity, { cards: group.length, median_usd: medianValue(group), ...bandCounts(group) }];
      }),
    );
    const chaseCommons = cards.filter((c) => c.entry.rarity === 'Common' && (c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail'));
    const sets = new Map<string, number>();
    for (const c of chaseCommons) sets.set(c.set.name, (sets.get(c.set.name) ?? 0) + 1);
    const sir = byRarity['Special Illustration Rare'];
    return {
      prices_as_of: catalogue.pricesAsOf,
      cards_with_value: cards.length,
      // In the order of the sets' release (content/sets.json's order), the way the article lists them.
      chase_commons_by_set: Object.fromEntries(catalogue.sets.flatMap((s) => (sets.has(s.name) ? [[s.name, sets.get(s.name)!]] : []))),
      special_illustration_rare_chase_or_grail: sir.chase + sir.grail,
      by_rarity: byRarity,
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'Rarity is the strongest single signal but not a rule: on {prices_as_of} the median Common is {by_rarity.Common.median_usd|usd} and the median Rare Holo Star {by_rarity.Rare Holo Star.median_usd|usd}, yet {by_rarity.Common.chase|n} Commons are chase cards and {by_rarity.Rare Holo.budget|n} Rare Holos are budget; era and Pokémon matter as much as the rarity symbol.',
    },
    {
      in: 'body',
      text: 'Grouping the {cards_with_value|n} cards with a value by rarity shows how much it explains, and how much it does not. TCGplayer market prices, {prices_as_of}:',
    },
    {
      in: 'body',
      header: '| Rarity | Cards | Median | Grail | Chase | Mid | Budget |',
      rows: ({ facts }) =>
        Object.entries(facts.by_rarity as Record<string, RarityRow>).map(([rarity, r]) => [
          rarity,
          count(r.cards),
          usd(r.median_usd),
          ...[r.grail, r.chase, r.mid, r.budget].map(count),
        ]),
    },
    { in: 'body', text: 'from {by_rarity.Common.median_usd|usd} for a Common to {by_rarity.Rare Holo Star.median_usd|usd} for a gold star.' },
    { in: 'body', text: 'has a median of {by_rarity.Double Rare.median_usd|usd}, against {by_rarity.Rare.median_usd|usd} for a plain old *Rare*.' },
    {
      in: 'body',
      text: '- **Some Commons are chase.** {by_rarity.Common.chase|n} are: {chase_commons_by_set|counts}, among them [POP Series 5 Pikachu](/cards/pikachu-pop5-12) at {card:pop5-12|usd}.',
    },
    {
      in: 'body',
      text: '- **Modern top rarities are steep but uneven.** {special_illustration_rare_chase_or_grail|n} of {by_rarity.Special Illustration Rare.cards|n} Special Illustration Rares reach chase or grail. [Iono from Paldea Evolved](/cards/iono-sv2-269), at {card:sv2-269|usd}, is just over the line.',
    },
  ],
  // "A Rare Holo from 1999 and one from 2015".
  constants: ['1999', '2015'],
};

export default article;
