import { printingsOf } from '../../catalogue/card-record.ts';
import { medianUsd, percentOf, roundHundredths, sumUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { briefOf, type CardBrief, isChaseOrGrail, valueHistoryOf } from '../new-era.ts';
import { byValueDesc, type FactsCard, medianRatio, medianValue, valued } from '../priced-content.ts';

const SET = 'sv8pt5';
const UMBREON = 'sv8pt5-161';
const SIR = 'Special Illustration Rare';

/** The National Pokédex numbers of Eevee and its eight evolutions, whom the set is built around. */
const EEVEE_FAMILY = [133, 134, 135, 136, 196, 197, 470, 471, 700];

/** How many of the set's most valuable cards the table lists. */
const TOP = 10;

/** The values of one pattern printing (`pokeball`, `masterball`) across a set's cards, with the most valuable. */
function patternOf(cards: readonly FactsCard[], printing: string, pricesAsOf: string) {
  const found = cards.flatMap((c) => {
    const line = printingsOf(c.entry, pricesAsOf).find((p) => p.printing === printing && p.valueUsd !== null);
    return line ? [{ card: c, valueUsd: line.valueUsd! }] : [];
  });
  const best = [...found].sort((a, b) => b.valueUsd - a.valueUsd || byValueDesc(a.card, b.card))[0];
  return {
    cards: found.length,
    median_usd: medianUsd(found.map((f) => f.valueUsd)),
    most_valuable: best ? { ...briefOf(best.card), printing_usd: best.valueUsd } : null,
  };
}

const article: ArticleFacts = {
  slug: 'prismatic-evolutions-values',
  facts(catalogue) {
    const set = catalogue.sets.find((s) => s.id === SET)!;
    const all = catalogue.cards.filter((c) => c.entry.set === SET);
    const cards = valued(all).sort(byValueDesc);
    const sirs = cards.filter((c) => c.entry.rarity === SIR);
    const eevee = sirs.filter((c) => (c.entry.nationalPokedexNumbers ?? []).some((n) => EEVEE_FAMILY.includes(n)));
    const otherSirs = sirs.filter((c) => !eevee.includes(c));
    const sirCounts = catalogue.sets.map((s) => catalogue.cards.filter((c) => c.entry.set === s.id && c.entry.rarity === SIR).length);
    const umbreon = catalogue.card(UMBREON)!;
    const history = valueHistoryOf(umbreon);
    const total = sumUsd(cards.map((c) => c.summary.valueUsd!));
    return {
      prices_as_of: catalogue.pricesAsOf,
      set: { name: set.name, released: set.releaseDate, cards: all.length, valued: cards.length },
      median_usd: medianValue(cards),
      chase_or_grail: cards.filter(isChaseOrGrail).length,
      one_copy_of_each_usd: total,
      special_illustration_rares: {
        cards: all.filter((c) => c.entry.rarity === SIR).length,
        sets_with_more: sirCounts.filter((n) => n > all.filter((c) => c.entry.rarity === SIR).length).length,
        median_usd: medianValue(sirs),
        eevee_family: { cards: eevee.length, median_usd: medianValue(eevee) },
        others: { cards: otherSirs.length, median_usd: medianValue(otherSirs) },
      },
      illustration_rares: all.filter((c) => c.entry.rarity === 'Illustration Rare').length,
      umbreon: {
        number: `${umbreon.entry.number}/${set.printedTotal}`,
        rank_in_set: umbreon.summary.valueUsd === null ? null : cards.indexOf(umbreon) + 1,
        over_median_sir: umbreon.summary.valueUsd === null ? null : roundHundredths(umbreon.summary.valueUsd / medianValue(sirs)!),
        share_of_set_pct: umbreon.summary.valueUsd === null ? null : percentOf(umbreon.summary.valueUsd, total),
        history: history && { start: history.start, end: history.end, low_usd: history.low_usd, high_usd: history.high_usd },
      },
      top: cards.slice(0, TOP).map(briefOf),
      patterns: { pokeball: patternOf(all, 'pokeball', catalogue.pricesAsOf), masterball: patternOf(all, 'masterball', catalogue.pricesAsOf) },
      master_ball_over_card_median: medianRatio(
        all.flatMap((c) => {
          const line = printingsOf(c.entry, catalogue.pricesAsOf).find((p) => p.printing === 'masterball' && p.valueUsd !== null);
          return line && c.summary.valueUsd ? [line.valueUsd! / c.summary.valueUsd] : [];
        }),
      ),
    };
  },
  mentions: (facts) => ({
    cards: [
      UMBREON,
      ...(facts.top as CardBrief[]).map((c) => c.card_id),
      ...['pokeball', 'masterball'].flatMap((p) => (facts.patterns as Record<string, { most_valuable: CardBrief | null }>)[p].most_valuable?.card_id ?? []),
    ],
    sealed: [593355, 593324, 600518, 593294],
  }),
};

export default article;
