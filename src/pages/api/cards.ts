import type { APIRoute } from 'astro';
import { parseCardSearch } from '../../lib/search-params.ts';
import { jsonResponse, problemResponse } from '../../lib/http-response.ts';

/** `GET /api/cards`: search cards (the function; answered per request). */
export const prerender = false;

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseCardSearch(url.searchParams);
  if (!parsed.ok) return problemResponse(parsed.problem);
  const { limit, offset } = parsed.params;
  const { total, results } = locals.searchers.cards.search(parsed.params);
  return jsonResponse(request, { total, count: results.length, offset, limit, results });
};
