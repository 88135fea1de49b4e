import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the build derives from each card file (content/cards/<set>.json), kept
 * between builds in CACHE_DIR/card-files/: reading, parsing and deriving 18k
 * cards took two of a rebuild's seconds, and an editor's commit changes one
 * file. Two parts, each under the key of everything it is derived from:
 *
 * - the index (`<set>.index`): per card what lists, search and checks
 *   need (its summary); keyed by the file's text, the sets and the code;
 * - the details (`<set>.details`): per card its JSON (the text of its
 *   .json file and bulk line) and its price history (sparklines); keyed by the
 *   index's key, the catalogue's as-of date and the change feed.
 *
 * Each part's first line is its key (contentKey, src/pipeline/build-state.ts). A part whose key differs, or that was cut
 * short, is made again from the file. The keys include the
 * code version (src/pipeline/code-version.ts): other code, other derivations.
 */
export interface CardFileCache {
  readIndex<T>(file: string, key: string): T | undefined;
  writeIndex(file: string, key: string, index: unknown): void;
  readDetails<H>(file: string, key: string): CardFileDetails<H> | undefined;
  writeDetails<H>(file: string, key: string, details: CardFileDetails<H>): void;
  /** Removes the parts of files that are no longer in the catalogue. */
  keepOnly(files: string[]): void;
}

type CardFilePart = 'index' | 'details';

/** Each card's JSON text and history, in file order. */
export interface CardFileDetails<H> {
  jsons: string[];
  histories: (H | null)[];
}

/** The last line of a whole details part: a part cut short ends elsewhere. */
const END = '"end"';

export function createCardFileCache(dir: string): CardFileCache {
  const pathOf = (file: string, part: CardFilePart) => join(dir, `${file.replace(/\.json$/, '')}.${part}`);
  let made = false;
  const write = (file: string, part: CardFilePart, text: string) => {
    if (!made) mkdirSync(dir, { recursive: true });
    made = true;
    writeFileSync(pathOf(file, part), text);
  };
  /** The lines of a part, or undefined when there is none. */
  const linesOf = (file: string, part: CardFilePart): string[] | undefined => {
    const path = pathOf(file, part);
    return existsSync(path) ? readFileSync(path, 'utf8').split('\n') : undefined;
  };
  return {
    readIndex<T>(file: string, key: string): T | undefined {
      const [head, body] = linesOf(file, 'index') ?? [];
      // A part cut short (a build killed while writing it) has no body, or a body that does not parse: made again.
      if (head !== JSON.stringify(key) || body === undefined) return undefined;
      try {
        return JSON.parse(body) as T;
      } catch {
        return undefined;
      }
    },
    writeIndex(file, key, index) {
      write(file, 'index', `${JSON.stringify(key)}\n${JSON.stringify(index)}`);
    },
    /**
     * The details are lines: the key, the histories, then each card's JSON as it is (JSON text holds no raw
     * newline). Read back by splitting, not parsing: a third of the time a JSON array of the texts took.
     */
    readDetails<H>(file: string, key: string): CardFileDetails<H> | undefined {
      const lines = linesOf(file, 'details');
      if (!lines || lines[0] !== JSON.stringify(key) || lines.at(-1) !== END) return undefined;
      try {
        const histories = JSON.parse(lines[1]) as (H | null)[];
        const jsons = lines.slice(2, -1);
        return jsons.length === histories.length ? { jsons, histories } : undefined;
      } catch {
        return undefined;
      }
    },
    writeDetails(file, key, { jsons, histories }) {
      write(file, 'details', [JSON.stringify(key), JSON.stringify(histories), ...jsons, END].join('\n'));
    },
    keepOnly(files) {
      if (!existsSync(dir)) return;
      const live = new Set(files.flatMap((file) => [pathOf(file, 'index'), pathOf(file, 'details')]));
      for (const name of readdirSync(dir)) if (!live.has(join(dir, name))) rmSync(join(dir, name), { force: true });
    },
  };
}
