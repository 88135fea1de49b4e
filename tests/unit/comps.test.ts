import { describe, expect, it } from 'vitest';
import { computeComps } from '../../src/catalogue/comps.ts';

/** A card with only what computeComps reads. */
const card = (id: string, set: string, ungraded: number, psa10: number, updatedAt = '2025-02-27') => ({
  id,
  set,
  graded: { ungraded, psa10, url: 'https://example.org/', updatedAt, source: 'fixture' },
});

describe('computeComps', () => {
  const cards = [
    card('base1-2', 'base1', 10, 50), // 5
    card('sv3pt5-1', 'sv3pt5', 10, 20), // 2
    card('base1-1', 'base1', 10, 100), // 10
    card('ex1-1', 'ex1', 10, 30), // 3
    card('swsh7-1', 'swsh7', 4, 16, '2025-03-01'), // 4
  ];

  it('the multiplier is the median of psa10 divided by ungraded', () => {
    expect(computeComps(cards, 'all').psa_10_multiplier).toBe(4);
  });

  it('an even sample takes the mean of the two middle ratios', () => {
    expect(computeComps(cards.slice(0, 4), 'all').psa_10_multiplier).toBe(4);
  });

  it('quartiles are the medians of the lower and upper half, the middle value left out', () => {
    expect(computeComps(cards, 'all').quartiles).toEqual([2.5, 7.5]);
  });

  it('the multiplier is rounded to two decimals', () => {
    expect(computeComps([card('base1-1', 'base1', 3, 10)], 'all').psa_10_multiplier).toBe(3.33);
  });

  it('the vintage scope keeps WOTC sets and leaves EX and modern sets out', () => {
    expect(computeComps(cards, 'vintage').card_ids).toEqual(['base1-1', 'base1-2']);
  });

  it('the modern scope keeps Sword & Shield and Scarlet & Violet sets only', () => {
    expect(computeComps(cards, 'modern').card_ids).toEqual(['sv3pt5-1', 'swsh7-1']);
  });

  it('the modern scope also keeps White Flare, Black Bolt and the Mega Evolution sets', () => {
    const later = [card('rsv10pt5-1', 'rsv10pt5', 1, 2), card('zsv10pt5-1', 'zsv10pt5', 1, 2), card('me1-1', 'me1', 1, 2), card('mcd11-1', 'mcd11', 1, 2)];
    expect(computeComps(later, 'modern').card_ids).toEqual(['me1-1', 'rsv10pt5-1', 'zsv10pt5-1']);
  });

  it('the ex-era scope keeps the EX sets ex1 to ex16 only', () => {
    expect(computeComps(cards, 'ex-era').card_ids).toEqual(['ex1-1']);
  });

  it('cards without graded figures are not counted', () => {
    const comps = computeComps([...cards, { id: 'base1-9', set: 'base1' }], 'all');
    expect(comps.sample_size).toBe(5);
  });

  it('card ids come out sorted and the date is the newest in the sample', () => {
    const comps = computeComps(cards, 'all');
    expect(comps.card_ids).toEqual(['base1-1', 'base1-2', 'ex1-1', 'sv3pt5-1', 'swsh7-1']);
    expect(comps.updated_at).toBe('2025-03-01');
    expect(comps.source).toBe('fixture');
  });

  it('keys come out in a fixed order', () => {
    expect(Object.keys(computeComps(cards, 'all'))).toEqual(['psa_10_multiplier', 'quartiles', 'sample_size', 'card_ids', 'scope', 'source', 'updated_at']);
  });

  it('a scope without graded cards throws rather than inventing a number', () => {
    expect(() => computeComps([card('ex1-1', 'ex1', 1, 2)], 'modern')).toThrow(/no graded cards/);
  });

  it('an unknown scope throws', () => {
    expect(() => computeComps(cards, 'neo' as never)).toThrow(/unknown comps scope/);
  });
});
