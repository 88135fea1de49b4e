import { addDays, daysBetween, isSunday, mondayOnOrBefore, sundayOnOrAfter } from '../schemas/dates.ts';
import { changePctOf } from './money.ts';

/**
 * A price history as content keeps it and the API serves it (src/schemas/common.ts `dailyHistory`): one value per
 * day from `start` to `end`, and the weekly closes before it where there are any (the policy: docs/data.md).
 */
export interface PriceSeries {
  start: string;
  end: string;
  market: readonly (number | null)[];
  weekly?: { start: string; end: string; market: readonly (number | null)[] };
}

/**
 * Daily values from `start` as weekly closes: the last value known each Monday to Sunday (null for a week with
 * none), one per Sunday, and one for the days after the last Sunday, closed at the last day.
 * @example weekCloses('2025-10-18', [1, 2, null, 4]) // [2, 4]: Saturday and Sunday, then Monday to Tuesday
 */
export function weekCloses(start: string, values: readonly (number | null)[]): (number | null)[] {
  const closes: (number | null)[] = [];
  let close: number | null = null;
  values.forEach((value, i) => {
    if (value !== null) close = value;
    if (isSunday(addDays(start, i)) || i === values.length - 1) {
      closes.push(close);
      close = null;
    }
  });
  return closes;
}

/**
 * The history policy (docs/data.md, "Daily prices"): what every served history holds. Daily values for the last
 * DAILY_DAYS days, weekly closes before that, and nothing older than HISTORY_MAX_DAYS days. A series stays bounded
 * (at most 96 daily and 92 weekly values) however long the daily import runs, which keeps the content, the build
 * and each card's JSON from growing year on year. The import folds every history it writes (foldHistory); a list's
 * series (src/collection/list-series.ts) has a point a day where the policy keeps days.
 */

/** Days of daily values kept per series (90 to 96: whole weeks move to `weekly` at once). */
export const DAILY_DAYS = 90;
/** Days a series reaches back at most, weekly closes included: two years, so a year-on-year change has both ends. */
export const HISTORY_MAX_DAYS = 730;

/**
 * The first day the policy keeps daily in a history ending on `end`: the Monday on or before the DAILY_DAYS-th day
 * back, so that whole weeks, Monday to Sunday, move to the weekly closes.
 * @example dailyFromOf('2025-10-20') // '2025-07-21'
 */
export function dailyFromOf(end: string): string {
  return mondayOnOrBefore(addDays(end, 1 - DAILY_DAYS));
}

/** A history the import can change in place: a PriceSeries whose values are its own. */
export interface HistorySeries {
  start: string;
  end: string;
  market: (number | null)[];
  weekly?: { start: string; end: string; market: (number | null)[] };
}

/**
 * Holds a series to the history policy: the days before dailyFromOf(end) become weekly closes, each the last price
 * known that week and dated by its Sunday; weeks that close HISTORY_MAX_DAYS or more before the end, and leading
 * weeks with no price, drop off. Idempotent; changes the series in place and returns it.
 * @example foldHistory({ start: '2025-07-19', end: '2025-10-20', market: Array(94).fill(1) }) // { start: '2025-07-21', …, weekly: { start: '2025-07-20', end: '2025-07-20', market: [1] } }
 */
export function foldHistory<T extends HistorySeries>(series: T): T {
  const keepFrom = dailyFromOf(series.end);
  const moving = daysBetween(series.start, keepFrom);
  if (moving > 0) {
    // The days moved end on the Sunday before keepFrom, so each of their weeks closes on its Sunday.
    const weekly = series.weekly ?? { start: sundayOnOrAfter(series.start), end: '', market: [] };
    weekly.market.push(...weekCloses(series.start, series.market.splice(0, moving)));
    series.weekly = { ...weekly, end: addDays(keepFrom, -1) };
    series.start = keepFrom;
  }
  const weekly = series.weekly;
  if (!weekly) return series;
  const oldest = addDays(series.end, -(HISTORY_MAX_DAYS - 1));
  while (weekly.market.length > 0 && (weekly.start < oldest || weekly.market[0] === null)) {
    weekly.market.shift();
    weekly.start = addDays(weekly.start, 7);
  }
  if (weekly.market.length === 0) delete series.weekly;
  return series;
}

/** The whole span of a history, oldest first: its weekly closes, then its daily values. */
export function historySpan(history: PriceSeries): { from: string; to: string; market: (number | null)[] } {
  return { from: history.weekly?.start ?? history.start, to: history.end, market: [...(history.weekly?.market ?? []), ...history.market] };
}

/**
 * The first and last known prices of a history (its weekly closes dated by their Sundays, then its days), with the
 * day of each, and the change between them in percent with one decimal; null under two known prices. What a chart
 * and a summary say, so that "from … to …" names the days of the prices it gives, not the ends of the span.
 * @example historyChange({ start: '2025-10-18', end: '2025-10-20', market: [null, 10, 11] }) // { first: { date: '2025-10-19', usd: 10 }, last: { date: '2025-10-20', usd: 11 }, changePct: 10 }
 */
export function historyChange(history: PriceSeries): { first: { date: string; usd: number }; last: { date: string; usd: number }; changePct: number } | null {
  const weeks = history.weekly?.market.length ?? 0;
  const { market } = historySpan(history);
  const dateAt = (i: number) => (i < weeks ? addDays(history.weekly!.start, 7 * i) : addDays(history.start, i - weeks));
  const known = (v: number | null): v is number => typeof v === 'number' && Number.isFinite(v);
  const firstAt = market.findIndex(known);
  const lastAt = market.findLastIndex(known);
  if (firstAt < 0 || firstAt === lastAt) return null;
  const [first, last] = [market[firstAt]!, market[lastAt]!];
  return {
    first: { date: dateAt(firstAt), usd: first },
    last: { date: dateAt(lastAt), usd: last },
    changePct: first === 0 ? 0 : changePctOf(first, last),
  };
}

/**
 * A history's values at one spacing over its whole span: its daily values, or, once it has weekly closes, a value
 * a week throughout (the daily values closed by week, the last week at `end`). What the charts and sparklines draw.
 */
export function evenlySpaced(history: PriceSeries): { values: (number | null)[]; daysPerValue: 1 | 7 } {
  if (!history.weekly) return { values: [...history.market], daysPerValue: 1 };
  return { values: [...history.weekly.market, ...weekCloses(history.start, history.market)], daysPerValue: 7 };
}

/**
 * The daily values of the `days` days ending on `end`, oldest first: null for a day with no price, and for a day
 * outside the daily part (before its start, after its end, or in the weekly part, which keeps no day's price).
 * @example dailyWindow({ start: '2025-10-18', end: '2025-10-20', market: [1, null, 3] }, '2025-10-20', 4) // [null, 1, null, 3]
 */
export function dailyWindow(history: PriceSeries, end: string, days: number): (number | null)[] {
  const last = daysBetween(history.start, end);
  return Array.from({ length: days }, (_, i) => history.market[last - days + 1 + i] ?? null);
}
