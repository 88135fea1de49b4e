import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { type GradedFigures, gradedFiguresOf } from '../../src/collection/collection-data.ts';
import { linesOfCsv, linesOfText } from '../../src/collection/list-lines.ts';
import { type CollectionSearchers, valueList } from '../../src/collection/value-list.ts';
import type { Collection, CollectionEntry } from '../../src/schemas/api-types.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { CARD_CATALOGUE, createCardSearcher, productLookup, productPositionsOf } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import { createSealedSearcher } from '../../src/search/sealed-searcher.ts';
import { CONTENT_DIR, loadRealCatalogue, realContent } from '../support/real-catalogue.ts';
import { assertMatches } from '../support/schemas.ts';

let searchers: CollectionSearchers;
let pricesAsOf: string;
let cardsById: Map<string, CardEntry>;
/** TCGplayer product id → the product's market price in content/sealed. */
let sealedMarket: Map<number, number | null>;

beforeAll(() => {
  const real = loadRealCatalogue();
  pricesAsOf = real.pricesAsOf;
  // Positions are those of the prepared catalogue, as the build writes search/card-products.json.
  const cardData = prepareCatalogue(real.cards, CARD_CATALOGUE, real.aliases);
  const entries = realContent().cards;
  cardsById = new Map(entries.map((card) => [card.id, card]));
  searchers = {
    cards: createCardSearcher(cardData),
    sealed: createSealedSearcher(real.sealedRecords, { aliases: real.aliases }),
    cardProducts: productLookup(productPositionsOf(cardData.size, cardData.item)),
    gradedOf: (id) => {
      const figures = cardsById.get(id)?.graded;
      return figures && gradedFiguresOf(figures);
    },
  };
  sealedMarket = new Map();
  for (const file of readdirSync(join(CONTENT_DIR, 'sealed')).filter((f) => f.endsWith('.json'))) {
    const { products } = JSON.parse(readFileSync(join(CONTENT_DIR, 'sealed', file), 'utf8')) as {
      products: { productId: number; price?: { market: number | null } }[];
    };
    for (const p of products) sealedMarket.set(p.productId, p.price?.market ?? null);
  }
});

// Values read from content/, not from the engine: a card's own value is its primary price line's market price.
const card = (id: string) => cardsById.get(id) ?? expect.unreachable(`no card ${id} in content`);
const own = (id: string) => primaryPriceOf(card(id))!.market!;
/** A card's own value, or null while no marketplace prices it. */
const ownOrNull = (id: string) => primaryPriceOf(card(id))?.market ?? null;
/** The market price of a card's price line with this variant and printing (content/cards prices[]). */
const line = (id: string, variant: string, printing: string | null) => card(id).prices.find((p) => p.variant === variant && p.printing === printing)!.market!;
const graded = (id: string, figure: Exclude<keyof GradedFigures, 'updatedAt'>) => card(id).graded![figure]!;
const sealed = (productId: number) => sealedMarket.get(productId)!;
/** The most valuable card named exactly `name`: what a bare name is valued at (all such cards cover the query alike). */
const mostValuableNamed = (name: string) =>
  [...cardsById.values()].filter((c) => c.name === name && primaryPriceOf(c)).sort((a, b) => own(b.id) - own(a.id))[0].id;

type Status = CollectionEntry['status'];
interface Expected {
  text: string;
  /** What the line is read as; absent for not-found lines and for skipped (blank, comment) lines. */
  kind?: 'card' | 'sealed';
  id?: () => string;
  status?: Status;
  quantity?: number;
  unit?: () => number | null;
  grade?: { company: string; grade: string; valueUsd: () => number | null };
}

const C = (id: string, status: Status, unit: () => number | null = () => own(id), quantity = 1): Omit<Expected, 'text'> => ({
  kind: 'card',
  id: () => id,
  status,
  unit,
  quantity,
});
const S = (productId: number, status: Status, quantity = 1): Omit<Expected, 'text'> => ({
  kind: 'sealed',
  id: () => String(productId),
  status,
  unit: () => sealed(productId),
  quantity,
});
const NOTHING: Omit<Expected, 'text'> = { status: 'not-found', unit: () => null };
/** The status a line gets: a match with no value is "unpriced", the item itself with nothing to add. */
const statusOf = (e: Expected): Status | undefined => (e.status === 'matched' && e.unit?.() === null ? 'unpriced' : e.status);

