/**
 * The arithmetic of dollar amounts and percentages, written once so that every record, page, list and article
 * rounds, adds and takes medians the same way (a total on a set page and in an article must be the same number).
 */

/**
 * A number to two decimals: dollars to cents, and the ratios the records and articles state.
 * @example roundHundredths(2.345678) // 2.35
 */
export function roundHundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Dollars to cents, the precision every value is served in.
 * @example roundUsd(873.994) // 873.99
 */
export const roundUsd: (value: number) => number = roundHundredths;

/**
 * Dollars as whole cents, where sums and differences of prices are exact.
 * @example centsOf(0.29) // 29
 */
export function centsOf(usd: number): number {
  return Math.round(usd * 100);
}

/**
 * The sum of dollar values, added in whole cents so that 0.1 + 0.2 is 0.30 and no float drift reaches a total.
 * @example sumUsd([0.1, 0.2]) // 0.3
 */
export function sumUsd(values: readonly number[]): number {
  let cents = 0;
  for (const v of values) cents += centsOf(v);
  return cents / 100;
}

/**
 * A number to one decimal, halves rounded up (toward +∞, as Math.round: 2.25 → 2.3, -2.25 → -2.2), never -0.
 * @example roundTenths(12.345) // 12.3
 */
export function roundTenths(value: number): number {
  return Math.round(value * 10) / 10 || 0;
}

/**
 * `part` as a percentage of `whole`, to one decimal by roundTenths' rule (halves up, never -0); 0 of nothing is 0.
 * The ratio is scaled to tenths of a percent in one step: as a percentage first, 23 of 80 (28.75 %) would be
 * 28.749999999999996 and lose its half.
 * @example percentOf(13516, 17882) // 75.6
 */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10 || 0;
}

/**
 * The change from one price to another in percent with one decimal, as every record, chart, feed and change record
 * states it; a fall under a twentieth of a percent is 0, not -0.
 * @example changePctOf(400, 456.8) // 14.2
 */
export function changePctOf(from: number, to: number): number {
  return percentOf(to - from, from);
}

/**
 * The middle value, or the mean of the two middle ones; NaN for none. The input is not reordered.
 * @example median([3, 1, 2, 10]) // 2.5
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median rounded to two decimals, null for none: a median value in dollars and cents, or a median ratio.
 * @example medianUsd([1, 2.333]) // 1.67
 */
export function medianUsd(values: readonly number[]): number | null {
  return values.length === 0 ? null : roundHundredths(median(values));
}
