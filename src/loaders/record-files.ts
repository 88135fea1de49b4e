import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'astro/zod';
import type { SealedEntry } from '../schemas/sealed.ts';
import { CONTENT_DIR } from './content-dir.ts';

/**
 * The collections kept as many records per JSON file, and how to read them:
 * content/cards/<set>.json (an array of cards) and content/sealed/<group>.json
 * (`{ group, products }`, each product given its group). The collections'
 * loader (json-array-loader.ts) validates them; the build reads the records
 * from the same files in the same order (readRecordFiles), and so do the scripts and tests
 * (content-files.ts), so all see one reading.
 */
export interface RecordFiles {
  /** The collection, and its folder under content/. */
  name: string;
  /** Folder of .json files. */
  dir: string;
  /** The records of one parsed file, with anything the file contributes to each (e.g. its group). */
  records: (file: unknown, shown: string) => Record<string, unknown>[];
  /** The entry id of a record. */
  idOf: (record: Record<string, unknown>) => string;
}

/**
 * What the store of a collection kept as record files holds of each file (json-array-loader.ts): how many records
 * it has. The loader validates each record with its own schema; the build reads them from the file.
 */
export const recordFileEntrySchema = z.strictObject({ records: z.number().int().nonnegative() });
export type RecordFileEntry = z.infer<typeof recordFileEntrySchema>;

export const CARD_FILES: RecordFiles = {
  name: 'cards',
  dir: join(CONTENT_DIR, 'cards'),
  records: (file, shown) => {
    if (!Array.isArray(file)) throw new Error(`${shown}: expected an array of cards`);
    return file;
  },
  idOf: (card) => card.id as string,
};

/** A sealed file as kept: its group once, and its products without it. */
export interface SealedFile {
  group: SealedEntry['group'];
  products: Omit<SealedEntry, 'group'>[];
}

/**
 * The products of a sealed file, each given the file's group: the one place a sealed file becomes a list of
 * products (`shown` names the file in the error when it is not one).
 */
export function sealedProductsOf(file: unknown, shown: string): SealedEntry[] {
  const f = file as Partial<SealedFile> | null;
  if (!f || typeof f !== 'object' || !Array.isArray(f.products)) throw new Error(`${shown}: expected { group, products: [...] }`);
  return f.products.map((p) => ({ ...p, group: f.group! }));
}

export const SEALED_FILES: RecordFiles = {
  name: 'sealed',
  dir: join(CONTENT_DIR, 'sealed'),
  records: (file, shown) => sealedProductsOf(file, shown) as unknown as Record<string, unknown>[],
  idOf: (product) => String(product.productId),
};

/** The record files of a collection in another content folder than the build's (a copy, the fixture content). */
export const recordFilesIn = (spec: RecordFiles, contentDir: string): RecordFiles => ({ ...spec, dir: join(contentDir, spec.name) });

/**
 * A record's problems with its schema, each with the field it is about (`field "prices.0.market": Invalid input: …`);
 * null when it has none. The loaders and content-files.ts check records with it.
 */
export function recordProblemsOf(schema: z.ZodType, record: unknown): string | null {
  const checked = schema.safeParse(record);
  return checked.success ? null : checked.error.issues.map((issue) => `field "${issue.path.join('.')}": ${issue.message}`).join('; ');
}

/** The .json files of a folder, by name: the order records are read in, whoever reads them. */
export function recordFileNames(spec: RecordFiles): string[] {
  if (!existsSync(spec.dir)) throw new Error(`${spec.name}: content folder ${spec.dir} does not exist`);
  return readdirSync(spec.dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/** A file's path as messages show it (relative to the working directory). */
export const shownPath = (path: string): string => relative(process.cwd(), path);

/** One record as read from its file. */
export interface FileRecord<T> {
  id: string;
  data: T;
  /** The file that holds it, as messages show it. */
  filePath: string;
}

/** The records of one file of a collection (`name` as `recordFileNames` lists it), with the file as messages show it. */
export function readRecordFile<T>(spec: RecordFiles, name: string): { filePath: string; records: T[] } {
  const path = join(spec.dir, name);
  const filePath = shownPath(path);
  return { filePath, records: spec.records(JSON.parse(readFileSync(path, 'utf8')), filePath) as T[] };
}

/** Every record of a collection, in file-name then record order (the loader has validated them in this build). */
export function readRecordFiles<T>(spec: RecordFiles): FileRecord<T>[] {
  return recordFileNames(spec).flatMap((name) => {
    const { filePath, records } = readRecordFile<Record<string, unknown>>(spec, name);
    return records.map((record) => ({ id: spec.idOf(record), data: record as T, filePath }));
  });
}

export const readSealedFiles = (): FileRecord<SealedEntry>[] => readRecordFiles<SealedEntry>(SEALED_FILES);
