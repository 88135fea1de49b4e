import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dailyWindow, type PriceSeries } from '../../src/catalogue/price-history.ts';
import {
  CONFIDENCE_FLOOR_USD,
  CONFIDENCE_THRESHOLDS,
  confidenceGrades,
  confidenceOf,
  confidenceWords,
  restaledConfidence,
} from '../../src/catalogue/value-confidence.ts';

const AS_OF = '2025-10-20';

/** A daily history of `days` days ending on `end`, every day at `usd` unless `at` says otherwise (index from the start). */
function daily(days: number, usd: number | null, at: Record<number, number | null> = {}, end = AS_OF): PriceSeries {
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start, end, market: Array.from({ length: days }, (_, i) => (i in at ? at[i] : usd)) };
}

/** A line worth $100 recorded on the as-of date, its lowest listing $90 (a 10% spread). */
const line = { low: 90, market: 100, updatedAt: AS_OF };

describe('the confidence of a value', () => {
  it('is null for an unpriced line', () => {
    expect(confidenceOf({ low: 1, market: null, updatedAt: AS_OF }, daily(30, null), AS_OF)).toBeNull();
  });

  it('is high for a value priced every day, steady, near its lowest listing and up to date', () => {
    expect(confidenceOf(line, daily(30, 100), AS_OF)).toEqual({
      tier: 'high',
      spreadPct: 10,
      pricedDays30: 30,
      volatility30Pct: 0,
      volatility30Usd: 0,
      staleDays: 0,
    });
  });

  it('grades the spread high up to 30%, medium up to 60%, low past it, whichever side of the value the low is', () => {
    const tierAtLow = (low: number) => confidenceOf({ ...line, low }, daily(30, 100), AS_OF)!.tier;
    expect([70, 69.9, 40, 39.9, 130, 161].map(tierAtLow)).toEqual(['high', 'medium', 'medium', 'low', 'high', 'low']);
  });

  it('states the spread to one decimal with its half rounded up: a low of $57 under a value of $80 is 28.75% away, 28.8', () => {
    expect(confidenceOf({ low: 57, market: 80, updatedAt: AS_OF }, daily(30, 80), AS_OF)!.spreadPct).toBe(28.8);
    // In dollars, 0.48 − 0.15 is 0.32999999999999996 and 68.75% would read 68.7: the gap is taken in cents, 33 of 48.
    expect(confidenceOf({ low: 0.15, market: 0.48, updatedAt: AS_OF }, daily(30, 0.48), AS_OF)!.spreadPct).toBe(68.8);
  });

  it('counts a spread under $2 as narrow at any percentage', () => {
    expect(confidenceOf({ low: 0.02, market: 0.2, updatedAt: AS_OF }, daily(30, 0.2), AS_OF)).toMatchObject({ tier: 'high', spreadPct: 90 });
    expect(confidenceOf({ low: 2.9, market: 5, updatedAt: AS_OF }, daily(30, 5), AS_OF)).toMatchObject({ tier: 'medium', spreadPct: 42 });
  });

  it('counts the priced days of the 30 ending on the day the value was recorded: high from 20, medium from 10', () => {
    const withGaps = (gaps: number) => daily(30, 100, Object.fromEntries(Array.from({ length: gaps }, (_, i) => [i, null])));
    expect([10, 11, 20, 21].map((gaps) => confidenceOf(line, withGaps(gaps), AS_OF)).map((c) => [c!.pricedDays30, c!.tier])).toEqual([
      [20, 'high'],
      [19, 'medium'],
      [10, 'medium'],
      [9, 'low'],
    ]);
  });

  it('does not count days after the value was recorded, nor days before the history starts', () => {
    // Recorded on 10-10, the history running on to 10-20 with prices: the window is 09-11 to 10-10.
    expect(confidenceOf({ ...line, updatedAt: '2025-10-10' }, daily(40, 100), AS_OF)!.pricedDays30).toBe(30);
    expect(confidenceOf(line, daily(12, 100), AS_OF)).toMatchObject({ pricedDays30: 12, tier: 'medium' });
  });

  it('reads no day’s price in the weekly closes before the daily part', () => {
    const history: PriceSeries = { weekly: { start: '2025-09-07', end: '2025-10-12', market: [1, 1, 1, 1, 1, 1] }, ...daily(8, 100) };
    expect(dailyWindow(history, AS_OF, 30).filter((v) => v !== null)).toHaveLength(8);
    expect(confidenceOf(line, history, AS_OF)).toMatchObject({ pricedDays30: 8, tier: 'low' });
  });

  it('does not count the priced days of a value recorded before the daily part begins', () => {
    const history: PriceSeries = { weekly: { start: '2025-09-07', end: '2025-10-12', market: [1, 1, 1, 1, 1, 1] }, ...daily(8, 100) };
    expect(confidenceOf({ ...line, updatedAt: '2025-10-05' }, history, AS_OF)).toMatchObject({
      pricedDays30: null,
      volatility30Pct: null,
      volatility30Usd: null,
      staleDays: 15,
    });
  });

  it('measures the volatility as the coefficient of variation of the priced days, in percent', () => {
    // 15 days at 80 and 15 at 120: mean 100, standard deviation 20.
    const swings = daily(30, 80, Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i * 2, 120])));
    expect(confidenceOf(line, swings, AS_OF)).toMatchObject({ volatility30Pct: 20, volatility30Usd: 20, tier: 'medium' });
    const wild = daily(30, 50, Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i * 2, 150])));
    expect(confidenceOf(line, wild, AS_OF)).toMatchObject({ volatility30Pct: 50, tier: 'low' });
  });

  it('counts swings of under $2 as steady at any percentage', () => {
    const cheap = daily(30, 0.1, Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i * 2, 0.3])));
    expect(confidenceOf({ low: 0.1, market: 0.2, updatedAt: AS_OF }, cheap, AS_OF)).toMatchObject({ volatility30Pct: 50, volatility30Usd: 0.1, tier: 'high' });
  });

  it('measures the $2 floor on the standard deviation itself, not on the value: a card that fell from $12.70 to $1.44 swung by dollars', () => {
    // Mega Venusaur ex (me1-3): 15 days at $12.70 then 15 at $1.44, worth $1.44 now, its lowest listing $0.49. Mean
    // $7.07, standard deviation $5.63, 79.6% of the mean: 79.6% of the value, $1.15, would be under the floor.
    const fell = daily(30, 12.7, Object.fromEntries(Array.from({ length: 15 }, (_, i) => [15 + i, 1.44])));
    expect(confidenceOf({ low: 0.49, market: 1.44, updatedAt: AS_OF }, fell, AS_OF)).toMatchObject({
      volatility30Pct: 79.6,
      volatility30Usd: 5.63,
      tier: 'low',
    });
  });

  it('without a daily history, knows neither the priced days nor the volatility, and is at most medium', () => {
    expect(confidenceOf(line, undefined, AS_OF)).toEqual({
      tier: 'medium',
      spreadPct: 10,
      pricedDays30: null,
      volatility30Pct: null,
      volatility30Usd: null,
      staleDays: 0,
    });
    expect(confidenceOf(line, daily(30, null, { 29: 100 }), AS_OF)).toMatchObject({ pricedDays30: 1, volatility30Pct: null, tier: 'low' });
  });

  it('without a low price, does not know the spread', () => {
    expect(confidenceOf({ ...line, low: null }, daily(30, 100), AS_OF)).toMatchObject({ spreadPct: null, tier: 'medium' });
  });

  it('grades staleness high while the value is priced (3 days), medium up to 30 days, low past it', () => {
    const tierRecorded = (updatedAt: string) => confidenceOf({ ...line, updatedAt }, daily(30, 100, {}, updatedAt), AS_OF)!;
    expect(['2025-10-17', '2025-10-16', '2025-09-20', '2025-09-19'].map((d) => [tierRecorded(d).staleDays, tierRecorded(d).tier])).toEqual([
      [3, 'high'],
      [4, 'medium'],
      [30, 'medium'],
      [31, 'low'],
    ]);
  });

  it('is the lowest of its inputs’ grades, each of which follows from the numbers served', () => {
    const inputs = { spreadPct: 63.7, pricedDays30: 30, volatility30Pct: 12, volatility30Usd: 239.71, staleDays: 0 };
    expect(confidenceGrades(inputs, 1997.59)).toEqual({ spreadPct: 'low', pricedDays30: 'high', volatility30Pct: 'medium', staleDays: 'high' });
  });

  it('made again on a later as-of date, is as stale as that date makes it', () => {
    const made = confidenceOf(line, daily(30, 100), AS_OF)!;
    expect(restaledConfidence(made, 100, AS_OF, '2025-11-30')).toEqual({ ...made, staleDays: 41, tier: 'low' });
    expect(restaledConfidence({ ...made, tier: 'low', staleDays: Number.NaN }, 100, AS_OF, AS_OF)).toEqual(made);
  });
});

