import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Nodes } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardToDetail, cardToSummary } from '../../src/catalogue/card-record.ts';
import { type ItemChangeRef, servedChangeRecord } from '../../src/catalogue/change-feed.ts';
import { formatUsd } from '../../src/catalogue/format.ts';
import { sealedToDetail } from '../../src/catalogue/sealed-record.ts';
import { setCardsOf, setToDetail } from '../../src/catalogue/set-record.ts';
import { cardToMarkdown } from '../../src/render/markdown/card-markdown.ts';
import { changeRecordToMarkdown } from '../../src/render/markdown/change-markdown.ts';
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.ts';
import { sealedToMarkdown } from '../../src/render/markdown/sealed-markdown.ts';
import { setToMarkdown } from '../../src/render/markdown/set-markdown.ts';
import type { History } from '../../src/schemas/api-types.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { ChangeRecord } from '../../src/schemas/changes.ts';
import { LANGUAGE_NAMES, type Language } from '../../src/schemas/language.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { assertMatches, SCHEMA_DIR } from '../support/schemas.ts';
import { astroPages } from './astro-pages.ts';

/**
 * A field of a record cannot be half-added. The type check forces a property added to a schema of schemas/api/ into
 * the JSON the record code makes; this test forces it onto the pages: it makes a card (with its printings), a sealed
 * product and a set from content in which every optional thing is there, writes each as JSON, Markdown and HTML (a
 * change record, which has no HTML page, as JSON and Markdown), and
 * fails for a property of the record's JSON Schema that the JSON lacks (the fixture must grow with the schema) or whose
 * value neither the Markdown nor the HTML shows, unless NOT_SHOWN says why.
 *
 * "Shows" means the value as people read it (money as $1,234.50, a date as 2025-10-14, an enum as its word) in the
 * text of the page, not its key; a value only inside an address (a slug in a link) is not shown, except for the
 * properties that are addresses (format uri), which a link shows.
 */

const ROOT = join(import.meta.dirname, '..', '..');

const PRICES_AS_OF = '2025-10-20';
/** Six days before PRICES_AS_OF: stale, so that a price status is a word the pages write ("priced" they leave unsaid). */
const UPDATED = '2025-10-14';

const SET: SetEntry = {
  id: 'base1',
  name: 'Base',
  language: 'en',
  series: 'Original',
  printedTotal: 102,
  total: 130,
  releaseDate: '1999-01-09',
  ptcgoCode: 'BS',
};

/**
 * Distinct figures and dates, so that no property is found by another's value, except where two properties are the
 * same fact (the card's value is its primary printing's market price; a history ends on its last price's date).
 */
const CHARIZARD: CardEntry = {
  id: 'base1-4',
  set: 'base1',
  name: 'Charizard',
  language: 'en',
  number: '4',
  supertype: 'Pokémon',
  subtypes: ['Stage 2'],
  types: ['Fire'],
  rarity: 'Rare Holo',
  legalities: { unlimited: 'Legal', expanded: 'Banned' },
  images: { small: 'https://images.pokemontcg.io/base1/4.png', large: 'https://images.pokemontcg.io/base1/4_hires.png' },
  prices: [
    {
      variant: 'holofoil',
      printing: null,
      primary: true,
      productId: 42382,
      groupId: 604,
      low: 327.99,
      mid: 466.5,
      high: 1011,
      market: 458.29,
      directLow: 444.44,
      updatedAt: UPDATED,
      source: 'tcgcsv-archive',
    },
    {
      variant: 'unlimitedHolofoil',
      printing: 'shadowless',
      primary: false,
      productId: 106999,
      groupId: 604,
      low: 725.1,
      mid: 1099.9,
      high: 3187,
      market: 1997.59,
      directLow: 1850.25,
      updatedAt: UPDATED,
      source: 'tcgcsv-archive',
    },
    {
      variant: '1stEditionHolofoil',
      printing: null,
      primary: true,
      productId: null,
      groupId: null,
      low: null,
      mid: null,
      high: null,
      market: null,
      directLow: null,
      updatedAt: '2025-10-09',
      source: 'pokemontcg',
    },
  ],
  history: [
    {
      variant: 'holofoil',
      productId: 42382,
      start: '2025-10-13',
      end: UPDATED,
      market: [450.5, 458.29],
      // The close of Sunday 10-05 is the price 7 days back (a rise); 30 days back is before the history (a reason).
      weekly: { start: '2025-09-28', end: '2025-10-12', market: [401.1, 415.6, 430.75] },
    },
  ],
  graded: {
    ungraded: 224.5,
    psa10: 9120,
    url: 'https://www.pricecharting.com/game/pokemon-base-set/charizard-4',
    updatedAt: '2025-02-27',
    source: 'pricecharting',
  },
};

