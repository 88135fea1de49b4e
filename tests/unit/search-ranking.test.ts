import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { type CardSearchRecord, createCardSearcher } from '../../src/search/card-searcher.ts';

/** A card as the searcher takes it: only what ranking reads (name, set, number, types, rarity, value). */
const card = (id: string, name: string, setName: string, rarity: string, valueUsd: number): CardSearchRecord => ({
  summary: {
    id,
    name,
    language: 'en',
    nameJa: null,
    exactName: `${name} (${setName})`,
    slug: id,
    setName,
    valueUsd,
    priceStatus: 'priced',
    confidence: null,
    change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
    valueBand: 'budget',
    rarity,
    types: [],
    imageSmall: `https://images.pokemontcg.io/${id}.png`,
  } satisfies CardSummary,
  set: id.split('-')[0],
  number: id.split('-')[1],
  printedTotal: 100,
  printings: [],
});

const ids = (searcher: ReturnType<typeof createCardSearcher>, q: string) =>
  searcher.search({ q, sort: 'relevance', limit: 10, offset: 0 }).results.map((r) => r.id);

describe('relevance tiers', () => {
  const searcher = createCardSearcher([
    card('bw1-14', 'Sawsbuck', 'Black & White', 'Rare', 1.85),
    card('bw1-61', 'Throh', 'Black & White', 'Rare', 1.05),
    card('zsv10pt5-172', 'Zekrom ex', 'Black Bolt', 'Black White Rare', 455.44),
    card('rsv10pt5-173', 'Reshiram ex', 'White Flare', 'Black White Rare', 367.23),
  ]);

  it('a card with one field the whole query covers comes before cards whose fields share the words out', () => {
    // Every card covers "black white rare" (set Black & White, rarity Rare); only two have it as one field.
    expect(ids(searcher, 'black white rare')).toEqual(['zsv10pt5-172', 'rsv10pt5-173', 'bw1-14', 'bw1-61']);
  });

  it('a field that is the query word alone comes before a field that only holds it, whatever the values', () => {
    expect(ids(searcher, 'rare')).toEqual(['bw1-14', 'bw1-61', 'zsv10pt5-172', 'rsv10pt5-173']);
  });

  it('words the fields share out still rank by the weightiest field they cover', () => {
    expect(ids(searcher, 'black white')).toEqual(['bw1-14', 'bw1-61', 'zsv10pt5-172', 'rsv10pt5-173']);
  });
});

describe('a query that names a set', () => {
  const searcher = createCardSearcher([
    card('m1l-92', 'Mega Lucario ex', 'Mega Brave', 'Mega Hyper Rare', 412.77),
    card('m1l-91', "Lillie's Determination", 'Mega Brave', 'Special Illustration Rare', 281.6),
    card('m1l-64', 'Bulbasaur', 'Mega Brave', 'Common', 13.06),
  ]);

  it('lists the set by value: a card whose name shares a word with the set (Mega) is no less what was asked for', () => {
    expect(ids(searcher, 'mega brave')).toEqual(['m1l-92', 'm1l-91', 'm1l-64']);
  });

  it('still puts first a card the words name by its name', () => {
    expect(ids(searcher, 'mega lucario')[0]).toBe('m1l-92');
    expect(ids(searcher, 'mega brave bulbasaur')).toEqual(['m1l-64']);
  });
});
