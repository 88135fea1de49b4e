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
