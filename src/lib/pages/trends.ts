/**
 * The price histories the search pages draw as sparklines, written by the build
 * to dist/server/search/trends.json: a card's 30 daily market values, a sealed
 * product's whole history thinned to at most TREND_POINTS. The function reads
 * the file on the first search page it renders, never at start.
 */
export const TRENDS_FILE = 'search/trends.json';
/** Points kept per sealed product: enough for the shape of two years in a 96-pixel line. */
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
