import { describe, expect, it } from 'vitest';
import { signedPct, signedUsd } from '../../src/catalogue/format.ts';
import { centsOf, changePctOf, median, medianUsd, percentOf, roundHundredths, roundTenths, roundUsd, sumUsd } from '../../src/catalogue/money.ts';

/** The one rounding, sum, median and sign every record, page, list and article uses (src/catalogue/money.ts, format.ts). */
describe('dollar arithmetic', () => {
  it('rounds dollars to cents, half a cent up, as every served value is', () => {
    expect(roundUsd(873.994)).toBe(873.99);
    expect(roundUsd(0.125)).toBe(0.13);
    expect(roundUsd(12)).toBe(12);
    expect(roundHundredths(2.345678)).toBe(2.35);
    expect([centsOf(0.29), centsOf(873.994), centsOf(0.125)]).toEqual([29, 87399, 13]);
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

describe('one decimal', () => {
  it('rounds to tenths with halves up (toward +∞, so -2.25 is -2.2), and never gives -0', () => {
    expect([roundTenths(12.345), roundTenths(2.25), roundTenths(-2.25), roundTenths(-2.26), roundTenths(40), roundTenths(0.04)]).toEqual([
      12.3, 2.3, -2.2, -2.3, 40, 0,
    ]);
    expect(Object.is(roundTenths(-0.04), -0)).toBe(false);
  });

  it('gives a share in percent to one decimal, halves up, the same for articles, confidences and changes', () => {
    // 13516 / 17882 = 0.755844…; 1 / 3 = 33.33…%; 2 / 3 = 66.66…%.
    expect([percentOf(13516, 17882), percentOf(1, 3), percentOf(2, 3), percentOf(0, 5), percentOf(5, 5)]).toEqual([75.6, 33.3, 66.7, 0, 100]);
    // Exact halves: 23 / 80 = 28.75 %, 1 / 2000 = 0.05 %, -49 / 80 = -61.25 % (up is toward +∞).
    expect([percentOf(23, 80), percentOf(1, 2000), percentOf(-49, 80)]).toEqual([28.8, 0.1, -61.2]);
    // -1 / 2000 = -0.05 % rounds up to 0, written 0, not -0; nothing of nothing is 0.
    expect(Object.is(percentOf(-1, 2000), 0)).toBe(true);
    expect(percentOf(0, 0)).toBe(0);
    expect(changePctOf(80, 103)).toBe(percentOf(23, 80));
  });
});

describe('a change in percent', () => {
  it('is the move over the first price, in percent with one decimal, and a tiny fall is 0, never -0', () => {
    expect([changePctOf(400, 456.8), changePctOf(458.29, 520), changePctOf(520, 458.29), changePctOf(100, 99.99)]).toEqual([14.2, 13.5, -11.9, 0]);
    expect(Object.is(changePctOf(100, 99.99), -0)).toBe(false);
  });

  it('reads "+" for a rise, "-" for a fall, and no sign for no change, everywhere it is written', () => {
    expect([signedPct(14.6), signedPct(-2), signedPct(0), signedPct(-0)]).toEqual(['+14.6%', '-2%', '0%', '0%']);
    expect([signedUsd(56.8), signedUsd(-20), signedUsd(0), signedUsd(-0)]).toEqual(['+$56.80', '-$20.00', '$0.00', '$0.00']);
  });
});
