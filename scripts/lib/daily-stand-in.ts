import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ContentCatalogue, hasPrices, pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { roundUsd } from '../../src/catalogue/money.ts';
import { addDays } from '../../src/schemas/dates.ts';
import { categoryOfGroupIn, POKEMON_CATEGORY, type PriceCategory, subTypeNameOf, type TcgcsvRow } from './tcgcsv-days.ts';

/**
 * A stand-in on a loopback port for the daily job's two sources, so that scripts/replay-daily-job.ts plays the job
 * offline: tcgcsv.com (its publication stamp, groups, product lists and prices; the Japanese sets' groups in the
 * "Pokemon Japan" category, 85, as tcgcsv has them) and TCGdex's API. The day it
 * publishes is made from the content itself, the day after its newest prices: every product priced that day is
 * reported again, a third of them unchanged, a third up and a third down (by 1–8%, one in fifty by 15–40%, as a
 * hash of the product and printing decides, so the same content gives the same day), and one in four sealed
 * products content holds unpriced gets its first price. TCGdex and tcgcsv also know a set content lacks: a saved
 * reply (a folder in the layout of tests/fixtures/catalogue-sync/new-set) with its cards, its TCGplayer group, the
 * group's product list (cards and sealed products) and that group's prices. TCGdex's Japanese answers (under
 * `/tcgdex-ja`) are saved replies too (tests/fixtures/catalogue-sync/japanese), of sets the content may already hold.
 */

/** A day of prices made from content, by group, and how it moved them. */
export interface MovedDay {
  date: string;
  /** tcgcsv's rows of each group that day. */
  groups: Map<number, TcgcsvRow[]>;
  /** The category each group of the content is in (3, or 85 for a Japanese set's). */
  categoryOf: (groupId: number) => PriceCategory;
  /** Rows that moved up, down, or not at all; sealed products priced for the first time. */
  moves: { up: number; down: number; unchanged: number; firstPriced: number };
}

/** A saved reply of TCGdex and tcgcsv for a set content lacks (tests/fixtures/catalogue-sync/new-set). */
export interface SavedSet {
  /** TCGdex's replies: `sets.json`, `sets/<id>.json`, `cards/<id>.json`. */
  tcgdex: string;
  /** TCGdex's Japanese replies, in the same layout. */
  tcgdexJa: string;
  /** tcgcsv's groups (`tcgplayer/3/groups`), of which those content lacks are the new set's. */
  groups: { groupId: number; name: string }[];
  /** The new groups' product lists and a day of their prices, as tcgcsv's files. */
  products: Map<number, string>;
  prices: Map<number, string>;
}

/** FNV-1a: a stable hash of a string, so that a product moves the same way in every replay. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

type Prices = { low: number | null; mid: number | null; high: number | null; market: number | null; directLow: number | null };

/** The prices of a product and printing on the day after: their direction and size by the hash of its key. */
function moved(key: string, prices: Prices, moves: MovedDay['moves']): Omit<TcgcsvRow, 'productId' | 'subTypeName'> {
  const hash = fnv1a(key);
  const direction = hash % 3;
  const percent = (hash >>> 8) % 50 === 0 ? 15 + ((hash >>> 14) % 26) : 1 + ((hash >>> 14) % 8);
  const factor = direction === 0 ? 1 : direction === 1 ? 1 + percent / 100 : 1 - percent / 100;
  moves[direction === 0 ? 'unchanged' : direction === 1 ? 'up' : 'down']++;
  const at = (price: number | null) => (price === null ? null : roundUsd(price * factor));
  return {
    lowPrice: at(prices.low),
    midPrice: at(prices.mid),
    highPrice: at(prices.high),
    marketPrice: at(prices.market),
    directLowPrice: at(prices.directLow),
  };
}

