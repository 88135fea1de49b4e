/**
 * The browser tests' shared ground: the real server (src/server/main.ts) on a build, the Chromium that
 * @sparticuz/chromium ships inside its npm package (driven by playwright-core: nothing from apt), the pages
 * under test picked from that build's own data, and axe-core to judge them.
 *
 * The build is the fixture site of the test run (E2E_DIST_DIR points the tests at another, e.g. dist).
 * No request leaves the machine: card images (from the hosts of src/schemas/image-host.ts) get a tiny PNG (or are refused, to see
 * the page without them), every other request to another host is aborted and recorded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import packagedChromium from '@sparticuz/chromium';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { builtPackItems } from '../../scripts/lib/built-packs.ts';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import type { SealedSummary } from '../../src/catalogue/sealed-record.ts';
import type { KnowledgeDetail } from '../../src/schemas/api-types.ts';
import { servedImageOriginsOf } from '../../src/schemas/image-host.ts';
import { settings } from '../../src/schemas/settings.ts';
import { type RunningServer, startServer } from './server.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
/** The fixture site of this test run; E2E_DIST_DIR points the same tests at another build (e.g. dist). */
export const DIST = resolve(ROOT, process.env.E2E_DIST_DIR ?? inject('fixtureDist'));
export const TIMEOUT_MS = 60_000;
export const SLOW = { timeout: TIMEOUT_MS };

const IMAGE_HOSTS = new Set(servedImageOriginsOf(settings().imageHost).map((origin) => new URL(origin).host));
/** A 5×7 grey PNG standing in for every card image: card-shaped, so a screenshot shows the real layout. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAUAAAAHCAIAAABPxRC5AAAAEUlEQVR42mM4ceICMmKgMR8AL2ZTIeLVIB0AAAAASUVORK5CYII=', 'base64');
/** The machine's network is closed: background fetches of Chromium's own would only be refused. */
const QUIET_ARGS = ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// ---------------------------------------------------------------------------------------------------------
// What the build holds: the records the pages under test are picked from.

const readSearchData = <T>(name: string): T => JSON.parse(readFileSync(join(DIST, 'server', 'search', name), 'utf8')) as T;
const cards = builtPackItems<{ summary: CardSummary }>(DIST, 'cards.pack').map((c) => c.summary);

export const pricedCard = cards.find((c) => c.slug === 'charizard-base1-4' && c.valueUsd !== null) ?? cards.find((c) => c.valueUsd !== null);
export const unpricedCard = cards.find((c) => c.valueUsd === null);
export const sealedProduct = builtPackItems<{ summary: SealedSummary }>(DIST, 'sealed.pack')
  .map((p) => p.summary)
  .find((p) => p.valueUsd !== null);
export const articleIds = readSearchData<{ id: string }[]>('knowledge.json').map((a) => a.id);
/** An article's detail as the build wrote it (/api/knowledge/{id}). */
const articleOf = (id: string): KnowledgeDetail => JSON.parse(readFileSync(join(DIST, 'client', 'api', 'knowledge', `${id}.json`), 'utf8')) as KnowledgeDetail;
/** Whether an article's Markdown holds a table (a GFM delimiter row). */
export const hasTable = (article: KnowledgeDetail): boolean => /^\s*\|?\s*:?-{3,}:?\s*\|/m.test(article.answer_detail);
/** The widest page an article makes: one with a table, when the build has one. */
const articleId = articleIds.find((id) => hasTable(articleOf(id))) ?? articleIds[0];
/** The sets of the build as /api/sets lists them (by language and series); none when the build has no set pages. */
const setsFile = join(DIST, 'client', 'api', 'sets.json');
const sets: { id: string; cardCount: number }[] = existsSync(setsFile)
  ? (JSON.parse(readFileSync(setsFile, 'utf8')) as { series: { sets: { id: string; cardCount: number }[] }[] }).series.flatMap((s) => s.sets)
  : [];
/** The set with the most cards: the longest set page. */
const biggestSet = sets.reduce<(typeof sets)[number] | undefined>(
  (best, set) => (best === undefined || set.cardCount > best.cardCount ? set : best),
  undefined,
);

export interface PageUnderTest {
  /** What kind of page it is, as the test names say it. */
  name: string;
  /** Its path on the site; undefined when the build has nothing to show on such a page (the tests then fail saying so). */
  path: string | undefined;
}

/**
 * Every kind of HTML page a person can land on, one of each, picked from the build. A new kind of page is one
 * line here, and every test of the page lists (accessibility, structure, console, phone width) covers it.
 */
