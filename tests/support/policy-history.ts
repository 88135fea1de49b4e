import type { PriceSeries } from '../../src/catalogue/price-history.ts';

/**
 * A history as the policy keeps it, for the unit tests of the price on a day and of the change over a window:
 * weekly closes for three weeks (Sundays 2025-09-07, 09-14 and 09-21, the middle one without a price), then daily
 * days from Monday 2025-09-22 to Monday 2025-10-20 at $20 + $0.50 a day, with gaps on 09-22, 09-23 and 10-07.
 */
export function policyHistory(): PriceSeries {
  const daily = Array.from({ length: 29 }, (_, i) => 20 + i * 0.5) as (number | null)[];
  daily[0] = null; // Monday 09-22
  daily[1] = null; // Tuesday 09-23
  daily[15] = null; // 10-07
  return { weekly: { start: '2025-09-07', end: '2025-09-21', market: [10, null, 16] }, start: '2025-09-22', end: '2025-10-20', market: daily };
}
