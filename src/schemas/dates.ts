/** Calendar dates as the content and the API write them (`YYYY-MM-DD`, UTC days). */

export function daysBetween(from: string, to: string): number {
  return Math.round(dayOf(to) - dayOf(from));
}

/**
 * Dates and day numbers already converted, both ways. A build converts millions (every history window of 20k cards
 * and their printings) among a few thousand distinct days, and a Date round trip costs a microsecond. Each map is
 * emptied when full; a key that is not a date is never kept.
 */
const dayNumbers = new Map<string, number>();
const dateTexts = new Map<number, string>();
const MAX_KEPT = 20_000;
const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
  return value;
};

/** A date as a day number, the days since 1970-01-01: what a loop over many dates compares without parsing each. @example dayOf('1970-01-02') // 1 */
export const dayOf = (date: string): number => {
  const day = dayNumbers.get(date);
  if (day !== undefined) return day;
  const parsed = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return Number.isNaN(parsed) ? parsed : remember(dayNumbers, date, parsed);
};

/** @example dateOfDay(1) // '1970-01-02' */
export const dateOfDay = (day: number): string => dateTexts.get(day) ?? remember(dateTexts, day, new Date(day * 86_400_000).toISOString().slice(0, 10));

/** @example addDays('2025-10-20', -29) // '2025-09-21' */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayOf(date) + days);
}

/** @example isSunday('2025-09-21') // true */
export function isSunday(date: string): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
}

/** @example mondayOnOrBefore('2025-10-22') // '2025-10-20' */
export function mondayOnOrBefore(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** @example sundayOnOrAfter('2025-10-22') // '2025-10-26' */
export function sundayOnOrAfter(date: string): string {
  return addDays(date, (7 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7);
}
