import type { ValueConfidence } from '../schemas/api-types.ts';
import { daysBetween } from '../schemas/dates.ts';
import { settings } from '../schemas/settings.ts';
import { formatUsd } from './format.ts';
import { centsOf, percentOf, roundUsd } from './money.ts';
import { dailyWindow, type PriceSeries } from './price-history.ts';

/**
 * How sure a value is (issue 34): a tier, high, medium or low, from four things the data shows, each served beside
 * it so that anyone can check it against the thresholds below (docs/api.md, "How sure a value is").
 *
 * - spreadPct: how far the lowest listing is from the value, |market − low| / market, in percent;
 * - pricedDays30: of the 30 days ending on the day the value was recorded, how many the daily history has a price
 *   for (the weekly closes before it hold no day's price);
 * - volatility30Pct: the coefficient of variation (standard deviation / mean) of those prices, in percent, served
 *   with the standard deviation itself in dollars (volatility30Usd);
 * - staleDays: how many days before the catalogue's prices-as-of date the value was recorded.
 *
 * Each input is graded high, medium or low, and the tier is the lowest grade. A spread or a standard deviation
 * under CONFIDENCE_FLOOR_USD counts as narrow whatever its percentage: a $0.20 card whose lowest listing is $0.02 is
 * as sure as anyone needs. The spread's dollars are its percentage of the value; the standard deviation's are its
 * own (a card that fell from $12.70 to $1.44 in the month swung by dollars, whatever its value is now). An input the data cannot give (no low price, no daily history, fewer than two prices)
 * is null and grades medium: not known is not sure.
 */

export type ConfidenceTier = ValueConfidence['tier'];
/** The graded inputs (volatility30Usd is the volatility's floor, not an input of its own). */
export type ConfidenceInput = Exclude<keyof ValueConfidence, 'tier' | 'volatility30Usd'>;

/** The window the priced days and the volatility are read over, in days. */
export const CONFIDENCE_WINDOW_DAYS = 30;

/** A spread or a 30-day standard deviation smaller than this, in dollars, is narrow at any percentage. */
export const CONFIDENCE_FLOOR_USD = 2;

/**
 * Each input's thresholds: the most (or, for the priced days, the least) it may be and still grade high, then
 * medium; past the second it grades low. Chosen from the catalogue of 2025-10-20 (docs/api.md). A value is as fresh
 * as can be while it is priced: its days may be as many as the setting PRICE_STALE_AFTER_DAYS (settings.ts), read
 * when a grade is given.
 */
export const CONFIDENCE_THRESHOLDS = {
  spreadPct: { high: 30, medium: 60 },
  pricedDays30: { high: 20, medium: 10 },
  volatility30Pct: { high: 10, medium: 25 },
  staleDays: {
    get high(): number {
      return settings().priceStaleAfterDays;
    },
    medium: 30,
  },
} as const;

const TIERS: readonly ConfidenceTier[] = ['high', 'medium', 'low'];

/** A price line as the confidence reads it: a card's printing or a sealed product's latest prices. */
export interface ConfidencePrices {
  low: number | null;
  market: number | null;
  updatedAt: string;
}

/**
 * The confidence of a price line's value, with its history (the daily part is read; a weekly close holds no day's
 * price) and the catalogue's as-of date; null when the line has no market price (the value is unpriced).
 * @example confidenceOf({ low: 725, market: 1997.59, updatedAt: '2025-10-20' }, undefined, '2025-10-20') // { tier: 'low', spreadPct: 63.7, pricedDays30: null, volatility30Pct: null, staleDays: 0 }
 */
export function confidenceOf(prices: ConfidencePrices, history: PriceSeries | undefined, pricesAsOf: string): ValueConfidence | null {
  const { low, market, updatedAt } = prices;
  if (market === null) return null;
  // A value recorded before the daily part (in the weekly closes) has no day of its window in it: not known, not 0.
  const known =
    history && updatedAt >= history.start ? dailyWindow(history, updatedAt, CONFIDENCE_WINDOW_DAYS).filter((v): v is number => v !== null) : undefined;
  const spread = known && deviation(known);
  const inputs = {
    // In cents, so that a gap of exactly half a tenth of a percent rounds up (in dollars, $0.80 − $0.39 is 0.41000000000000003).
    spreadPct: low === null || market <= 0 ? null : percentOf(Math.abs(centsOf(market) - centsOf(low)), centsOf(market)),
    pricedDays30: known ? known.length : null,
    volatility30Pct: spread ? spread.pct : null,
    volatility30Usd: spread ? spread.usd : null,
    staleDays: Math.max(0, daysBetween(updatedAt, pricesAsOf)),
  };
  return { tier: tierOf(inputs, roundUsd(market)), ...inputs };
}

/**
 * The same confidence on another as-of date: what the build does once it knows the catalogue's date (a card's
 * summary is made before it), as it does for the price status.
 */
export function restaledConfidence(confidence: ValueConfidence, valueUsd: number, updatedAt: string, pricesAsOf: string): ValueConfidence {
  const { tier: _, ...inputs } = confidence;
  const staled = { ...inputs, staleDays: Math.max(0, daysBetween(updatedAt, pricesAsOf)) };
  return { tier: tierOf(staled, valueUsd), ...staled };
}

