/**
 * A search pack: one catalogue's prepared search data (prepareCatalogue) as one
 * binary file the build writes and the server maps into a searcher in a few
 * milliseconds, with nothing to sort, index or parse up front. Items stay JSON
 * texts, parsed one at a time when a result (or a match reason) needs them, the last RECORDS_KEPT kept.
 *
 * Layout (numbers little-endian):
 *   bytes 0–7    "CVSEARCH"
 *   bytes 8–11   header length H (uint32)
 *   bytes 12–    header: JSON, UTF-8 (format version, fields, size, facet names,
 *                set ids, and each section's [offset, byte length] from the data start)
 *   data start   the first multiple of 8 after the header; then the sections, in
 *                SECTIONS order, each starting at a multiple of 8 (zero padding):
 *     vocabulary     the sorted words, '\n'-joined, UTF-8
 *     aliasTargets   JSON [[alias word, [word, ...]], ...]
 *     aliases        the compiled aliases (CompiledAliases) as JSON, each list of
 *                    positions as {"u32": [offset, length]} into aliasPositions
 *     aliasPositions uint32
 *     postingStart, postings, fieldStart, fieldWords   uint32 (see TokenIndex)
 *     orders         uint32 positions in each stored sort's order (STORED_SORTS: value-asc, name, the change
 *                    sorts), one list of size after another, in the header's `sorts` order
 *     facetCodes     uint16 per position, into the header's facet names
 *     setCodes       uint16 per position, into the header's set ids (NO_SET: none)
 *     ids            each position's target id, lower-cased, '\n'-joined, UTF-8
 *     recordStart    uint32 byte offsets into records, size + 1 of them
 *     records        each position's item as JSON, concatenated, UTF-8
 * Typed sections are read as views over the file's bytes, never copied (unless
 * the bytes sit at an unaligned address). The same data always gives the same bytes.
 */
import type { CompiledAliases } from './aliases.ts';
import { type CatalogueData, positionLookup, STORED_SORTS, type StoredSort } from './catalogue-searcher.ts';
import type { IndexField, TokenIndex } from './token-index.ts';

/** Bumped whenever the layout or the meaning of a section changes: a server refuses a pack of another version. */
export const SEARCH_PACK_VERSION = 3;

const MAGIC = 'CVSEARCH';
const PREAMBLE = MAGIC.length + 4;
const SECTIONS = [
  'vocabulary',
  'aliasTargets',
  'aliases',
  'aliasPositions',
  'postingStart',
  'postings',
  'fieldStart',
  'fieldWords',
  'orders',
  'facetCodes',
  'setCodes',
  'ids',
  'recordStart',
  'records',
] as const;
type Section = (typeof SECTIONS)[number];

interface PackHeader {
  version: number;
  fields: IndexField[];
  /** Number of items. */
  size: number;
  /** Number of vocabulary words. */
  words: number;
  facets: (string | null)[];
  sets: string[];
  /** The stored sorts, in the order the orders section holds them. */
  sorts: StoredSort[];
  /** [offset from the data start, byte length] of each section. */
  sections: Record<Section, [number, number]>;
  /** The whole file's length: a truncated pack is refused. */
  bytes: number;
}

