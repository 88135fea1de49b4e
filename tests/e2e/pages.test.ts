/**
 * The HTML pages in a real browser, served by the real server on a build (see tests/support/browser.ts):
 * what a person looking at a card, sealed or article page would notice. The pages under test are picked from
 * that build's own search data, so the test holds for any catalogue. Accessibility, phone width and console
 * errors of every kind of page: tests/e2e/accessibility.test.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDetail, KnowledgeDetail } from '../../src/schemas/api-types.ts';
import {
  articleIds,
  fetchJson,
  hasTable,
  openPage,
  pricedCard,
  ROOT,
  type Site,
  SLOW,
  sealedProduct,
  startSite,
  TIMEOUT_MS,
  unpricedCard,
} from '../support/browser.ts';

const SCREENSHOT = join(ROOT, '.cache', 'e2e', 'card.png');

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars as a reader sees them: "$1,000.00", or "n/a" where the marketplace gave no figure. */
const usd = (value: number | null): string => (value === null ? 'n/a' : usdFormat.format(value));

let site: Site | undefined;
let base = '';
let context: BrowserContext;
/** Requests to other hosts that the page tried to make (all aborted). */
let blocked: string[] = [];

const getJson = <T>(path: string): Promise<T> => fetchJson<T>(base, path);
const open = async (path: string): Promise<Page> => (await openPage(context, base, path)).page;

beforeAll(async () => {
  site = await startSite();
  base = site.base;
  blocked = site.blocked;
  context = await site.newContext({ viewport: { width: 1000, height: 800 } });
}, TIMEOUT_MS);

afterAll(async () => {
  await site?.stop();
}, TIMEOUT_MS);

describe('card page', () => {
  it('a priced card shows its name, value, band, range, printings, legalities and marketplace link', SLOW, async () => {
    expect(pricedCard, 'the build has no priced card').toBeDefined();
    const card = await getJson<CardDetail>(`/api/cards/${pricedCard!.slug}`);
    const page = await open(`/cards/${card.slug}`);

    await expect(page.title()).resolves.toContain(card.exactName);
    expect(await page.locator('h1').textContent()).toBe(card.exactName);
    expect(await page.locator('.value').textContent()).toBe(usd(card.valueUsd!));
    expect(await page.locator('.band').textContent()).toContain(card.valueBand!);
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(main).toContain(`Listings ${usd(card.market!.lowPrice)} – ${usd(card.market!.highPrice)}`);

    // Every printing, most valuable first, each with its own market price and how sure it is; the card's value is marked.
    const printingRows = page.locator('table tbody tr');
    await expect(printingRows.count()).resolves.toBe(card.printings.length);
    expect(await page.locator('table thead').innerText()).toMatch(/Printing\s+Market\s+Low\s+High\s+Confidence\s+Updated\s+Product/);
    expect(await printingRows.first().locator('th').innerText()).toContain(card.printings[0].label);
    expect(await printingRows.first().locator('td').first().textContent()).toBe(usd(card.printings[0].marketPrice));
    const valued = page.locator(`#printing-${card.valuePrinting}`);
    expect(await valued.innerText()).toContain("(the card's value)");
    expect(await valued.locator('td').first().textContent()).toBe(usd(card.valueUsd!));

    expect(await page.locator('h2', { hasText: 'Legalities' }).isVisible()).toBe(true);
    for (const [format, label] of Object.entries(card.legalities)) expect(main).toContain(`${format}: ${label}`);

    const marketLink = page.locator(`a[href="${card.market!.marketUrl}"]`, { hasText: 'View on' });
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

describe('network', () => {
  it('the pages asked for nothing beyond this server and the image host', () => {
    expect(blocked).toEqual([]);
  });
});
