import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { IMAGE_ORIGIN } from '../lib/image-host.ts';
import { alternatesOf, type Collection, linkHeader, pageUrl } from '../lib/links.ts';

/** Content types by file extension; Markdown and JSON carry their charset, as the contract says. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
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

/** HTML pages: our own files, card images from the image host, never framed, no referrer path to other sites. */
export const HTML_SECURITY_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'self'",
    `img-src 'self' ${IMAGE_ORIGIN}`,
    `style-src 'self' 'unsafe-hashes' ${TABLE_ALIGN_STYLES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Cross-origin reads: anyone may read the API and the Markdown, and a browser
 * app may see the headers that matter for caching, paging through limits and
 * token budgets.
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, x-markdown-tokens',
};

/** The answer to a CORS preflight: what a browser app may send (conditional requests, Web Bot Auth signatures). */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Headers': 'Accept, If-None-Match, Signature, Signature-Input, Signature-Agent',
  'Access-Control-Max-Age': '86400',
};

/** Headers of every /api/* response, errors included: anyone may read, and here is the contract. */
export const API_HEADERS = { ...CORS_HEADERS, Link: SERVICE_DESC_LINK };

/** The Link header of every representation of a detail page. */
export function detailLinks(collection: Collection, slug: string): string {
  return linkHeader(alternatesOf(collection, slug));
}

/** The `.md` files link back to their page as canonical, besides their siblings. */
export function markdownFileLinks(collection: Collection, slug: string): string {
  return `${linkHeader([{ href: pageUrl(collection, slug), rel: 'canonical' }])}, ${detailLinks(collection, slug)}`;
}

/** Build files other than hashed assets may change with the next build: cache briefly. */
export function cacheControlOf(file: string): string {
  return file.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}
