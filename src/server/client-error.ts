import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from '../http/headers.ts';
import { MAX_HEADER_BYTES } from '../http/limits.ts';
import { ALLOWED_METHODS, badRequest, methodNotAllowed, PROBLEM_CONTENT_TYPE, type Problem, requestHeadersTooLarge, requestTimeout } from '../http/problem.ts';
import { allowedMethodsOf, requestUrlOf } from '../http/routes.ts';

/**
 * Answers what Node's HTTP parser rejects before any route runs (an unknown
 * method, a malformed request line or header, headers over the size limit, a
 * request too slow to arrive), and CONNECT, which it hands to no route. Node's own answer is an empty 400; clients get
 * the same problem JSON as everywhere else, and the connection closes, since
 * the parser can no longer tell where the next request would begin.
 */
type ParserError = Error & { code?: string; bytesParsed?: number; rawPacket?: Buffer };

/**
 * Where the next request on each connection begins, in bytes read from it: set as each request arrives, so
 * that a parse error can be placed within its own request (see `problemOf`). Exact for a client that waits
 * for each answer; a pipelining client's later requests count from the last one that arrived whole.
 */
const nextRequestStart = new WeakMap<Duplex, number>();

/** @example server.on('request', (req) => noteRequestArrived(req.socket)) */
export function noteRequestArrived(socket: Duplex & { bytesRead: number }): void {
  nextRequestStart.set(socket, socket.bytesRead);
}

/**
 * How far into its request the parser was when it failed. The parser checks the head's size only where a run of
 * bytes ends, and where that is depends on how the bytes arrived (one read or several): the same oversized
 * request with a bad byte beyond the limit could otherwise be a 400 one time and a 431 the next.
 */
function failurePosition(error: ParserError, socket: Duplex & { bytesRead?: number }): number {
  const chunk = error.rawPacket?.length ?? 0;
  return (socket.bytesRead ?? 0) - chunk + (error.bytesParsed ?? chunk) - (nextRequestStart.get(socket) ?? 0);
}

/** Errors only a body can have (chunked framing): their position says nothing about the head's size. */
const BODY_ERRORS = new Set(['HPE_INVALID_CHUNK_SIZE', 'HPE_CHUNK_EXTENSIONS_OVERFLOW', 'HPE_INVALID_EOF_STATE']);

function problemOf(error: ParserError, socket: Duplex): Problem {
  // A request is oversized before it is malformed when the bad byte lies beyond the limit: always a 431.
  const inHead = error.code?.startsWith('HPE_') && !BODY_ERRORS.has(error.code);
  if (inHead && failurePosition(error, socket) >= MAX_HEADER_BYTES) return requestHeadersTooLarge();
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return requestHeadersTooLarge();
    case 'HPE_INVALID_METHOD':
      return methodNotAllowed();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestTimeout();
    default:
      return badRequest('The request is not valid HTTP/1.1 (malformed request line, header or framing).');
  }
}

/** @example server.on('clientError', answerClientError) */
export function answerClientError(error: ParserError, socket: Duplex): void {
  // A response already under way (or a socket already gone) cannot take a second status line.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  endWithProblem(socket, problemOf(error, socket));
}

/**
 * CONNECT never reaches a request handler (Node hands the raw socket to a
 * 'connect' listener, or drops it): it is a method like any other we do not allow.
 * @example server.on('connect', answerConnect)
 */
export function answerConnect(req: { url?: string }, socket: Duplex): void {
  // The methods of the path it named, as any other method on that path is told (a list to value also takes a POST).
  const allowed = allowedMethodsOf(requestUrlOf(req.url ?? '')?.pathname ?? '');
  if (socket.writable) endWithProblem(socket, methodNotAllowed('CONNECT', allowed), allowed);
  else socket.destroy();
}

/** Writes a whole problem answer onto a raw socket and closes it. */
function endWithProblem(socket: Duplex, problem: Problem, allowed = ALLOWED_METHODS): void {
  const body = JSON.stringify(problem);
  const headers: Record<string, string | number> = {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
    Connection: 'close',
  };
  if (problem.status === 405) headers.Allow = allowed;
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${problem.status} ${problem.title}\r\n${head}\r\n${body}`);
}
