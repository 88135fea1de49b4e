import type { Answer } from '../http/answer.ts';
import type { RequestBody } from '../http/exchange.ts';
import { BODY_LIMITS } from '../http/limits.ts';
import { functionUnavailable, type Problem, postBodyTooLarge, problemResponse } from '../http/problem.ts';
import { concatBytes } from './bytes.ts';

/**
 * The body of a POST (a list to value, an MCP message), read with a limit, from any runtime's body (exchange.ts
 * RequestBody). What a refused body's connection then needs is the runtime's: node:http drains and closes it in
 * stages (node-request.ts), a platform drops the rest.
 */

/**
 * The most body bytes held at once, across every request still arriving: thirty-two of the largest. A slow
 * sender holds its bytes until its body ends, and a thousand of them would otherwise hold a gigabyte; past this
 * the next body is refused at once (503), and nothing it sent is kept.
 */
const BODIES_HELD_MAX = BODY_LIMITS.heldBytes;

let held = 0;

/** What reading a body came to: its bytes, or the problem that refused it (413 past the limit, 503 past BODIES_HELD_MAX). */
export type ReadBody = { body: Uint8Array<ArrayBuffer> } | { refused: Problem; retryAfterSeconds?: number };

/**
 * The body's bytes, or its refusal as soon as it passes `limit`: the caller answers 413 then, not at the body's end
 * (an endless chunked body has none), and the runtime is told the rest will not be read (RequestBody.abandon). An
 * upload cut before its end is refused as too large too: nobody waits for that answer. No body reads as empty.
 */
export async function readLimited(body: RequestBody | undefined, limit: number): Promise<ReadBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let kept = 0;
  let outcome: ReadBody | undefined;
  try {
    for await (const chunk of body?.chunks ?? []) {
      size += chunk.byteLength;
      if (size > limit) {
        outcome = { refused: postBodyTooLarge() };
        break;
      }
      if (held + chunk.byteLength > BODIES_HELD_MAX) {
        const detail = 'The function is receiving as many request bodies as it holds at once; this one was not kept. Try again in a second.';
        outcome = { refused: functionUnavailable(detail), retryAfterSeconds: BODY_LIMITS.retryAfterSeconds };
        break;
      }
      held += chunk.byteLength;
      kept += chunk.byteLength;
      chunks.push(chunk);
    }
  } catch {
    outcome = { refused: postBodyTooLarge() };
  } finally {
    held -= kept;
  }
  if (outcome) {
    // What is still on its way is dropped, as the runtime sees fit.
    body?.abandon?.();
    return outcome;
  }
  return { body: concatBytes(chunks) };
}

/** A refused body's answer, with its Retry-After when it may be sent again. */
export function bodyRefusal({ refused, retryAfterSeconds }: Extract<ReadBody, { refused: Problem }>, headers: Record<string, string> = {}): Answer {
  return problemResponse(refused, { ...headers, ...(retryAfterSeconds !== undefined && { 'Retry-After': String(retryAfterSeconds) }) });
}
