import { describe, expect, it } from 'vitest';
import { CHANGE_WINDOW_DAYS, changeOver, changeOverEachDay, changesOver, noChangeWords } from '../../src/catalogue/price-change.ts';
import type { PriceSeries } from '../../src/catalogue/price-history.ts';
import { pricesFrom } from '../../src/catalogue/price-on-day.ts';
import { addDays } from '../../src/schemas/dates.ts';
import { policyHistory } from '../support/policy-history.ts';

/** A history as the policy keeps it (tests/support/policy-history.ts). */
const history = policyHistory();

describe('the change over a window', () => {
  it('over 7 and 30 days, from the price on the window’s first day to its last, hand-computed', () => {
    // The 7 days 10-14 to 10-20: 10-14 is day 22, 20 + 11 = 31; 10-20 is day 28, 34.
    expect(changeOver({ history }, 7)).toEqual({
      days: 7,
      from: { date: '2025-10-14', usd: 31 },
      to: { date: '2025-10-20', usd: 34 },
      changeUsd: 3,
      changePct: 9.7,
    });
    // The 30 days from 09-21, a Sunday in the weekly part: its close, 16.
    expect(changeOver({ history }, 30)).toEqual({
      days: 30,
      from: { date: '2025-09-21', usd: 16 },
      to: { date: '2025-10-20', usd: 34 },
      changeUsd: 18,
      changePct: 112.5,
    });
    // From 09-20, a Saturday: the close of Sunday 09-14 is null, so no price was known then.
    expect(changeOver({ history }, 31)).toEqual({ days: 31, reason: 'no-price-then' });
  });

  it('is negative for a fall', () => {
    const falling: PriceSeries = { start: '2025-10-14', end: '2025-10-20', market: [40, 39, 38, 37, 36, 35, 30] };
    expect(changeOver({ history: falling }, 7)).toEqual({
      days: 7,
      from: { date: '2025-10-14', usd: 40 },
      to: { date: '2025-10-20', usd: 30 },
      changeUsd: -10,
      changePct: -25,
    });
  });

  it('is null with a reason when the window starts before the history', () => {
    expect(changeOver({ history }, 90)).toEqual({ days: 90, reason: 'history-too-short' });
    expect(changeOver({ history }, 365)).toEqual({ days: 365, reason: 'history-too-short' });
    expect(noChangeWords('history-too-short', history)).toBe('the price history starts 2025-09-07');
  });

  it('is null when no price is known now', () => {
    const lapsed: PriceSeries = { start: '2025-10-01', end: '2025-10-20', market: [5, ...Array(19).fill(null)] };
    expect(changeOver({ history: lapsed }, 7)).toEqual({ days: 7, reason: 'no-price-now' });
    // The latest record says there was none: the same, whatever the history held before.
    const dropped: PriceSeries = { start: '2025-10-14', end: '2025-10-20', market: [5, 5, 5, 5, 5, 5, 5] };
    expect(changeOver({ history: dropped, latest: { date: '2025-10-20', usd: null } }, 7)).toEqual({ days: 7, reason: 'no-price-now' });
  });

  it('ends on the latest record, which stands past a history that stopped (a value recorded 10 days ago is still today’s)', () => {
    const stopped: PriceSeries = { start: '2025-09-21', end: '2025-10-20', market: [...Array.from({ length: 20 }, (_, i) => 10 + i), ...Array(10).fill(null)] };
    // The history's last price is $29 on 10-10; the week ending 10-20 knew none, but the record of 10-10 stands.
    expect(changeOver({ history: stopped }, 30)).toEqual({ days: 30, reason: 'no-price-now' });
    expect(changeOver({ history: stopped, latest: { date: '2025-10-10', usd: 29 } }, 30)).toEqual({
      days: 30,
      from: { date: '2025-09-21', usd: 10 },
      to: { date: '2025-10-10', usd: 29 },
      changeUsd: 19,
      changePct: 190,
    });
  });

  it('of a value with no history is too short for every window, and has no price now when its record has none', () => {
    expect(changesOver({ latest: { date: '2025-10-20', usd: 1997.59 } }, [7, 365])).toEqual([
      { days: 7, reason: 'history-too-short' },
      { days: 365, reason: 'history-too-short' },
    ]);
    expect(changeOver({}, 7)).toEqual({ days: 7, reason: 'no-price-now' });
  });

  it('ends on another day when asked, which is how a collection moves as of a date', () => {
    // 10-02 is day 10, 25; 10-08 is day 16, 28.
    expect(changeOver({ history }, 7, '2025-10-08')).toEqual({
      days: 7,
      from: { date: '2025-10-02', usd: 25 },
      to: { date: '2025-10-08', usd: 28 },
      changeUsd: 3,
      changePct: 12,
    });
  });

  it('rounds a fall too small for a tenth of a percent to 0, not -0 (which JSON would not keep)', () => {
    const flat: PriceSeries = { start: '2025-10-14', end: '2025-10-20', market: [22.22, 22.22, 22.22, 22.22, 22.22, 22.22, 22.21] };
    expect(Object.is((changeOver({ history: flat }, 7) as { changePct: number }).changePct, 0)).toBe(true);
  });

  it('has no percentage from a price of zero', () => {
    const free: PriceSeries = { start: '2025-10-02', end: '2025-10-08', market: [0, 0, 0, 0, 0, 0, 1] };
    expect(changeOver({ history: free }, 7)).toEqual({ days: 7, reason: 'no-price-then' });
  });

  it('over several windows at once is the change over each', () => {
    for (const end of ['2025-10-20', '2025-10-08', '2025-09-23']) {
      expect(changesOver({ history }, [7, 30, 31, 90], end)).toEqual([7, 30, 31, 90].map((days) => changeOver({ history }, days, end)));
    }
  });

  it('is given over 7, 30, 90 and 365 days', () => {
    expect(CHANGE_WINDOW_DAYS).toEqual([7, 30, 90, 365]);
  });
});

describe('the change ending on each day', () => {
  it.each([7, 30])('over %i days is changeOver ending on each day, from the first day it can be read to the last', (days) => {
    const each = changeOverEachDay({ history }, days);
    expect(each.length).toBeGreaterThan(0);
    for (const [i, change] of each.entries()) expect(change).toEqual(changeOver({ history }, days, addDays(pricesFrom({ history })!, days - 1 + i)));
    expect(each.at(-1)).toEqual(changeOver({ history }, days));
  });
});
