import { bytesText, COLLECTION_LIMITS, countText, MCP_JSON_VALUES_MAX, POST_BODY_MAX_BYTES } from '../../http/limits.ts';
import { CORS, corsOn, type HeaderKey, type HeaderRef, headersOf, RATE_LIMITED } from './headers.ts';
import { ref } from './schema-components.ts';

/**
 * The responses many operations share (`components.responses`): the RFC 9457
 * problems of the error catalogue (src/http/problem.ts) and the CORS preflight.
 */
const NO_STORE: [HeaderKey, string] = ['Cache-Control', 'Always `no-store`.'];
const ON_API: [HeaderKey, string][] = [...corsOn('On /api/* paths.'), ['Link-ServiceDesc', 'On /api/* paths.']];

const problem = (description: string, schema: string, ...headers: HeaderRef[]) => ({
  description,
  headers: headersOf(NO_STORE, 'X-Content-Type-Options', ...headers),
  content: { 'application/problem+json': { schema: ref('schemas', schema) } },
});

export const RESPONSES = {
  BadRequest: problem(
    'A query parameter does not fit (not an integer, an unknown band, kind or tag, q too long, given twice): ' +
      'the body names it in `parameter` and says what is accepted in `allowed`.',
    'Problem',
    ...CORS,
    'Link-ServiceDesc',
    ...RATE_LIMITED,
  ),
  NotFound: problem('Nothing is served at this path (no record has this slug).', 'Problem', ...ON_API),
  PageNotFound: problem('No record has this slug.', 'Problem', 'Vary', ...RATE_LIMITED),
  MethodNotAllowed: problem(
    'The answer to a method this path does not take (Allow lists those it does): the service is read-only, so GET, HEAD and OPTIONS, ' +
      'with POST on /api/collection and /collection, and on /mcp POST and OPTIONS alone. ' +
      'Listed on each operation because OpenAPI has no place for the methods a path does not have.',
    'Problem',
    'Allow',
    ...ON_API,
  ),
  Forbidden: problem(
    'Refused however often it is sent: a function listening on a loopback address with no proxy in front (TRUST_PROXY=0) answers /mcp ' +
      'only when Host, and Origin when sent, are loopback (localhost, 127.0.0.1, [::1]), against DNS rebinding.',
    'Problem',
    ...CORS,
    'Link-ServiceDesc',
  ),
  ContentTooLarge: problem(
    `A POST body past ${bytesText(POST_BODY_MAX_BYTES)} (answered as soon as it passes), a list (or one request’s lists together) of more than ${countText(COLLECTION_LIMITS.lines)} lines, or an MCP request of more than ${countText(MCP_JSON_VALUES_MAX)} JSON values: \`limit\` names the limit. Send it in parts.`,
    'Problem',
    ...CORS,
    'Link-ServiceDesc',
  ),
  UriTooLong: problem(
    `A GET list past ${bytesText(COLLECTION_LIMITS.getListBytes)} as sent (\`limit\` names it): POST a longer list.`,
    'Problem',
    ...CORS,
    'Link-ServiceDesc',
  ),
  UnsupportedMediaType: problem('A POST body that is neither text/plain nor text/csv: `allowed` lists what is taken.', 'Problem', ...CORS, 'Link-ServiceDesc'),
  NotAcceptable: problem(
    'The Accept header allows none of the three representations; `available` lists them.',
    'NotAcceptableProblem',
    'Vary',
    'Link-Alternates',
    ...RATE_LIMITED,
  ),
  TooManyRequests: problem(
    'Over the rate limit. Verified agents (Web Bot Auth) never get this.',
    'QuotaExceededProblem',
    'Retry-After',
    ...RATE_LIMITED,
    ...CORS,
    ['Link-ServiceDesc', 'On /api/* paths.'],
    ['Vary', 'On detail pages.'],
  ),
  ServiceUnavailable: problem(
    'Deployed behind a static host: the function is down (the host answers for it; every prebuilt file is still served), ' +
      'or the function cannot read a prebuilt file of this build from the host (STATIC_ORIGIN); for a list to value, the list worker ' +
      'has as many lines as it takes at once, or could not value the list in the time or memory one list may use, or the function ' +
      'holds as many arriving bodies as it takes. Retry-After says when to try again; a refused list is not counted.',
    'Problem',
    'Retry-After',
    ...ON_API,
    ['Vary', 'On detail pages.'],
  ),
  Preflight: {
    description: 'CORS preflight: any origin may use the methods of this path (GET and HEAD; POST where a path takes one) with these request headers.',
    headers: headersOf(
      'Access-Control-Allow-Origin',
      'Access-Control-Allow-Methods',
      'Access-Control-Allow-Headers',
      'Access-Control-Max-Age',
      'X-Content-Type-Options',
    ),
  },
};

export type ResponseKey = keyof typeof RESPONSES;

/** @example responsesOf({ '404': 'NotFound' }) // { '404': { $ref: '#/components/responses/NotFound' } } */
export const responsesOf = (byStatus: Record<string, ResponseKey>) =>
  Object.fromEntries(Object.entries(byStatus).map(([status, key]) => [status, ref('responses', key)]));
