import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { API_VERSION } from '../describe/openapi.ts';
import { contentTypeOf } from '../http/headers.ts';
import { type CsvColumn, columnsNamed, csvColumnsOf, csvField, csvValueOf } from '../render/csv.ts';
import type { BulkManifest, Printing } from '../schemas/api-types.ts';

/**
 * The open-data files (docs/data.md): every detail record of a collection as
 * NDJSON (one line per record, exactly the bytes of its /api/… detail file),
 * its gzip twin, the cards' summary fields as CSV, and /api/bulk/manifest.json
 * that lists them with record counts, sizes and SHA-256 hashes. Everything here
 * is a pure function of the records: the same content gives the same bytes.
 */

export const BULK_DIR = '/api/bulk';
export const BULK_MANIFEST_PATH = `${BULK_DIR}/manifest.json`;

/** The collections with an NDJSON file, and the detail schema (an /openapi.json component) each line matches. */
export const BULK_COLLECTIONS = [
  { name: 'cards', schema: 'CardDetail' },
  { name: 'sealed', schema: 'SealedDetail' },
  { name: 'knowledge', schema: 'KnowledgeDetail' },
] as const;
export type BulkCollection = (typeof BULK_COLLECTIONS)[number]['name'];

export const ndjsonPath = (collection: BulkCollection) => `${BULK_DIR}/${collection}.ndjson`;
export const gzipPath = (collection: BulkCollection) => `${ndjsonPath(collection)}.gz`;
export const CARDS_CSV_PATH = `${BULK_DIR}/cards.csv`;
export const PRINTINGS_CSV_PATH = `${BULK_DIR}/printings.csv`;
/** Each card's id, TCGdex id and marketplace products (src/catalogue/crosswalk.ts). */
export const CROSSWALK_CSV_PATH = `${BULK_DIR}/crosswalk.csv`;

/** Text is turned into bytes every this many characters, so that no string holds a whole file. */
const CHUNK_CHARS = 1 << 20;

/** A file's bytes and how many records it holds. */
export interface BulkBody {
  body: Buffer;
  records: number;
}

/** Joins lines (each already without its end) into bytes, each line ending in `end`. */
function linesToBytes(lines: Iterable<string>, end: string): BulkBody {
  const chunks: Buffer[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  let records = 0;
  for (const line of lines) {
    pending.push(line, end);
    pendingChars += line.length + end.length;
    records++;
    if (pendingChars >= CHUNK_CHARS) {
      chunks.push(Buffer.from(pending.join(''), 'utf8'));
      pending = [];
      pendingChars = 0;
    }
  }
  if (pending.length) chunks.push(Buffer.from(pending.join(''), 'utf8'));
  return { body: Buffer.concat(chunks), records };
}

/**
 * NDJSON of JSON texts given one by one (each is the body of a detail file, so
 * it holds no raw newline): every line ends in `\n`, the last one too.
 * @example ndjsonOf(['{"a":1}', '{"a":2}']).body.toString() // '{"a":1}\n{"a":2}\n'
 */
export function ndjsonOf(jsonTexts: Iterable<string>): BulkBody {
  return linesToBytes(jsonTexts, '\n');
}

const gzipAsync = promisify(gzip);

/**
 * gzip of a file's bytes, made on libuv's thread pool (the build's other core) while the main thread goes on.
 * Deterministic: Node's zlib writes no file name and a zero modification time in the header, so the same
 * bytes (and Node) give the same gzip.
 */
export function gzipOf(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: 9 });
}

/** A CSV file: a header row, then one row per record; every row ends in CRLF. */
export function csvOf(columns: readonly CsvColumn[], rows: Iterable<unknown>): BulkBody {
  const { body, records } = linesToBytes(
    (function* () {
      yield columns.map((c) => csvField(c.name)).join(',');
      // An optional property the record leaves out is an empty field, as null is.
      for (const row of rows) yield columns.map((c) => csvField(csvValueOf(row, c))).join(',');
    })(),
    '\r\n',
  );
  return { body, records: records - 1 };
}

/**
 * The columns of cards.csv: the card summary fields (schemas/api/card-fields.json), read from the schema by
 * csvColumnsOf (`schemas`: the files of schemas/api/ by name), its change a column per window and figure.
 */
export function cardCsvColumnsOf(schemas: Readonly<Record<string, unknown>>): CsvColumn[] {
  return csvColumnsOf('card-fields.json', schemas);
}

/** One file in the manifest. */
export type BulkFileEntry = BulkManifest['files'][number];

export function bulkFileEntry(path: string, { body, records }: BulkBody, extra: Pick<BulkFileEntry, 'schema' | 'gzipOf'> = {}): BulkFileEntry {
  return { path, mediaType: contentTypeOf(path), records, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), ...extra };
}

/**
 * The date the manifest gives as `generatedAt`: the newest date in the data
 * (the price date and the articles' `last_verified`) at midnight UTC, not the
 * wall-clock time of the build. A rebuild of the same content thus gives a
 * byte-identical manifest with the same ETag, and the date moves only when the
 * data does; the build time is /api/content's `generatedAt`.
 * @example dataDateOf('2025-10-20', ['2025-11-02', '2025-01-05']) // '2025-11-02T00:00:00.000Z'
 */
export function dataDateOf(pricesAsOf: string, otherDates: Iterable<string>): string {
  let newest = pricesAsOf;
  for (const date of otherDates) if (date > newest) newest = date;
  return new Date(`${newest || '1970-01-01'}T00:00:00Z`).toISOString();
}

export function bulkManifestOf(pricesAsOf: string, generatedAt: string, files: BulkFileEntry[]): BulkManifest {
  return { interfaceVersion: API_VERSION, generatedAt, pricesAsOf, files };
}

/** One row of printings.csv: a printing of a card (schemas/api/printing.json) with the card it belongs to. */
export type PrintingRow = Omit<Printing, 'history'> & { cardId: string };

/** The columns of printings.csv: the card, then the printing's flat fields (schemas/api/printing.json: all but its history), its change a column per window and figure. */
export function printingCsvColumnsOf(schemas: Readonly<Record<string, unknown>>): CsvColumn[] {
  return [...columnsNamed(['cardId']), ...csvColumnsOf('printing.json', schemas)];
}
