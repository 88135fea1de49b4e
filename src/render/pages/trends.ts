import { evenlySpaced, type PriceSeries } from '../../catalogue/price-history.ts';

/**
 * The price histories the search pages draw as sparklines, written by the build
 * to dist/server/search/trends.json: each card's and sealed product's whole
 * history at one spacing (price-history.ts evenlySpaced), thinned to at most
 * TREND_POINTS. The function reads the file on the first search page it
 * renders, never at start.
 */
export const TRENDS_FILE = 'search/trends.json';

/** Points kept per item: enough for the shape of two years in a 96-pixel line. */
export const TREND_POINTS = 60;

export interface Trends {
  /** By card id. */
  cards: Record<string, (number | null)[]>;
  /** By sealed product id. */
  sealed: Record<string, (number | null)[]>;
}

/**
 * Every `step`-th value, counted back from the last so that the newest price is always kept.
 * @example thinTrend([1, 2, 3, 4, 5], 3) // [1, 3, 5]
 */
export function thinTrend(values: readonly (number | null)[], max = TREND_POINTS): (number | null)[] {
  if (values.length <= max) return [...values];
  const step = Math.ceil((values.length - 1) / (max - 1));
  const kept: (number | null)[] = [];
  for (let i = values.length - 1; i >= 0; i -= step) kept.push(values[i]);
  return kept.reverse();
}

/** What a sparkline draws of a history: its whole span at one spacing, at most TREND_POINTS values. */
export function trendOf(history: PriceSeries): (number | null)[] {
  return thinTrend(evenlySpaced(history).values);
}