export const PAGES: PageUnderTest[] = [
  { name: 'home', path: '/' },
  { name: 'priced card', path: pricedCard && `/cards/${pricedCard.slug}` },
  { name: 'unpriced card', path: unpricedCard && `/cards/${unpricedCard.slug}` },
  { name: 'sealed product', path: sealedProduct && `/sealed/${sealedProduct.slug}` },
  { name: 'article', path: articleId && `/knowledge/${articleId}` },
  { name: 'knowledge index', path: '/knowledge' },
  { name: 'not found', path: '/404' },
  { name: 'sets index', path: '/sets' },
  { name: 'set', path: biggestSet && `/sets/${biggestSet.id}` },
  { name: 'card search', path: pricedCard && `/search?q=${encodeURIComponent(pricedCard.name)}` },
  { name: 'filtered card search', path: `/search?q=${encodeURIComponent('set:base1 -t:fire value>1')}` },
  { name: 'search syntax', path: '/search/help' },
  { name: 'sealed index', path: '/sealed' },
  { name: 'sealed kind', path: sealedProduct && `/sealed?kind=${encodeURIComponent(sealedProduct.kind)}` },
  { name: 'collection form', path: '/collection' },
  { name: 'price movers', path: '/movers' },
  // A valued list with a line of each status: matched, ambiguous (with its alternatives), not found.
  {
    name: 'valued collection',
    path: pricedCard && `/collection?list=${encodeURIComponent(`2x ${pricedCard.id}\n${pricedCard.name}\nzzqx not a card psa 10`)}`,
  },
];

/** Every article of the build: the pages whose HTML comes from Markdown editors write (tables, code, long words). */
export const ARTICLE_PAGES: PageUnderTest[] = articleIds.map((id) => ({ name: `article ${id}`, path: `/knowledge/${id}` }));

/** The path of a page under test, failing the test when the build had nothing to pick. */
export function pathOf({ name, path }: PageUnderTest): string {
  expect(path, `the build has no ${name} page to test`).toBeDefined();
  return path!;
}

// ---------------------------------------------------------------------------------------------------------
// The server and the browser.

export interface ContextOptions extends BrowserContextOptions {
  /** 'served' (the default): every card image is a tiny PNG; 'unreachable': the image host refuses every request. */
  images?: 'served' | 'unreachable';
}

export interface Site {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  base: string;
  /** A browser context on the site; it stays open until `stop` (closing one can take the single-process browser down). */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** Requests to hosts other than this server and the image host that any page tried to make (all aborted). */
  blocked: string[];
  stop(): Promise<void>;
}

/** Starts the real server on the build and a browser. */
export async function startSite(): Promise<Site> {
  const server: RunningServer = await startServer(DIST);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: await packagedChromium.executablePath(), args: [...packagedChromium.args, ...QUIET_ARGS] });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const local = new URL(server.url).host;
  const blocked: string[] = [];
  return {
    base: server.url,
    blocked,
    async newContext({ images = 'served', ...options } = {}) {
      const context = await browser.newContext(options);
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.host === local) return route.continue();
        if (IMAGE_HOSTS.has(url.host))
          return images === 'served' ? route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG }) : route.abort('connectionrefused');
        blocked.push(url.href);
        return route.abort();
      });
      return context;
    },
    async stop() {
      await browser?.close();
      await server.stop();
    },
  };
}

/** A page of the site opened in `context`, with what it reported as errors while loading and since. */
export interface OpenPage {
  page: Page;
  /** Console errors (with the URL they concern, for failed loads) and uncaught exceptions, in order. */
  errors: string[];
}

/** A record of the site as JSON (an API path), to hold a page against; it must answer 200. */
export async function fetchJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Opens `path` in a new page of `context`; the page must answer 2*/
export async function openPage(context: BrowserContext, base: string, path: string): Promise<OpenPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-type'], path).toMatch(/^text\/html\b/);
  return { page, errors };
}

// ---------------------------------------------------------------------------------------------------------
// Judging a page.

/** The impacts that fail a page: what axe calls serious or critical. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core's serious and critical violations on the page, one line each: rule id, impact, what it asks, and
 * the nodes at fault. The script is added as a script element, so the page's context must bypass its CSP
 * (`bypassCSP: true`), which forbids inline scripts.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id} (${v.impact}): ${v.help}; at ${v.targets.join(', ')}`);
}

/** The part of axe-core's results read here (the engine's own types are global declarations, not a module). */
interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: (string | string[])[] }[] }[];
}
