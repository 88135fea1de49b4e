import { describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * Searching by change over HTTP, on the fixture build (issue 34, item 1): the change sorts and the change filters of
 * /api/cards and /api/sealed, and the same through the MCP search tools. In the fixture, two cards have a 7-day
 * change (Flabébé fix1-061 +140%, Charizard-EX fix1-107 −7.1%), one a 30-day change (fix1-107, +30%), and two sealed
 * products a 7-day change (the Elite Trainer Box +6.7%, the booster box −7.5%).
 */
const dist = inject('fixtureDist');
const { get, send } = useContractTarget(dist);
const ids = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const body = await res.json();
  assertMatches(path.startsWith('/api/sealed') ? 'sealed-search.json' : 'card-search.json', body, path);
  return (body.results as { id: string; productId?: number }[]).map((r) => (r.productId === undefined ? r.id : String(r.productId)));
};

describe('sorting searches by change', () => {
  it('lists the largest 7-day rise first, or the largest fall, and every card without a 7-day change after them in value order', async () => {
    const desc = await ids('/api/cards?sort=change7d-desc&limit=200');
    const asc = await ids('/api/cards?sort=change7d-asc&limit=200');
    const byValue = await ids('/api/cards?sort=value-desc&limit=200');
    // The cards with a 7-day change: two of the fixture's own, three Japanese ones with their real 30 days of history.
    const changed = ['fix1-061', 'jp-sv8a-217', 'jp-sv2d-096', 'jp-sv8a-190', 'fix1-107'];
    expect(desc.slice(0, 5)).toEqual(changed);
    expect(asc.slice(0, 5)).toEqual([...changed].reverse());
    const rest = byValue.filter((id) => !changed.includes(id));
    expect(desc.slice(5)).toEqual(rest);
    expect(asc.slice(5)).toEqual(rest);
  });

  it('sorts sealed products and the matches of a query the same way', async () => {
    expect((await ids('/api/sealed?sort=change7d-asc')).slice(0, 2)).toEqual(['242436', '242437']);
    expect((await ids('/api/sealed?sort=change7d-desc')).slice(0, 2)).toEqual(['242437', '242436']);
    expect((await ids(`/api/sealed?q=${encodeURIComponent('evolving skies')}&sort=change7d-asc`)).slice(0, 2)).toEqual(['242436', '242437']);
  });

  it('refuses a window it does not have, naming the sorts', async () => {
    const problem = await problemOf(await get('/api/cards?sort=change14d-desc'), 400, 'change14d-desc');
    expect(problem).toMatchObject({ parameter: 'sort' });
    expect(JSON.stringify(problem)).toContain('change365d-asc');
  });
});

describe('filtering searches by change', () => {
  const q = (path: string, query: string) => ids(`${path}?q=${encodeURIComponent(query)}`);

  it('keeps the items whose change over the window compares so, and never one without a change', async () => {
    expect(await q('/api/cards', 'change30>20')).toEqual(['fix1-107']);
    expect(await q('/api/cards', 'change7<-5')).toEqual(['fix1-107']);
    expect(await q('/api/cards', 'change7>100')).toEqual(['fix1-061']);
    expect(await q('/api/cards', 'change90>-1000')).toEqual([]);
    expect(await q('/api/sealed', 'change7>5')).toEqual(['242437']);
  });

  it('says which change filter each result met', async () => {
    const body = await (await get(`/api/cards?q=${encodeURIComponent('charizard change30d>=30')}`)).json();
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(['fix1-107']);
    expect(body.results[0].match.filters).toEqual(['change30>=30']);
  });

  it('answers a search_cards tool call with a change sort and filter as the API does, each result with its change', async () => {
    const res = await send('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_cards', arguments: { q: 'change7>-50', sort: 'change7d-asc' } },
      }),
    });
    const { result } = await res.json();
    expect(result.isError).toBeFalsy();
    const results = result.structuredContent.results as { id: string; change: { '7d': { changePct: number } } }[];
    expect(results.map((c) => [c.id, c.change['7d'].changePct])).toEqual([
      ['fix1-107', -7.1],
      ['jp-sv8a-190', -2.3],
      ['jp-sv2d-096', 0],
      ['jp-sv8a-217', 2.2],
      ['fix1-061', 140],
    ]);
  });
});
