import type { IncomingMessage } from 'node:http';
import type { HttpRequest, RequestBody } from '../http/exchange.ts';
import { BODY_LIMITS } from '../http/limits.ts';

/**
 * A node:http request as the function reads every runtime's (src/http/exchange.ts): its method, target and
 * headers, the socket's address and encryption, and its body as chunks, with what node:http alone must do for a
 * body refused before its end.
 */

/**
 * How much of a body past the limit is still read and dropped once the 413 is sent: what a proxy in front may
 * already have in flight. nginx takes no more than the limit itself (client_max_body_size, src/deploy/nginx.ts);
 * a proxy that streams could be a buffer or two ahead. Past this nothing more is read: the sender's writes stall
 * (TCP's window), and it has LINGER_MS to read the answer before the connection is cut. Cut at once, a sender
 * still writing would get a reset, which may take the unread 413 with it.
 */
const { drainBytes: DRAIN_BYTES, lingerMs: LINGER_MS } = BODY_LIMITS;

export function httpRequestOf(req: IncomingMessage): HttpRequest {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    missingHost: req.headers.host === undefined && req.httpVersion === '1.1',
    repeatedHost: hostFields(req.rawHeaders) > 1,
    clientAddress: req.socket.remoteAddress,
    encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
    body: bodyOf(req),
  };
}

/** How many Host fields a request carries: node:http keeps the first in `headers` and drops the rest. */
function hostFields(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') count++;
  return count;
}

/**
 * The body's chunks, read on demand (a GET's is empty). Abandoned (refused before its end), bytes past the limit
 * are still read and dropped, up to DRAIN_BYTES more: a sender still writing when the connection
 * closed would take the reset for a dead function (a proxy answers 502) and could lose the 413 itself. Past that
 * reading stops, and the connection is cut LINGER_MS later: nobody honest sends that much after being refused.
 */
function bodyOf(req: IncomingMessage): RequestBody {
  return {
    // Not destroyed when the reader stops early: abandon() drains what still arrives.
    chunks: { [Symbol.asyncIterator]: () => req.iterator({ destroyOnReturn: false }) },
    abandon() {
      if (req.destroyed) return;
      if (!req.complete) closeInStages(req);
      let dropped = 0;
      req.on('data', (chunk: Buffer) => {
        dropped += chunk.byteLength;
        if (dropped > DRAIN_BYTES && !req.isPaused()) {
          req.pause();
          setTimeout(() => req.destroy(), LINGER_MS).unref();
        }
      });
      // An error once nobody reads (the sender cut the upload) is nobody's to answer.
      req.on('error', () => {});
    },
  };
}

/**
 * A connection whose answer goes out while its body is still arriving is closed in stages, as RFC 9112 §9.6 asks:
 * node:http closes a `Connection: close` exchange the moment its answer is written (socket.destroySoon), and a
 * reset reaching a client that is still sending may take the unread answer with it. So the write side closes
 * first, what still arrives is read (and dropped), and the socket goes LINGER_MS later.
 */
function closeInStages(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage['socket'] & { destroySoon?: () => void };
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
