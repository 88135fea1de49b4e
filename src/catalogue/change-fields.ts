import type { PriceChange, PriceChanges } from '../schemas/api-types.ts';
import { formatUsd } from './format.ts';
import { CHANGE_WINDOW_DAYS, type ChangeWindowDays, changeOver, noChangeWords } from './price-change.ts';
import type { PriceSeries } from './price-history.ts';

/**
 * A record's change fields (schemas/api/price-changes.json): its value's move over each window of
 * CHANGE_WINDOW_DAYS, as changeOver computes it, in one shape whether or not it is known; and the words the
 * Markdown and the pages say it in.
 */

/** The key of a window in a record's `change`. @example windowKey(7) // "7d" */
export const windowKey = (days: ChangeWindowDays): keyof PriceChanges => `${days}d`;

const unknown = (reason: NonNullable<PriceChange['reason']>): PriceChange => ({ fromUsd: null, fromDate: null, changeUsd: null, changePct: null, reason });

/**
 * The change fields of a value with this history. Without one there is nothing to measure: too short when a price
 * is known (`priced`), and no price now when none is.
 * @example changeFieldsOf(history, true)['7d'] // { fromUsd: 31, fromDate: '2025-10-14', changeUsd: 3, changePct: 9.7, reason: null }
 */
export function changeFieldsOf(history: PriceSeries | undefined, priced: boolean): PriceChanges {
  const fields = {} as PriceChanges;
  for (const days of CHANGE_WINDOW_DAYS) {
    if (!history) {
      fields[windowKey(days)] = unknown(priced ? 'history-too-short' : 'no-price-now');
      continue;
    }
    const change = changeOver(history, days);
    fields[windowKey(days)] =
      'reason' in change
        ? unknown(change.reason)
        : { fromUsd: change.from.usd, fromDate: change.from.date, changeUsd: change.changeUsd, changePct: change.changePct, reason: null };
  }
  return fields;
}

/**
 * A window's change in words, as the Markdown and the pages write it: the window, then how the value moved and from
 * what, or why that is not known.
 * @example changeWords(7, { fromUsd: 31, fromDate: '2025-10-14', changeUsd: 3, changePct: 9.7, reason: null }, history) // "7 days: up 9.7% (+$3.00) since 2025-10-14 ($31.00)"
 * @example changeWords(365, { …, reason: 'history-too-short' }, history) // "365 days: the price history starts 2025-09-21"
 */
export function changeWords(days: ChangeWindowDays, change: PriceChange, history: PriceSeries | undefined): string {
  if (change.reason !== null || change.changePct === null || change.changeUsd === null) {
    return `${days} days: ${noChangeWords(change.reason ?? 'no-price-now', history)}`;
  }
  const since = `since ${change.fromDate} (${formatUsd(change.fromUsd)})`;
  if (change.changeUsd === 0) return `${days} days: unchanged ${since}`;
  const [direction, sign] = change.changeUsd > 0 ? ['up', '+'] : ['down', '-'];
  const pct = change.changePct === 0 ? 'less than 0.1' : String(Math.abs(change.changePct));
  return `${days} days: ${direction} ${pct}% (${sign}${formatUsd(Math.abs(change.changeUsd))}) ${since}`;
}

/** Every window's change in words, shortest first. */
export const changesInWords = (change: PriceChanges, history: PriceSeries | undefined): string[] =>
  CHANGE_WINDOW_DAYS.map((days) => changeWords(days, change[windowKey(days)], history));
