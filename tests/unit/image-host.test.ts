import { describe, expect, it } from 'vitest';
import { cardToSummary } from '../../src/catalogue/card-record.ts';
import { HTML_SECURITY_HEADERS } from '../../src/http/headers.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { IMAGE_ORIGINS, imageHostDefine, imageHostOf, isImageHostUrl, servedImageUrl } from '../../src/schemas/image-host.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { settingsOf } from '../../src/schemas/settings.ts';
import { withSettings } from '../support/settings.ts';

/** A card of the 2026 sets, whose image is on Scrydex, and its set. */
const SET: SetEntry = { id: 'me3', name: 'Perfect Order', language: 'en', series: 'Mega Evolution', printedTotal: 88, total: 124, releaseDate: '2026-03-27' };
const CARD = {
  id: 'me3-1',
  set: 'me3',
  name: 'Bulbasaur',
  language: 'en' as const,
  number: '1',
  images: { small: 'https://images.scrydex.com/pokemon/me3-1/small', large: 'https://images.scrydex.com/pokemon/me3-1/large' },
  prices: [],
  history: [],
  types: ['Grass'],
  subtypes: ['Basic'],
} as unknown as CardEntry;

describe('the card image host', () => {
  it('content may name images on the three upstream hosts, and on no other', () => {
    expect(isImageHostUrl('https://images.pokemontcg.io/base1/4.png')).toBe(true);
    expect(isImageHostUrl('https://images.scrydex.com/pokemon/me3-1/small')).toBe(true);
    expect(isImageHostUrl('https://assets.tcgdex.net/en/me/me05/001/high.webp')).toBe(true);
    expect(isImageHostUrl('https://images.pokemontcg.io.evil.example/base1/4.png')).toBe(false);
    expect(isImageHostUrl('http://images.pokemontcg.io/base1/4.png')).toBe(false);
    expect(isImageHostUrl('not a url')).toBe(false);
  });

  it('unset, every image is served from its upstream host, and the pages allow all three', () => {
    expect(servedImageUrl('https://images.pokemontcg.io/base1/4.png', null)).toBe('https://images.pokemontcg.io/base1/4.png');
    withSettings({ imageHost: null }, () => {
      expect(cardToSummary(CARD, SET, '2025-10-20').imageSmall).toBe(CARD.images.small);
      const csp = HTML_SECURITY_HEADERS['Content-Security-Policy'];
      for (const origin of IMAGE_ORIGINS) expect(csp).toContain(origin);
    });
  });

  it("CARD_IMAGE_HOST moves the records' images and the pages' Content-Security-Policy together", () => {
    withSettings(settingsOf({ CARD_IMAGE_HOST: 'https://img.example.com/cards' }), () => {
      expect(cardToSummary(CARD, SET, '2025-10-20').imageSmall).toBe('https://img.example.com/cards/images.scrydex.com/pokemon/me3-1/small');
      const { 'Content-Security-Policy': csp } = { ...HTML_SECURITY_HEADERS };
      expect(csp).toContain("img-src 'self' https://img.example.com;");
      for (const origin of IMAGE_ORIGINS) expect(csp).not.toContain(origin);
    });
    expect(() => settingsOf({ CARD_IMAGE_HOST: 'ftp://img.example.com' })).toThrow('CARD_IMAGE_HOST: "ftp://img.example.com" is not an https URL');
  });

  it('set, every image moves to it with its upstream host and path kept', () => {
    expect(servedImageUrl('https://images.pokemontcg.io/base1/4.png', 'https://img.example.com/cards')).toBe(
      'https://img.example.com/cards/images.pokemontcg.io/base1/4.png',
    );
    expect(servedImageUrl('https://assets.tcgdex.net/en/me/me05/001/low.webp', 'https://img.example.com')).toBe(
      'https://img.example.com/assets.tcgdex.net/en/me/me05/001/low.webp',
    );
  });

  it('the setting is an https URL without query or fragment; a trailing slash is dropped, anything else refused naming the variable', () => {
    expect(imageHostOf(undefined)).toBeNull();
    expect(imageHostOf('  ')).toBeNull();
    expect(imageHostOf('https://img.example.com/')).toBe('https://img.example.com');
    expect(imageHostOf('https://img.example.com/cards//')).toBe('https://img.example.com/cards');
    for (const bad of [
      'http://img.example.com',
      'img.example.com',
      'https://img.example.com/?v=1',
      'https://img.example.com/#x',
      'https://u:p@img.example.com',
    ]) {
      expect(() => imageHostOf(bad), bad).toThrow(/^CARD_IMAGE_HOST: /);
    }
  });

  it('a bundle freezes the setting it was made with', () => {
    expect(imageHostDefine({ CARD_IMAGE_HOST: 'https://img.example.com' })).toEqual({ 'process.env.CARD_IMAGE_HOST': '"https://img.example.com"' });
    expect(imageHostDefine({})).toEqual({ 'process.env.CARD_IMAGE_HOST': '""' });
  });
});
