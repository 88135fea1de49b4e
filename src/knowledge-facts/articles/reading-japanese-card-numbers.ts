import { medianUsd, percentOf, roundHundredths } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { japaneseCards, japaneseSets, printedCodeOf } from '../japanese.ts';
import { byValueDesc, type FactsCard, valued } from '../priced-content.ts';

/** A card numbered past its set's printed total: a secret rare, by the numbering alone. */
const isAbovePrintedTotal = (c: FactsCard) => /^\d+$/.test(c.entry.number) && Number(c.entry.number) > c.set.printedTotal;

type Example = { card_id: string; name: string; printed: string; slug: string; valueUsd: number; rarity: string };

/** A card as its number is printed (`217/187`); a promo's, by its code (`SV-P 288`). */
const exampleOf = (c: FactsCard, printed: string): Example => ({
  card_id: c.entry.id,
  name: c.entry.name,
  printed,
  slug: c.summary.slug,
  valueUsd: c.summary.valueUsd!,
  rarity: c.entry.rarity ?? '',
});
const printedNumber = (c: FactsCard) => `${c.entry.number}/${c.set.printedTotal}`;

const article: ArticleFacts = {
  slug: 'reading-japanese-card-numbers',
  reads: 'all',
  facts(catalogue) {
    const cards = japaneseCards(catalogue);
    const bySet = Map.groupBy(cards, (c) => c.entry.set);
    const sets = japaneseSets(catalogue);
    // A set whose printed total is its card count holds no number above it: the promo lists and deck products.
    const numbered = sets.filter((s) => s.printedTotal < s.total);
    const rows = numbered.map((s) => {
      const own = bySet.get(s.id) ?? [];
      const above = own.filter(isAbovePrintedTotal).sort((a, b) => Number(a.entry.number) - Number(b.entry.number));
      const dearest = valued(above).sort(byValueDesc)[0];
      return {
        code: printedCodeOf(catalogue, s),
        name: s.name,
        printed_total: s.printedTotal,
        cards: own.length,
        above: above.length,
        numbers_above: above.length ? `${above[0].entry.number}–${above.at(-1)!.entry.number}` : null,
        dearest_above: dearest ? exampleOf(dearest, printedNumber(dearest)) : null,
      };
    });
    const inNumbered = numbered.flatMap((s) => bySet.get(s.id) ?? []);
    const above = valued(inNumbered.filter(isAbovePrintedTotal));
    const within = valued(inNumbered.filter((c) => !isAbovePrintedTotal(c)));
    const aboveMedian = medianUsd(above.map((c) => c.summary.valueUsd!));
    const withinMedian = medianUsd(within.map((c) => c.summary.valueUsd!));
    const promos = sets
      .filter((s) => s.printedTotal === s.total && /-P$/.test(printedCodeOf(catalogue, s)))
      .map((s) => {
        const code = printedCodeOf(catalogue, s);
        const own = bySet.get(s.id) ?? [];
        const dearest = valued(own).sort(byValueDesc)[0];
        return {
          code,
          name: s.name,
          cards: own.length,
          valued: valued(own).length,
          dearest: dearest ? exampleOf(dearest, `${code} ${dearest.entry.number}`) : null,
        };
      });
    const threeDigits = cards.filter((c) => /^\d{3}$/.test(c.entry.number)).length;
    return {
      prices_as_of: catalogue.pricesAsOf,
      japanese_cards: cards.length,
      three_digit_numbers: { cards: threeDigits, pct: percentOf(threeDigits, cards.length) },
      codes: sets.map((s) => printedCodeOf(catalogue, s)),
      sets_numbered_above: rows.filter((r) => r.above > 0).length,
      cards_above: rows.reduce((n, r) => n + r.above, 0),
      above_valued: { cards: above.length, median_usd: aboveMedian },
      within_valued: { cards: within.length, median_usd: withinMedian },
      above_over_within: aboveMedian !== null && withinMedian ? roundHundredths(aboveMedian / withinMedian) : null,
      rows,
      promos,
    };
  },
  mentions: (facts) => ({
    cards: [
      ...(facts.rows as { dearest_above: Example | null }[]).flatMap((r) => r.dearest_above?.card_id ?? []),
      ...(facts.promos as { dearest: Example | null }[]).flatMap((p) => p.dearest?.card_id ?? []),
    ],
    sealed: [],
  }),
};

export default article;
