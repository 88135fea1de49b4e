import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { send } from '../support/http-client.ts';
import { expectMarkdownTwin } from '../support/markdown-twin.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/** The HTTP contract on the built fixture site: the real function (src/server/main.ts), alone or behind the front CONTRACT_TARGET names (tests/support/target.ts). */
const dist = inject('fixtureDist');
const { get, url, manifest } = useContractTarget(dist);

/** A raw request, so that paths reach the server exactly as written (fetch would normalise them). */
async function raw(path: string): Promise<{ status: number; body: string; type: string }> {
  const res = await send(url(), path);
  return { status: res.status, body: res.body, type: String(res.headers['content-type']) };
}

async function json(path: string, schema: string) {
  const res = await get(path);
  const body = await res.json();
  assertMatches(schema, body, path);
  return { res, body };
}

const problem = async (path: string, status: number) => problemOf(await get(path), status, path);

describe('card search', () => {
  it('finds cards by name across sets, exact total, relevance first', async () => {
    const { res, body } = await json('/api/cards?q=charizard', 'card-search.json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body.total).toBe(2);
    expect(body.results.map((c: { id: string }) => c.id).sort()).toEqual(['base1-4', 'fix1-107']);
  });

  it("reads collectors' words: a set alias puts that set first, says why, and lists the grade it ignored", async () => {
    const { body } = await json('/api/cards?q=zard+base+set+psa+10', 'card-search.json');
    expect(body.results[0].id).toBe('base1-4');
    expect(body.results[0].match).toEqual({ fields: { zard: ['name'], 'base set': ['set'] }, alias: { zard: 'charizard', 'base set': 'Base (set)' } });
    expect(body.ignored).toEqual([{ word: 'psa 10', reason: 'grade' }]);
    const nickname = (await json('/api/cards?q=og+zard', 'card-search.json')).body;
    expect(nickname.results.map((c: { id: string }) => c.id)).toEqual(['base1-4']);
    const etb = (await json('/api/sealed?q=etb', 'sealed-search.json')).body;
    expect(etb.results[0].kind).toBe('etb');
  });

  it('a query whose words all name nothing matches nothing, with the reasons', async () => {
    const { body } = await json('/api/cards?q=psa+10+pokemon+card', 'card-search.json');
    expect(body.total).toBe(0);
    expect(body.ignored.map((i: { reason: string }) => i.reason)).toEqual(['grade', 'filler', 'filler']);
  });

  it('without q lists every card by value, highest first, unpriced last', async () => {
    const { body } = await json('/api/cards', 'card-search.json');
    expect(body.total).toBe(11);
    expect(body.results[0].id).toBe('fix1-107');
    expect(body.results.at(-1).valueUsd).toBeNull();
  });

  it("folds accents and punctuation: flabebe finds Flabébé, farfetchd finds Farfetch'd", async () => {
    expect((await json('/api/cards?q=flabebe', 'card-search.json')).body.results[0].name).toBe('Flabébé');
    expect((await json('/api/cards?q=farfetchd', 'card-search.json')).body.results[0].name).toBe("Farfetch'd");
  });

  it('filters by band and sorts by name or value ascending', async () => {
    const grail = (await json('/api/cards?band=grail', 'card-search.json')).body;
    expect(grail.results.map((c: { id: string }) => c.id)).toEqual(['fix1-107']);
    const byName = (await json('/api/cards?sort=name', 'card-search.json')).body.results.map((c: { name: string }) => c.name);
    expect(byName).toEqual([...byName].sort());
    const asc = (await json('/api/cards?sort=value-asc&limit=2', 'card-search.json')).body.results.map((c: { valueUsd: number }) => c.valueUsd);
    expect(asc).toEqual([0.12, 0.99]);
  });

  it('a limit above 200 is clamped to 200, limit=0 returns only the total, offset pages without overlap', async () => {
    expect((await json('/api/cards?limit=500', 'card-search.json')).body.limit).toBe(200);
    const zero = (await json('/api/cards?limit=0', 'card-search.json')).body;
    expect(zero).toMatchObject({ total: 11, count: 0, results: [] });
    const first = (await json('/api/cards?limit=3', 'card-search.json')).body.results.map((c: { id: string }) => c.id);
    const second = (await json('/api/cards?limit=3&offset=3', 'card-search.json')).body.results.map((c: { id: string }) => c.id);
    expect(new Set([...first, ...second]).size).toBe(6);
  });

  it.each([
    ['limit=ten', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['offset=x', 'offset'],
    ['band=gold', 'band'],
    ['sort=cheapest', 'sort'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['limit=1&limit=2', 'limit'],
    ['q=a&q=b', 'q'],
  ])('?%s is a 400 naming %s and what it accepts', async (query, parameter) => {
    const body = await problem(`/api/cards?${query}`, 400);
    expect(body.parameter).toBe(parameter);
    expect(body.allowed).toBeTruthy();
    expect(body.detail).toContain(parameter);
  });

  it('a printing word finds the cards that have the printing, each with that printing and its value, and bands by it', async () => {
    const { body } = await json('/api/cards?q=charizard+shadowless', 'card-search.json');
    expect(body.total).toBe(1);
    expect(body.results[0]).toMatchObject({ id: 'base1-4', valueBand: 'chase', printing: { id: 'shadowless-holofoil', valueUsd: 1997.59 } });
    expect(body.results[0].match.alias).toEqual({ shadowless: 'Shadowless (printing)' });
    // A grail by its Shadowless printing's value, a chase card by its own.
    expect((await json('/api/cards?q=shadowless&band=grail', 'card-search.json')).body.results.map((c: { id: string }) => c.id)).toEqual(['base1-4']);
    expect((await json('/api/cards?q=charizard&band=grail', 'card-search.json')).body.results.map((c: { id: string }) => c.id)).not.toContain('base1-4');
  });

  it('an art word narrows a name to the cards that have the art, and says which words named it', async () => {
    expect((await json('/api/cards?q=charizard', 'card-search.json')).body.total).toBe(2);
    const { body } = await json('/api/cards?q=charizard+full+art', 'card-search.json');
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(['fix1-107']);
    expect(body.results[0].match.alias).toEqual({ 'full art': 'Full Art (art)' });
    expect((await json('/api/cards?q=charizard+alt+art', 'card-search.json')).body.total).toBe(0);
  });

  it('ignores unknown parameters', async () => {
    expect((await get('/api/cards?q=charizard&utm_source=x')).status).toBe(200);
  });
});

describe('card look-up by TCGplayer product', () => {
  it("names the card that holds a product and that product's printing with its own value", async () => {
    const { body } = await json('/api/cards?tcgplayer=106999', 'card-search.json');
    expect(body).toMatchObject({ total: 1, count: 1, notFound: [] });
    expect(body.results[0]).toMatchObject({
      id: 'base1-4',
      valueUsd: 458.29,
      printing: { id: 'shadowless-holofoil', label: 'Shadowless Holofoil', productId: 106999, valueUsd: 1997.59 },
    });
  });

  it('answers in the order asked, a product with two variants as two results, and lists what no card holds', async () => {
    const { body } = await json('/api/cards?tcgplayer=999999,500001,%2042382', 'card-search.json');
    expect(body.results.map((r: { id: string; printing: { id: string } }) => [r.id, r.printing.id])).toEqual([
      ['fix1-061', 'reverse-holofoil'],
      ['fix1-061', 'normal'],
      ['base1-4', 'holofoil'],
      ['base1-4', '1st-edition-holofoil'],
    ]);
    expect(body.notFound).toEqual(['999999']);
    expect(body.total).toBe(4);
  });

  it.each([
    ['tcgplayer=abc', /got "abc"/],
    ['tcgplayer=', /got ""/],
    ['tcgplayer=106999,,42382', /got ""/],
    ['tcgplayer=0', /got "0"/],
    ['tcgplayer=1.5', /got "1.5"/],
    [`tcgplayer=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /101 products; at most 100/],
    ['tcgplayer=106999&q=charizard', /takes no q/],
    ['tcgplayer=106999&limit=5', /takes no limit/],
    ['tcgplayer=1&tcgplayer=2', /given 2 times/],
  ])('%s is a 400 problem naming tcgplayer', async (query, detail) => {
    const body = await problem(`/api/cards?${query}`, 400);
    expect(body.parameter).toBe('tcgplayer');
    expect(body.detail).toMatch(detail);
  });
});

describe('card look-up by id or slug', () => {
  it('answers the cards named, in the order given, by id or slug in any case, and lists the ids that name none', async () => {
    const { body } = await json('/api/cards?ids=fix1-107,CHARIZARD-BASE1-4,nope-1,base1-4', 'card-search.json');
    expect(body.results.map((c: { id: string }) => c.id)).toEqual(['fix1-107', 'base1-4', 'base1-4']);
    expect(body.results[1]).toMatchObject({ slug: 'charizard-base1-4', valueUsd: 458.29 });
    expect(body.results[1].match).toBeUndefined();
    expect(body).toMatchObject({ total: 3, count: 3, notFound: ['nope-1'] });
  });

  it.each([
    ['ids=base1-4,', /got ""/],
    ['ids=base1-4;rm', /got "base1-4;rm"/],
    [`ids=${'a'.repeat(121)}`, /must list card ids or slugs/],
    [`ids=${Array.from({ length: 101 }, (_, i) => `base1-${i}`).join(',')}`, /101 cards; at most 100/],
    ['ids=base1-4&q=charizard', /takes no q/],
    ['ids=base1-4&tcgplayer=106999', /takes no tcgplayer/],
    ['ids=a&ids=b', /given 2 times/],
  ])('%s is a 400 problem naming ids', async (query, detail) => {
    const body = await problem(`/api/cards?${query}`, 400);
    expect(body.parameter).toBe('ids');
    expect(body.detail).toMatch(detail);
  });
});

describe('sealed look-up by id or slug', () => {
  it('answers the products named by TCGplayer product id or slug, in the order given, and lists the ids that name none', async () => {
    const { body } = await json('/api/sealed?ids=242437,evolving-skies-booster-box-242436,1', 'sealed-search.json');
    expect(body.results.map((p: { productId: number }) => p.productId)).toEqual([242437, 242436]);
    expect(body).toMatchObject({ total: 2, count: 2, notFound: ['1'] });
  });

  it('refuses a look-up with search parameters beside it, naming ids', async () => {
    const body = await problem('/api/sealed?ids=242436&kind=etb', 400);
    expect(body.parameter).toBe('ids');
    expect(body.detail).toMatch(/takes no kind/);
  });
});

describe('sealed search', () => {
  it('finds products by name and group, with price per pack', async () => {
    const { body } = await json('/api/sealed?q=evolving%20skies%20booster%20box', 'sealed-search.json');
    expect(body.results[0]).toMatchObject({ productId: 242436, pricePerPack: 71.94 });
  });

  it('filters by a kind present in the content, and rejects one that is not', async () => {
    const { body } = await json('/api/sealed?kind=etb', 'sealed-search.json');
    expect(body.results.map((p: { kind: string }) => p.kind)).toEqual(['etb']);
    const bad = await problem('/api/sealed?kind=crate', 400);
    expect(bad).toMatchObject({ parameter: 'kind', allowed: ['booster-box', 'booster-pack', 'etb', 'sleeved-booster-pack', 'tin'] });
  });
});

describe('knowledge', () => {
  it('without parameters serves the prebuilt list in category order', async () => {
    const { res, body } = await json('/api/knowledge', 'knowledge-list.json');
    expect(res.headers.get('etag')).toBe(manifest().files['/api/knowledge.json'].etag);
    expect(body.map((a: { id: string }) => a.id)).toEqual(['how-values-are-computed', 'what-is-a-grail', 'sealed-per-pack']);
  });

  it('filters by tag and searches question, answer and tags', async () => {
    expect((await json('/api/knowledge?tag=grail', 'knowledge-list.json')).body.map((a: { id: string }) => a.id)).toEqual(['what-is-a-grail']);
    expect((await json('/api/knowledge?q=price%20per%20pack', 'knowledge-list.json')).body[0].id).toBe('sealed-per-pack');
    expect((await problem('/api/knowledge?tag=shiny', 400)).parameter).toBe('tag');
  });

  it('serves one article as JSON', async () => {
    const { body } = await json('/api/knowledge/what-is-a-grail', 'knowledge-detail.json');
    expect(body.structured.thresholds_usd.grail).toBe(500);
  });
});

describe('detail pages and negotiation', () => {
  const page = '/cards/charizard-base1-4';

  it.each([
    [undefined, 'text/html; charset=utf-8'],
    ['*/*', 'text/html; charset=utf-8'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html; charset=utf-8'],
    ['text/markdown', 'text/markdown; charset=utf-8'],
    ['text/markdown, text/html', 'text/markdown; charset=utf-8'],
    ['text/markdown, text/html;q=0.9, */*;q=0.8', 'text/markdown; charset=utf-8'],
    ['text/markdown;q=0, */*', 'text/html; charset=utf-8'],
    ['application/json', 'application/json; charset=utf-8'],
  ])('Accept: %s gets %s, with Vary: Accept and the sibling links', async (accept, type) => {
    const res = await get(page, accept === undefined ? {} : { Accept: accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe(
      '</cards/charizard-base1-4.md>; rel="alternate"; type="text/markdown", </api/cards/charizard-base1-4>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"',
    );
  });

  it('Markdown carries the token count of exactly the body sent, and CORS', async () => {
    const res = await get(page, { Accept: 'text/markdown' });
    const body = await res.text();
    expect(Number(res.headers.get('x-markdown-tokens'))).toBe(manifest().files['/cards/charizard-base1-4.md'].tokens);
    expect(body).toBe(readFileSync(join(dist, 'client', 'cards', 'charizard-base1-4.md'), 'utf8'));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('JSON by negotiation is the same body as the /api detail', async () => {
    const negotiated = await (await get(page, { Accept: 'application/json' })).text();
    const api = await (await get('/api/cards/charizard-base1-4')).text();
    expect(negotiated).toBe(api);
    assertMatches('card-detail.json', JSON.parse(api));
  });

  it('the .md file has the same type, tokens and ETag as negotiated Markdown, plus a canonical link', async () => {
    const negotiated = await get(page, { Accept: 'text/markdown' });
    const file = await get(`${page}.md`);
    for (const h of ['content-type', 'x-markdown-tokens', 'etag']) expect(file.headers.get(h), h).toBe(negotiated.headers.get(h));
    expect(file.headers.get('link')).toContain('</cards/charizard-base1-4>; rel="canonical"');
  });

  it('an Accept that allows none of the three is a 406 listing them, with Vary', async () => {
    const res = await get(page, { Accept: 'image/png' });
    expect(res.status).toBe(406);
    expect(res.headers.get('vary')).toBe('Accept');
    const body = await res.json();
    assertMatches('problem.json', body);
    expect(body.available).toEqual(['text/html', 'text/markdown', 'application/json']);
  });

  it('an unknown slug is a 404 problem', async () => {
    const res = await get('/cards/missingno-base1-0', { Accept: 'text/markdown' });
    expect(res.status).toBe(404);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBeNull();
    await problem('/api/cards/missingno-base1-0', 404);
    await problem('/sealed/nothing-1.md', 404);
  });
});

describe('HTTP behaviour', () => {
  it.each([
    ['/cards/charizard-base1-4', { Accept: 'text/markdown' }],
    ['/cards/charizard-base1-4', { Accept: 'application/json' }],
    ['/cards/charizard-base1-4', {}],
    ['/api/sealed/evolving-skies-booster-box-242436', {}],
    ['/api/cards?q=charizard', {}],
    ['/api/content', {}],
  ])('%s answers If-None-Match with 304 per representation', async (path, headers) => {
    const first = await get(path, headers);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(path, { ...headers, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    if (path.startsWith('/cards/')) expect(again.headers.get('vary')).toBe('Accept');
  });

  it('HEAD answers like GET without a body', async () => {
    for (const path of ['/cards/charizard-base1-4', '/api/cards?q=charizard', '/api/cards/charizard-base1-4', '/llms.txt']) {
      const getRes = await get(path);
      const head = await get(path, {}, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type')).toBe(getRes.headers.get('content-type'));
      expect(head.headers.get('etag')).toBe(getRes.headers.get('etag'));
      expect(await head.text()).toBe('');
    }
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s is a 405 with Allow: GET, HEAD, OPTIONS', async (method) => {
    for (const path of ['/api/cards', '/cards/charizard-base1-4', '/llms.txt']) {
      const res = await get(path, {}, method);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      assertMatches('problem.json', await res.json());
    }
  });

  it('CORS and the service-desc link on the API, errors included; no CORS on HTML', async () => {
    for (const path of ['/api/cards?q=x', '/api/cards/charizard-base1-4', '/api/content', '/api/cards?limit=x', '/api/cards/nope']) {
      const res = await get(path);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('link'), path).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
    }
    expect((await get('/cards/charizard-base1-4')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    '/cards/..%2f..%2f..%2fetc%2fpasswd',
    '/cards/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/%2e%2e/server/manifest.json',
    '/cards/..\\..\\server\\manifest.json',
    '/cards/charizard-base1-4%00.md',
    '/api/cards/..%2F..%2Fserver%2Fmanifest',
    '/../server/manifest.json',
    '/server/manifest.json',
    '/.env',
    '/cards/%c0%ae%c0%ae',
    '//etc/passwd',
    '/cards/charizard-base1-4/..',
  ])('%s gets 400 or 404 and never a file outside the build output', async (path) => {
    const res = await raw(path);
    expect([400, 404]).toContain(res.status);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).not.toMatch(/root:|"files":|"etag"/);
  });

  it('serves the change feed: /api/changes and /api/changes/{date} with and without .json, as API JSON', async () => {
    const { res, body } = await json('/api/changes', 'change-list.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('etag')).toBe(manifest().files['/api/changes.json'].etag);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('link')).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
    expect(body.map((i: { asOf: string }) => i.asOf)).toEqual(['2025-10-20', '2025-10-13']);
    for (const path of ['/api/changes/2025-10-20', '/api/changes/2025-10-20.json']) {
      const one = await json(path, 'change-record.json');
      expect(one.res.status, path).toBe(200);
      expect(one.res.headers.get('etag'), path).toBe(manifest().files['/api/changes/2025-10-20.json'].etag);
      expect(one.body.asOf).toBe('2025-10-20');
      expect(one.body.cards.repriced[0], path).toMatchObject({
        fromUsd: 399.99,
        toUsd: 458.29,
        changePct: 14.6,
        from: 399.99,
        to: 458.29,
        changePercent: 14.6,
      });
    }
    const again = await get('/api/changes/2025-10-20', { 'If-None-Match': manifest().files['/api/changes/2025-10-20.json'].etag });
    expect(again.status).toBe(304);
    await problem('/api/changes/2025-10-21', 404);
    await problem('/api/changes/latest', 404);
  });

  it.each([
    ['/changes.md', '/api/changes'],
    ['/changes/2025-10-20.md', '/api/changes/2025-10-20'],
  ])('serves %s as Markdown with its token count, ETag, CORS and a Link to %s', async (path, twin) => {
    const res = await get(path);
    expectMarkdownTwin(res, manifest().files[path], twin);
    expect(await res.text()).toMatch(/^# Catalogue changes/);
  });

  it('serves the bulk manifest as API JSON: type, ETag, 304, CORS, cache; also without .json', async () => {
    const res = await get('/api/bulk/manifest.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('etag')).toBe(manifest().files['/api/bulk/manifest.json'].etag);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('link')).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    assertMatches('bulk-manifest.json', await res.json(), '/api/bulk/manifest.json');
    const bare = await get('/api/bulk/manifest');
    expect(bare.status).toBe(200);
    expect(bare.headers.get('etag')).toBe(res.headers.get('etag'));
    const again = await get('/api/bulk/manifest', { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it.each([
    ['/api/bulk/cards.ndjson.gz', 'application/gzip'],
    ['/api/bulk/sealed.ndjson', 'application/x-ndjson'],
    ['/api/bulk/cards.csv', 'text/csv; charset=utf-8'],
  ])('serves %s as %s, its bytes as built, with ETag, CORS and no Content-Encoding', async (path, type) => {
    const res = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBe(manifest().files[path].etag);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(dist, 'client', path.slice(1))))).toBe(true);
    expect((await get(path, { 'If-None-Match': manifest().files[path].etag })).status).toBe(304);
    const preflight = await get(path, { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves openapi.json and llms.txt', async () => {
    const api = await (await get('/openapi.json')).json();
    expect(api.info.version).toBe('1.1.0');
    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(await llms.text()).toMatch(/^# /);
  });
});
