import { dateOfDay, dayOf } from '../schemas/dates.ts';
import { CHANGE_WINDOW_DAYS, type ChangeWindowDays, changeOverEachDay } from './price-change.ts';
import { type KnownPrices, type PricePoint, pricesFrom } from './price-on-day.ts';

/**
 * Price alerts, what the feeds serve (docs/api.md#feeds): the days on which a value's change over a window first
 * reaches a threshold. The change is changeOver's (price-change.ts), so an alert says what the record's `change`
 * field said that day.
 */

/** The windows a feed may watch, by the name `window=` takes: the records' change windows, `7d` … `365d`. */
export const ALERT_WINDOWS = Object.fromEntries(CHANGE_WINDOW_DAYS.map((days) => [`${days}d`, days])) as {
  readonly [Days in ChangeWindowDays as `${Days}d`]: Days;
};
export type AlertWindow = keyof typeof ALERT_WINDOWS;
/** A window's length in days. */
export type AlertDays = (typeof ALERT_WINDOWS)[AlertWindow];
export const DEFAULT_ALERT_WINDOW: AlertWindow = '7d';
/** The threshold, in percent, when `threshold=` is not given; and the largest one accepted. */
export const DEFAULT_ALERT_THRESHOLD = 10;
export const MAX_ALERT_THRESHOLD = 1000;
/** The most items a feed holds, newest first. */
export const MAX_ALERT_ITEMS = 50;

/** One crossing: the change over `days` days ending on `date` reached the threshold in `direction`. */
export interface PriceAlert {
  /** The day the change first reached the threshold, after a day on which it did not. */
  date: string;
  direction: 'up' | 'down';
  days: AlertDays;
  from: PricePoint;
  to: PricePoint;
  changeUsd: number;
  changePct: number;
}

/**
 * The crossings of a history, newest first: each day on which the change over `days` days ending that day
 * (changeOver) is at least `thresholdPct` up or down, when the day before it was not past the threshold in that
 * direction (no change that day, a smaller one, or one the other way). A move that stays past the threshold is
 * one alert, on its first day; a move that falls back and reaches it again is another. Days are read from the
 * first readable day to the last day anything is known of, weekly part included (where a change moves once a week).
 * @example priceAlerts({ history: { start: '2025-10-01', end: '2025-10-08', market: [10, 10, 10, 10, 10, 10, 10, 12] } }, 7, 10) // [{ date: '2025-10-08', direction: 'up', changePct: 20, … }]
 */
export function priceAlerts(known: KnownPrices, days: AlertDays, thresholdPct: number): PriceAlert[] {
  const alerts: PriceAlert[] = [];
  const from = pricesFrom(known);
  if (from === undefined) return alerts;
  const first = dayOf(from) + days - 1;
  let before: PriceAlert['direction'] | undefined;
  for (const [i, change] of changeOverEachDay(known, days).entries()) {
    const direction = !('changePct' in change) ? undefined : change.changePct >= thresholdPct ? 'up' : change.changePct <= -thresholdPct ? 'down' : undefined;
    if (direction && 'changePct' in change && direction !== before) {
      alerts.push({ date: dateOfDay(first + i), direction, days, from: change.from, to: change.to, changeUsd: change.changeUsd, changePct: change.changePct });
    }
    before = direction;
  }
  return alerts.reverse();
}

/**
 * Several items' alerts merged, newest first (ties by the order of `lists`), at most `limit`.
 * @example newestAlerts([[a], [b]], 50)
 */
export function newestAlerts<T extends { alert: PriceAlert }>(lists: readonly T[][], limit = MAX_ALERT_ITEMS): T[] {
  return lists
    .flat()
    .sort((a, b) => (a.alert.date < b.alert.date ? 1 : a.alert.date > b.alert.date ? -1 : 0))
    .slice(0, limit);
}
