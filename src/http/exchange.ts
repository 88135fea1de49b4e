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
  /**
   * The address of the peer as the runtime saw it: node:http's socket, or what a platform reports as the client
   * (Cloudflare's CF-Connecting-IP, Netlify's context.ip). Forwarded headers are the gate's to weigh (client.ts).
   */
  clientAddress?: string;
  /** Whether the connection the runtime received was encrypted (TLS), when no trusted proxy says otherwise. */
  encrypted?: boolean;
  /** The body as it arrives (a POST's); absent when there is none. */
  body?: RequestBody;
}

/**
 * A request's body as a runtime hands it over: its bytes as they arrive (a fetch Request's stream, node:http's
 * chunks), read by the function with its limits (src/server/request-body.ts).
 */
export interface RequestBody {
  /** The bytes in order; the iteration throws when the upload is cut before its end. */
  chunks: AsyncIterable<Uint8Array>;
  /**
   * Said once when the function stops reading before the end (the body was refused): a runtime that owns the
   * connection closes it so that the refusal still reaches a sender that is still sending (node:http); a
   * platform's runtime drops the rest itself.
   */
  abandon?(): void;
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
