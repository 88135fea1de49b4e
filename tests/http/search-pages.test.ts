import { describe, expect, inject, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import type { SealedSummary } from '../../src/catalogue/sealed-record.ts';
import { assertMatches } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The search pages for people over HTTP, on the fixture build: `/search` (cards)
 * and `/sealed` with a query are HTML answers of the function, with the same
 * results and the same parameter problems as `/api/cards` and `/api/sealed`;
 * `/sealed` without a query is the prebuilt index. Run against the function
 * alone and (npm run test:deploy) through nginx and the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get, manifest } = useContractTarget(dist);

interface Envelope<T> {
  total: number;
  count: number;
  results: T[];
}

async function page(path: string): Promise<{ res: Response; html: string }> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return { res, html: await res.text() };
}

/** The result links of a page, in order (hrefs of the rows). */
const resultLinks = (html: string) => [...html.matchAll(/<li>(?:<img[^>]*>)?<div class="result-name"><a href="([^"]+)"/g)].map((m) => m[1]);

async function api<T>(path: string): Promise<Envelope<T>> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Envelope<T>;
}

describe('/search: cards for people', () => {
  it('lists the same cards in the same order as /api/cards for the query, and says how many match', async () => {
    const expected = await api<CardSummary>('/api/cards?q=charizard&limit=24');
    expect(expected.total).toBeGreaterThan(0);
    const { html } = await page('/search?q=charizard');
    expect(resultLinks(html)).toEqual(expected.results.map((c) => `/cards/${c.slug}`));
    expect(html).toContain(`${expected.total} card${expected.total === 1 ? '' : 's'} match “charizard”`);
    expect(html).toMatch(/<title>Cards matching “charizard” · Card values<\/title>/);
    expect(html).toMatch(/<input name="q" type="search" value="charizard"/);
  });

  it('filters by band as the API does, and keeps the band selected in the form', async () => {
    const expected = await api<CardSummary>('/api/cards?band=grail&limit=24');
    const { html } = await page('/search?band=grail');
    expect(resultLinks(html)).toEqual(expected.results.map((c) => `/cards/${c.slug}`));
    expect(expected.results.every((c) => c.valueBand === 'grail')).toBe(true);
    expect(html).toContain('<option value="grail" selected>');
  });

  it('pages with next and previous links that keep the query, band and order', async () => {
    const all = await api<CardSummary>('/api/cards?sort=value-desc&limit=200');
    expect(all.total).toBeGreaterThan(4);
    const first = await page('/search?sort=value-desc&limit=2');
    expect(resultLinks(first.html)).toEqual(all.results.slice(0, 2).map((c) => `/cards/${c.slug}`));
    const next = /<a rel="next" href="([^"]+)"/.exec(first.html)?.[1].replaceAll('&amp;', '&');
    expect(next).toBe('/search?sort=value-desc&limit=2&offset=2');
    expect(first.html).not.toContain('rel="prev"');
    const second = await page(next!);
    expect(resultLinks(second.html)).toEqual(all.results.slice(2, 4).map((c) => `/cards/${c.slug}`));
    expect(/<a rel="prev" href="([^"]+)"/.exec(second.html)?.[1].replaceAll('&amp;', '&')).toBe('/search?sort=value-desc&limit=2');
  });

  it('reads a select left at "Any" (an empty parameter) as no filter, as a form sends it', async () => {
    const { html } = await page('/search?q=charizard&band=&sort=');
    const expected = await api<CardSummary>('/api/cards?q=charizard&limit=24');
    expect(resultLinks(html)).toEqual(expected.results.map((c) => `/cards/${c.slug}`));
  });

  it('escapes the query wherever the page shows it', async () => {
    const { html } = await page(`/search?q=${encodeURIComponent('<script>alert(1)</script>"')}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
  });

  it('says when nothing matches, and lists the words it did not search', async () => {
    const { html } = await page('/search?q=psa+10');
    expect(html).toContain('No cards match “psa 10”');
    expect(html).toMatch(/Not searched: “psa 10” \(a grade/);
    expect(html).not.toContain('<ol class="results"');
  });

  it('refuses a bad parameter with the API’s problem, naming it', async () => {
    for (const [query, parameter] of [
      ['band=shiny', 'band'],
      ['sort=random', 'sort'],
      ['offset=-1', 'offset'],
      ['q=a&q=b', 'q'],
    ]) {
      const res = await get(`/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = await res.json();
      assertMatches('problem.json', body, query);
      expect(body.parameter, query).toBe(parameter);
    }
  });

  it('carries the page headers, a strong ETag answered with 304, its JSON twin as a Link, and the client’s rate limit', async () => {
    const { res } = await page('/search?q=pikachu');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('link')).toBe('</api/cards?q=pikachu&limit=24>; rel="alternate"; type="application/json"');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/search?q=pikachu', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const head = await get('/search?q=pikachu', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('draws a sparkline for a card that has a price history', async () => {
    const { html } = await page('/search?q=charizard&limit=200');
    expect(html).toMatch(/<div class="result-trend"><svg [^>]*class="sparkline"[^>]*role="img" aria-label="[^"]+: market price history">/);
  });

  it('shows the value of the printing a query names, with its label, where the API gives it', async () => {
    const { html } = await page('/search?q=charizard+shadowless');
    expect(resultLinks(html)).toEqual(['/cards/charizard-base1-4']);
    expect(html).toContain('<small>Shadowless Holofoil · Rare Holo · Fire</small>');
    expect(html).toContain('<span class="result-price">$1,997.59</span> <span class="band">grail</span>');
    expect(html).not.toContain('$458.29');
  });
});

