import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { roundUsd } from '../../src/catalogue/money.ts';
import { addDays } from '../../src/schemas/dates.ts';
import { catalogueOf, type PriceContent } from './price-import.ts';
import { categoryOfGroupIn, type PriceCategory, subTypeNameOf, type TcgcsvDay, type TcgcsvRow } from './tcgcsv-days.ts';

/**
 * Simulated days of TCGplayer prices for the whole catalogue a content folder holds, in tcgcsv's shape
 * (tcgcsv-days.ts), for the price benchmarks (scripts/bench-prices.ts, `bench-build.ts --price-days N`).
 *
 * Day N is N days after the content's newest price date. Each day has one group per TCGplayer group the
 * content names (a card price line's `groupId`; a sealed product's file's `group.id`), with one row per
 * product and printing the content holds (a card line's `variant` turned back into its `subTypeName`; sealed
 * products are `Normal`; sealed products without a price and card lines without a product or group id are
 * left out). Prices start at the content's and follow a seeded random walk: each day about MOVE_SHARE of the
 * rows move by up to ±MAX_MOVE (every price of the row by the same factor, rounded to cents) and about
 * MISSING_SHARE of the products are missing from the day. Deterministic: the same content and seed give the
 * same days, byte for byte.
 */

/** Share of the rows whose prices move on a day. */
export const MOVE_SHARE = 0.3;
/** The largest move of a day, as a share of the price. */
export const MAX_MOVE = 0.05;
/** Share of the products missing from a day. */
export const MISSING_SHARE = 0.01;

/** mulberry32: small, fast and plenty for a benchmark's data. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Walk {
  groupId: number;
  category: PriceCategory;
  /** The rows of each product, in order; a product is present or missing as a whole. */
  products: TcgcsvRow[][];
}

/** The rows the content holds, by group, each with the content's prices: the walks' starting points. */
function walksOf(content: PriceContent): Walk[] {
  const groups = new Map<number, Map<number, Map<string, TcgcsvRow>>>();
  const add = (groupId: number, productId: number, subTypeName: string, prices: Omit<TcgcsvRow, 'productId' | 'subTypeName'>) => {
    let products = groups.get(groupId);
    if (!products) groups.set(groupId, (products = new Map()));
    let rows = products.get(productId);
    if (!rows) products.set(productId, (rows = new Map()));
    if (!rows.has(subTypeName)) rows.set(subTypeName, { productId, subTypeName, ...prices });
  };
  for (const cards of content.cardFiles.values()) {
    for (const card of cards) {
      for (const line of card.prices) {
        if (line.productId === null || line.groupId === null) continue;
        const subTypeName = subTypeNameOf(line.variant);
        add(line.groupId, line.productId, subTypeName, {
          lowPrice: line.low,
          midPrice: line.mid,
          highPrice: line.high,
          marketPrice: line.market,
          directLowPrice: line.directLow,
        });
      }
    }
  }
  for (const { group, productId, price } of catalogueOf(content).sealed) {
    if (price) {
      add(group.id, productId, 'Normal', {
        lowPrice: price.low,
        midPrice: price.mid,
        highPrice: price.high,
        marketPrice: price.market,
        directLowPrice: price.directLow,
      });
    }
  }
  const categoryOf = categoryOfGroupIn(catalogueOf(content));
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([groupId, products]) => ({
      groupId,
      category: categoryOf(groupId),
      products: [...products]
        .sort(([a], [b]) => a - b)
        .map(([, rows]) => [...rows.values()].sort((a, b) => (a.subTypeName < b.subTypeName ? -1 : a.subTypeName > b.subTypeName ? 1 : 0))),
    }));
}

const PRICE_FIELDS = ['lowPrice', 'midPrice', 'highPrice', 'marketPrice', 'directLowPrice'] as const;

/** A price times `factor`, in cents; a price above zero stays at a cent at least. */
const moved = (price: number | null, factor: number) => (price === null ? null : price === 0 ? 0 : Math.max(0.01, roundUsd(price * factor)));

export interface SimulationOptions {
  /** The random walk's seed (default 1). */
  seed?: number;
}

/**
 * The simulated days after the content's prices, one after another (day 1 first, without end): take as
 * many as needed. The content is read once, when the first day is asked for; changing it afterwards (by
 * importing the days) does not change the days that follow.
 */
export function* simulatedDays(content: PriceContent, { seed = 1 }: SimulationOptions = {}): Generator<TcgcsvDay> {
  const { cards, sealed } = catalogueOf(content);
  const asOf = pricesAsOfOf(cards, sealed);
  if (!asOf) throw new Error('simulated-days: the content holds no price date');
  const walks = walksOf(content);
  const random = randomOf(seed);
  for (let n = 1; ; n++) {
    const date = addDays(asOf, n);
    const groups = walks.map(({ groupId, category, products }) => {
      const rows: TcgcsvRow[] = [];
      for (const product of products) {
        if (random() < MISSING_SHARE) continue;
        for (const row of product) {
          if (random() < MOVE_SHARE) {
            const factor = 1 + (2 * random() - 1) * MAX_MOVE;
            for (const field of PRICE_FIELDS) row[field] = moved(row[field], factor);
          }
          rows.push({ ...row });
        }
      }
      return { groupId, category, path: `simulated/${date}/${category}/${groupId}/prices`, rows };
    });
    yield { date, groups: groups.filter((group) => group.rows.length > 0) };
  }
}

/** The first `count` simulated days (see simulatedDays). */
export function takeSimulatedDays(content: PriceContent, count: number, options: SimulationOptions = {}): TcgcsvDay[] {
  const days: TcgcsvDay[] = [];
  if (count <= 0) return days;
  for (const day of simulatedDays(content, options)) {
    days.push(day);
    if (days.length === count) break;
  }
  return days;
}

/**
 * Writes a day in tcgcsv's layout, `<dir>/<date>/<category>/<groupId>/prices` (one JSON line per file, fields in
 * tcgcsv's order), and returns the day's folder, which `import-catalogue.ts --tcgcsv` reads.
 */
export function writeTcgcsvDay(day: TcgcsvDay, dir: string): string {
  const folder = join(dir, day.date);
  for (const group of day.groups) {
    const groupFolder = join(folder, group.category, String(group.groupId));
    mkdirSync(groupFolder, { recursive: true });
    const results = group.rows.map(({ productId, lowPrice, midPrice, highPrice, marketPrice, directLowPrice, subTypeName }) => ({
      productId,
      lowPrice,
      midPrice,
      highPrice,
      marketPrice,
      directLowPrice,
      subTypeName,
    }));
    writeFileSync(join(groupFolder, 'prices'), JSON.stringify({ success: true, errors: [], results }));
  }
  return folder;
}
