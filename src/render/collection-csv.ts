import type { Collection } from '../schemas/api-types.ts';
import { type CsvValue, csvRow } from './csv.ts';

/** The columns of a valued list as CSV, for spreadsheets. */
const COLLECTION_CSV_COLUMNS = [
  'line',
  'quantity',
  'status',
  'text',
  'kind',
  'id',
  'name',
  'set',
  'printing',
  'grade',
  'unitValueUsd',
  'lineValueUsd',
  'note',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before them) as a formula: text a list sent
 * is echoed with a leading apostrophe there, so that a shared sheet cannot be made to run one (OWASP's advice).
 * @example inertCell('=HYPERLINK("x")') // "'=HYPERLINK(\"x\")"
 */
const inertCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The valued list as CSV: a header row, one row per line, and a row with the total; CRLF line ends. Valued as of a
 * date, each row ends with the date of its price (`priceDate`), and the total row says the date. With the total
 * over time (`series`), a row a point follows the total.
 */
export function collectionToCsv(collection: Collection): string {
  const dated = collection.asOf !== undefined;
  const rows: CsvValue[][] = [[...COLLECTION_CSV_COLUMNS, ...(dated ? ['priceDate'] : [])]];
  for (const entry of collection.entries) {
    const { card, sealed } = entry;
    rows.push([
      entry.line,
      entry.quantity,
      entry.status,
      inertCell(entry.text),
      card ? 'card' : sealed ? 'sealed' : null,
      card ? card.id : sealed ? String(sealed.productId) : null,
      card ? card.exactName : sealed ? sealed.cleanName : null,
      card ? card.setName : null,
      card?.printing?.label ?? null,
      entry.grade ? `${entry.grade.company} ${entry.grade.grade}` : null,
      entry.unitValueUsd,
      entry.lineValueUsd,
      entry.note ?? null,
      ...(dated ? [entry.priceDate ?? null] : []),
    ]);
  }
  const total: CsvValue[] = [null, collection.quantity, 'total', null, null, null, null, null, null, null, null, collection.totalUsd];
  rows.push(dated ? [...total, `valued as of ${collection.asOf}`, collection.asOf!] : [...total, `prices as of ${collection.pricesAsOf}`]);
  // The total over time, a row a point after the total: status `series`, its date as text, its total as the value.
  for (const point of collection.series?.points ?? []) {
    const row: CsvValue[] = [null, null, 'series', point.date, null, null, null, null, null, null, null, point.totalUsd];
    rows.push([...row, `${point.valuedLines} of ${collection.entries.length} lines had a price`, ...(dated ? [null] : [])]);
  }
  return `${rows.map(csvRow).join('\r\n')}\r\n`;
}
