import { describe, expect, it } from 'vitest';
import { assertMatches } from '../support/schemas.ts';

/**
 * Smoke test of the full build of the bundled catalogue, against a running
 * server (SMOKE_URL): the things a first user would try.
 */
const base = process.env.SMOKE_URL;
if (!base) throw new Error('SMOKE_URL must point at a running server (see .ci/run)');
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('the full catalogue, served', () => {
  it('reports every card and product with the price date', async () => {
    const summary = await (await get('/api/content')).json();
    assertMatches('content-summary.json', summary);
    expect(summary).toMatchObject({ totalCards: 20608, totalSealed: 1590, pricesAsOf: '2025-10-20' });
    expect(summary.totalArticles).toBeGreaterThanOrEqual(40);
  });

  it.each([
    ['umbreon evolving skies', 'swsh7-215'],
    ['charizard base', 'base1-4'],
    ['charzard 4/102', 'base1-4'],
    ['umbreon ex 161/131', 'sv8pt5-161'],
  ])('searching "%s" finds %s in the first results', async (q, id) => {
    const body = await (await get(`/api/cards?q=${encodeURIComponent(q)}&limit=10`)).json();
    assertMatches('card-search.json', body);
    expect(body.results.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('folds accents: every result for "flabebe" is a Flabébé', async () => {
    const body = await (await get('/api/cards?q=flabebe')).json();
    expect(body.total).toBeGreaterThan(3);
    for (const card of body.results) expect(card.name).toBe('Flabébé');
  });

  it('serves a card as Markdown with its token count, and as JSON', async () => {
    const md = await get('/cards/charizard-base1-4', { Accept: 'text/markdown' });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(Number(md.headers.get('x-markdown-tokens'))).toBeGreaterThan(50);
    expect(await md.text()).toContain('# Charizard (Base 4/102)');
    const json = await (await get('/api/cards/charizard-base1-4')).json();
    assertMatches('card-detail.json', json);
  });

  it('finds sealed products and knowledge articles', async () => {
    const sealed = await (await get('/api/sealed?q=evolving%20skies%20booster%20box&limit=5')).json();
    assertMatches('sealed-search.json', sealed);
    expect(sealed.results[0].kind).toBe('booster-box');
    const articles = await (await get('/api/knowledge?q=psa%2010')).json();
    assertMatches('knowledge-list.json', articles);
    expect(articles.length).toBeGreaterThan(0);
  });

  it('lists every set, each with its cards, and a set page as Markdown', async () => {
    const list = await (await get('/api/sets')).json();
    assertMatches('set-list.json', list);
    const sets = list.series.flatMap((s: { sets: { id: string; cardCount: number }[] }) => s.sets);
    expect(sets.length).toBe(176);
    expect(sets.reduce((sum: number, s: { cardCount: number }) => sum + s.cardCount, 0)).toBe(20608);
    const md = await get('/sets/base1', { Accept: 'text/markdown' });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toContain('Charizard');
  });

  it('serves a card of a set released after the last price day: unpriced, its image by the TCGdex rule', async () => {
    const json = await (await get('/api/cards/mega-darkrai-ex-me5-120')).json();
    assertMatches('card-detail.json', json);
    expect(json).toMatchObject({ priceStatus: 'unpriced', valueUsd: null, rarity: 'Mega Hyper Rare', legalities: {} });
    expect(json.imageSmall).toBe('https://assets.tcgdex.net/en/me/me05/120/low.webp');
    const page = await get('/cards/mega-darkrai-ex-me5-120');
    expect(page.headers.get('content-security-policy')).toContain('https://assets.tcgdex.net');
  });

  it('answers a person’s search with an HTML page of the results', async () => {
    const page = await get('/search?q=charizard+base');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('href="/cards/charizard-base1-4"');
    const sealed = await get('/sealed?kind=booster-box');
    expect(await sealed.text()).toMatch(/\d+ sealed products in all/);
  });
});
