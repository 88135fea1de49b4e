import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { cleanUrlsSchema, getTransformedRoutes, headersSchema, type Route, rewritesSchema } from '@vercel/routing-utils';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Negotiation, netlifyFiles, netlifyHeaderBlocks } from '../../src/deploy/netlify.ts';
import { acceptConditions, caseFold, type VercelConfig, vercelConfig } from '../../src/deploy/vercel.ts';
import { classifyAccept } from '../../src/http/accept-classes.ts';
import type { FileInfo, FileManifest } from '../../src/http/file-manifest.ts';
import {
  detailLinks,
  directFileHeaders,
  fileHeaders,
  negotiatedHeaders,
  representationFile,
  SECURITY_HEADERS,
  twinMarkdownLinks,
} from '../../src/http/headers.ts';
import { CATALOG_NAMES, COLLECTIONS, type Collection } from '../../src/http/links.ts';
import { negotiate } from '../../src/http/negotiate.ts';
import { manifestOf } from '../support/built-files.ts';
import { scratchDir } from '../support/fixture-site.ts';

/**
 * The Netlify and Vercel configurations, checked three ways: the platforms'
 * own parsers accept them (and read what was meant), the rules evaluated
 * against every file of a build give the headers src/http/headers.ts says
 * (less what each platform cannot send, named), and at the size of the real
 * catalogue they stay inside the documented limits.
 */
const FN = 'https://fn.example';
const CHROME = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const SAMPLE_ACCEPTS = [
  '*/*',
  CHROME,
  'text/markdown',
  'TEXT/Markdown',
  'text/markdown, text/html;q=0.9, */*;q=0.8',
  'application/json',
  'application/*',
  'text/*',
  '',
  'text/markdown;q=0, */*',
  'text/html;q=0.5, text/markdown;q=0.9',
  'image/png',
];

const dist = inject('fixtureDist');
const fixture: FileManifest = manifestOf(dist);
const scratch = scratchDir('deploy-netlify-vercel');
beforeAll(() => mkdirSync(scratch, { recursive: true }));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A manifest the size of the bundled catalogue (20,608 cards, 1,590 sealed products, 56 articles, 176 sets). */
function catalogueSizedManifest(): FileManifest {
  const files: Record<string, FileInfo> = {};
  const counts: Record<Collection, number> = { cards: 20_608, sealed: 1_590, knowledge: 56, sets: 176 };
  let n = 0;
  const info = (tokens?: number): FileInfo => ({ etag: `"${(n++).toString(16).padStart(27, '0')}"`, bytes: 1000 + (n % 5000), ...(tokens ? { tokens } : {}) });
  for (const collection of COLLECTIONS) {
    for (let i = 0; i < counts[collection]; i++) {
      const slug = `${collection === 'cards' ? 'card-name-of-some-length' : 'product'}-set${i % 176}-${i}`;
      files[`/${collection}/${slug}.html`] = info();
      files[`/${collection}/${slug}.md`] = info(300 + (i % 900));
      files[`/api/${collection}/${slug}.json`] = info();
    }
  }
  for (const file of [
    '/api/knowledge.json',
    '/api/content.json',
    '/openapi.json',
    '/llms.txt',
    '/404.html',
    '/index.html',
    '/knowledge.html',
    '/sealed.html',
    '/search-suggest.js',
    '/styles.css',
    '/sets.html',
    '/sets.md',
    '/api/sets.json',
    '/api/catalog.json',
    '/catalog.md',
    ...CATALOG_NAMES.flatMap((name) => [`/api/catalog/${name}.json`, `/catalog/${name}.md`]),
    '/api/movers.json',
    '/movers.md',
    '/movers.html',
  ])
    files[file] = info();
  return { files };
}
const bigManifest = catalogueSizedManifest();