const CHANGES: ItemChangeRef[] = [{ asOf: '2025-10-16', url: '/api/changes/2025-10-16', what: ['repriced', 'band'] }];

const EVOLVING_SKIES_BOX: SealedEntry = {
  productId: 242436,
  name: 'Evolving Skies Booster Box',
  cleanName: 'Evolving Skies Booster Box',
  kind: 'booster-box',
  set: 'swsh7',
  packs: 36,
  packsBasis: 'product-format',
  url: 'https://www.tcgplayer.com/product/242436',
  price: { low: 2330.87, mid: 2611.5, high: 3884.79, market: 2589.86, directLow: 2555.55, updatedAt: UPDATED, source: 'tcgcsv-archive' },
  history: {
    start: '2025-10-13',
    end: UPDATED,
    market: [2600.25, 2589.86],
    weekly: { start: '2025-09-28', end: '2025-10-12', market: [2700.75, 2550.1, 2650.3] },
  },
  group: { id: 2848, name: 'SWSH07: Evolving Skies' },
};

/** A second priced card of the set, with daily prices only (the set's top cards draw one history of each kind). */
const BLASTOISE: CardEntry = {
  ...CHARIZARD,
  id: 'base1-2',
  name: 'Blastoise',
  number: '2',
  types: ['Water'],
  rarity: 'Rare',
  prices: [{ ...CHARIZARD.prices[0], productId: 42360, low: 120.3, mid: 150.4, high: 310.6, market: 171.15, directLow: null }],
  history: [],
};
const BLASTOISE_HISTORY: History = { start: '2025-10-11', end: UPDATED, market: [160.2, null, 165.4, 171.15] };
const MACHAMP: CardEntry = { ...CHARIZARD, id: 'base1-8', name: 'Machamp', number: '8', rarity: undefined, prices: [], history: [], graded: undefined };

/** A Japanese set and card (../shared/data/japanese): the language fields, the Japanese names and the TCGplayer group. */
const CLAY_BURST: SetEntry = {
  id: 'jp-sv2d',
  name: 'Clay Burst',
  language: 'ja',
  nameJa: 'クレイバースト',
  tcgplayerGroupId: 23608,
  series: 'Scarlet & Violet',
  printedTotal: 71,
  total: 99,
  releaseDate: '2023-04-14',
};
const IONO: CardEntry = {
  ...MACHAMP,
  id: 'jp-sv2d-096',
  set: 'jp-sv2d',
  name: 'Iono',
  language: 'ja',
  nameJa: 'ナンジャモ',
  number: '096',
  supertype: 'Trainer',
  subtypes: ['Supporter'],
  types: [],
  images: { small: 'https://assets.tcgdex.net/ja/SV/SV2D/096/low.png', large: 'https://assets.tcgdex.net/ja/SV/SV2D/096/high.png' },
  prices: [{ ...CHARIZARD.prices[0], productId: 498716, groupId: 23608, market: 252.24 }],
  tcgdexId: 'SV2D-096',
};