const align8 = (n: number) => (n + 7) & ~7;
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const fieldsKey = (fields: readonly IndexField[]) => JSON.stringify(fields.map((f) => [f.name, f.weight, f.verbatim === true]));
const bytesOf = (array: Uint32Array | Uint16Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** Strings joined by '\n', which therefore none may contain. */
function joinLines(what: string, lines: readonly string[]): Uint8Array {
  const bad = lines.find((line) => line.includes('\n'));
  if (bad !== undefined) throw new Error(`search pack: ${what} ${JSON.stringify(bad)} contains a line break`);
  return Buffer.from(lines.join('\n'), 'utf8');
}

/**
 * The pack of prepared search data, as the build writes it. `textOf`: an item's JSON as bytes, when the caller
 * has it already (the build keeps each card's: src/pipeline/card-pieces.ts); it must be JSON.stringify of the item.
 * @example writeFileSync('dist/server/search/cards.pack', writeSearchPack(prepareCatalogue(records, CARD_CATALOGUE)))
 */
export function writeSearchPack<T>(data: CatalogueData<T>, textOf?: (item: T) => Uint8Array | undefined): Buffer {
  if (!LITTLE_ENDIAN) throw new Error('search packs are written on little-endian machines only');
  const { index, size } = data;
  if (index.size !== size) throw new Error(`search pack: the index covers ${index.size} items, the data ${size}`);
  const recordTexts: Uint8Array[] = [];
  const recordStart = new Uint32Array(size + 1);
  for (let p = 0; p < size; p++) {
    const item = data.item(p);
    const text = textOf?.(item) ?? Buffer.from(JSON.stringify(item), 'utf8');
    recordTexts.push(text);
    recordStart[p + 1] = recordStart[p] + text.length;
  }
  const aliases = packAliases(data.aliases);
  const bodies: Record<Section, Uint8Array> = {
    vocabulary: joinLines('word', index.vocabulary),
    aliasTargets: Buffer.from(JSON.stringify([...index.aliasTargets]), 'utf8'),
    aliases: Buffer.from(aliases.json, 'utf8'),
    aliasPositions: bytesOf(aliases.positions),
    postingStart: bytesOf(index.postingStart),
    postings: bytesOf(index.postings),
    fieldStart: bytesOf(index.fieldStart),
    fieldWords: bytesOf(index.fieldWords),
    orders: bytesOf(concatOrders(STORED_SORTS.map((sort) => data.orders[sort]))),
    facetCodes: bytesOf(data.facets.codes),
    setCodes: bytesOf(data.sets.codes),
    ids: joinLines('id', data.ids()),
    recordStart: bytesOf(recordStart),
    records: Buffer.concat(recordTexts),
  };
  const sections = {} as PackHeader['sections'];
  let dataLength = 0;
  for (const name of SECTIONS) {
    sections[name] = [dataLength, bodies[name].byteLength];
    dataLength = align8(dataLength + bodies[name].byteLength);
  }
  const header: Omit<PackHeader, 'bytes'> = {
    version: SEARCH_PACK_VERSION,
    fields: index.fields.map(({ name, weight, verbatim }) => ({ name, weight, ...(verbatim && { verbatim }) })),
    size,
    words: index.vocabulary.length,
    facets: [...data.facets.names],
    sets: [...data.sets.ids],
    sorts: [...STORED_SORTS],
    sections,
  };
  // The total length is part of the header, whose own length it includes: settle it by iterating (at most twice).
  let bytes = 0;
  let headerText: Buffer;
  for (;;) {
    headerText = Buffer.from(JSON.stringify({ ...header, bytes }), 'utf8');
    const total = align8(PREAMBLE + headerText.length) + dataLength;
    if (total === bytes) break;
    bytes = total;
  }
  const out = Buffer.alloc(bytes); // zero-filled: the padding is deterministic
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerText.length, MAGIC.length);
  headerText.copy(out, PREAMBLE);
  const dataStart = align8(PREAMBLE + headerText.length);
  for (const name of SECTIONS) out.set(bodies[name], dataStart + sections[name][0]);
  return out;
}

function concatOrders(orders: readonly Uint32Array[]): Uint32Array {
  const all = new Uint32Array(orders.reduce((n, order) => n + order.length, 0));
  let at = 0;
  for (const order of orders) {
    all.set(order, at);
    at += order.length;
  }
  return all;
}

/**
 * Compiled aliases as JSON, their lists of positions (one per set alias,
 * nickname ...) stored once each in one uint32 section and named by [offset, length].
 */
function packAliases(aliases: CompiledAliases): { json: string; positions: Uint32Array } {
  const lists: Uint32Array[] = [];
  const offsets = new Map<string, number>();
  let length = 0;
  const json = JSON.stringify({ ...aliases, phrases: [...aliases.phrases] }, function (this: unknown, _, value: unknown) {
    if (!(value instanceof Uint32Array)) return value;
    // unpackAliases looks for lists of positions in a meaning's own fields only.
    if (!(this !== null && typeof this === 'object' && 'kind' in this)) throw new Error('search pack: a list of positions outside a phrase meaning');
    // The list's bytes as the key (one character a byte): the same numbers, the same key, without joining them as text.
    const key = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('latin1');
    let offset = offsets.get(key);
    if (offset === undefined) {
      offsets.set(key, (offset = length));
      lists.push(value);
      length += value.length;
    }
    return { u32: [offset, value.length] };
  });
  const positions = new Uint32Array(length);
  let at = 0;
  for (const list of lists) {
    positions.set(list, at);
    at += list.length;
  }
  return { json, positions };
}

