import { etagMatches, etagOf } from './etag.ts';
import type { HttpResponse } from './exchange.ts';

/**
 * Answers of the function's endpoints: JSON or HTML with a strong ETag (and
 * 304 for a matching If-None-Match), remembered by the parameters that made
 * them. An answer is plain data (status, headers, bytes) that the request
 * policy (serve.ts) passes to the runtime as it is; the headers every API
 * response shares (CORS, the service-desc link, the client's RateLimit) are
 * added by the function's routes (src/server/function-routes.ts).
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An endpoint's answer: its body is bytes (null for a 304). */
export type Answer = HttpResponse;

interface CachedBody {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * A search answer carries the asking client's RateLimit headers, and a shared
 * cache that stored it would show them to others and answer past the limiter:
 * only the client's own cache may keep it, briefly.
 */
const CACHE_CONTROL = 'private, max-age=60';

/**
 * A price feed changes only with a build (the daily import), as a file does, and readers poll it: it is sent
 * without the client's RateLimit headers (but on its 429) so that a shared cache may keep it as long as a file.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

function cachedBody(body: string | Uint8Array<ArrayBuffer>): CachedBody {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return { bytes, etag: etagOf(bytes) };
}

function answer(ifNoneMatch: string | null | undefined, { bytes, etag }: CachedBody, contentType: string, cacheControl = CACHE_CONTROL): Answer {
  const headers = { ETag: etag, 'Cache-Control': cacheControl };
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  return { status: 200, headers: { ...headers, 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) }, body: bytes };
}

/**
 * An answer made once and not remembered (a valued list: its key would be the whole list), text or bytes, with the same ETag,
 * 304 and caching as the remembered ones.
 * @example answerOnce(req.headers['if-none-match'], json, JSON_CONTENT_TYPE).headers.ETag
 */
export function answerOnce(
  ifNoneMatch: string | null | undefined,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  cacheControl = CACHE_CONTROL,
): Answer {
  return answer(ifNoneMatch, cachedBody(body), contentType, cacheControl);
}

/**
 * A responder that remembers the most recent answers by key. A build's data
 * never changes while it is served, so the answer to the same (validated)
 * parameters is the same bytes: popular searches ("charizard") are answered
 * without searching, serialising or hashing again. Least recently used go first.
 * `produce` gives the body as text, of `contentType`.
 *
 * @example const page = createCachedAnswers(64, 'text/html; charset=utf-8'); page(req.headers['if-none-match'], 'q=mew', () => render('mew'))
 */
export function createCachedAnswers(maxEntries: number, contentType: string, cacheControl = CACHE_CONTROL) {
  const cache = new Map<string, CachedBody>();
  return (ifNoneMatch: string | null | undefined, key: string, produce: () => string): Answer => {
    let body = cache.get(key);
    if (body) cache.delete(key);
    else {
      body = cachedBody(produce());
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, body);
    return answer(ifNoneMatch, body, contentType, cacheControl);
  };
}

/**
 * JSON answers remembered by key (createCachedAnswers), `produce` giving the value to serialise.
 * @example const cards = createCachedJson(256); cards(req.headers['if-none-match'], 'q=mew', () => search('mew'))
 */
export function createCachedJson(maxEntries: number) {
  const respond = createCachedAnswers(maxEntries, JSON_CONTENT_TYPE);
  return (ifNoneMatch: string | null | undefined, key: string, produce: () => unknown): Answer => respond(ifNoneMatch, key, () => JSON.stringify(produce()));
}
