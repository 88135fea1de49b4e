import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { CARD_CATALOGUE, type CardSearcher, createCardSearcher } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import type { FilterData } from '../../src/search/field-filters.ts';
import { cardFilterData, sealedFilterData } from '../../src/search/filter-data.ts';
import { foldText, wordsOf } from '../../src/search/normalize.ts';
import { createSealedSearcher, type SealedSearcher, sealedCatalogue } from '../../src/search/sealed-searcher.ts';
import { parseCardSearch, parseSealedSearch } from '../../src/search/search-params.ts';
import { CONTENT_DIR, loadRealCatalogue } from '../support/real-catalogue.ts';

/**
 * Field filters in q on the committed catalogue: each query's total against a count made here, straight from
 * the content files and the records (never from the search or filter code), with negation, quotes,
 * comparisons, aliases of fields and values, and free words beside filters.
 */
type Card = CardEntry & { valueUsd: number | null; band: string | null; status: string; year: number; setName: string; printings: string[] };
let cards: Card[];
let sealed: ReturnType<typeof loadRealCatalogue>['sealedRecords'];
let cardSearcher: CardSearcher;
let sealedSearcher: SealedSearcher;
let cardFilters: FilterData;
let sealedFilters: FilterData;

beforeAll(() => {
  const real = loadRealCatalogue();
  const sets = JSON.parse(readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8')) as SetEntry[];
  const entries = readdirSync(join(CONTENT_DIR, 'cards'))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(join(CONTENT_DIR, 'cards', f), 'utf8')) as CardEntry[]);
  const byId = new Map(entries.map((card) => [card.id, card]));
  const setById = new Map(sets.map((set) => [set.id, set]));
  cards = real.cards.map(({ summary, printings }) => {
    const card = byId.get(summary.id)!;
    const set = setById.get(card.set)!;
    return {
      ...card,
      valueUsd: summary.valueUsd,
      band: summary.valueBand,
      status: summary.priceStatus,
      year: Number(set.releaseDate.slice(0, 4)),
      setName: set.name,
      printings: printings.map((p) => p.id),
    };
  });
  sealed = real.sealedRecords;
  const cardData = prepareCatalogue(real.cards, CARD_CATALOGUE, real.aliases);
  cardFilters = cardFilterData(cardData.size, cardData.item, (id) => real.facts.get(id)!, real.filterSets);
  cardSearcher = createCardSearcher(cardData, { filters: () => cardFilters });
  const sealedData = prepareCatalogue(real.sealedRecords, sealedCatalogue(real.aliases), real.aliases);
  sealedFilters = sealedFilterData(sealedData.size, sealedData.item, real.filterSets);
  sealedSearcher = createSealedSearcher(sealedData, { filters: () => sealedFilters });
});

const cardTotal = (q: string) => {
  const parsed = parseCardSearch(new URLSearchParams({ q, limit: '0' }), () => cardFilters);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.detail}`);
  return cardSearcher.search(parsed.params).total;
};
const sealedTotal = (q: string) => {
  const parsed = parseSealedSearch(new URLSearchParams({ q, limit: '0' }), [], () => sealedFilters);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.detail}`);
  return sealedSearcher.search(parsed.params).total;
};

const is = (a: string | undefined, b: string) => a !== undefined && foldText(a) === foldText(b);
const hasWord = (card: Card, word: string) => [card.name, card.setName, ...(card.types ?? []), card.rarity ?? ''].some((text) => wordsOf(text).includes(word));
const hp = (card: Card) => (card.hp === undefined ? Number.NaN : Number.parseInt(card.hp, 10));

