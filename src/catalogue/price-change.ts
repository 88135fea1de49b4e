import { dayOf } from '../schemas/dates.ts';
import { changePctOf, roundUsd } from './money.ts';
import type { PriceSeries } from './price-history.ts';
import { type KnownPrices, type PricePoint, type PriceReader, priceReaderOf, pricesFrom } from './price-on-day.ts';

/**
 * How a value moved over a window, each end read by the one rule for the price on a day (price-on-day.ts).
 * Everything that says how a value moved (the records' change fields, the movers, the feeds) asks here.
 */

/** The windows a change is given over, in days, shortest first. */
export const CHANGE_WINDOW_DAYS = [7, 30, 90, 365] as const;
export type ChangeWindowDays = (typeof CHANGE_WINDOW_DAYS)[number];

/** Why a window has no change: its start is before the history, no price was known then, or none is known now. */
export type NoChangeReason = 'history-too-short' | 'no-price-then' | 'no-price-now';

/** A value's move over a window: the `days` days ending on the history's last day (or the day asked for). */
export type WindowChange = { days: number; from: PricePoint; to: PricePoint; changeUsd: number; changePct: number } | { days: number; reason: NoChangeReason };

/**
 * The change over the `days` days ending on `end` (the last day anything is known of by default), as the movers
 * count a window: from the price on its first day (`end − days + 1`) to the price on its last, each read by
 * priceOn, so a 30-day history gives a 30-day change. The percentage has one decimal; from a price of $0 there is none.
 * @example changeOver({ history }, 30) // { days: 30, from: { date: '2025-09-21', usd: 10 }, to: { date: '2025-10-20', usd: 12 }, changeUsd: 2, changePct: 20 }
 */
export function changeOver(known: KnownPrices, days: number, end?: string): WindowChange {
  return changesOver(known, [days], end)[0];
}

/**
 * The change over each of several windows ending on `end`, as changeOver gives each: the prices read once.
 * @example changesOver({ history }, CHANGE_WINDOW_DAYS).map((c) => c.days) // [7, 30, 90, 365]
 */
export function changesOver(known: KnownPrices, windows: readonly number[], end?: string): WindowChange[] {
  const reader = priceReaderOf(known);
  if (!reader) return windows.map((days) => ({ days, reason: 'no-price-now' }));
  const endDay = end === undefined ? reader.end : dayOf(end);
  const to = reader.on(endDay);
  return windows.map((days) => changeTo(reader, days, endDay, to));
}

/**
 * The change over `days` days ending on each day a change can be read for, from the first readable day
 * (pricesFrom) + days − 1 to the last day anything is known of, as changeOver gives each: the dates read once, for
 * the feeds, which ask every day of a history (a set's two-year histories, some 200 cards × 700 days).
 * @example changeOverEachDay({ history }, 7)[0] // changeOver({ history }, 7, addDays(pricesFrom({ history }), 6))
 */
export function changeOverEachDay(known: KnownPrices, days: number): WindowChange[] {
  const reader = priceReaderOf(known);
  if (!reader) return [];
  // Each day's price read once: a day ends one window and starts another.
  const prices: (PricePoint | undefined)[] = [];
  for (let day = reader.from; day <= reader.end; day++) prices.push(reader.on(day));
  const changes: WindowChange[] = [];
  for (let end = reader.from + days - 1; end <= reader.end; end++) {
    const to = prices[end - reader.from];
    changes.push(to ? changeFrom(days, prices[end + 1 - days - reader.from], to) : { days, reason: 'no-price-now' });
  }
  return changes;
}

function changeTo(reader: PriceReader, days: number, endDay: number, to: PricePoint | undefined): WindowChange {
  if (!to) return { days, reason: 'no-price-now' };
  const fromDay = endDay + 1 - days;
  if (fromDay < reader.from) return { days, reason: 'history-too-short' };
  return changeFrom(days, reader.on(fromDay), to);
}

/** The change from the price on a window's first day to the price on its last. */
function changeFrom(days: number, from: PricePoint | undefined, to: PricePoint): WindowChange {
  if (!from || from.usd <= 0) return { days, reason: 'no-price-then' };
  const fromUsd = roundUsd(from.usd);
  const toUsd = roundUsd(to.usd);
  return {
    days,
    from: { date: from.date, usd: fromUsd },
    to: { date: to.date, usd: toUsd },
    changeUsd: roundUsd(toUsd - fromUsd),
    changePct: changePctOf(fromUsd, toUsd),
  };
}

/** Why a window has no change, in words (the Markdown and the pages say it). */
export function noChangeWords(reason: NoChangeReason, history: PriceSeries | undefined): string {
  if (reason === 'history-too-short') return history ? `the price history starts ${pricesFrom({ history })}` : 'no price history';
  if (reason === 'no-price-then') return 'no price was known then';
  return 'no price is known now';
}
