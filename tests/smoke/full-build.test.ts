import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_QUOTES, buildFactsOf, reviewBuildFigures, toolListTokens } from '../../scripts/lib/build-figures.ts';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { hasPrices, pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { priceStatusOf } from '../../src/catalogue/price-status.ts';
import { cardSlug } from '../../src/catalogue/slug.ts';
import { TOOL_LIST_TOKENS_MAX } from '../../src/describe/mcp/tools.ts';
import { countText } from '../../src/http/limits.ts';
import { readContentFiles } from '../../src/loaders/content-files.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * Smoke test of the full build of the bundled catalogue, against a running
 * server (SMOKE_URL): the things a first user would try. What it expects of the
 * catalogue is read from the content/ the build was made of, so that it holds on
 * any day's prices and sets (the daily job's commit included: npm run test:daily).
 */
const base = process.env.SMOKE_URL;
if (!base) throw new Error('SMOKE_URL must point at a running server (see .ci/run)');
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

const CONTENT = join(import.meta.dirname, '..', '..', 'content');
const content = readContentFiles(CONTENT);
const pricesAsOf = pricesAsOfOf(content.cards, content.sealed);
const setOf = new Map(content.sets.map((set) => [set.id, set]));
/** Each card's price status, counted as a client counts them in /api/cards: by its primary line's date. */
const cardStatus = (card: (typeof content.cards)[number]) => priceStatusOf(primaryPriceOf(card)?.updatedAt ?? null, pricesAsOf);

describe('the full catalogue, served', () => {
  it('reports every card, product and article content holds, each card once by its price status, and the newest price date', async () => {
    const summary = await (await get('/api/content')).json();
    assertMatches('content-summary.json', summary);
    expect(summary).toMatchObject({
      totalCards: content.cards.length,
      totalSealed: content.sealed.length,
      totalArticles: readdirSync(join(CONTENT, 'knowledge')).filter((file) => file.endsWith('.md')).length,
      pricesAsOf,
    });
    const byStatus = { priced: 0, stale: 0, unpriced: 0 };
    for (const card of content.cards) byStatus[cardStatus(card)]++;
    expect(summary.cardsByPriceStatus).toEqual(byStatus);
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

  it('lists every set once, each with its cards, every card in one, and a set page as Markdown', async () => {
    const list = await (await get('/api/sets')).json();
    assertMatches('set-list.json', list);
    const sets = list.series.flatMap((s: { sets: { id: string; cardCount: number }[] }) => s.sets);
    expect(sets.map((s: { id: string }) => s.id).sort()).toEqual([...setOf.keys()].sort());
    expect(sets.reduce((sum: number, s: { cardCount: number }) => sum + s.cardCount, 0)).toBe(content.cards.length);
    const md = await get('/sets/base1', { Accept: 'text/markdown' });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toContain('Charizard');
  });

  it('serves a card no marketplace prices (of the newest set that has one) as unpriced, and finds as many as content holds', async () => {
    const unpriced = content.cards.filter((card) => !card.prices.some(hasPrices));
    const found = await (await get('/api/cards?q=-is:priced&limit=1')).json();
    expect(found.total).toBe(content.cards.filter((card) => cardStatus(card) === 'unpriced').length);
    const released = (card: (typeof unpriced)[number]) => setOf.get(card.set)!.releaseDate;
    const newest = unpriced.reduce<(typeof unpriced)[number] | undefined>((best, card) => (!best || released(card) > released(best) ? card : best), undefined);
    if (!newest) return;
    const json = await (await get(`/api/cards/${cardSlug(newest)}`)).json();
    assertMatches('card-detail.json', json);
    expect(json).toMatchObject({ id: newest.id, priceStatus: 'unpriced', valueUsd: null, rarity: newest.rarity, legalities: newest.legalities ?? {} });
  });

  it('serves a card with no image upstream the TCGdex one, which its page allows', async () => {
    const card = content.cards.find((c) => c.images.small.startsWith('https://assets.tcgdex.net/'))!;
    const json = await (await get(`/api/cards/${cardSlug(card)}`)).json();
    expect(json.imageSmall).toBe(card.images.small);
    const page = await get(`/cards/${cardSlug(card)}`);
    expect(page.status).toBe(200);
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

  /** tools/list of this build, as an agent gets it. */
  const toolList = async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    return (await res.json()).result.tools as { name: string; inputSchema: { properties: Record<string, { enum?: string[] }> } }[];
  };

  it(`lists the MCP tools of the whole catalogue (every sealed kind in search_sealed) in at most ${countText(TOOL_LIST_TOKENS_MAX)} o200k tokens`, async () => {
    const tools = await toolList();
    const kinds = tools.find((tool) => tool.name === 'search_sealed')!.inputSchema.properties.kind.enum!.toSorted();
    expect(kinds).toEqual([...new Set(content.sealed.map((product) => product.kind))].sort());
    expect(toolListTokens(tools)).toBeLessThanOrEqual(TOOL_LIST_TOKENS_MAX);
  });

  it('is what the docs say of it, within 10%: the bulk files’ sizes and the crosswalk’s counts (data.md), what tools/list costs (mcp.md)', async () => {
    const crosswalk = await (await get('/api/bulk/crosswalk.csv')).text();
    const facts = buildFactsOf(await (await get('/api/bulk/manifest.json')).json(), await toolList(), crosswalk);
    for (const doc of Object.keys(BUILD_QUOTES)) {
      const review = reviewBuildFigures(doc, readFileSync(join(CONTENT, '..', doc), 'utf8'), facts);
      expect(review.problems, doc).toEqual([]);
      expect(review.differences, `${doc} is stale: run npm run facts -- --write after a build`).toEqual([]);
    }
  });
});