describe('a confidence in words', () => {
  it('says a thin market first, with the listings’ range', () => {
    const shadowless = confidenceOf({ low: 725, market: 1997.59, updatedAt: AS_OF }, daily(30, 1997.59), AS_OF)!;
    expect(confidenceWords(shadowless, 1997.59, { low: 725, high: 3187 })).toBe(
      "thin market: listings from $725.00 to $3,187.00 (63.7% from the value); priced on 30 of its last 30 days; 30-day volatility 0% (±$0.00); recorded on the catalogue's price date",
    );
  });

  it('without daily prices, says so once, for the priced days and the volatility both', () => {
    const noHistory = confidenceOf(line, undefined, AS_OF)!;
    expect(confidenceWords(noHistory, 100, { low: 90, high: 120 })).toBe(
      "no daily prices for its last 30 days; listings from $90.00 to $120.00 (10% from the value); recorded on the catalogue's price date",
    );
  });

  it('puts what made the tier first, and names nothing when it is high', () => {
    const sparse = confidenceOf(line, daily(30, null, { 27: 100, 28: 100, 29: 100 }), AS_OF)!;
    expect(confidenceWords(sparse, 100, { low: 90, high: null })).toBe(
      "rarely priced: priced on 3 of its last 30 days; the lowest listing $90.00 (10% from the value); 30-day volatility 0% (±$0.00); recorded on the catalogue's price date",
    );
    const steady = confidenceOf(line, daily(30, 100), '2025-10-21')!;
    expect(confidenceWords(steady, 100, { low: 90, high: 120 })).toBe(
      "listings from $90.00 to $120.00 (10% from the value); priced on 30 of its last 30 days; 30-day volatility 0% (±$0.00); recorded 1 day before the catalogue's price date",
    );
  });
});

