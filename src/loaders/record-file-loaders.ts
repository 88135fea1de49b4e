import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import type { z } from 'astro/zod';
import { cardSchema } from '../schemas/card.ts';
import { sealedSchema } from '../schemas/sealed.ts';
import { CONTENT_DIR } from './content-dir.ts';
import { jsonArrayLoader } from './json-array-loader.ts';
import { CARD_FILES, type RecordFiles, SEALED_FILES } from './record-files.ts';

/**
 * The loaders of the card and sealed files, with the checks across collections (a record's set is in
 * sets.json), which Astro's content sync runs (src/content.config.ts).
 */
const setsText = () => readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8');
const setIds = (): Set<string> => new Set((JSON.parse(setsText()) as { id: string }[]).map((s) => s.id));

/** A loader of record files whose records name their set: it must be in sets.json (`setOptional`: or be left out). */
function recordFilesLoader(files: RecordFiles, recordSchema: z.ZodType, { setOptional }: { setOptional: boolean }): Loader {
  let knownSets: Set<string> | undefined;
  return jsonArrayLoader({
    ...files,
    check: (record) => {
      if (setOptional && record.set === undefined) return null;
      knownSets ??= setIds();
      return knownSets.has(record.set as string) ? null : `field "set": no set "${String(record.set)}" in sets.json`;
    },
    checkInput: setsText,
    recordSchema,
  });
}

export const cardFilesLoader = (): Loader => recordFilesLoader(CARD_FILES, cardSchema, { setOptional: false });

export const sealedFilesLoader = (): Loader => recordFilesLoader(SEALED_FILES, sealedSchema, { setOptional: true });
