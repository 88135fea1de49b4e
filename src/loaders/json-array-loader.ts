import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import { type RecordFiles, recordFileNames, shownPath } from './record-files.ts';

/**
 * A loader for collections kept as many records per JSON file (one file per set
 * or per group, so an editor's change is a small diff). Each record is validated
 * on its own with the file named, so an error reads
 * "content/cards/base1.json: record 0 (base1-4): field "prices.0.market": …".
 *
 * The store keeps only what `entryOf` makes of a record (which file holds it,
 * which set it names), not the record: Astro's store is serialised into the
 * build's bundle, and 27 MB of cards there cost about 1 GB of memory before a
 * page rendered. The build reads the records themselves from the files
 * (src/loaders/record-files.ts), which this loader has validated.
 */
export interface JsonArrayLoaderOptions extends RecordFiles {
  /** Checks across records (references); return an error message naming the field, or null. */
  check?: (record: Record<string, unknown>) => string | null;
  /** The text of what `check` reads (sets.json): while it and a file are unchanged, the file is not read again. */
  checkInput?: () => string;
  /** The schema of a whole record (the collection's own schema is that of `entryOf`'s result). */
  recordSchema: z.ZodType;
  /** What the store keeps of a valid record; `file` is the file's name in `dir`. */
  entryOf: (record: Record<string, unknown>, file: string) => Record<string, unknown>;
}

export function jsonArrayLoader(options: JsonArrayLoaderOptions): Loader {
  return {
    name: options.name,
    async load(context: LoaderContext) {
      const { store, parseData, generateDigest, meta } = context;
      const files = recordFileNames(options);
      // Unchanged files keep their entries, unparsed: validating 18k records again costs seconds, and parsing
      // them a quarter of a second, on every build. Ids are still checked against every other file's.
      const previous: Record<string, { digest: string; ids: string[] }> = JSON.parse(meta.get('files') ?? '{}');
      const checkDigest = generateDigest(options.checkInput?.() ?? '');
      const checkedAlike = meta.get('check') === checkDigest;
      const next: typeof previous = {};
      const seen = new Map<string, string>();
      for (const file of files) {
        const path = join(options.dir, file);
        const shown = shownPath(path);
        const text = readFileSync(path, 'utf8');
        const digest = generateDigest(text);
        const known = previous[file];
        if (checkedAlike && known?.digest === digest && known.ids.every((id) => store.has(id) && !seen.has(id))) {
          for (const id of known.ids) seen.set(id, shown);
          next[file] = known;
          continue;
        }
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
        for (const [i, record] of records.entries()) {
          const id = options.idOf(record);
          const checked = options.recordSchema.safeParse(record);
          if (!checked.success) throw new Error(`${shown}: record ${i} (${id}): ${issuesOf(checked.error)}`);
          const data = await parseData({ id, data: options.entryOf(record, file), filePath: shown });
          store.set({ id, data, filePath: shown, digest: generateDigest(JSON.stringify(record)) });
        }
      }
      // Entries of files that were removed, or of ids that moved away, go.
      const live = new Set(seen.keys());
      for (const id of store.keys()) if (!live.has(id)) store.delete(id);
      meta.set('files', JSON.stringify(next));
      meta.set('check', checkDigest);
    },
  };
}

/** A record's schema problems, each with the field it is about: `field "prices.0.market": Invalid input: …`. */
function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => `field "${issue.path.join('.')}": ${issue.message}`).join('; ');
}
