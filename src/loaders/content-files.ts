import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { type CardEntry, cardSchema } from '../schemas/card.ts';
import { type SealedEntry, sealedSchema } from '../schemas/sealed.ts';
import { type SetEntry, setSchema } from '../schemas/set.ts';
import { CARD_FILES, type RecordFiles, readRecordFile, recordFileNames, recordFilesIn, recordProblemsOf, SEALED_FILES, shownPath } from './record-files.ts';

/** The sets, cards and sealed products of a content folder, each sealed product with its group. */
export interface ContentFiles {
  sets: SetEntry[];
  cards: CardEntry[];
  sealed: SealedEntry[];
}

/**
 * The content files as scripts and tests read them: the files the build reads, in its order and by its readers
 * (record-files.ts: a sealed file's products given its group), each record checked against the schema its
 * collection's loader checks it with. A record that fails stops the reading, naming its file, record and field
 * (`content/cards/base1.json: record 0 (base1-4): field "prices.0.market": …`). The records are given as the files
 * hold them, key order kept, so that what is written back differs only where it was changed.
 * @example readContentFiles('content').cards.length // 20608
 */
export function readContentFiles(contentDir: string): ContentFiles {
  const setsPath = join(contentDir, 'sets.json');
  const sets = checked<SetEntry>(setSchema, parsedJson(setsPath), shownPath(setsPath), (set) => String(set.id));
  return {
    sets,
    cards: checkedRecords<CardEntry>(recordFilesIn(CARD_FILES, contentDir), cardSchema),
    sealed: checkedRecords<SealedEntry>(recordFilesIn(SEALED_FILES, contentDir), sealedSchema),
  };
}

function parsedJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${shownPath(path)}: not valid JSON (${(error as Error).message})`);
  }
}

/** Every record of a collection's files, checked, in file-name then record order. */
function checkedRecords<T>(spec: RecordFiles, schema: z.ZodType): T[] {
  return recordFileNames(spec).flatMap((name) => {
    const { filePath, records } = readRecordFile<Record<string, unknown>>(spec, name);
    return checked<T>(schema, records, filePath, spec.idOf);
  });
}

/** The records of one file, each checked against `schema`; a file that is not a list of records is refused too. */
function checked<T>(schema: z.ZodType, records: unknown, shown: string, idOf: (record: Record<string, unknown>) => string): T[] {
  if (!Array.isArray(records)) throw new Error(`${shown}: expected an array of records`);
  for (const [i, record] of records.entries()) {
    const problems = recordProblemsOf(schema, record);
    if (problems) throw new Error(`${shown}: record ${i} (${idOf(record ?? {})}): ${problems}`);
  }
  return records as T[];
}
