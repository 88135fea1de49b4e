import { writeFile } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { etagOf } from '../http/etag.ts';
import type { FileInfo } from '../http/file-manifest.ts';
import type { FileAside } from './emit-items.ts';
import { countTokens } from './token-counter.ts';

/**
 * Where the build routes put the files they make: each is written as soon as it is rendered (the disk works while the
 * next record renders), tagged and, for Markdown, token-counted (a file whose bytes the previous build made keeps that
 * build's count). Each write returns the file's manifest entry.
 */
export interface WrittenFile extends FileInfo {
  path: string;
  /** Markdown only: whether its tokens were counted in this build. */
  counted?: boolean;
}

export interface FileSink {
  /**
   * `body` is text (UTF-8) or bytes. `previous` is the file's manifest entry after the previous build (when it
   * is still on disk as then): the same bytes are not written again, so the file keeps its mtime.
   */
  write(target: 'client' | 'server', path: string, body: string | Buffer | FileAside, previous?: FileInfo): Promise<WrittenFile | null>;
  /** Waits for every write to finish. */
  flush(): Promise<void>;
}

/** Writes in flight at once: enough that rendering never waits on a slow disk, few enough to hold little memory. */
const MAX_PENDING = 1024;

/**
 * `markdown`: whether this sink writes Markdown (the Markdown worker's does; a Markdown file reaching the main
 * thread's is a route's mistake).
 */
export function createFileSink(dirs: { client: string; server: string }, { markdown = false } = {}): FileSink {
  const made = new Set<string>();
  // Callback writes: fs.promises.writeFile opens a FileHandle per file, which cost
  // far more over the build's many small files.
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
  const placeAside = async (target: 'client' | 'server', path: string, { aside, etag, bytes }: FileAside, previous?: FileInfo) => {
    const abs = join(dirs[target], path);
    await mkdir(dirname(abs), { recursive: true });
    if (etag === previous?.etag) await rm(aside);
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
    async write(target, path, body, previous) {
      if (typeof body === 'object' && !Buffer.isBuffer(body)) return placeAside(target, path, body, previous);
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
      const same = etag !== undefined && etag === previous?.etag;
      if (!same) {
        if (inFlight >= MAX_PENDING) await room();
        if (failure) throw failure;
        inFlight++;
        writeFile(abs, bytes, settle);
      }
      if (etag === undefined) return null;
      const info: WrittenFile = { path: `/${path}`, etag, bytes: bytes.length };
      if (path.endsWith('.md')) {
        if (!markdown) throw new Error(`${path}: Markdown is made in the Markdown worker (a MarkdownFile), not written on the main thread`);
        const counted = same ? previous.tokens : undefined;
        info.tokens = counted ?? countTokens(text ?? bytes.toString());
        info.counted = counted === undefined;
      }
      return info;
    },
    async flush() {
      while (inFlight > 0) await new Promise<void>((resolve) => waiting.push(resolve));
      if (failure) throw failure;
    },
  };
}
