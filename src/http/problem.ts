import type { Problem } from '../schemas/api-types.ts';
import type { HttpResponse } from './exchange.ts';
import { bytesText, COLLECTION_LIMITS, countText, MAX_HEADER_BYTES, POST_BODY_MAX_BYTES } from './limits.ts';

export type { Problem };

/**
 * The one catalogue of error bodies (RFC 9457 problem details). Handlers never
 * build error JSON by hand: they pick a problem here and send it with
 * `Content-Type: application/problem+json`. `type` is `about:blank` (the status
 * says it all) so no error links to a page that does not exist.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * A problem as an answer: never cached, with its Content-Length (also on HEAD, which sends no body).
 * @example problemResponse(notFound('/x'), { Vary: 'Accept' }).status // 404
 */
export function problemResponse(problem: Problem, headers: Record<string, string> = {}): HttpResponse {
  const body = new TextEncoder().encode(JSON.stringify(problem));
  return {
    status: problem.status,
    headers: { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE, 'Content-Length': String(body.byteLength), 'Cache-Control': 'no-store' },
    body,
  };
}

const problem = (status: number, title: string, detail: string, extra: Partial<Problem> = {}): Problem => ({
  type: 'about:blank',
  title,
  status,
  detail,
  ...extra,
});

/** @example badParameter('limit', 'limit must be an integer ≥ 0, got "ten"', 'an integer ≥ 0').status // 400 */
export function badParameter(parameter: string, detail: string, allowed: string[] | string): Problem {
  return problem(400, 'Bad Request', detail, { parameter, allowed });
}

/**
 * A term of `q` that cannot be read (a field filter: src/search/field-filters.ts): the term as written, where
 * it starts in q (characters from 1), and what is allowed there.
 * @example queryTermProblem({ term: 'colour:red', position: 11, detail: 'unknown field …', allowed: ['set', …] }).status // 400
 */
export function queryTermProblem({ term, position, detail, allowed }: { term: string; position: number; detail: string; allowed: string[] | string }): Problem {
  return problem(400, 'Bad Request', `q, at character ${position}: ${detail}`, { parameter: 'q', allowed, term, position });
}

export function notFound(path: string): Problem {
  return problem(404, 'Not Found', `Nothing is served at ${path}.`);
}

/** The methods every path allows (OPTIONS answers CORS preflights). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** @example methodNotAllowed('POST').detail // "POST is not allowed; this API is read-only (GET, HEAD, OPTIONS)." */
export function methodNotAllowed(method?: string, allowed = ALLOWED_METHODS): Problem {
  // A HEAD is answered as its GET would be, headers and all (Content-Length too): where a path takes neither (/mcp), one detail names both.
  const what = method === 'GET' || method === 'HEAD' ? 'GET and HEAD are' : `${method ? method.slice(0, 40) : 'This request method'} is`;
  const why = allowed === ALLOWED_METHODS ? 'this API is read-only' : 'this path allows';
  return problem(405, 'Method Not Allowed', `${what} not allowed; ${why} (${allowed}).`);
}

/**
 * A request past one of the function's limits (a list too long, a body too large): 413, or 414 for a URL, with
 * `limit` naming the limit and what to do instead.
 * @example overLimit(413, 'A list may have at most 3 lines; this one has 4. Send it in parts.', 'lines ≤ 3').status // 413
 */
export function overLimit(status: 413 | 414, detail: string, limit: string): Problem {
  return problem(status, status === 413 ? 'Content Too Large' : 'URI Too Long', detail, { limit });
}

/** @example postBodyTooLarge().limit // "POST body ≤ 1 MB" */
export function postBodyTooLarge(): Problem {
  const detail = `A POST list may be at most ${bytesText(POST_BODY_MAX_BYTES)} (${countText(POST_BODY_MAX_BYTES)} bytes); send it in parts.`;
  return overLimit(413, detail, `POST body ≤ ${bytesText(POST_BODY_MAX_BYTES)}`);
}

/**
 * The problem of a list (or of a request's lists together) over the line limit, if it is.
 * @example tooManyLines(6000)?.limit // "lines ≤ 5,000"
 */
export function tooManyLines(lines: number, what = 'A list'): Problem | undefined {
  if (lines <= COLLECTION_LIMITS.lines) return undefined;
  const detail = `${what} may have at most ${countText(COLLECTION_LIMITS.lines)} lines; this one has ${countText(lines)}. Send it in parts.`;
  return overLimit(413, detail, `lines ≤ ${countText(COLLECTION_LIMITS.lines)}`);
}

/** @example unsupportedMediaType(['text/plain', 'text/csv']).status // 415 */
export function unsupportedMediaType(allowed: string[], got: string | undefined): Problem {
  const what = got ? `a ${got.split(';')[0].trim().slice(0, 60)} body` : 'a body without a Content-Type';
  return problem(415, 'Unsupported Media Type', `This endpoint takes ${allowed.join(' or ')}; it got ${what}.`, { allowed });
}

/** The registered problem type of the rate-limit headers draft: clients may recognise it without reading `title`. */
export const QUOTA_EXCEEDED_TYPE = 'https://iana.org/assignments/http-problem-types#quota-exceeded';

/** @example tooManyRequests('default', 2).status // 429 */
export function tooManyRequests(policy: string, retryAfterSeconds: number): Problem {
  const detail = `This client made more requests than the "${policy}" policy allows (see the RateLimit-Policy header); retry after ${retryAfterSeconds} s. Verified agents (Web Bot Auth) are not limited.`;
  return { ...problem(429, 'Too Many Requests', detail), type: QUOTA_EXCEEDED_TYPE, 'violated-policies': [policy] };
}

/** @example requestHeadersTooLarge().status // 431 */
export function requestHeadersTooLarge(): Problem {
  return problem(431, 'Request Header Fields Too Large', `The request headers are larger than this server accepts (${bytesText(MAX_HEADER_BYTES)} in all).`);
}

export function notAcceptable(available: string[]): Problem {
  return problem(406, 'Not Acceptable', `This resource is available as ${available.join(', ')}; the Accept header allows none of them.`, { available });
}

/**
 * The function cannot answer: a static host's answer for the function's paths
 * while the function is down, and the function's own when the static host it
 * reads the prebuilt files from (STATIC_ORIGIN) does not serve them.
 * @example functionUnavailable().status // 503
 */
export function functionUnavailable(
  detail = 'Searches are unavailable for a moment; every prebuilt file (detail pages, /llms.txt, /api/content) is still served.',
): Problem {
  return problem(503, 'Service Unavailable', detail);
}

export function requestTimeout(): Problem {
  return problem(408, 'Request Timeout', 'The request did not arrive in time.');
}

/** A request this server will not answer whoever asks again the same way (the MCP endpoint's DNS-rebinding rule). */
export function forbidden(detail: string): Problem {
  return problem(403, 'Forbidden', detail);
}

export function badRequest(detail: string): Problem {
  return problem(400, 'Bad Request', detail);
}

/** A fault of ours, never of the input: no details, which are logged instead. */
export function internalError(): Problem {
  return problem(500, 'Internal Server Error', 'The server failed to answer this request.');
}
