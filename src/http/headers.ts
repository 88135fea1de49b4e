import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { servedImageOriginsOf } from '../schemas/image-host.ts';
import { DATE_PATTERN, SLUG_PATTERN } from '../schemas/patterns.ts';
import { settings } from '../schemas/settings.ts';
import type { FileInfo } from './file-manifest.ts';
import { alternatesOf, type Collection, changesUrl, INDEXED_COLLECTIONS, jsonUrl, linkHeader, MARKDOWN_TWINS, markdownUrl, pageUrl } from './links.ts';
import type { Representation } from './negotiate.ts';
import { allowedMethodsOf, MCP_PATH } from './routes.ts';

/** Content types by file extension; Markdown and JSON carry their charset, as the contract says. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // The open-data files (/api/bulk/, docs/data.md): NDJSON, its gzip twin (served as is, never as a Content-Encoding), CSV.
  '.ndjson': 'application/x-ndjson',
  '.gz': 'application/gzip',
  '.csv': 'text/csv; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

export const SERVICE_DESC_LINK = '</openapi.json>; rel="service-desc"; type="application/openapi+json"';

/** Every response: a browser must never guess a type other than the one we send (a JSON body sniffed as HTML). */
export const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

/**
 * The only inline styles the pages have: the column alignment that GFM tables
 * in articles render as `style` attributes. Allowing exactly these by hash
 * keeps every other inline style (an injection's favourite) blocked.
 */
const TABLE_ALIGN_STYLES = ['left', 'center', 'right'].map((a) => `'sha256-${createHash('sha256').update(`text-align: ${a}`).digest('base64')}'`);

/**
 * The Content-Security-Policy of pages whose card images are on `imageHost` (null: their upstream hosts).
 * @example htmlContentSecurityPolicyOf(null) // "default-src 'self'; img-src 'self' https://images.pokemontcg.io …"
 */
