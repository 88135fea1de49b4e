import type { APIRoute } from 'astro';
import { createCachedJson, problemResponse } from '../../lib/http-response.ts';
import { parseCardSearch, SEARCH_CACHE_ENTRIES } from '../../lib/search-params.ts';

/** `GET /api/cards`: search cards (the function; answered per request). */
export const prerender = false;

const respond = createCachedJson(SEARCH_CACHE_ENTRIES);

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseCardSearch(url.searchParams);
  if (!parsed.ok) return problemResponse(parsed.problem);
  return respond(request, JSON.stringify(parsed.params), () => {
    const { limit, offset } = parsed.params;
    const { total, results } = locals.searchers.cards.search(parsed.params);
    return { total, count: results.length, offset, limit, results };
  });
};
