import { describe, expect, it } from 'vitest';
import { tcgdexImagesOf } from '../../scripts/lib/card-images.ts';
import { tcgdexSetIdOf } from '../../src/catalogue/tcgdex-ids.ts';

describe('the image of a card the source gives none (TCGdex assets)', () => {
  it.each([
    ['me5', 'me05'],
    ['sv8pt5', 'sv08.5'],
    ['me2pt5', 'me02.5'],
    ['sv10', 'sv10'],
    ['mep', 'mep'],
    ['svp', 'svp'],
    ['sve', 'sve'],
    ['zsv10pt5', 'sv10.5b'],
    ['rsv10pt5', 'sv10.5w'],
  ])("our set %s is TCGdex's %s", (ours, theirs) => {
    expect(tcgdexSetIdOf(ours)).toBe(theirs);
  });

  it('is the low and high webp of the card three digits wide, in its serie and set', () => {
    expect(tcgdexImagesOf({ number: '120' }, { id: 'me5', series: 'Mega Evolution' })).toEqual({
      small: 'https://assets.tcgdex.net/en/me/me05/120/low.webp',
      large: 'https://assets.tcgdex.net/en/me/me05/120/high.webp',
    });
    expect(tcgdexImagesOf({ number: '17' }, { id: 'sve', series: 'Scarlet & Violet' })).toMatchObject({
      small: 'https://assets.tcgdex.net/en/sv/sve/017/low.webp',
    });
    expect(tcgdexImagesOf({ number: '001' }, { id: 'mep', series: 'Mega Evolution' })).toMatchObject({
      small: 'https://assets.tcgdex.net/en/me/mep/001/low.webp',
    });
  });

  it('says why there is none rather than guess: a series, a set id or a number the rule does not cover', () => {
    expect(tcgdexImagesOf({ number: '4' }, { id: 'base1', series: 'Base' })).toMatch(/the series "Base" has no TCGdex serie/);
    expect(tcgdexImagesOf({ number: '4' }, { id: 'sv-x', series: 'Scarlet & Violet' })).toMatch(/the set id "sv-x" has no TCGdex set id/);
    expect(tcgdexImagesOf({ number: 'TG01' }, { id: 'sv9', series: 'Scarlet & Violet' })).toMatch(/the number "TG01" is not a plain number/);
  });
});
