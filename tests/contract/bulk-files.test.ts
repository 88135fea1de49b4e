import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { contentTypeOf } from '../../src/http/headers.ts';
import { cardCsvColumnsOf, printingCsvColumnsOf } from '../../src/pipeline/bulk-files.ts';
import type { BulkManifest } from '../../src/schemas/api-types.ts';
import { manifestOf } from '../support/built-files.ts';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches, SCHEMA_DIR, schemaFiles } from '../support/schemas.ts';

/**
 * The open-data files of the fixture build (docs/data.md): each NDJSON line is
 * its detail file byte for byte, the gzip twins inflate to the NDJSON, the CSV
 * is RFC 4180 with the card summary fields (the columns read from the schemas, as
 * the build reads them), and the manifest's counts, sizes and hashes are those of
 * the files. A second build gives the same bytes.
 */
const dist = inject('fixtureDist');
const client = join(dist, 'client');
const bytes = (path: string) => readFileSync(join(client, path));
const text = (path: string) => bytes(path).toString('utf8');
const content = JSON.parse(text('api/content.json'));
const manifest: BulkManifest = JSON.parse(text('api/bulk/manifest.json'));
const schemas = Object.fromEntries(schemaFiles().map((file) => [file, JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))]));
/** A field as the CSV writes it (src/render/csv.ts), for comparing rows with the NDJSON records. */
const field = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value));
/** The value at a column's path in a record (a change window's figure is two objects down). */
const at = (record: unknown, path: readonly string[]): unknown => path.reduce((v: unknown, key) => (v as Record<string, unknown> | undefined)?.[key], record);

const BULK_FILES = [
  '/api/bulk/cards.ndjson',
  '/api/bulk/cards.ndjson.gz',
  '/api/bulk/cards.csv',
  '/api/bulk/printings.csv',
  '/api/bulk/crosswalk.csv',
  '/api/bulk/sealed.ndjson',
  '/api/bulk/sealed.ndjson.gz',
  '/api/bulk/knowledge.ndjson',
  '/api/bulk/knowledge.ndjson.gz',
];

/** The lines of an NDJSON text, which must end in a newline. */
function ndjsonLines(body: string): string[] {
  expect(body.endsWith('\n')).toBe(true);
  return body.slice(0, -1).split('\n');
}

describe.each([
  ['cards', 'card-detail.json', 'totalCards', 'slug'],
  ['sealed', 'sealed-detail.json', 'totalSealed', 'slug'],
  ['knowledge', 'knowledge-detail.json', 'totalArticles', 'id'],
])('/api/bulk/%s.ndjson', (collection, schema, total, key) => {
  const lines = ndjsonLines(text(`api/bulk/${collection}.ndjson`));

  it('holds every record of the catalogue, one per line, in slug order', () => {
    expect(lines.length).toBe(content[total]);
    expect(lines.length).toBe(readdirSync(join(client, 'api', collection)).length);
    const slugs = lines.map((line) => JSON.parse(line)[key]);
    expect(slugs).toEqual([...slugs].sort());
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it(`each line validates against ${schema} and is its detail file byte for byte`, () => {
    for (const line of lines) {
      const record = JSON.parse(line);
      assertMatches(schema, record, `${collection}.ndjson ${record[key]}`);
      expect(line, record[key]).toBe(text(`api/${collection}/${record[key]}.json`));
    }
  });

  it('its .gz twin inflates to it byte for byte, with no file name or time in the gzip header', () => {
    const gzip = bytes(`api/bulk/${collection}.ndjson.gz`);
    expect(gunzipSync(gzip).equals(bytes(`api/bulk/${collection}.ndjson`))).toBe(true);
    expect(gzip[3] & 0x08, 'FNAME flag').toBe(0);
    expect(gzip.readUInt32LE(4), 'MTIME').toBe(0);
  });
});

describe('/api/bulk/cards.csv', () => {
  const csv = text('api/bulk/cards.csv');
  const cards = ndjsonLines(text('api/bulk/cards.ndjson')).map((line) => JSON.parse(line));
  const COLUMNS = cardCsvColumnsOf(schemas);

  it('ends every row in CRLF, the last one too', () => {
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).not.toMatch(/[^\r]\n/);
  });

  it('parses (csv-parse, RFC 4180) to a header of the summary fields and one row per card, in the NDJSON order', () => {
    const [header, ...rows] = parse(csv, { record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual(COLUMNS.map((c) => c.name));
    expect(rows).toEqual(cards.map((card) => COLUMNS.map((c) => field(at(card, c.path)))));
    expect(rows.length).toBe(content.totalCards);
    // An apostrophe and an accent need no quoting (the unit tests quote commas, quotes and line breaks); an unpriced card has empty fields.
    expect(csv).toContain("\r\nfix1-012,Farfetch'd,Farfetch'd (Fixture Flashfire 012/106),");
    expect(csv).toContain(',Flabébé,');
    expect(rows.find((r) => r[0] === 'base1-8')).toEqual(expect.arrayContaining(['', 'unpriced']));
  });

  it('gives every card its language and Japanese name, in the CSV and the NDJSON alike, as the content files say', () => {
    // Read from the content files, not from the records the build made.
    const fromContent = new Map(
      readdirSync(join(FIXTURE_CONTENT, 'cards')).flatMap((file) =>
        (JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'cards', file), 'utf8')) as { id: string; language: string; nameJa?: string }[]).map(
          (card): [string, [string, string]] => [card.id, [card.language, card.nameJa ?? '']],
        ),
      ),
    );
    expect([...fromContent.values()].filter(([language]) => language === 'ja').length).toBeGreaterThan(0);
    const [header, ...rows] = parse(csv, { record_delimiter: '\r\n' }) as string[][];
    const [language, nameJa] = [header.indexOf('language'), header.indexOf('nameJa')];
    expect(language).toBeGreaterThan(-1);
    expect(nameJa).toBeGreaterThan(-1);
    expect(new Map(rows.map((row) => [row[0], [row[language], row[nameJa]]]))).toEqual(fromContent);
    expect(new Map(cards.map((card) => [card.id, [card.language, card.nameJa ?? '']]))).toEqual(fromContent);
    expect(rows.find((row) => row[0] === 'jp-sv8a-217')?.slice(language, nameJa + 1)).toEqual(['ja', 'ブラッキーex']);
  });
});

