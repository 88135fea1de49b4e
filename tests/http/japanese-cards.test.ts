import { describe, expect, inject, it } from 'vitest';
import { assertMatches } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The Japanese cards of the fixture content over HTTP (tests/fixtures/content: Blastoise of Pokemon Card 151, worth more
 * than the English one; Iono of Clay Burst; Umbreon ex and コルサ, known by its Japanese name alone, of Terastal Fest
 * ex): their records, pages and crosswalk ids, and the searches in Japanese, by language and with the English preference.
 */
const dist = inject('fixtureDist');
const { get, send } = useContractTarget(dist);
const search = async (q: string) => {
  const res = await get(`/api/cards?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  const body = await res.json();
  assertMatches('card-search.json', body, q);
  return body as { total: number; results: { id: string; name: string; nameJa: string | null; language: string; match?: Record<string, unknown> }[] };
};

describe('a Japanese card', () => {
  it('gives its language and Japanese name in its JSON, and both pages show them', async () => {
    const json = await (await get('/api/cards/umbreon-ex-jp-sv8a-217')).json();
    assertMatches('card-detail.json', json, 'the card');
    expect(json).toMatchObject({ id: 'jp-sv8a-217', name: 'Umbreon ex', language: 'ja', nameJa: 'ブラッキーex', setName: 'Terastal Fest ex' });
    for (const accept of ['text/html', 'text/markdown']) {
      const page = await (await get('/cards/umbreon-ex-jp-sv8a-217', { Accept: accept })).text();
      expect(page, accept).toContain('Language: Japanese · Japanese name: ブラッキーex');
    }
  });

  it('known by its Japanese name alone, is named by its id as its slug', async () => {
    const json = await (await get('/api/cards/jp-sv8a-190')).json();
    expect(json).toMatchObject({ id: 'jp-sv8a-190', slug: 'jp-sv8a-190', name: 'コルサ', nameJa: 'コルサ', language: 'ja' });
    expect((await get('/cards/jp-sv8a-190', { Accept: 'text/html' })).status).toBe(200);
  });

  it('an English card says its language and has no Japanese name', async () => {
    const json = await (await get('/api/cards/blastoise-base1-2')).json();
    expect(json).toMatchObject({ language: 'en', nameJa: null });
  });

  it("its set gives its Japanese name and TCGplayer group, on its JSON and its pages; the crosswalk gives TCGdex's Japanese id", async () => {
    const set = await (await get('/api/sets/jp-sv8a')).json();
    assertMatches('set-detail.json', set, 'the set');
    expect(set).toMatchObject({ id: 'jp-sv8a', language: 'ja', nameJa: 'テラスタルフェスex', tcgplayerGroupId: 23909 });
    expect((await (await get('/api/sets/base1')).json()).language).toBe('en');
    for (const accept of ['text/html', 'text/markdown']) {
      const page = await (await get('/sets/jp-sv8a', { Accept: accept })).text();
      expect(page, accept).toContain('Japanese name: テラスタルフェスex');
      expect(page, accept).toContain('TCGplayer group 23909');
    }
    const crosswalk = await (await get('/api/bulk/crosswalk.csv')).text();
    expect(crosswalk.split('\r\n')).toContain('jp-sv8a-217,SV8a-217,602681,');
  });
});

describe('searching for Japanese cards', () => {
  it('finds a card by its Japanese name, whole or in part, and says the Japanese name matched', async () => {
    const whole = await search('ナンジャモ');
    expect(whole.results.map((c) => c.id)).toEqual(['jp-sv2d-096']);
    expect(whole.results[0].match).toEqual({ fields: { ナンジャモ: ['nameJa'] } });
    expect((await search('ブラッキー')).results.map((c) => c.id)).toEqual(['jp-sv8a-217']);
    expect((await search('ジャモ')).results.map((c) => c.id)).toEqual(['jp-sv2d-096']);
  });

  it('an English query lists the English card before the Japanese one worth more, and says why', async () => {
    const { results } = await search('blastoise');
    expect(results.map((c) => c.id)).toEqual(['base1-2', 'jp-sv2a-009']);
    expect(results[0].match?.preferred).toMatch(/^English: the query names no language/);
  });

  it('lang:ja, lang:en and the word jp keep one language', async () => {
    expect((await search('blastoise lang:ja')).results.map((c) => c.id)).toEqual(['jp-sv2a-009']);
    expect((await search('blastoise lang:en')).results.map((c) => c.id)).toEqual(['base1-2']);
    const jp = await search('blastoise jp');
    expect(jp.results.map((c) => c.id)).toEqual(['jp-sv2a-009']);
    expect(jp.results[0].match?.alias).toEqual({ jp: 'Japanese cards (language)' });
  });

  it('refuses a language the catalogue does not have, naming the term and the languages it has', async () => {
    const res = await get(`/api/cards?q=${encodeURIComponent('blastoise lang:fr')}`);
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.detail).toContain('lang:fr');
    expect(problem.allowed).toEqual(expect.arrayContaining(['en', 'ja']));
  });
});

describe('a collection list naming Japanese cards', () => {
  const post = async (type: string, body: string) => {
    const res = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': type }, body });
    expect(res.status).toBe(200);
    const valued = await res.json();
    assertMatches('collection.json', valued, type);
    return valued as { entries: { line: number; status: string; quantity: number; card?: { id: string }; unitValueUsd: number | null; note?: string }[] };
  };

  it('values the lines collectors write: English name, number and set code; Japanese name and number; Japanese set name', async () => {
    const { entries } = await post('text/plain; charset=utf-8', 'Umbreon ex 217/187 SV8a\n2x ナンジャモ 096/071\nブラッキーex テラスタルフェス');
    expect(entries.map((e) => [e.line, e.status, e.card?.id, e.quantity, e.unitValueUsd])).toEqual([
      [1, 'matched', 'jp-sv8a-217', 1, 310.67],
      [2, 'matched', 'jp-sv2d-096', 2, 252.24],
      [3, 'matched', 'jp-sv8a-217', 1, 310.67],
    ]);
    // テラスタルフェス names Terastal Fest ex: no word of the line is left unread.
    expect(entries[2].note).toBeUndefined();
  });

  it("reads TCGplayer's Pokemon Japan lines as the Japanese cards: by product id, else by name, set and number, in Japanese", async () => {
    const csv = [
      'TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,TCG Market Price,Total Quantity,TCG Marketplace Price,Photo URL',
      '602681,Pokemon Japan,SV8a: Terastal Fest ex,Umbreon ex - 217/187,,217/187,Special Art Rare,Near Mint Holofoil,310.67,1,320.00,',
      ',Pokemon Japan,SV2D: Clay Burst,Iono - 096/071,,096/071,Special Art Rare,Near Mint Holofoil,,3,,',
      // No set, no number: the product line alone tells the Japanese Blastoise ex from Base Set's Blastoise.
      ',Pokemon Japan,,Blastoise,,,,Near Mint Holofoil,,1,,',
      ',Pokemon,,Blastoise,,,,Near Mint Holofoil,,1,,',
    ].join('\n');
    const { entries } = await post('text/csv', csv);
    expect(entries.map((e) => [e.line, e.card?.id, e.quantity])).toEqual([
      [2, 'jp-sv8a-217', 1],
      [3, 'jp-sv2d-096', 3],
      [4, 'jp-sv2a-009', 1],
      [5, 'base1-2', 1],
    ]);
    expect(entries.slice(0, 2).map((e) => e.status)).toEqual(['matched', 'matched']);
  });
});