/**
 * Each input's grade, from the numbers served (so the tier can be checked from the record alone) and the value.
 * @example confidenceGrades({ spreadPct: 63.7, pricedDays30: 30, volatility30Pct: 0.4, staleDays: 0 }, 1997.59).spreadPct // 'low'
 */
export function confidenceGrades(inputs: Omit<ValueConfidence, 'tier'>, valueUsd: number): Record<ConfidenceInput, ConfidenceTier> {
  const t = CONFIDENCE_THRESHOLDS;
  const atMost = (value: number, { high, medium }: { high: number; medium: number }): ConfidenceTier =>
    value <= high ? 'high' : value <= medium ? 'medium' : 'low';
  const { spreadPct, pricedDays30, volatility30Pct, volatility30Usd, staleDays } = inputs;
  const narrow = (usd: number | null) => usd !== null && usd < CONFIDENCE_FLOOR_USD;
  return {
    spreadPct: spreadPct === null ? 'medium' : narrow((spreadPct / 100) * valueUsd) ? 'high' : atMost(spreadPct, t.spreadPct),
    pricedDays30: pricedDays30 === null ? 'medium' : pricedDays30 >= t.pricedDays30.high ? 'high' : pricedDays30 >= t.pricedDays30.medium ? 'medium' : 'low',
    volatility30Pct: volatility30Pct === null ? 'medium' : narrow(volatility30Usd) ? 'high' : atMost(volatility30Pct, t.volatility30Pct),
    staleDays: atMost(staleDays, t.staleDays),
  };
}

/** The lowest of the inputs' grades. */
function tierOf(inputs: Omit<ValueConfidence, 'tier'>, valueUsd: number): ConfidenceTier {
  return TIERS[Math.max(...Object.values(confidenceGrades(inputs, valueUsd)).map((g) => TIERS.indexOf(g)))];
}

/**
 * How much some prices swing: their standard deviation in dollars (to the cent) and as a coefficient of variation
 * (standard deviation / mean) in percent with one decimal; null under two prices or a mean of 0.
 */
function deviation(prices: readonly number[]): { usd: number; pct: number } | null {
  if (prices.length < 2) return null;
  const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
  if (mean <= 0) return null;
  const sd = Math.sqrt(prices.reduce((a, b) => a + (b - mean) ** 2, 0) / prices.length);
  return { usd: roundUsd(sd), pct: percentOf(sd, mean) };
}

/**
 * What a confidence's inputs say, in words, as the Markdown and the pages write them after its tier: those that set
 * the tier first, named for what they mean ("thin market"). `listings` are the line's low and high prices.
 * @example confidenceWords(confidence, 1997.59, { low: 725, high: 3187 }) // "thin market: listings from $725.00 to $3,187.00 (63.7% from the value); no daily prices for its last 30 days; …"
 */
export function confidenceWords(confidence: ValueConfidence, valueUsd: number, listings: { low: number | null; high: number | null }): string {
  const grades = confidenceGrades(confidence, valueUsd);
  const { spreadPct, pricedDays30, volatility30Pct, staleDays } = confidence;
  const flagged = (input: ConfidenceInput, label: string) => (grades[input] !== 'high' && grades[input] === confidence.tier ? `${label}: ` : '');
  const range =
    listings.high === null ? `the lowest listing ${formatUsd(listings.low)}` : `listings from ${formatUsd(listings.low)} to ${formatUsd(listings.high)}`;
  const phrases: [ConfidenceInput, string | undefined][] = [
    ['spreadPct', spreadPct === null ? 'no lowest listing known' : `${flagged('spreadPct', 'thin market')}${range} (${spreadPct}% from the value)`],
    [
      'pricedDays30',
      pricedDays30 === null
        ? 'no daily prices for its last 30 days'
        : `${flagged('pricedDays30', 'rarely priced')}priced on ${pricedDays30} of its last ${CONFIDENCE_WINDOW_DAYS} days`,
    ],
    [
      'volatility30Pct',
      // Without daily prices the words above say why there is no volatility either.
      volatility30Pct !== null
        ? `${flagged('volatility30Pct', 'volatile')}30-day volatility ${volatility30Pct}% (±${formatUsd(confidence.volatility30Usd)})`
        : pricedDays30 === null
          ? undefined
          : 'too few prices to measure its swings',
    ],
    [
      'staleDays',
      staleDays === 0
        ? "recorded on the catalogue's price date"
        : `${flagged('staleDays', 'stale')}recorded ${staleDays} day${staleDays === 1 ? '' : 's'} before the catalogue's price date`,
    ],
  ];
  const said = phrases.filter((p): p is [ConfidenceInput, string] => p[1] !== undefined);
  const first = said.filter(([input]) => grades[input] === confidence.tier && confidence.tier !== 'high');
  const rest = said.filter((p) => !first.includes(p));
  return [...first, ...rest].map(([, words]) => words).join('; ');
}
