/**
 * The known prices a list reads when it is valued as of a date or over time, and the feeds read: every card
 * printing's and sealed product's latest record and price history (src/catalogue/price-on-day.ts), as one binary
 * file the build writes beside the search packs (src/pipeline/emit-files.ts) and the list worker
 * reads on the first list that asks (src/server/list-worker.ts). The search packs carry each item's value today
 * and no history; the cards' JSON files carry it but are a file a card.
 *
 * Layout (numbers little-endian):
 *   bytes 0–7    "CVHIST02"
 *   bytes 8–11   header length H (uint32)
 *   bytes 12–    header: JSON, UTF-8: { cards: [[card id, value printing's index or -1, printing id, …]], sealed: [product id, …] }.
 *                The series are numbered in that order: each card's printings, then the sealed products.
 *   then         per series, SERIES_FIELDS int32: daily start (days since 1970-01-01, −1 without a history), daily
 *                length, weekly start (the same, −1 without weeks), weekly length, the byte offset of its values in
 *                the values section, and its latest record: its day (−1 without one) and its price in cents (−1 for none)
 *   then         the values: per series its weekly closes then its daily values, each a LEB128 varint of
 *                0 for no price, else 1 + the zigzagged difference in cents from the series' previous price.
 * Prices move little from one day to the next, so a value takes about one byte (four as float32 or cents in
 * uint32): about half the store is values, half the ids and the table (`npm run bench:collection` prints its size).
 * A series is decoded whole when a line asks for it. Prices are kept in cents, as the API rounds them.
 */
import type { PriceSeries } from '../catalogue/price-history.ts';
import { type KnownPrices, knownPricesOf, pricesFrom } from '../catalogue/price-on-day.ts';
import type { Market, Printing } from '../schemas/api-types.ts';
import { dateOfDay, dayOf } from '../schemas/dates.ts';

export const HISTORY_STORE_FILE = 'search/histories.bin';

const MAGIC = 'CVHIST02';
const PREAMBLE = MAGIC.length + 4;
const SERIES_FIELDS = 7;

/** A card's printings with what is known of their prices, and which of them gives the card's value (its detail's valuePrinting). */
export interface CardHistories {
  id: string;
  valuePrinting?: string;
  printings: ({ id: string } & KnownPrices)[];
}

export type SealedHistory = { productId: number } & KnownPrices;

export interface HistoryStore {
  /** A card printing's known prices; without `printingId`, those of the printing that gives the card's value. */
  card(cardId: string, printingId?: string): KnownPrices | undefined;
  /** The id of the printing that gives a card's value (what `card` reads without one named). */
  valuePrinting(cardId: string): string | undefined;
  sealed(productId: number): KnownPrices | undefined;
  /** How many series and values the store holds: for the benchmark and the docs. */
  readonly size: { series: number; values: number };
}

interface Header {
  cards: [string, number, ...string[]][];
  sealed: number[];
}

/**
 * A card's printings as the store keeps them (its detail's `printings`): each with its latest record and its history.
 * @example storedPrintingsOf(charizard.printings)[0] // { id: 'shadowless-holofoil', latest: { date: '2025-10-20', usd: 1997.59 } }
 */
export const storedPrintingsOf = (printings: readonly Printing[]): CardHistories['printings'] =>
  printings.map((p) => ({ id: p.id, ...knownPricesOf({ market: p.marketPrice, updatedAt: p.updatedAt }, p.history) }));

/** A sealed product as the store keeps it (from its detail): its latest record and its history. */
export const storedSealedOf = ({ productId, market, history }: { productId: number; market: Market | null; history?: PriceSeries }): SealedHistory => ({
  productId,
  ...knownPricesOf(market && { market: market.marketPrice, updatedAt: market.updatedAt }, history),
});

/**
 * The first day any of these histories reaches, or `otherwise` when none is earlier: the first day a list may be
 * valued as of. Histories only: a stale latest record with no history (a price recorded in July and not since) would
 * open months in which nothing else has a price.
 */
export function firstPriceDay(cards: readonly CardHistories[], sealed: readonly SealedHistory[], otherwise: string): string {
  let first = otherwise;
  for (const { history } of [...cards.flatMap((card) => card.printings), ...sealed]) {
    const from = history && pricesFrom({ history });
    if (from !== undefined && from < first) first = from;
  }
  return first;
}

/** Bytes that grow as they are written. */
function byteWriter() {
  let bytes = new Uint8Array(1 << 16);
  let length = 0;
  const room = (n: number) => {
    if (length + n <= bytes.length) return;
    const grown = new Uint8Array(Math.max(bytes.length * 2, length + n));
    grown.set(bytes.subarray(0, length));
    bytes = grown;
  };
  return {
    get length() {
      return length;
    },
    varint(value: number) {
      room(8);
      let rest = value;
      while (rest >= 0x80) {
        bytes[length++] = (rest % 0x80) | 0x80;
        rest = Math.floor(rest / 0x80);
      }
      bytes[length++] = rest;
    },
    bytes: () => bytes.subarray(0, length),
  };
}

/**
 * The store's bytes. The same known prices always give the same bytes.
 * @example readHistoryStore(writeHistoryStore([{ id: 'base1-4', valuePrinting: 'holofoil', printings: [{ id: 'holofoil', history, latest }] }], [])).card('base1-4') // { history, latest }
 */
