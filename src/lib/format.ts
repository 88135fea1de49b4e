/**
 * Display formatting shared by the Markdown twins and the HTML pages, so the two
 * say the same thing in the same words.
 */
import { addDays, isSunday } from '../schemas/dates.ts';

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** @example formatUsd(1234.5) // "$1,234.50" */
export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : usdFormat.format(value);
}

/** The first and last known prices of a daily series and the change between them. */
export function historyChange(market: readonly (number | null)[]): { first: number; last: number; changePct: number } | null {
  const known = market.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const first = known[0];
  const last = known[known.length - 1];
  return { first, last, changePct: first === 0 ? 0 : Math.round(((last - first) / first) * 1000) / 10 };
}

/** A price history as the API serves it: daily values, and the weekly closes before them where there are any. */
export interface PriceSeries {
  start: string;
  end: string;
  market: readonly (number | null)[];
  weekly?: { start: string; end: string; market: readonly (number | null)[] };
}

/** The whole span of a history, oldest first: its weekly closes, then its daily values. */
export function historySpan(history: PriceSeries): { from: string; to: string; market: (number | null)[] } {
  return { from: history.weekly?.start ?? history.start, to: history.end, market: [...(history.weekly?.market ?? []), ...history.market] };
}

/**
 * A history's values at one spacing over its whole span: its daily values, or, once it has weekly closes, a value
 * a week throughout (the daily values closed by week, the last week at `end`). What the charts and sparklines draw.
 */
export function evenlySpaced(history: PriceSeries): { values: (number | null)[]; daysPerValue: 1 | 7 } {
  if (!history.weekly) return { values: [...history.market], daysPerValue: 1 };
  const values = [...history.weekly.market];
  let close: number | null = null;
  history.market.forEach((value, i) => {
    if (value !== null) close = value;
    if (isSunday(addDays(history.start, i)) || i === history.market.length - 1) {
      values.push(close);
      close = null;
    }
  });
  return { values, daysPerValue: 7 };
}

/** Product-kind words that are abbreviations, spelt out for people. */
const KIND_WORDS: Record<string, string> = { etb: 'Elite Trainer Box' };

/**
 * A sealed product kind as people read it.
 * @example kindLabel('booster-box') // "Booster box"
 * @example kindLabel('etb-case') // "Elite Trainer Box case"
 */
export function kindLabel(kind: string): string {
  const words = kind.split('-').map((word) => KIND_WORDS[word] ?? word);
  return words.join(' ').replace(/^./, (c) => c.toUpperCase());
}
