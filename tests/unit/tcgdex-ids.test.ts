import { describe, expect, it } from 'vitest';
import { cardNumberOf, setIdOfTcgdex, tcgdexCardIdOf, tcgdexSetIdOf, unpaddedIfDigits } from '../../src/catalogue/tcgdex-ids.ts';

/**
 * The id rules between TCGdex and the catalogue (src/catalogue/tcgdex-ids.ts), on the real pairs
 * ../shared/data/newer-sets/SOURCE.md lists ("TCGdex ↔ API set ids") and the sets before them.
 */
const REAL_PAIRS: [string, string][] = [
  ['sv01', 'sv1'],
  ['sv03.5', 'sv3pt5'],
  ['sv04.5', 'sv4pt5'],
  ['sv06.5', 'sv6pt5'],
  ['sv07', 'sv7'],
  ['sv08', 'sv8'],
  ['sv08.5', 'sv8pt5'],
  ['sv09', 'sv9'],
  ['sv10', 'sv10'],
  ['sv10.5b', 'zsv10pt5'],
  ['sv10.5w', 'rsv10pt5'],
  ['me01', 'me1'],
  ['me02', 'me2'],
  ['me02.5', 'me2pt5'],
  ['me03', 'me3'],
  ['me04', 'me4'],
  ['me05', 'me5'],
  ['mee', 'mee'],
  ['mep', 'mep'],
  ['svp', 'svp'],
  ['sve', 'sve'],
];

describe('set ids', () => {
  it.each(REAL_PAIRS)("TCGdex's %s is our %s, and back", (theirs, ours) => {
    expect(setIdOfTcgdex(theirs)).toBe(ours);
    expect(tcgdexSetIdOf(ours)).toBe(theirs);
  });

  it('gives a set TCGdex publishes later an id by the same convention, stable and in the form a set id takes', () => {
    expect(setIdOfTcgdex('me06')).toBe('me6');
    expect(setIdOfTcgdex('me06.5')).toBe('me6pt5');
    expect(setIdOfTcgdex('sv11.5x')).toBe('sv11pt5x');
    expect(setIdOfTcgdex('A1')).toBe('a1');
    expect(setIdOfTcgdex('P-A')).toBe('pa');
    expect(setIdOfTcgdex('...')).toBeUndefined();
    for (const id of ['me06.5', 'sv11.5x', 'P-A', '2024sv']) expect(setIdOfTcgdex(id)).toMatch(/^[a-z0-9]+$/);
  });
});

describe('card numbers and ids', () => {
  it('drops the zero padding of a local id, unless the set keeps it', () => {
    expect(cardNumberOf('007', false)).toBe('7');
    expect(cardNumberOf('161', false)).toBe('161');
    expect(cardNumberOf('007', true)).toBe('007');
    expect(cardNumberOf('TG01', false)).toBe('TG01');
    expect(unpaddedIfDigits('001')).toBe(unpaddedIfDigits('1'));
  });

  it('the sync compares an all-digit number without its padding and any other as written, case kept', () => {
    expect(['001', '010', '0', 'TG01', 'tg01', 'SWSH001'].map(unpaddedIfDigits)).toEqual(['1', '10', '0', 'TG01', 'tg01', 'SWSH001']);
  });

  it("derives TCGdex's card id for the series the rule covers, and none elsewhere", () => {
    expect(tcgdexCardIdOf({ number: '161' }, { id: 'sv8pt5', series: 'Scarlet & Violet' })).toBe('sv08.5-161');
    expect(tcgdexCardIdOf({ number: '1' }, { id: 'me5', series: 'Mega Evolution' })).toBe('me05-001');
    expect(tcgdexCardIdOf({ number: '001' }, { id: 'mep', series: 'Mega Evolution' })).toBe('mep-001');
    expect(tcgdexCardIdOf({ number: '172' }, { id: 'zsv10pt5', series: 'Scarlet & Violet' })).toBe('sv10.5b-172');
    expect(tcgdexCardIdOf({ number: '4' }, { id: 'base1', series: 'Base' })).toBeUndefined();
    expect(tcgdexCardIdOf({ number: 'TG01' }, { id: 'sv9', series: 'Scarlet & Violet' })).toBeUndefined();
  });
});
