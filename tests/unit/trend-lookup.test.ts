import { describe, expect, it } from 'vitest';
import { trendLookupOf } from '../../src/server/trend-lookup.ts';

/** The search pages' sparklines read the trends through a compact lookup: each history must come back as the file wrote it. */
describe('the trends a search page draws', () => {
  const trends = {
    cards: { 'base1-4': [458.29, null, 460.1, 0.01, 0, 12_131.66], 'jp-SV2a-201': [null, null], 'swsh7-215': [] },
    sealed: { 'sv-booster-box': [155.99, 154.2] },
  };

  it('gives back each card and sealed history as written: prices, gaps and empty histories', () => {
    const lookup = trendLookupOf(structuredClone(trends));
    for (const id of Object.keys(trends.cards)) expect(lookup.cards(id)).toEqual(trends.cards[id as keyof typeof trends.cards]);
    expect(lookup.sealed('sv-booster-box')).toEqual([155.99, 154.2]);
  });

  it('gives nothing for an id it does not hold, and keeps cards and sealed apart', () => {
    const lookup = trendLookupOf(structuredClone(trends));
    expect(lookup.cards('nosuch-1')).toBeUndefined();
    expect(lookup.cards('sv-booster-box')).toBeUndefined();
    expect(lookup.cards('JP-SV2A-201')).toBeUndefined();
  });

  it('gives back a price that is no whole number of cents exactly as written', () => {
    const odd = { cards: { 'base1-4': [0.1 + 0.2, 1 / 3, 5] }, sealed: {} };
    expect(trendLookupOf(structuredClone(odd)).cards('base1-4')).toEqual([0.1 + 0.2, 1 / 3, 5]);
  });
});
