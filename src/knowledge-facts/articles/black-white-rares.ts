import { percentOf, roundHundredths, sumUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, type FactsCard, medianRatio, medianValue, valued } from '../priced-content.ts';

const RARITY = 'Black White Rare';

type OtherCard = { rarity: string; valueUsd: number | null };
type Row = {
  card_id: string;
  name: string;
  exact_name: string;
  set: string;
  slug: string;
  valueUsd: number | null;
  rank_in_set: number | null;
  over_special_illustration_rare: number | null;
  same_name_in_set: OtherCard[];
};

const article: ArticleFacts = {
  slug: 'black-white-rares',
  facts(catalogue) {
    const cards = catalogue.cards.filter((c) => c.entry.rarity === RARITY);
    const setIds = [...new Set(cards.map((c) => c.entry.set))];
    const setCards = (setId: string) => valued(catalogue.cards.filter((c) => c.entry.set === setId)).sort(byValueDesc);
    const row = (c: FactsCard): Row => {
      const own = setCards(c.entry.set);
      const others = catalogue.cards.filter((o) => o.entry.set === c.entry.set && o.entry.name === c.entry.name && o !== c);
      const sir = others.filter((o) => o.entry.rarity === 'Special Illustration Rare' && o.summary.valueUsd !== null);
      return {
        card_id: c.entry.id,
        name: c.entry.name,
        exact_name: c.summary.exactName,
        set: c.set.name,
        slug: c.summary.slug,
        valueUsd: c.summary.valueUsd,
        rank_in_set: c.summary.valueUsd === null ? null : own.indexOf(c) + 1,
        over_special_illustration_rare: sir.length === 1 && c.summary.valueUsd !== null ? roundHundredths(c.summary.valueUsd / sir[0].summary.valueUsd!) : null,
        same_name_in_set: others.map((o) => ({ rarity: o.entry.rarity ?? '', valueUsd: o.summary.valueUsd })),
      };
    };
    const priced = valued(cards).sort(byValueDesc);
    const ratios = cards.map(row).flatMap((r) => r.over_special_illustration_rare ?? []);
    return {
      prices_as_of: catalogue.pricesAsOf,
      rarity: RARITY,
      sets: setIds.map((id) => catalogue.sets.find((s) => s.id === id)!.name),
      cards: cards.length,
      exact_names: cards.map((c) => c.summary.exactName),
      names: [...new Set(cards.map((c) => c.entry.name))],
      priced: priced.length,
      median_usd: medianValue(priced),
      min_usd: priced.at(-1)?.summary.valueUsd ?? null,
      max_usd: priced[0]?.summary.valueUsd ?? null,
      over_special_illustration_rare: { cards: ratios.length, median: medianRatio(ratios) },
      lowest_rank_in_set: Math.max(0, ...cards.map(row).flatMap((r) => r.rank_in_set ?? [])),
      rows: [...priced, ...cards.filter((c) => c.summary.valueUsd === null)].map(row),
      by_set: Object.fromEntries(
        setIds.map((id) => {
          const own = setCards(id);
          const set = sumUsd(own.map((c) => c.summary.valueUsd!));
          const bwr = sumUsd(own.filter((c) => c.entry.rarity === RARITY).map((c) => c.summary.valueUsd!));
          return [
            catalogue.sets.find((s) => s.id === id)!.name,
            {
              released: catalogue.sets.find((s) => s.id === id)!.releaseDate,
              black_white_rares: own.filter((c) => c.entry.rarity === RARITY).length,
              cards_with_value: own.length,
              set_usd: set,
              black_white_rares_usd: bwr,
              share_pct: percentOf(bwr, set),
            },
          ];
        }),
      ),
    };
  },
  mentions: (facts) => ({ cards: (facts.rows as Row[]).map((r) => r.card_id), sealed: [] }),
};

export default article;
