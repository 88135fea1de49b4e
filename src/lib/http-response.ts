import { createHash } from 'node:crypto';
import { PROBLEM_CONTENT_TYPE, type Problem } from './problem.ts';

/**
 * Responses of the function's endpoints: JSON with a strong ETag (and 304 for a
 * matching If-None-Match), or a problem. The headers every API response shares
 * (CORS, the service-desc link) are added by the front server for all of /api/*.
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(request: Request, body: unknown, cacheControl = 'public, max-age=60'): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
  const headers = { ETag: etag, 'Cache-Control': cacheControl };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { ...headers, 'Content-Type': JSON_CONTENT_TYPE } });
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
