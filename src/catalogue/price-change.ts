import { dateOfDay, dayOf } from '../schemas/dates.ts';
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
 * A history's dates as day numbers, read once for all the windows a record asks of it (changesOver): a build reads
 * some 30k histories, and parsing dates was most of the cost.
 */
interface Days {
  start: number;
  end: number;
  from: number;
  weekly?: { start: number; end: number };
}
function daysOf(history: PriceSeries): Days {
  const days: Days = { start: dayOf(history.start), end: dayOf(history.end), from: dayOf(historyFrom(history)) };
  if (history.weekly) days.weekly = { start: dayOf(history.weekly.start), end: dayOf(history.weekly.end) };
  return days;
}

/**
 * The price on `date`: the last one known in the week ending that day. In the daily part that is the last known
 * day of the week; in the weekly part it is the close of the week that ends on the Sunday on or before `date`
 * (dated by that Sunday). Undefined when nothing was known that week, or `date` is outside the history.
 * @example priceOn({ start: '2025-10-01', end: '2025-10-03', market: [1, null, null] }, '2025-10-03') // { date: '2025-10-01', usd: 1 }
 */
export function priceOn(history: PriceSeries, date: string): PricePoint | undefined {
  return priceOnDay(history, daysOf(history), dayOf(date));
}

function priceOnDay(history: PriceSeries, days: Days, day: number): PricePoint | undefined {
  if (day > days.end || day < days.from) return undefined;
  const earliest = day + 1 - PRICE_LOOKBACK_DAYS;
  if (day >= days.start) {
    for (let i = day - days.start; i >= 0 && i >= earliest - days.start; i--) {
      const usd = history.market[i];
      if (typeof usd === 'number') return { date: dateOfDay(days.start + i), usd };
    }
    // Nothing in the daily days of that week: the week may have begun in the weekly part, whose last close is the
    // day before the daily start.
    if (!days.weekly || days.weekly.end < earliest) return undefined;
    return weeklyClose(history, days.weekly, days.weekly.end);
  }
  if (!days.weekly) return undefined;
  // Day 0, 1970-01-01, was a Thursday: a day's weekday (0 Sunday) is (day + 4) mod 7.
  return weeklyClose(history, days.weekly, day - ((((day + 4) % 7) + 7) % 7));
}

function weeklyClose(history: PriceSeries, weekly: NonNullable<Days['weekly']>, sunday: number): PricePoint | undefined {
  const usd = history.weekly!.market[(sunday - weekly.start) / 7];
  return typeof usd === 'number' ? { date: dateOfDay(sunday), usd } : undefined;
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
  return changesOver(history, [days], end)[0];
}

/**
 * The change over each of several windows ending on `end`, as changeOver gives each: the history read once.
 * @example changesOver(history, CHANGE_WINDOW_DAYS).map((c) => c.days) // [7, 30, 90, 365]
 */
export function changesOver(history: PriceSeries, windows: readonly number[], end = history.end): PriceChange[] {
  const known = daysOf(history);
  const endDay = end === history.end ? known.end : dayOf(end);
  const to = priceOnDay(history, known, endDay);
  return windows.map((days) => changeTo(history, known, days, endDay, to));
}

/**
 * The change over `days` days ending on each day a change can be read for, from the history's first readable day
 * (historyFrom) + days − 1 to its last, as changeOver gives each: the history's dates read once, for the feeds, which
 * ask every day of a history (a set's two-year histories, some 200 cards × 700 days).
 * @example changeOverEachDay(history, 7)[0] // changeOver(history, 7, addDays(historyFrom(history), 6))
 */
export function changeOverEachDay(history: PriceSeries, days: number): PriceChange[] {
  const known = daysOf(history);
  // Each day's price read once: a day ends one window and starts another.
  const prices: (PricePoint | undefined)[] = [];
  for (let day = known.from; day <= known.end; day++) prices.push(priceOnDay(history, known, day));
  const changes: PriceChange[] = [];
  for (let end = known.from + days - 1; end <= known.end; end++) {
    const to = prices[end - known.from];
    changes.push(to ? changeFrom(days, prices[end + 1 - days - known.from], to) : { days, reason: 'no-price-now' });
  }
  return changes;
}

function changeTo(history: PriceSeries, known: Days, days: number, endDay: number, to: PricePoint | undefined): PriceChange {
  if (!to) return { days, reason: 'no-price-now' };
  const fromDay = endDay + 1 - days;
  if (fromDay < known.from) return { days, reason: 'history-too-short' };
  return changeFrom(days, priceOnDay(history, known, fromDay), to);
}

/** The change from the price on a window's first day to the price on its last. */
function changeFrom(days: number, from: PricePoint | undefined, to: PricePoint): PriceChange {
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
