import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { CATALOG_NAMES, type CatalogName } from '../../src/http/links.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import type { Catalog, CatalogIndex } from '../../src/schemas/api-types.ts';
import { FACILITY_TAGS } from '../../src/schemas/knowledge-taxonomy.ts';
import { FILTER_FIELDS } from '../../src/search/field-filters.ts';
import { builtFiles, manifestOf } from '../support/built-files.ts';
import { FIXTURE_CONTENT } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * The catalogues of filter values (`/api/catalog/{name}`, issue 23) of the fixture build, checked against
 * counts made here from the fixture content files themselves: every value a filter takes, with how many
 * cards, sealed products or articles hold it.
 */
const dist = inject('fixtureDist');
const { client, read, readJson } = builtFiles(dist);

interface ContentCard {
  id: string;
  set: string;
  language: string;
  types: string[];
  subtypes: string[];
  rarity?: string;
  artist?: string;
  prices: { primary: boolean; market: number | null }[];
}
interface ContentSet {
  id: string;
  name: string;
  language: string;
  series: string;
  releaseDate: string;
  ptcgoCode?: string;
}
interface ContentProduct {
  kind: string;
  set?: string;
}

const contentFiles = <T>(folder: string, records: (json: never) => T[]): T[] =>
  readdirSync(join(FIXTURE_CONTENT, folder)).flatMap((f) => records(JSON.parse(readFileSync(join(FIXTURE_CONTENT, folder, f), 'utf8')) as never));
const cards = contentFiles<ContentCard>('cards', (json: ContentCard[]) => json);
const sets: ContentSet[] = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'sets.json'), 'utf8'));
const sealed = contentFiles<ContentProduct>('sealed', (json: { products: ContentProduct[] }) => json.products);
/** Each article's facet tags, from its front matter (`facility_tags: [a, b]`). */
const articleTags: string[][] = readdirSync(join(FIXTURE_CONTENT, 'knowledge')).map((f) => {
  const line = /^facility_tags: \[(.*)\]$/m.exec(readFileSync(join(FIXTURE_CONTENT, 'knowledge', f), 'utf8'));
  return line![1].split(',').map((t) => t.trim());
});

/** The contract's value bands (shared/spec/API.md): grail ≥ $500 · chase ≥ $50 · mid ≥ $5 · budget < $5. */
const bandOf = (usd: number) => (usd >= 500 ? 'grail' : usd >= 50 ? 'chase' : usd >= 5 ? 'mid' : 'budget');
/**
 * A card's band from its primary price lines. A card's value is one primary line's market price; in the fixture
 * every card's primary lines fall in one band, so which line it is does not matter here (the test checks that).
 */
function cardBand(card: ContentCard): string | undefined {
  const bands = new Set(card.prices.filter((p) => p.primary && p.market !== null).map((p) => bandOf(p.market!)));
  expect(bands.size, `${card.id}: the fixture's primary lines should agree on a band`).toBeLessThanOrEqual(1);
  return [...bands][0];
}

