import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bulkFileEntry, csvOf, dataDateOf, gzipOf, ndjsonOf } from '../../src/pipeline/bulk-files.ts';
import { csvField } from '../../src/render/csv.ts';

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

describe('csvOf', () => {
  const rows = [
    { id: 'a-1', name: 'Pikachu, Jr.', note: 'said "hi"\r\nthen left', value: 1.5, types: ['Lightning'], band: null },
    { id: 'b-2', name: "Farfetch'd", note: '', value: null, types: [], band: 'mid' },
  ];
  const columns = ['id', 'name', 'note', 'value', 'types', 'band'] as const;

  it('writes a header and one CRLF-terminated row per record, which a CSV parser reads back exactly', () => {
    const { body, records } = csvOf(columns, rows);
    const csv = body.toString('utf8');
    expect(records).toBe(2);
    expect(csv.startsWith('id,name,note,value,types,band\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parse(csv, { record_delimiter: '\r\n' })).toEqual([
      [...columns],
      ['a-1', 'Pikachu, Jr.', 'said "hi"\r\nthen left', '1.5', 'Lightning', ''],
      ['b-2', "Farfetch'd", '', '', '', 'mid'],
    ]);
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
