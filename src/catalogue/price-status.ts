import { daysBetween } from '../schemas/dates.ts';
import { settings } from '../schemas/settings.ts';

export type PriceStatus = 'priced' | 'stale' | 'unpriced';

/**
 * `priced` while a snapshot is at most the setting PRICE_STALE_AFTER_DAYS days older than the catalogue's as-of date
 * (settings.ts), `stale` after.
 * @example priceStatusOf('2025-10-10', '2025-10-20') // "priced"
 * @example priceStatusOf(null, '2025-10-20') // "unpriced"
 */
export function priceStatusOf(updatedAt: string | null, pricesAsOf: string): PriceStatus {
  if (updatedAt === null) return 'unpriced';
  return daysBetween(updatedAt, pricesAsOf) <= settings().priceStaleAfterDays ? 'priced' : 'stale';
}
