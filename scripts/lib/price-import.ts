import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LISTED_SOURCE } from '../../src/catalogue/card-record.ts';
import { type ContentCatalogue, catalogueChanges, hasPrices, pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { foldHistory, type HistorySeries } from '../../src/catalogue/price-history.ts';
import {
  CARD_FILES,
  type RecordFiles,
  recordFileNames,
  recordFilesIn,
  SEALED_FILES,
  type SealedFile,
  sealedProductsOf,
} from '../../src/loaders/record-files.ts';
import { readValidatedJson } from '../../src/loaders/validated-json.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { type ChangeRecord, changeRecordSchema } from '../../src/schemas/changes.ts';
import { daysBetween } from '../../src/schemas/dates.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import { formatJson } from './format-json.ts';
import type { PriceCategory, TcgcsvDay, TcgcsvRow } from './tcgcsv-days.ts';
import { variantOf } from './tcgcsv-days.ts';

/**
 * A day of TCGplayer prices (tcgcsv-days.ts) applied to the content: each result lands on the card printing
 * (price line) or sealed product that holds its `productId`, its `subTypeName` naming the printing; the line's
 * prices and `updatedAt` are replaced, and the day is set in the daily history of each primary printing and
 * sealed product. Nothing is guessed: a product the content does not hold, or a printing of a card it does not
 * list, is counted and reported, never put on another line.
 *
 * Deterministic and idempotent: the same day twice changes nothing (a line already at that day keeps its
 * prices unless they differ; a history day is set, not appended). Prices never go back: a day older than a
 * line's `updatedAt` fills in history only, and a day older than the content's is refused unless asked.
 *
 * Each history set is held to the history policy (foldHistory, src/catalogue/price-history.ts).
 */

/** What the price lines written by the daily import name as their source. */
export const DAILY_SOURCE = 'tcgcsv';

type SealedProduct = Omit<SealedEntry, 'group'>;
type PriceLine = CardEntry['prices'][number];

/** The content the prices land in, as read from content/ (files kept as parsed, so unchanged ones write back byte for byte). */
export interface PriceContent {
  sets: ContentCatalogue['sets'];
  /** cards/<set>.json → its cards. */
  cardFiles: Map<string, CardEntry[]>;
  /** sealed/<group>.json → `{ group, products }`. */
  sealedFiles: Map<string, SealedFile>;
  /** The text each file had when read (path relative to content/). */
  texts: Map<string, string>;
}

export interface DayReport {
  date: string;
  rows: number;
  /** Price lines (card printings and sealed products) whose prices changed. */
  repriced: number;
  /** Price lines whose prices the day confirmed (the same values, a newer date). */
  confirmed: number;
  /** Days set in a history (appended, or filled in). */
  historyDays: number;
  /** Products the content holds no record of, by group: counted and listed, never guessed onto a card. */
  unknownProducts: Map<number, number[]>;
  /** Printings (`productId` and `subTypeName`) of a product the content holds, but not listed on it. */
  unknownPrintings: { productId: number; subTypeName: string }[];
  /** Rows repeating a product and printing already read that day (the first is kept). */
  repeated: number;
  /**
   * Listed lines of Japanese cards that took TCGplayer's finish on their first prices (see applyDay), by card and
   * product: TCGdex's finish of a Japanese printing often differs from TCGplayer's (../shared/data/japanese/SOURCE.md).
   */
  finishesTaken: { cardId: string; productId: number; from: string; to: string }[];
  /** The day's counts by tcgcsv category (3 Pokémon, 85 Pokemon Japan), for the categories the day holds. */
  byCategory: Map<PriceCategory, CategoryCounts>;
  /** What the day changed that a client sees (null when nothing), for content/changes/. */
  changes: ChangeRecord | null;
}

/** What a day did in one category. */
export interface CategoryCounts {
  groups: number;
  rows: number;
  repriced: number;
  confirmed: number;
  historyDays: number;
  /** Products of the category's groups that the content holds no record of. */
  unknownProducts: number;
}

export class RefusedDay extends Error {}

/**
 * The content's sets, card files and sealed files, listed and read as the build lists them (src/loaders/record-files.ts)
 * and kept as parsed, per file; the build that follows an import checks every record with the loaders' schemas.
 */
export function readPriceContent(contentDir: string): PriceContent {
  const texts = new Map<string, string>();
  const read = (path: string) => {
    const text = readFileSync(join(contentDir, path), 'utf8');
    texts.set(path, text);
    return JSON.parse(text);
  };
  const jsonFiles = (spec: RecordFiles) => {
    const folder = recordFilesIn(spec, contentDir);
    return existsSync(folder.dir) ? recordFileNames(folder).map((name) => `${spec.name}/${name}`) : [];
  };
  return {
    sets: read('sets.json'),
    cardFiles: new Map(jsonFiles(CARD_FILES).map((f) => [f, read(f)])),
    sealedFiles: new Map(jsonFiles(SEALED_FILES).map((f) => [f, read(f)])),
    texts,
  };
}

/**
 * The change record content holds for a day (content/changes/<asOf>.json), if any, validated as the build reads it:
 * a malformed record stops the import naming its file and field, rather than being merged into the day's.
 */
export function readChangeRecord(contentDir: string, asOf: string): ChangeRecord | undefined {
  const file = join(contentDir, 'changes', `${asOf}.json`);
  return existsSync(file) ? readValidatedJson(file, changeRecordSchema) : undefined;
}

/** The content as the change record compares it (src/catalogue/catalogue-changes.ts). */
export function catalogueOf(content: PriceContent): ContentCatalogue {
  return {
    sets: content.sets,
    cards: [...content.cardFiles.values()].flat(),
    sealed: [...content.sealedFiles].flatMap(([path, file]) => sealedProductsOf(file, path)),
  };
}

/** Where each product id's prices live: the card price lines that hold it, or the sealed product. */
interface ProductIndex {
  cards: Map<number, { card: CardEntry; line: PriceLine }[]>;
  sealed: Map<number, SealedProduct>;
}

function indexOf(content: PriceContent): ProductIndex {
  const cards = new Map<number, { card: CardEntry; line: PriceLine }[]>();
  for (const file of content.cardFiles.values()) {
    for (const card of file) {
      for (const line of card.prices) {
        if (line.productId === null) continue;
        const lines = cards.get(line.productId);
        lines ? lines.push({ card, line }) : cards.set(line.productId, [{ card, line }]);
      }
    }
  }
  const sealed = new Map<number, SealedProduct>();
  for (const { products } of content.sealedFiles.values()) for (const product of products) sealed.set(product.productId, product);
  return { cards, sealed };
}

/**
 * Applies one day to `content` in place and says what it did.
 * `recordChanges: false` skips the change record (the comparison of every item before and after).
 * @throws RefusedDay when the day is older than the content's prices and `allowOlder` is not set
 */
export function applyDay(content: PriceContent, day: TcgcsvDay, { allowOlder = false, recordChanges = true } = {}): DayReport {
  const before = catalogueOf(content);
  const asOf = pricesAsOfOf(before.cards, before.sealed);
  if (day.date < asOf && !allowOlder) {
    throw new RefusedDay(`${day.date} is older than the content's prices (${asOf}): refused, as it would fill in history only. Pass --allow-older to do that.`);
  }
  // What a client saw before the day, to compare with after it (a simulation of many days may skip it).
  const snapshot = recordChanges ? structuredClone(before) : null;
  const index = indexOf(content);
  const report: DayReport = {
    date: day.date,
    rows: 0,
    repriced: 0,
    confirmed: 0,
    historyDays: 0,
    unknownProducts: new Map(),
    unknownPrintings: [],
    repeated: 0,
    finishesTaken: [],
    byCategory: new Map(),
    changes: null,
  };
  const seen = new Set<string>();
  for (const group of day.groups) {
    const counted = { rows: report.rows, repriced: report.repriced, confirmed: report.confirmed, historyDays: report.historyDays };
    for (const row of group.rows) {
      report.rows++;
      const key = `${row.productId} ${row.subTypeName}`;
      if (seen.has(key)) {
        report.repeated++;
        continue;
      }
      seen.add(key);
      const product = index.sealed.get(row.productId);
      if (product) {
        landOnSealed(product, row, day.date, report);
        continue;
      }
      const lines = index.cards.get(row.productId);
      if (!lines) {
        const unknown = report.unknownProducts.get(group.groupId) ?? [];
        if (!unknown.includes(row.productId)) unknown.push(row.productId);
        report.unknownProducts.set(group.groupId, unknown);
        continue;
      }
      const variant = variantOf(row.subTypeName);
      const held = lines.filter(({ line }) => line.variant === variant);
      if (held.length === 0 && takesFinish(lines)) {
        const [{ card, line }] = lines;
        report.finishesTaken.push({ cardId: card.id, productId: row.productId, from: line.variant, to: variant });
        line.variant = variant;
        held.push(lines[0]);
      }
      if (held.length === 0) report.unknownPrintings.push({ productId: row.productId, subTypeName: row.subTypeName });
      for (const { card, line } of held) landOnCardLine(card, line, row, day.date, report);
    }
    const counts = report.byCategory.get(group.category) ?? { groups: 0, rows: 0, repriced: 0, confirmed: 0, historyDays: 0, unknownProducts: 0 };
    counts.groups++;
    counts.rows += report.rows - counted.rows;
    counts.repriced += report.repriced - counted.repriced;
    counts.confirmed += report.confirmed - counted.confirmed;
    counts.historyDays += report.historyDays - counted.historyDays;
    counts.unknownProducts += report.unknownProducts.get(group.groupId)?.length ?? 0;
    report.byCategory.set(group.category, counts);
  }
  report.changes = snapshot && catalogueChanges(snapshot, catalogueOf(content));
  return report;
}

/**
 * Whether a product's one line, on a Japanese card, takes the finish TCGplayer prices it in: a line the catalogue
 * sync listed from TCGdex's finish and nothing has priced yet, the product's only line, so that no other printing
 * can be meant. TCGplayer's finish is the one its prices are kept under (the Japanese import's rule). Once priced,
 * a line keeps its finish, and a row of another finish is reported.
 */
function takesFinish(lines: readonly { card: CardEntry; line: PriceLine }[]): boolean {
  if (lines.length !== 1) return false;
  const [{ card, line }] = lines;
  return card.language === 'ja' && line.source === LISTED_SOURCE && !hasPrices(line);
}

function landOnCardLine(card: CardEntry, line: PriceLine, row: TcgcsvRow, date: string, report: DayReport): void {
  // A line the catalogue sync listed and nothing has priced yet is dated by the day it was listed, which may be
  // after the day of the prices (a sync run after midnight): its first prices land whatever that date.
  if (date >= line.updatedAt || !hasPrices(line)) setPrices(line, row, date, report);
  // Content keeps the daily history of the primary printings, the ones that give a card its value.
  if (!line.primary || line.productId === null) return;
  let series = card.history.find((h) => h.variant === line.variant && h.productId === line.productId);
  if (!series) {
    if (row.marketPrice === null) return;
    series = { variant: line.variant, productId: line.productId, start: date, end: date, market: [row.marketPrice] };
    card.history.push(series);
    report.historyDays++;
    return;
  }
  if (setHistoryDay(series, date, row.marketPrice)) report.historyDays++;
}

function landOnSealed(product: SealedProduct, row: TcgcsvRow, date: string, report: DayReport): void {
  if (!product.price || date >= product.price.updatedAt) {
    product.price ??= { low: null, mid: null, high: null, market: null, directLow: null, updatedAt: date, source: DAILY_SOURCE };
    setPrices(product.price, row, date, report);
  }
  if (!product.history) {
    if (row.marketPrice === null) return;
    product.history = { start: date, end: date, market: [row.marketPrice] };
    report.historyDays++;
    return;
  }
  if (setHistoryDay(product.history, date, row.marketPrice)) report.historyDays++;
}

type Prices = Pick<PriceLine, 'low' | 'mid' | 'high' | 'market' | 'directLow' | 'updatedAt' | 'source'>;

function setPrices(prices: Prices, row: TcgcsvRow, date: string, report: DayReport): void {
  const next = { low: row.lowPrice, mid: row.midPrice, high: row.highPrice, market: row.marketPrice, directLow: row.directLowPrice };
  const moved = (Object.keys(next) as (keyof typeof next)[]).some((field) => prices[field] !== next[field]);
  if (!moved && prices.updatedAt === date) return;
  if (moved) report.repriced++;
  else report.confirmed++;
  Object.assign(prices, next, { updatedAt: date, source: DAILY_SOURCE });
}

/**
 * Sets a day's value in a daily series (one value per calendar day from start to end): past the end it is
 * appended, days between filled with null; inside, replaced; before the start, prepended (unless the series has
 * weekly closes there: a week's close is not made again from one day). Then the series is folded to the history
 * policy (foldHistory). Says whether anything changed.
 */
export function setHistoryDay(series: HistorySeries, date: string, value: number | null): boolean {
  const offset = daysBetween(series.start, date);
  if (offset >= series.market.length) {
    if (value === null) return false;
    series.market.push(...Array<null>(offset - series.market.length).fill(null), value);
    series.end = date;
  } else if (offset >= 0) {
    if (series.market[offset] === value) return false;
    series.market[offset] = value;
  } else {
    if (value === null || series.weekly) return false;
    series.market.unshift(value, ...Array<null>(-offset - 1).fill(null));
    series.start = date;
  }
  foldHistory(series);
  return true;
}

/** The files the content now holds that differ from what was read (path relative to content/ → text). */
export function changedFiles(content: PriceContent): Map<string, string> {
  const files = new Map<string, string>();
  const keep = (path: string, value: unknown) => {
    const text = `${formatJson(value)}\n`;
    if (content.texts.get(path) !== text) files.set(path, text);
  };
  for (const [path, cards] of content.cardFiles) keep(path, cards);
  for (const [path, file] of content.sealedFiles) keep(path, file);
  return files;
}

/**
 * One day's change record, with what an earlier run already recorded for the same day (a day imported in two
 * parts, or the day's catalogue sync and then its prices): the later run's entry for an item wins.
 */
export function mergeChangeRecords(earlier: ChangeRecord, later: ChangeRecord): ChangeRecord {
  const merge = <T extends { id: string; printing?: string }>(a: T[], b: T[]): T[] => {
    const keyOf = (item: T) => `${item.id} ${item.printing ?? ''}`;
    const replaced = new Set(b.map(keyOf));
    return [...a.filter((item) => !replaced.has(keyOf(item))), ...b];
  };
  const collection = (a: ChangeRecord['cards'], b: ChangeRecord['cards']): ChangeRecord['cards'] => ({
    added: merge(a.added, b.added),
    removed: merge(a.removed, b.removed),
    repriced: merge(a.repriced, b.repriced),
    band: merge(a.band, b.band),
    status: merge(a.status, b.status),
  });
  const sets = [...(earlier.sets?.added ?? []).filter((set) => !later.sets?.added.some((s) => s.id === set.id)), ...(later.sets?.added ?? [])];
  return {
    ...later,
    previousAsOf: earlier.previousAsOf,
    cards: collection(earlier.cards, later.cards),
    sealed: collection(earlier.sealed, later.sealed),
    printings: { repriced: merge(earlier.printings?.repriced ?? [], later.printings?.repriced ?? []) },
    ...(sets.length > 0 && { sets: { added: sets } }),
  };
}
