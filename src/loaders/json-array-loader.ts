import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';

/**
 * A loader for collections kept as many records per JSON file (one file per set
 * or per group, so an editor's change is a small diff). Each record is validated
 * on its own with the file named, so an error reads
 * "content/cards/base1.json … cards → base1-4 … prices.0.market".
 */
export interface JsonArrayLoaderOptions {
  name: string;
  /** Folder of .json files. */
  dir: string;
  /** The records of one parsed file, with anything the file contributes to each (e.g. its group). */
  records: (file: unknown, path: string) => Record<string, unknown>[];
  /** The entry id of a record. */
  idOf: (record: Record<string, unknown>) => string;
  /** Checks across records (references); return an error message naming the field, or null. */
  check?: (record: Record<string, unknown>) => string | null;
}

export function jsonArrayLoader(options: JsonArrayLoaderOptions): Loader {
  return {
    name: options.name,
    async load(context: LoaderContext) {
      const { store, parseData, generateDigest, meta } = context;
      if (!existsSync(options.dir)) throw new Error(`${options.name}: content folder ${options.dir} does not exist`);
      const files = readdirSync(options.dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
      // Unchanged files keep their entries: parsing 18k records again costs seconds on every build.
      const previous: Record<string, { digest: string; ids: string[] }> = JSON.parse(meta.get('files') ?? '{}');
      const next: typeof previous = {};
      const seen = new Map<string, string>();
      for (const file of files) {
        const path = join(options.dir, file);
        const shown = relative(process.cwd(), path);
        const text = readFileSync(path, 'utf8');
        const digest = generateDigest(text);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          throw new Error(`${shown}: not valid JSON (${(error as Error).message})`);
        }
        const records = options.records(parsed, shown);
        const ids: string[] = [];
        for (const [i, record] of records.entries()) {
          const id = options.idOf(record);
          if (typeof id !== 'string' || !id) throw new Error(`${shown}: record ${i} has no id`);
          const other = seen.get(id);
          if (other) throw new Error(`${shown}: record ${i}: id "${id}" is also used in ${other}`);
          seen.set(id, shown);
          const problem = options.check?.(record);
          if (problem) throw new Error(`${shown}: record ${i} (${id}): ${problem}`);
          ids.push(id);
        }
        next[file] = { digest, ids };
        if (previous[file]?.digest === digest && ids.every((id) => store.has(id))) continue;
        for (const id of previous[file]?.ids ?? []) store.delete(id);
        for (const record of records) {
          const id = options.idOf(record);
          const data = await parseData({ id, data: record, filePath: shown });
          store.set({ id, data, filePath: shown, digest: generateDigest(JSON.stringify(record)) });
        }
      }
      // Entries of files that were removed, or of ids that moved away, go.
      const live = new Set(seen.keys());
      for (const id of store.keys()) if (!live.has(id)) store.delete(id);
      meta.set('files', JSON.stringify(next));
    },
  };
}
