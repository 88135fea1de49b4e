/** CSV as RFC 4180 writes it: the open-data files (src/pipeline/bulk-files.ts) and a valued list's CSV answer. */

/** How the CSV joins the elements of an array field (`types`): no type name holds one. */
const CSV_LIST_SEPARATOR = '|';

export type CsvValue = string | number | boolean | null | readonly string[];

/**
 * One CSV field (RFC 4180): null is empty, an array is joined with `|`, and a
 * field holding a comma, double quote, CR or LF is quoted with its quotes doubled.
 * @example csvField('Farfetch\'d, "the duck"') // '"Farfetch\'d, ""the duck"""'
 * @example csvField(['Fire', 'Water']) // 'Fire|Water'
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = Array.isArray(value) ? value.join(CSV_LIST_SEPARATOR) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row, its fields joined by commas (without its CRLF). */
export const csvRow = (values: readonly CsvValue[]): string => values.map(csvField).join(',');
