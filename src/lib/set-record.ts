import type { SetEntry } from '../schemas/set.ts';
import type { CardSummary, History } from './card-record.ts';
import type { PriceStatus } from './price-status.ts';
import type { ValueBand } from './value-bands.ts';

/**
 * The set records: `/api/sets/{setId}` (one set and its cards by value) and
 * `/api/sets` (every set, grouped by series), made from the card summaries the
 * catalogue already holds, so that a set's figures are those of its cards'
 * own files. The JSON, the Markdown twin and the HTML page are all made from them.
 */

/** How many of a set's most valuable cards carry their daily price history (the sparklines of the set page). */
export const SET_TOP_CARDS = 10;

/** A card as a set lists it (schemas/api/set-card.json). */
export interface SetCard {
  id: string;
  name: string;
  slug: string;
  /** The collector number over the set's printed total, as printed on the card: `4/102`. */
  number: string;
  rarity: string;
  valueUsd: number | null;
  priceStatus: PriceStatus;
  valueBand: ValueBand | null;
  /** Daily market prices: only on the SET_TOP_CARDS most valuable cards, where the card has a history. */
  history?: History;
}

/** The most valuable card of a set. */
export interface TopCard {
  id: string;
  name: string;
  slug: string;
  valueUsd: number;
}

/** A set with its figures: an element of `/api/sets` (schemas/api/set-summary.json). */
export interface SetSummary {
  id: string;
  name: string;
  series: string;
  releaseDate: string;
  /** The count printed on the cards (the 102 of 4/102). */
  printedTotal: number;
  /** All cards of the set, secret rares included (from the set list, not counted here). */
  total: number;
  ptcgoCode: string | null;
  /** Cards of the set in the catalogue. */
  cardCount: number;
  /** Cards with a value (priceStatus priced or stale). */
  pricedCardCount: number;
  /** The sum of the priced cards' valueUsd, in dollars (2 decimals); null when no card is priced. */
  totalValueUsd: number | null;
  topCard: TopCard | null;
}

/** `/api/sets/{setId}` (schemas/api/set-detail.json). */
export interface SetDetail extends SetSummary {
  pricesAsOf: string;
  /** Every card of the set, most valuable first, unpriced last. */
  cards: SetCard[];
}

export interface SeriesGroup {
  name: string;
  /** The release date of the series' first set. */
  releaseDate: string;
  sets: SetSummary[];
}

/** `/api/sets` (schemas/api/set-list.json). */
export interface SetList {
  pricesAsOf: string;
  totalSets: number;
  totalCards: number;
  /** Newest series first (by its first set's release), and inside each the newest set first. */
  series: SeriesGroup[];
}

/** What a set's card is made from: its summary and its collector number as content has it (`4`). */
export interface SetCardSource {
  summary: CardSummary;
  number: string;
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Most valuable first, unpriced last; equal values in collector-number order (numbers read as numbers: 2 before 10).
 * @example [{ valueUsd: null }, { valueUsd: 2 }].sort(byValue) // [{ valueUsd: 2 }, { valueUsd: null }] (with numbers and ids)
 */
export function byValue(a: SetCard, b: SetCard): number {
  if (a.valueUsd !== b.valueUsd) {
    if (a.valueUsd === null) return 1;
    if (b.valueUsd === null) return -1;
    return b.valueUsd - a.valueUsd;
  }
  return collator.compare(a.number, b.number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A set's cards as the set lists them, in value order.
 * @example setCardsOf({ printedTotal: 102 }, [{ summary: charizard, number: '4' }])[0].number // "4/102"
 */
export function setCardsOf(set: Pick<SetEntry, 'printedTotal'>, sources: readonly SetCardSource[]): SetCard[] {
  return sources
    .map(({ summary, number }) => ({
      id: summary.id,
      name: summary.name,
      slug: summary.slug,
      number: `${number}/${set.printedTotal}`,
      rarity: summary.rarity,
      valueUsd: summary.valueUsd,
      priceStatus: summary.priceStatus,
      valueBand: summary.valueBand,
    }))
    .sort(byValue);
}

/** The cards (in value order) whose history the set page draws: the first SET_TOP_CARDS that have a value. */
export function topCardsOf(cards: readonly SetCard[]): SetCard[] {
  return cards.filter((c) => c.valueUsd !== null).slice(0, SET_TOP_CARDS);
}

/**
 * The sum of dollar values, added in whole cents so that 0.1 + 0.2 is 0.30.
 * @example sumUsd([0.1, 0.2]) // 0.3
 */
export function sumUsd(values: readonly number[]): number {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
}

/** A set's figures, from its cards in value order. */
export function setToSummary(set: SetEntry, cards: readonly SetCard[]): SetSummary {
  const priced = cards.filter((c): c is SetCard & { valueUsd: number } => c.valueUsd !== null);
  const top = priced[0];
  return {
    id: set.id,
    name: set.name,
    series: set.series,
    releaseDate: set.releaseDate,
    printedTotal: set.printedTotal,
    total: set.total,
    ptcgoCode: set.ptcgoCode ?? null,
    cardCount: cards.length,
    pricedCardCount: priced.length,
    totalValueUsd: priced.length === 0 ? null : sumUsd(priced.map((c) => c.valueUsd)),
    topCard: top ? { id: top.id, name: top.name, slug: top.slug, valueUsd: top.valueUsd } : null,
  };
}

/**
 * The whole record of a set: its figures and its cards, the top ones with the
 * history `historyOf` finds for them (read one card at a time by the build).
 */
export function setToDetail(set: SetEntry, cards: readonly SetCard[], pricesAsOf: string, historyOf: (card: SetCard) => History | undefined): SetDetail {
  const top = new Set(topCardsOf(cards));
  return {
    ...setToSummary(set, cards),
    pricesAsOf,
    cards: cards.map((card) => {
      const history = top.has(card) ? historyOf(card) : undefined;
      return history ? { ...card, history } : card;
    }),
  };
}

/** Newest first by date, then by name (series) or id (sets), so that the order never depends on content order. */
const newestFirst = (a: { date: string; key: string }, b: { date: string; key: string }) =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/**
 * `/api/sets`: every set grouped by series; the newest series first (a series
 * dates from its first set), and inside a series the newest set first.
 */
export function setListOf(summaries: readonly SetSummary[], pricesAsOf: string): SetList {
  const bySeries = new Map<string, SetSummary[]>();
  for (const set of summaries) bySeries.set(set.series, [...(bySeries.get(set.series) ?? []), set]);
  const series: SeriesGroup[] = [...bySeries].map(([name, sets]) => {
    const newest = [...sets].sort((a, b) => newestFirst({ date: a.releaseDate, key: a.id }, { date: b.releaseDate, key: b.id }));
    // The series dates from its first set: the last of the newest-first list.
    return { name, releaseDate: newest[newest.length - 1].releaseDate, sets: newest };
  });
  series.sort((a, b) => newestFirst({ date: a.releaseDate, key: a.name }, { date: b.releaseDate, key: b.name }));
  return {
    pricesAsOf,
    totalSets: summaries.length,
    totalCards: summaries.reduce((n, s) => n + s.cardCount, 0),
    series,
  };
}

/**
 * The set of a card, read from its id (`<setId>-<number>`; a set id has no hyphen), for the link from a
 * card's page to its set's. The build checks it against every card's own set (src/pipeline/set-files.ts).
 * @example setIdOfCard('swsh7-215') // "swsh7"
 */
export function setIdOfCard(cardId: string): string {
  const dash = cardId.indexOf('-');
  return dash === -1 ? cardId : cardId.slice(0, dash);
}
