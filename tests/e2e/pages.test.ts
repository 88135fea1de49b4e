/**
 * The HTML pages in a real browser (the Chromium that @sparticuz/chromium ships
 * inside its npm package, driven by playwright-core: nothing from apt),
 * served by the real server (src/server/main.ts) on a build: what a person
 * looking at a card, sealed or article page would notice.
 *
 * The build is the fixture site of the test run (E2E_DIST_DIR points it at another, e.g. dist). The pages under test are picked
 * from that build's own search data, so the test holds for any catalogue.
 * No request leaves the machine: card images (images.pokemontcg.io) get a tiny
 * PNG, every other non-local request is aborted.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import packagedChromium from '@sparticuz/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CardDetail, CardSummary } from '../../src/lib/card-record.ts';
import type { KnowledgeDetail } from '../../src/lib/knowledge-record.ts';
import type { SealedSummary } from '../../src/lib/sealed-record.ts';
import { readSearchPackItems } from '../../src/lib/search/search-pack.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** The fixture site of this test run; E2E_DIST_DIR points the same tests at another build (e.g. dist). */
const DIST = resolve(ROOT, process.env.E2E_DIST_DIR ?? inject('fixtureDist'));
const SCREENSHOT = join(ROOT, '.cache', 'e2e', 'card.png');
const TIMEOUT_MS = 60_000;
const SLOW = { timeout: TIMEOUT_MS };

/** A 5×7 grey PNG standing in for every card image: card-shaped, so the screenshot shows the real layout. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAUAAAAHCAIAAABPxRC5AAAAEUlEQVR42mM4ceICMmKgMR8AL2ZTIeLVIB0AAAAASUVORK5CYII=', 'base64');
/** The machine's network is closed: background fetches of Chromium's own would only be refused. */
const QUIET_ARGS = ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars as a reader sees them: "$1,000.00", or "n/a" where the marketplace gave no figure. */
const usd = (value: number | null): string => (value === null ? 'n/a' : usdFormat.format(value));
const readSearchData = <T>(name: string): T => JSON.parse(readFileSync(join(DIST, 'server', 'search', name), 'utf8')) as T;

const cards = readSearchPackItems<{ summary: CardSummary }>(join(DIST, 'server', 'search', 'cards.pack')).map((c) => c.summary);
const pricedCard = cards.find((c) => c.slug === 'charizard-base1-4' && c.valueUsd !== null) ?? cards.find((c) => c.valueUsd !== null);
const unpricedCard = cards.find((c) => c.valueUsd === null);
const sealedProduct = readSearchPackItems<{ summary: SealedSummary }>(join(DIST, 'server', 'search', 'sealed.pack'))
  .map((p) => p.summary)
  .find((p) => p.valueUsd !== null);
const articleIds = readSearchData<{ id: string }[]>('knowledge.json').map((a) => a.id);

let server: RunningServer | undefined;
let base = '';
let browser: Browser;
let context: BrowserContext;
/** Requests to other hosts that the page tried to make (all aborted). */
const blocked: string[] = [];

const getJson = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(`${base}${path}`);
  expect(response?.status(), path).toBe(200);
  return page;
}

beforeAll(async () => {
  server = await startServer(DIST);
  base = server.url;
  browser = await chromium.launch({ executablePath: await packagedChromium.executablePath(), args: [...packagedChromium.args, ...QUIET_ARGS] });
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const local = new URL(base).host;
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === local) return route.continue();
    if (url.hostname === 'images.pokemontcg.io') return route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG });
    blocked.push(url.href);
    return route.abort();
  });
}, TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, TIMEOUT_MS);

