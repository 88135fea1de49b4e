import type { PriceChange, PriceChanges } from '../schemas/api-types.ts';
import { formatUsd } from './format.ts';
import { CHANGE_WINDOW_DAYS, type ChangeWindowDays, changesOver, noChangeWords } from './price-change.ts';
import type { PriceSeries } from './price-history.ts';
import type { KnownPrices } from './price-on-day.ts';

/**
 * A record's change fields (schemas/api/price-changes.json): its value's move over each window of
 * CHANGE_WINDOW_DAYS, as changeOver computes it, in one shape whether or not it is known; and the words the
 * Markdown and the pages say it in.
 */

/** The key of a window in a record's `change`. @example windowKey(7) // "7d" */
export const windowKey = (days: ChangeWindowDays): keyof PriceChanges => `${days}d`;

const unknown = (reason: NonNullable<PriceChange['reason']>): PriceChange => ({ fromUsd: null, fromDate: null, changeUsd: null, changePct: null, reason });

/**
 * The change fields of a value with these known prices (its latest record and its history), each window ending on
 * the last day anything is known of. Without a history there is nothing to measure: too short when a price is
 * known now, and no price now when none is.
 * @example priceChangesOf({ history, latest })['7d'] // { fromUsd: 31, fromDate: '2025-10-14', changeUsd: 3, changePct: 9.7, reason: null }
 */
export function priceChangesOf(known: KnownPrices): PriceChanges {
  const fields = {} as PriceChanges;
  for (const change of changesOver(known, CHANGE_WINDOW_DAYS)) {
    fields[windowKey(change.days as ChangeWindowDays)] =
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

/**
 * Every window's change in words, shortest first; windows next to each other that are not known for the same
 * reason share a line, so that a short history is said once.
 * @example changesInWords(change, history) // ['7 days: up 9.7% (+$3.00) since 2025-10-14 ($31.00)', …, '90 and 365 days: the price history starts 2025-09-07']
 */
export function changesInWords(change: PriceChanges, history: PriceSeries | undefined): string[] {
  const lines: { days: number[]; words: string }[] = [];
  for (const days of CHANGE_WINDOW_DAYS) {
    const window = change[windowKey(days)];
    const why = window.reason === null ? undefined : noChangeWords(window.reason, history);
    const last = lines.at(-1);
    if (why !== undefined && last?.words === why) last.days.push(days);
    else lines.push({ days: [days], words: why ?? changeWords(days, window, history).slice(`${days} days: `.length) });
  }
  return lines.map(({ days, words }) => `${days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`} days: ${words}`);
}
