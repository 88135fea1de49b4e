import type { APIRoute } from 'astro';
import { parseSealedSearch } from '../../lib/search-params.ts';
import { jsonResponse, problemResponse } from '../../lib/http-response.ts';

/** `GET /api/sealed`: search sealed products (the function; answered per request). */
export const prerender = false;

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseSealedSearch(url.searchParams, locals.searchers.kinds);
  if (!parsed.ok) return problemResponse(parsed.problem);
  const { limit, offset } = parsed.params;
  const { total, results } = locals.searchers.sealed.search(parsed.params);
  return jsonResponse(request, { total, count: results.length, offset, limit, results });
};