/** [query, what a card must be to count]: the expected total is counted from the content, card by card. */
const CARD_QUERIES: [string, (card: Card) => boolean][] = [
  ['set:base1', (c) => c.set === 'base1'],
  ['set:BASE1', (c) => c.set === 'base1'],
  ['set:"base set"', (c) => c.set === 'base1'],
  ['set:bs1', (c) => c.set === 'base1'],
  ['set:"evolving skies"', (c) => c.set === 'swsh7'],
  ['set:EVS', (c) => c.set === 'swsh7'],
  ['set:sv3pt5', (c) => c.set === 'sv3pt5'],
  ['-set:base1', (c) => c.set !== 'base1'],
  ['number:4', (c) => foldText(c.number) === '4'],
  ['number:tg01', (c) => foldText(c.number) === 'tg01'],
  ['set:base1 number:4', (c) => c.set === 'base1' && c.number === '4'],
  ['rarity:"rare holo"', (c) => is(c.rarity, 'Rare Holo')],
  ['r:common', (c) => is(c.rarity, 'Common')],
  ['r:"illustration rare"', (c) => is(c.rarity, 'Illustration Rare')],
  ['r:"special illustration rare"', (c) => is(c.rarity, 'Special Illustration Rare')],
  ['-r:common', (c) => !is(c.rarity, 'Common')],
  ['type:fire', (c) => c.types.includes('Fire')],
  ['t:Water', (c) => c.types.includes('Water')],
  ['t:dragon', (c) => c.types.includes('Dragon')],
  ['-t:colorless', (c) => !c.types.includes('Colorless')],
  ['t:fire t:water', (c) => c.types.includes('Fire') && c.types.includes('Water')],
  ['supertype:trainer', (c) => c.supertype === 'Trainer'],
  ['supertype:energy', (c) => c.supertype === 'Energy'],
  ['supertype:pokemon', (c) => c.supertype === 'Pokémon'],
  ['supertype:Pokémon', (c) => c.supertype === 'Pokémon'],
  ['subtype:vmax', (c) => c.subtypes.includes('VMAX')],
  ['subtype:"stage 2"', (c) => c.subtypes.includes('Stage 2')],
  ['subtype:item', (c) => c.subtypes.includes('Item')],
  ['artist:"mitsuhiro arita"', (c) => is(c.artist, 'Mitsuhiro Arita')],
  ['a:"Ken Sugimori"', (c) => is(c.artist, 'Ken Sugimori')],
  ['artist:"mitsuhiro arita" r:"illustration rare"', (c) => is(c.artist, 'Mitsuhiro Arita') && is(c.rarity, 'Illustration Rare')],
  ['band:grail', (c) => c.band === 'grail'],
  ['band:budget', (c) => c.band === 'budget'],
  ['-band:budget', (c) => c.band !== 'budget'],
  ['printing:1st-edition-holofoil', (c) => c.printings.includes('1st-edition-holofoil')],
  ['printing:shadowless-holofoil', (c) => c.printings.includes('shadowless-holofoil')],
  ['year:1999', (c) => c.year === 1999],
  ['year>=2023', (c) => c.year >= 2023],
  ['year<2000', (c) => c.year < 2000],
  ['value>100', (c) => c.valueUsd !== null && c.valueUsd > 100],
  ['value>=100', (c) => c.valueUsd !== null && c.valueUsd >= 100],
  ['value<=5', (c) => c.valueUsd !== null && c.valueUsd <= 5],
  ['value<1', (c) => c.valueUsd !== null && c.valueUsd < 1],
  ['value>1', (c) => c.valueUsd !== null && c.valueUsd > 1],
  ['usd>1000', (c) => c.valueUsd !== null && c.valueUsd > 1000],
  ['value>$50', (c) => c.valueUsd !== null && c.valueUsd > 50],
  ['value>20 value<=30', (c) => c.valueUsd !== null && c.valueUsd > 20 && c.valueUsd <= 30],
  ['hp>=300', (c) => hp(c) >= 300],
  ['hp:60', (c) => hp(c) === 60],
  ['hp<50', (c) => hp(c) < 50],
  ['pokedex:6', (c) => (c.nationalPokedexNumbers ?? []).includes(6)],
  ['pokedex:197', (c) => (c.nationalPokedexNumbers ?? []).includes(197)],
  ['pokedex>1000', (c) => (c.nationalPokedexNumbers ?? []).some((n) => n > 1000)],
  ['is:graded', (c) => c.graded !== undefined],
  ['is:priced', (c) => c.status !== 'unpriced'],
  ['-is:priced', (c) => c.status === 'unpriced'],
  ['is:graded value>1000', (c) => c.graded !== undefined && c.valueUsd !== null && c.valueUsd > 1000],
  ['set:base1 t:fire value>100', (c) => c.set === 'base1' && c.types.includes('Fire') && c.valueUsd !== null && c.valueUsd > 100],
  ['year:1999 -t:fire', (c) => c.year === 1999 && !c.types.includes('Fire')],
  ['T:FIRE SET:BASE1', (c) => c.set === 'base1' && c.types.includes('Fire')],
  ['set=base1 type=fire', (c) => c.set === 'base1' && c.types.includes('Fire')],
  ['charizard set:base1', (c) => hasWord(c, 'charizard') && c.set === 'base1'],
  ['pikachu t:lightning value>50', (c) => hasWord(c, 'pikachu') && c.types.includes('Lightning') && c.valueUsd !== null && c.valueUsd > 50],
  ['umbreon year>=2021', (c) => hasWord(c, 'umbreon') && c.year >= 2021],
  ['charizard -gx', (c) => hasWord(c, 'charizard') && !hasWord(c, 'gx')],
  ['charizard -"base set"', (c) => hasWord(c, 'charizard') && !(hasWord(c, 'base') && hasWord(c, 'set'))],
  // The newer sets (../shared/data/newer-sets): set ids, PTCGO codes, names and aliases; the two new rarities.
  ['set:sv8pt5', (c) => c.set === 'sv8pt5'],
  ['set:PRE', (c) => c.set === 'sv8pt5'],
  ['set:"prismatic evolutions"', (c) => c.set === 'sv8pt5'],
  ['set:"prismatic evo"', (c) => c.set === 'sv8pt5'],
  ['set:BLK', (c) => c.set === 'zsv10pt5'],
  ['set:me5', (c) => c.set === 'me5'],
  ['set:mep', (c) => c.set === 'mep'],
  ['r:"black white rare"', (c) => is(c.rarity, 'Black White Rare')],
  ['rarity:"mega hyper rare"', (c) => is(c.rarity, 'Mega Hyper Rare')],
  ['printing:masterball-holofoil', (c) => c.printings.includes('masterball-holofoil')],
  ['set:me2 -is:priced', (c) => c.set === 'me2' && c.status === 'unpriced'],
  ['set:sv8pt5 value>100', (c) => c.set === 'sv8pt5' && c.valueUsd !== null && c.valueUsd > 100],
  ['umbreon set:PRE', (c) => hasWord(c, 'umbreon') && c.set === 'sv8pt5'],
];

