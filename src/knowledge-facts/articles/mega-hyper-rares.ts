import type { ArticleFacts } from '../article-facts.ts';
import { historySpanOf, megaEvolutionSets, valueHistoryOf } from '../new-era.ts';
import { byValueDesc, type FactsCard, medianRatio, medianValue, valued } from '../priced-content.ts';

const RARITY = 'Mega Hyper Rare';

type OtherCard = { rarity: string; valueUsd: number | null };
type Moves = { first_date: string; first_usd: number; low_usd: number; high_usd: number };
type Row = {
  card_id: string;
  name: string;
  number: string;
  set: string;
  released: string;
  slug: string;
  valueUsd: number | null;
  same_name_in_set: OtherCard[];
  history: Moves | null;
};

function movesOf(c: FactsCard): Moves | null {
  const h = valueHistoryOf(c);
  return h && { first_date: h.first.date, first_usd: h.first.market, low_usd: h.low_usd, high_usd: h.high_usd };
}

const article: ArticleFacts = {
  slug: 'mega-hyper-rares',
  facts(catalogue) {
    const cards = catalogue.cards.filter((c) => c.entry.rarity === RARITY);
    const priced = valued(cards).sort(byValueDesc);
    const unpriced = cards.filter((c) => c.summary.valueUsd === null);
    const setCards = (setId: string) => catalogue.cards.filter((c) => c.entry.set === setId);
    const sameName = (c: FactsCard) => setCards(c.entry.set).filter((o) => o.entry.name === c.entry.name && o !== c);
    const row = (c: FactsCard): Row => ({
      card_id: c.entry.id,
      name: c.entry.name,
      number: `${c.entry.number}/${c.set.printedTotal}`,
      set: c.set.name,
      released: c.set.releaseDate,
      slug: c.summary.slug,
      valueUsd: c.summary.valueUsd,
      same_name_in_set: sameName(c).map((o) => ({ rarity: o.entry.rarity ?? '', valueUsd: o.summary.valueUsd })),
      history: movesOf(c),
    });
    const overSir = priced.flatMap((c) => {
      const sir = valued(sameName(c)).filter((o) => o.entry.rarity === 'Special Illustration Rare');
      return sir.length === 1 ? [c.summary.valueUsd! / sir[0].summary.valueUsd!] : [];
    });
    const setIds = [...new Set(cards.map((c) => c.entry.set))];
    // A set whose last numbers are its Mega Hyper Rares (numbers compared as numbers: 294 after 99).
    const closing = setIds.filter((id) => {
      const own = setCards(id).sort((a, b) => Number.parseInt(a.entry.number, 10) - Number.parseInt(b.entry.number, 10));
      const mhr = own.filter((c) => c.entry.rarity === RARITY).length;
      return own.slice(-mhr).every((c) => c.entry.rarity === RARITY);
    });
    const me = megaEvolutionSets(catalogue);
    return {
      prices_as_of: catalogue.pricesAsOf,
      rarity: RARITY,
      cards: cards.length,
      mega_ex: cards.filter((c) => c.entry.name.startsWith('Mega ') && c.entry.name.endsWith(' ex')).length,
      sets_with_them: setIds.length,
      sets_closing_with_them: closing.length,
      mega_evolution_sets: me.length,
      hyper_rares_in_mega_evolution_sets: catalogue.cards.filter((c) => c.set.series === 'Mega Evolution' && c.entry.rarity === 'Hyper Rare').length,
      priced: priced.length,
      priced_names: priced.map((c) => c.entry.name),
      history_span: historySpanOf(priced),
      median_usd: medianValue(priced),
      unpriced: unpriced.length,
      unpriced_released_after_prices: unpriced.filter((c) => c.set.releaseDate > catalogue.pricesAsOf).length,
      over_special_illustration_rare: { cards: overSir.length, median: medianRatio(overSir) },
      rows: cards.map(row),
    };
  },
  mentions: (facts) => ({ cards: (facts.rows as Row[]).map((r) => r.card_id), sealed: [] }),
};

export default article;
