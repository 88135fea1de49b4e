import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../scripts/lib/source-replies.ts';
import { cardNameOf, cardOfTcgdex, priceLinesOf, rarityOf, setOfTcgdex } from '../../scripts/lib/tcgdex-convert.ts';
import { tcgdexCard, tcgdexSet } from '../../scripts/lib/tcgdex-replies.ts';
import { ROOT } from '../support/fixture-site.ts';

/**
 * The conversion of TCGdex's replies to content (scripts/lib/tcgdex-convert.ts), the rules of
 * ../shared/data/newer-sets/SOURCE.md: on a real-shaped reply (tests/fixtures/catalogue-sync/prismatic, made
 * from the newer sets' data), and on the printings of real cards as TCGdex writes them.
 */
const PRISMATIC = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'prismatic');
const reply = <T>(schema: Parameters<typeof parseReply>[0], file: string) => parseReply(schema, readFileSync(join(PRISMATIC, file), 'utf8'), file) as T;
const umbreon = reply<ReturnType<typeof tcgdexCard.parse>>(tcgdexCard, 'cards/sv08.5-161.json');
const prismatic = reply<ReturnType<typeof tcgdexSet.parse>>(tcgdexSet, 'sets/sv08.5.json');
const at = (number: string, set = { id: 'sv8pt5', series: 'Scarlet & Violet' }) => ({
  set,
  tcgdex: { serie: 'sv', set: 'sv08.5' },
  number,
  groupId: 23821,
  date: '2025-10-21',
});
const card = (over: Partial<typeof umbreon>) => ({ ...umbreon, variants_detailed: [], ...over });
const converted = (c: typeof umbreon, number = '1') => {
  const out = cardOfTcgdex(c, at(number));
  if (!('card' in out)) throw new Error(out.heldBack);
  return out.card;
};

describe('a TCGdex set', () => {
  it('is the set entry the catalogue holds for Prismatic Evolutions', () => {
    expect(setOfTcgdex(prismatic, 'sv8pt5', 'Scarlet & Violet')).toEqual({
      id: 'sv8pt5',
      name: 'Prismatic Evolutions',
      language: 'en',
      series: 'Scarlet & Violet',
      printedTotal: 131,
      total: 180,
      releaseDate: '2025-01-17',
      ptcgoCode: 'PRE',
    });
  });

  it('counts the cards an open promo set lists when TCGdex gives it no official count', () => {
    expect(setOfTcgdex({ ...prismatic, cardCount: { total: 88, official: 0 } }, 'mep', 'Mega Evolution')).toMatchObject({ printedTotal: 180, total: 180 });
  });
});

describe('a TCGdex card', () => {
  it('is the card the newer sets hold for Umbreon ex 161, but the mechanics TCGdex does not record (Tera)', () => {
    expect(converted(umbreon, '161')).toEqual({
      id: 'sv8pt5-161',
      set: 'sv8pt5',
      name: 'Umbreon ex',
      language: 'en',
      number: '161',
      supertype: 'Pokémon',
      subtypes: ['Stage 1', 'ex'],
      types: ['Darkness'],
      rarity: 'Special Illustration Rare',
      artist: 'YASHIRO Nanaco',
      hp: '280',
      nationalPokedexNumbers: [197],
      regulationMark: 'H',
      images: { small: 'https://assets.tcgdex.net/en/sv/sv08.5/161/low.webp', large: 'https://assets.tcgdex.net/en/sv/sv08.5/161/high.webp' },
      prices: [
        {
          variant: 'holofoil',
          printing: null,
          primary: true,
          productId: 610516,
          groupId: 23821,
          low: null,
          mid: null,
          high: null,
          market: null,
          directLow: null,
          updatedAt: '2025-10-21',
          source: 'tcgdex',
        },
      ],
      history: [],
      tcgdexId: 'sv08.5-161',
    });
  });

  it('takes the image by the stated rule when the reply gives none', () => {
    expect(converted(card({ image: undefined, localId: '007' }), '7').images.large).toBe('https://assets.tcgdex.net/en/sv/sv08.5/007/high.webp');
  });

  it('names a basic energy as the catalogue does, and calls it Basic by its name, a special one Special', () => {
    expect(cardNameOf('Grass Energy')).toBe('Basic Grass Energy');
    expect(cardNameOf('Jet Energy')).toBe('Jet Energy');
    const energy = (name: string) =>
      converted(card({ name, category: 'Energy', energyType: 'Normal', rarity: 'None', stage: undefined, suffix: undefined, hp: undefined, types: undefined }));
    expect(energy('Darkness Energy')).toMatchObject({ name: 'Basic Darkness Energy', supertype: 'Energy', subtypes: ['Basic'], rarity: undefined });
    expect(energy('Prism Energy')).toMatchObject({ name: 'Prism Energy', subtypes: ['Special'] });
  });

  it("gives a Mega ex MEGA, an ACE SPEC its subtype, a Tool the catalogue's word, and a fossil Item no HP", () => {
    expect(converted(card({ name: 'Mega Gardevoir ex', suffix: undefined, stage: 'Stage2' })).subtypes).toEqual(['Stage 2', 'MEGA', 'ex']);
    const trainer = (over: Partial<typeof umbreon>) =>
      converted(card({ category: 'Trainer', stage: undefined, suffix: undefined, types: undefined, dexId: undefined, ...over }));
    expect(trainer({ name: 'Awakening Drum', trainerType: 'Item', rarity: 'ACE SPEC Rare' }).subtypes).toEqual(['Item', 'ACE SPEC']);
    expect(trainer({ name: 'Technical Machine: Evolution', trainerType: 'Tool', rarity: 'Uncommon' }).subtypes).toEqual(['Pokémon Tool']);
    expect(trainer({ name: 'Antique Cover Fossil', trainerType: 'Item', hp: 60 }).hp).toBeUndefined();
  });

  it("writes TCGdex's rarity as the closed list does, and holds back a card whose rarity the list lacks", () => {
    expect(rarityOf('Double rare')).toBe('Double Rare');
    expect(rarityOf('Mega Hyper Rare')).toBe('Mega Hyper Rare');
    expect(rarityOf('None')).toBeUndefined();
    expect(cardOfTcgdex(card({ rarity: 'Prism rare' }), at('1'))).toEqual({ heldBack: 'rarity "Prism rare" is not in the list of src/schemas/rarity.ts' });
    expect(cardOfTcgdex(card({ category: 'Item' }), at('1'))).toMatchObject({ heldBack: expect.stringMatching(/^category "Item"/) });
  });
});