/** How many items hold each value, each item counted once per value. */
function countsOf(items: (string | undefined)[][], lower = true): Map<string, number> {
  const counts = new Map<string, number>();
  for (const values of items) {
    for (const value of new Set(values.filter((v): v is string => !!v).map((v) => (lower ? v.toLowerCase() : v)))) {
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return counts;
}
const withZeros = (counts: Map<string, number>, accepted: readonly string[]) => new Map([...accepted.map((v): [string, number] => [v, 0]), ...counts]);

let manifest: FileManifest;
/** Each card's printing ids as its detail file serves them: what `printing:` takes. */
let printingIds: string[][];

beforeAll(() => {
  manifest = manifestOf(dist);
  printingIds = readdirSync(join(client, 'api', 'cards')).map((f) =>
    (readJson(`api/cards/${f}`) as { printings: { id: string }[] }).printings.map((p) => p.id),
  );
});

/** The counts each catalogue must hold, made from the content files. */
function expectedCounts(name: CatalogName): Map<string, number> {
  switch (name) {
    case 'sets':
      return withZeros(
        countsOf(cards.map((c) => [c.set])),
        sets.map((s) => s.id),
      );
    case 'languages':
      return withZeros(countsOf(cards.map((c) => [c.language])), ['en', 'ja']);
    case 'types':
      return countsOf(cards.map((c) => c.types));
    case 'subtypes':
      return countsOf(cards.map((c) => c.subtypes));
    case 'rarities':
      return countsOf(cards.map((c) => [c.rarity]));
    case 'artists':
      return countsOf(cards.map((c) => [c.artist]));
    case 'printings':
      return countsOf(printingIds, false);
    case 'kinds':
      return countsOf(sealed.map((p) => [p.kind]));
    case 'bands':
      return withZeros(countsOf(cards.map((c) => [cardBand(c)])), ['grail', 'chase', 'mid', 'budget']);
    case 'tags':
      return withZeros(countsOf(articleTags), FACILITY_TAGS);
  }
}

const catalog = (name: CatalogName): Catalog => readJson(`api/catalog/${name}.json`);

describe('the catalogues of filter values', () => {
  it.each(CATALOG_NAMES)('%s: every value with the count of the items that hold it, as counted from the content files, most held first', (name) => {
    const built = catalog(name);
    assertMatches('catalog.json', built, name);
    expect(built.name).toBe(name);
    expect(built.total).toBe(built.values.length);
    const expected = expectedCounts(name);
    expect(new Map(built.values.map((e) => [e.value, e.count]))).toEqual(expected);
    expect(built.values.map((e) => e.value)).toEqual([...expected].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)).map(([value]) => value));
  });

  it('counts what the catalogue says it counts: cards, sealed products or articles', () => {
    const counted = Object.fromEntries(CATALOG_NAMES.map((name) => [name, catalog(name).counts]));
    expect(counted).toEqual({
      sets: 'cards',
      languages: 'cards',
      types: 'cards',
      subtypes: 'cards',
      rarities: 'cards',
      artists: 'cards',
      printings: 'cards',
      kinds: 'sealed',
      bands: 'cards',
      tags: 'articles',
    });
  });

  it('writes names in lower case, labelled as the content spells them; ids as they are', () => {
    expect(catalog('types').values.find((e) => e.value === 'fire')).toEqual({ value: 'fire', label: 'Fire', count: 2 });
    expect(catalog('rarities').values.find((e) => e.value === 'rare holo')).toEqual({ value: 'rare holo', label: 'Rare Holo', count: 3 });
    expect(catalog('artists').values).toEqual([
      { value: 'gidora', label: 'GIDORA', count: 1 },
      { value: 'kirisaki', label: 'kirisAki', count: 1 },
      { value: 'mitsuhiro arita', label: 'Mitsuhiro Arita', count: 1 },
      { value: 'planeta yamashita', label: 'PLANETA Yamashita', count: 1 },
      { value: 'yashiro nanaco', label: 'YASHIRO Nanaco', count: 1 },
    ]);
    expect(catalog('subtypes').values.find((e) => e.value === 'stage 2')?.label).toBe('Stage 2');
    expect(catalog('kinds').values.find((e) => e.value === 'etb')?.label).toBe('Elite Trainer Box');
    expect(catalog('printings').values.find((e) => e.value === 'shadowless-holofoil')).toEqual({
      value: 'shadowless-holofoil',
      label: 'Shadowless Holofoil',
      count: 1,
    });
    expect(catalog('bands').values.find((e) => e.value === 'grail')?.label).toBe('grail ($500 and up)');
    // A value without another spelling has no label.
    expect(catalog('tags').values.every((e) => e.label === undefined)).toBe(true);
    for (const name of CATALOG_NAMES.filter((n) => n !== 'sets' && n !== 'printings')) {
      for (const { value } of catalog(name).values) expect(value, `${name}: ${value}`).toBe(value.toLowerCase());
    }
  });

  it('offers each language with its count of cards, named for people, as lang: takes it', () => {
    const japanese = cards.filter((c) => c.id.startsWith('jp-')).length;
    expect(japanese).toBeGreaterThan(0);
    expect(catalog('languages')).toMatchObject({
      title: 'Languages',
      usage: ['/api/cards?q=lang:{value}'],
      values: [
        { value: 'en', label: 'English', count: cards.length - japanese },
        { value: 'ja', label: 'Japanese', count: japanese },
      ],
    });
  });

  it('gives each set its name, series, language, release year, PTCGO code and sealed products, from sets.json', () => {
    const sealedOf = countsOf(sealed.map((p) => [p.set]));
    for (const set of sets) {
      expect(catalog('sets').values.find((e) => e.value === set.id)).toEqual({
        value: set.id,
        label: set.name,
        count: cards.filter((c) => c.set === set.id).length,
        sealedCount: sealedOf.get(set.id) ?? 0,
        series: set.series,
        language: set.language,
        releaseYear: Number(set.releaseDate.slice(0, 4)),
        ptcgoCode: set.ptcgoCode ?? null,
      });
    }
  });

  it('says where the values go, with fields the search filters have', () => {
    for (const name of CATALOG_NAMES) {
      const { usage } = catalog(name);
      for (const template of usage) {
        expect(template, name).toContain('{value}');
        const field = /[?&]q=([a-z]+):/.exec(template)?.[1];
        const scope = template.startsWith('/api/sealed') ? 'sealed' : 'cards';
        if (field) expect(Object.keys(FILTER_FIELDS[scope]), `${name}: ${template}`).toContain(field);
      }
    }
    expect(catalog('tags').usage).toEqual(['/api/knowledge?tag={value}']);
  });

  it('the index lists every catalogue with its size, JSON and Markdown twin', () => {
    const index: CatalogIndex = readJson('api/catalog.json');
    assertMatches('catalog-index.json', index, 'api/catalog.json');
    expect(index.catalogs).toEqual(
      CATALOG_NAMES.map((name) => ({
        name,
        title: catalog(name).title,
        counts: catalog(name).counts,
        total: catalog(name).total,
        url: `/api/catalog/${name}`,
        markdownUrl: `/catalog/${name}.md`,
      })),
    );
  });

  it.each(CATALOG_NAMES)('the Markdown twin of %s tabulates the same values and counts, and the manifest counts its tokens', (name) => {
    const md = read(`catalog/${name}.md`);
    expect(manifest.files[`/catalog/${name}.md`]?.tokens).toBe(countTokensExactly(md));
    expect(md).toMatch(new RegExp(`^# ${catalog(name).title}\\n`));
    expect(md).toContain(`[/api/catalog/${name}](/api/catalog/${name})`);
    const rows = md
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => [cells[1].slice(1, -1), Number(cells[3])])).toEqual(catalog(name).values.map((e) => [e.value, e.count]));
  });

  it('the index has a Markdown twin linking each catalogue, and llms.txt points at them', () => {
    const md = read('catalog.md');
    expect(manifest.files['/catalog.md']?.tokens).toBe(countTokensExactly(md));
    for (const name of CATALOG_NAMES) expect(md).toContain(`[${catalog(name).title}](/catalog/${name}.md)`);
    expect(read('llms.txt')).toContain('[Catalogues of filter values](/api/catalog)');
  });
});
