import { type CardSummary, cardToSummary } from '../catalogue/card-record.ts';
import { type ContentCatalogue, pricesAsOfOf } from '../catalogue/catalogue-changes.ts';
import { COMPS_SCOPES } from '../catalogue/comps.ts';
import { contentSummaryOf } from '../catalogue/content-summary.ts';
import { medianUsd } from '../catalogue/money.ts';
import { knownPricesOf, priceOn } from '../catalogue/price-on-day.ts';
import type { PriceStatus } from '../catalogue/price-status.ts';
import { type SealedSummary, sealedToDetail } from '../catalogue/sealed-record.ts';
import { VALUE_BAND_IDS, type ValueBand } from '../catalogue/value-bands.ts';
import type { CardEntry } from '../schemas/card.ts';
import { addDays, sundayOnOrAfter } from '../schemas/dates.ts';
import type { SealedEntry } from '../schemas/sealed.ts';
import type { SetEntry } from '../schemas/set.ts';

/**
 * The content as the articles' figures see it, priced: every card and sealed product with the summary the API serves
 * for it (value, band, price status from src/catalogue/card-record.ts and sealed-record.ts, as of the newest price
 * date), so a figure an article states is the one a client can count in the API's answers.
 */
export interface PricedContent {
  pricesAsOf: string;
  /** content/sets.json, in its order (release order). */
  sets: SetEntry[];
  cards: FactsCard[];
  sealed: { entry: SealedEntry; summary: SealedSummary }[];
  /** What /api/content says of the catalogue: counts by band and price status, the median card. */
  summary: ReturnType<typeof contentSummaryOf>;
  card(id: string): FactsCard | undefined;
}

export interface FactsCard {
  entry: CardEntry;
  set: SetEntry;
  summary: CardSummary;
}

/**
 * @example pricedContentOf({ sets, cards, sealed }).summary.cardsByBand.grail // 68
 */
export function pricedContentOf(content: ContentCatalogue): PricedContent {
  const pricesAsOf = pricesAsOfOf(content.cards, content.sealed);
  const setById = new Map(content.sets.map((s) => [s.id, s]));
  const cards = content.cards.map((entry) => {
    const set = setById.get(entry.set);
    if (!set) throw new Error(`card ${entry.id} names set "${entry.set}", which content/sets.json does not hold`);
    return { entry, set, summary: cardToSummary(entry, set, pricesAsOf) };
  });
  return withCards(content, pricesAsOf, cards);
}

/**
 * The English part of a priced catalogue, as pricedContentOf(englishContentOf(content)) gives it: its cards'
 * summaries are the whole's when the English part's newest price date is the whole's (pricing every card takes
 * seconds), else priced again, since a card's price status is as of that date.
 */
export function englishPartOf(whole: PricedContent, content: ContentCatalogue): PricedContent {
  const english = englishContentOf(content);
  const pricesAsOf = pricesAsOfOf(english.cards, english.sealed);
  if (pricesAsOf !== whole.pricesAsOf) return pricedContentOf(english);
  return withCards(
    english,
    pricesAsOf,
    whole.cards.filter((c) => c.entry.language === 'en'),
  );
}

function withCards(content: ContentCatalogue, pricesAsOf: string, cards: FactsCard[]): PricedContent {
  const details = content.sealed.map((entry) => sealedToDetail(entry, pricesAsOf));
  const byId = new Map(cards.map((c) => [c.entry.id, c]));
  return {
    pricesAsOf,
    sets: content.sets,
    cards,
    sealed: content.sealed.map((entry, i) => ({ entry, summary: details[i] })),
    summary: contentSummaryOf(
      cards.map((c) => c.summary),
      details,
      0,
      pricesAsOf,
      pricesAsOf,
    ),
    card: (id) => byId.get(id),
  };
}

/**
 * The English sets and cards of the content, with every sealed product (all English). The articles were written of
 * the English catalogue, and their figures stay of it: a Japanese print is another market (TCGplayer's "Pokemon
 * Japan"), whose figures the articles on Japanese cards state (ArticleFacts.reads `all`, ./japanese.ts). The README
 * counts every card.
 */
export function englishContentOf(content: ContentCatalogue): ContentCatalogue {
  return { ...content, sets: content.sets.filter((s) => s.language === 'en'), cards: content.cards.filter((c) => c.language === 'en') };
}

/** The cards that have a value (priced or stale: a stale card keeps its value and band). */
export const valued = (cards: readonly FactsCard[]) => cards.filter((c) => c.summary.valueUsd !== null);

