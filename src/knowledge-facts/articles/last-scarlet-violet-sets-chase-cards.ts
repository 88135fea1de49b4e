import { percentOf } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { briefOf, type CardBrief, cardsOf, isChaseOrGrail, lastScarletVioletSets } from '../new-era.ts';
import { byValueDesc, medianValue, tallyOf, valued } from '../priced-content.ts';

/** How many of each set's most valuable cards the second table lists. */
const TOP_PER_SET = 3;

/** The rarities the article names among the chase and grail cards. */
const QUOTED_RARITIES = ['Special Illustration Rare', 'Illustration Rare', 'Black White Rare', 'Hyper Rare'];

/** The two sets whose medians the article sets apart: the Unova pair, with their many Illustration Rares. */
const UNOVA_PAIR = ['zsv10pt5', 'rsv10pt5'];

type SetRow = { id: string; released: string; valued: number; median_usd: number | null; chase_or_grail: number; top: CardBrief[] };

const article: ArticleFacts = {
  slug: 'last-scarlet-violet-sets-chase-cards',
  facts(catalogue) {
    const sets = lastScarletVioletSets(catalogue);
    const cards = valued(cardsOf(catalogue, sets)).sort(byValueDesc);
    const top = cards.filter(isChaseOrGrail);
    const unova = cards.filter((c) => UNOVA_PAIR.includes(c.entry.set));
    const others = cards.filter((c) => !UNOVA_PAIR.includes(c.entry.set));
    return {
      prices_as_of: catalogue.pricesAsOf,
      top_per_set: TOP_PER_SET,
      overall: {
        sets: sets.length,
        valued: cards.length,
        median_usd: medianValue(cards),
        chase_or_grail: top.length,
        share_pct: percentOf(top.length, cards.length),
      },
      most_valuable: briefOf(cards[0]),
      chase_or_grail_by_rarity: tallyOf(top, (c) => c.entry.rarity ?? '(none)', QUOTED_RARITIES),
      sets: Object.fromEntries(
        sets.map((s) => {
          const own = cards.filter((c) => c.entry.set === s.id);
          const row: SetRow = {
            id: s.id,
            released: s.releaseDate,
            valued: own.length,
            median_usd: medianValue(own),
            chase_or_grail: own.filter(isChaseOrGrail).length,
            top: own.slice(0, TOP_PER_SET).map(briefOf),
          };
          return [s.name, row];
        }),
      ),
      unova_pair: {
        median_usd: medianValue(unova),
        illustration_rare_share_pct: percentOf(unova.filter((c) => c.entry.rarity === 'Illustration Rare').length, unova.length),
        others_median_usd: medianValue(others),
      },
    };
  },
  mentions: (facts) => ({
    cards: [(facts.most_valuable as CardBrief).card_id, ...Object.values(facts.sets as Record<string, SetRow>).flatMap((s) => s.top.map((c) => c.card_id))],
    sealed: [],
  }),
};

export default article;
