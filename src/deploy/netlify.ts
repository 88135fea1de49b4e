/**
 * The build published on Netlify, with the Node function running elsewhere:
 * `_redirects` (proxies to the function, the extensionless JSON rewrites) and
 * `_headers` (the contract's headers of every file Netlify serves itself),
 * derived from the build manifest and the header rules in
 * src/http/headers.ts. Pure: manifest and options in, files out.
 *
 * What shaped it (docs/deploy-netlify.md has the sources):
 *
 * - Redirect conditions cannot read `Accept`, so a static rule cannot
 *   negotiate. `negotiation: 'function'` (the default) forces every path under
 *   /cards/, /sealed/ and /knowledge/ to the function, which negotiates
 *   exactly and also serves the `.md` and `.html` files there with their exact
 *   headers (a placeholder matches a whole segment, dots included, so no rule
 *   can send `/cards/x` to the function and keep `/cards/x.md` static; and
 *   Netlify's pretty URLs make `/cards/x.html` shadow `/cards/x` for rules
 *   that are not forced). `negotiation: 'html'` keeps those files static: the
 *   extensionless page is always the HTML, and agents use the `.md` files.
 * - Custom headers apply only to files Netlify serves from its own store:
 *   proxied answers keep the function's headers, so no rule here touches them.
 * - Header values take no placeholders, so a value that names the slug (the
 *   Link header) or differs per file (x-markdown-tokens) needs one block per
 *   file; everything else is one wildcard rule per kind of file.
 * - The ETag is Netlify's own (it hashes the deployed file and answers
 *   If-None-Match itself); the manifest's is never sent, since two validators
 *   for one body would defeat conditional requests.
 */

import type { FileManifest } from '../http/file-manifest.ts';
import { detailLinks, directFileHeaders, fileHeaders, SECURITY_HEADERS } from '../http/headers.ts';
import type { Collection } from '../http/links.ts';
import { CHANGE_DATE, EXTENSIONLESS_API_FILES, INDEX_PAGES, SLUG } from '../http/routes.ts';

export type Negotiation = 'function' | 'html';

export interface NetlifyOptions {
  /** Origin (and optional base path) of the Node function, e.g. `https://fn.example`. */
  functionUrl: string;
  /** Who answers `/cards/{slug}` and its siblings: the function (exact), or static HTML by default. */
  negotiation?: Negotiation;
}

export interface OutputFile {
  path: string;
  text: string;
}

export const COLLECTIONS: readonly Collection[] = ['cards', 'sealed', 'knowledge', 'sets'];
const COLLECTION_NAMES = COLLECTIONS.join('|');
/** A record's JSON (`/api/cards/x.json`), an extensionless API record path, a file in a detail folder (its extension captured). */
const API_FILE = new RegExp(`^/api/(${COLLECTION_NAMES})/([^/]+)\\.json$`);
const API_PATH = new RegExp(`^/api/(${COLLECTION_NAMES})/[^/]+$`);
const DETAIL_PATH = new RegExp(`^/(${COLLECTION_NAMES})/[^/]+?(\\.[a-z]+)?$`);
/** The header the host sets itself, from its own hash of the file. */
const HOST_OWNED = new Set(['etag']);