function unpackAliases(json: string, positions: Uint32Array): CompiledAliases {
  // No reviver (it would visit every value, at several times the cost of the parse): references sit in the meanings' own fields.
  const parsed = JSON.parse(json) as Omit<CompiledAliases, 'phrases'> & { phrases: [string, Record<string, unknown>][] };
  for (const [, meaning] of parsed.phrases) {
    for (const key in meaning) {
      const value = meaning[key] as { u32?: unknown } | null;
      if (typeof value === 'object' && value !== null && Array.isArray(value.u32)) {
        const [offset, length] = value.u32 as [number, number];
        meaning[key] = positions.subarray(offset, offset + length);
      }
    }
  }
  return { ...parsed, phrases: new Map(parsed.phrases) } as CompiledAliases;
}

/** A pack's bytes read: its header, and each section's bytes (aligned). */
interface OpenedPack {
  header: PackHeader;
  section(name: Section): Uint8Array;
}

function openPack(file: string, raw: Uint8Array): OpenedPack {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}; rebuild the site (npm run build)`);
  };
  if (!LITTLE_ENDIAN) fail('search packs are read on little-endian machines only');
  if (raw.byteLength < PREAMBLE || Buffer.from(raw.buffer, raw.byteOffset, MAGIC.length).toString('latin1') !== MAGIC) fail('not a search pack');
  // Views need 4-byte alignment; a small file may come from Buffer's pool at any offset.
  const bytes = raw.byteOffset % 8 === 0 ? raw : new Uint8Array(raw);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  let header: PackHeader;
  try {
    if (PREAMBLE + headerLength > buffer.length) throw new Error('short');
    header = JSON.parse(buffer.toString('utf8', PREAMBLE, PREAMBLE + headerLength)) as PackHeader;
  } catch {
    return fail(`the search pack's header is truncated or corrupt (${buffer.length} bytes)`);
  }
  if (header.version !== SEARCH_PACK_VERSION) fail(`search pack format version ${header.version}, this server reads version ${SEARCH_PACK_VERSION}`);
  if (header.bytes !== buffer.length) fail(`the search pack is ${buffer.length} bytes, its header says ${header.bytes}: truncated or corrupt`);
  const dataStart = align8(PREAMBLE + headerLength);
  return {
    header,
    section(name) {
      const where = header.sections?.[name];
      if (!Array.isArray(where)) return fail(`the search pack has no section ${name}`);
      const [offset, length] = where;
      const start = dataStart + offset;
      if (!(Number.isInteger(start) && Number.isInteger(length)) || start % 8 !== 0 || start + length > buffer.length) {
        fail(`section ${name} lies outside the search pack`);
      }
      return bytes.subarray(start, start + length);
    },
  };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const lines = (bytes: Uint8Array, count: number) => (count === 0 ? [] : text(bytes).split('\n'));

/**
 * How many parsed records a pack keeps, the most recently asked for: the working set of a day's searches (266
 * varied searches of 50 results fit, and answer as fast as with every record kept). Kept all, a long-running
 * instance would come to hold every record parsed, 35 MB for 26,000 cards, past what a Workers isolate has
 * beside the rest; so, at most about 11 MB (1.3 KB a record parsed).
 */
export const RECORDS_KEPT = 8192;

/** `parse` of a position, the last `kept` of them kept (least recently asked for dropped first). */
function recentlyParsed<T>(kept: number, parse: (position: number) => T): (position: number) => T {
  const recent = new Map<number, T>();
  return (position) => {
    let found = recent.get(position);
    if (found !== undefined) {
      recent.delete(position);
    } else {
      found = parse(position);
      if (recent.size >= kept) recent.delete(recent.keys().next().value!);
    }
    recent.set(position, found);
    return found;
  };
}

/**
 * The prepared search data of a pack, for a searcher over `fields` (a pack of
 * other fields, or of another format version, is refused with an error naming `file`). The caller reads the bytes,
 * so that this module stays pure.
 * @example createCardSearcher(readSearchPack<CardSearchRecord>(file, CARD_SEARCH_FIELDS, readFileSync(file)))
 */
