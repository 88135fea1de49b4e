import { CORS, corsOn, type HeaderRef, headersOf, RATE_LIMITED } from './headers.ts';
import { type ParameterKey, parametersOf, SIGNED } from './parameters.ts';
import { responsesOf } from './responses.ts';
import { ref } from './schema-components.ts';

/**
 * The kinds of path the service has, each as a Path Item with GET, HEAD (the
 * same answer without a body) and, on /api/* and the detail pages, the OPTIONS
 * preflight. operationIds are `get…`, `head…` and `preflight…` of one base name.
 */
type Json = Record<string, unknown>;

export interface Described {
  /** operationId without its verb, e.g. `CardSearch` → getCardSearch, headCardSearch. */
  base: string;
  tag: string;
  summary: string;
  description: string;
}

const HEAD_NOTE = 'HEAD answers as GET does, with the same status and headers, and sends no body.';
const NOT_MODIFIED = 'If-None-Match matched the current ETag: no body, the headers GET would send.';
const STRING = { type: 'string' };

/** `slug` is a parameter of the path item, so that the preflight, which takes no other, has it too. */
function pathItem(op: Described, slug: ParameterKey | undefined, parameters: unknown[], responses: Json, preflight: boolean): Json {
  const common = { tags: [op.tag], parameters, responses };
  return {
    ...(slug && { parameters: parametersOf(slug) }),
    get: { operationId: `get${op.base}`, summary: op.summary, description: op.description, ...common },
    head: { operationId: `head${op.base}`, summary: `${op.summary} (headers only)`, description: `${HEAD_NOTE} ${op.description}`, ...common },
    ...(preflight && {
      options: {
        operationId: `preflight${op.base}`,
        tags: [op.tag],
        summary: `${op.summary}, CORS preflight`,
        description: 'What a browser asks before a cross-origin GET that sends If-None-Match or the Web Bot Auth headers. Not rate limited.',
        responses: { '204': ref('responses', 'Preflight'), ...responsesOf({ ...(slug && { '404': 'NotFound' }), '405': 'MethodNotAllowed' }) },
      },
    }),
  };
}

/** A 200 and its 304 twin, which carries the same headers and no body. */
function okAndNotModified(description: string, content: Json, headers: HeaderRef[]): Json {
  return {
    '200': { description, headers: headersOf(...headers), content },
    '304': { description: NOT_MODIFIED, headers: headersOf(...headers) },
  };
}

export interface ApiPath extends Described {
  /** The component of the 200 body. */
  schema: string;
  query?: Json[];
  slug?: ParameterKey;
  /** Whether the function answers (and the rate limiter counts): always, or only when q or tag is given. Unset: a prebuilt file. */
  limited?: 'always' | 'when-filtered';
}

/**
 * An /api/* path: JSON, readable from any origin, linked to this description.
 * @example apiPath({ base: 'ContentSummary', tag: 'Site', summary: 'Content summary', description: '…', schema: 'ContentSummary' })
 */
export function apiPath(op: ApiPath): Json {
  const ok = op.limited === 'when-filtered' ? `${op.summary}. The RateLimit headers come only with q or tag, when the function answers.` : op.summary;
  const responses = {
    ...okAndNotModified(ok, { 'application/json': { schema: ref('schemas', op.schema) } }, [
      'ETag',
      'Cache-Control',
      ...CORS,
      'Link-ServiceDesc',
      'X-Content-Type-Options',
      ...(op.limited ? RATE_LIMITED : []),
    ]),
    ...responsesOf({
      ...(op.query && { '400': 'BadRequest' }),
      ...(op.slug && { '404': 'NotFound' }),
      '405': 'MethodNotAllowed',
      ...(op.limited && { '429': 'TooManyRequests', '503': 'ServiceUnavailable' }),
    }),
  };
  const parameters = [...(op.query ?? []), ...parametersOf('If-None-Match', ...(op.limited ? SIGNED : []))];
  return pathItem(op, op.slug, parameters, responses, true);
}

/**
 * A prebuilt /api/* file that is not JSON (the bulk files): readable from any
 * origin and linked to this description, like the other /api/* files.
 * @example apiFilePath({ base: 'BulkCardsCsv', tag: 'Bulk data', summary: 'Cards as CSV', description: '…', mediaType: 'text/csv', schema: { type: 'string' } })
 */
export function apiFilePath(op: Described & { mediaType: string; schema: Json }): Json {
  const responses = {
    ...okAndNotModified(op.summary, { [op.mediaType]: { schema: op.schema } }, [
      'ETag',
      'Cache-Control',
      ...CORS,
      'Link-ServiceDesc',
      'X-Content-Type-Options',
    ]),
    ...responsesOf({ '405': 'MethodNotAllowed' }),
  };
  return pathItem(op, undefined, parametersOf('If-None-Match'), responses, true);
}

export interface RecordPath extends Described {
  /** The path parameter naming the record; none on a collection's index page (`/sets`), which always exists. */
  slug?: ParameterKey;
  /** The component of the record's JSON (the same body as its /api/… detail). */
  schema: string;
}

/**
 * A negotiated detail page: HTML, Markdown or JSON by Accept, answered (and rate limited) by the function.
 * @example pagePath({ base: 'CardPage', tag: 'Cards', summary: 'Card page', description: '…', slug: 'CardSlug', schema: 'CardDetail' })
 */
