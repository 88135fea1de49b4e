import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { isRecord } from '../../src/schemas/is-record.ts';

/**
 * TCGplayer's daily prices as tcgcsv.com republishes them: `<date>/<category>/<groupId>/prices`, one JSON file per
 * group (set) and day, category 3 being Pokémon (../shared/data/tcgcsv-sample/SOURCE.md) and 85 "Pokemon Japan",
 * the Japanese cards' (../shared/data/japanese/SOURCE.md). Read strictly: a file that is missing, does not parse,
 * or has a field of the wrong kind fails with its path and the field, before anything is written.
 */

/** The Pokémon category of tcgcsv's layout. */
export const POKEMON_CATEGORY = '3';
/** TCGplayer's "Pokemon Japan" category: the Japanese sets' groups (a set's `tcgplayerGroupId`). */
export const JAPANESE_CATEGORY = '85';
/** The categories a day may hold, each a folder of groups; a group's id is TCGplayer's, unique across both. */
export const PRICE_CATEGORIES = [POKEMON_CATEGORY, JAPANESE_CATEGORY] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
/** Where tcgcsv.com replies: `last-updated.txt`, `tcgplayer/3/groups`, `tcgplayer/3/<groupId>/{prices,products}`. */
export const TCGCSV_ORIGIN = 'https://tcgcsv.com';

/** One result: a product's prices for one printing (`subTypeName`). */
export interface TcgcsvRow {
  productId: number;
  subTypeName: string;
  lowPrice: number | null;
  midPrice: number | null;
  highPrice: number | null;
  marketPrice: number | null;
  directLowPrice: number | null;
}

export interface TcgcsvGroup {
  groupId: number;
  /** The category folder it was read from. */
  category: PriceCategory;
  /** The file, as messages show it. */
  path: string;
  rows: TcgcsvRow[];
}

