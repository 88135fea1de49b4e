import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, medianValue, valued } from '../priced-content.ts';

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
};

export default article;