describe('/api/bulk/printings.csv', () => {
  const [header, ...rows] = parse(text('api/bulk/printings.csv'), { record_delimiter: '\r\n' }) as string[][];
  const column = (row: string[], name: string) => row[header.indexOf(name)];

  it('has one row per price line of the content, each card in the NDJSON order and its printings most valuable first', () => {
    // Counted from the content files, not from the records the build made.
    const lines = readdirSync(join(FIXTURE_CONTENT, 'cards')).flatMap((file) =>
      (JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'cards', file), 'utf8')) as { id: string; prices: unknown[] }[]).flatMap((card) =>
        card.prices.map(() => card.id),
      ),
    );
    expect(rows.length).toBe(lines.length);
    const cards = ndjsonLines(text('api/bulk/cards.ndjson')).map((line) => JSON.parse(line));
    expect(rows.map((row) => [column(row, 'cardId'), column(row, 'id')])).toEqual(
      cards.flatMap((card) => card.printings.map((p: { id: string }) => [card.id, p.id])),
    );
  });

  it("parses to a header of the card id and the printing's fields, each row the printing of the NDJSON", () => {
    const columns = printingCsvColumnsOf(schemas);
    expect(header).toEqual(columns.map((c) => c.name));
    const cards = ndjsonLines(text('api/bulk/cards.ndjson')).map((line) => JSON.parse(line));
    expect(rows).toEqual(
      cards.flatMap((card) => card.printings.map((p: Record<string, unknown>) => columns.map((c) => field(c.name === 'cardId' ? card.id : at(p, c.path))))),
    );
  });

  it('holds the Shadowless Charizard with its own value and product, and keeps an unpriced printing', () => {
    const shadowless = rows.find((row) => column(row, 'cardId') === 'base1-4' && column(row, 'id') === 'shadowless-holofoil')!;
    expect(shadowless).toBeDefined();
    expect([column(shadowless, 'label'), column(shadowless, 'valueUsd'), column(shadowless, 'productId'), column(shadowless, 'primary')]).toEqual([
      'Shadowless Holofoil',
      '1997.59',
      '106999',
      'false',
    ]);
    const unpriced = rows.find((row) => column(row, 'cardId') === 'base1-4' && column(row, 'id') === '1st-edition-holofoil')!;
    expect([column(unpriced, 'valueUsd'), column(unpriced, 'priceStatus')]).toEqual(['', 'unpriced']);
  });
});

describe('/api/bulk/printings.csv of a Japanese card', () => {
  it("links each printing to its TCGplayer Japanese product's page", () => {
    const [header, ...rows] = parse(text('api/bulk/printings.csv'), { record_delimiter: '\r\n' }) as string[][];
    const umbreon = rows.filter((row) => row[header.indexOf('cardId')] === 'jp-sv8a-217');
    expect(umbreon.map((row) => row[header.indexOf('marketUrl')])).toEqual(['https://www.tcgplayer.com/product/602681?Language=all']);
  });
});