/** A list written the ways collectors write them, each line labelled by reading content/ (cards, aliases, sealed). */
const LIST: Expected[] = [
  { text: '# my binder' },
  { text: '2x charizard 4/102', ...C('base1-4', 'matched', undefined, 2) },
  { text: '2 x blastoise base set 2/102', ...C('base1-2', 'matched', undefined, 2) },
  { text: 'x3 pikachu base set 58', ...C('base1-58', 'matched', undefined, 3) },
  { text: 'venusaur 15/102 x2', ...C('base1-15', 'matched', undefined, 2) },
  { text: 'charizard base set 4 2x', ...C('base1-4', 'matched', undefined, 2) },
  { text: '2 charizard 4/102', ...C('base1-4', 'matched', undefined, 2) },
  { text: '4/102 charizard', ...C('base1-4', 'matched') },
  { text: '' },
  { text: 'mewtwo base set 10/102', ...C('base1-10', 'matched') },
  { text: 'gyarados 6/102', ...C('base1-6', 'matched') },
  { text: 'dark charizard 4/82', ...C('base5-4', 'matched') },
  { text: 'lugia neo genesis 9/111', ...C('neo1-9', 'matched') },
  { text: 'rayquaza vmax 218/203', ...C('swsh7-218', 'matched') },
  { text: 'charizard ex 199/165', ...C('sv3pt5-199', 'matched') },
  { text: 'umbreon vmax evs 215/203', ...C('swsh7-215', 'matched') },
  // "base set" is an alias of Base (content/aliases/sets.json), but Base Set 2 and Expedition Base Set have the words too.
  { text: 'charizard base set', ...C('base1-4', 'ambiguous') },
  { text: 'charzard base set', ...C('base1-4', 'ambiguous') },
  { text: 'moonbreon', ...C('swsh7-215', 'matched') },
  // content/aliases/arts.json: of the Umbreons, only swsh7-215 (VMAX) and swsh7-189 (V) are Alternate Art.
  { text: 'umbreon vmax alt art', ...C('swsh7-215', 'matched') },
  { text: 'umbreon alt art', ...C('swsh7-215', 'ambiguous') },
  { text: 'evs umbreon vmax', ...C('swsh7-215', 'ambiguous') },
  { text: 'charizard base set shadowless', ...C('base1-4', 'matched', () => line('base1-4', 'unlimitedHolofoil', 'shadowless')) },
  { text: 'blastoise base set 1st edition', ...C('base1-2', 'matched', () => line('base1-2', '1stEditionHolofoil', 'shadowless')) },
  { text: 'pikachu', kind: 'card', id: () => mostValuableNamed('Pikachu'), status: 'ambiguous', unit: () => own(mostValuableNamed('Pikachu')), quantity: 1 },
  { text: 'base1-4', ...C('base1-4', 'matched') },
  { text: 'charizard-base1-4', ...C('base1-4', 'matched') },
  { text: 'swsh7-215', ...C('swsh7-215', 'matched') },
  { text: '- 2x pikachu 58/102', ...C('base1-58', 'matched', undefined, 2) },
  { text: '// sealed' },
  { text: 'evolving skies booster box', ...S(242436, 'matched') },
  { text: '2x 151 etb', ...S(503313, 'matched', 2) },
  { text: '151 etb', ...S(503313, 'matched') },
  // The Charizard UPC and its case both match.
  { text: 'charizard upc', ...S(282401, 'ambiguous') },
  { text: 'evolving-skies-booster-box-242436', ...S(242436, 'matched') },
  { text: '242436', ...S(242436, 'matched') },
  { text: '151 etb psa 10', ...S(503313, 'matched') },
  { text: '# newer sets' },
  // Prismatic Evolutions' Special Illustration Rare, not Unseen Forces' Umbreon ex (112/115): the number says which.
  { text: 'umbreon ex 161/131', ...C('sv8pt5-161', 'matched') },
  { text: '2x pikachu ex 238/191', ...C('sv8-238', 'matched', undefined, 2) },
  // Black Bolt and White Flare are both numbered /86: 172 is Black Bolt's Zekrom ex and White Flare's Victini.
  { text: 'zekrom ex 172/86', ...C('zsv10pt5-172', 'matched') },
  { text: 'victini 172/86', ...C('rsv10pt5-172', 'matched') },
  { text: 'mega gardevoir ex 187/132', ...C('me1-187', 'matched') },
  // A promo that exists only stamped: the ordinary set-logo stamp's value, not the staff stamp's.
  { text: 'meganium 001/88', ...C('mep-001', 'matched', () => line('mep-001', 'normal', 'set-logo')) },
  { text: 'umbreon ex prismatic evolutions', ...C('sv8pt5-161', 'ambiguous') },
  // Phantasmal Flames came out after the bundled prices: unpriced, and no part of the total, until a day prices it.
  { text: 'mega charizard x ex 130/94', kind: 'card', id: () => 'me2-130', status: 'matched', unit: () => ownOrNull('me2-130'), quantity: 1 },
  { text: 'prismatic evolutions etb', ...S(593355, 'matched') },
  { text: '# japanese' },
  // Terastal Fest ex's Umbreon ex Special Art Rare, by its English name, number and printed set code.
  { text: 'Umbreon ex 217/187 SV8a', ...C('jp-sv8a-217', 'matched') },
  { text: '2x ナンジャモ 096/071', ...C('jp-sv2d-096', 'matched', undefined, 2) },
  // The catalogue records no rarity for either card: SAR is a hint; the set's Japanese name, shortened, names it.
  // Terastal Fest ex's plain Umbreon (ブラッキー) matches the other words too: ambiguous.
  { text: 'ブラッキーex SAR テラスタルフェス', ...C('jp-sv8a-217', 'ambiguous') },
  // Six Japanese Ionos without a rarity: the Clay Burst SAR is the most valuable.
  { text: 'Iono SAR jp', ...C('jp-sv2d-096', 'ambiguous') },
  // Without a language word, the English Special Illustration Rares: an English line is read as before.
  { text: 'Iono SAR', ...C('sv2-269', 'ambiguous') },
  { text: '# graded' },
  {
    text: 'charizard 4/102 psa 10',
    ...C('base1-4', 'matched', () => graded('base1-4', 'psa10')),
    grade: { company: 'PSA', grade: '10', valueUsd: () => graded('base1-4', 'psa10') },
  },
  {
    text: 'charizard 4/102 bgs 9.5',
    ...C('base1-4', 'matched', () => graded('base1-4', 'grade9_5')),
    grade: { company: 'BGS', grade: '9.5', valueUsd: () => graded('base1-4', 'grade9_5') },
  },
  {
    text: 'blastoise 2/102 cgc 8',
    ...C('base1-2', 'matched', () => graded('base1-2', 'grade8')),
    grade: { company: 'CGC', grade: '8', valueUsd: () => graded('base1-2', 'grade8') },
  },
  // PriceCharting's 10 is PSA's: a CGC 10 has no figure and is valued ungraded.
  { text: 'charizard 4/102 cgc 10', ...C('base1-4', 'matched'), grade: { company: 'CGC', grade: '10', valueUsd: () => null } },
  // content/cards/base5.json: Dark Charizard has no graded figures.
  { text: 'dark charizard 4/82 psa 9', ...C('base5-4', 'matched'), grade: { company: 'PSA', grade: '9', valueUsd: () => null } },
  { text: '# garbage' },
  { text: 'asdfgh', ...NOTHING, quantity: 1 },
  { text: '!!!', ...NOTHING, quantity: 1 },
  { text: '3x', ...NOTHING, quantity: 3 },
  { text: 'qqqqqq zzzzzz', ...NOTHING, quantity: 1 },
];

