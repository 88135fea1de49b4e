import { addDays, daysBetween } from '../schemas/dates.ts';
import type { PriceSeries } from './price-history.ts';
import { roundUsd } from './price-status.ts';

/**
 * A value through time, read from a price history (its daily days, then its weekly closes before them): the price
 * on a day, and the change over a window. Everything that says what a value was or how it moved (the records'
 * change fields, the movers, a collection as of a date or over time, the feeds) asks here, so that they agree.
 */

/** The windows a change is given over, in days, shortest first. */
export const CHANGE_WINDOW_DAYS = [7, 30, 90, 365] as const;
export type ChangeWindowDays = (typeof CHANGE_WINDOW_DAYS)[number];

/**
 * A price counts as the price on a day when it was known in the week ending that day: the marketplace skips
 * days, and a weekly close (the last price of a Monday to Sunday) is all the history keeps of older weeks.
 */
export const PRICE_LOOKBACK_DAYS = 7;

/** A price and the day it was known, which is on or before the day asked for and at most a week before it. */
export interface PricePoint {
  date: string;
  usd: number;
}

/**
 * The first day a price can be read for: the first weekly close's Sunday (a day before it would need the close of
 * the week before), or the first daily day.
 */
export function historyFrom(history: PriceSeries): string {
  return history.weekly?.start ?? history.start;
}

/**
 * The price on `date`: the last one known in the week ending that day. In the daily part that is the last known
 * day of the week; in the weekly part it is the close of the week that ends on the Sunday on or before `date`
 * (dated by that Sunday). Undefined when nothing was known that week, or `date` is outside the history.
 * @example priceOn({ start: '2025-10-01', end: '2025-10-03', market: [1, null, null] }, '2025-10-03') // { date: '2025-10-01', usd: 1 }
 */
export function priceOn(history: PriceSeries, date: string): PricePoint | undefined {
  if (date > history.end || date < historyFrom(history)) return undefined;
  const earliest = addDays(date, 1 - PRICE_LOOKBACK_DAYS);
  if (date >= history.start) {
    for (let day = daysBetween(history.start, date); day >= 0 && day >= daysBetween(history.start, earliest); day--) {
      const usd = history.market[day];
      if (typeof usd === 'number') return { date: addDays(history.start, day), usd };
    }
    // Nothing in the daily days of that week: the week may have begun in the weekly part, whose last close is the
    // day before the daily start.
    if (!history.weekly || history.weekly.end < earliest) return undefined;
    return weeklyClose(history.weekly, history.weekly.end);
  }
  if (!history.weekly) return undefined;
  return weeklyClose(history.weekly, addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay()));
}

function weeklyClose(weekly: NonNullable<PriceSeries['weekly']>, sunday: string): PricePoint | undefined {
  const usd = weekly.market[daysBetween(weekly.start, sunday) / 7];
  return typeof usd === 'number' ? { date: sunday, usd } : undefined;
}

/** Why a window has no change: its start is before the history, no price was known then, or none is known now. */
export type NoChangeReason = 'history-too-short' | 'no-price-then' | 'no-price-now';

/** A value's move over a window: the `days` days ending on the history's last day (or the day asked for). */
export type PriceChange = { days: number; from: PricePoint; to: PricePoint; changeUsd: number; changePct: number } | { days: number; reason: NoChangeReason };

/**
 * The change over the `days` days ending on `end` (the history's last day by default), as the movers count a
 * window: from the price on its first day (`end − days + 1`) to the price on its last, each read by priceOn, so a
 * 30-day history gives a 30-day change. The percentage has one decimal; from a price of $0 there is none.
 * @example changeOver(history, 30) // { days: 30, from: { date: '2025-09-21', usd: 10 }, to: { date: '2025-10-20', usd: 12 }, changeUsd: 2, changePct: 20 }
 */
export function changeOver(history: PriceSeries, days: number, end = history.end): PriceChange {
  const to = priceOn(history, end);
  if (!to) return { days, reason: 'no-price-now' };
  const fromDay = addDays(end, 1 - days);
  if (fromDay < historyFrom(history)) return { days, reason: 'history-too-short' };
  const from = priceOn(history, fromDay);
  if (!from || from.usd <= 0) return { days, reason: 'no-price-then' };
  const fromUsd = roundUsd(from.usd);
  const toUsd = roundUsd(to.usd);
  return {
    days,
    from: { date: from.date, usd: fromUsd },
    to: { date: to.date, usd: toUsd },
    changeUsd: roundUsd(toUsd - fromUsd),
    // `|| 0`: a fall under a twentieth of a percent rounds to -0, which JSON writes as 0.
    changePct: Math.round(((toUsd - fromUsd) / fromUsd) * 1000) / 10 || 0,
  };
}

/** Why a window has no change, in words (the Markdown and the pages say it). */
export function noChangeWords(reason: NoChangeReason, history: PriceSeries | undefined): string {
  if (reason === 'history-too-short') return history ? `the price history starts ${historyFrom(history)}` : 'no price history';
  if (reason === 'no-price-then') return 'no price was known then';
  return 'no price is known now';
}
