import { printingsOf } from '../../catalogue/card-record.ts';
import { medianUsd } from '../../catalogue/price-status.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { type FactsCard, medianRatio, ranked } from '../catalogue.ts';
import { briefOf, type CardBrief, cardLink } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

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
  quotes: [
    {
      in: 'answer',
      text: "They are extra printings of the {rarities|list} cards of {sets|list}, each priced apart from the card: on {prices_as_of} a Poké Ball printing is worth a median {all.pokeball.median_usd|usd}, {all.pokeball.over_reverse_holo|x} times the same card's reverse holo, and a Master Ball printing a median {all.masterball.median_usd|usd}, {all.masterball.over_reverse_holo|x} times the reverse holo; the card's own value stays its primary printing's.",
    },
    {
      in: 'body',
      text: 'The {rarities|list} cards of {sets|list} were printed with a Poké Ball pattern, and many with a Master Ball pattern, besides their other printings.',
    },
    { in: 'body', text: '## What they are worth (TCGplayer market, {prices_as_of})' },
    {
      in: 'body',
      header: "| Set | Printing | Cards | Median value | Times the reverse holo | Times the card's value |",
      rows: ({ facts }) =>
        Object.entries(facts.by_set as Record<string, Record<Pattern, Row>>).flatMap(([set, rows]) =>
          (Object.keys(PATTERNS) as Pattern[]).flatMap((p) =>
            rows[p].cards === 0
              ? []
              : [
                  [
                    set,
                    PATTERNS[p],
                    count(rows[p].cards),
                    rows[p].median_usd === null ? 'none' : usd(rows[p].median_usd!),
                    rows[p].over_reverse_holo === null ? 'none' : `${rows[p].over_reverse_holo!.toFixed(1)}×`,
                    rows[p].over_card_value === null ? 'none' : `${rows[p].over_card_value!.toFixed(1)}×`,
                  ],
                ],
          ),
        ),
    },
    {
      in: 'body',
      text: 'Where a card has both, its Master Ball printing is worth a median {master_over_poke_ball.median|x} times its Poké Ball printing ({master_over_poke_ball.cards|n} cards).',
    },
    { in: 'body', text: 'The {top_count|n} most valuable Master Ball printings:' },
    {
      in: 'body',
      text: 'The cheapest Master Ball printing is worth {cheapest_master_ball_usd|usd} and the dearest {top_master_ball.0.printing_usd|usd}:',
    },
    {
      in: 'body',
      header: "| Card | Set | Rarity | Master Ball printing | The card's value |",
      rows: ({ facts }) =>
        (facts.top_master_ball as TopRow[]).map((r) => [cardLink(r), r.set, r.rarity, usd(r.printing_usd), r.valueUsd === null ? 'unpriced' : usd(r.valueUsd)]),
    },
    {
      in: 'body',
      text: '{sold_as_one_product.cards|n} cards of {sold_as_one_product.sets|list} have one TCGplayer product for both patterns; that printing is `masterball/pokeball`, and the figures above leave it out.',
    },
  ],
  mentions: (facts) => ({ cards: (facts.top_master_ball as TopRow[]).map((r) => r.card_id), sealed: [] }),
};

export default article;
