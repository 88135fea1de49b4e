import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathsOf } from '../../src/describe/openapi/paths.ts';
import {
  bulkFileEntry,
  cardCsvColumnsOf,
  csvHeadOf,
  csvRowOf,
  dataDateOf,
  digestFile,
  gzipOf,
  gzipOfBlocks,
  ndjsonOf,
  printingCsvColumnsOf,
} from '../../src/pipeline/bulk-files.ts';
import { columnsNamed, csvColumnsOf, csvField } from '../../src/render/csv.ts';
import { ROOT } from '../support/fixture-site.ts';
import { SCHEMA_DIR, schemaFiles } from '../support/schemas.ts';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ["Farfetch'd", "Farfetch'd"],
    ['Pikachu, Jr.', '"Pikachu, Jr."'],
    ['The "Best" Card', '"The ""Best"" Card"'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['', ''],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes null as an empty field, numbers as JSON does, and arrays joined with |', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(458.29)).toBe('458.29');
    expect(csvField(1000)).toBe('1000');
    expect(csvField(['Fire', 'Water'])).toBe('Fire|Water');
    expect(csvField([])).toBe('');
    expect(csvField(['Psychic, Dark'])).toBe('"Psychic, Dark"');
  });
});

/** A CSV as the build writes one: its header row, then a row per record (csvRowOf), each ending in CRLF. */
const csvOf = (columns: Parameters<typeof csvRowOf>[0], rows: unknown[]) => ({
  body: Buffer.concat([csvHeadOf(columns), Buffer.from(rows.map((row) => `${csvRowOf(columns, row)}\r\n`).join(''))]),
  records: rows.length,
});

describe('the CSV rows of the bulk files', () => {
  const rows = [
    { id: 'a-1', name: 'Pikachu, Jr.', note: 'said "hi"\r\nthen left', value: 1.5, types: ['Lightning'], band: null },
    { id: 'b-2', name: "Farfetch'd", note: '', value: null, types: [], band: 'mid' },
  ];
  const names = ['id', 'name', 'note', 'value', 'types', 'band'];
  const columns = columnsNamed(names);

  it('writes a header and one CRLF-terminated row per record, which a CSV parser reads back exactly', () => {
    const { body, records } = csvOf(columns, rows);
    const csv = body.toString('utf8');
    expect(records).toBe(2);
    expect(csv.startsWith('id,name,note,value,types,band\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parse(csv, { record_delimiter: '\r\n' })).toEqual([
      names,
      ['a-1', 'Pikachu, Jr.', 'said "hi"\r\nthen left', '1.5', 'Lightning', ''],
      ['b-2', "Farfetch'd", '', '', '', 'mid'],
    ]);
  });
});

describe('csvColumnsOf', () => {
  const schemas = {
    'fields.json': { type: 'object', properties: { id: { type: 'string' }, pageUrl: { type: 'string', format: 'uri' }, name: { type: 'string' } } },
    'status.json': { enum: ['priced', 'unpriced'] },
    'history.json': { type: 'object', properties: { start: { type: 'string' } } },
    'record.json': {
      type: 'object',
      allOf: [{ $ref: 'fields.json' }],
      properties: {
        status: { $ref: 'status.json' },
        types: { type: 'array', items: { type: 'string' } },
        history: { $ref: 'history.json' },
        lines: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' } } } },
        market: { oneOf: [{ $ref: 'history.json' }, { type: 'null' }] },
        band: { enum: ['grail', null] },
        value: { type: ['number', 'null'] },
      },
    },
  };

  const namesOf = (file: string, given: Record<string, unknown>) => csvColumnsOf(file, given).map((c) => c.name);

  it("is every flat property (a value or a list of values) in the schema's order, allOf first and the addresses last", () => {
    expect(namesOf('record.json', schemas)).toEqual(['id', 'name', 'status', 'types', 'band', 'value', 'pageUrl']);
  });

  it('flattens an object of windows (properties of one shape) to a column per window and value, last, named by its path', () => {
    const windowed = {
      ...schemas,
      'window.json': {
        type: 'object',
        properties: { fromUsd: { type: ['number', 'null'] }, changePct: { type: ['number', 'null'] }, reason: { enum: ['x', null] } },
      },
      'windows.json': { type: 'object', properties: { '7d': { $ref: 'window.json' }, '30d': { $ref: 'window.json' } } },
      'record.json': { ...schemas['record.json'], properties: { change: { $ref: 'windows.json' }, ...schemas['record.json'].properties } },
    };
    const columns = csvColumnsOf('record.json', windowed);
    expect(columns.map((c) => c.name)).toEqual([
      ...['id', 'name', 'status', 'types', 'band', 'value', 'pageUrl'],
      ...['change7dFromUsd', 'change7dPct', 'change7dReason', 'change30dFromUsd', 'change30dPct', 'change30dReason'],
    ]);
    const row = { id: 'a-1', change: { '7d': { fromUsd: 31, changePct: 9.7, reason: null }, '30d': { fromUsd: null, changePct: null, reason: 'x' } } };
    expect(csvOf(columns, [row]).body.toString().split('\r\n')[1]).toBe('a-1,,,,,,,31,9.7,,,,x');
  });

  it('a property added to the schema is a column, and a record that leaves it out has an empty field', () => {
    const grown = { ...schemas, 'fields.json': { properties: { ...schemas['fields.json'].properties, artist: { type: 'string' } } } };
    const columns = csvColumnsOf('record.json', grown);
    expect(columns.map((c) => c.name)).toContain('artist');
    expect(csvOf(columns, [{ id: 'a-1' }]).body.toString()).toBe(`${columns.map((c) => c.name).join(',')}\r\na-1${','.repeat(columns.length - 1)}\r\n`);
  });
});

