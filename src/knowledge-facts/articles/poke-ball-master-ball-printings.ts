import { printingsOf } from '../../catalogue/card-record.ts';
import { medianUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { briefOf, type CardBrief } from '../new-era.ts';
import { type FactsCard, medianRatio, ranked } from '../priced-content.ts';

/** The two patterns, as content's price lines name their printing. */
const PATTERNS = { pokeball: 'Poké Ball', masterball: 'Master Ball' } as const;
type Pattern = keyof typeof PATTERNS;

/** How many of the most valuable Master Ball printings the table lists. */
const TOP = 8;

type Found = { card: FactsCard; pattern: Pattern; valueUsd: number; reverseUsd: number | null };
type Row = { cards: number; median_usd: number | null; over_reverse_holo: number | null; over_card_value: number | null };
type TopRow = CardBrief & { printing_usd: number };

/** Every priced pattern printing of the catalogue, with the card's plain reverse holo beside it. */
function patternPrintings(cards: readonly FactsCard[], pricesAsOf: string): Found[] {
  const isPattern = (printing: string | null) => printing === 'pokeball' || printing === 'masterball';
  return cards.flatMap((card) => {
    if (!card.entry.prices.some((p) => isPattern(p.printing))) return [];
    const printings = printingsOf(card.entry, pricesAsOf);
    const reverse = printings.find((p) => p.variant === 'reverseHolofoil' && p.printing === null)?.valueUsd ?? null;
    return printings.flatMap((p) =>
      (p.printing === 'pokeball' || p.printing === 'masterball') && p.valueUsd !== null
        ? [{ card, pattern: p.printing as Pattern, valueUsd: p.valueUsd, reverseUsd: reverse }]
        : [],
    );
  });
}

function rowOf(found: readonly Found[]): Row {
  return {
    cards: found.length,
    median_usd: medianUsd(found.map((f) => f.valueUsd)),
    over_reverse_holo: medianRatio(found.flatMap((f) => (f.reverseUsd ? [f.valueUsd / f.reverseUsd] : []))),
    over_card_value: medianRatio(found.flatMap((f) => (f.card.summary.valueUsd ? [f.valueUsd / f.card.summary.valueUsd] : []))),
  };
}

const article: ArticleFacts = {
  slug: 'poke-ball-master-ball-printings',
  facts(catalogue) {
    const found = patternPrintings(catalogue.cards, catalogue.pricesAsOf);
    // The sets in content's order (release order).
    const setIds = catalogue.sets.map((s) => s.id).filter((id) => found.some((f) => f.card.entry.set === id));
    const ofSet = (id: string) => found.filter((f) => f.card.entry.set === id);
    const both = new Map<string, Partial<Record<Pattern, number>>>();
    for (const f of found) both.set(f.card.entry.id, { ...both.get(f.card.entry.id), [f.pattern]: f.valueUsd });
    const masterOverPoke = [...both.values()].flatMap((v) => (v.masterball && v.pokeball ? [v.masterball / v.pokeball] : []));
    const sold = catalogue.cards.filter((c) => c.entry.prices.some((p) => p.printing === 'masterball/pokeball'));
    const master = found.filter((f) => f.pattern === 'masterball').sort((a, b) => b.valueUsd - a.valueUsd || (a.card.entry.id < b.card.entry.id ? -1 : 1));
    return {
      prices_as_of: catalogue.pricesAsOf,
      sets: setIds.map((id) => catalogue.sets.find((s) => s.id === id)!.name),
      by_set: Object.fromEntries(
        setIds.map((id) => [
          catalogue.sets.find((s) => s.id === id)!.name,
          Object.fromEntries((Object.keys(PATTERNS) as Pattern[]).map((p) => [p, rowOf(ofSet(id).filter((f) => f.pattern === p))])),
        ]),
      ),
      all: Object.fromEntries((Object.keys(PATTERNS) as Pattern[]).map((p) => [p, rowOf(found.filter((f) => f.pattern === p))])),
      rarities: ranked(found, (f) => f.card.entry.rarity ?? '(none)').map(([rarity]) => rarity),
      master_over_poke_ball: { cards: masterOverPoke.length, median: medianRatio(masterOverPoke) },
      cheapest_master_ball_usd: master.at(-1)?.valueUsd ?? null,
      sold_as_one_product: { cards: sold.length, sets: [...new Set(sold.map((c) => c.set.name))] },
      top_count: Math.min(TOP, master.length),
      top_master_ball: master.slice(0, TOP).map((f): TopRow => ({ ...briefOf(f.card), printing_usd: f.valueUsd })),
    };
  },
  mentions: (facts) => ({ cards: (facts.top_master_ball as TopRow[]).map((r) => r.card_id), sealed: [] }),
};

export default article;
