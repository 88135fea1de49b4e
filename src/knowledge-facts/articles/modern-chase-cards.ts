import { percentOf } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, eraOf, medianValue, ranked, tallyOf, valued } from '../priced-content.ts';

/** The sets the article names, with their count of chase or grail cards. */
const QUOTED_SETS = ['SWSH Black Star Promos', 'Evolving Skies', 'Prismatic Evolutions'];

type TopCard = { card_id: string; name: string; set: string; slug: string; valueUsd: number };

const article: ArticleFacts = {
  slug: 'modern-chase-cards',
  facts(catalogue) {
    const modern = valued(catalogue.cards)
      .filter((c) => eraOf(c.entry.set) === 'modern')
      .sort(byValueDesc);
    const top = modern.filter((c) => c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail');
    // A list, not a mapping: a set named "151" would otherwise come first (see tally in ../catalogue.ts).
    const bySet = ranked(top, (c) => c.set.name);
    const sir = modern.filter((c) => c.entry.rarity === 'Special Illustration Rare');
    return {
      prices_as_of: catalogue.pricesAsOf,
      modern_priced: modern.length,
      modern_median_usd: medianValue(modern),
      modern_chase_or_grail: {
        grail: top.filter((c) => c.summary.valueBand === 'grail').length,
        chase: top.filter((c) => c.summary.valueBand === 'chase').length,
        all: top.length,
        share_pct: percentOf(top.length, modern.length),
      },
      top: modern
        .slice(0, 6)
        .map((c): TopCard => ({ card_id: c.entry.id, name: c.entry.name, set: c.set.name, slug: c.summary.slug, valueUsd: c.summary.valueUsd! })),
      chase_or_grail_by_rarity: tallyOf(top, (c) => c.entry.rarity ?? '(none)', ['Special Illustration Rare', 'Rare Ultra', 'Rare Rainbow', 'Promo']),
      sets_with_most_chase_or_grail: bySet.slice(0, 6).map(([set, cards]) => ({ set, cards })),
      quoted_sets: Object.fromEntries(QUOTED_SETS.map((name) => [name, bySet.find(([set]) => set === name)?.[1] ?? 0])),
      special_illustration_rare: {
        cards: sir.length,
        median_usd: medianValue(sir),
        chase_or_grail: sir.filter((c) => c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail').length,
      },
    };
  },
};

export default article;
