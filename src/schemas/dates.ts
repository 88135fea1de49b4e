/** Calendar dates as the content and the API write them (`YYYY-MM-DD`, UTC days). */

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date as a day number, the days since 1970-01-01: what a loop over many dates compares without parsing each. @example dayOf('1970-01-02') // 1 */
export const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** @example dateOfDay(1) // '1970-01-02' */
export const dateOfDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** @example addDays('2025-10-20', -29) // '2025-09-21' */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
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
