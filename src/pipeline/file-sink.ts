import { writeFile } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { etagOf } from '../http/etag.ts';
import type { FileInfo } from '../http/file-manifest.ts';
import { tokenKeyOfEtag } from './build-state.ts';
import type { FileAside } from './emit-items.ts';
import { countTokens } from './token-counter.ts';

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
  /**
   * `body` is text (UTF-8) or bytes. `previousEtag` is the ETag the file had after the previous build (when
   * it is still on disk as then): the same bytes are not written again, so the file keeps its mtime.
   */
  write(target: 'client' | 'server', path: string, body: string | Buffer | FileAside, previousEtag?: string): Promise<WrittenFile | null>;
  /** Waits for every write to finish. */
  flush(): Promise<void>;
}

/**
 * Writes in flight at once: enough that rendering never waits on a slow disk
 * (this machine's disk writes 20k small files in anything from 1 to 13 s), few
 * enough to hold little memory (~3 KB each).
 */
const MAX_PENDING = 1024;

/**
 * `tokenCache` (the previous build's counts by token key) is given where Markdown is written: in the Markdown
 * worker. The main thread's sink has none, and a Markdown file reaching it is a route's mistake.
 */
export function createFileSink(dirs: { client: string; server: string }, tokenCache?: Map<string, number>): FileSink {
  const made = new Set<string>();
  // Callback writes: fs.promises.writeFile opens a FileHandle per file, which cost
  // twice the time over ~40k small files.
  let inFlight = 0;
  let failure: Error | null = null;
  const waiting: (() => void)[] = [];
  const settle = (error: Error | null) => {
    inFlight--;
    failure ??= error;
    waiting.shift()?.();
  };
  /** Resolves when fewer than MAX_PENDING writes are in flight. */
  const room = async () => {
    while (inFlight >= MAX_PENDING) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  /** Moves a file written aside into place (or drops it where the same bytes are there already). */
  const placeAside = async (target: 'client' | 'server', path: string, { aside, etag, bytes }: FileAside, previousEtag?: string) => {
    const abs = join(dirs[target], path);
    await mkdir(dirname(abs), { recursive: true });
    if (etag === previousEtag) await rm(aside);
    else {
      // The cache folder may be on another file system than the output (EXDEV): then a copy.
      await rename(aside, abs).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await copyFile(aside, abs);
        await rm(aside);
      });
    }
    return target === 'client' ? ({ path: `/${path}`, etag, bytes } satisfies WrittenFile) : null;
  };
  return {
    async write(target, path, body, previousEtag) {
      if (typeof body === 'object' && !Buffer.isBuffer(body)) return placeAside(target, path, body, previousEtag);
      // Text is made bytes once, for its ETag, its size and the disk alike (each used to encode it again).
      const text = typeof body === 'string' ? body : undefined;
      const bytes = text === undefined ? body : Buffer.from(text);
      const etag = target === 'client' ? etagOf(bytes) : undefined;
      const abs = join(dirs[target], path);
      const dir = dirname(abs);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      if (etag === undefined || etag !== previousEtag) {
        if (inFlight >= MAX_PENDING) await room();
        if (failure) throw failure;
        inFlight++;
        writeFile(abs, bytes, settle);
      }
      if (etag === undefined) return null;
      const info: WrittenFile = { path: `/${path}`, etag, bytes: bytes.length };
      if (path.endsWith('.md')) {
        if (!tokenCache) throw new Error(`${path}: Markdown is made in the Markdown worker (a MarkdownFile), not written on the main thread`);
        const markdown = text ?? bytes.toString(); // Markdown comes as text; bytes would be UTF-8
        // The token cache's key is the hash of the bytes, which the ETag already is.
        info.tokenKey = tokenKeyOfEtag(etag);
        const cached = tokenCache.get(info.tokenKey);
        info.tokens = cached ?? countTokens(markdown);
        info.counted = cached === undefined;
      }
      return info;
    },
    async flush() {
      while (inFlight > 0) await new Promise<void>((resolve) => waiting.push(resolve));
      if (failure) throw failure;
    },
  };
}
