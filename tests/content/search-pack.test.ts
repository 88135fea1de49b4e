/**
 * Search packs (src/search/search-pack.ts): the build's prepared search data
 * as one binary file. A searcher read from a pack must answer exactly as one made
 * from the records; a pack must be the same bytes for the same records; and a
 * pack the server cannot read (truncated, another format version, other fields)
 * must be refused with an error naming the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SORTS } from '../../src/http/limits.ts';
import { CARD_CATALOGUE, CARD_SEARCH_FIELDS, type CardSearcher, type CardSearchRecord, createCardSearcher } from '../../src/search/card-searcher.ts';
import { type CatalogueConfig, prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import { createSealedSearcher, SEALED_SEARCH_FIELDS, type SealedSearcher, type SealedSearchRecord, sealedCatalogue } from '../../src/search/sealed-searcher.ts';
import { RECORDS_KEPT, readSearchPack, readSearchPackItems, SEARCH_PACK_VERSION, writeSearchPack } from '../../src/search/search-pack.ts';
import { loadRealCatalogue } from '../support/real-catalogue.ts';
import { LABELLED_QUERIES } from './labelled-queries.ts';

const CARDS_FILE = 'dist/server/search/cards.pack';
const SEALED_FILE = 'dist/server/search/sealed.pack';

let cardPack: Buffer;
let sealedPack: Buffer;
let fromRecords: CardSearcher;
let fromPack: CardSearcher;
let sealedFromRecords: SealedSearcher;
let sealedFromPack: SealedSearcher;

beforeAll(() => {
  const { cards, sealedRecords, aliases } = loadRealCatalogue();
  cardPack = writeSearchPack(prepareCatalogue(cards, CARD_CATALOGUE, aliases));
  sealedPack = writeSearchPack(prepareCatalogue(sealedRecords, sealedCatalogue(aliases), aliases));
  fromRecords = createCardSearcher(cards, { aliases });
  // Through a copy of the bytes, as the server reads them from disk.
  fromPack = createCardSearcher(readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, Uint8Array.from(cardPack)));
  sealedFromRecords = createSealedSearcher(sealedRecords, { aliases });
  sealedFromPack = createSealedSearcher(readSearchPack<SealedSearchRecord>(SEALED_FILE, SEALED_SEARCH_FIELDS, Uint8Array.from(sealedPack)));
});

/** The bytes with one ASCII string replaced by another of the same length. */
function patched(bytes: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const at = bytes.indexOf(from, 0, 'latin1');
  expect(at).toBeGreaterThanOrEqual(0);
  const copy = Buffer.from(bytes);
  copy.write(to, at, 'latin1');
  return copy;
}

describe('a searcher read from a pack', () => {
  it('answers every labelled query exactly as one made from the records: results, match reasons and ignored words', () => {
    for (const { q } of LABELLED_QUERIES) {
      for (const sort of SORTS) {
        const params = { q, sort, limit: 20, offset: 0 };
        expect(fromPack.search(params), `${q} (${sort})`).toEqual(fromRecords.search(params));
      }
      const paged = { q, sort: 'relevance' as const, limit: 7, offset: 5, band: 'budget' as const };
      expect(fromPack.search(paged), `${q} (budget, offset 5)`).toEqual(fromRecords.search(paged));
    }
  });

  it('answers ids, nicknames, grades, typos, blank queries and facets as one made from the records', () => {
    const queries = [undefined, '', 'base1-4', 'BASE1-4 charizard', 'moonbreon', 'psa 10 charizard', 'evs umbreon', 'charzard', 'zzzzqqq', '😀'];
    for (const q of queries) {
      for (const band of [undefined, 'grail', 'mid'] as const) {
        for (const sort of SORTS) {
          const params = { q, band, sort, limit: 10, offset: 3 };
          expect(fromPack.search(params), JSON.stringify(params)).toEqual(fromRecords.search(params));
        }
      }
    }
  });

  it('answers sealed queries as one made from the records', () => {
    const queries = [undefined, 'evolving skies booster box', 'etb', 'crown zenith', 'evolvng skies', 'base set', 'elite trainer box case', 'tin', '151'];
    for (const q of queries) {
      for (const kind of [undefined, 'booster-box', 'etb', 'no-such-kind']) {
        for (const sort of SORTS) {
          const params = { q, kind, sort, limit: 20, offset: 0 };
          expect(sealedFromPack.search(params), JSON.stringify(params)).toEqual(sealedFromRecords.search(params));
        }
      }
    }
    expect(sealedFromPack.search({ q: 'evolving skies booster box', sort: 'relevance', limit: 1, offset: 0 }).results[0].cleanName).toBe(
      'Evolving Skies Booster Box',
    );
  });

  it('holds what was prepared: the index, orders, facets, sets, ids and compiled aliases', () => {
    const { cards, aliases } = loadRealCatalogue();
    const prepared = prepareCatalogue(cards, CARD_CATALOGUE, aliases);
    const packed = readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, cardPack);
    expect(packed.size).toBe(prepared.size);
    expect(packed.index).toEqual(prepared.index);
    expect(packed.orders).toEqual(prepared.orders);
    expect(packed.facets).toEqual(prepared.facets);
    expect(packed.sets).toEqual(prepared.sets);
    expect(packed.ids()).toEqual(prepared.ids());
    expect(packed.aliases).toEqual(prepared.aliases);
    expect(packed.aliases.phrases.size).toBeGreaterThan(100);
    for (const p of [0, 1, prepared.size >> 1, prepared.size - 1]) expect(packed.item(p)).toEqual(prepared.item(p));
    expect(packed.positionOf('BASE1-4')).toBe(prepared.positionOf('base1-4'));
    // Deep equality of the whole index of 26k cards: seconds alone, past the default 30 s on a loaded machine.
  }, 120_000);

  it('reads a pack whose bytes sit at an unaligned address', () => {
    const unaligned = new Uint8Array(cardPack.length + 3).subarray(3);
    unaligned.set(cardPack);
    const searcher = createCardSearcher(readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, unaligned));
    const params = { q: 'charizard 4/102', sort: 'relevance' as const, limit: 10, offset: 0 };
    expect(searcher.search(params)).toEqual(fromRecords.search(params));
  });

  it('gives each record as written after more records were asked for than it keeps parsed', () => {
    const data = readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, cardPack);
    const written = readSearchPackItems<CardSearchRecord>(CARDS_FILE, cardPack);
    expect(data.size).toBeGreaterThan(2 * RECORDS_KEPT);
    const asked = [0, 1, ...Array.from({ length: RECORDS_KEPT + 10 }, (_, i) => i + 2), 0, 1, data.size - 1, 0];
    for (const p of asked) expect(data.item(p)).toEqual(written[p]);
  });
});