/** Headers with lower-case names, for comparison. */
const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
const without = (h: Record<string, string>, names: string[]) => Object.fromEntries(Object.entries(lower(h)).filter(([k]) => !names.includes(k)));
/** What the function sends with a file asked for by its own path (node-http-server.ts), as the header rules compose it. */
const directExpected = (file: string, info: FileInfo) => ({ ...SECURITY_HEADERS, ...fileHeaders(file, info), ...directFileHeaders(file) });
const detailFolder = (file: string) => /^\/(cards|sealed|knowledge|sets)\/[^/]+$/.test(file);

// ---------------------------------------------------------------- Netlify

type Outcome = { kind: 'file'; file: string; headers: Record<string, string> } | { kind: 'function'; url: string } | { kind: 'not-found' };

interface NetlifySite {
  redirects: { from: string; to: string; status: number; force: boolean; query: Record<string, string>; conditions: Record<string, unknown> }[];
  headers: { for: string; forRegExp: RegExp; values: Record<string, string> }[];
  errors: unknown[];
  text: Record<string, string>;
}

async function netlifySite(manifest: FileManifest, negotiation: Negotiation, name: string): Promise<NetlifySite> {
  const dir = join(scratch, `netlify-${name}-${negotiation}`);
  mkdirSync(dir, { recursive: true });
  const text: Record<string, string> = {};
  for (const file of netlifyFiles(manifest, { functionUrl: `${FN}/`, negotiation })) {
    writeFileSync(join(dir, file.path), file.text);
    text[file.path] = file.text;
  }
  const r = await parseAllRedirects({ redirectsFiles: [join(dir, '_redirects')], configRedirects: [], minimal: false });
  const h = await parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false });
  return { redirects: r.redirects as NetlifySite['redirects'], headers: h.headers as NetlifySite['headers'], errors: [...r.errors, ...h.errors], text };
}

