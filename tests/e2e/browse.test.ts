/**
 * Finding things as a person does, in a real browser on the real server (tests/support/browser.ts): the home
 * page's search box, the search results and their pages, the band filter, the sealed index and its kinds, the
 * price charts. Every step is a click or a form, never a typed URL, except where a page is the start.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { formatUsd } from '../../src/catalogue/format.ts';
import type { SealedSummary } from '../../src/catalogue/sealed-record.ts';
import type { SetSummary } from '../../src/catalogue/set-record.ts';
import type { Autocomplete, CardDetail, Collection, SealedDetail, SetDetail } from '../../src/schemas/api-types.ts';
import { fetchJson, openPage, pricedCard, type Site, SLOW, sealedProduct, startSite, TIMEOUT_MS } from '../support/browser.ts';

let site: Site | undefined;
let base = '';
let context: BrowserContext;

interface Envelope<T> {
  total: number;
  results: T[];
}

const getJson = <T>(path: string): Promise<T> => fetchJson<T>(base, path);
const open = async (path: string): Promise<Page> => (await openPage(context, base, path)).page;

/** Follows a click to the page it loads; the page must answer 200 HTML. */
async function follow(page: Page, click: () => Promise<void>): Promise<URL> {
  const [response] = await Promise.all([page.waitForNavigation(), click()]);
  expect(response?.status()).toBe(200);
  expect(response!.headers()['content-type']).toBe('text/html; charset=utf-8');
  return new URL(response!.url());
}

/** The result rows' links, as a reader sees them: [text, path]. */
const resultRows = (page: Page) =>
  page.locator('ol.results > li .result-name > a').evaluateAll((links) => links.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]));

beforeAll(async () => {
  site = await startSite();
  base = site.base;
  context = await site.newContext({ viewport: { width: 1000, height: 800 } });
}, TIMEOUT_MS);

afterAll(async () => {
  await site?.stop();
}, TIMEOUT_MS);

