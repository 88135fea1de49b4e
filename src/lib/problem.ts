/**
 * The one catalogue of error bodies (RFC 9457 problem details). Handlers never
 * build error JSON by hand: they pick a problem here and send it with
 * `Content-Type: application/problem+json`. `type` is `about:blank` (the status
 * says it all) so no error links to a page that does not exist.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The query parameter at fault (400). */
  parameter?: string;
  /** What the parameter accepts (400): a list of values or a description. */
  allowed?: string[] | string;
  /** The media types the resource has (406). */
  available?: string[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const problem = (status: number, title: string, detail: string, extra: Partial<Problem> = {}): Problem => ({
  type: 'about:blank', title, status, detail, ...extra,
});

/** @example badParameter('limit', 'limit must be an integer ≥ 0, got "ten"', 'an integer ≥ 0').status // 400 */
export function badParameter(parameter: string, detail: string, allowed: string[] | string): Problem {
  return problem(400, 'Bad Request', detail, { parameter, allowed });
}

export function notFound(path: string): Problem {
  return problem(404, 'Not Found', `Nothing is served at ${path}.`);
}

export function methodNotAllowed(method: string): Problem {
  return problem(405, 'Method Not Allowed', `${method} is not allowed; this API is read-only (GET, HEAD).`);
}

export function notAcceptable(available: string[]): Problem {
  return problem(406, 'Not Acceptable', `This resource is available as ${available.join(', ')}; the Accept header allows none of them.`, { available });
}

export function badRequest(detail: string): Problem {
  return problem(400, 'Bad Request', detail);
}
