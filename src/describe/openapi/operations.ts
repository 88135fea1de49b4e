import { bytesText, COLLECTION_LIMITS, countText, MCP_BATCH_MAX, MCP_JSON_VALUES_MAX, POST_BODY_MAX_BYTES } from '../../http/limits.ts';
import { MCP_BATCHING_VERSION } from '../mcp/protocol.ts';
import { CORS, corsOn, type HeaderRef, headersOf, RATE_LIMITED } from './headers.ts';
import { type ParameterKey, parametersOf, SIGNED } from './parameters.ts';
import { type ResponseKey, responsesOf } from './responses.ts';
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

/** The parameter of a path template: a reusable one, or one of its own (the catalogue names, an enum). */
export type PathParameter = ParameterKey | Json;

/** `slug` is a parameter of the path item, so that the preflight, which takes no other, has it too. */
function pathItem(op: Described, slug: PathParameter | undefined, parameters: unknown[], responses: Json, preflight: boolean): Json {
  const common = { tags: [op.tag], parameters, responses };
  return {
    ...(slug && { parameters: typeof slug === 'string' ? parametersOf(slug) : [slug] }),
    get: { operationId: `get${op.base}`, summary: op.summary, description: op.description, ...common },
    head: { operationId: `head${op.base}`, summary: `${op.summary} (headers only)`, description: `${HEAD_NOTE} ${op.description}`, ...common },
    ...(preflight && {
      options: preflightOf(
        op,
        'What a browser asks before a cross-origin GET that sends If-None-Match or the Web Bot Auth headers. Not rate limited.',
        responsesOf({ ...(slug && { '404': 'NotFound' }), '405': 'MethodNotAllowed' }),
      ),
    }),
  };
}

