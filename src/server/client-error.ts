import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from '../http/headers.ts';
import { ALLOWED_METHODS, badRequest, methodNotAllowed, PROBLEM_CONTENT_TYPE, type Problem, requestHeadersTooLarge, requestTimeout } from '../http/problem.ts';

/**
 * Answers what Node's HTTP parser rejects before any route runs (an unknown
 * method, a malformed request line or header, headers over the size limit, a
 * request too slow to arrive), and CONNECT, which it hands to no route. Node's own answer is an empty 400; clients get
 * the same problem JSON as everywhere else, and the connection closes, since
 * the parser can no longer tell where the next request would begin.
 */
type ParserError = Error & { code?: string };

function problemOf(error: ParserError): Problem {
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
  endWithProblem(socket, problemOf(error));
}

/**
 * CONNECT never reaches a request handler (Node hands the raw socket to a
 * 'connect' listener, or drops it): it is a method like any other we do not allow.
 * @example server.on('connect', answerConnect)
 */
export function answerConnect(_req: unknown, socket: Duplex): void {
  if (socket.writable) endWithProblem(socket, methodNotAllowed('CONNECT'));
  else socket.destroy();
}

/** Writes a whole problem answer onto a raw socket and closes it. */
function endWithProblem(socket: Duplex, problem: Problem): void {
  const body = JSON.stringify(problem);
  const headers: Record<string, string | number> = {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
    Connection: 'close',
  };
  if (problem.status === 405) headers.Allow = ALLOWED_METHODS;
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${problem.status} ${problem.title}\r\n${head}\r\n${body}`);
}