/** Counts by band, every band named (zero included), top band first. */
export function bandCounts(cards: readonly { summary: { valueBand: ValueBand | null } }[]): Record<ValueBand, number> {
  const counts = Object.fromEntries(VALUE_BAND_IDS.map((b) => [b, 0])) as Record<ValueBand, number>;
  for (const { summary } of cards) if (summary.valueBand) counts[summary.valueBand]++;
  return counts;
}

/** Counts by price status, in the order the API lists them. */
export function statusCounts(items: readonly { summary: { priceStatus: PriceStatus } }[]): Record<PriceStatus, number> {
  const counts: Record<PriceStatus, number> = { priced: 0, stale: 0, unpriced: 0 };
  for (const { summary } of items) counts[summary.priceStatus]++;
  return counts;
}

/** The median value of cards with a value, in dollars and cents (null for none). */
export const medianValue = (cards: readonly FactsCard[]) => medianUsd(valued(cards).map((c) => c.summary.valueUsd!));

/** Most valuable first; equal values by id, so the order never depends on the files' order. */
export function byValueDesc(a: FactsCard, b: FactsCard): number {
  return b.summary.valueUsd! - a.summary.valueUsd! || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0);
}

/** `[{card_id, valueUsd}]` of the `n` most valuable cards of `cards`. */
export const topCards = (cards: readonly FactsCard[], n: number) =>
  valued(cards)
    .sort(byValueDesc)
    .slice(0, n)
    .map((c) => ({ card_id: c.entry.id, valueUsd: c.summary.valueUsd! }));

/** Counts of a key over items, most frequent first, equal counts by key. */
export function ranked<T>(items: readonly T[], keyOf: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * The same as a mapping. Only for keys that are not numbers: JavaScript puts a key such as "151" (a set's name)
 * first whatever the order it was added in.
 */
export const tally = <T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> => Object.fromEntries(ranked(items, keyOf));

/**
 * A tally with the keys an article quotes always there (0 when no item has them, last): a price move that
 * empties one must change the figure, not stop the daily job on a quote with nothing to write.
 * @example tallyOf(grails, rarityOf, ['Rare Shining']) // {..., "Rare Shining": 0} once no shining card is a grail
 */
export function tallyOf<T>(items: readonly T[], keyOf: (item: T) => string, quoted: readonly string[]): Record<string, number> {
  const counts = tally(items, keyOf);
  for (const key of quoted) counts[key] ??= 0;
  return counts;
}

/** The eras the articles compare, by set id: the comps' vintage and modern scopes, and what lies between. */
export type Era = 'vintage' | 'between' | 'modern';
export const ERAS: readonly Era[] = ['vintage', 'between', 'modern'];
export const eraOf = (setId: string): Era => (COMPS_SCOPES.vintage(setId) ? 'vintage' : COMPS_SCOPES.modern(setId) ? 'modern' : 'between');

/** The median of ratios (one price over another), to two decimals; null for none. */
export const medianRatio = (ratios: readonly number[]) => medianUsd(ratios);

/** A price history as content keeps it: daily values from `start`, and the weekly closes before them. */
export type History = NonNullable<SealedEntry['history']>;

/**
 * A history's first known price and its date: its first weekly close with a value (dated by its Sunday), else its
 * first day with one; null when it has none.
 */
export function firstPriceOf(h: History): { date: string; market: number } | null {
  const week = h.weekly?.market.findIndex((v) => v !== null) ?? -1;
  if (week >= 0) return { date: addDays(h.weekly!.start, 7 * week), market: h.weekly!.market[week]! };
  const day = h.market.findIndex((v) => v !== null);
  return day >= 0 ? { date: addDays(h.start, day), market: h.market[day]! } : null;
}

/**
 * A sealed product's price in the week of a day (Monday to Sunday), as the articles compare weeks ("at release" is
 * the release week's close): its price on the Sunday that ends the week, by the one rule every value through time
 * follows (src/catalogue/price-on-day.ts), so it is what `/api/collection?asOf=` answers for that Sunday; null when
 * none was known that week.
 * @example weekPriceOf(product, '2024-08-15') // its price on Sunday 2024-08-18, or null
 */
export function weekPriceOf(product: Pick<SealedEntry, 'price' | 'history'>, date: string): number | null {
  return priceOn(knownPricesOf(product.price, product.history), sundayOnOrAfter(date))?.usd ?? null;
}
