import { overLimit, POST_BODY_MAX_BYTES, type Problem } from '../http/problem.ts';

/**
 * The limits of a list to value, wherever it comes from (`/api/collection`, the `/collection` page, the MCP
 * `value_collection` tool), and what it costs against the rate limit. docs/limits.md gives the figures they bound.
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
  /** A list costs one rate-limit point per this many lines (or part of it), like one search each. */
  linesPerPoint: 50,
} as const;

/** The rate-limit points a list of `lines` costs: one per 50 lines or part of them, at least one. */
export const collectionCost = (lines: number): number => Math.max(1, Math.ceil(lines / COLLECTION_LIMITS.linesPerPoint));

/** The problem of a list (or of a request's lists together) over the line limit, if it is. */
export function tooManyLines(lines: number, what = 'A list'): Problem | undefined {
  if (lines <= COLLECTION_LIMITS.lines) return undefined;
  const detail = `${what} may have at most ${COLLECTION_LIMITS.lines.toLocaleString('en-US')} lines; this one has ${lines.toLocaleString('en-US')}. Send it in parts.`;
  return overLimit(413, detail, `lines ≤ ${COLLECTION_LIMITS.lines.toLocaleString('en-US')}`);
}
