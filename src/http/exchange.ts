import type { Problem } from '../schemas/api-types.ts';

/**
 * The request and answer every runtime's adapter speaks with the request
 * policy (serve.ts) and the endpoints: plain data, so that one policy serves
 * node:http and the fetch API alike.
 */

/** A request as the policy reads it; a runtime's own request type may carry more (its socket, its fetch Request). */
export interface HttpRequest {
  method: string;
  /** The request target as sent: a path and query, or an absolute URL (as proxies send). */
  target: string;
  /** A request header by its lower-case name (repeated fields joined with ", "). */
  header(name: string): string | undefined;
  /** An HTTP/1.1 request without Host, which RFC 9112 §3.2 has the server refuse. */
  missingHost?: boolean;
  /** A request with more than one Host field, which RFC 9112 §3.2 has the server refuse too (a runtime that merges fields cannot tell). */
  repeatedHost?: boolean;
}

/**
 * An answer: status, headers and body. The body is bytes, or a runtime's own stream (`Body`); null for a 304,
 * a 204 and a HEAD of a file. A runtime sends no body for HEAD, whatever this holds.
 */
export interface HttpResponse<Body = never> {
  status: number;
  headers: Record<string, string>;
  body: Body | Uint8Array<ArrayBuffer> | null;
}

/** What a gate decided: go on with `headers` added (RateLimit …), or the problem to answer (a 429). */
export type GateDecision = { go: true; headers: Record<string, string> } | { go: false; headers: Record<string, string>; problem: Problem };
