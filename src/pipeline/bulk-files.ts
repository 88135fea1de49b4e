import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateRaw, constants as zlibConstants } from 'node:zlib';
import { API_VERSION } from '../describe/api-version.ts';
import { contentTypeOf } from '../http/headers.ts';
import { type CsvColumn, columnsNamed, csvColumnsOf, csvField, csvValueOf } from '../render/csv.ts';
import type { BulkManifest } from '../schemas/api-types.ts';

/**
 * The open-data files (docs/data.md): every detail record of a section (cards, sealed, knowledge) as NDJSON (a line per record, the bytes of
 * its /api/… detail file), its gzip twin, the cards' summary fields as CSV, and /api/bulk/manifest.json that lists
 * them with record counts, sizes and SHA-256 hashes: the same content gives the same bytes.
 */

export const BULK_DIR = '/api/bulk';
export const BULK_MANIFEST_PATH = `${BULK_DIR}/manifest.json`;

/** The sections with an NDJSON file, and the detail schema (an /openapi.json component) each line matches. */
export const BULK_SECTIONS = [
  { name: 'cards', schema: 'CardDetail' },
  { name: 'sealed', schema: 'SealedDetail' },
  { name: 'knowledge', schema: 'KnowledgeDetail' },
] as const;
export type BulkSection = (typeof BULK_SECTIONS)[number]['name'];

