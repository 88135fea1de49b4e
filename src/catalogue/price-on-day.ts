import { dateOfDay, dayOf } from '../schemas/dates.ts';
import type { PriceSeries } from './price-history.ts';

/**
 * The one rule for the price of a card's printing or a sealed product on a day. Everything that says what a value
 * was asks here (the records' change fields, the movers, the feeds, a list as of a date or over time, the
 * articles' figures), so that they agree, and so that no value depends on whether a date was asked for: on the
 * prices' date, the price of an item is its value today.
 *
 * What is known of an item's price is its latest record (its market price and the day it was recorded: what its
 * value is today) and its history, when one is kept (daily days, and weekly closes before them). Its price on a day:
 *
 * - on or after the day of its latest record, that record's price (none when it recorded none): a price stands
 *   until a newer one is recorded, as the record's value does (its age is its price status and confidence);
 * - before that day, the last price its history knew in the week ending that day: in the daily part the last known
 *   day of that week, in the weekly part the close of the week ending on the Sunday on or before that day (dated by
 *   that Sunday). The marketplace skips days, and a weekly close is all the history keeps of older weeks.
 *
 * Nothing else: an item with no history had no price before its latest record, and no item is ever valued at
 * another's price (a printing at its card's other printing).
 */

/** A price and the day it was known. */
export interface PricePoint {
  date: string;
  usd: number;
}

/** An item's latest record: the day it was recorded and its market price then, null when the marketplace had none. */
export interface LatestPrice {
  date: string;
  usd: number | null;
}

/** What is known of an item's price: its latest record and its history, either of which may be missing. */
export interface KnownPrices {
  history?: PriceSeries;
  latest?: LatestPrice;
}

/** A history's price counts on a day when it was known in the week ending that day. */
export const PRICE_LOOKBACK_DAYS = 7;

/**
 * The known prices of a price line: its history, and its market price as recorded on its `updatedAt`.
 * @example knownPricesOf({ market: 1997.59, updatedAt: '2025-10-20' }) // { latest: { date: '2025-10-20', usd: 1997.59 } }
 */
export function knownPricesOf(line: { market: number | null; updatedAt: string } | null | undefined, history?: PriceSeries): KnownPrices {
  return { ...(history && { history }), ...(line && { latest: { date: line.updatedAt, usd: line.market } }) };
}

/**
 * The first day a price can be read for (a history's first weekly close or first day, else the latest record's
 * day), or undefined when nothing is known.
 * @example pricesFrom({ history: { start: '2025-09-21', end: '2025-10-20', market: [] } }) // '2025-09-21'
 */
export function pricesFrom(known: KnownPrices): string | undefined {
  const reader = priceReaderOf(known);
  return reader && dateOfDay(reader.from);
}

/**
 * The price on `date` by the rule above, or undefined when none was known then.
 * @example priceOn({ history: { start: '2025-10-01', end: '2025-10-03', market: [1, null, null] } }, '2025-10-03') // { date: '2025-10-01', usd: 1 }
 * @example priceOn({ latest: { date: '2025-10-10', usd: 873.99 } }, '2025-10-20') // { date: '2025-10-10', usd: 873.99 }
 */
export function priceOn(known: KnownPrices, date: string): PricePoint | undefined {
  return priceReaderOf(known)?.on(dayOf(date));
}

/**
 * The rule over day numbers, the dates read once: the changes and the feeds ask many days of one item (a set's
 * two-year histories, some 200 cards × 700 days), and parsing dates was most of the cost.
 */
export interface PriceReader {
  /** The first day a price can be read for (pricesFrom) and the last day anything is known of (the history's end or the latest record's day). */
  from: number;
  end: number;
  on(day: number): PricePoint | undefined;
}

/** The reader of an item's known prices, or undefined when nothing is known of them. */
export function priceReaderOf({ history, latest }: KnownPrices): PriceReader | undefined {
  const latestDay = latest && dayOf(latest.date);
  const latestPoint = latest && latest.usd !== null ? { date: latest.date, usd: latest.usd } : undefined;
  if (!history) return latestDay === undefined ? undefined : { from: latestDay, end: latestDay, on: (day) => (day >= latestDay ? latestPoint : undefined) };
  const start = dayOf(history.start);
  const historyEnd = dayOf(history.end);
  const weekly = history.weekly && { start: dayOf(history.weekly.start), end: dayOf(history.weekly.end), market: history.weekly.market };
  const weeklyClose = (sunday: number): PricePoint | undefined => {
    const usd = weekly!.market[(sunday - weekly!.start) / 7];
    return typeof usd === 'number' ? { date: dateOfDay(sunday), usd } : undefined;
  };
  const from = weekly?.start ?? start;
  const inHistory = (day: number): PricePoint | undefined => {
    if (day > historyEnd || day < from) return undefined;
    const earliest = day + 1 - PRICE_LOOKBACK_DAYS;
    if (day >= start) {
      for (let i = day - start; i >= 0 && i >= earliest - start; i--) {
        const usd = history.market[i];
        if (typeof usd === 'number') return { date: dateOfDay(start + i), usd };
      }
      // Nothing in the daily days of that week: the week may have begun in the weekly part, whose last close is the
      // day before the daily start.
      return weekly && weekly.end >= earliest ? weeklyClose(weekly.end) : undefined;
    }
    if (!weekly) return undefined;
    // Day 0, 1970-01-01, was a Thursday: a day's weekday (0 Sunday) is (day + 4) mod 7.
    return weeklyClose(day - ((((day + 4) % 7) + 7) % 7));
  };
  return {
    from: latestDay === undefined ? from : Math.min(from, latestDay),
    end: latestDay === undefined ? historyEnd : Math.max(historyEnd, latestDay),
    on: latestDay === undefined ? inHistory : (day) => (day >= latestDay ? latestPoint : inHistory(day)),
  };
}