describe('the columns of the bulk CSVs', () => {
  const schemas = Object.fromEntries(schemaFiles().map((file) => [file, JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))]));
  const csvs = [
    {
      path: '/api/bulk/cards.csv',
      columns: cardCsvColumnsOf(schemas).map((c) => c.name),
      doc: /The columns are the card summary fields, in this\s+order: `([^`]+)`/,
    },
    {
      path: '/api/bulk/printings.csv',
      columns: printingCsvColumnsOf(schemas)
        .slice(1)
        .map((c) => c.name),
      doc: /without its history, in\s+this order: `([^`]+)`/,
    },
  ];

  it.each(csvs)('docs/data.md and /openapi.json name the columns of $path as the schemas give them', ({ path, columns, doc }) => {
    const named = readFileSync(join(ROOT, 'docs', 'data.md'), 'utf8').match(doc)?.[1];
    expect(named?.split(/,\s+/)).toEqual(columns);
    expect(JSON.stringify(pathsOf([])[path])).toContain(`(${columns.join(', ')})`);
  });
});

describe('ndjsonOf and gzipOf', () => {
  it('ends every line in a newline, the same bytes however many chunks the text is made in', () => {
    expect(ndjsonOf(['{"a":1}', '{"a":"é"}']).body.toString()).toBe('{"a":1}\n{"a":"é"}\n');
    expect(ndjsonOf([]).body.length).toBe(0);
    // Past the chunk size (1 Mi characters): multi-byte characters across chunk ends.
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ i, text: 'Flabébé '.repeat(100) }));
    const { body, records } = ndjsonOf(lines);
    expect(records).toBe(3000);
    expect(body.equals(Buffer.from(`${lines.join('\n')}\n`))).toBe(true);
  });

  it('gzip is deterministic: no name, zero time, the same bytes every time, inflating to the input', async () => {
    const body = Buffer.from('{"a":1}\n'.repeat(1000));
    const gzip = await gzipOf(body);
    expect((await gzipOf(body)).equals(gzip)).toBe(true);
    expect(gzip[3]).toBe(0); // no FNAME, FCOMMENT, FEXTRA
    expect(gzip.readUInt32LE(4)).toBe(0); // MTIME
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });

  /** NDJSON of `n` records of about 3 kB each, their ids first as the bulk files' are. */
  const records = (n: number, edit?: (i: number) => string) =>
    ndjsonOf(
      Array.from({ length: n }, (_, i) => JSON.stringify({ id: `set${i % 7}-${i}`, name: `Card ${i}`, text: edit?.(i) ?? 'Flabébé '.repeat(380 + (i % 13)) })),
    ).body;

  it('gzip of many chunks is one gzip member that zlib and a DecompressionStream read back (gunzip: tests/processes/open-data-gzip.test.ts)', async () => {
    const body = records(3000);
    expect(body.length).toBeGreaterThan(8 * 2 ** 20);
    const gzip = await gzipOf(body);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    // One member: the deflate stream ends in a final block right before the 8-byte trailer.
    expect(inflateRawSync(gzip.subarray(10, -8)).equals(body)).toBe(true);
    expect(gzip.readUInt32LE(gzip.length - 8)).toBe(crc32(body));
    expect(gzip.readUInt32LE(gzip.length - 4)).toBe(body.length);
    const streamed = Buffer.from(await new Response(new Blob([new Uint8Array(gzip)]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
    expect(streamed.equals(body)).toBe(true);
    expect(gunzipSync(await gzipOf(Buffer.alloc(0))).length).toBe(0);
  });

  it('gzip with a chunk cache gives the same bytes, and compresses again only the chunks whose records changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gzip-chunks-'));
    try {
      const cacheFile = join(dir, 'cards.chunks');
      const chunksInCache = () => {
        const text = readFileSync(cacheFile);
        return (JSON.parse(text.toString('utf8', 0, text.indexOf(10))) as { chunks: [string, number][] }).chunks.map(([hash]) => hash);
      };
      const body = records(3000);
      const gzip = await gzipOf(body);
      expect((await gzipOf(body, cacheFile)).equals(gzip)).toBe(true);
      const before = chunksInCache();
      expect(before.length).toBeGreaterThan(3);
      expect((await gzipOf(body, cacheFile)).equals(gzip)).toBe(true);
      // One record's text changed (a price): its chunk alone is new.
      const edited = records(3000, (i) => (i === 1500 ? `${'Flabébé '.repeat(380 + (i % 13))}!` : 'Flabébé '.repeat(380 + (i % 13))));
      expect((await gzipOf(edited, cacheFile)).equals(await gzipOf(edited))).toBe(true);
      const after = chunksInCache();
      expect(after.length).toBe(before.length);
      expect(after.filter((hash) => !before.includes(hash))).toHaveLength(1);
      // A cache cut short is not read.
      writeFileSync(cacheFile, readFileSync(cacheFile).subarray(0, 1000));
      expect((await gzipOf(body, cacheFile)).equals(gzip)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gzip of bytes given block by block, cut anywhere (inside a line, inside a character), is the gzip of them whole', async () => {
    const body = records(900);
    const whole = await gzipOf(body);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), async (cuts) => {
        const ends = [...cuts.sort((a, b) => a - b), body.length];
        const blocks = ends.map((end, i) => body.subarray(i === 0 ? 0 : ends[i - 1], end));
        expect((await gzipOfBlocks(blocks)).equals(whole)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('a file read back from disk has the SHA-256, length and gzip of its bytes, with the chunk cache too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'digest-file-'));
    try {
      // Larger than a read (4 MiB): the lines run across reads.
      const body = records(3000);
      expect(body.length).toBeGreaterThan(4 * 2 ** 20);
      writeFileSync(join(dir, 'cards.ndjson'), body);
      for (const cacheFile of [undefined, join(dir, 'cards.chunks'), join(dir, 'cards.chunks')]) {
        const digest = await digestFile(join(dir, 'cards.ndjson'), cacheFile);
        expect(digest.bytes).toBe(body.length);
        expect(digest.sha256.equals(createHash('sha256').update(body).digest())).toBe(true);
        expect(digest.gzip.equals(await gzipOf(body))).toBe(true);
      }
      const entry = bulkFileEntry('/api/bulk/cards.ndjson', { ...(await digestFile(join(dir, 'cards.ndjson'))), records: 3000 });
      expect(entry).toEqual(bulkFileEntry('/api/bulk/cards.ndjson', { body, records: 3000 }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a manifest entry has the hex SHA-256 and the type the file is served with', () => {
    const entry = bulkFileEntry('/api/bulk/x.ndjson', { body: Buffer.from(''), records: 0 });
    expect(entry).toEqual({
      path: '/api/bulk/x.ndjson',
      mediaType: 'application/x-ndjson',
      records: 0,
      bytes: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
  });
});

describe('dataDateOf', () => {
  it('is the newest date of the data at midnight UTC, whatever the order', () => {
    expect(dataDateOf('2025-10-20', ['2025-01-05', '2025-11-02', '2024-12-31'])).toBe('2025-11-02T00:00:00.000Z');
    expect(dataDateOf('2025-10-20', [])).toBe('2025-10-20T00:00:00.000Z');
  });
});
