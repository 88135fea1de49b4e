/**
 * Every cost and limit a client meets, written once: what each kind of request costs against the rate limit, the
 * limits of a list to value and of a request body, of an MCP request, and of a search's query. The code that
 * enforces them, /openapi.json, /llms.txt, the MCP tool descriptions and the HTML forms read them from here, and
 * tests/unit/limits.test.ts holds the docs (docs/limits.md's tables, and what mcp.md, api.md and search.md
 * say) to them. Pure: the function, the Worker and the build all read it.
 */

/** A count as the docs and descriptions write it. @example countText(5000) // '5,000' */
export const countText = (n: number): string => n.toLocaleString('en-US');

/** Bytes in the largest whole unit. @example bytesText(6 * 1024) // '6 KB' */
export function bytesText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${countText(bytes)} bytes`;
}

/**
 * The rate-limit points of each kind of request the function answers (docs/limits.md, "What each request costs").
 * A prebuilt file, a refused request and a verified agent's request cost nothing; a list costs by its lines
 * (listCost), and no request costs more than the whole quota.
 */
export const REQUEST_COST = {
  /** A search (`/api/cards`, `/api/sealed`, `/api/cards/autocomplete`, `/api/knowledge` with q or tag), or a search page (`/search`, `/sealed`). */
  search: 1,
  /** A negotiated detail page the function answers (`/cards/{slug}` …). */
  page: 1,
  /**
   * A price feed (`/feeds/cards/{slug}.json` …): like a search. Feed readers poll, so its answer is one a shared
   * cache may keep (answer.ts FEED_CACHE_CONTROL): a CDN in front answers the polling and the function is counted once.
   */
  feed: 1,
  /** An MCP tools/call, but a list's (value_collection), which costs as a list. */
  toolCall: 1,
  /** An MCP resources/read. */
  resourceRead: 1,
  /** Any other MCP message: initialize, the lists, ping, a notification. */
  protocolMessage: 0,
} as const;

/** A list costs one rate-limit point per this many lines (or part of them), like one search each. */
export const LIST_LINES_PER_POINT = 50;

/**
 * The rate-limit points a list of `lines` costs: one per LIST_LINES_PER_POINT lines or part of them, at least one.
 * @example listCost(120) // 3
 */
export const listCost = (lines: number): number => Math.max(1, Math.ceil(lines / LIST_LINES_PER_POINT));

/** The rate limit when RATE_LIMIT is not set: a client may make `quota` requests in `windowSeconds`. */
export const RATE_LIMIT_DEFAULT = { quota: 120, windowSeconds: 60 } as const;

/** The largest request head accepted: Node's default, stated (the request target, header names and values); nginx in front allows a line as long. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The most a POST body may hold (a list to value, an MCP message): the function reads no more, nginx in front takes no more. */
export const POST_BODY_MAX_BYTES = 1024 * 1024;

/**
 * How a body is read (src/server/request-body.ts). Past the limit, up to `drainBytes` more are read and dropped
 * (what a proxy in front may already have in flight), and the connection is cut `lingerMs` later. `heldBytes` is
 * the most body bytes held at once across every request still arriving (thirty-two of the largest): past it the
 * next body is refused at once (503, Retry-After: `retryAfterSeconds`).
 */
export const BODY_LIMITS = {
  drainBytes: 1024 * 1024,
  lingerMs: 2000,
  heldBytes: 32 * POST_BODY_MAX_BYTES,
  retryAfterSeconds: 1,
} as const;

/**
 * The limits of a list to value, wherever it comes from (`/api/collection`, the `/collection` page, the MCP
 * `value_collection` tool).
 */
export const COLLECTION_LIMITS = {
  /**
   * A GET list, in bytes as sent (percent-encoded): with the rest of the request line it stays well inside
   * what nginx (large_client_header_buffers 16 KB in src/deploy/nginx.ts) and Node (16 KB of headers) accept.
   */
  getListBytes: 6 * 1024,
  /** A POST body: read up to this many bytes, never more. */
  postBytes: POST_BODY_MAX_BYTES,
  /** Lines that name something (blank and comment lines are free), in one list and in one request however many lists it holds. */
  lines: 5000,
  /** A line's text is cut to this many characters (CSV: its fields joined by spaces). */
  lineChars: 200,
  /** A quantity on a line counts at most this many; the entry says what was written. */
  quantity: 9999,
} as const;

/** The most messages one MCP batch may hold (the SDK would take 100): every one is answered, and counted, in turn. */
export const MCP_BATCH_MAX = 20;

/**
 * The most JSON values one MCP request may hold. A megabyte of `[{},{},…]` parses into a third of a million
 * objects, where every message this server takes holds a few dozen values (a batch of the
 * most messages, a few hundred): the count bounds what a body can cost the heap, whatever its shape.
 */
export const MCP_JSON_VALUES_MAX = 10_000;

/** Results a search page holds when `limit` is not given. */
export const SEARCH_LIMIT_DEFAULT = 50;
/** The most results one search page holds: a larger `limit` is clamped to it. */
export const SEARCH_LIMIT_MAX = 200;
/** The longest `q` a search (and autocomplete, and the search forms) takes, in characters. */
export const QUERY_MAX_LENGTH = 200;
/** The most ids one look-up (`ids`, `tcgplayer`) may name. */
export const LOOKUP_MAX_IDS = 100;

/**
 * The windows of a record's change a search sorts and filters by, in days: CHANGE_WINDOW_DAYS of
 * src/catalogue/price-change.ts, which http may not import (tests/unit/limits.test.ts holds them equal).
 */
export const CHANGE_SORT_DAYS = [7, 30, 90, 365] as const;

/**
 * The orders a catalogue search can give: by relevance to q, by value either way, by name, and by the change over a
 * window (its percentage), the largest rise first (`-desc`) or the largest fall (`-asc`); items whose change over
 * the window is not known come last either way.
 */
export const SORTS = [
  'relevance',
  'value-desc',
  'value-asc',
  'name',
  'change7d-desc',
  'change7d-asc',
  'change30d-desc',
  'change30d-asc',
  'change90d-desc',
  'change90d-asc',
  'change365d-desc',
  'change365d-asc',
] as const;
export type SearchSort = (typeof SORTS)[number];

/**
 * The window and direction of a change sort; undefined for another sort.
 * @example changeSortOf('change30d-asc') // { days: 30, direction: 'asc' }
 */
export function changeSortOf(sort: SearchSort): { days: (typeof CHANGE_SORT_DAYS)[number]; direction: 'desc' | 'asc' } | undefined {
  const match = /^change(\d+)d-(desc|asc)$/.exec(sort);
  return match ? { days: Number(match[1]) as (typeof CHANGE_SORT_DAYS)[number], direction: match[2] as 'desc' | 'asc' } : undefined;
}
