import { extname } from 'node:path';
import { alternatesOf, linkHeader, pageUrl, type Collection } from '../lib/links.ts';

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

/** Headers of every /api/* response, errors included: anyone may read, and here is the contract. */
export const API_HEADERS = { 'Access-Control-Allow-Origin': '*', Link: SERVICE_DESC_LINK };

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