describe('/api/bulk/crosswalk.csv', () => {
  const [header, ...rows] = parse(text('api/bulk/crosswalk.csv'), { record_delimiter: '\r\n' }) as string[][];
  const cards = ndjsonLines(text('api/bulk/cards.ndjson')).map((line) => JSON.parse(line));

  it("has a header of its four columns and a row per card in the NDJSON order, with each card's TCGplayer products once, ascending", () => {
    expect(header).toEqual(['id', 'tcgdexId', 'tcgplayerProductIds', 'cardmarketProductIds']);
    expect(rows.map((row) => row[0])).toEqual(cards.map((card) => card.id));
    rows.forEach((row, i) => {
      const products = [...new Set(cards[i].printings.flatMap((p: { productId: number | null }) => (p.productId === null ? [] : [p.productId])))];
      expect(row[2], row[0]).toBe((products as number[]).sort((a, b) => a - b).join('|'));
    });
  });

  it('leaves the TCGdex id empty where content records none and the rule covers no such series (Base, XY)', () => {
    expect(rows.find((row) => row[0] === 'base1-4')).toEqual(['base1-4', '', '42382|106999', '']);
    const english = rows.filter((row) => !row[0].startsWith('jp-'));
    expect(english.every((row) => row[1] === '' && row[3] === '')).toBe(true);
  });

  it("gives a Japanese card TCGdex's Japanese id, as the import recorded it", () => {
    expect(rows.find((row) => row[0] === 'jp-sv8a-217')).toEqual(['jp-sv8a-217', 'SV8a-217', '602681', '']);
    expect(rows.filter((row) => row[0].startsWith('jp-')).every((row) => row[1] !== '')).toBe(true);
  });
});

describe('/api/bulk/manifest.json', () => {
  it('validates against bulk-manifest.json and lists every bulk file', () => {
    assertMatches('bulk-manifest.json', manifest, 'manifest.json');
    expect(manifest.files.map((f) => f.path)).toEqual(BULK_FILES);
    expect(readdirSync(join(client, 'api', 'bulk')).sort()).toEqual([...BULK_FILES.map((p) => p.slice('/api/bulk/'.length)), 'manifest.json'].sort());
  });

  it("states the interface version of /openapi.json, the content's price date, and the data's newest date as generatedAt", () => {
    expect(manifest.interfaceVersion).toBe(JSON.parse(text('openapi.json')).info.version);
    expect(manifest.pricesAsOf).toBe(content.pricesAsOf);
    const dates = [content.pricesAsOf, ...ndjsonLines(text('api/bulk/knowledge.ndjson')).map((l) => JSON.parse(l).last_verified)];
    expect(manifest.generatedAt).toBe(`${dates.sort().at(-1)}T00:00:00.000Z`);
  });

  it.each(BULK_FILES)("%s: bytes, SHA-256, media type and record count are the file's", (path) => {
    const entry = manifest.files.find((f) => f.path === path)!;
    const body = bytes(path.slice(1));
    expect(entry.bytes).toBe(body.length);
    expect(entry.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(entry.mediaType).toBe(contentTypeOf(path));
    const plain = path.endsWith('.gz') ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    expect(entry.records).toBe(path.endsWith('.csv') ? parse(plain).length - 1 : ndjsonLines(plain).length);
    if (path.endsWith('.gz')) expect(entry.gzipOf).toBe(path.slice(0, -3));
  });

  it("the function's file manifest lists each with the ETag of its bytes, so it is served like any build file", () => {
    const files: FileManifest['files'] = manifestOf(dist).files;
    for (const path of [...BULK_FILES, '/api/bulk/manifest.json']) {
      expect(files[path]?.etag, path).toBe(
        `"${createHash('sha256')
          .update(bytes(path.slice(1)))
          .digest('base64url')}"`,
      );
    }
  });
});

describe('determinism', () => {
  afterAll(() => rmSync(scratchDir('bulk-again'), { recursive: true, force: true }));

  it('a build of the same content at another time gives byte-identical bulk files and manifest', () => {
    // Another SOURCE_DATE_EPOCH: the build time moves (/api/content's generatedAt), the bulk files must not.
    const again = buildSite('bulk-again', FIXTURE_CONTENT, { env: { SOURCE_DATE_EPOCH: '1893456000' } });
    expect(again.status, again.output).toBe(0);
    const other = (path: string) => readFileSync(join(again.dist, 'client', path.slice(1)));
    expect(JSON.parse(other('/api/content.json').toString()).generatedAt).not.toBe(content.generatedAt);
    for (const path of [...BULK_FILES, '/api/bulk/manifest.json']) expect(other(path).equals(bytes(path.slice(1))), path).toBe(true);
  }, 180_000);
});