export function writeHistoryStore(cards: Iterable<CardHistories>, sealed: Iterable<SealedHistory>): Uint8Array<ArrayBuffer> {
  const header: Header = { cards: [], sealed: [] };
  const table: number[] = [];
  const values = byteWriter();
  const add = ({ history, latest }: KnownPrices) => {
    const weekly = history?.weekly?.market ?? [];
    const daily = history?.market ?? [];
    table.push(history ? dayOf(history.start) : -1, daily.length, history?.weekly ? dayOf(history.weekly.start) : -1, weekly.length, values.length);
    table.push(latest ? dayOf(latest.date) : -1, latest === undefined || latest.usd === null ? -1 : Math.round(latest.usd * 100));
    let previous = 0;
    for (const usd of [...weekly, ...daily]) {
      if (usd === null) {
        values.varint(0);
        continue;
      }
      const cents = Math.round(usd * 100);
      const change = cents - previous;
      values.varint(1 + (change >= 0 ? 2 * change : -2 * change - 1));
      previous = cents;
    }
  };
  for (const card of cards) {
    if (card.printings.length === 0) continue;
    header.cards.push([card.id, card.printings.findIndex((p) => p.id === card.valuePrinting), ...card.printings.map((p) => p.id)]);
    for (const printing of card.printings) add(printing);
  }
  for (const product of sealed) {
    header.sealed.push(product.productId);
    add(product);
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const tableStart = Math.ceil((PREAMBLE + headerBytes.length) / 4) * 4;
  const valuesStart = tableStart + table.length * 4;
  const out = new Uint8Array(valuesStart + values.length);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC));
  view.setUint32(MAGIC.length, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE);
  for (const [i, n] of table.entries()) view.setInt32(tableStart + i * 4, n, true);
  out.set(values.bytes(), valuesStart);
  return out;
}

/** The store over its bytes (read whole, never copied); series are decoded when asked for. */
export function readHistoryStore(bytes: Uint8Array, name = HISTORY_STORE_FILE): HistoryStore {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error(`${name} is not a history store of this version`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREAMBLE, PREAMBLE + headerLength))) as Header;
  const tableStart = Math.ceil((PREAMBLE + headerLength) / 4) * 4;
  const seriesCount = header.cards.reduce((n, card) => n + card.length - 2, 0) + header.sealed.length;
  const valuesStart = tableStart + seriesCount * SERIES_FIELDS * 4;
  // Each card's first series; a card's printings follow it in the header's order.
  const firstOfCard = new Map<string, number>();
  let next = 0;
  for (const card of header.cards) {
    firstOfCard.set(card[0], next);
    next += card.length - 2;
  }
  const sealedSeries = new Map(header.sealed.map((productId, i) => [productId, next + i]));
  const cardOf = new Map(header.cards.map((card) => [card[0], card]));
  const field = (series: number, i: number) => view.getInt32(tableStart + (series * SERIES_FIELDS + i) * 4, true);
  let values = 0;
  for (let series = 0; series < seriesCount; series++) values += field(series, 1) + field(series, 3);

  function decode(series: number): KnownPrices {
    const known: KnownPrices = {};
    const latestDay = field(series, 5);
    if (latestDay >= 0) known.latest = { date: dateOfDay(latestDay), usd: field(series, 6) < 0 ? null : field(series, 6) / 100 };
    const start = field(series, 0);
    if (start < 0) return known;
    const dailyLength = field(series, 1);
    const weeklyStart = field(series, 2);
    const weeklyLength = field(series, 3);
    const market: (number | null)[] = new Array(weeklyLength + dailyLength);
    let at = valuesStart + field(series, 4);
    let previous = 0;
    for (let i = 0; i < market.length; i++) {
      let code = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = bytes[at++];
        code += (byte & 0x7f) * scale;
        scale *= 0x80;
      } while (byte & 0x80);
      if (code === 0) {
        market[i] = null;
        continue;
      }
      const zigzag = code - 1;
      previous += zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
      market[i] = previous / 100;
    }
    const history: PriceSeries = { start: dateOfDay(start), end: dateOfDay(start + dailyLength - 1), market: market.slice(weeklyLength) };
    if (weeklyStart >= 0) {
      history.weekly = { start: dateOfDay(weeklyStart), end: dateOfDay(weeklyStart + 7 * (weeklyLength - 1)), market: market.slice(0, weeklyLength) };
    }
    known.history = history;
    return known;
  }

  return {
    card(cardId, printingId) {
      const card = cardOf.get(cardId);
      if (!card) return undefined;
      const index = printingId === undefined ? card[1] : card.indexOf(printingId, 2) - 2;
      return index < 0 ? undefined : decode(firstOfCard.get(cardId)! + index);
    },
    valuePrinting(cardId) {
      const card = cardOf.get(cardId);
      return card && card[1] >= 0 ? (card[2 + card[1]] as string) : undefined;
    },
    sealed(productId) {
      const series = sealedSeries.get(productId);
      return series === undefined ? undefined : decode(series);
    },
    size: { series: seriesCount, values },
  };
}