describe('card page', () => {
  it('a priced card shows its name, value, band, range, variants, legalities and marketplace link', SLOW, async () => {
    expect(pricedCard, 'the build has no priced card').toBeDefined();
    const card = await getJson<CardDetail>(`/api/cards/${pricedCard!.slug}`);
    const page = await open(`/cards/${card.slug}`);

    await expect(page.title()).resolves.toContain(card.exactName);
    expect(await page.locator('h1').textContent()).toBe(card.exactName);
    expect(await page.locator('.value').textContent()).toBe(usd(card.valueUsd!));
    expect(await page.locator('.band').textContent()).toContain(card.valueBand!);
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(main).toContain(`Listings ${usd(card.market!.lowPrice)} – ${usd(card.market!.highPrice)}`);

    const variantRows = page.locator('table tbody tr');
    await expect(variantRows.count()).resolves.toBe(card.variants.length);
    expect(await page.locator('table thead').innerText()).toMatch(/Variant\s+Low\s+Market\s+High/);
    expect(await variantRows.first().locator('td').nth(2).textContent()).toBe(usd(card.variants[0].marketPrice));

    expect(await page.locator('h2', { hasText: 'Legalities' }).isVisible()).toBe(true);
    for (const [format, label] of Object.entries(card.legalities)) expect(main).toContain(`${format}: ${label}`);

    const marketLink = page.locator(`a[href="${card.market!.marketUrl}"]`);
    expect(await marketLink.isVisible()).toBe(true);
    expect(await marketLink.textContent()).toContain(card.market!.source);

    expect(await page.locator('head link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe(`/cards/${card.slug}.md`);
    expect(await page.locator('head link[rel="alternate"][type="application/json"]').getAttribute('href')).toBe(`/api/cards/${card.slug}`);

    const image = page.locator('main img');
    await expect(image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    mkdirSync(join(ROOT, '.cache', 'e2e'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await page.close();
  });

  it('an unpriced card says Unpriced and shows no value, band, range or marketplace link', SLOW, async () => {
    expect(unpricedCard, 'the build has no unpriced card').toBeDefined();
    const page = await open(`/cards/${unpricedCard!.slug}`);
    expect(await page.locator('h1').textContent()).toBe(unpricedCard!.exactName);
    expect(await page.locator('.value').textContent()).toBe('Unpriced');
    await expect(page.locator('.band').count()).resolves.toBe(0);
    const main = await page.locator('main').innerText();
    expect(main).not.toContain('Listings');
    expect(main).not.toMatch(/View on /);
    await page.close();
  });
});

describe('sealed page', () => {
  it('shows the product name and its value', SLOW, async () => {
    expect(sealedProduct, 'the build has no priced sealed product').toBeDefined();
    const page = await open(`/sealed/${sealedProduct!.slug}`);
    await expect(page.title()).resolves.toContain(sealedProduct!.cleanName);
    expect(await page.locator('h1').textContent()).toBe(sealedProduct!.cleanName);
    expect(await page.locator('.value').textContent()).toBe(usd(sealedProduct!.valueUsd!));
    expect(await page.locator('head link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe(`/sealed/${sealedProduct!.slug}.md`);
    await page.close();
  });
});

describe('article page', () => {
  /** Articles as the API serves them, to pick one with a table and one with related questions. */
  let articles: KnowledgeDetail[] = [];
  const hasTable = (a: KnowledgeDetail) => /^\s*\|?\s*:?-{3,}:?\s*\|/m.test(a.answer_detail);

  beforeAll(async () => {
    articles = await Promise.all(articleIds.map((id) => getJson<KnowledgeDetail>(`/api/knowledge/${id}`)));
  }, TIMEOUT_MS);

  it('shows the question as the heading, the short answer and a table where the article has one', SLOW, async () => {
    const article = articles.find(hasTable);
    expect(article, 'the build has no article with a table').toBeDefined();
    const page = await open(`/knowledge/${article!.id}`);
    await expect(page.title()).resolves.toContain(article!.question);
    expect(await page.locator('h1').textContent()).toBe(article!.question);
    expect(await page.locator('main').innerText()).toContain(article!.answer);
    const table = page.locator('article table');
    expect(await table.first().isVisible()).toBe(true);
    await expect(table.first().locator('tbody tr').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  it('a related question link opens that article', SLOW, async () => {
    const article = articles.find((a) => a.related.length > 0);
    expect(article, 'the build has no article with related questions').toBeDefined();
    const target = articles.find((a) => a.id === article!.related[0])!;
    const page = await open(`/knowledge/${article!.id}`);
    const link = page.locator('h2:text-is("Related questions") + ul a').first();
    expect(await link.textContent()).toBe(target.question);
    await Promise.all([page.waitForURL(`${base}/knowledge/${target.id}`), link.click()]);
    expect(await page.locator('h1').textContent()).toBe(target.question);
    await page.close();
  });
});

describe('home page', () => {
  it('the search form lands on JSON card results for the query', SLOW, async () => {
    const query = pricedCard!.name;
    const page = await open('/');
    await page.getByLabel('Search cards').fill(query);
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Search' }).click()]);
    expect(response?.status()).toBe(200);
    const url = new URL(response!.url());
    expect(url.pathname).toBe('/api/cards');
    expect(url.searchParams.get('q')).toBe(query);
    expect(response!.headers()['content-type']).toMatch(/^application\/json\b/);
    const body = (await response!.json()) as { total: number; results: CardSummary[] };
    expect(body.total).toBeGreaterThan(0);
    expect(body.results.map((c) => c.name)).toContain(query);
    await page.close();
  });
});

describe('network', () => {
  it('the pages asked for nothing beyond this server and the image host', () => {
    expect(blocked).toEqual([]);
  });
});
