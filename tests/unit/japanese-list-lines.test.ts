import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { languageWordOf, linesOfCsv, linesOfText } from '../../src/collection/list-lines.ts';
import { type CollectionSearchers, valueList } from '../../src/collection/value-list.ts';
import { type AliasContent, japaneseSetPhrasesOf } from '../../src/search/aliases.ts';
import { type CardSearchRecord, createCardSearcher } from '../../src/search/card-searcher.ts';
import { createSealedSearcher } from '../../src/search/sealed-searcher.ts';

/** A card as the searcher takes it; a Japanese one (id jp-…) with its name as printed and, often, no rarity. */
const card = (id: string, name: string, valueUsd: number, rarity: string, nameJa: string | null = null): CardSearchRecord => {
  const set = id.slice(0, id.lastIndexOf('-'));
  const number = id.slice(id.lastIndexOf('-') + 1);
  return {
    summary: {
      id,
      name,
      language: id.startsWith('jp-') ? 'ja' : 'en',
      nameJa,
      exactName: `${name} (${set} ${number})`,
      slug: id,
      setName: SETS.find((s) => s.id === set)!.name,
      valueUsd,
      priceStatus: 'priced',
      confidence: null,
      change: priceChangesOf({ latest: { date: '2025-10-20', usd: valueUsd } }),
      valueBand: null,
      rarity,
      types: [],
      imageSmall: `https://images.pokemontcg.io/${id}.png`,
    } satisfies CardSummary,
    set,
    number,
    printedTotal: set === 'jp-sv8a' ? 187 : set === 'jp-sv2d' ? 71 : 193,
    printings: [],
  };
};

const SETS = [
  { id: 'sv2', name: 'Paldea Evolved' },
  { id: 'jp-sv2d', name: 'Clay Burst', nameJa: 'クレイバースト' },
  { id: 'jp-sv8a', name: 'Terastal Fest ex', nameJa: 'テラスタルフェスex' },
];
const CARDS = [
  card('sv2-269', 'Iono', 54.12, 'Special Illustration Rare'),
  card('sv2-185', 'Iono', 1.2, 'Uncommon'),
  // The Clay Burst SAR: TCGdex records no rarity for it.
  card('jp-sv2d-096', 'Iono', 252.24, '', 'ナンジャモ'),
  card('jp-sv2d-069', 'Iono', 0.24, 'Uncommon', 'ナンジャモ'),
  card('jp-sv8a-217', 'Umbreon ex', 310.67, '', 'ブラッキーex'),
  card('jp-sv8a-093', 'Umbreon ex', 1.3, 'Double Rare', 'ブラッキーex'),
];
const CONTENT: AliasContent = {
  sets: [],
  products: [],
  rarities: [{ means: 'special illustration rare', aliases: ['sir', 'sar'] }],
  nicknames: [],
  ignored: [],
  printings: [],
  arts: [],
};
const searchers: CollectionSearchers = {
  cards: createCardSearcher(CARDS, { aliases: { content: CONTENT, sets: SETS } }),
  sealed: createSealedSearcher([], { aliases: { content: CONTENT, sets: SETS } }),
  cardProducts: () => [],
  gradedOf: () => undefined,
};
const entryFor = (text: string) => valueList(linesOfText(text), searchers, '2025-10-20').entries[0];

describe('a list line naming a Japanese card', () => {
  it('names its set by its Japanese name, whole or without its closing "ex"', () => {
    expect(japaneseSetPhrasesOf(SETS[2])).toEqual(['テラスタルフェス ex', 'テラスタルフェス']);
    expect(japaneseSetPhrasesOf(SETS[1])).toEqual(['クレイバースト']);
    expect(japaneseSetPhrasesOf(SETS[0])).toEqual([]);
    expect(entryFor('ブラッキーex テラスタルフェス').card?.id).toBe('jp-sv8a-217');
  });

  it('reads a rarity word as a hint when the Japanese card it finds records no rarity, and says so', () => {
    const entry = entryFor('ブラッキーex SAR テラスタルフェス');
    expect(entry).toMatchObject({ status: 'matched', card: { id: 'jp-sv8a-217' }, unitValueUsd: 310.67 });
    expect(entry.note).toContain('Read "sar" as a hint');
  });

  it('with a language word, passes over the Japanese cards whose recorded rarity the word rules out', () => {
    // The Uncommon Japanese Iono records a rarity the line rules out: the Clay Burst SAR is the one card left.
    const entry = entryFor('Iono SAR jp');
    expect(entry).toMatchObject({ status: 'matched', card: { id: 'jp-sv2d-096' }, unitValueUsd: 252.24 });
    expect(entry.note).toContain('Read "sar" as a hint');
  });

  it('an English line with a rarity word is read as the search reads it: the English card of that rarity', () => {
    const entry = entryFor('Iono SAR');
    expect(entry).toMatchObject({ status: 'matched', card: { id: 'sv2-269' } });
    expect(entry.note).toBeUndefined();
  });
});

describe('a CSV naming Japanese cards', () => {
  it('adds the language word when a Language or Product Line column says Japanese, and nothing for English', () => {
    expect(['Japanese', 'Pokemon Japan', 'JAPANESE'].map(languageWordOf)).toEqual(['jp', 'jp', 'jp']);
    expect(['English', 'Pokemon', ''].map(languageWordOf)).toEqual(['', '', '']);
  });

  it("reads TCGplayer's seller export lines of the Pokemon Japan product line with their product ids", () => {
    const lines = linesOfCsv(
      [
        'TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,TCG Market Price,Total Quantity,TCG Marketplace Price,Photo URL',
        '602681,Pokemon Japan,SV8a: Terastal Fest ex,Umbreon ex - 217/187,,217/187,Special Art Rare,Near Mint Holofoil,310.67,1,320.00,',
        '42382,Pokemon,Base Set,Charizard,,4/102,Holo Rare,Near Mint Unlimited Holofoil,450.00,2,455.00,',
      ].join('\n'),
    );
    expect(lines).toMatchObject([
      { line: 2, quantity: 1, query: 'Umbreon ex SV8a: Terastal Fest ex 217/187 jp', productId: 602681 },
      { line: 3, quantity: 2, query: 'Charizard Base Set 4/102', productId: 42382 },
    ]);
  });

  it("reads TCGplayer's collection export's Language column, the printing words kept last", () => {
    const lines = linesOfCsv(
      [
        'Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU',
        '2,Iono,Iono,SV2D: Clay Burst,096/071,SV2D,Holofoil,Near Mint,Japanese,Special Art Rare,,',
        '1,Iono,Iono,Clay Burst,069/071,SV2D,Reverse Holofoil,Near Mint,Japanese,Uncommon,,',
      ].join('\n'),
    );
    expect(Array.isArray(lines) && lines.map((l) => l.query)).toEqual(['Iono SV2D: Clay Burst 096/071 jp', 'Iono Clay Burst 069/071 jp reverse holo']);
  });
});