const card = cardToDetail(CHARIZARD, SET, PRICES_AS_OF, CHANGES);
const japaneseCard = cardToDetail(IONO, CLAY_BURST, PRICES_AS_OF);
const sealed = sealedToDetail(EVOLVING_SKIES_BOX, PRICES_AS_OF, CHANGES);
const set = setToDetail(
  SET,
  setCardsOf(
    SET,
    [CHARIZARD, BLASTOISE, MACHAMP].map((entry) => ({ summary: cardToSummary(entry, SET, PRICES_AS_OF), number: entry.number })),
  ),
  PRICES_AS_OF,
  (c) => (c.id === CHARIZARD.id ? card.history : c.id === BLASTOISE.id ? BLASTOISE_HISTORY : undefined),
);
const japaneseSet = setToDetail(
  CLAY_BURST,
  setCardsOf(CLAY_BURST, [{ summary: cardToSummary(IONO, CLAY_BURST, PRICES_AS_OF), number: IONO.number }]),
  PRICES_AS_OF,
  () => undefined,
);

/** An import's record with an item of every kind of change, as /api/changes/{date} serves it (every price change also under its deprecated names). */
const CHANGE_RECORD = servedChangeRecord({
  asOf: '2025-10-20',
  previousAsOf: '2025-10-13',
  repriceThreshold: 0.1,
  cards: {
    added: [{ id: 'me8pt5-6', slug: 'mega-sproutle-ex-me8pt5-6', name: 'Mega Sproutle ex (Fixture Tides 6/99)', valueUsd: 274.5 }],
    removed: [{ id: 'base1-99', slug: 'gone-base1-99', name: 'Gone (Base 99/102)', valueUsd: 1.5 }],
    repriced: [{ id: 'base1-4', slug: 'charizard-base1-4', name: 'Charizard (Base 4/102)', valueUsd: 458.29, fromUsd: 399.99, toUsd: 458.29, changePct: 14.6 }],
    band: [{ id: 'base1-2', slug: 'blastoise-base1-2', name: 'Blastoise (Base 2/102)', valueUsd: 512.4, from: 'chase', to: 'grail' }],
    status: [{ id: 'base1-8', slug: 'machamp-base1-8', name: 'Machamp (Base 8/102)', valueUsd: 3.25, from: 'unpriced', to: 'priced' }],
  },
  sealed: {
    added: [{ id: '600001', slug: 'fixture-tides-booster-box-600001', name: 'Fixture Tides Booster Box', valueUsd: 161.2 }],
    removed: [{ id: '600002', slug: 'gone-booster-pack-600002', name: 'Gone Booster Pack', valueUsd: 4.75 }],
    repriced: [
      {
        id: '242436',
        slug: 'evolving-skies-booster-box-242436',
        name: 'Evolving Skies Booster Box',
        valueUsd: 2589.86,
        fromUsd: 2200,
        toUsd: 2589.86,
        changePct: 17.7,
      },
    ],
    band: [{ id: '600003', slug: 'fixture-etb-600003', name: 'Fixture Elite Trainer Box', valueUsd: 88.4, from: 'mid', to: 'chase' }],
    status: [{ id: '600004', slug: 'fixture-tin-600004', name: 'Fixture Tin', valueUsd: 27.3, from: 'unpriced', to: 'stale' }],
  },
  printings: {
    repriced: [
      {
        id: 'base1-4',
        slug: 'charizard-base1-4',
        name: 'Charizard (Base 4/102)',
        valueUsd: 1997.59,
        printing: 'shadowless-holofoil',
        label: 'Shadowless Holofoil',
        fromUsd: 1500,
        toUsd: 1997.59,
        changePct: 33.2,
      },
    ],
  },
  sets: { added: [{ id: 'me8pt5', name: 'Fixture Tides', cards: 6 }] },
} satisfies ChangeRecord);

const ADDRESS = 'the address of the page (its slug), which both pages link: a person reads the name';
const ID_IN_ADDRESS = "<set>-<number>: the set and the number are in the name (Charizard (Base 4/102)), the id in the card's every address";
const WEEKLY_END = 'the Sunday before history.start, where the weekly closes give way to the daily values: it says nothing of its own';
const CHANGE_URL = "the JSON address of the import's change record, made from asOf: the pages link the same record by its date";
const CHANGE_REASON = 'a code for programs: the pages say why in words (the price history starts 2025-09-28)';

