import type { ArticleFacts } from '../article-facts.ts';
import { briefOf, type CardBrief, megaEvolutionSets } from '../new-era.ts';
import { byValueDesc, statusCounts, valued } from '../priced-content.ts';

/** How many of the series' most valuable cards the article names. */
const TOP = 3;

type SetRow = { id: string; code: string | null; released: string; cards: number; valued: number; unpriced: number };

const article: ArticleFacts = {
  slug: 'mega-evolution-era-unpriced',
  facts(catalogue) {
    const sets = megaEvolutionSets(catalogue);
    const cardsOf = (id: string) => catalogue.cards.filter((c) => c.entry.set === id);
    const rows = Object.fromEntries(
      sets.map((s): [string, SetRow] => {
        const own = cardsOf(s.id);
        const status = statusCounts(own);
        return [
          s.name,
          { id: s.id, code: s.ptcgoCode ?? null, released: s.releaseDate, cards: own.length, valued: status.priced + status.stale, unpriced: status.unpriced },
        ];
      }),
    );
    const after = sets.filter((s) => s.releaseDate > catalogue.pricesAsOf);
    const afterCards = after.flatMap((s) => cardsOf(s.id));
    const priced = sets.filter((s) => valued(cardsOf(s.id)).length > 0);
    const all = sets.flatMap((s) => cardsOf(s.id));
    const setIds = new Set(sets.map((s) => s.id));
    return {
      prices_as_of: catalogue.pricesAsOf,
      sets: sets.length,
      by_set: rows,
      released_after_prices: {
        sets: after.length,
        names: after.map((s) => s.name),
        cards: afterCards.length,
        unpriced: afterCards.filter((c) => c.summary.valueUsd === null).length,
      },
      with_values: { sets: priced.length, names: priced.map((s) => s.name) },
      unpriced: { series: all.filter((c) => c.summary.valueUsd === null).length, catalogue: catalogue.summary.cardsByPriceStatus.unpriced },
      top: valued(all).sort(byValueDesc).slice(0, TOP).map(briefOf),
      sealed_products: catalogue.sealed.filter((p) => setIds.has(p.entry.set ?? '')).length,
    };
  },
  mentions: (facts) => ({ cards: (facts.top as CardBrief[]).map((c) => c.card_id), sealed: [] }),
};

export default article;
