import { describe, expect, inject, it } from 'vitest';
import { expectMarkdownTwin } from '../support/markdown-twin.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The catalogues of filter values and the price movers (issue 23) as a client meets them over HTTP: prebuilt
 * JSON with and without `.json`, Markdown twins that link their JSON, and the /movers page the home page links.
 */
const dist = inject('fixtureDist');
const { get, manifest } = useContractTarget(dist);

describe('the catalogues and the movers over HTTP', () => {
  it.each([
    ['/api/catalog', 'catalog-index.json'],
    ['/api/catalog/rarities', 'catalog.json'],
    ['/api/catalog/sets', 'catalog.json'],
    ['/api/movers', 'movers.json'],
  ])('serves %s with and without .json as API JSON: type, ETag, 304, CORS, service description', async (path, schema) => {
    const { etag } = manifest().files[`${path}.json`];
    for (const asked of [path, `${path}.json`]) {
      const res = await get(asked);
      expect(res.status, asked).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('link')).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
      assertMatches(schema, await res.json(), asked);
    }
    expect((await get(path, { 'If-None-Match': etag })).status).toBe(304);
  });

  it.each([
    ['/catalog.md', '/api/catalog'],
    ['/catalog/artists.md', '/api/catalog/artists'],
    ['/movers.md', '/api/movers'],
  ])('serves %s as Markdown with its token count, ETag, CORS and a Link to %s', async (path, twin) => {
    const res = await get(path);
    expectMarkdownTwin(res, manifest().files[path], twin);
  });

  it('a catalogue that does not exist is a 404 problem', async () => {
    await problemOf(await get('/api/catalog/nothing'), 404);
    await problemOf(await get('/catalog/nothing.md'), 404);
  });

  it('serves /movers as an HTML page, which the home page links', async () => {
    const res = await get('/movers');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.text()).toContain('<h1>Price movers</h1>');
    expect(await (await get('/')).text()).toContain('<a href="/movers">price movers</a>');
  });
});
