import { describe, expect, it } from 'vitest';
import { signedPct } from '../../src/catalogue/format.ts';
import { changePctOf, median, medianUsd, roundHundredths, roundUsd, sumUsd } from '../../src/catalogue/money.ts';

/** The one rounding, sum, median and sign every record, page, list and article uses (src/catalogue/money.ts, format.ts). */
describe('dollar arithmetic', () => {
  it('rounds dollars to cents, half a cent up, as every served value is', () => {
    expect(roundUsd(873.994)).toBe(873.99);
    expect(roundUsd(0.125)).toBe(0.13);
    expect(roundUsd(12)).toBe(12);
    expect(roundHundredths(2.345678)).toBe(2.35);
  });

  it('sums dollars in whole cents, so that floating point never shows in a total', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
    expect(sumUsd([458.29, 120.5, 0.99])).toBe(579.78);
    // Each value counts at its own cents: 3 × $0.004 is $0, not the $0.01 a float sum would round to.
    expect(sumUsd([0.004, 0.004, 0.004])).toBe(0);
    expect(sumUsd([])).toBe(0);
  });

  it('takes the middle value, or the mean of the two middle ones, whatever the order given', () => {
    const values = [3, 1, 10, 2];
    expect(median(values)).toBe(2.5);
    expect(values).toEqual([3, 1, 10, 2]);
    expect(median([5, 1, 3])).toBe(3);
  });

  it('gives a median in cents, and none for no values', () => {
    expect(medianUsd([1, 2.333])).toBe(1.67);
    expect(medianUsd([1.5, 3, 100])).toBe(3);
    expect(medianUsd([])).toBeNull();
  });
});

describe('a change in percent', () => {
  it('is the move over the first price, in percent with one decimal, and a tiny fall is 0, never -0', () => {
    expect([changePctOf(400, 456.8), changePctOf(458.29, 520), changePctOf(520, 458.29), changePctOf(100, 99.99)]).toEqual([14.2, 13.5, -11.9, 0]);
    expect(Object.is(changePctOf(100, 99.99), -0)).toBe(false);
  });

  it('reads "+" for a rise, "-" for a fall, and no sign for no change, everywhere it is written', () => {
    expect([signedPct(14.6), signedPct(-2), signedPct(0), signedPct(-0)]).toEqual(['+14.6%', '-2%', '0%', '0%']);
  });
});
