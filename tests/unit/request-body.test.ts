import { describe, expect, it } from 'vitest';
import type { RequestBody } from '../../src/http/exchange.ts';
import { readLimited } from '../../src/server/request-body.ts';

/**
 * A POST's body read with its limit from any runtime's chunks (src/server/request-body.ts): what the client gets
 * back (its bytes read, a 413 as soon as the limit is passed, a 413 for a cut upload), and what the runtime is
 * told (to drop the rest) so that it stops receiving a body nobody reads.
 */
function bodyOf(chunks: (string | Error)[]): RequestBody & { pulled: number; abandoned: number } {
  const body = {
    pulled: 0,
    abandoned: 0,
    chunks: {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          body.pulled++;
          if (chunk instanceof Error) throw chunk;
          yield new TextEncoder().encode(chunk);
        }
      },
    },
    abandon() {
      body.abandoned++;
    },
  };
  return body;
}

describe('reading a POST body with a limit', () => {
  it('gives the bytes of a body within the limit, joined in order, and lets the runtime be', async () => {
    const body = bodyOf(['2x charizard\n', 'pikachu']);
    const read = await readLimited(body, 100);
    expect('body' in read && new TextDecoder().decode(read.body)).toBe('2x charizard\npikachu');
    expect(body.abandoned).toBe(0);
  });

  it('refuses with 413 at the chunk that passes the limit, reads no further and tells the runtime to drop the rest', async () => {
    const body = bodyOf(['x'.repeat(60), 'x'.repeat(60), 'never read']);
    const read = await readLimited(body, 100);
    expect('refused' in read && read.refused.status).toBe(413);
    expect(body.pulled).toBe(2);
    expect(body.abandoned).toBe(1);
  });

  it('refuses an upload cut before its end as too large: nobody waits for that answer', async () => {
    const read = await readLimited(bodyOf(['partial', new Error('aborted')]), 100);
    expect('refused' in read && read.refused.status).toBe(413);
  });

  it('reads no body at all as empty', async () => {
    const read = await readLimited(undefined, 100);
    expect('body' in read && read.body.byteLength).toBe(0);
  });
});