/** `https://fn.example/` → `https://fn.example`; refuses anything but an absolute http(s) URL without query or fragment. */
export function functionBase(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new Error(`--function must be an absolute http(s) URL with no query, fragment or credentials, not ${JSON.stringify(url)}`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * The function's paths: searches and the search pages (all of /api/knowledge and /sealed: the function serves
 * their files when there is no query, since a host's query matching needs a non-empty value).
 */
export const FUNCTION_PATHS = ['/api/cards', '/api/sealed', '/api/knowledge', '/search', '/sealed'] as const;

/**
 * The paths a client may ask for that a static host serves from build files,
 * each with the file that answers it and the headers the contract gives it
 * (what src/server/front-server.ts sends for that path). Shared by every
 * static host generator and by the tests.
 */
export interface StaticPath {
  path: string;
  file: string;
  headers: Record<string, string>;
}

export function staticPaths(manifest: FileManifest, negotiation: Negotiation): StaticPath[] {
  const out: StaticPath[] = [];
  for (const [file, info] of Object.entries(manifest.files)) {
    const collection = collectionOf(file);
    if (collection && negotiation === 'function') continue; // the function serves the whole folder
    const headers = { ...fileHeaders(file, info), ...directFileHeaders(file) };
    out.push({ path: file, file, headers });
    for (const alias of aliasesOf(file, negotiation)) out.push({ path: alias.path, file, headers: { ...headers, ...alias.headers } });
  }
  return out;
}

/** The detail-page folder a file sits in directly (`/cards/x.md` → cards), if any. */
function collectionOf(file: string): Collection | undefined {
  const parts = file.split('/');
  return parts.length === 3 && (COLLECTIONS as readonly string[]).includes(parts[1]) ? (parts[1] as Collection) : undefined;
}

/** Other request paths a file answers: extensionless API JSON, pages without `.html`, and (html mode) the detail page. */
function aliasesOf(file: string, negotiation: Negotiation): { path: string; headers: Record<string, string> }[] {
  const api = API_FILE.exec(file);
  if (api && SLUG.test(api[2])) return [{ path: file.slice(0, -5), headers: {} }];
  const change = /^\/api\/changes\/([^/]+)\.json$/.exec(file);
  if (change && CHANGE_DATE.test(change[1])) return [{ path: file.slice(0, -5), headers: {} }];
  const extensionless = Object.entries(EXTENSIONLESS_API_FILES).find(([, target]) => target === file);
  if (extensionless) return [{ path: extensionless[0], headers: {} }];
  if (file === '/index.html') return [{ path: '/', headers: {} }];
  if (!file.endsWith('.html') || file === '/404.html') return [];
  const index = INDEX_PAGES[file.slice(0, -5)];
  // An index page (/sets) is negotiated like a detail page: the function's in function mode, its HTML with its Link in html mode.
  if (index) return negotiation === 'html' ? [{ path: file.slice(0, -5), headers: { Link: detailLinks(index) } }] : [];
  const collection = collectionOf(file);
  if (!collection) return [{ path: file.slice(0, -5), headers: {} }];
  const slug = file.slice(collection.length + 2, -5);
  // html mode: the page is its HTML, and says where its siblings are; it does not vary by Accept here.
  return negotiation === 'html' && SLUG.test(slug) ? [{ path: file.slice(0, -5), headers: { Link: detailLinks(collection, slug) } }] : [];
}

/** The `_redirects` rules, in order (the first that matches wins; `!` rules apply even where a file exists). */
export function netlifyRedirects(options: NetlifyOptions): string[] {
  const fn = functionBase(options.functionUrl);
  const negotiation = options.negotiation ?? 'function';
  const lines = [
    '# Searches and the search pages (and the /api/knowledge list and the /sealed index, which the function serves from their files): the function.',
  ];
  for (const path of FUNCTION_PATHS) lines.push(`${path}  ${fn}${path}  200!`);
  lines.push('# Extensionless API paths: the prebuilt JSON files (not forced, so the files themselves stay as they are).');
  for (const [path, file] of Object.entries(EXTENSIONLESS_API_FILES)) lines.push(`${path}  ${file}  200`);
  for (const collection of COLLECTIONS) lines.push(`/api/${collection}/:slug  /api/${collection}/:slug.json  200`);
  lines.push('/api/changes/:date  /api/changes/:date.json  200');
  if (negotiation === 'function') {
    lines.push('# Detail pages: Accept negotiation is the function’s (Netlify rules cannot read Accept); it serves the .md and .html there too.');
    // The index pages (/sets) negotiate too, and come first: a splat also matches the bare folder (`/sets/*` would send /sets to /sets/).
    // In html mode Netlify's pretty URLs serve their .html.
    for (const path of Object.keys(INDEX_PAGES)) lines.push(`${path}  ${fn}${path}  200!`);
    for (const collection of COLLECTIONS) lines.push(`/${collection}/*  ${fn}/${collection}/:splat  200!`);
  } else {
    lines.push('# Detail pages: HTML whatever the Accept header (agents use the .md files); unknown slugs find no file and get the 404 page.');
    for (const collection of COLLECTIONS) lines.push(`/${collection}/:slug  /${collection}/:slug.html  200`);
  }
  return lines;
}

export interface HeaderBlock {
  for: string;
  values: Record<string, string>;
}

/**
 * The `_headers` blocks: security headers everywhere, one wildcard block per
 * kind of file for what all files of that kind share, and one block per path
 * for what differs per path (Link naming the slug, x-markdown-tokens). No
 * header name is set by two blocks that match the same path, so the outcome
 * does not depend on how Netlify combines them.
 */
export function netlifyHeaderBlocks(manifest: FileManifest, options: Pick<NetlifyOptions, 'negotiation'> = {}): HeaderBlock[] {
  const blocks: HeaderBlock[] = [{ for: '/*', values: { ...SECURITY_HEADERS } }];
  const shared = new Map<string, { values: Record<string, string>; example: string }>();
  const perPath: HeaderBlock[] = [];
  for (const { path, headers } of staticPaths(manifest, options.negotiation ?? 'function')) {
    const pattern = wildcardOf(path);
    const own: Record<string, string> = {};
    const common: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (HOST_OWNED.has(name.toLowerCase()) || name in SECURITY_HEADERS) continue;
      if (pattern && !differsPerPath(name, value, path)) common[name] = value;
      else own[name] = value;
    }
    if (pattern) {
      const seen = shared.get(pattern);
      if (!seen) shared.set(pattern, { values: common, example: path });
      else if (JSON.stringify(seen.values) !== JSON.stringify(common)) {
        throw new Error(`netlify: ${path} and ${seen.example} share the rule ${pattern} but not its headers`);
      }
    }
    if (Object.keys(own).length > 0) perPath.push({ for: path, values: own });
  }
  for (const [pattern, { values }] of shared) if (Object.keys(values).length > 0) blocks.push({ for: pattern, values });
  return [...blocks, ...perPath];
}

/** A value that cannot be shared by every path of its kind: it names the path's slug, or is a per-file count. */
function differsPerPath(name: string, value: string, path: string): boolean {
  if (name.toLowerCase() === 'x-markdown-tokens') return true;
  const slug = /\/([a-z0-9-]+)(?:\.[a-z]+)?$/.exec(path)?.[1];
  return slug !== undefined && value.includes(`/${slug}`);
}

/**
 * The wildcard rule that covers a path with the others of its kind, or
 * undefined for a path that is its own kind. A `:placeholder` matches a whole
 * segment, so kinds are told apart by extension with `*` (`/cards/*.md`).
 */
function wildcardOf(path: string): string | undefined {
  const api = API_PATH.exec(path);
  // x and x.json: one kind. Not `/api/knowledge/*`, which would also match /api/knowledge.json.
  if (api) return `/api/${api[1]}/:slug`;
  const detail = DETAIL_PATH.exec(path);
  if (detail?.[2]) return `/${detail[1]}/*${detail[2]}`;
  if (detail) return undefined; // html mode's extensionless page: per path
  const asset = /^\/_astro\/.+(\.[a-z0-9]+)$/.exec(path);
  return asset ? `/_astro/*${asset[1]}` : undefined;
}

export function renderHeaders(blocks: HeaderBlock[]): string {
  const head = '# Generated by scripts/deploy-netlify.ts from the build manifest; do not edit.\n';
  return (
    head +
    blocks
      .map(
        (b) =>
          `${b.for}\n${Object.entries(b.values)
            .map(([n, v]) => `  ${n}: ${v}\n`)
            .join('')}`,
      )
      .join('')
  );
}

/** The deployable files: `_redirects` and `_headers`, to be copied into the publish directory (dist/client). */
export function netlifyFiles(manifest: FileManifest, options: NetlifyOptions): OutputFile[] {
  const redirects = ['# Generated by scripts/deploy-netlify.ts; do not edit.', ...netlifyRedirects(options)];
  return [
    { path: '_redirects', text: `${redirects.join('\n')}\n` },
    { path: '_headers', text: renderHeaders(netlifyHeaderBlocks(manifest, options)) },
  ];
}
