import { type KnownPrices, type PricePoint, priceOn, pricesFrom } from '../catalogue/price-on-day.ts';
import { badParameter, type Problem } from '../http/problem.ts';
import { ISO_DATE } from '../schemas/patterns.ts';

/**
 * `asOf`: a list valued as of a date (/api/collection, /collection, the MCP value_collection tool). Each line is
 * valued at its item's price on that day by the one rule (src/catalogue/price-on-day.ts: its latest record from the
 * day it was recorded, before that the last price its history knew in the week ending that day), and says the date
 * of that price.
 */

/** The days a list may be valued as of: from the oldest price any history holds to the catalogue's as-of date. */
export interface AsOfRange {
  historyFrom: string;
  pricesAsOf: string;
}

/** A day of the calendar written YYYY-MM-DD: not 2025-13-01 (no date at all), nor 2025-02-30 (read as March 2). */
function isRealDate(date: string): boolean {
  const time = ISO_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

/**
 * The `asOf` parameter read: absent, a date in the range, or the 400 problem naming it and what is allowed.
 * @example asOfOf(['2025-10-01'], { historyFrom: '2025-09-21', pricesAsOf: '2025-10-20' }) // { asOf: '2025-10-01' }
 */
export function asOfOf(given: readonly string[], { historyFrom, pricesAsOf }: AsOfRange): { asOf?: string } | { problem: Problem } {
  if (given.length === 0) return {};
  const allowed = `a date from ${historyFrom} to ${pricesAsOf}, YYYY-MM-DD`;
  const refuse = (detail: string) => ({ problem: badParameter('asOf', detail, allowed) });
  if (given.length > 1) return refuse(`asOf was given ${given.length} times; give it once.`);
  const [date] = given;
  if (!isRealDate(date)) return refuse(`asOf must be a date written YYYY-MM-DD, from ${historyFrom} to ${pricesAsOf}; got "${date.slice(0, 40)}".`);
  if (date < historyFrom) return refuse(`asOf ${date} is before every price history, which start ${historyFrom} at the earliest.`);
  if (date > pricesAsOf) return refuse(`asOf ${date} is after the prices' date, ${pricesAsOf}: no price is known yet.`);
  return { asOf: date };
}

/**
 * An item's price on `date`, or why it had none, in words that follow "No price" in a line's note.
 * @example priceThen(undefined, '2025-10-01') // { why: 'is known for it' }
 * @example priceThen({ latest: { date: '2025-10-10', usd: 873.99 } }, '2025-10-01') // { why: 'was known before 2025-10-10, when it was recorded' }
 */
export function priceThen(known: KnownPrices | undefined, date: string): PricePoint | { why: string } {
  const from = known && pricesFrom(known);
  if (!known || from === undefined) return { why: 'is known for it' };
  const point = priceOn(known, date);
  if (point) return point;
  if (date < from) return { why: `was known before ${from}, ${known.history ? 'where its history starts' : 'when it was recorded'}` };
  if (known.latest && date >= known.latest.date) return { why: `was recorded on ${known.latest.date} or since` };
  return { why: `was known in the week ending ${date}` };
}
