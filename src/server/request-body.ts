import type { IncomingMessage } from 'node:http';
import type { Answer } from '../http/answer.ts';
import { BODY_LIMITS } from '../http/limits.ts';
import { functionUnavailable, type Problem, postBodyTooLarge, problemResponse } from '../http/problem.ts';

/** The body of a POST (a list to value, an MCP message), read with a limit. */

/**
 * How much of a body past the limit is still read and dropped once the 413 is sent: what a proxy in front may
 * already have in flight. nginx takes no more than the limit itself (client_max_body_size, src/deploy/nginx.ts);
 * a proxy that streams could be a buffer or two ahead. Past this nothing more is read: the sender's writes stall
 * (TCP's window), and it has LINGER_MS to read the answer before the connection is cut. Cut at once, a sender
 * still writing would get a reset, which may take the unread 413 with it.
 */
const { drainBytes: DRAIN_BYTES, lingerMs: LINGER_MS } = BODY_LIMITS;

/**
 * The most body bytes held at once, across every request still arriving: thirty-two of the largest. A slow
 * sender holds its bytes until its body ends, and a thousand of them would otherwise hold a gigabyte; past this
 * the next body is refused at once (503), and nothing it sent is kept.
 */
const BODIES_HELD_MAX = BODY_LIMITS.heldBytes;

let held = 0;

/** What reading a body came to: its bytes, or the problem that refused it (413 past the limit, 503 past BODIES_HELD_MAX). */
export type ReadBody = { body: Buffer } | { refused: Problem; retryAfterSeconds?: number };

/**
 * The body's bytes, or its refusal as soon as it passes `limit`: the caller answers 413 then, not at the body's end
 * (an endless chunked body has none). Bytes past the limit are read and dropped rather than left unread, up to
 * DRAIN_BYTES more: a sender still writing when the connection closed would take the reset for a dead function
 * (a proxy answers 502) and could lose the 413 itself. Past that reading stops, and the connection is cut
 * LINGER_MS later: nobody honest sends that much after being refused.
 */
export function readLimited(req: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let kept = 0;
    let settled = false;
    const settle = (outcome: ReadBody) => {
      if (settled) return;
      settled = true;
      held -= kept;
      kept = 0;
      chunks.length = 0;
      resolve(outcome);
    };
    const tooLarge = () => {
      if (!req.complete) closeInStages(req);
      settle({ refused: postBodyTooLarge() });
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (settled) {
        if (size > limit + DRAIN_BYTES && !req.isPaused()) {
          req.pause();
          setTimeout(() => req.destroy(), LINGER_MS).unref();
        }
        return;
      }
      if (size > limit) return tooLarge();
      if (held + chunk.byteLength > BODIES_HELD_MAX) {
        const detail = 'The function is receiving as many request bodies as it holds at once; this one was not kept. Try again in a second.';
        // What is still on its way is dropped, as a refused body's is.
        closeInStages(req);
        return settle({ refused: functionUnavailable(detail), retryAfterSeconds: BODY_LIMITS.retryAfterSeconds });
      }
      held += chunk.byteLength;
      kept += chunk.byteLength;
      chunks.push(chunk);
    });
    req.once('end', () => (size <= limit ? settle({ body: Buffer.concat(chunks) }) : tooLarge()));
    // An aborted or cut upload: nobody waits for the answer, which is the 413 problem.
    req.once('error', tooLarge);
    req.once('close', () => (size <= limit && req.complete ? settle({ body: Buffer.concat(chunks) }) : tooLarge()));
  });
}

/**
 * A connection whose answer goes out while its body is still arriving is closed in stages, as RFC 9112 §9.6 asks:
 * node:http closes a `Connection: close` exchange the moment its answer is written (socket.destroySoon), and a
 * reset reaching a client that is still sending may take the unread answer with it. So the write side closes
 * first, what still arrives is read (readLimited drops it), and the socket goes LINGER_MS later.
 */
function closeInStages(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage['socket'] & { destroySoon?: () => void };
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** A refused body's answer, with its Retry-After when it may be sent again. */
export function bodyRefusal({ refused, retryAfterSeconds }: Extract<ReadBody, { refused: Problem }>, headers: Record<string, string> = {}): Answer {
  return problemResponse(refused, { ...headers, ...(retryAfterSeconds !== undefined && { 'Retry-After': String(retryAfterSeconds) }) });
}