/** Netlify's documented matching: a `:placeholder` is one segment, a final `/*` the rest (or nothing). */
function netlifyFrom(from: string): RegExp {
  const splat = from.endsWith('/*');
  const body = (splat ? from.slice(0, -2) : from)
    .split('/')
    .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${splat ? '(?:/(?<splat>.*))?' : ''}/?$`);
}

/**
 * What Netlify answers for a GET of `path` (no query unless given): the
 * first rule that matches wins; a rule without `!` is skipped where a file
 * answers the path (pretty URLs included); headers are every `_headers`
 * block matching the request path, and no name may come from two blocks.
 */
function netlifyServe(site: NetlifySite, files: FileManifest['files'], path: string, query: Record<string, string> = {}): Outcome {
  const fileFor = (p: string) => (files[p] ? p : files[`${p}.html`] ? `${p}.html` : p === '/' ? '/index.html' : undefined);
  let target = path;
  for (const rule of site.redirects) {
    const match = netlifyFrom(rule.from).exec(path);
    if (!match || !Object.keys(rule.query ?? {}).every((k) => k in query)) continue;
    if (!rule.force && fileFor(path)) break;
    const to = rule.to.replace(/:(\w+)/g, (_, name) => match.groups?.[name] ?? '');
    if (/^https?:\/\//.test(to)) return { kind: 'function', url: to };
    target = to;
    break;
  }
  const file = target === path ? fileFor(path) : files[target] ? target : undefined;
  if (!file) return { kind: 'not-found' };
  const headers: Record<string, string> = {};
  for (const block of site.headers) {
    if (!block.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(block.values)) {
      expect(headers[name.toLowerCase()], `${path}: ${name} set by two blocks`).toBeUndefined();
      headers[name.toLowerCase()] = value;
    }
  }
  return { kind: 'file', file, headers };
}

describe('Netlify', () => {
  const sites: Partial<Record<Negotiation, NetlifySite>> = {};
  beforeAll(async () => {
    sites.function = await netlifySite(fixture, 'function', 'fixture');
    sites.html = await netlifySite(fixture, 'html', 'fixture');
  });

  it.each(['function', 'html'] as const)('its own parsers read the %s-mode files without errors, as intended', (mode) => {
    const site = sites[mode]!;
    expect(site.errors).toEqual([]);
    const detail =
      mode === 'function'
        ? [
            { from: '/sets', to: `${FN}/sets`, status: 200, force: true },
            ...COLLECTIONS.map((c) => ({ from: `/${c}/*`, to: `${FN}/${c}/:splat`, status: 200, force: true })),
          ]
        : COLLECTIONS.map((c) => ({ from: `/${c}/:slug`, to: `/${c}/:slug.html`, status: 200, force: false }));
    expect(site.redirects.map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual([
      { from: '/api/cards', to: `${FN}/api/cards`, status: 200, force: true },
      { from: '/api/cards/autocomplete', to: `${FN}/api/cards/autocomplete`, status: 200, force: true },
      { from: '/api/sealed', to: `${FN}/api/sealed`, status: 200, force: true },
      { from: '/api/knowledge', to: `${FN}/api/knowledge`, status: 200, force: true },
      { from: '/api/collection', to: `${FN}/api/collection`, status: 200, force: true },
      { from: '/search', to: `${FN}/search`, status: 200, force: true },
      { from: '/sealed', to: `${FN}/sealed`, status: 200, force: true },
      { from: '/collection', to: `${FN}/collection`, status: 200, force: true },
      { from: '/mcp', to: `${FN}/mcp`, status: 200, force: true },
      { from: '/feeds/*', to: `${FN}/feeds/:splat`, status: 200, force: true },
      // The extensionless API files: one placeholder rule per folder (/api/content, /api/bulk/manifest, /api/catalog/sets …).
      ...['/api', '/api/bulk', '/api/catalog'].map((folder) => ({ from: `${folder}/:name`, to: `${folder}/:name.json`, status: 200, force: false })),
      ...COLLECTIONS.map((c) => ({ from: `/api/${c}/:slug`, to: `/api/${c}/:slug.json`, status: 200, force: false })),
      { from: '/api/changes/:date', to: '/api/changes/:date.json', status: 200, force: false },
      ...detail,
    ]);
    expect(site.redirects.filter((r) => r.to.startsWith('http')).every((r) => (r as unknown as { proxy: boolean }).proxy)).toBe(true);
    const intended = netlifyHeaderBlocks(fixture, { negotiation: mode });
    expect(site.headers.map((h) => ({ for: h.for, values: h.values }))).toEqual(intended);
  });

  it.each(['function', 'html'] as const)('%s mode: every file of the build gets its contract headers, less the ETag (Netlify’s own)', (mode) => {
    const site = sites[mode]!;
    for (const [file, info] of Object.entries(fixture.files)) {
      const outcome = netlifyServe(site, fixture.files, file);
      if (mode === 'function' && detailFolder(file)) {
        expect(outcome, file).toEqual({ kind: 'function', url: `${FN}${file}` });
        continue;
      }
      expect(outcome.kind, file).toBe('file');
      if (outcome.kind !== 'file') continue;
      expect(outcome.file).toBe(file);
      expect(outcome.headers, file).toEqual(without(directExpected(file, info), ['etag']));
    }
  });

  it.each(['function', 'html'] as const)('%s mode: extensionless JSON, pages and searches go where the contract says', (mode) => {
    const site = sites[mode]!;
    const files = fixture.files;
    for (const [path, query] of [
      ['/api/cards', { q: 'charizard' }],
      ['/api/cards/autocomplete', { q: 'char' }],
      ['/api/cards/autocomplete', {}],
      ['/api/sealed', {}],
      ['/api/knowledge', {}],
      ['/api/knowledge', { tag: 'psa' }],
      ['/api/collection', { list: 'base1-4' }],
      ['/search', { q: 'charizard' }],
      ['/sealed', { kind: 'etb' }],
      ['/sealed', {}],
      ['/collection', {}],
      ['/mcp', {}],
      ['/feeds/cards/charizard-base1-4.json', {}],
      ['/feeds/sets/base1.atom', { threshold: '20' }],
    ] as const) {
      expect(netlifyServe(site, files, path, query)).toEqual({ kind: 'function', url: `${FN}${path}` });
    }
    const json = Object.keys(files).find((f) => f.startsWith('/api/cards/'))!;
    const served = netlifyServe(site, files, json.slice(0, -5));
    expect(served).toMatchObject({ kind: 'file', file: json });
    expect(served.kind === 'file' && served.headers).toEqual(without(directExpected(json, files[json]), ['etag']));
    expect(netlifyServe(site, files, '/api/content')).toMatchObject({ kind: 'file', file: '/api/content.json' });
    expect(netlifyServe(site, files, '/api/changes')).toMatchObject({ kind: 'file', file: '/api/changes.json' });
    expect(netlifyServe(site, files, '/api/changes/2025-10-20')).toMatchObject({ kind: 'file', file: '/api/changes/2025-10-20.json' });
    expect(netlifyServe(site, files, '/api/bulk/manifest')).toMatchObject({ kind: 'file', file: '/api/bulk/manifest.json' });
    for (const path of ['/api/catalog', '/api/catalog/sets', '/api/movers']) {
      const served = netlifyServe(site, files, path);
      expect(served, path).toMatchObject({ kind: 'file', file: `${path}.json` });
      expect(served.kind === 'file' && served.headers).toEqual(without(directExpected(`${path}.json`, files[`${path}.json`]), ['etag']));
    }
    expect(netlifyServe(site, files, '/movers.md')).toMatchObject({ kind: 'file', headers: { link: twinMarkdownLinks('/api/movers') } });
    expect(netlifyServe(site, files, '/movers')).toMatchObject({ kind: 'file', file: '/movers.html' });
    expect(netlifyServe(site, files, '/')).toMatchObject({ kind: 'file', file: '/index.html' });
    // The set list: negotiated by the function, or in html mode its HTML with its Link (as the detail pages there).
    expect(netlifyServe(site, files, '/api/sets')).toMatchObject({ kind: 'file', file: '/api/sets.json' });
    const sets = netlifyServe(site, files, '/sets');
    if (mode === 'function') expect(sets).toEqual({ kind: 'function', url: `${FN}/sets` });
    else
      expect(sets).toEqual({
        kind: 'file',
        file: '/sets.html',
        headers: without({ ...SECURITY_HEADERS, ...fileHeaders('/sets.html', files['/sets.html']), Link: detailLinks('sets') }, ['etag']),
      });

    for (const collection of COLLECTIONS) {
      const html = Object.keys(files).find((f) => f.startsWith(`/${collection}/`) && f.endsWith('.html'))!;
      const page = html.slice(0, -5);
      const slug = page.split('/')[2];
      const outcome = netlifyServe(site, files, page);
      if (mode === 'function') expect(outcome).toEqual({ kind: 'function', url: `${FN}${page}` });
      else {
        // HTML for every Accept: the page's file headers and its Link to the siblings (no Vary: it does not vary here).
        expect(outcome).toMatchObject({ kind: 'file', file: html });
        const expected = { ...SECURITY_HEADERS, ...fileHeaders(html, files[html]), Link: detailLinks(collection, slug) };
        expect(outcome.kind === 'file' && outcome.headers).toEqual(without(expected, ['etag']));
        expect(netlifyServe(site, files, `/${collection}/no-such-slug`)).toEqual({ kind: 'not-found' });
      }
    }
  });

  /**
   * Netlify's headers parser is quadratic in the number of blocks: the
   * html-mode file of the real catalogue (39k blocks, 22 MB) takes about a
   * minute, so it is parsed only with DEPLOY_FULL=1; its size is always checked.
   */
  it('at the real catalogue’s size: two dozen redirects at most, and the per-file headers only in html mode', async () => {
    for (const mode of ['function', 'html'] as const) {
      if (mode === 'html' && !process.env.DEPLOY_FULL) {
        const blocks = netlifyHeaderBlocks(bigManifest, { negotiation: 'html' });
        const markdown = Object.keys(bigManifest.files).filter((f) => f.endsWith('.md')).length;
        expect(blocks.length).toBeGreaterThan(2 * markdown);
        console.log(`netlify html: ${blocks.length} header blocks (parse skipped; DEPLOY_FULL=1 parses them)`);
        continue;
      }
      const started = performance.now();
      const site = await netlifySite(bigManifest, mode, 'catalogue');
      const parseMs = Math.round(performance.now() - started);
      expect(site.errors).toEqual([]);
      // "If you need to set up 10,000 redirects or more, we recommend using wildcards or placeholders" (docs.netlify.com/manage/routing/redirects/overview)
      expect(site.redirects.length).toBeLessThan(25);
      const headersBytes = Buffer.byteLength(site.text._headers);
      console.log(
        `netlify ${mode}: ${site.redirects.length} redirects, ${site.headers.length} header blocks, _headers ${headersBytes} bytes, parsed in ${parseMs} ms`,
      );
      if (mode === 'function') {
        // None per record (the function serves the detail folders); a block per one-off file whose Link or token
        // count is its own (the catalogues' and the movers' Markdown twins, their extensionless JSON).
        expect(site.headers.filter((h) => /^\/(?:api\/)?(?:cards|sealed|knowledge|sets)\/[a-z0-9]/.test(h.for))).toEqual([]);
        expect(site.headers.length).toBeLessThan(50);
        expect(headersBytes).toBeLessThan(20_000);
      } else {
        // One block per detail page and per Markdown file: the Link names the slug, the token count is the file's.
        const details = Object.keys(bigManifest.files).filter((f) => f.startsWith('/cards/') && f.endsWith('.md')).length;
        expect(site.headers.length).toBeGreaterThan(2 * details);
      }
    }
  }, 120_000);
});

