import { DAILY_DAYS, dailyFromOf } from '../catalogue/price-history.ts';
import { type KnownPrices, priceOn } from '../catalogue/price-on-day.ts';
import type { Steps } from '../catalogue/steps.ts';
import { badParameter, type Problem } from '../http/problem.ts';
import type { CollectionSeries } from '../schemas/api-types.ts';
import { addDays, sundayOnOrAfter } from '../schemas/dates.ts';
import type { HistoryStore } from './history-store.ts';

/**
 * `series`: a list's total over time (/api/collection, /collection, the MCP value_collection tool): on each day of
 * the window, each line valued at its price that day by the one rule (src/catalogue/price-on-day.ts), as `asOf`
 * values it, and how many lines had one: so the last point, on the prices' date, is the list's total today.
 * A point a day where the history policy keeps days (the last 90 to 96: docs/data.md), a point a week (each
 * Sunday, the week's close) before that, as the histories themselves are kept.
 */
export const SERIES_WINDOWS = { '30d': 30, '90d': 90, '1y': 365, '2y': 730 } as const;
export type SeriesWindow = keyof typeof SERIES_WINDOWS;
const WINDOW_NAMES = Object.keys(SERIES_WINDOWS) as SeriesWindow[];

/**
 * The `series` parameter read: absent, a window, or the 400 problem naming it.
 * @example seriesOf(['90d']) // { series: '90d' }
 */
export function seriesOf(given: readonly string[]): { series?: SeriesWindow } | { problem: Problem } {
  if (given.length === 0) return {};
  if (given.length > 1 || !WINDOW_NAMES.includes(given[0] as SeriesWindow)) {
    return { problem: badParameter('series', `series must be one of ${WINDOW_NAMES.join(', ')}, given once.`, WINDOW_NAMES) };
  }
  return { series: given[0] as SeriesWindow };
}

/**
 * The days a series has a point on, ending at `to`: each day of the window where the policy keeps days, each
 * Sunday before that (from the first in the window), and the first daily day.
 * @example seriesDays('30d', '2025-10-20').daily.length // 30
 */
export function seriesDays(window: SeriesWindow, to: string): { weekly: string[]; daily: string[]; dailyFrom: string } {
  const from = addDays(to, 1 - SERIES_WINDOWS[window]);
  const dailyFrom = SERIES_WINDOWS[window] <= DAILY_DAYS ? from : dailyFromOf(to);
  const weekly: string[] = [];
  for (let sunday = sundayOnOrAfter(from); sunday < dailyFrom; sunday = addDays(sunday, 7)) weekly.push(sunday);
  const daily: string[] = [];
  for (let day = dailyFrom; day <= to; day = addDays(day, 1)) daily.push(day);
  return { weekly, daily, dailyFrom };
}

/** What a group of a list's lines that are valued alike counts for: how many lines and items, and its price on a day. */
export interface SeriesSource {
  lines: number;
  quantity: number;
  priceOn(date: string): number | undefined;
}

/**
 * The list's total on each day of the window: the sum of each source's price that day times its quantity, and how
 * many lines had a price; a day on which none had one has no total (null), never zero.
 */
export function* listSeriesSteps(window: SeriesWindow, to: string, sources: readonly SeriesSource[]): Steps<CollectionSeries> {
  const { weekly, daily, dailyFrom } = seriesDays(window, to);
  const points: CollectionSeries['points'] = [];
  // A pause after each day: a day walks every source (a thousand distinct lines of a two-year series: 0.5 ms).
  for (const date of [...weekly, ...daily]) {
    let cents = 0;
    let valuedLines = 0;
    for (const source of sources) {
      const usd = source.priceOn(date);
      if (usd === undefined) continue;
      cents += Math.round(Math.round(usd * 100) * source.quantity);
      valuedLines += source.lines;
    }
    points.push({ date, totalUsd: valuedLines === 0 ? null : cents / 100, valuedLines });
    yield;
  }
  return { window, from: points[0].date, to, dailyFrom, points };
}

/** A history store whose series are decoded once per list: a series asks for the same histories on every day. */
export function rememberingStore(store: HistoryStore): HistoryStore {
  const decoded = new Map<string, KnownPrices | undefined>();
  const once = (key: string, read: () => KnownPrices | undefined) => {
    if (!decoded.has(key)) decoded.set(key, read());
    return decoded.get(key);
  };
  return {
    card: (cardId, printingId) => once(`c${cardId}\u0000${printingId ?? ''}`, () => store.card(cardId, printingId)),
    sealed: (productId) => once(`s${productId}`, () => store.sealed(productId)),
    valuePrinting: (cardId) => store.valuePrinting(cardId),
    size: store.size,
  };
}

/** priceOn's usd, or undefined when nothing is known of the prices. */
export const usdOn = (known: KnownPrices | undefined, date: string): number | undefined => (known ? priceOn(known, date)?.usd : undefined);
