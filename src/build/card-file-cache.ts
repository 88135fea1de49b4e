import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the build derives from each card file (content/cards/<set>.json), kept
 * between builds in CACHE_DIR/card-files/: reading, parsing and deriving 18k
 * cards took two of a rebuild's seconds, and an editor's commit changes one
 * file. Two parts, each under the key of everything it is derived from:
 *
 * - the index (`<file>.index.json`): per card what lists, search and checks
 *   need (its summary); keyed by the file's text, the sets and the code;
 * - the details (`<file>.details.json`): per card its JSON (the text of its
 *   .json file and bulk line) and its price history (sparklines); keyed by the
 *   index's key, the catalogue's as-of date and the change feed.
 *
 * A part whose key differs is made again from the file. The keys include the
 * code version (src/build/code-version.ts): other code, other derivations.
 */
export interface CardFileCache {
  read<T>(file: string, part: CardFilePart, key: string): T | undefined;
  write(file: string, part: CardFilePart, key: string, value: unknown): void;
  /** Removes the parts of files that are no longer in the catalogue. */
  keepOnly(files: string[]): void;
}

export type CardFilePart = 'index' | 'details';

/** A key over several texts (each hashed in full, with a separator). */
export function cacheKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

export function createCardFileCache(dir: string): CardFileCache {
  const pathOf = (file: string, part: CardFilePart) => join(dir, `${file.replace(/\.json$/, '')}.${part}.json`);
  let made = false;
  return {
    read<T>(file: string, part: CardFilePart, key: string): T | undefined {
      const path = pathOf(file, part);
      if (!existsSync(path)) return undefined;
      try {
        const stored = JSON.parse(readFileSync(path, 'utf8')) as { key: string; value: T };
        return stored.key === key ? stored.value : undefined;
      } catch {
        // A part cut short (a build killed while writing it) is made again.
        return undefined;
      }
    },
    write(file, part, key, value) {
      if (!made) mkdirSync(dir, { recursive: true });
      made = true;
      writeFileSync(pathOf(file, part), JSON.stringify({ key, value }));
    },
    keepOnly(files) {
      if (!existsSync(dir)) return;
      const live = new Set(files.flatMap((file) => [pathOf(file, 'index'), pathOf(file, 'details')]));
      for (const name of readdirSync(dir)) if (!live.has(join(dir, name))) rmSync(join(dir, name), { force: true });
    },
  };
}
