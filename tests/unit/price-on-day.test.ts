import { describe, expect, it } from 'vitest';
import type { PriceSeries } from '../../src/catalogue/price-history.ts';
import { knownPricesOf, priceOn, pricesFrom } from '../../src/catalogue/price-on-day.ts';
import { policyHistory } from '../support/policy-history.ts';

/**
 * The one rule for the price of a printing or a product on a day (src/catalogue/price-on-day.ts), hand-computed.
 * A history as the policy keeps it (tests/support/policy-history.ts: weekly closes on Sundays 09-07 to 09-21, then
 * days from Monday 09-22 to Monday 10-20 at $20 + $0.50 a day, with gaps); its latest record is its last day's
 * price, as the import writes it.
 */
const history = policyHistory();
const known = { history, latest: { date: '2025-10-20', usd: 34 } };

describe('the price on a day, from a history', () => {
  it('is the day’s own price in the daily part', () => {
    expect(priceOn(known, '2025-10-20')).toEqual({ date: '2025-10-20', usd: 34 });
    expect(priceOn(known, '2025-10-01')).toEqual({ date: '2025-10-01', usd: 24.5 });
  });

  it('on a day without one, is the last price known in the week ending that day', () => {
    expect(priceOn(known, '2025-10-07')).toEqual({ date: '2025-10-06', usd: 27 });
  });

  it('early in the daily part, falls back on the last weekly close when it is within the week', () => {
    // 09-23 has no daily price, nor 09-22; the week ending 09-23 began on 09-17, so the close of Sunday 09-21 counts.
    expect(priceOn(known, '2025-09-23')).toEqual({ date: '2025-09-21', usd: 16 });
  });

  it('in the weekly part, is the close of the week ending on the Sunday on or before the day', () => {
    expect(priceOn(known, '2025-09-21')).toEqual({ date: '2025-09-21', usd: 16 });
    expect(priceOn(known, '2025-09-12')).toEqual({ date: '2025-09-07', usd: 10 });
    expect(priceOn(known, '2025-09-07')).toEqual({ date: '2025-09-07', usd: 10 });
  });

  it('is unknown in a week without a price, and before the history', () => {
    expect(priceOn(known, '2025-09-15')).toBeUndefined(); // the close of 09-14 is null
    expect(priceOn(known, '2025-09-06')).toBeUndefined(); // before the first close
    expect(pricesFrom(known)).toBe('2025-09-07');
  });
});

describe('the price on a day, from the latest record', () => {
  it('on the prices’ date is the value today: a printing priced with no history (the Shadowless Charizard) is known then', () => {
    const shadowless = knownPricesOf({ market: 1997.59, updatedAt: '2025-10-20' });
    expect(priceOn(shadowless, '2025-10-20')).toEqual({ date: '2025-10-20', usd: 1997.59 });
    expect(priceOn(shadowless, '2025-10-19')).toBeUndefined();
    expect(pricesFrom(shadowless)).toBe('2025-10-20');
  });

  it('stands from the day it was recorded until a newer one is, however old (its age is its price status)', () => {
    const blastoise = knownPricesOf({ market: 873.99, updatedAt: '2025-10-10' });
    for (const date of ['2025-10-10', '2025-10-17', '2025-10-20']) expect(priceOn(blastoise, date)).toEqual({ date: '2025-10-10', usd: 873.99 });
    expect(priceOn(blastoise, '2025-10-09')).toBeUndefined();
  });

  it('stands past a history whose last days have no price, where the history alone would know none', () => {
    const stopped: PriceSeries = { start: '2025-10-01', end: '2025-10-20', market: [5, 6, 7, ...Array(17).fill(null)] };
    expect(priceOn({ history: stopped }, '2025-10-20')).toBeUndefined();
    expect(priceOn(knownPricesOf({ market: 7, updatedAt: '2025-10-03' }, stopped), '2025-10-20')).toEqual({ date: '2025-10-03', usd: 7 });
    // Before its day, the history is read: the week ending 10-02 knew 10-02's $6.
    expect(priceOn(knownPricesOf({ market: 7, updatedAt: '2025-10-03' }, stopped), '2025-10-02')).toEqual({ date: '2025-10-02', usd: 6 });
  });

  it('that recorded no price means none from its day on, whatever the history knew the week before', () => {
    const lapsed = knownPricesOf({ market: null, updatedAt: '2025-10-20' }, history);
    expect(priceOn(lapsed, '2025-10-20')).toBeUndefined();
    expect(priceOn(lapsed, '2025-10-19')).toEqual({ date: '2025-10-19', usd: 33.5 });
  });

  it('is nothing at all without a record or a history', () => {
    expect(priceOn({}, '2025-10-20')).toBeUndefined();
    expect(pricesFrom({})).toBeUndefined();
    expect(knownPricesOf(null)).toEqual({});
  });
});
