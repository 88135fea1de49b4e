import { describe, expect, inject, it } from 'vitest';
import type { Autocomplete } from '../../src/schemas/api-types.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * /api/cards/autocomplete over HTTP, on the fixture build, through whatever serves it (the function alone, or nginx
 * or the Cloudflare Worker in front): the answer in its schema, the problems, and the path answered by the function rather than taken for a
 * card's JSON (/api/cards/{slug}), which it looks like.
 */
const dist = inject('fixtureDist');
const { get } = useContractTarget(dist);
const autocomplete = (q: string) => get(`/api/cards/autocomplete?q=${encodeURIComponent(q)}`);

async function answerOf(q: string): Promise<Autocomplete> {
  const res = await autocomplete(q);
  expect(res.status, q).toBe(200);
  const body = await res.json();
  assertMatches('autocomplete.json', body, q);
  return body;
}

describe('/api/cards/autocomplete', () => {
  it('suggests the card names a prefix starts, the name typed whole first', async () => {
    const body = await answerOf('charizard');
    expect(body.q).toBe('charizard');
    expect(body.results).toEqual([
      { label: 'Charizard', kind: 'card', value: 'Charizard', url: '/search?q=Charizard', cards: 1 },
      { label: 'Charizard-EX', kind: 'card', value: 'Charizard-EX', url: '/search?q=Charizard-EX', cards: 1 },
    ]);
  });

  it.each([
    ['farfetch', "Farfetch'd"],
    ['flabebe', 'Flabébé'],
    ['FLABÉ', 'Flabébé'],
    ['charizard ex', 'Charizard-EX'],
  ])('%s suggests %s', async (q, label) => {
    expect((await answerOf(q)).results.map((s) => s.label)).toEqual([label]);
  });

  it('suggests sets, marked as such, with their field filter and page', async () => {
    expect((await answerOf('flashf')).results).toEqual([
      { label: 'Fixture Flashfire', kind: 'set', value: 'set:fix1', url: '/sets/fix1', cards: expect.any(Number) },
    ]);
  });

  it.each(['', 'c', ' c ', ' é '])('q=%j (under 2 characters after trimming) gets an empty list', async (q) => {
    expect((await answerOf(q)).results).toEqual([]);
  });

  it('is counted like a search: the API headers and the client’s RateLimit, an ETag and 304', async () => {
    const res = await autocomplete('char');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('ratelimit')).toMatch(/;r=\d+;t=\d+$/);
    expect(res.headers.get('ratelimit-policy')).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('link')).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
    const again = await get('/api/cards/autocomplete?q=char', { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it.each([
    ['q=ch&q=char', 'given 2 times'],
    [`q=${'a'.repeat(201)}`, 'at most 200'],
  ])('%s is a 400 problem naming q', async (query, detail) => {
    const problem = await problemOf(await get(`/api/cards/autocomplete?${query}`), 400, query);
    expect(problem.parameter).toBe('q');
    expect(problem.detail).toContain(detail);
  });

  it('is not taken for a card’s JSON, which is still served beside it', async () => {
    expect((await get('/api/cards/autocomplete.json')).status).toBe(404);
    const card = await get('/api/cards/charizard-base1-4');
    expect(card.status).toBe(200);
    expect((await card.json()).id).toBe('base1-4');
  });
});