export const ndjsonPath = (section: BulkSection) => `${BULK_DIR}/${section}.ndjson`;
export const gzipPath = (section: BulkSection) => `${ndjsonPath(section)}.gz`;
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
 * NDJSON of JSON texts (each a detail file's body, so it holds no raw newline): every line ends in `\n`.
 * @example ndjsonOf(['{"a":1}', '{"a":2}']).body.toString() // '{"a":1}\n{"a":2}\n'
 */
export function ndjsonOf(jsonTexts: Iterable<string>): BulkBody {
  return linesToBytes(jsonTexts, '\n');
}

const deflateRawAsync = promisify(deflateRaw);

/** How each chunk is compressed: the bytes a chunk gives depend on these and on zlib's version. */
const DEFLATE_OPTIONS = { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH } as const;
/** The chunks' mean size, and the least and most one may be. */
const CHUNK_MEAN = 1 << 20;
const CHUNK_MIN = 1 << 16;
const CHUNK_MAX = 1 << 23;
/** The bytes of a line that decide whether a chunk ends after it: a record's first bytes are its id. */
const CHUNK_HASHED = 32;
/** gzip's header: deflate, no name, modification time 0, the best compression, Unix (what Node's gzip writes). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
/** The deflate stream's last block: final, fixed codes, empty (what zlib writes to finish after a sync flush). */
const FINAL_BLOCK = Buffer.from([3, 0]);

/**
 * Whether a chunk ends after the line from `start` to `end` of a chunk that began at 0: when the line's first bytes
 * hash below a threshold proportional to the line's length (so a chunk holds CHUNK_MEAN bytes on average, whatever
 * its lines' length), between CHUNK_MIN and CHUNK_MAX. The ends hang on the lines' first bytes (a record's id), not
 * on their place: a changed record changes its chunk, and an added or removed one its chunk and perhaps the next,
 * never the chunks after them.
 */
function endsChunk(bytes: Buffer, start: number, end: number): boolean {
  let hash = 0x811c9dc5;
  for (let i = start; i < Math.min(end, start + CHUNK_HASHED); i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return (end >= CHUNK_MIN && (hash >>> 0) / 2 ** 32 < (end - start) / CHUNK_MEAN) || end >= CHUNK_MAX;
}

/**
 * gzip of a file's bytes (NDJSON), made of chunks compressed on their own (raw deflate, level 9, each ending in a
 * sync flush) in one gzip member: one stream any gunzip reads, the same bytes for the same body. The chunks
 * compress on libuv's thread pool while the main thread goes on, and `cacheFile` (when given) keeps each chunk's
 * compressed bytes by the hash of its own, so that a rebuild compresses again only the chunks whose records
 * changed (a price: one chunk, not the whole file). Chunks cost little of the size a single stream has.
 * The cache holds the chunks of the last build only.
 */
export function gzipOf(body: Buffer, cacheFile?: string): Promise<Buffer> {
  return gzipOfBlocks([body], cacheFile);
}

/**
 * gzipOf of the bytes that `blocks` give one after another (a block may end inside a line): the same gzip as of
 * their concatenation, without ever holding it. No more than the chunks compressing at once, and the one being
 * gathered, are held.
 */
export async function gzipOfBlocks(blocks: Iterable<Buffer> | AsyncIterable<Buffer>, cacheFile?: string): Promise<Buffer> {
  const cached = cacheFile ? readChunkCache(cacheFile) : new Map<string, Buffer>();
  const used = new Map<string, Buffer>();
  const parts: Promise<Buffer>[] = [];
  const compress = async (chunk: Buffer) => {
    const hash = createHash('sha256').update(chunk).digest('base64url');
    const hit = cached.get(hash);
    let made: Promise<Buffer>;
    if (hit) made = Promise.resolve(hit);
    else {
      // Waited for before the next bytes are read.
      const release = await deflateSlot();
      made = deflateRawAsync(chunk, DEFLATE_OPTIONS).finally(release);
    }
    const part = made.then((deflated) => {
      used.set(hash, deflated);
      return deflated;
    });
    // Awaited at the end, with the rest: a failure meanwhile is not an unhandled one.
    part.catch(() => {});
    parts.push(part);
  };
  let crc = 0;
  let length = 0;
  // The chunk being gathered: whole lines up to `scanned`, then perhaps the start of a line.
  let pending: Buffer = Buffer.alloc(0);
  let scanned = 0;
  for await (const block of blocks) {
    crc = crc32(block, crc);
    length += block.length;
    pending = pending.length ? Buffer.concat([pending, block]) : block;
    for (let newline = pending.indexOf(10, scanned); newline !== -1; newline = pending.indexOf(10, scanned)) {
      const end = newline + 1;
      if (endsChunk(pending, scanned, end)) {
        await compress(pending.subarray(0, end));
        pending = pending.subarray(end);
        scanned = 0;
      } else scanned = end;
    }
  }
  // The last line (ending in a newline or not) ends the last chunk either way.
  if (pending.length) await compress(pending);
  const deflated = await Promise.all(parts);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  if (cacheFile && (used.size !== cached.size || [...used.keys()].some((hash) => !cached.has(hash)))) writeChunkCache(cacheFile, used);
  return Buffer.concat([GZIP_HEADER, ...deflated, FINAL_BLOCK, trailer]);
}

/**
 * Chunks compressing at once, at most. Each holds a deflate state from its start; all of a file's chunks started
 * at once took the build memory that the allocator kept after.
 */
const DEFLATING_AT_ONCE = 4;
let deflatingNow = 0;
const waitingToDeflate: (() => void)[] = [];
/** Waits for a place to compress a chunk in; returns what gives it up. */
async function deflateSlot(): Promise<() => void> {
  // A finished chunk hands its place to the next waiting one.
  if (deflatingNow < DEFLATING_AT_ONCE) deflatingNow++;
  else await new Promise<void>((resolve) => waitingToDeflate.push(resolve));
  return () => {
    const next = waitingToDeflate.shift();
    if (next) next();
    else deflatingNow--;
  };
}

/** How much of a file written aside is read at once. */
const READ_BLOCK = 4 << 20;

/** A file's SHA-256 and length, and its gzip (gzipOf), read from disk block by block rather than held. */
export async function digestFile(path: string, gzipCacheFile?: string): Promise<{ sha256: Buffer; bytes: number; gzip: Buffer }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(path);
  try {
    const blocks = async function* () {
      for (;;) {
        // A block of its own each time: the chunk being gathered and those compressing may still hold the last.
        const block = Buffer.allocUnsafe(READ_BLOCK);
        const { bytesRead } = await handle.read(block, 0, READ_BLOCK, null);
        if (bytesRead === 0) return;
        const read = block.subarray(0, bytesRead);
        hash.update(read);
        bytes += bytesRead;
        yield read;
      }
    };
    const gzip = await gzipOfBlocks(blocks(), gzipCacheFile);
    return { sha256: hash.digest(), bytes, gzip };
  } finally {
    await handle.close();
  }
}

/** What the chunks' bytes depend on besides their own: a cache of other options or another zlib is not read. */
const CHUNK_FORMAT = JSON.stringify({ zlib: process.versions.zlib, ...DEFLATE_OPTIONS });

/** A chunk cache: a JSON line (the format, each chunk's hash and length), then the chunks' bytes one after another. */
function readChunkCache(file: string): Map<string, Buffer> {
  const chunks = new Map<string, Buffer>();
  if (!existsSync(file)) return chunks;
  const bytes = readFileSync(file);
  const headerEnd = bytes.indexOf(10);
  if (headerEnd === -1) return chunks;
  try {
    const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as { format: string; chunks: [string, number][] };
    if (header.format !== CHUNK_FORMAT) return chunks;
    let at = headerEnd + 1;
    for (const [hash, length] of header.chunks) {
      chunks.set(hash, bytes.subarray(at, at + length));
      at += length;
    }
    // A cache cut short (a build killed while writing it) is not used.
    return at === bytes.length ? chunks : new Map();
  } catch {
    return new Map();
  }
}

function writeChunkCache(file: string, chunks: Map<string, Buffer>): void {
  mkdirSync(dirname(file), { recursive: true });
  const header = JSON.stringify({ format: CHUNK_FORMAT, chunks: [...chunks].map(([hash, bytes]) => [hash, bytes.length]) });
  writeFileSync(file, Buffer.concat([Buffer.from(`${header}\n`), ...chunks.values()]));
}

/** The header row of a CSV of records (without its CRLF). */
const csvHeaderOf = (columns: readonly CsvColumn[]): string => columns.map((c) => csvField(c.name)).join(',');

/** A record's row of a CSV (without its CRLF): an optional property the record leaves out is an empty field, as null is. */
export const csvRowOf = (columns: readonly CsvColumn[], row: unknown): string => columns.map((c) => csvField(csvValueOf(row, c))).join(',');

/** The header row of a CSV of records, with its CRLF, as bytes: what the CSV begins with, before its rows (csvRowOf). */
export const csvHeadOf = (columns: readonly CsvColumn[]): Buffer => Buffer.from(`${csvHeaderOf(columns)}\r\n`, 'utf8');

/**
 * The columns of cards.csv: the card summary fields (schemas/api/card-fields.json), read from the schema by
 * csvColumnsOf (`schemas`: the files of schemas/api/ by name), its change a column per window and figure.
 */
export function cardCsvColumnsOf(schemas: Readonly<Record<string, unknown>>): CsvColumn[] {
  return csvColumnsOf('card-fields.json', schemas);
}

/** One file in the manifest. */
export type BulkFileEntry = BulkManifest['files'][number];

/** A file's length and SHA-256 (digestFile), for one not held in memory. */
export interface BulkDigest {
  bytes: number;
  sha256: Buffer;
  records: number;
}

export function bulkFileEntry(path: string, made: BulkBody | BulkDigest, extra: Pick<BulkFileEntry, 'schema' | 'gzipOf'> = {}): BulkFileEntry {
  const { bytes, sha256 } = 'body' in made ? { bytes: made.body.length, sha256: createHash('sha256').update(made.body).digest() } : made;
  return { path, mediaType: contentTypeOf(path), records: made.records, bytes, sha256: sha256.toString('hex'), ...extra };
}

/**
 * The date the manifest gives as `generatedAt`: the newest date in the data (the price date and the articles'
 * `last_verified`) at midnight UTC, not the build's time (that is /api/content's `generatedAt`), so that a rebuild of
 * the same content gives the same manifest, and the date moves only when the data does.
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

/** The columns of printings.csv: the card, then the printing's flat fields (schemas/api/printing.json: all but its history), its change a column per window and figure. */
export function printingCsvColumnsOf(schemas: Readonly<Record<string, unknown>>): CsvColumn[] {
  return [...columnsNamed(['cardId']), ...csvColumnsOf('printing.json', schemas)];
}
