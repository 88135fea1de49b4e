import { z } from 'astro/zod';

/** A calendar date as `YYYY-MM-DD` that exists on the calendar (2025-02-30 fails). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a real calendar date');

/** A price in US dollars: non-negative, or null where the source had none. */
export const usd = z.number().nonnegative().nullable();

/** A daily price series: one value per calendar day from `start` to `end`, both included. */
export const dailyHistory = z
  .object({
    start: isoDate,
    end: isoDate,
    /** Market price per day; null on days the marketplace recorded none. */
    market: z.array(usd),
  })
  .refine((h) => h.market.length === daysBetween(h.start, h.end) + 1, {
    message: 'market must hold one value per calendar day from start to end',
    path: ['market'],
  });

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
