import type { IncomingMessage } from 'node:http';

/** The body of a POST (a list to value, an MCP message), read with a limit. */

/** How much of a body past the limit is read and dropped, so that a proxy in front gets the 413, before the connection is cut. */
const DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * The body's bytes, or null past `limit`. Bytes past it are read and dropped rather than left unread: a proxy
 * still sending them (nginx) would take a closed connection for a dead function and answer 502 instead of our
 * 413. Past DRAIN_BYTES more the connection is cut: nobody honest sends that much.
 */
export function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit + DRAIN_BYTES) req.destroy();
    });
    req.once('end', () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    // An aborted or cut upload: nobody waits for the answer, which is the 413 problem.
    req.once('error', () => resolve(null));
    req.once('close', () => resolve(size <= limit && req.complete ? Buffer.concat(chunks) : null));
  });
}