describe('searching cards', () => {
  it('the home page’s search box lands on HTML results for the query, and a result opens its card', SLOW, async () => {
    const query = pricedCard!.name;
    const expected = await getJson<Envelope<CardSummary>>(`/api/cards?q=${encodeURIComponent(query)}&limit=24`);
    const page = await open('/');
    await page.getByLabel('Search cards').fill(query);
    const url = await follow(page, () => page.getByRole('button', { name: 'Search' }).click());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe(query);
    await expect(page.title()).resolves.toContain(query);
    expect(await page.locator('.listing-total').innerText()).toContain(`${expected.total} card`);
    expect(await resultRows(page)).toEqual(expected.results.map((c) => [c.exactName, `/cards/${c.slug}`]));
    await expect(page.getByRole('searchbox').inputValue()).resolves.toBe(query);

    const first = expected.results[0];
    await follow(page, () => page.getByRole('link', { name: first.exactName, exact: true }).click());
    expect(await page.locator('h1').textContent()).toBe(first.exactName);
    await page.close();
  });

  it('the search syntax is a link away from the search box, and a field filter typed there narrows the results and stays in the box', SLOW, async () => {
    const page = await open('/');
    await follow(page, () => page.getByRole('link', { name: 'Search syntax' }).click());
    expect(await page.locator('h1').textContent()).toBe('Search syntax');
    await expect(page.getByRole('row', { name: /artist/ }).innerText()).resolves.toContain('illustrator');
    const query = 'set:base1 t:fire';
    const expected = await getJson<Envelope<CardSummary>>(`/api/cards?q=${encodeURIComponent(query)}&limit=24`);
    await page.goto(`${base}/`);
    await page.getByLabel('Search cards').fill(query);
    await follow(page, () => page.getByRole('button', { name: 'Search' }).click());
    expect(expected.results.length).toBeGreaterThan(0);
    expect(await resultRows(page)).toEqual(expected.results.map((c) => [c.exactName, `/cards/${c.slug}`]));
    await expect(page.getByRole('searchbox').inputValue()).resolves.toBe(query);
    await page.close();
  });

  it('typing in the home page’s box lists the names and sets /api/cards/autocomplete suggests, as links, and one opens its search', SLOW, async () => {
    const typed = pricedCard!.name.slice(0, 4);
    const expected = await getJson<Autocomplete>(`/api/cards/autocomplete?q=${encodeURIComponent(typed)}`);
    expect(expected.results.map((s) => s.label)).toContain(pricedCard!.name);
    const page = await open('/');
    await page.getByLabel('Search cards').pressSequentially(typed);
    const suggestions = page.getByRole('list', { name: 'Suggested cards and sets' }).getByRole('link');
    await expect.poll(() => suggestions.allTextContents()).toEqual(expected.results.map((s) => s.label));
    const hrefs = await suggestions.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(hrefs).toEqual(expected.results.map((s) => s.url));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('.suggest-status').innerText()).toContain(`${expected.results.length} suggestion`);
    // One character is too few: the list empties, and comes back with the prefix.
    await page.getByLabel('Search cards').fill(typed[0]);
    await expect.poll(() => suggestions.count()).toBe(0);
    await page.getByLabel('Search cards').fill(typed);
    await expect.poll(() => suggestions.allTextContents()).toEqual(expected.results.map((s) => s.label));
    const url = await follow(page, () => page.getByRole('link', { name: pricedCard!.name, exact: true }).click());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe(pricedCard!.name);
    await page.close();
  });

  it('without JavaScript the home page’s box still lands on the results', SLOW, async () => {
    const noScript = await site!.newContext({ viewport: { width: 1000, height: 800 }, javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(`${base}/`);
    await page.getByLabel('Search cards').fill(pricedCard!.name);
    const url = await follow(page, () => page.getByRole('button', { name: 'Search' }).click());
    expect(url.pathname).toBe('/search');
    expect(await page.locator('ol.results > li').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('Next and Previous walk the results a page at a time, in the API’s order', SLOW, async () => {
    const all = await getJson<Envelope<CardSummary>>('/api/cards?sort=value-desc&limit=200');
    expect(all.total, 'the fixture needs more than two cards').toBeGreaterThan(2);
    const page = await open('/search?sort=value-desc&limit=2');
    expect(await resultRows(page)).toEqual(all.results.slice(0, 2).map((c) => [c.exactName, `/cards/${c.slug}`]));
    expect(await page.getByRole('link', { name: '← Previous' }).count()).toBe(0);
    await follow(page, () => page.getByRole('link', { name: 'Next →' }).click());
    expect(await resultRows(page)).toEqual(all.results.slice(2, 4).map((c) => [c.exactName, `/cards/${c.slug}`]));
    expect(await page.getByRole('navigation', { name: 'Result pages' }).innerText()).toContain('Page 2 of');
    await follow(page, () => page.getByRole('link', { name: '← Previous' }).click());
    expect(await resultRows(page)).toEqual(all.results.slice(0, 2).map((c) => [c.exactName, `/cards/${c.slug}`]));
    await page.close();
  });

  it('the band filter keeps only that band’s cards, and the form remembers it', SLOW, async () => {
    const band = pricedCard!.valueBand!;
    const expected = await getJson<Envelope<CardSummary>>(`/api/cards?band=${band}&limit=24`);
    const page = await open('/search');
    await page.getByLabel('Value band').selectOption(band);
    const url = await follow(page, () => page.getByRole('button', { name: 'Search' }).click());
    expect(url.searchParams.get('band')).toBe(band);
    expect(await resultRows(page)).toEqual(expected.results.map((c) => [c.exactName, `/cards/${c.slug}`]));
    expect(expected.results.every((c) => c.valueBand === band)).toBe(true);
    await expect(page.getByLabel('Value band').inputValue()).resolves.toBe(band);
    await page.close();
  });

  it('a result with a price history draws its sparkline', SLOW, async () => {
    const page = await open(`/search?q=${encodeURIComponent(pricedCard!.name)}`);
    const detail = await getJson<CardDetail>(`/api/cards/${pricedCard!.slug}`);
    const row = page.locator('ol.results > li', { has: page.getByRole('link', { name: pricedCard!.exactName, exact: true }) });
    const known = detail.history!.market.filter((v) => v !== null).length;
    expect(known).toBeGreaterThan(1);
    const sparkline = row.locator('svg.sparkline');
    await expect(sparkline.getAttribute('aria-label')).resolves.toContain(pricedCard!.exactName);
    // One path command per known day: M for the first of a run, L for the rest.
    const d = (await sparkline.locator('path').getAttribute('d'))!;
    expect(d.match(/[ML]/g)?.length).toBe(known);
    await page.close();
  });
});

describe('browsing sealed products', () => {
  it('the index lists the kinds; a kind’s link lists that kind, as /api/sealed does, with the kind chosen in the form', SLOW, async () => {
    const kind = sealedProduct!.kind;
    const expected = await getJson<Envelope<SealedSummary>>(`/api/sealed?kind=${kind}&limit=24`);
    const page = await open('/');
    await follow(page, () => page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sealed' }).click());
    expect(await page.locator('h1').textContent()).toBe('Sealed products');
    const url = await follow(page, () => page.locator(`a[href="/sealed?kind=${kind}"]`).click());
    expect(url.searchParams.get('kind')).toBe(kind);
    expect(await resultRows(page)).toEqual(expected.results.map((p) => [p.cleanName, `/sealed/${p.slug}`]));
    await expect(page.locator('form[role="search"] select[name="kind"]').inputValue()).resolves.toBe(kind);
    await page.close();
  });

  it('the index’s form searches by words and kind', SLOW, async () => {
    const word = sealedProduct!.cleanName.split(' ')[0];
    const expected = await getJson<Envelope<SealedSummary>>(`/api/sealed?q=${encodeURIComponent(word)}&kind=${sealedProduct!.kind}&limit=24`);
    expect(expected.total).toBeGreaterThan(0);
    const page = await open('/sealed');
    await page.getByLabel('Product name or set').fill(word);
    await page.locator('form[role="search"] select[name="kind"]').selectOption(sealedProduct!.kind);
    const url = await follow(page, () => page.getByRole('button', { name: 'Search' }).click());
    expect(url.pathname).toBe('/sealed');
    expect(await resultRows(page)).toEqual(expected.results.map((p) => [p.cleanName, `/sealed/${p.slug}`]));
    await page.close();
  });
});

describe('browsing sets', () => {
  it(
    'the sets page groups the sets by language, then series, and links each set; a set page lists its cards by value, with sparklines for the most valuable',
    SLOW,
    async () => {
      const list = await getJson<{ languages: { name: string }[]; series: { name: string; sets: SetSummary[] }[] }>('/api/sets');
      const summary = list.series.flatMap((s) => s.sets).reduce((a, b) => (b.cardCount > a.cardCount ? b : a));
      const set = await getJson<SetDetail>(`/api/sets/${summary.id}`);
      const page = await open('/');
      await follow(page, () => page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sets' }).click());
      expect(await page.locator('h2').allTextContents()).toEqual(list.languages.map((l) => `${l.name} sets`));
      expect(await page.locator('h3').allTextContents()).toEqual(list.series.map((s) => s.name));
      const url = await follow(page, () => page.locator(`a[href="/sets/${set.id}"]`).first().click());
      expect(url.pathname).toBe(`/sets/${set.id}`);
      expect(await page.locator('h1').textContent()).toBe(set.name);
      expect(await page.locator('p.prices-as-of').textContent()).toMatch(new RegExp(`^Prices as of ${set.pricesAsOf} \\(TCGplayer market\\)\\.`));
      const rows = page.locator('tbody tr');
      await expect(rows.count()).resolves.toBe(set.cardCount);
      expect(await rows.locator('td:nth-child(2) a').allTextContents()).toEqual(set.cards.map((c) => c.name));
      const drawn = set.cards.filter((c) => (c.history?.market.filter((v) => v !== null).length ?? 0) >= 2).length;
      await expect(page.locator('tbody svg.sparkline').count()).resolves.toBe(drawn);
      await page.close();
    },
  );
});

describe('price charts', () => {
  it('a card page draws its 30-day history: one point per known day, first and last dates, low and high', SLOW, async () => {
    const card = await getJson<CardDetail>(`/api/cards/${pricedCard!.slug}`);
    const history = card.history!;
    const known = history.market.filter((v): v is number => v !== null);
    const page = await open(`/cards/${card.slug}`);
    const chart = page.locator('figure.price-chart');
    await expect(chart.locator('svg[role="img"]').count()).resolves.toBe(1);
    await expect(chart.locator('.price-chart__dots circle').count()).resolves.toBe(known.length);
    const caption = await chart.locator('figcaption').innerText();
    expect(caption).toContain(history.start);
    expect(caption).toContain(history.end);
    const usd = (v: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(v);
    expect(caption).toContain(usd(Math.min(...known)));
    expect(caption).toContain(usd(Math.max(...known)));
    await page.close();
  });

  it('a sealed page draws its whole history', SLOW, async () => {
    const product = await getJson<SealedDetail>(`/api/sealed/${sealedProduct!.slug}`);
    expect(product.history, 'the fixture’s priced sealed product needs a history').toBeDefined();
    const page = await open(`/sealed/${product.slug}`);
    const caption = await page.locator('figure.price-chart figcaption').innerText();
    expect(caption).toContain(product.history!.start);
    expect(caption).toContain(product.history!.end);
    await page.close();
  });
});

describe('valuing a collection', () => {
  it('from the home page: paste a list, value it, pick the card meant by an ambiguous line, and download the CSV', SLOW, async () => {
    const list = '3x charizard\nevolving skies booster box';
    const expected = await getJson<Collection>(`/api/collection?list=${encodeURIComponent(list)}`);
    const alternative = expected.entries[0].alternatives![0];
    const page = await open('/');
    await follow(page, () => page.getByRole('link', { name: 'Value a list' }).click());
    await page.getByLabel('Your list, one item a line').fill(list);
    await follow(page, () => page.getByRole('button', { name: 'Value this list' }).click());
    expect(await page.locator('#total').innerText()).toBe(`Total: ${formatUsd(expected.totalUsd)}`);
    const ambiguous = page.locator('tr.status-ambiguous');
    expect(await ambiguous.count()).toBe(1);
    const picked = await follow(page, () => ambiguous.getByRole('link', { name: alternative.name, exact: false }).click());
    expect(picked.searchParams.get('list')).toBe(`3x ${alternative.id}\nevolving skies booster box`);
    const after = await getJson<Collection>(`/api/collection?list=${encodeURIComponent(picked.searchParams.get('list')!)}`);
    expect(after.counts.ambiguous).toBe(0);
    expect(await page.locator('#total').innerText()).toBe(`Total: ${formatUsd(after.totalUsd)}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('collection.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('line,quantity,status,text,kind,id,name,set,printing,grade,unitValueUsd,lineValueUsd,note');
    expect(csv).toContain(`,total,`);
  });
});