export function htmlContentSecurityPolicyOf(imageHost: string | null): string {
  return [
    "default-src 'self'",
    `img-src 'self' ${servedImageOriginsOf(imageHost).join(' ')}`,
    `style-src 'self' 'unsafe-hashes' ${TABLE_ALIGN_STYLES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy last written, and its image host: every HTML answer reads it, and the setting rarely changes. */
let lastPolicy: { imageHost: string | null; policy: string } | undefined;

/**
 * HTML pages: our own files, card images from the image host, never framed, no referrer path to other sites. The
 * policy is read when the headers are (a spread or Object.assign reads it), for the image host of the settings in
 * force (src/schemas/settings.ts).
 */
export const HTML_SECURITY_HEADERS = {
  get 'Content-Security-Policy'(): string {
    const { imageHost } = settings();
    if (lastPolicy?.imageHost !== imageHost) lastPolicy = { imageHost, policy: htmlContentSecurityPolicyOf(imageHost) };
    return lastPolicy.policy;
  },
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Cross-origin reads: anyone may read the API and the Markdown, and a browser
 * app may see the headers that matter for caching, paging through limits and
 * token budgets.
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Request-Cost, x-markdown-tokens',
};

/** The answer to a CORS preflight: what a browser app may send (conditional requests, Web Bot Auth signatures). */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Headers': 'Accept, If-None-Match, Signature, Signature-Input, Signature-Agent',
  'Access-Control-Max-Age': '86400',
};

/**
 * The preflight of a path: its methods (routes.ts), and on a path that takes a POST the body's Content-Type
 * (a list as text or CSV); on /mcp also the headers an MCP client sends (its protocol version).
 */
export function preflightHeadersOf(pathname: string): Record<string, string> {
  const methods = allowedMethodsOf(pathname).replace(/, OPTIONS$/, '');
  if (!methods.includes('POST')) return PREFLIGHT_HEADERS;
  const mcp = pathname === MCP_PATH ? ', Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID' : '';
  return {
    ...PREFLIGHT_HEADERS,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': `${PREFLIGHT_HEADERS['Access-Control-Allow-Headers']}, Content-Type${mcp}`,
  };
}

/** Headers of every /api/* response, errors included: anyone may read, and here is the contract. */
export const API_HEADERS = { ...CORS_HEADERS, Link: SERVICE_DESC_LINK };

/** The Link header of every representation of a detail page (without a slug: of the collection's index page). */
export function detailLinks(collection: Collection, slug?: string): string {
  return linkHeader(alternatesOf(collection, slug));
}

/** The `.md` files link back to their page as canonical, besides their siblings. */
export function markdownFileLinks(collection: Collection, slug?: string): string {
  return `${linkHeader([{ href: pageUrl(collection, slug), rel: 'canonical' }])}, ${detailLinks(collection, slug)}`;
}

/** Hashed assets never change under their name; every other build file may change with the next build, so it is cached briefly. */
export const CACHE_CONTROL = { immutablePrefix: '/_astro/', immutable: 'public, max-age=31536000, immutable', other: 'public, max-age=300' };

export function cacheControlOf(file: string): string {
  return file.startsWith(CACHE_CONTROL.immutablePrefix) ? CACHE_CONTROL.immutable : CACHE_CONTROL.other;
}

/**
 * The headers of a build file themselves, wherever it is served from (the
 * function, nginx, a CDN): type, strong ETag, caching, token count, and the
 * HTML pages' security policy. A 304 carries the same minus Content-Type.
 */
export function fileHeaders(file: string, info: FileInfo): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': contentTypeOf(file), ETag: info.etag, 'Cache-Control': cacheControlOf(file) };
  if (info.tokens !== undefined) headers['x-markdown-tokens'] = String(info.tokens);
  if (extname(file) === '.html') Object.assign(headers, HTML_SECURITY_HEADERS);
  return headers;
}

/** A Markdown file that is the twin of an API file (the change feed's, MARKDOWN_TWINS) links its JSON and the site index. */
export function twinMarkdownLinks(json: string): string {
  return linkHeader([
    { href: json, rel: 'alternate', type: 'application/json' },
    { href: '/llms.txt', rel: 'describedby' },
  ]);
}

/** The change feed's Markdown files (`/changes.md`, `/changes/{date}.md`) link their JSON twin and the site index. */
export const changesMarkdownLinks = (asOf?: string): string => twinMarkdownLinks(changesUrl(asOf));

const CHANGES_MARKDOWN_FILE = new RegExp(`^/changes(?:/(${DATE_PATTERN}))?\\.md$`);

const MARKDOWN_FILE = new RegExp(`^/(cards|sealed|knowledge|sets)/(${SLUG_PATTERN})\\.md$`);
/** The Markdown files of the index pages (`/sets.md`). */
const INDEX_MARKDOWN_FILES = new Map(INDEXED_COLLECTIONS.map((c) => [markdownUrl(c), c]));

/**
 * What a file adds when it is asked for by its own path: the API's CORS and
 * service-desc link under /api/, CORS and the canonical and sibling links on a
 * detail page's Markdown file, CORS and the JSON twin's link on the change feed's and the other twins' (MARKDOWN_TWINS).
 */
export function directFileHeaders(file: string): Record<string, string> {
  if (file.startsWith('/api/')) return { ...API_HEADERS };
  const markdown = MARKDOWN_FILE.exec(file);
  if (markdown) return { Link: markdownFileLinks(markdown[1] as Collection, markdown[2]), ...CORS_HEADERS };
  const index = INDEX_MARKDOWN_FILES.get(file);
  if (index) return { Link: markdownFileLinks(index), ...CORS_HEADERS };
  const changes = CHANGES_MARKDOWN_FILE.exec(file);
  if (changes) return { Link: changesMarkdownLinks(changes[1]), ...CORS_HEADERS };
  if (Object.hasOwn(MARKDOWN_TWINS, file)) return { Link: twinMarkdownLinks(MARKDOWN_TWINS[file]), ...CORS_HEADERS };
  return {};
}

/** What a detail page adds to the file of the representation it negotiated. */
export function negotiatedHeaders(collection: Collection, slug: string | undefined, representation: Representation): Record<string, string> {
  return { Vary: 'Accept', Link: detailLinks(collection, slug), ...(representation === 'html' ? {} : CORS_HEADERS) };
}

/** The build file that holds each representation of a detail page (or, without a slug, of the collection's index page). */
export function representationFile(collection: Collection, slug: string | undefined, representation: Representation): string {
  if (representation === 'html') return `${pageUrl(collection, slug)}.html`;
  if (representation === 'markdown') return markdownUrl(collection, slug);
  return `${jsonUrl(collection, slug)}.json`;
}
