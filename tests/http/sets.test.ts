import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { assertMatches } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The set pages over HTTP, through the real server (and, with
 * CONTRACT_TARGET=nginx or cloudflare, through nginx or the Worker in front of it): /sets/{setId} and
 * /sets negotiate as the detail pages do, their files and /api/sets… are
 * served with the contract's headers.
 */
const dist = inject('fixtureDist');
const { get, manifest } = useContractTarget(dist);
const file = (path: string) => readFileSync(join(dist, 'client', path.slice(1)), 'utf8');
const SERVICE_DESC = '</openapi.json>; rel="service-desc"; type="application/openapi+json"';
const linksOf = (page: string, json: string) =>
  `<${page}.md>; rel="alternate"; type="text/markdown", <${json}>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"`;

describe.each([
  ['/sets/base1', '/api/sets/base1', '/api/sets/base1.json', 'set-detail.json'],
  ['/sets', '/api/sets', '/api/sets.json', 'set-list.json'],
])('%s negotiates as a detail page', (page, json, jsonFile, schema) => {
  const links = linksOf(page, json);

  it.each([
    [undefined, 'text/html; charset=utf-8', `${page}.html`],
    ['*/*', 'text/html; charset=utf-8', `${page}.html`],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html; charset=utf-8', `${page}.html`],
    ['text/markdown', 'text/markdown; charset=utf-8', `${page}.md`],
    ['text/markdown, text/html;q=0.9, */*;q=0.8', 'text/markdown; charset=utf-8', `${page}.md`],
    ['text/html;q=0.5, text/markdown;q=0.9', 'text/markdown; charset=utf-8', `${page}.md`],
    ['text/markdown;q=0, */*', 'text/html; charset=utf-8', `${page}.html`],
    ['application/json', 'application/json; charset=utf-8', jsonFile],
  ])('Accept: %s gets %s (the bytes of %s), with Vary: Accept, the sibling links and its ETag', async (accept, type, built) => {
    const res = await get(page, accept === undefined ? {} : { Accept: accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe(links);
    expect(res.headers.get('etag')).toBe(manifest().files[built].etag);
    expect(await res.text()).toBe(file(built));
    expect(res.headers.get('access-control-allow-origin')).toBe(type.startsWith('text/html') ? null : '*');
  });

  it('Markdown carries the token count of exactly the body sent', async () => {
    const res = await get(page, { Accept: 'text/markdown' });
    expect(Number(res.headers.get('x-markdown-tokens'))).toBe(manifest().files[`${page}.md`].tokens);
    expect(manifest().files[`${page}.md`].tokens).toBeGreaterThan(0);
  });

  it('JSON by negotiation is the /api body, valid against its schema, with and without .json', async () => {
    const negotiated = await (await get(page, { Accept: 'application/json' })).text();
    for (const path of [json, jsonFile]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('link')).toBe(SERVICE_DESC);
      expect(res.headers.get('etag')).toBe(manifest().files[jsonFile].etag);
      expect(await res.text()).toBe(negotiated);
    }
    assertMatches(schema, JSON.parse(negotiated), page);
  });

  it('the .md file has the type, tokens and ETag of the negotiated Markdown, CORS, and links its page as canonical', async () => {
    const negotiated = await get(page, { Accept: 'text/markdown' });
    const md = await get(`${page}.md`);
    expect(md.status).toBe(200);
    for (const h of ['content-type', 'x-markdown-tokens', 'etag']) expect(md.headers.get(h), h).toBe(negotiated.headers.get(h));
    expect(md.headers.get('link')).toBe(`<${page}>; rel="canonical", ${links}`);
    expect(md.headers.get('access-control-allow-origin')).toBe('*');
    expect(md.headers.get('vary')).toBeNull();
  });

  it('an Accept that allows none of the three is a 406 listing them, with Vary and the links', async () => {
    const res = await get(page, { Accept: 'image/png' });
    expect(res.status).toBe(406);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('link')).toBe(links);
    const body = await res.json();
    assertMatches('problem.json', body);
    expect(body.available).toEqual(['text/html', 'text/markdown', 'application/json']);
  });

  it.each([
    [{ Accept: 'text/markdown' }, `${page}.md`],
    [{ Accept: 'application/json' }, jsonFile],
    [{}, `${page}.html`],
  ])('answers If-None-Match with 304 per representation (%j), keeping Vary', async (headers, built) => {
    const etag = manifest().files[built].etag;
    const again = await get(page, { ...headers, 'If-None-Match': `"other", W/${etag}` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('vary')).toBe('Accept');
    expect(await again.text()).toBe('');
  });

  it('HEAD answers as GET without a body; OPTIONS is a CORS preflight', async () => {
    const head = await get(page, { Accept: 'text/markdown' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-markdown-tokens')).toBe(String(manifest().files[`${page}.md`].tokens));
    expect(await head.text()).toBe('');
    const preflight = await get(page, { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('HTML carries the page security headers', async () => {
    const res = await get(page);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('unknown sets', () => {
  it.each([
    ['/sets/nothing1', { Accept: 'text/markdown' }],
    ['/sets/nothing1', {}],
    ['/sets/nothing1.md', {}],
    ['/sets/nothing1.html', {}],
    ['/api/sets/nothing1', {}],
    ['/api/sets/nothing1.json', {}],
    ['/sets/Base1', {}],
  ])('%s %j is a 404 problem, linking nothing that does not exist', async (path, headers) => {
    const res = await get(path, headers);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = await res.json();
    assertMatches('problem.json', body, path);
    const link = res.headers.get('link');
    if (path.startsWith('/api/')) {
      expect(link).toBe(SERVICE_DESC);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    } else expect(link).toBeNull();
    if (path === '/sets/nothing1') expect(res.headers.get('vary')).toBe('Accept');
  });
});

describe('/api/sets and /api/sets/{setId} as API files', () => {
  it.each(['/api/sets', '/api/sets/base1', '/api/sets/fix1.json'])('%s answers If-None-Match with 304, CORS and the service description', async (path) => {
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(path, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(again.headers.get('link')).toBe(SERVICE_DESC);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('the list names every set whose detail answers', async () => {
    const list = await (await get('/api/sets')).json();
    const ids = list.series.flatMap((s: { sets: { id: string }[] }) => s.sets.map((x) => x.id));
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) {
      const detail = await get(`/api/sets/${id}`);
      expect(detail.status, id).toBe(200);
      expect((await detail.json()).id).toBe(id);
      expect((await get(`/sets/${id}`, { Accept: 'text/markdown' })).status).toBe(200);
    }
  });
});
