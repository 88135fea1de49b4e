import type { APIRoute } from 'astro';
import { responseOf } from '../../http/answer.ts';
import { answerSearch } from '../../server/search-endpoints.ts';

/**
 * `GET /api/sealed`: search sealed products (the function; answered per request).
 * The front server answers this path itself with the same code
 * (src/server/search-endpoints.ts); this route gives Astro's handler the same
 * answer, given `locals.searchers`.
 */
export const prerender = false;

export const GET: APIRoute = ({ url, request, locals }) =>
  responseOf(answerSearch(locals.searchers, 'sealed', url.searchParams, request.headers.get('if-none-match')));
