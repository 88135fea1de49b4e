import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { etagOf } from './etag.ts';
import { countTokens, tokenCacheKey } from './token-counter.ts';
import type { FileInfo } from './file-manifest.ts';

/**
 * Where the build routes put the files they make. A route writes each file as
 * soon as it is rendered (the disk works while the next record renders), tags it
 * and, for Markdown, counts its tokens, using the previous build's counts for
 * unchanged bytes. It returns the manifest entry of each file it wrote.
 */
export interface WrittenFile extends FileInfo {
  path: string;
  /** Markdown only: the cache key of the bytes, and whether they were counted afresh. */
  tokenKey?: string;
  counted?: boolean;
}

export interface FileSink {
  write(target: 'client' | 'server', path: string, body: string): Promise<WrittenFile | null>;
  /** Waits for every write to finish. */
  flush(): Promise<void>;
}

/** Writes in flight at once: enough to keep the disk busy, few enough to hold little memory. */
const MAX_PENDING = 64;

export function createFileSink(dirs: { client: string; server: string }, tokenCache: Map<string, number>): FileSink {
  const made = new Set<string>();
  const pending = new Set<Promise<void>>();
  return {
    async write(target, path, body) {
      const abs = join(dirs[target], path);
      const dir = dirname(abs);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      const done = writeFile(abs, body).then(() => { pending.delete(done); });
      pending.add(done);
      if (pending.size >= MAX_PENDING) await Promise.race(pending);
      if (target === 'server') return null;
      const info: WrittenFile = { path: `/${path}`, etag: etagOf(body), bytes: Buffer.byteLength(body) };
      if (path.endsWith('.md')) {
        info.tokenKey = tokenCacheKey(body);
        const cached = tokenCache.get(info.tokenKey);
        info.tokens = cached ?? countTokens(body);
        info.counted = cached === undefined;
      }
      return info;
    },
    async flush() {
      await Promise.all(pending);
    },
  };
}