const cents = (usd: number) => Math.round(usd * 100);
const idOf = (e: CollectionEntry) => e.card?.id ?? (e.sealed && String(e.sealed.productId));

describe('a labelled list, valued on the real catalogue', () => {
  let valued: Collection;
  const items = LIST.map((e, i) => ({ ...e, line: i + 1 })).filter((e) => e.status);
  beforeAll(() => {
    valued = valueList(linesOfText(LIST.map((e) => e.text).join('\n')), searchers, pricesAsOf);
  });

  it('has one entry per line that names something, blank and comment lines skipped', () => {
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(valued.entries.map((e) => e.line)).toEqual(items.map((e) => e.line));
  });

  it.each(LIST.map((e, i) => [e.text, i + 1] as const).filter(([text]) => text !== '' && !/^(#|\/\/)/.test(text)))('%s', (_, lineNumber) => {
    const expected = LIST[lineNumber - 1];
    const entry = valued.entries.find((e) => e.line === lineNumber)!;
    expect({ status: entry.status, kind: entry.card ? 'card' : entry.sealed ? 'sealed' : undefined, id: idOf(entry), quantity: entry.quantity }).toEqual({
      status: statusOf(expected),
      kind: expected.kind,
      id: expected.id?.(),
      quantity: expected.quantity,
    });
    const unit = expected.unit!();
    expect(entry.unitValueUsd).toBe(unit);
    expect(entry.lineValueUsd).toBe(unit === null ? null : cents(unit * entry.quantity) / 100);
    expect(entry.grade).toEqual(expected.grade && { company: expected.grade.company, grade: expected.grade.grade, valueUsd: expected.grade.valueUsd() });
    // A line that is a guess or names nothing says why; an unpriced one is the item itself, its status saying all.
    if (entry.status === 'ambiguous' || entry.status === 'not-found') expect(entry.note).toBeTruthy();
  });

  it('totals to the cent the values content gives, and counts each status', () => {
    const total = items.reduce((sum, e) => {
      const unit = e.unit!();
      return sum + (unit === null ? 0 : cents(unit * e.quantity!));
    }, 0);
    expect(valued.totalUsd).toBe(total / 100);
    expect(valued.quantity).toBe(items.reduce((sum, e) => sum + e.quantity!, 0));
    for (const status of ['matched', 'ambiguous', 'not-found', 'unpriced'] as const) {
      expect(valued.counts[status], status).toBe(items.filter((e) => statusOf(e) === status).length);
    }
    expect(valued.pricesAsOf).toBe(pricesAsOf);
  });

  it('matches collection.json', () => {
    assertMatches('collection.json', valued, 'the labelled list');
  });

  it('an ambiguous line lists at most 3 alternatives, none of them the item it was valued at', () => {
    const ambiguous = valued.entries.filter((e) => e.status === 'ambiguous');
    expect(ambiguous.length).toBeGreaterThan(0);
    for (const e of ambiguous) {
      expect(e.alternatives!.length, e.text).toBeGreaterThan(0);
      expect(e.alternatives!.length, e.text).toBeLessThanOrEqual(3);
      expect(e.alternatives!.map((a) => a.id)).not.toContain(idOf(e));
    }
    expect(valued.entries.filter((e) => e.status !== 'ambiguous').every((e) => e.alternatives === undefined)).toBe(true);
  });

  it('a named printing is kept on the card and is its unit value', () => {
    const shadowless = valued.entries.find((e) => e.text === 'charizard base set shadowless')!;
    expect(shadowless.card!.printing).toMatchObject({ label: 'Shadowless Holofoil', valueUsd: line('base1-4', 'unlimitedHolofoil', 'shadowless') });
  });
});

describe('CSV exports valued on the real catalogue', () => {
  it("a TCGplayer export is valued by its product ids: a card's printing, a sealed product; an unknown id falls back to the name", () => {
    const lines = linesOfCsv(
      [
        'Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU',
        '1,Charizard,Charizard,Base Set,4/102,BS,Holofoil,Near Mint,English,Holo Rare,42382,1',
        '2,Charizard,Charizard,Base Set (Shadowless),4/102,BS,Holofoil,Near Mint,English,Holo Rare,106999,2',
        '1,Evolving Skies Booster Box,Evolving Skies Booster Box,SWSH07: Evolving Skies,,,Normal,Unopened,English,,242436,3',
        '3,Umbreon VMAX (Alternate Art Secret),Umbreon VMAX,SWSH07: Evolving Skies,215/203,EVS,Holofoil,Near Mint,English,Secret Rare,999999999,4',
      ].join('\n'),
    );
    if (!Array.isArray(lines)) throw new Error(lines.problem);
    const valued = valueList(lines, searchers, pricesAsOf);
    assertMatches('collection.json', valued, 'the TCGplayer export');
    expect(valued.entries.map((e) => [e.line, e.status, idOf(e), e.unitValueUsd, e.quantity])).toEqual([
      [2, 'matched', 'base1-4', line('base1-4', 'holofoil', 'unlimited'), 1],
      [3, 'matched', 'base1-4', line('base1-4', 'unlimitedHolofoil', 'shadowless'), 2],
      [4, 'matched', '242436', sealed(242436), 1],
      [5, 'matched', 'swsh7-215', own('swsh7-215'), 3],
    ]);
    expect(valued.entries[3].note).toMatch(/999999999/);
    const total =
      cents(line('base1-4', 'holofoil', 'unlimited')) +
      2 * cents(line('base1-4', 'unlimitedHolofoil', 'shadowless')) +
      cents(sealed(242436)) +
      3 * cents(own('swsh7-215'));
    expect(valued.totalUsd).toBe(total / 100);
  });

  it('TCGplayer\'s "Pokemon Japan" lines are valued as the Japanese cards, by product id or by name, set and number', () => {
    const lines = linesOfCsv(
      [
        'TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,TCG Market Price,Total Quantity,TCG Marketplace Price,Photo URL',
        '602681,Pokemon Japan,SV8a: Terastal Fest ex,Umbreon ex - 217/187,,217/187,Special Art Rare,Near Mint Holofoil,310.67,1,320.00,',
        ',Pokemon Japan,SV2D: Clay Burst,Iono - 096/071,,096/071,Special Art Rare,Near Mint Holofoil,,2,,',
        // English 151 has a Pikachu 025/165 too: the product line says which.
        ',Pokemon Japan,,Pikachu - 025/165,,025/165,Common,Near Mint Normal,,1,,',
        ',Pokemon,,Pikachu - 025/165,,025/165,Common,Near Mint Normal,,1,,',
      ].join('\n'),
    );
    if (!Array.isArray(lines)) throw new Error(lines.problem);
    const valued = valueList(lines, searchers, pricesAsOf);
    assertMatches('collection.json', valued, 'the TCGplayer Japan export');
    expect(valued.entries.map((e) => [e.line, e.status, idOf(e), e.unitValueUsd, e.quantity])).toEqual([
      [2, 'matched', 'jp-sv8a-217', own('jp-sv8a-217'), 1],
      [3, 'matched', 'jp-sv2d-096', own('jp-sv2d-096'), 2],
      [4, ownOrNull('jp-sv2a-025') === null ? 'unpriced' : 'matched', 'jp-sv2a-025', ownOrNull('jp-sv2a-025'), 1],
      [5, 'matched', 'sv3pt5-25', own('sv3pt5-25'), 1],
    ]);
  });

  it('a Dragon Shield export is valued by name, set and number; a printing the card lacks is dropped with a note', () => {
    const lines = linesOfCsv(
      [
        '"sep=,"',
        'Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET',
        'Binder,2,0,Charizard,BS,Base Set,4/102,NearMint,Foil,English,1.00,2024-01-01,1,2,3',
        'Binder,1,0,Blastoise,BS,Base Set,2/102,NearMint,1st Edition,English,,,,,',
        'Binder,4,0,Pikachu,BS,Base Set,58/102,NearMint,Reverse Holo,English,,,,,',
      ].join('\r\n'),
    );
    if (!Array.isArray(lines)) throw new Error(lines.problem);
    const valued = valueList(lines, searchers, pricesAsOf);
    assertMatches('collection.json', valued, 'the Dragon Shield export');
    expect(valued.entries.map((e) => [e.line, e.status, idOf(e), e.unitValueUsd])).toEqual([
      [3, 'matched', 'base1-4', own('base1-4')],
      [4, 'matched', 'base1-2', line('base1-2', '1stEditionHolofoil', 'shadowless')],
      [5, 'matched', 'base1-58', own('base1-58')],
    ]);
    expect(valued.entries[2].note).toMatch(/reverse holo/);
  });
});

describe('robustness', () => {
  it('a 5,000-line list of every kind of line, garbage included, is valued without throwing and matches collection.json', () => {
    const kinds = [...LIST.map((e) => e.text), '😀', '\u0000', 'x'.repeat(300), '9999x', '-', '4/102', '151', '-1x charizard', 'psa 10', '"', 'a,b,c'];
    const text = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `${kinds[i % kinds.length]} ${i}` : kinds[i % kinds.length])).join('\n');
    const lines = linesOfText(text);
    const valued = valueList(lines, searchers, pricesAsOf);
    expect(valued.entries).toHaveLength(lines.length);
    expect(lines.length).toBeGreaterThan(4000);
    assertMatches('collection.json', valued, 'the 5,000-line list');
  });
});