describe('writing a pack', () => {
  it('gives the same bytes for the same records, and again from a pack read back', () => {
    const { cards, aliases } = loadRealCatalogue();
    const again = writeSearchPack(prepareCatalogue(cards, CARD_CATALOGUE, aliases));
    expect(again.equals(cardPack)).toBe(true);
    expect(writeSearchPack(readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, cardPack)).equals(cardPack)).toBe(true);
    expect(cardPack.length % 8).toBe(0);
  });

  it('holds the records in position order, most valuable first', () => {
    const items = readSearchPackItems<CardSearchRecord>(CARDS_FILE, cardPack);
    const { cards } = loadRealCatalogue();
    expect(items).toHaveLength(cards.length);
    expect(new Set(items.map((r) => r.summary.id))).toEqual(new Set(cards.map((r) => r.summary.id)));
    const firstPage = fromRecords.search({ sort: 'value-desc', limit: 50, offset: 0 }).results;
    expect(items.slice(0, 50).map((r) => r.summary)).toEqual(firstPage);
  });

  it('refuses a word or id with a line break, which the pack could not tell apart', () => {
    const config: CatalogueConfig<{ id: string }> = {
      fields: [{ name: 'code', weight: 1, verbatim: true }],
      valuesOf: (item) => [[item.id]],
      valueOf: () => null,
      changePctOf: () => null,
      nameOf: (item) => item.id,
      idOf: (item) => item.id,
      facetOf: () => null,
      scope: 'sealed',
      targetIdOf: (item) => item.id,
      slugOf: (item) => item.id,
      setOf: () => undefined,
      labelOf: (item) => item.id,
    };
    expect(() => writeSearchPack(prepareCatalogue([{ id: 'a\nb' }], config))).toThrow(/line break/);
  });
});

describe('reading a pack the server cannot use', () => {
  it('refuses a truncated pack, naming the file', () => {
    for (const length of [cardPack.length - 1, cardPack.length >> 1, 40, 10, 0]) {
      expect(() => readSearchPack(CARDS_FILE, CARD_SEARCH_FIELDS, cardPack.subarray(0, length)), `${length} bytes`).toThrow(CARDS_FILE);
    }
    expect(() => readSearchPackItems(CARDS_FILE, cardPack.subarray(0, cardPack.length - 8))).toThrow(CARDS_FILE);
  });

  it('refuses a pack of another format version, naming the file and both versions', () => {
    const foreign = patched(cardPack, `"version":${SEARCH_PACK_VERSION},`, `"version":${SEARCH_PACK_VERSION + 1},`);
    const error = `${CARDS_FILE}: search pack format version ${SEARCH_PACK_VERSION + 1}, this server reads version ${SEARCH_PACK_VERSION}`;
    expect(() => readSearchPack(CARDS_FILE, CARD_SEARCH_FIELDS, foreign)).toThrow(error);
    expect(() => readSearchPackItems(CARDS_FILE, foreign)).toThrow(error);
  });

  it('refuses a pack of other fields, and a file that is no pack', () => {
    expect(() => readSearchPack(SEALED_FILE, CARD_SEARCH_FIELDS, sealedPack)).toThrow(`${SEALED_FILE}: the search pack indexes the fields`);
    const reweighted = patched(cardPack, '"name":"name","weight":3', '"name":"name","weight":4');
    expect(() => readSearchPack(CARDS_FILE, CARD_SEARCH_FIELDS, reweighted)).toThrow(`${CARDS_FILE}: the search pack indexes the fields`);
    expect(() => readSearchPack(CARDS_FILE, CARD_SEARCH_FIELDS, Buffer.from('[{"summary":{}}]'))).toThrow(`${CARDS_FILE}: not a search pack`);
  });

  it('refuses prepared data given aliases again: they were compiled when it was prepared', () => {
    const { aliases } = loadRealCatalogue();
    expect(() => createCardSearcher(readSearchPack<CardSearchRecord>(CARDS_FILE, CARD_SEARCH_FIELDS, cardPack), { aliases })).toThrow(/carries the aliases/);
  });
});