export interface TcgcsvDay {
  date: string;
  groups: TcgcsvGroup[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PRICE_FIELDS = ['lowPrice', 'midPrice', 'highPrice', 'marketPrice', 'directLowPrice'] as const;

export class TcgcsvError extends Error {}

/**
 * The days under `dir`, oldest first: `dir` is one day's folder (named YYYY-MM-DD) or a folder of them.
 * @example readTcgcsvDays('../shared/data/tcgcsv-sample').map((d) => d.date) // ['2025-10-19', '2025-10-20']
 */
export function readTcgcsvDays(dir: string): TcgcsvDay[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new TcgcsvError(`${shown(dir)}: no such folder`);
  const folders = DAY.test(basename(dir))
    ? [dir]
    : readdirSync(dir)
        .filter((name) => DAY.test(name) && statSync(join(dir, name)).isDirectory())
        .sort()
        .map((name) => join(dir, name));
  if (folders.length === 0) throw new TcgcsvError(`${shown(dir)}: holds no day folder (YYYY-MM-DD/${PRICE_CATEGORIES.join(' or ')}/<groupId>/prices)`);
  return folders.map(readDay);
}

function readDay(folder: string): TcgcsvDay {
  const date = basename(folder);
  if (!isCalendarDate(date)) throw new TcgcsvError(`${shown(folder)}: ${date} is not a calendar date`);
  // A day of English prices alone, or of Japanese alone, is a day: the job fetches each category it holds groups of.
  const categories = PRICE_CATEGORIES.filter((category) => existsSync(join(folder, category)));
  if (categories.length === 0)
    throw new TcgcsvError(`${shown(join(folder, POKEMON_CATEGORY))}: missing (the Pokémon category's folder, or ${JAPANESE_CATEGORY} for Pokemon Japan)`);
  const groups = categories.flatMap((category) => {
    const categoryFolder = join(folder, category);
    const groupFolders = readdirSync(categoryFolder).sort((a, b) => Number(a) - Number(b));
    if (groupFolders.length === 0) throw new TcgcsvError(`${shown(categoryFolder)}: holds no group`);
    return groupFolders.map((name) => {
      const groupFolder = join(categoryFolder, name);
      if (!/^[1-9]\d*$/.test(name)) throw new TcgcsvError(`${shown(groupFolder)}: not a group id`);
      return { groupId: Number(name), category, path: shown(join(groupFolder, 'prices')), rows: readGroup(join(groupFolder, 'prices')) };
    });
  });
  return { date, groups };
}

function readGroup(file: string): TcgcsvRow[] {
  const path = shown(file);
  if (!existsSync(file)) throw new TcgcsvError(`${path}: missing`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TcgcsvError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  const fail = (field: string, problem: string): never => {
    throw new TcgcsvError(`${path}: ${field}: ${problem}`);
  };
  if (!isRecord(json)) return fail('(file)', 'expected { success, errors, results }');
  if (json.success !== true)
    fail('success', `is ${JSON.stringify(json.success)}, the source reported a failure: ${JSON.stringify(json.errors ?? null).slice(0, 200)}`);
  if (!Array.isArray(json.results)) fail('results', 'expected an array');
  return (json.results as unknown[]).map((row, i) => {
    const at = `results[${i}]`;
    if (!isRecord(row)) return fail(at, 'expected an object');
    if (!Number.isSafeInteger(row.productId) || (row.productId as number) <= 0) fail(`${at}.productId`, 'expected a positive integer');
    if (typeof row.subTypeName !== 'string' || row.subTypeName.trim() === '') fail(`${at}.subTypeName`, 'expected the printing’s name');
    for (const field of PRICE_FIELDS) {
      const value = row[field];
      if (value !== null && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
        fail(`${at}.${field}`, `expected a price in dollars (a number ≥ 0) or null, not ${JSON.stringify(value ?? 'nothing')}`);
      }
    }
    return {
      productId: row.productId as number,
      subTypeName: row.subTypeName as string,
      lowPrice: row.lowPrice as number | null,
      midPrice: row.midPrice as number | null,
      highPrice: row.highPrice as number | null,
      marketPrice: row.marketPrice as number | null,
      directLowPrice: row.directLowPrice as number | null,
    };
  });
}

/**
 * The content's name of a TCGplayer printing (the Pokémon TCG API's): the words of `subTypeName` in camel case.
 * @example variantOf('Reverse Holofoil') // 'reverseHolofoil'
 * @example variantOf('1st Edition Holofoil') // '1stEditionHolofoil'
 */
export function variantOf(subTypeName: string): string {
  const [first, ...rest] = subTypeName.trim().split(/\s+/);
  return first.toLowerCase() + rest.map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase()).join('');
}

const isCalendarDate = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const shown = (path: string) => relative(process.cwd(), path) || '.';

/**
 * TCGplayer's `subTypeName` of a price line's variant, the inverse of variantOf: what the daily job's stand-in and
 * the benchmarks' simulated days write.
 * @example subTypeNameOf('1stEditionHolofoil') // '1st Edition Holofoil'
 */
export function subTypeNameOf(variant: string): string {
  const words = variant.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  const name = words[0].toUpperCase() + words.slice(1);
  if (variantOf(name) !== variant) throw new Error(`variant ${variant}: no subTypeName reads back as it (${name} reads as ${variantOf(name)})`);
  return name;
}

/**
 * The category each TCGplayer group of the content is in: "Pokemon Japan" (85) for a Japanese set's group (its
 * `tcgplayerGroupId`) and the groups of Japanese cards' price lines, Pokémon (3) for any other. One rule, so that
 * the fetch, the daily job's stand-in and the simulated days lay a group out where tcgcsv does.
 * @example categoryOfGroupIn({ sets: [{ language: 'ja', tcgplayerGroupId: 23909 }], cards: [] })(23909) // "85"
 */
export function categoryOfGroupIn(catalogue: {
  sets: readonly { language: string; tcgplayerGroupId?: number | null }[];
  cards: readonly { language: string; prices: readonly { groupId: number | null }[] }[];
}): (groupId: number) => PriceCategory {
  const japanese = new Set<number>();
  for (const set of catalogue.sets) if (set.language === 'ja' && typeof set.tcgplayerGroupId === 'number') japanese.add(set.tcgplayerGroupId);
  for (const card of catalogue.cards) if (card.language === 'ja') for (const line of card.prices) if (line.groupId !== null) japanese.add(line.groupId);
  return (groupId) => (japanese.has(groupId) ? JAPANESE_CATEGORY : POKEMON_CATEGORY);
}