// ---------------------------------------------------------------- Vercel

/** The has/missing conditions as Vercel's proxy evaluates them (a header value is a regular expression, no flags). */
function conditionHolds(
  item: { type: string; key?: string; value?: unknown },
  headers: Record<string, string>,
  query: Record<string, string>,
  anchored: boolean,
): boolean {
  const actual = item.type === 'header' ? headers[item.key!.toLowerCase()] : item.type === 'query' ? query[item.key!] : undefined;
  if (actual === undefined) return false;
  if (item.value === undefined) return true;
  const source = String(item.value);
  return new RegExp(anchored ? `^(?:${source})$` : source).test(actual);
}

/**
 * What Vercel answers for a GET, evaluated on the routes that
 * `getTransformedRoutes` makes of vercel.json: header routes (continue) in
 * order, the filesystem, then the first rewrite that matches.
 */
function vercelServe(
  routes: Route[],
  files: FileManifest['files'],
  path: string,
  request: Record<string, string> = {},
  query: Record<string, string> = {},
  anchored = true,
): Outcome {
  const headers: Record<string, string> = {};
  let phase: 'headers' | 'rewrites' = 'headers';
  const applies = (route: Extract<Route, { src: string }>) => {
    const match = new RegExp(route.src, 'i').exec(path);
    const ok =
      match &&
      (route.has ?? []).every((c) => conditionHolds(c as never, request, query, anchored)) &&
      !(route.missing ?? []).some((c) => conditionHolds(c as never, request, query, anchored));
    return ok ? match : null;
  };
  for (const route of routes) {
    if ('handle' in route) {
      if (route.handle === 'filesystem') {
        if (files[path]) return { kind: 'file', file: path, headers };
        phase = 'rewrites';
      }
      continue;
    }
    const match = applies(route);
    if (!match) continue;
    const fill = (s: string) => s.replace(/\$(\d+)/g, (_, i) => match[Number(i)] ?? '');
    if (phase === 'headers' && route.headers) {
      for (const [name, value] of Object.entries(route.headers)) headers[name.toLowerCase()] = fill(value);
      continue;
    }
    if (phase === 'rewrites' && route.dest) {
      const dest = fill(route.dest);
      if (/^https?:\/\//.test(dest)) return { kind: 'function', url: dest };
      return files[dest] ? { kind: 'file', file: dest, headers } : { kind: 'not-found' };
    }
  }
  return { kind: 'not-found' };
}

function transformed(config: VercelConfig): Route[] {
  const { routes, error } = getTransformedRoutes(structuredClone(config) as never);
  expect(error).toBeNull();
  return routes!;
}

describe('Vercel', () => {
  const config = vercelConfig(fixture, { functionUrl: FN });
  const routes = transformed(config);

  it('vercel.json passes the schemas of @vercel/routing-utils and its route normalisation', () => {
    const ajv = new Ajv({ allErrors: true });
    for (const [schema, value] of [
      [rewritesSchema, config.rewrites],
      [headersSchema, config.headers],
      [cleanUrlsSchema, config.cleanUrls],
    ] as const) {
      const validate = ajv.compile(schema);
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(routes.filter((r) => 'handle' in r)).toEqual([{ handle: 'filesystem' }]);
  });

  it('every file of the build gets its contract headers, less the ETag (Vercel’s own) and x-markdown-tokens', () => {
    for (const [file, info] of Object.entries(fixture.files)) {
      const outcome = vercelServe(routes, fixture.files, file, { accept: CHROME });
      expect(outcome.kind, file).toBe('file');
      if (outcome.kind === 'file') expect(outcome.headers, file).toEqual(without(directExpected(file, info), ['etag', 'x-markdown-tokens']));
    }
    const json = Object.keys(fixture.files).find((f) => f.startsWith('/api/sealed/'))!;
    const extensionless = vercelServe(routes, fixture.files, json.slice(0, -5));
    expect(extensionless).toMatchObject({ kind: 'file', file: json });
    expect(extensionless.kind === 'file' && extensionless.headers).toEqual(without(directExpected(json, fixture.files[json]), ['etag', 'x-markdown-tokens']));
    expect(vercelServe(routes, fixture.files, '/knowledge')).toMatchObject({ kind: 'file', file: '/knowledge.html' });
    expect(vercelServe(routes, fixture.files, '/api/content')).toMatchObject({ kind: 'file', file: '/api/content.json' });
    expect(vercelServe(routes, fixture.files, '/api/changes')).toMatchObject({ kind: 'file', file: '/api/changes.json' });
    expect(vercelServe(routes, fixture.files, '/api/changes/2025-10-20')).toMatchObject({ kind: 'file', file: '/api/changes/2025-10-20.json' });
    expect(vercelServe(routes, fixture.files, '/api/bulk/manifest')).toMatchObject({ kind: 'file', file: '/api/bulk/manifest.json' });
    // The catalogues of filter values and the price movers: extensionless JSON, Markdown twins linking it, the movers page.
    for (const path of ['/api/catalog', '/api/catalog/rarities', '/api/movers']) {
      const served = vercelServe(routes, fixture.files, path);
      expect(served, path).toMatchObject({ kind: 'file', file: `${path}.json` });
      expect(served.kind === 'file' && served.headers).toEqual(
        without(directExpected(`${path}.json`, fixture.files[`${path}.json`]), ['etag', 'x-markdown-tokens']),
      );
    }
    expect(vercelServe(routes, fixture.files, '/catalog/rarities.md')).toMatchObject({
      kind: 'file',
      headers: { link: twinMarkdownLinks('/api/catalog/rarities') },
    });
    expect(vercelServe(routes, fixture.files, '/movers')).toMatchObject({ kind: 'file', file: '/movers.html' });
  });

  it('searches go to the function, with their query; the knowledge list without q or tag is its file', () => {
    expect(vercelServe(routes, fixture.files, '/api/cards', {}, { q: 'mew' })).toEqual({ kind: 'function', url: `${FN}/api/cards` });
    // Autocomplete looks like a card's JSON (/api/cards/{slug}): its rule comes first.
    expect(vercelServe(routes, fixture.files, '/api/cards/autocomplete', {}, { q: 'char' })).toEqual({ kind: 'function', url: `${FN}/api/cards/autocomplete` });
    expect(vercelServe(routes, fixture.files, '/api/sealed')).toEqual({ kind: 'function', url: `${FN}/api/sealed` });
    expect(vercelServe(routes, fixture.files, '/api/knowledge', {}, { tag: 'psa' })).toEqual({ kind: 'function', url: `${FN}/api/knowledge` });
    expect(vercelServe(routes, fixture.files, '/api/knowledge')).toEqual({ kind: 'function', url: `${FN}/api/knowledge` });
    // The search pages, and /sealed whole: the function serves its index file when there is no query.
    expect(vercelServe(routes, fixture.files, '/search', {}, { q: 'mew' })).toEqual({ kind: 'function', url: `${FN}/search` });
    expect(vercelServe(routes, fixture.files, '/sealed', {}, { kind: 'etb' })).toEqual({ kind: 'function', url: `${FN}/sealed` });
    expect(vercelServe(routes, fixture.files, '/sealed')).toEqual({ kind: 'function', url: `${FN}/sealed` });
    for (const feed of ['/feeds/cards/charizard-base1-4.json', '/feeds/sets/base1.atom']) {
      expect(vercelServe(routes, fixture.files, feed, {}, { window: '30d' })).toEqual({ kind: 'function', url: `${FN}${feed}` });
    }
  });

  /**
   * What the contract gives a negotiated page for an Accept header, as Vercel can send it; without a slug, the
   * collection's negotiated index page (`/sets`). True when a rule decided it (a file, its headers checked), false
   * when it went to the function.
   */
  function expectNegotiated(collection: Collection, slug: string | undefined, accept: string | undefined, anchored = true): boolean {
    const page = slug === undefined ? `/${collection}` : `/${collection}/${slug}`;
    const outcome = vercelServe(routes, fixture.files, page, accept === undefined ? {} : { accept }, {}, anchored);
    const decided = accept === undefined ? 'html' : classifyAccept(accept);
    if (decided === undefined) {
      expect(outcome, `${page} ${accept}`).toEqual({ kind: 'function', url: `${FN}${page}` });
      return false;
    }
    expect(decided).toBe(negotiate(accept));
    const file = representationFile(collection, slug, decided);
    const expected = { ...SECURITY_HEADERS, ...fileHeaders(file, fixture.files[file]), ...negotiatedHeaders(collection, slug, decided) };
    expect(outcome, `${page} ${accept}`).toEqual({ kind: 'file', file, headers: without(expected, ['etag', 'x-markdown-tokens']) });
    return true;
  }

  it('negotiates detail pages as negotiate() does where a rule decides, else hands them to the function', () => {
    for (const collection of COLLECTIONS) {
      const html = Object.keys(fixture.files).find((f) => f.startsWith(`/${collection}/`) && f.endsWith('.html'))!;
      const slug = html.split('/')[2].slice(0, -5);
      for (const accept of [undefined, ...SAMPLE_ACCEPTS]) {
        expectNegotiated(collection, slug, accept, true);
        expectNegotiated(collection, slug, accept, false);
      }
    }
    // The set list negotiates as the detail pages do.
    for (const accept of [undefined, ...SAMPLE_ACCEPTS]) {
      expectNegotiated('sets', undefined, accept, true);
      expectNegotiated('sets', undefined, accept, false);
    }
    expect(vercelServe(routes, fixture.files, '/api/sets')).toMatchObject({ kind: 'file', file: '/api/sets.json' });
    // An unknown slug finds no file: Vercel's 404 page (the function would answer problem JSON).
    expect(vercelServe(routes, fixture.files, '/cards/no-such-card', { accept: 'text/markdown' })).toEqual({ kind: 'not-found' });
  });

  it('agrees with negotiate() on generated Accept headers', () => {
    const html = Object.keys(fixture.files).find((f) => f.startsWith('/cards/') && f.endsWith('.html'))!;
    const slug = html.split('/')[2].slice(0, -5);
    const type = fc.constantFrom(
      'text/html',
      'text/markdown',
      'application/json',
      'TEXT/HTML',
      'Text/Markdown',
      'APPLICATION/JSON',
      '*/*',
      'text/*',
      'application/*',
      'image/png',
    );
    const param = fc.constantFrom('q=0', 'q=1', 'q=0.5', 'Q=0.9', 'level=1', 'charset=utf-8');
    const element = fc.tuple(fc.constantFrom('', ' '), type, fc.option(param, { nil: undefined })).map(([s, t, p]) => `${s}${t}${p ? `;${p}` : ''}`);
    let decided = 0;
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 4 }).map((els) => els.join(',')),
        (accept) => {
          if (expectNegotiated('cards', slug, accept)) decided++;
        },
      ),
      { numRuns: 2_000 },
    );
    // The headers a rule decides (about 680 of 2,000) are the ones whose file and headers are checked; the rest only
    // go to the function.
    expect(decided).toBeGreaterThan(200);
  });

  it('the case-folded conditions match without flags what the classes match case-insensitively', () => {
    const conditions = acceptConditions().filter((c) => c.has);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z*/ ,;=.0-9\t]{0,40}$/), (header) => {
        for (const c of conditions) {
          const folded = String(c.has![0].value);
          const original = folded.replace(/\[([a-zA-Z])([a-zA-Z])\]/g, '$1');
          expect(new RegExp(folded).test(header), `${folded} on ${JSON.stringify(header)}`).toBe(new RegExp(original, 'i').test(header));
        }
      }),
      { numRuns: 3_000 },
    );
    expect(caseFold('^a[b-c\\t]\\*x')).toBe('^[aA][b-cB-C\\t]\\*[xX]');
  });

  it('at the real catalogue’s size stays inside the documented limits', () => {
    const big = vercelConfig(bigManifest, { functionUrl: FN });
    const bigRoutes = transformed(big);
    const bytes = Buffer.byteLength(JSON.stringify(big, null, 2));
    console.log(`vercel: ${big.rewrites.length} rewrites, ${big.headers.length} header rules, ${bigRoutes.length} routes, vercel.json ${bytes} bytes`);
    // rewritesSchema and headersSchema: maxItems 2048 each; "Routes created per Deployment": 1,024 on Hobby and Pro (vercel.com/docs/limits).
    expect(big.rewrites.length).toBeLessThanOrEqual(2048);
    expect(big.headers.length).toBeLessThanOrEqual(2048);
    expect(bigRoutes.length).toBeLessThanOrEqual(1024);
    // hasSchema: at most 16 conditions, each value at most 4,096 characters.
    for (const rule of [...big.rewrites, ...big.headers]) {
      for (const item of [...(rule.has ?? []), ...(rule.missing ?? [])]) expect(String(item.value ?? '').length).toBeLessThanOrEqual(4096);
      expect((rule.has ?? []).length).toBeLessThanOrEqual(16);
      expect((rule.missing ?? []).length).toBeLessThanOrEqual(16);
    }
    // The rules do not grow with the catalogue: the fixture's and the catalogue's differ only in the few one-off files.
    expect(big.rewrites.length).toBe(config.rewrites.length);
  });
});