/**
 * The properties no page shows, each with why: a short list, and a new property goes on it only with a reason.
 * Paths as `leavesOf` names them: `printings[].variant` is the variant of every printing.
 */
const NOT_SHOWN: Record<string, Record<string, string>> = {
  'card-detail.json': {
    id: ID_IN_ADDRESS,
    slug: ADDRESS,
    'history.weekly.end': WEEKLY_END,
    'printings[].history.weekly.end': WEEKLY_END,
    'printings[].primary': "a flag: the pages say which printing the card's value is (valuePrinting), one of the primary ones",
    'printings[].midPrice': "the listings' mid price, for programs (JSON, printings.csv): the pages give the value and the listings from low to high",
    'printings[].directLowPrice': 'the lowest Direct listing, for programs (JSON, printings.csv): the pages give the value and the listings from low to high',
    'changes[].url': CHANGE_URL,
    'change.*.reason': CHANGE_REASON,
    'printings[].change.*.reason': CHANGE_REASON,
  },
  'sealed-detail.json': {
    id: 'the same as slug',
    slug: ADDRESS,
    'history.weekly.end': WEEKLY_END,
    'changes[].url': CHANGE_URL,
    'change.*.reason': CHANGE_REASON,
  },
  'change-record.json': {
    repriceThreshold: 'a share for programs (0.1): the Markdown writes it as the percentage people read (more than 10%)',
    'printings.repriced[].id': ID_IN_ADDRESS,
    'printings.repriced[].slug': "the address of the card's page, which the card's name links",
    'printings.repriced[].printing': "the printing's id, for programs: the Markdown names the printing by its label",
    ...Object.fromEntries(
      ['cards', 'sealed'].flatMap((collection) => [
        ...['added', 'removed', 'repriced', 'band', 'status'].flatMap((kind) => [
          [`${collection}.${kind}[].id`, 'the id, for programs: the Markdown names the item and links its page'],
          [`${collection}.${kind}[].slug`, ADDRESS],
        ]),
        ...['band', 'status'].map((kind) => [`${collection}.${kind}[].valueUsd`, `a ${kind} change is about the ${kind}: the Markdown gives its from and to`]),
      ]),
    ),
  },
  'set-detail.json': {
    'cards[].id': ID_IN_ADDRESS,
    'cards[].history.weekly.end': WEEKLY_END,
    'cards[].slug': "the address of the card's page, which the card's name links",
    'topCard.id': ID_IN_ADDRESS,
    'topCard.slug': "the address of the card's page, which the card's name links",
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The schemas, walked down to their leaves

interface Schema {
  $ref?: string;
  $defs?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  type?: string | string[];
  format?: string;
}

const SCHEMAS: Record<string, Schema> = Object.fromEntries(
  readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f, JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8'))]),
);

/** A property with no properties of its own: what a page shows or not. A link is a property that is an address. */
interface Leaf {
  path: string;
  link: boolean;
}

/**
 * Every leaf of a schema, named by its path: `market.lowPrice`, `printings[].midPrice`, `types[]` (the elements),
 * `legalities.*` (a map's values) and `legalities.{key}` (its keys). A `$ref` is followed into its file, `allOf`
 * merged, and of `oneOf` the branches that are not null are walked. An object whose properties all share one schema
 * (the windows of a change: `change.7d`, `change.30d` …) is walked as one, `change.*.fromUsd`: its windows are one
 * shape, a figure in one and a reason in another. A `$ref` beside properties (a change record's items) adds the
 * referenced schema's properties, as `allOf` does; `#/$defs/…` is looked up in the file being walked.
 * @example leavesOf({ properties: { a: { type: 'string', format: 'uri' } } }) // [{ path: 'a', link: true }]
 */
function leavesOf(schema: Schema, path = '', file = ''): Leaf[] {
  const resolve = (ref: string): [Schema, string] => (ref.startsWith('#/$defs/') ? [SCHEMAS[file].$defs![ref.slice(8)], file] : [SCHEMAS[ref], ref]);
  if (schema.$ref && !schema.properties) {
    const [target, targetFile] = resolve(schema.$ref);
    return leavesOf(target, path, targetFile);
  }
  const join = (key: string) => (path ? `${path}.${key}` : key);
  const parts = [schema, ...[...(schema.$ref ? [schema] : []), ...(schema.allOf ?? [])].map((s) => (s.$ref ? resolve(s.$ref)[0] : s))];
  const properties = Object.assign({}, ...parts.map((s) => s.properties ?? {})) as Record<string, Schema>;
  const shapes = new Set(Object.values(properties).map((s) => s.$ref));
  if (Object.keys(properties).length > 1 && shapes.size === 1 && !shapes.has(undefined)) return leavesOf(Object.values(properties)[0], join('*'), file);
  if (Object.keys(properties).length > 0) return Object.entries(properties).flatMap(([key, s]) => leavesOf(s, join(key), file));
  if (schema.oneOf) return schema.oneOf.filter((s) => s.type !== 'null').flatMap((s) => leavesOf(s, path, file));
  if (schema.items) return leavesOf(schema.items, `${path}[]`, file);
  if (typeof schema.additionalProperties === 'object') return [{ path: join('{key}'), link: false }, ...leavesOf(schema.additionalProperties, join('*'), file)];
  return [{ path, link: schema.format === 'uri' }];
}

/**
 * Every value a record holds at a leaf's path (null and absent left out).
 * @example valuesAt({ printings: [{ id: 'a' }, { id: 'b' }] }, 'printings[].id') // ['a', 'b']
 */
function valuesAt(record: unknown, path: string): unknown[] {
  let values = [record];
  for (const step of path.split('.')) {
    const key = step.replace(/\[\]$/, '');
    values = values.flatMap((v): unknown[] => {
      if (v === null || typeof v !== 'object') return [];
      if (key === '*') return Object.values(v);
      if (key === '{key}') return Object.keys(v);
      return [(v as Record<string, unknown>)[key]];
    });
    if (step.endsWith('[]')) values = values.flatMap((v) => (Array.isArray(v) ? v : []));
  }
  return values.filter((v) => v !== null && v !== undefined);
}

// ---------------------------------------------------------------------------------------------------------------
// What a page shows: its text, and the addresses it links

interface Shown {
  text: string;
  links: Set<string>;
}

/** The text of a Markdown document and the addresses of its links and images; a link written as its own address is an address, not text. */
function markdownShows(markdown: string): Shown {
  const text: string[] = [];
  const links = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image') links.add(node.url);
    if (node.type === 'text' || node.type === 'inlineCode') text.push(node.value);
    if (node.type === 'image' && node.alt) text.push(node.alt);
    if (node.type === 'link' && node.children.length === 1 && node.children[0].type === 'text' && node.children[0].value === node.url) return;
    if ('children' in node) for (const child of node.children) visit(child);
  };
  for (const node of parseMarkdown(markdown)) visit(node);
  return { text: text.join('\n'), links };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.startsWith('#x') ? `0${name.slice(1)}` : name.slice(1))) : (ENTITIES[name] ?? entity),
  );

