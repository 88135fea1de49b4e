import { describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * Field filters in q over HTTP, on the fixture build: the answer and its match reasons, and a 400 problem that
 * names the term, where it is in q and what is allowed, on the API, its search page for people and the MCP tool.
 */
const dist = inject('fixtureDist');
const { get, send } = useContractTarget(dist);
const search = (path: string, q: string) => get(`${path}?q=${encodeURIComponent(q)}`);

describe('field filters in q', () => {
  it('answers a filtered card search in its envelope, each result saying which filters held', async () => {
    const res = await search('/api/cards', 'set:base1 t:fire value>100');
    expect(res.status).toBe(200);
    const body = await res.json();
    assertMatches('card-search.json', body, 'the search');
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(['base1-4']);
    expect(body.results[0].match).toEqual({ fields: {}, filters: ['set:base1', 'type:Fire', 'value>100'] });
  });

  it('filters free words too, and negation leaves out what a term names', async () => {
    const all = await (await search('/api/cards', 'set:base1')).json();
    const some = await (await search('/api/cards', 'set:base1 -t:fire')).json();
    expect(some.total).toBe(all.total - 1);
    expect(some.results.map((c: { id: string }) => c.id)).not.toContain('base1-4');
    const named = await (await search('/api/cards', 'charizard set:base1')).json();
    expect(named.results[0].match).toMatchObject({ fields: { charizard: ['name'] }, filters: ['set:base1'] });
  });

  it('filters sealed products by kind, value and price per pack', async () => {
    const res = await search('/api/sealed', 'kind:booster-box value>100');
    const body = await res.json();
    assertMatches('sealed-search.json', body, 'the search');
    for (const product of body.results) {
      expect(product.kind).toBe('booster-box');
      expect(product.valueUsd).toBeGreaterThan(100);
    }
  });

  it.each([
    ['/api/cards', 'charizard colour:red', 'colour:red', 11],
    ['/api/cards', 'set:nosuchset', 'set:nosuchset', 1],
    ['/api/cards', 'value>lots', 'value>lots', 1],
    ['/api/sealed', 'kind:boosterbox', 'kind:boosterbox', 1],
  ])('%s?q=%s is a 400 naming %s at character %i, and what is allowed', async (path, q, term, position) => {
    const problem = await problemOf(await search(path, q), 400, q);
    expect(problem).toMatchObject({ parameter: 'q', term, position });
    expect(problem.detail).toContain(`at character ${position}`);
    expect((problem.allowed as string[]).length).toBeGreaterThan(0);
  });

  it('refuses a bad term on the search page for people with the same problem', async () => {
    const res = await search('/search', 'colour:red');
    expect(res.status).toBe(400);
  });

  it('answers a bad term in a search_cards tool call with a tool error saying where and what is allowed', async () => {
    const res = await send('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'pikachu is:shiny' } } }),
    });
    const { result } = await res.json();
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/at character 9: is:shiny: shiny is not a property; the properties are graded, priced/);
  });
});