describe('the date of the values', () => {
  const line = '<p class="prices-as-of">Prices as of 2025-10-20 (TCGplayer market).';
  const stale = '<small class="muted" title="Last reported before 2025-10-20">stale</small>';

  it('a page of cards states the catalogue’s as-of date once, above its rows, and marks a stale value', async () => {
    const { html } = await page('/search?sort=value-desc');
    expect(html.split(line)).toHaveLength(2);
    expect(html).toContain(`${line} A value marked <small class="muted">stale</small> was last reported before then.</p>\n<ol class="results"`);
    // Farfetch'd was last priced 2025-08-01, Charizard 2025-10-20.
    const row = (slug: string) => html.match(new RegExp(`<li>(?:(?!</li>).)*/cards/${slug}"(?:(?!</li>).)*</li>`))?.[0] ?? '';
    expect(row('farfetchd-fix1-012')).toContain(`<span class="result-price">$6.00</span> ${stale} <span class="band">mid</span>`);
    expect(row('charizard-base1-4')).toContain('<span class="result-price">$458.29</span> <span class="band">chase</span>');
    expect(row('charizard-base1-4')).not.toContain('stale');
  });

  it('a page of sealed products does too; a page with no stale value has no stale mark, and one with no rows no date', async () => {
    const tin = await page('/sealed?kind=tin');
    expect(tin.html).toContain(line);
    expect(tin.html).toContain(`<span class="result-price">$45.00</span> ${stale}</div>`);
    const fresh = await page('/search?q=charizard');
    expect(fresh.html).toContain(`${line}</p>`);
    expect(fresh.html).not.toContain('stale');
    expect((await page('/search?q=psa+10')).html).not.toContain('Prices as of');
  });
});

describe('/sealed: the index of sealed products, and their search page', () => {
  it('without a query is the prebuilt index (the build file, its ETag, no rate limit)', async () => {
    const { res, html } = await page('/sealed');
    expect(res.headers.get('etag')).toBe(manifest().files['/sealed.html'].etag);
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(html).toContain('<h1>Sealed products</h1>');
    expect(html).toMatch(/<form class="search-form" action="\/sealed" method="get" role="search">/);
  });

  it('the index links each kind to its filtered list, which lists what /api/sealed lists for that kind', async () => {
    const { html } = await page('/sealed');
    const kindLinks = [...html.matchAll(/<a href="\/sealed\?kind=([a-z0-9-]+)">/g)].map((m) => m[1]);
    expect(kindLinks.length).toBeGreaterThan(0);
    for (const kind of kindLinks) {
      const expected = await api<SealedSummary>(`/api/sealed?kind=${kind}&limit=24`);
      expect(expected.total, kind).toBeGreaterThan(0);
      const listing = await page(`/sealed?kind=${kind}`);
      expect(resultLinks(listing.html), kind).toEqual(expected.results.map((p) => `/sealed/${p.slug}`));
      expect(listing.html).toContain(`<option value="${kind}" selected>`);
      expect(listing.res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    }
  });

  it('searches by words like /api/sealed and refuses a kind that does not exist', async () => {
    const expected = await api<SealedSummary>('/api/sealed?q=booster&limit=24');
    const { html } = await page('/sealed?q=booster');
    expect(resultLinks(html)).toEqual(expected.results.map((p) => `/sealed/${p.slug}`));
    const res = await get('/sealed?kind=crate');
    expect(res.status).toBe(400);
    expect((await res.json()).parameter).toBe('kind');
  });
});
