import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import { type RecordFileEntry, type RecordFiles, recordFileNames, recordProblemsOf, shownPath } from './record-files.ts';

/**
 * A loader for collections kept as many records per JSON file (one file per set
 * or per group, so an editor's change is a small diff). Each record is validated
 * on its own with the file named, so an error reads
 * "content/cards/base1.json: record 0 (base1-4): field "prices.0.market": …".
 *
 * The store keeps one entry per file (its name, how many records it holds, its digest), not the records:
 * Astro's store is serialised into the build's bundle and parsed back before a page renders: every card there
 * cost the build memory and time to serialise, bundle and parse. The build reads the records themselves from the files
 * (src/loaders/record-files.ts), which this loader has validated.
 */
export interface JsonArrayLoaderOptions extends RecordFiles {
  /** Checks across records (references); return an error message naming the field, or null. */
  check?: (record: Record<string, unknown>) => string | null;
  /** The text of what `check` reads (sets.json): while it and a file are unchanged, the file is not read again. */
  checkInput?: () => string;
  /** The schema of a whole record (the collection's own schema is recordFileEntrySchema: one entry per file). */
  recordSchema: z.ZodType;
}

/**
 * The code that validates a record: the folders a loader's schemas and checks may come from (the layering rule of
 * docs/architecture.md, which tests/unit/import-rules.test.ts holds: a loader imports no more than these) and the
 * installed packages (zod's version). Astro keeps a loader's store as long as src/content.config.ts is unchanged;
 * a file an earlier version of this code validated is validated again.
 */
const VALIDATION_CODE = ['src/loaders', 'src/schemas', 'src/catalogue', 'src/search', 'package-lock.json'];
const ROOT = join(import.meta.dirname, '..', '..');
function validationCodeText(): string {
  return VALIDATION_CODE.flatMap((path) => {
    if (!path.startsWith('src/')) return [readFileSync(join(ROOT, path), 'utf8')];
    const files = readdirSync(join(ROOT, path), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    return files
      .map((e) => join(e.parentPath, e.name))
      .sort()
      .map((file) => `${relative(ROOT, file)}\0${readFileSync(file, 'utf8')}`);
  }).join('\0');
}

export function jsonArrayLoader(options: JsonArrayLoaderOptions): Loader {
  return {
    name: options.name,
    async load(context: LoaderContext) {
      const { store, parseData, generateDigest, meta } = context;
      const files = recordFileNames(options);
      // Unchanged files keep their entries, unparsed: validating every record again would be most of a rebuild's
      // content sync. Ids are still checked against every other file's.
      const code = generateDigest(validationCodeText());
      const previous: Record<string, { digest: string; ids: string[] }> = meta.get('code') !== code ? {} : JSON.parse(meta.get('files') ?? '{}');
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
        if (checkedAlike && known?.digest === digest && store.has(file) && known.ids.every((id) => !seen.has(id))) {
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
        // Only the checks across records ran again (sets.json changed): the file's records were valid.
        if (known?.digest === digest && store.has(file)) continue;
        for (const [i, record] of records.entries()) {
          const problems = recordProblemsOf(options.recordSchema, record);
          if (problems) throw new Error(`${shown}: record ${i} (${ids[i]}): ${problems}`);
        }
        const data = await parseData({ id: file, data: { records: ids.length } satisfies RecordFileEntry, filePath: shown });
        store.set({ id: file, data, filePath: shown, digest });
      }
      // The entries of files that were removed go (and those a store of an entry per record left).
      for (const id of store.keys()) if (!next[id]) store.delete(id);
      meta.set('files', JSON.stringify(next));
      meta.set('check', checkDigest);
      meta.set('code', code);
    },
  };
}
