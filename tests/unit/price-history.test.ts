import { describe, expect, it } from 'vitest';
import { DAILY_DAYS, dailyFromOf, foldHistory, type HistorySeries } from '../../src/catalogue/price-history.ts';
import { dailyHistory } from '../../src/schemas/common.ts';
import { addDays, daysBetween, isSunday } from '../../src/schemas/dates.ts';

/**
 * The history policy every served history holds (src/catalogue/price-history.ts): daily for the last 90 days (whole
 * weeks), weekly closes before, two years in all. How the daily import applies it day by day is
 * tests/processes/price-import.test.ts's.
 */
describe('history policy: daily for the last 90 days, weekly closes before, two years in all', () => {
  it('keeps days from the Monday on or before the 90th day back', () => {
    // 2025-10-20 less 89 days is Wednesday 07-23; 2025-10-26 less 89 is Tuesday 07-29.
    expect([dailyFromOf('2025-10-20'), dailyFromOf('2025-10-26')]).toEqual(['2025-07-21', '2025-07-28']);
    expect(daysBetween(dailyFromOf('2025-10-20'), '2025-10-20') + 1).toBe(92);
  });

  it('folds the weeks before the last 90 days into weekly closes: the last price known Monday to Sunday, dated by the Sunday', () => {
    // 2025-06-01 is a Sunday; 142 days to 2025-10-20 (a Monday); day i is worth i, except a null Sunday and a null week.
    const market: (number | null)[] = Array.from({ length: 142 }, (_, i) => i);
    market[7] = null; // Sunday 2025-06-08: the week closes at Saturday's 6
    for (let i = 15; i <= 21; i++) market[i] = null; // Monday 2025-06-16 to Sunday 2025-06-22: no price that week
    const series: HistorySeries = { start: '2025-06-01', end: '2025-10-20', market };
    foldHistory(series);
    expect(series.start).toBe('2025-07-21');
    expect(isSunday(addDays(series.start, -1))).toBe(true);
    expect(series.market).toHaveLength(daysBetween('2025-07-21', '2025-10-20') + 1);
    expect(series.market.length).toBeGreaterThanOrEqual(DAILY_DAYS);
    expect(series.market[0]).toBe(daysBetween('2025-06-01', '2025-07-21'));
    expect(series.weekly).toEqual({ start: '2025-06-01', end: '2025-07-20', market: [0, 6, 14, null, 28, 35, 42, 49] });
    expect(dailyHistory.safeParse(series).success).toBe(true);
    const again = structuredClone(series);
    foldHistory(again);
    expect(again).toEqual(series);
  });

  it('drops the weekly closes of weeks closing two years or more before the end, and leading weeks with no price', () => {
    // The end 2025-10-20 less 729 days is Sunday 2023-10-22: the close of Sunday 10-15 goes, 10-22's stays.
    const weeks = daysBetween('2023-10-15', '2025-07-20') / 7 + 1;
    const series: HistorySeries = {
      start: '2025-07-21',
      end: '2025-10-20',
      market: Array(92).fill(1),
      weekly: { start: '2023-10-15', end: '2025-07-20', market: Array.from({ length: weeks }, (_, i) => i) },
    };
    foldHistory(series);
    expect(series.weekly!.start).toBe('2023-10-22');
    expect(series.weekly!.market.slice(0, 2)).toEqual([1, 2]);
    expect(series.weekly!.market).toHaveLength(weeks - 1);
    const empty: HistorySeries = {
      start: '2025-07-21',
      end: '2025-10-20',
      market: Array(92).fill(1),
      weekly: { start: '2025-07-13', end: '2025-07-20', market: [null, null] },
    };
    expect(foldHistory(empty).weekly).toBeUndefined();
  });
});
