import { daysBetween } from '../schemas/dates.ts';

/**
 * How old a snapshot may be, in days before the catalogue's as-of date, and
 * still count as `priced`. Set PRICE_STALE_AFTER_DAYS at build time to change it.
 */
export const PRICE_STALE_AFTER_DAYS = Number(process.env.PRICE_STALE_AFTER_DAYS ?? 3);

export type PriceStatus = 'priced' | 'stale' | 'unpriced';

/**
 * @example priceStatusOf('2025-10-10', '2025-10-20') // "priced"
 * @example priceStatusOf(null, '2025-10-20') // "unpriced"
 */
export function priceStatusOf(updatedAt: string | null, pricesAsOf: string): PriceStatus {
  if (updatedAt === null) return 'unpriced';
  return daysBetween(updatedAt, pricesAsOf) <= PRICE_STALE_AFTER_DAYS ? 'priced' : 'stale';
}

/** Rounds a dollar amount to cents, the precision every value is served in. */
export function roundUsd(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The median of a list of numbers (null for an empty list), rounded to cents. */
export function medianUsd(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return roundUsd(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
}
