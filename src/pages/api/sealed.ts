import type { APIRoute } from 'astro';
import { createCachedJson, problemResponse } from '../../lib/http-response.ts';
import { parseSealedSearch, SEARCH_CACHE_ENTRIES } from '../../lib/search-params.ts';

/** `GET /api/sealed`: search sealed products (the function; answered per request). */
export const prerender = false;

const respond = createCachedJson(SEARCH_CACHE_ENTRIES);

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseSealedSearch(url.searchParams, locals.searchers.kinds);
  if (!parsed.ok) return problemResponse(parsed.problem);
  return respond(request, JSON.stringify(parsed.params), () => {
    const { limit, offset } = parsed.params;
    const { total, results } = locals.searchers.sealed.search(parsed.params);
    return { total, count: results.length, offset, limit, results };
  });
};