export function readSearchPack<T>(file: string, fields: readonly IndexField[], bytes: Uint8Array): CatalogueData<T> {
  const { header, section } = openPack(file, bytes);
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}; rebuild the site (npm run build)`);
  };
  if (fieldsKey(header.fields) !== fieldsKey(fields)) {
    fail(`the search pack indexes the fields ${fieldsKey(header.fields)}, this searcher ${fieldsKey(fields)}`);
  }
  const { size, words } = header;
  const u32 = (name: Section, length?: number) => {
    const b = section(name);
    const array = new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
    if (length !== undefined && array.length !== length) fail(`section ${name} holds ${array.length} numbers, not ${length}`);
    return array;
  };
  const u16 = (name: Section) => {
    const b = section(name);
    const array = new Uint16Array(b.buffer, b.byteOffset, b.byteLength >> 1);
    if (array.length !== size) fail(`section ${name} holds ${array.length} codes, not ${size}`);
    return array;
  };
  const vocabulary = lines(section('vocabulary'), words);
  if (vocabulary.length !== words) fail(`the vocabulary holds ${vocabulary.length} words, not ${words}`);
  const index: TokenIndex = {
    fields,
    size,
    vocabulary,
    postingStart: u32('postingStart', words + 1),
    postings: u32('postings'),
    fieldStart: u32('fieldStart', size * fields.length + 1),
    fieldWords: u32('fieldWords'),
    aliasTargets: new Map(JSON.parse(text(section('aliasTargets'))) as [number, number[]][]),
  };
  if (index.postingStart[words] !== index.postings.length || index.fieldStart[size * fields.length] !== index.fieldWords.length) {
    fail('the index sections do not match their offsets');
  }
  if (JSON.stringify(header.sorts) !== JSON.stringify(STORED_SORTS))
    fail(`the search pack holds the sorts ${JSON.stringify(header.sorts)}, this searcher ${JSON.stringify(STORED_SORTS)}`);
  const allOrders = u32('orders', size * STORED_SORTS.length);
  const orders = Object.fromEntries(STORED_SORTS.map((sort, i) => [sort, allOrders.subarray(i * size, (i + 1) * size)])) as Record<StoredSort, Uint32Array>;
  const recordStart = u32('recordStart', size + 1);
  const records = section('records');
  if (recordStart[size] !== records.byteLength) fail(`the records section holds ${records.byteLength} bytes, its offsets say ${recordStart[size]}`);
  const recordText = Buffer.from(records.buffer, records.byteOffset, records.byteLength);
  const item = recentlyParsed<T>(RECORDS_KEPT, (p) => JSON.parse(recordText.toString('utf8', recordStart[p], recordStart[p + 1])) as T);
  let ids: string[] | undefined;
  const idsOf = () => {
    if (!ids) {
      ids = lines(section('ids'), size);
      if (ids.length !== size) fail(`the ids section holds ${ids.length} ids, not ${size}`);
    }
    return ids;
  };
  return {
    size,
    index,
    item,
    orders,
    facets: { names: header.facets, codes: u16('facetCodes') },
    sets: { ids: header.sets, codes: u16('setCodes') },
    ids: idsOf,
    positionOf: positionLookup(idsOf),
    aliases: unpackAliases(text(section('aliases')), u32('aliasPositions')),
  };
}

/**
 * Every item of a pack, in position order (most valuable first), whatever its
 * fields: for scripts and tests that want the records the build searched.
 * @example readSearchPackItems<CardSearchRecord>(file, readFileSync(file)).map((r) => r.summary.slug)
 */
export function readSearchPackItems<T>(file: string, bytes: Uint8Array): T[] {
  const { header, section } = openPack(file, bytes);
  const b = section('recordStart');
  const start = new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
  const records = section('records');
  if (start.length !== header.size + 1 || start[header.size] !== records.byteLength) {
    throw new Error(`${file}: the records section does not match its offsets; rebuild the site (npm run build)`);
  }
  // Records are JSON texts back to back: with commas between them, one array parses at once.
  const recordText = Buffer.from(records.buffer, records.byteOffset, records.byteLength);
  const parts = Array.from({ length: header.size }, (_, p) => recordText.toString('utf8', start[p], start[p + 1]));
  return JSON.parse(`[${parts.join(',')}]`) as T[];
}
