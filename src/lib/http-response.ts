import { createHash } from 'node:crypto';
import { PROBLEM_CONTENT_TYPE, type Problem } from './problem.ts';

/**
 * Responses of the function's endpoints: JSON with a strong ETag (and 304 for a
 * matching If-None-Match), or a problem. The headers every API response shares
 * (CORS, the service-desc link) are added by the front server for all of /api/*.
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

interface JsonBody {
  text: string;
  etag: string;
}

/**
 * A search answer carries the asking client's RateLimit headers, and a shared
 * cache that stored it would show them to others and answer past the limiter:
 * only the client's own cache may keep it, briefly.
 */
const CACHE_CONTROL = 'private, max-age=60';

function serialise(body: unknown): JsonBody {
  const text = JSON.stringify(body);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url')}"` };
}

function respond(request: Request, { text, etag }: JsonBody): Response {
  const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { ...headers, 'Content-Type': JSON_CONTENT_TYPE } });
}

/**
 * A JSON responder that remembers the most recent answers by key. A build's data
 * never changes while it is served, so the answer to the same (validated)
 * parameters is the same bytes: popular searches ("charizard") are answered
 * without searching, serialising or hashing again. Least recently used go first.
 *
 * @example const cards = createCachedJson(256); cards(request, 'q=mew', () => search('mew'))
 */
export function createCachedJson(maxEntries: number) {
  const cache = new Map<string, JsonBody>();
  return (request: Request, key: string, produce: () => unknown): Response => {
    let body = cache.get(key);
    if (body) cache.delete(key);
    else {
      body = serialise(produce());
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, body);
    return respond(request, body);
  };
}

export function problemResponse(problem: Problem): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store' },
  });
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored,
 * `*` matches any current representation.
 * @example etagMatches('W/"a", "b"', '"b"') // true
 */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
