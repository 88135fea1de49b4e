import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { SORTS } from '../../src/http/limits.ts';
import type { PriceChanges } from '../../src/schemas/api-types.ts';
import { CARD_CATALOGUE, CARD_SEARCH_FIELDS, type CardSearchRecord, createCardSearcher } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import { type FilterTerm, readQuery } from '../../src/search/field-filters.ts';
import { cardFilterData } from '../../src/search/filter-data.ts';
import { readSearchPack, writeSearchPack } from '../../src/search/search-pack.ts';

/** A change whose 7- and 30-day percentages are these (null: not known, the history too short); 90 and 365 days unknown. */
function changeOf(pct7: number | null, pct30: number | null): PriceChanges {
  const change = priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } });
  const known = (pct: number) => ({ fromUsd: 10, fromDate: '2025-10-01', changeUsd: pct / 10, changePct: pct, reason: null });
  return { ...change, ...(pct7 !== null && { '7d': known(pct7) }), ...(pct30 !== null && { '30d': known(pct30) }) };
}

/** A Fire card of the set base1 worth `valueUsd`, with its 7- and 30-day changes. */
const card = (n: number, name: string, valueUsd: number, pct7: number | null, pct30: number | null): CardSearchRecord => ({
  summary: {
    id: `base1-${n}`,
    name,
    language: 'en',
    nameJa: null,
    exactName: `${name} (Base ${n}/102)`,
    slug: `${name.toLowerCase()}-base1-${n}`,
    setName: 'Base',
    valueUsd,
    priceStatus: 'priced',
    confidence: null,
    valueBand: 'mid',
    change: changeOf(pct7, pct30),
    rarity: 'Rare',
    types: ['Fire'],
    imageSmall: `https://images.pokemontcg.io/base1/${n}.png`,
  } satisfies CardSummary,
  set: 'base1',
  number: String(n),
  printedTotal: 102,
  printings: [],
});

// By value: Charizard, Ninetales, Magmar, Charmeleon, Vulpix, Growlithe, Ponyta.
const CARDS = [
  card(4, 'Charizard', 400, 12.5, 40),
  card(12, 'Ninetales', 60, -20, null),
  card(36, 'Magmar', 30, null, -15),
  card(24, 'Charmeleon', 20, 12.5, 25),
  card(68, 'Vulpix', 8, 3, -2),
  card(28, 'Growlithe', 5, null, null),
  card(61, 'Ponyta', 2, -11, 21),
];
const prepared = prepareCatalogue(CARDS, CARD_CATALOGUE);
const data = cardFilterData(
  CARDS.length,
  (p) => prepared.item(p),
  () => ({ supertype: 'Pokémon', subtypes: [], pokedex: [], graded: false }),
  [{ id: 'base1', name: 'Base', releaseDate: '1999-01-09', aliases: [] }],
);
const searcher = createCardSearcher(prepared, { filters: () => data });
const names = (results: { name: string }[]) => results.map((r) => r.name);
const sorted = (sort: (typeof SORTS)[number], q?: string) => names(searcher.search({ q, sort, limit: 50, offset: 0 }).results);

describe('sorting by the change over a window', () => {
  it('lists the largest rise first (-desc) or the largest fall (-asc), items without a change last either way', () => {
    expect(sorted('change7d-desc')).toEqual(['Charizard', 'Charmeleon', 'Vulpix', 'Ponyta', 'Ninetales', 'Magmar', 'Growlithe']);
    expect(sorted('change7d-asc')).toEqual(['Ninetales', 'Ponyta', 'Vulpix', 'Charizard', 'Charmeleon', 'Magmar', 'Growlithe']);
    expect(sorted('change30d-desc')).toEqual(['Charizard', 'Charmeleon', 'Ponyta', 'Vulpix', 'Magmar', 'Ninetales', 'Growlithe']);
    expect(sorted('change30d-asc')).toEqual(['Magmar', 'Vulpix', 'Ponyta', 'Charmeleon', 'Charizard', 'Ninetales', 'Growlithe']);
  });

  it('orders equal changes, and the items without one, by value in both directions', () => {
    // Charizard and Charmeleon both rose 12.5% in 7 days; Magmar and Growlithe have no 7-day change.
    expect(sorted('change7d-desc').filter((n) => ['Charizard', 'Charmeleon', 'Magmar', 'Growlithe'].includes(n))).toEqual([
      'Charizard',
      'Charmeleon',
      'Magmar',
      'Growlithe',
    ]);
    expect(sorted('change7d-asc').slice(3)).toEqual(['Charizard', 'Charmeleon', 'Magmar', 'Growlithe']);
    expect(sorted('change90d-desc')).toEqual(sorted('value-desc'));
  });

  it('sorts the matches of a query the same way', () => {
    expect(sorted('change30d-desc', 'char')).toEqual(['Charizard', 'Charmeleon']);
    expect(sorted('change30d-asc', 'fire')).toEqual(sorted('change30d-asc'));
  });

  it('is answered alike from a search pack, which carries the orders', () => {
    const packed = readSearchPack<CardSearchRecord>('cards.pack', CARD_SEARCH_FIELDS, Uint8Array.from(writeSearchPack(prepared)));
    expect(packed.orders).toEqual(prepared.orders);
    const fromPack = createCardSearcher(packed);
    for (const sort of SORTS) {
      expect(fromPack.search({ sort, limit: 50, offset: 0 }), sort).toEqual(createCardSearcher(prepared).search({ sort, limit: 50, offset: 0 }));
    }
  });
});

/** The names a query with field filters finds, by value. */
function filtered(q: string): string[] {
  const read = readQuery(q, data);
  if ('problem' in read) throw new Error(read.problem.detail);
  const filters: FilterTerm[] = read.terms;
  return names(searcher.search({ q: read.text, filters, sort: 'value-desc', limit: 50, offset: 0 }).results);
}

describe('filtering on the change over a window', () => {
  it('compares the percentage: change30>20 rose more than 20% in 30 days, change7<-10 fell more than 10% in 7', () => {
    expect(filtered('change30>20')).toEqual(['Charizard', 'Charmeleon', 'Ponyta']);
    expect(filtered('change7<-10')).toEqual(['Ninetales', 'Ponyta']);
    expect(filtered('change7>=12.5 change30<30')).toEqual(['Charmeleon']);
  });

  it('never matches an item whose change over the window is not known', () => {
    expect(filtered('change7>-1000')).not.toContain('Magmar');
    expect(filtered('change7<1000')).not.toContain('Growlithe');
    expect(filtered('change90>-1000')).toEqual([]);
  });

  it('takes the window as the sort names it, and refuses a window it does not have', () => {
    expect(filtered('change30d>20')).toEqual(filtered('change30>20'));
    const read = readQuery('change14>5', data);
    expect('problem' in read && read.problem.detail).toMatch(
      /^unknown field "change14" in "change14>5"; the fields are .*change7 \(change7d\), change30 \(change30d\)/,
    );
  });
});
