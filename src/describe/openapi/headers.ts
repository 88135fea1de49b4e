import { COLLECTION_LIMITS, countText, LIST_LINES_PER_POINT, listCost, RATE_LIMIT_DEFAULT } from '../../http/limits.ts';
import { servedImageOriginsOf } from '../../schemas/image-host.ts';
import { settings } from '../../schemas/settings.ts';
import { ref } from './schema-components.ts';

/**
 * The response headers of the contract, each described once as a reusable
 * `components.headers` entry. Keys are the header names, except the three Link
 * headers, whose values differ by kind of resource (see `header`).
 */
const str = { type: 'string' };

export const HEADERS = {
  ETag: {
    description: 'Strong validator of the exact bytes of this representation; send it back in If-None-Match to get a 304.',
    required: true,
    schema: { ...str, pattern: '^"[^"]+"$' },
    example: '"RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o"',
  },
  'Cache-Control': {
    description: 'Prebuilt files may change with the next build and are cached for 300 s, search results for 60 s; errors are `no-store`.',
    required: true,
    schema: str,
    example: 'public, max-age=300',
  },
  'X-Content-Type-Options': { description: 'Sent on every response.', required: true, schema: { ...str, const: 'nosniff' } },
  'Access-Control-Allow-Origin': {
    description:
      'Anyone may read this from a browser: sent on /api/*, on the Markdown files, on the Markdown and JSON representations of detail pages, and on /mcp.',
    schema: { ...str, const: '*' },
  },
  'Access-Control-Expose-Headers': {
    description: 'The response headers a cross-origin script may read; sent with Access-Control-Allow-Origin.',
    schema: str,
    example: 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Request-Cost, x-markdown-tokens',
  },
  'RateLimit-Policy': {
    description:
      'The quota of the client (draft-ietf-httpapi-ratelimit-headers-11): `q` requests per window of `w` seconds. ' +
      'Sent on what the function answers (searches, filtered knowledge, negotiated detail pages, tool calls and resource reads on /mcp), ' +
      'except when limiting is off (RATE_LIMIT=off) and to verified agents, which are not counted.',
    schema: { ...str, pattern: '^"default";q=\\d+;w=\\d+$' },
    example: `"default";q=${RATE_LIMIT_DEFAULT.quota};w=${RATE_LIMIT_DEFAULT.windowSeconds}`,
  },
  RateLimit: {
    description:
      'What is left of the quota (draft-ietf-httpapi-ratelimit-headers-11): `r` requests remain, ' +
      'and the quota is whole again in `t` seconds. Sent alongside RateLimit-Policy.',
    schema: { ...str, pattern: '^"default";r=\\d+;t=\\d+$' },
    example: `"default";r=${RATE_LIMIT_DEFAULT.quota - 1};t=${RATE_LIMIT_DEFAULT.windowSeconds}`,
  },
  'Retry-After': { description: 'Seconds until a request would be accepted again.', required: true, schema: { type: 'integer', minimum: 0 }, example: 12 },
  Vary: {
    description: 'The representation depends on the Accept header; sent on every response of a negotiated URL.',
    required: true,
    schema: { ...str, const: 'Accept' },
  },
  'Request-Cost': {
    description:
      `The rate-limit points this request took, sent by /api/collection and /mcp. A list to value costs one point per ${LIST_LINES_PER_POINT} lines or part of them ` +
      `(a ${countText(COLLECTION_LIMITS.lines)}-line list, ${listCost(COLLECTION_LIMITS.lines)} of the default ${RATE_LIMIT_DEFAULT.quota}), charged once the list is read and before it is valued. On /mcp each tool call and resource read in the body ` +
      "costs one (value_collection: as a list), all of a batch's charged together before any is answered; a body of the protocol's own messages alone costs " +
      "nothing and carries no Request-Cost. A refused request costs nothing: on a 429 this is what it would have cost, and RateLimit's `r` what is left. " +
      'Every other request costs one.',
    schema: { type: 'integer', minimum: 1 },
    example: 3,
  },
  'Content-Disposition': { description: 'A CSV answer names its file, for a spreadsheet to save.', schema: str, example: 'inline; filename="collection.csv"' },
  'x-markdown-tokens': {
    description: 'Token count of exactly the Markdown body (js-tiktoken, o200k_base, counted at build time); sent with Markdown only.',
    schema: { type: 'integer', minimum: 0 },
    example: 412,
  },
  'Link-ServiceDesc': {
    description: 'Points every /api/* response at this description.',
    schema: { ...str, const: '</openapi.json>; rel="service-desc"; type="application/openapi+json"' },
  },
  'Link-Alternates': {
    description: 'The other representations of a detail page and the site index.',
    required: true,
    schema: str,
    example:
      '</cards/charizard-base1-4.md>; rel="alternate"; type="text/markdown", </api/cards/charizard-base1-4>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"',
  },
  'Link-Canonical': {
    description: 'The page a Markdown file is the twin of, then the same alternates as the page.',
    required: true,
    schema: str,
    example:
      '</cards/charizard-base1-4>; rel="canonical", </cards/charizard-base1-4.md>; rel="alternate"; type="text/markdown", </api/cards/charizard-base1-4>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"',
  },
  'Link-Twin': {
    description: 'The JSON twin of a Markdown file (the change feed’s, the catalogues’, the movers’), and the site index.',
    required: true,
    schema: str,
    example: '</api/changes/2025-10-20>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"',
  },
  Allow: {
    description:
      'The methods this path answers: read-only paths GET, HEAD and OPTIONS; /api/collection and /collection also POST; /mcp POST and OPTIONS alone.',
    required: true,
    schema: { ...str, enum: ['GET, HEAD, OPTIONS', 'GET, HEAD, POST, OPTIONS', 'POST, OPTIONS'] },
  },
  'Access-Control-Allow-Methods': {
    description: 'GET and HEAD (read-only); with POST on /api/collection and /collection; POST alone on /mcp.',
    required: true,
    schema: { ...str, enum: ['GET, HEAD', 'GET, HEAD, POST', 'POST'] },
  },
  'Access-Control-Allow-Headers': {
    description:
      'Request headers a cross-origin script may send: Accept, If-None-Match and the Web Bot Auth headers; ' +
      'Content-Type too where a path takes a POST, and on /mcp the MCP client headers (Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID).',
    required: true,
    schema: str,
    example: 'Accept, If-None-Match, Signature, Signature-Input, Signature-Agent',
  },
  'Access-Control-Max-Age': {
    description: 'Seconds a browser may cache this preflight.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
    example: 86400,
  },
  'Content-Security-Policy': {
    description: "HTML only: at least `default-src 'self'`, the card image hosts allowed for images, `frame-ancestors 'none'`.",
    schema: str,
    // The image origins of the settings in force when the document is written (src/schemas/settings.ts).
    get example(): string {
      return `default-src 'self'; img-src 'self' ${servedImageOriginsOf(settings().imageHost).join(' ')}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
    },
  },
  'Referrer-Policy': { description: 'HTML only.', schema: str, example: 'strict-origin-when-cross-origin' },
};

export type HeaderKey = keyof typeof HEADERS;
/** A header by its component key, or with a note on what it means on one response. */
export type HeaderRef = HeaderKey | [HeaderKey, string];

/** The header each component stands for, where the component key is not the header name. */
const NAME_OF: Partial<Record<HeaderKey, string>> = { 'Link-ServiceDesc': 'Link', 'Link-Alternates': 'Link', 'Link-Canonical': 'Link' };

/**
 * A response's `headers` map of component refs; a `[key, description]` pair
 * says what the header means on that response (OpenAPI 3.1 lets a reference
 * override the description).
 * @example headersOf('ETag', ['Cache-Control', 'Always no-store.']) // { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: …, description: 'Always no-store.' } }
 */
export function headersOf(...keys: HeaderRef[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.map((entry) => {
      const [key, description] = Array.isArray(entry) ? entry : [entry];
      return [NAME_OF[key] ?? key, description ? { ...ref('headers', key), description } : ref('headers', key)];
    }),
  );
}

/** The headers of every response the rate limiter has counted. */
export const RATE_LIMITED: HeaderKey[] = ['RateLimit-Policy', 'RateLimit'];

/** The headers that open a response to cross-origin reads. */
export const CORS: HeaderKey[] = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

/** Both CORS headers with one note on where they are sent. @example corsOn('Markdown and JSON only.') */
export const corsOn = (where: string): [HeaderKey, string][] => CORS.map((key) => [key, where]);
