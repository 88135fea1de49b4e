import { describe, expect, it } from 'vitest';
import { englishNamesOf, englishSetName, groupOfJapaneseSet } from '../../scripts/lib/japanese-sync.ts';
import { cardOfTcgdex } from '../../scripts/lib/tcgdex-convert.ts';
import type { TcgdexCard } from '../../scripts/lib/tcgdex-replies.ts';
import { japaneseSetIdOf } from '../../src/catalogue/tcgdex-ids.ts';
import type { CardEntry } from '../../src/schemas/card.ts';

/**
 * The rules by which the catalogue sync makes Japanese sets and cards (scripts/lib/japanese-sync.ts): ids that meet
 * the imported ones, English names only where a named source gives one, TCGplayer's group and English set name.
 */
const japaneseCard = (id: string, name: string, nameJa: string) => ({ id, name, nameJa, language: 'ja' }) as CardEntry;

describe('Japanese ids', () => {
  it("are jp- and TCGdex's id lower-cased, the ids the import gave, and none where that is not a set id", () => {
    expect(['SV8a', 'SV-P', 'M2a', 'SVLN'].map(japaneseSetIdOf)).toEqual(['jp-sv8a', 'jp-sv-p', 'jp-m2a', 'jp-svln']);
    expect(japaneseSetIdOf('CSV9.5C')).toBeUndefined();
  });
});

describe('English card names', () => {
  it("are those content's Japanese cards of the same Japanese name all carry; a name they disagree on, or none holds, gives none", () => {
    const names = englishNamesOf({
      cardFiles: new Map([
        [
          'cards/jp-x.json',
          [
            japaneseCard('jp-x-1', 'Umbreon ex', 'ブラッキーex'),
            japaneseCard('jp-x-2', 'Umbreon ex', 'ブラッキーex'),
            // A card of this name left without an English name does not stop the others' from counting.
            japaneseCard('jp-x-3', 'コルサ', 'コルサ'),
            japaneseCard('jp-x-4', 'Nidoran ♀', 'ニドラン♀'),
            japaneseCard('jp-x-5', 'Nidoran♀', 'ニドラン♀'),
          ],
        ],
        ['cards/base1.json', [{ id: 'base1-4', name: 'Charizard', language: 'en' } as CardEntry]],
      ]),
    });
    expect(Object.fromEntries(names)).toEqual({ ブラッキーex: 'Umbreon ex' });
  });

  it("keep a Japanese card's Japanese name as its name when none is known, and its English name beside nameJa when one is", () => {
    const reply: TcgdexCard = { id: 'SV9-001', localId: '001', name: 'キャタピー', category: 'Pokemon', set: { id: 'SV9' }, stage: 'Basic' };
    const at = { set: { id: 'jp-sv9', series: 'Scarlet & Violet' }, tcgdex: { serie: 'SV', set: 'SV9' }, number: '001', groupId: 24173, date: '2025-10-21' };
    const unnamed = cardOfTcgdex(reply, { ...at, japanese: { nameEn: null } });
    const named = cardOfTcgdex(reply, { ...at, japanese: { nameEn: 'Caterpie' } });
    expect('card' in unnamed && unnamed.card).toMatchObject({
      id: 'jp-sv9-001',
      name: 'キャタピー',
      language: 'ja',
      nameJa: 'キャタピー',
      tcgdexId: 'SV9-001',
    });
    expect('card' in named && named.card).toMatchObject({ name: 'Caterpie', nameJa: 'キャタピー' });
    expect('card' in named && named.card.images).toEqual({
      small: 'https://assets.tcgdex.net/ja/SV/SV9/001/low.png',
      large: 'https://assets.tcgdex.net/ja/SV/SV9/001/high.png',
    });
  });

  it('give a Japanese reverse of a product of its own the printing reverse of a holofoil line, and a card-level product a line', () => {
    const base = { localId: '174', name: 'ナンジャモ', category: 'Trainer', set: { id: 'SV4a' }, trainerType: 'Supporter' };
    const at = { set: { id: 'jp-sv4a', series: 'Scarlet & Violet' }, tcgdex: { serie: 'SV', set: 'SV4a' }, number: '174', groupId: 23601, date: '2025-10-21' };
    const lines = (card: TcgdexCard) => {
      const out = cardOfTcgdex(card, { ...at, japanese: { nameEn: 'Iono' } });
      return 'card' in out ? out.card.prices.map((l) => [l.variant, l.printing, l.primary, l.productId]) : out.heldBack;
    };
    const variants = [
      { type: 'normal', thirdParty: { tcgplayer: 567575 } },
      { type: 'reverse', thirdParty: { tcgplayer: 577404 } },
    ];
    expect(lines({ ...base, id: 'SV4a-174', variants_detailed: variants })).toEqual([
      ['normal', null, true, 567575],
      ['holofoil', 'reverse', false, 577404],
    ]);
    expect(lines({ ...base, id: 'SV4a-174', variants_detailed: [{ type: 'holo' }], thirdParty: { tcgplayer: 636528 } })).toEqual([
      ['holofoil', null, true, 636528],
    ]);
  });
});

describe("a Japanese set's TCGplayer group", () => {
  const groups = [
    { groupId: 23909, name: 'SV8a: Terastal Fest ex' },
    { groupId: 23779, name: 'SV-P Promotional Cards' },
    { groupId: 23794, name: 'SV: Stellar Miracle Deck Build Box' },
  ];

  it('is the group whose code is the set id in any case, or its promo group', () => {
    expect(groupOfJapaneseSet(groups, 'SV8A')?.groupId).toBe(23909);
    expect(groupOfJapaneseSet(groups, 'SV-P')?.groupId).toBe(23779);
  });

  it('is none for a set no group codes, and none where two groups would be', () => {
    expect(groupOfJapaneseSet(groups, 'SVK')).toBeUndefined();
    expect(groupOfJapaneseSet([...groups, { groupId: 1, name: 'sv8a: Terastal Fest ex (Japanese)' }], 'SV8a')).toBeUndefined();
  });

  it("names the set in English without the group's code; a promo group keeps its whole name", () => {
    expect(englishSetName('SV8a: Terastal Fest ex')).toBe('Terastal Fest ex');
    expect(englishSetName('M2a: High Class Pack: MEGA Dream ex')).toBe('High Class Pack: MEGA Dream ex');
    expect(englishSetName('SV-P Promotional Cards')).toBe('SV-P Promotional Cards');
  });
});