/** The OPTIONS operation of a path: the CORS preflight. */
function preflightOf(op: Described, description: string, problems: Json = {}): Json {
  return {
    operationId: `preflight${op.base}`,
    tags: [op.tag],
    summary: `${op.summary}, CORS preflight`,
    description,
    responses: { '204': ref('responses', 'Preflight'), ...problems },
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
  slug?: PathParameter;
  /** Whether the function answers (and the rate limiter counts): always, or only when q or tag is given. Unset: a prebuilt file. */
  limited?: 'always' | 'when-filtered';
}

/** The headers of every /api/* answer that is a file or kept like one: validators, caching, CORS, the description link. */
const API_FILE_HEADERS: HeaderRef[] = ['ETag', 'Cache-Control', ...CORS, 'Link-ServiceDesc', 'X-Content-Type-Options'];

/**
 * An /api/* path: JSON, readable from any origin, linked to this description.
 * @example apiPath({ base: 'ContentSummary', tag: 'Site', summary: 'Content summary', description: '…', schema: 'ContentSummary' })
 */
export function apiPath(op: ApiPath): Json {
  const ok = op.limited === 'when-filtered' ? `${op.summary}. The RateLimit headers come only with q or tag, when the function answers.` : op.summary;
  const responses = {
    ...okAndNotModified(ok, { 'application/json': { schema: ref('schemas', op.schema) } }, [...API_FILE_HEADERS, ...(op.limited ? RATE_LIMITED : [])]),
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
    ...okAndNotModified(op.summary, { [op.mediaType]: { schema: op.schema } }, API_FILE_HEADERS),
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

export interface MarkdownPath extends Described {
  /** What the file's Link header points at: the page it is the Markdown of (canonical), or the API file it is the twin of. */
  twinOf: 'page' | 'json';
  /** The path parameter naming the file (a slug, a date, a catalogue's name); none for a file that always exists. */
  parameter?: PathParameter;
}

/**
 * A `.md` file, prebuilt and not rate limited: the Markdown of a page (`/cards/{slug}.md`, `/sets.md`), linking
 * the page as canonical, or the Markdown twin of an API file (the change feed's `/changes/{date}.md`,
 * `/catalog/{name}.md`, `/movers.md`), linking its JSON.
 * @example markdownPath({ base: 'CardMarkdown', tag: 'Cards', summary: 'Card as Markdown', description: '…', twinOf: 'page', parameter: 'CardSlug' })
 */
export function markdownPath(op: MarkdownPath): Json {
  const responses = {
    ...okAndNotModified(op.summary, { 'text/markdown': { schema: { ...STRING, description: 'Charset utf-8.' } } }, [
      ['x-markdown-tokens', 'Token count of exactly this file (js-tiktoken, o200k_base).'],
      'ETag',
      op.twinOf === 'page' ? 'Link-Canonical' : 'Link-Twin',
      ...CORS,
      'Cache-Control',
      'X-Content-Type-Options',
    ]),
    ...responsesOf({ ...(op.parameter && { '404': 'NotFound' }), '405': 'MethodNotAllowed' }),
  };
  return pathItem(op, op.parameter, parametersOf('If-None-Match'), responses, false);
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
      description: `${op.description} The body is the list: one item per line as text/plain, or text/csv with a header row (quantity, name, set, number, printing, grade, TCGplayer product id columns, by their usual names). At most ${bytesText(COLLECTION_LIMITS.postBytes)} and ${countText(COLLECTION_LIMITS.lines)} lines. Never cached.`,
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

/** A JSON-RPC 2.0 error object, as the MCP SDK's transport sends it for what it refuses before the protocol runs. */
const JSONRPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

export interface McpPathOptions extends Described {
  /** The protocol versions the endpoint speaks, newest first (src/describe/mcp/protocol.ts). */
  versions: readonly string[];
  /** Examples of the answer to initialize and of a tool's answer to a bad argument, for the 200. */
  examples: Record<string, { summary: string; value: unknown }>;
}

/**
 * /mcp: the Model Context Protocol over Streamable HTTP, stateless. A JSON-RPC message in a POST, answered on
 * its own as JSON (no session, no event stream): no GET or DELETE (405), and the preflight lets a browser app
 * POST. Refusals before the protocol are problem JSON; what the SDK's transport refuses is a JSON-RPC error body.
 */
export function mcpPath(op: McpPathOptions): Json {
  /** Every answer of the endpoint's own: never cached, readable from any origin, linked to this description. */
  const plain: HeaderRef[] = [['Cache-Control', 'Always `no-store`.'], ...CORS, 'Link-ServiceDesc', 'X-Content-Type-Options'];
  const counted: HeaderRef[] = [
    ...plain,
    [
      'Request-Cost',
      'When the body holds a call of one of the tools or a resource read, what it cost (on a 429, would have cost); absent for the protocol’s own messages and those refused for their shape.',
    ],
    ...RATE_LIMITED.map(
      (key): HeaderRef => [
        key,
        'When the body holds a call of one of the tools or a resource read (what is counted), except to verified agents or with limiting off.',
      ],
    ),
  ];
  const jsonRpcError = (description: string) => ({
    description,
    headers: headersOf(...plain),
    content: { 'application/json': { schema: JSONRPC_ERROR } },
  });
  const problemRef = (key: ResponseKey, description: string) => ({ ...ref('responses', key), description });
  const parameters = [
    {
      name: 'Accept',
      in: 'header',
      required: true,
      description:
        'Must list both application/json and text/event-stream, as the Streamable HTTP transport asks of every client; the answer is always application/json (never a stream). ' +
        'Otherwise 406. (OpenAPI tools ignore an Accept parameter: it is described here for people.)',
      schema: STRING,
      example: 'application/json, text/event-stream',
    },
    {
      name: 'MCP-Protocol-Version',
      in: 'header',
      required: false,
      description:
        'The protocol version agreed at initialize, which clients send on every later request. Absent (as on initialize): accepted. One this server does not speak: 400 (problem JSON naming the header).',
      schema: { type: 'string', enum: [...op.versions] },
      example: op.versions[0],
    },
    ...parametersOf(...SIGNED),
  ];
  return {
    post: {
      operationId: `post${op.base}`,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      parameters,
      requestBody: {
        required: true,
        description: `One JSON-RPC 2.0 message (Content-Type application/json, at most ${bytesText(POST_BODY_MAX_BYTES)}).`,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description:
                'A JSON-RPC 2.0 request or notification of MCP: initialize, notifications/initialized, ping, tools/list, tools/call, ' +
                'resources/list, resources/templates/list, resources/read.',
              required: ['jsonrpc', 'method'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer'], description: 'Absent on a notification, which is answered 202.' },
                method: { type: 'string' },
                params: { type: 'object' },
              },
            },
            examples: {
              initialize: {
                summary: 'Start: the client says its protocol version and gets the server’s',
                value: {
                  jsonrpc: '2.0',
                  id: 1,
                  method: 'initialize',
                  params: { protocolVersion: op.versions[0], capabilities: {}, clientInfo: { name: 'example-client', version: '1.0.0' } },
                },
              },
              searchCards: {
                summary: 'Call a tool: search cards',
                value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'moonbreon', limit: 3 } } },
              },
              readResource: {
                summary: 'Read a resource: a card’s Markdown',
                value: { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'card-values:/cards/charizard-base1-4.md' } },
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'The JSON-RPC response. A tool’s result has `structuredContent` (the JSON of the HTTP API) and a text content (its Markdown twin, ' +
            'with its o200k token count in `_meta["x-markdown-tokens"]`); a bad argument is a result with `isError` and the problem’s detail, ' +
            'an unknown tool or resource a JSON-RPC `error`.',
          headers: headersOf(...counted),
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  {
                    type: 'object',
                    required: ['jsonrpc', 'id'],
                    properties: {
                      jsonrpc: { const: '2.0' },
                      id: { type: ['string', 'integer'] },
                      result: { type: 'object' },
                      error: JSONRPC_ERROR.properties.error,
                    },
                  },
                  {
                    description:
                      'A 2025-03-26 batch: the answers of its requests, an element that was no JSON-RPC message answered with error -32600 and a null id.',
                    type: 'array',
                    minItems: 1,
                    items: {
                      type: 'object',
                      required: ['jsonrpc', 'id'],
                      properties: {
                        jsonrpc: { const: '2.0' },
                        id: { type: ['string', 'integer', 'null'] },
                        result: { type: 'object' },
                        error: JSONRPC_ERROR.properties.error,
                      },
                    },
                  },
                ],
              },
              examples: op.examples,
            },
          },
        },
        '202': {
          description: 'The body held only notifications (such as notifications/initialized): accepted, no body.',
          headers: headersOf(...plain),
        },
        '400': {
          description:
            'MCP-Protocol-Version names a version this server does not speak (problem JSON naming the header in `parameter`, the versions in `allowed`); ' +
            'or the body is not JSON (JSON-RPC error -32700), not a JSON-RPC message, or a batch where the protocol version has none ' +
            `(2025-06-18 and later; a request without the header speaks ${MCP_BATCHING_VERSION}), empty, of more than ${MCP_BATCH_MAX} messages or holding initialize (-32600).`,
          headers: headersOf(...plain),
          content: { 'application/problem+json': { schema: ref('schemas', 'Problem') }, 'application/json': { schema: JSONRPC_ERROR } },
        },
        ...responsesOf({ '403': 'Forbidden', '405': 'MethodNotAllowed' }),
        '406': jsonRpcError(
          'Accept, read as media ranges, does not accept both application/json and text/event-stream: the transport’s JSON-RPC error (code -32000).',
        ),
        '413': problemRef(
          'ContentTooLarge',
          `A body past ${bytesText(POST_BODY_MAX_BYTES)}, lists of more than ${countText(COLLECTION_LIMITS.lines)} lines together, or more than ${countText(MCP_JSON_VALUES_MAX)} JSON values: \`limit\` names the limit.`,
        ),
        '415': problemRef('UnsupportedMediaType', 'A body that is not application/json: `allowed` says so.'),
        ...responsesOf({ '429': 'TooManyRequests', '503': 'ServiceUnavailable' }),
      },
    },
    options: preflightOf(
      op,
      'What a browser asks before a cross-origin POST of an MCP message (its Content-Type, MCP-Protocol-Version, the Web Bot Auth headers). Not rate limited.',
    ),
  };
}

export interface FeedPath extends Described {
  /** The card or set it follows; none for a list's feed, whose list is a query parameter. */
  slug?: ParameterKey;
  query: Json[];
  /** The feed's media type and the schema of its body. */
  mediaType: string;
  schema: Json;
}

/**
 * A price feed (`/feeds/…`): answered and counted by the function like a search, but kept by shared caches, so
 * its 200 and 304 carry no RateLimit headers (its 429 does).
 * @example feedPath({ base: 'CardFeedJson', tag: 'Feeds', summary: '…', description: '…', slug: 'CardSlug', query, mediaType: 'application/feed+json', schema })
 */
export function feedPath(op: FeedPath): Json {
  const responses = {
    ...okAndNotModified(op.summary, { [op.mediaType]: { schema: op.schema } }, API_FILE_HEADERS),
    ...responsesOf({
      '400': 'BadRequest',
      ...(op.slug ? { '404': 'NotFound' } : { '414': 'UriTooLong' }),
      '405': 'MethodNotAllowed',
      '429': 'TooManyRequests',
      '503': 'ServiceUnavailable',
    }),
  };
  return pathItem(op, op.slug, [...op.query, ...parametersOf('If-None-Match', ...SIGNED)], responses, true);
}