describe('the printings TCGdex ties to TCGplayer products', () => {
  const lines = (variants: Parameters<typeof priceLinesOf>[0]) =>
    priceLinesOf(variants, 23821, '2025-10-21').lines.map(({ variant, printing, primary, productId }) => [variant, printing, primary, productId]);

  it('lists the normal and reverse of one product as two lines, and a Poké Ball foil as a Holofoil product of its own (sv8pt5-1)', () => {
    expect(
      lines([
        { type: 'normal', thirdParty: { tcgplayer: 610356 } },
        { type: 'reverse', thirdParty: { tcgplayer: 610356 } },
        { type: 'reverse', foil: 'pokeball', thirdParty: { tcgplayer: 610536 } },
        { type: 'reverse', foil: 'masterball', thirdParty: { tcgplayer: 610637 } },
      ]),
    ).toEqual([
      ['normal', null, true, 610356],
      ['reverseHolofoil', null, true, 610356],
      ['holofoil', 'pokeball', false, 610536],
      ['holofoil', 'masterball', false, 610637],
    ]);
  });

  it('reads a foil that names a finish ("Reverse Holo", "Holo") as that finish, so the reverse of a common is the Reverse Holofoil of its product', () => {
    expect(
      lines([
        { type: 'normal', thirdParty: { tcgplayer: 610356 } },
        { type: 'reverse', foil: 'Reverse Holo', thirdParty: { tcgplayer: 610356 } },
        { type: 'holo', foil: 'Holo', thirdParty: { tcgplayer: 610357 } },
        { type: 'normal', foil: 'reverse-holofoil', thirdParty: { tcgplayer: 610358 } },
      ]),
    ).toEqual([
      ['normal', null, true, 610356],
      ['reverseHolofoil', null, true, 610356],
      ['holofoil', null, true, 610357],
      ['reverseHolofoil', null, true, 610358],
    ]);
  });

  it('makes one line of two printings sold as one product, with both their words (zsv10pt5-7)', () => {
    expect(
      lines([
        { type: 'normal', thirdParty: { tcgplayer: 642456 } },
        { type: 'reverse', foil: 'pokeball', thirdParty: { tcgplayer: 642701 } },
        { type: 'reverse', foil: 'masterball', thirdParty: { tcgplayer: 642701 } },
      ]),
    ).toEqual([
      ['normal', null, true, 642456],
      ['holofoil', 'masterball/pokeball', false, 642701],
    ]);
  });

  it('makes every printing of a promo that exists only stamped primary (mep-003), and leaves out a printing with no product', () => {
    expect(
      lines([
        { type: 'normal', stamp: ['set-logo'], thirdParty: { tcgplayer: 654597, cardmarket: 1 } },
        { type: 'holo', stamp: ['staff', 'set-logo'], thirdParty: { tcgplayer: 656385 } },
        { type: 'holo', size: 'jumbo', thirdParty: { cardmarket: 2 } },
      ]),
    ).toEqual([
      ['normal', 'set-logo', true, 654597],
      ['holofoil', 'set-logo/staff', true, 656385],
    ]);
  });

  it('names a jumbo card by its size, and holds back a printing of a finish it has no rule for', () => {
    const made = priceLinesOf(
      [
        { type: 'holo', size: 'standard', thirdParty: { tcgplayer: 641610 } },
        { type: 'lenticular', size: 'jumbo', thirdParty: { tcgplayer: 641615 } },
        { type: 'etched', thirdParty: { tcgplayer: 641616 } },
      ],
      22872,
      '2025-10-21',
    );
    expect(made.lines.map((l) => [l.variant, l.printing, l.primary])).toEqual([
      ['holofoil', null, true],
      ['holofoil', 'jumbo', false],
    ]);
    expect(made.heldBack).toEqual(['printing "etched" of product 641616 has no TCGplayer finish in the sync\'s rule']);
  });
});