describe('card field filters on the committed catalogue', () => {
  it(`holds at least 60 queries`, () => {
    expect(CARD_QUERIES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CARD_QUERIES)('%s counts what the content says', (q, keep) => {
    const expected = cards.filter(keep).length;
    expect(expected, `${q} should name some cards and not all`).toBeGreaterThan(0);
    expect(cardTotal(q)).toBe(expected);
  });

  it('a filter-only query lists by value, and each result says which filters held', () => {
    const parsed = parseCardSearch(new URLSearchParams({ q: 'set:base1 t:fire', limit: '3' }), () => cardFilters);
    if (!parsed.ok) throw new Error(parsed.problem.detail);
    const { results } = cardSearcher.search(parsed.params);
    const values = results.map((r) => r.valueUsd ?? -1);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    for (const result of results) expect(result.match?.filters).toEqual(['set:base1', 'type:Fire']);
  });
});

const SEALED_QUERIES: [string, (p: (typeof sealed)[number]) => boolean][] = [
  ['kind:booster-box', (p) => p.summary.kind === 'booster-box'],
  ['kind:etb', (p) => p.summary.kind === 'etb'],
  ['-kind:booster-pack', (p) => p.summary.kind !== 'booster-pack'],
  ['set:swsh7', (p) => p.set === 'swsh7'],
  ['set:"evolving skies" kind:booster-box', (p) => p.set === 'swsh7' && p.summary.kind === 'booster-box'],
  ['value>500', (p) => p.summary.valueUsd !== null && p.summary.valueUsd > 500],
  ['packs>=36', (p) => p.summary.totalPacks !== null && p.summary.totalPacks >= 36],
  ['kind:booster-box ppp<8', (p) => p.summary.kind === 'booster-box' && p.summary.pricePerPack !== null && p.summary.pricePerPack < 8],
  ['ppp>10', (p) => p.summary.pricePerPack !== null && p.summary.pricePerPack > 10],
  ['is:priced', (p) => p.summary.priceStatus !== 'unpriced'],
  // Linked by the import to the newer set whose main card group they are in.
  ['set:sv8pt5', (p) => p.set === 'sv8pt5'],
  ['set:PRE kind:etb', (p) => p.set === 'sv8pt5' && p.summary.kind === 'etb'],
];

describe('sealed field filters on the committed catalogue', () => {
  it.each(SEALED_QUERIES)('%s counts what the content says', (q, keep) => {
    const expected = sealed.filter(keep).length;
    expect(expected, `${q} should name some products`).toBeGreaterThan(0);
    expect(sealedTotal(q)).toBe(expected);
  });
});