describe('the thresholds as the docs give them', () => {
  const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');
  const schema = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'api', 'value-confidence.json'), 'utf8');

  it('docs/api.md tabulates the thresholds the code grades by, and its floor', () => {
    const { spreadPct, pricedDays30, volatility30Pct, staleDays } = CONFIDENCE_THRESHOLDS;
    const row = (input: string) => docs.split('\n').find((line) => line.startsWith(`| \`${input}\` |`)) ?? '';
    expect(row('spreadPct')).toContain(`| ≤ ${spreadPct.high} | ≤ ${spreadPct.medium} | > ${spreadPct.medium} |`);
    expect(row('pricedDays30')).toContain(`| ≥ ${pricedDays30.high} | ≥ ${pricedDays30.medium} | < ${pricedDays30.medium} |`);
    expect(row('volatility30Pct')).toContain(`| ≤ ${volatility30Pct.high} | ≤ ${volatility30Pct.medium} | > ${volatility30Pct.medium} |`);
    expect(row('staleDays')).toContain(`| ≤ ${staleDays.high} (a \`priced\` value) | ≤ ${staleDays.medium} | > ${staleDays.medium} |`);
    expect(docs).toContain(`A spread or a standard deviation under $${CONFIDENCE_FLOOR_USD} grades high`);
  });

  it('the schema describes the same thresholds', () => {
    const { spreadPct, pricedDays30, volatility30Pct, staleDays } = CONFIDENCE_THRESHOLDS;
    expect(schema).toContain(`high up to ${spreadPct.high}, medium up to ${spreadPct.medium}; a gap under $${CONFIDENCE_FLOOR_USD}`);
    expect(schema).toContain(`high from ${pricedDays30.high}, medium from ${pricedDays30.medium}`);
    expect(schema).toContain(`high up to ${volatility30Pct.high}, medium up to ${volatility30Pct.medium}; a standard deviation under $${CONFIDENCE_FLOOR_USD}`);
    expect(schema).toContain(`medium up to ${staleDays.medium}.`);
  });
});