/** The day after the content's newest prices, as tcgcsv would publish it: see the module's note. */
export function movedDayOf(content: ContentCatalogue): MovedDay {
  const asOf = pricesAsOfOf(content.cards, content.sealed);
  const day: MovedDay = {
    date: addDays(asOf, 1),
    groups: new Map(),
    categoryOf: categoryOfGroupIn(content),
    moves: { up: 0, down: 0, unchanged: 0, firstPriced: 0 },
  };
  const reported = new Set<string>();
  const report = (groupId: number, row: TcgcsvRow) => {
    const key = `${row.productId} ${row.subTypeName}`;
    if (reported.has(key)) return;
    reported.add(key);
    day.groups.set(groupId, [...(day.groups.get(groupId) ?? []), row]);
  };
  for (const card of content.cards) {
    for (const line of card.prices) {
      // What the marketplace reported on the last day it reports again; a stale line's product it no longer does.
      if (line.productId === null || line.groupId === null || line.updatedAt !== asOf || !hasPrices(line)) continue;
      const subTypeName = subTypeNameOf(line.variant);
      const key = `${line.productId} ${subTypeName}`;
      if (!reported.has(key)) report(line.groupId, { productId: line.productId, subTypeName, ...moved(key, line, day.moves) });
    }
  }
  for (const product of content.sealed) {
    const key = `${product.productId} Normal`;
    if (product.price?.updatedAt === asOf)
      report(product.group.id, { productId: product.productId, subTypeName: 'Normal', ...moved(key, product.price, day.moves) });
    else if (product.price === null && fnv1a(key) % 4 === 0) {
      const market = 20 + (fnv1a(key) % 180);
      report(product.group.id, {
        productId: product.productId,
        subTypeName: 'Normal',
        lowPrice: Math.round(market * 90) / 100,
        midPrice: Math.round(market * 105) / 100,
        highPrice: Math.round(market * 130) / 100,
        marketPrice: market,
        directLowPrice: null,
      });
      day.moves.firstPriced++;
    }
  }
  return day;
}

/** A saved new set, read from its folder (the layout of tests/fixtures/catalogue-sync/new-set); `held` are the groups content has. */
export function readSavedSet(dir: string, japanese: string, held: Set<number>): SavedSet {
  const category = join(dir, 'tcgcsv', 'tcgplayer', POKEMON_CATEGORY);
  const groups = (JSON.parse(readFileSync(join(category, 'groups'), 'utf8')) as { results: { groupId: number; name: string }[] }).results;
  const added = groups.filter((group) => !held.has(group.groupId));
  const [day] = readdirSync(join(dir, 'prices'));
  const file = (folder: string, groupId: number, name: string) => readFileSync(join(folder, String(groupId), name), 'utf8');
  return {
    tcgdex: join(dir, 'tcgdex'),
    tcgdexJa: japanese,
    groups: added.map(({ groupId, name }) => ({ groupId, name })),
    products: new Map(added.map(({ groupId }) => [groupId, file(category, groupId, 'products')])),
    prices: new Map(added.map(({ groupId }) => [groupId, file(join(dir, 'prices', day, POKEMON_CATEGORY), groupId, 'prices')])),
  };
}

/**
 * Starts the stand-in on a free loopback port: tcgcsv at its root, TCGdex under `/tcgdex`. `held` are the groups
 * content holds (each listed, and replied to with its rows of the day, or none).
 */
export async function startStandIn(day: MovedDay, held: Set<number>, saved: SavedSet): Promise<{ origin: string; close: () => Promise<void> }> {
  const ok = (results: unknown[]) => JSON.stringify({ totalItems: results.length, success: true, errors: [], results });
  const listed = new Map<number, string>([...held].map((groupId) => [groupId, `Group ${groupId}`]));
  for (const group of saved.groups) listed.set(group.groupId, group.name);
  const categoryOf = (groupId: number) => (saved.groups.some((g) => g.groupId === groupId) ? POKEMON_CATEGORY : day.categoryOf(groupId));
  const reply = (path: string): string | undefined => {
    if (path === '/last-updated.txt') return `${day.date}T20:05:33+0000\n`;
    const groups = /^\/tcgplayer\/(\d+)\/groups$/.exec(path)?.[1];
    if (groups)
      return ok([...listed].filter(([groupId]) => categoryOf(groupId) === groups).map(([groupId, name]) => ({ groupId, name, categoryId: Number(groups) })));
    const tcgcsv = /^\/tcgplayer\/(\d+)\/(\d+)\/(prices|products)$/.exec(path)?.slice(1);
    if (tcgcsv) {
      const groupId = Number(tcgcsv[1]);
      if (!listed.has(groupId) || categoryOf(groupId) !== tcgcsv[0]) return undefined;
      const savedFile = (tcgcsv[2] === 'prices' ? saved.prices : saved.products).get(groupId);
      // A held group lists no product the sync lacks: its new products are the saved set's.
      return savedFile ?? ok(tcgcsv[2] === 'prices' ? (day.groups.get(groupId) ?? []) : []);
    }
    const tcgdex = /^\/(tcgdex|tcgdex-ja)\/(sets|sets\/[\w.-]+|cards\/[\w.-]+)$/.exec(path)?.slice(1);
    if (tcgdex) {
      try {
        return readFileSync(join(tcgdex[0] === 'tcgdex' ? saved.tcgdex : saved.tcgdexJa, `${tcgdex[1]}.json`), 'utf8');
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
  const server = createServer((req, res) => {
    const body = reply(decodeURIComponent(new URL(req.url ?? '/', 'http://stand-in').pathname));
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json' }).end(body ?? '{}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}
