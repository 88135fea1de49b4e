import type { APIRoute } from 'astro';
import { createCachedJson, problemResponse } from '../../lib/http-response.ts';
import { detailToListItem } from '../../lib/knowledge-record.ts';
import { parseKnowledgeSearch, SEARCH_CACHE_ENTRIES } from '../../lib/search-params.ts';

/**
 * `GET /api/knowledge?q=&tag=`: filtered articles. Without parameters the front
 * server answers from the prebuilt api/knowledge.json and never calls this.
 */
export const prerender = false;

const respond = createCachedJson(SEARCH_CACHE_ENTRIES);

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseKnowledgeSearch(url.searchParams);
  if (!parsed.ok) return problemResponse(parsed.problem);
  return respond(request, JSON.stringify(parsed.params), () => locals.searchers.knowledge.search(parsed.params).map(detailToListItem));
};
