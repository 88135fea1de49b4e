import { describe, expect, it } from 'vitest';
import { plainDecimal } from '../../src/catalogue/format.ts';
import { publicOriginOf } from '../../src/http/links.ts';
import { feedOriginOf } from '../../src/server/config.ts';

/** What the feeds write in their URLs (docs/api.md#feeds): the threshold in digits, and the public origin. */
describe('a threshold in a feed’s URL', () => {
  it('is written in plain digits, never with an exponent, and reads back as the same number', () => {
    expect(plainDecimal(0.0000001)).toBe('0.0000001');
    expect(plainDecimal(1.5e-7)).toBe('0.00000015');
    expect(plainDecimal(10)).toBe('10');
    expect(plainDecimal(12.5)).toBe('12.5');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    for (const n of [0.0000001, 1.5e-7, 0.3, 1000, 1e21, 2.5e-10]) expect(Number(plainDecimal(n))).toBe(n);
  });
});

describe('the public origin', () => {
  it('is an http(s) origin, a trailing slash allowed; unset is none', () => {
    expect(publicOriginOf('https://cards.example/', 'PUBLIC_ORIGIN')).toBe('https://cards.example');
    expect(publicOriginOf('http://localhost:8080', 'SITE_URL')).toBe('http://localhost:8080');
    expect(publicOriginOf(undefined, 'PUBLIC_ORIGIN')).toBeUndefined();
    expect(publicOriginOf('', 'PUBLIC_ORIGIN')).toBeUndefined();
  });

  it.each(['cards.example', 'ftp://cards.example', 'https://cards.example/site', 'https://cards.example/?a=1', 'https://u:p@cards.example'])(
    '%s is refused, naming the setting',
    (raw) => {
      expect(() => publicOriginOf(raw, 'PUBLIC_ORIGIN')).toThrow(/^PUBLIC_ORIGIN must be an http\(s\) origin/);
    },
  );

  it('of the feeds is PUBLIC_ORIGIN, else the build’s SITE_URL, else the function’s own address, said to be unconfigured', () => {
    expect(feedOriginOf({ publicOrigin: 'https://a.example' }, 'https://b.example', 4321)).toEqual({ origin: 'https://a.example', configured: true });
    expect(feedOriginOf({ publicOrigin: undefined }, 'https://b.example', 4321)).toEqual({ origin: 'https://b.example', configured: true });
    expect(feedOriginOf({ publicOrigin: undefined }, undefined, 4321)).toEqual({ origin: 'http://localhost:4321', configured: false });
  });
});