export function pagePath(op: RecordPath): Json {
  const content = {
    'text/html': { schema: { ...STRING, description: 'The page for people.' } },
    'text/markdown': { schema: { ...STRING, description: 'Markdown built from the same record (charset utf-8).' } },
    'application/json': { schema: ref('schemas', op.schema) },
  };
  const responses = {
    ...okAndNotModified(`${op.summary}, in the representation Accept prefers.`, content, [
      'Vary',
      'Link-Alternates',
      'ETag',
      'Cache-Control',
      'X-Content-Type-Options',
      'x-markdown-tokens',
      ...corsOn('Markdown and JSON only.'),
      'Content-Security-Policy',
      'Referrer-Policy',
      ...RATE_LIMITED,
    ]),
    ...responsesOf({
      ...(op.slug && { '404': 'PageNotFound' }),
      '405': 'MethodNotAllowed',
      '406': 'NotAcceptable',
      '429': 'TooManyRequests',
      '503': 'ServiceUnavailable',
    }),
  };
  return pathItem(op, op.slug, parametersOf('If-None-Match', ...SIGNED), responses, true);
}

/**
 * A `.md` file: the Markdown of a detail page as a prebuilt file, not rate limited.
 * @example markdownPath({ base: 'CardMarkdown', tag: 'Cards', summary: 'Card as Markdown', description: '…', slug: 'CardSlug' })
 */
export function markdownPath(op: Described & { slug?: ParameterKey }): Json {
  const responses = {
    ...okAndNotModified(op.summary, { 'text/markdown': { schema: { ...STRING, description: 'Charset utf-8.' } } }, [
      ['x-markdown-tokens', 'Token count of exactly this file (js-tiktoken, o200k_base).'],
      'ETag',
      'Link-Canonical',
      ...CORS,
      'Cache-Control',
      'X-Content-Type-Options',
    ]),
    ...responsesOf({ ...(op.slug && { '404': 'NotFound' }), '405': 'MethodNotAllowed' }),
  };
  return pathItem(op, op.slug, parametersOf('If-None-Match'), responses, false);
}

/**
 * A Markdown file of the change feed (`/changes.md`, `/changes/{date}.md`): a prebuilt file linking its JSON twin, not rate limited.
 * @example changesMarkdownPath({ base: 'ChangeListMarkdown', tag: 'Changes', summary: 'Every import as Markdown', description: '…' })
 */
export function changesMarkdownPath(op: Described & { date?: ParameterKey }): Json {
  const responses = {
    ...okAndNotModified(op.summary, { 'text/markdown': { schema: { ...STRING, description: 'Charset utf-8.' } } }, [
      ['x-markdown-tokens', 'Token count of exactly this file (js-tiktoken, o200k_base).'],
      'ETag',
      'Link-Twin',
      ...CORS,
      'Cache-Control',
      'X-Content-Type-Options',
    ]),
    ...responsesOf({ ...(op.date && { '404': 'NotFound' }), '405': 'MethodNotAllowed' }),
  };
  return pathItem(op, op.date, parametersOf('If-None-Match'), responses, false);
}

/**
 * A prebuilt file of the site outside /api/*.
 * @example filePath({ base: 'LlmsTxt', tag: 'Site', summary: 'Site index for agents', description: '…', mediaType: 'text/plain', schema: { type: 'string' } })
 */
export function filePath(op: Described & { mediaType: string; schema: Json }): Json {
  const responses = {
    ...okAndNotModified(op.summary, { [op.mediaType]: { schema: op.schema } }, ['ETag', 'Cache-Control', 'X-Content-Type-Options']),
    ...responsesOf({ '405': 'MethodNotAllowed' }),
  };
  return pathItem(op, undefined, parametersOf('If-None-Match'), responses, false);
}

/**
 * /api/collection: a list valued line by line, from a GET (`list`) or a POST (text/plain or text/csv), as JSON,
 * Markdown or CSV (Accept, or `format`).
 */
export function collectionPath(op: Described & { query: Json[] }): Json {
  const content = {
    'application/json': { schema: ref('schemas', 'Collection') },
    'text/markdown': { schema: { ...STRING, description: 'The total, a table of the lines and the lines to check (charset utf-8).' } },
    'text/csv': { schema: { ...STRING, description: 'One row per line, then a total row (RFC 4180, CRLF, charset utf-8).' } },
  };
  const headers: HeaderRef[] = [
    'Vary',
    'Cache-Control',
    ...CORS,
    'Link-ServiceDesc',
    'X-Content-Type-Options',
    'x-markdown-tokens',
    'Content-Disposition',
    'Request-Cost',
    ...RATE_LIMITED,
  ];
  const problems = responsesOf({
    '400': 'BadRequest',
    '405': 'MethodNotAllowed',
    '406': 'NotAcceptable',
    '413': 'ContentTooLarge',
    '414': 'UriTooLong',
    '415': 'UnsupportedMediaType',
    '429': 'TooManyRequests',
    '503': 'ServiceUnavailable',
  });
  const item = pathItem(
    op,
    undefined,
    [...op.query, ...parametersOf('If-None-Match', ...SIGNED)],
    { ...okAndNotModified(op.summary, content, ['ETag', ...headers]), ...problems },
    true,
  );
  const { list: _, ...postQuery } = Object.fromEntries(op.query.map((p) => [String(p.name), p]));
  return {
    ...item,
    post: {
      operationId: `post${op.base}`,
      tags: [op.tag],
      summary: `${op.summary} (a long list, or a CSV file)`,
      description: `${op.description} The body is the list: one item per line as text/plain, or text/csv with a header row (quantity, name, set, number, printing, grade, TCGplayer product id columns, by their usual names). At most 1 MB and 5,000 lines. Never cached.`,
      parameters: [...Object.values(postQuery), ...parametersOf(...SIGNED)],
      requestBody: {
        required: true,
        content: {
          'text/plain': { schema: { ...STRING, example: '2x charizard 4/102\nmoonbreon psa 10\nevolving skies booster box' } },
          'text/csv': { schema: STRING },
        },
      },
      responses: { '200': { description: op.summary, headers: headersOf(...headers), content }, ...problems },
    },
  };
}
