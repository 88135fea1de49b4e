import { z } from 'astro/zod';
import { daysBetween, isSunday } from './dates.ts';
import { ISO_DATE } from './patterns.ts';

/** A calendar date as `YYYY-MM-DD` that exists on the calendar (2025-02-30 fails). */
export const isoDate = z
  .string()
  .regex(ISO_DATE, 'expected a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a real calendar date');

/** A price in US dollars: non-negative, or null where the source had none. */
export const usd = z.number().nonnegative().nullable();

/**
 * A marketplace's prices for one product, as one day recorded them: what a card's price line and a sealed
 * product's latest prices both hold.
 */
export const marketPriceSchema = z.strictObject({
  low: usd,
  mid: usd,
  high: usd,
  market: usd,
  directLow: usd,
  /** The day the marketplace recorded these prices. */
  updatedAt: isoDate,
  /** Where the prices came from, e.g. `tcgcsv-archive`. */
  source: z.string().min(1),
});

/**
 * The weekly closes before a daily series (the history policy of docs/data.md, "Daily prices"): one value per
 * week, each dated by its Sunday and holding the last price known that Monday to Sunday (null where none was).
 */
const weeklyHistory = z
  .object({
    start: isoDate,
    end: isoDate,
    /** Market price at each week's close; null for a week the marketplace recorded none. */
    market: z.array(usd),
  })
  .refine((w) => isSunday(w.start) && isSunday(w.end), { message: 'weekly start and end must be Sundays (a week closes on Sunday)', path: ['start'] })
  .refine((w) => w.market.length * 7 === daysBetween(w.start, w.end) + 7, {
    message: 'weekly market must hold one value per week from start to end',
    path: ['market'],
  });

/**
 * A daily price series: one value per calendar day from `start` to `end`, both included; `weekly` carries the
 * older weeks on, ending the day before `start`.
 */
export const dailyHistory = z
  .object({
    start: isoDate,
    end: isoDate,
    /** Market price per day; null on days the marketplace recorded none. */
    market: z.array(usd),
    weekly: weeklyHistory.optional(),
  })
  .refine((h) => h.market.length === daysBetween(h.start, h.end) + 1, {
    message: 'market must hold one value per calendar day from start to end',
    path: ['market'],
  })
  .refine((h) => !h.weekly || daysBetween(h.weekly.end, h.start) === 1, {
    message: 'weekly must end the day before the daily start (the Sunday before it)',
    path: ['weekly', 'end'],
  });