/** The text of an HTML page (the pages are our own markup: no comments, scripts or styles to leave out) and the addresses of its links and images. */
function htmlShows(html: string): Shown {
  const links = new Set([...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decode(m[1])));
  return { text: decode(html.replace(/<[^>]*>/g, '\n')), links };
}

/** The ways a page writes a value: money as dollars, a count with its thousands, text in any case, a language by its name. */
function formsOf(value: unknown): string[] {
  if (typeof value === 'number') return [...new Set([String(value), formatUsd(value), value.toLocaleString('en-US')])];
  if (typeof value === 'string') return value in LANGUAGE_NAMES ? [LANGUAGE_NAMES[value as Language]] : [value];
  return []; // a boolean is a word only in a sentence about it: such a property is shown by what it decides, or on NOT_SHOWN
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a value stands in a text on its own: `36` is in "36 packs", not in "$2,360.00" or "2025-10-36". */
function inText(text: string, form: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}.,$-])${escapeRegExp(form)}(?![\\p{L}\\p{N}]|[.,-]\\p{N})`, 'iu').test(text);
}

function isShown(leaf: Leaf, values: unknown[], pages: Shown[]): boolean {
  return values.some((value) => formsOf(value).some((form) => pages.some((page) => inText(page.text, form) || (leaf.link && page.links.has(form)))));
}

// ---------------------------------------------------------------------------------------------------------------

let pages: Awaited<ReturnType<typeof astroPages>>;
beforeAll(async () => {
  pages = await astroPages(ROOT);
});
afterAll(() => pages?.close());

const RECORDS: { name: string; schema: string; record: object; markdown: () => string; html?: () => Promise<string> }[] = [
  { name: 'card-detail.json', schema: 'card-detail.json', record: card, markdown: () => cardToMarkdown(card), html: () => pages.card(card) },
  {
    name: 'card-detail.json (a Japanese card)',
    schema: 'card-detail.json',
    record: japaneseCard,
    markdown: () => cardToMarkdown(japaneseCard),
    html: () => pages.card(japaneseCard),
  },
  { name: 'sealed-detail.json', schema: 'sealed-detail.json', record: sealed, markdown: () => sealedToMarkdown(sealed), html: () => pages.sealed(sealed) },
  { name: 'set-detail.json', schema: 'set-detail.json', record: set, markdown: () => setToMarkdown(set), html: () => pages.set(set) },
  {
    name: 'set-detail.json (a Japanese set)',
    schema: 'set-detail.json',
    record: japaneseSet,
    markdown: () => setToMarkdown(japaneseSet),
    html: () => pages.set(japaneseSet),
  },
  { name: 'change-record.json', schema: 'change-record.json', record: CHANGE_RECORD, markdown: () => changeRecordToMarkdown(CHANGE_RECORD) },
];

describe.each(RECORDS)('$name', ({ schema, record, markdown, html }) => {
  const leaves = leavesOf(SCHEMAS[schema], '', schema);
  const pagesOf = async () => [markdownShows(markdown()), ...(html ? [htmlShows(await html())] : [])];
  const notShown = NOT_SHOWN[schema];
  // An English record has no Japanese name and a Japanese one no graded figures: between them, the records of a schema hold every property.
  const sameSchema = RECORDS.filter((r) => r.schema === schema).map((r) => r.record);

  it('the fixture record is valid, and with the others of its schema holds a value at every property of the schema, optional and nullable ones included', () => {
    assertMatches(schema, JSON.parse(JSON.stringify(record)), schema);
    expect(leaves.length).toBeGreaterThan(10);
    const empty = leaves.filter((leaf) => sameSchema.every((r) => valuesAt(r, leaf.path).length === 0)).map((leaf) => leaf.path);
    expect(empty, 'give the fixture content a value for each (not null, not empty)').toEqual([]);
  });

  it('every property not on NOT_SHOWN has its value in the Markdown or the HTML', async () => {
    const shown = await pagesOf();
    // A property this record leaves empty is held, and checked, by another record of its schema (the test above).
    const held = leaves.filter((leaf) => valuesAt(record, leaf.path).length > 0);
    const missing = held.filter((leaf) => !(leaf.path in notShown) && !isShown(leaf, valuesAt(record, leaf.path), shown)).map((leaf) => leaf.path);
    expect(missing, 'add each to the Markdown and the HTML, or to NOT_SHOWN with the reason').toEqual([]);
  });

  it('NOT_SHOWN names only properties of the schema that neither page shows', async () => {
    const shown = await pagesOf();
    const byPath = new Map(leaves.map((leaf) => [leaf.path, leaf]));
    const stale = Object.keys(notShown).filter((path) => !byPath.has(path) || isShown(byPath.get(path)!, valuesAt(record, path), shown));
    expect(stale).toEqual([]);
  });
});
