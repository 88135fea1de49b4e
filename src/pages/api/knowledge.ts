import type { APIRoute } from 'astro';
import { parseKnowledgeSearch } from '../../lib/search-params.ts';
import { jsonResponse, problemResponse } from '../../lib/http-response.ts';
import { detailToListItem } from '../../lib/knowledge-record.ts';

/**
 * `GET /api/knowledge?q=&tag=`: filtered articles. Without parameters the front
 * server answers from the prebuilt api/knowledge.json and never calls this.
 */
export const prerender = false;

export const GET: APIRoute = ({ url, request, locals }) => {
  const parsed = parseKnowledgeSearch(url.searchParams);
  if (!parsed.ok) return problemResponse(parsed.problem);
  return jsonResponse(request, locals.searchers.knowledge.search(parsed.params).map(detailToListItem));
};
