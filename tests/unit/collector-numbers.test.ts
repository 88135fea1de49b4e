import { describe, expect, it } from 'vitest';
import { unpaddedIfDigits } from '../../src/catalogue/tcgdex-ids.ts';
import { foldText, numberKey, queryWords } from '../../src/search/normalize.ts';

/**
 * Collector numbers are compared two ways on purpose: search forgives case and padding, the sync matches TCGdex's
 * numbers with ours as written but for an all-digit number's padding.
 */
describe('collector numbers', () => {
  it('search keys a number lowercased and unpadded after its letter prefix, so a typed query finds it', () => {
    expect([numberKey('004', 102), numberKey('TG01', 30), numberKey('SWSH001', 0)]).toEqual(['4/102', 'tg1/30', 'swsh1/0']);
    expect(queryWords(foldText('charizard 004/102 tg01/tg30'))).toEqual(['charizard', '4/102', 'tg1/30']);
  });

  it('the sync leaves a number with a letter prefix as written, where search would fold it', () => {
    expect([unpaddedIfDigits('004'), unpaddedIfDigits('TG01')]).toEqual(['4', 'TG01']);
    expect(numberKey('TG01', 30)).not.toBe(`${unpaddedIfDigits('TG01')}/30`);
  });
});
