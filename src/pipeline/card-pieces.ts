import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { CROSSWALK_COLUMNS } from '../catalogue/crosswalk.ts';
import { type MoverSource, moverChanges } from '../catalogue/movers.ts';
import { type CardHistories, storedPrintingsOf } from '../collection/history-store.ts';
import { pageUrl } from '../http/links.ts';
import { type CsvColumn, columnsNamed } from '../render/csv.ts';
import { trendOf } from '../render/pages/trends.ts';
import type { CardDetail, History } from '../schemas/api-types.ts';
import type { CardSearchRecord } from '../search/card-searcher.ts';
import { contentKey } from './build-state.ts';
import { cardCsvColumnsOf, csvRowOf, printingCsvColumnsOf } from './bulk-files.ts';
import { type ByteTable, type CardFilePieces, createCardFileCache, type PiecesPart } from './card-file-cache.ts';
import type { Catalogue } from './catalogue.ts';

/**
 * What the whole-catalogue outputs take from each card, made once per card file and kept in the card file cache under
 * the file's key (Catalogue.cardFiles), so that a rebuild after one price changed joins the cached pieces of every
 * other file instead of deriving each card again: the key of the card's group of files (so that the card batches
 * know a card is unchanged without reading its JSON), its value history, sparkline, movers' changes and printings'
 * histories, and its rows of the bulk CSVs. The cards' NDJSON lines are read as bytes from the details part.
 * Everything made from the pieces is what was made from the cards, byte for byte: the contract tier compares.
 */
export interface CardPieces {
  /** The key of card `index`'s group of files: contentKey of its JSON. */
  key(index: number): string;
  /** Its value history (the detail's `history`). */
  history(index: number): History | undefined;
  /** JSON of its sparkline (trendOf of its history), or undefined without a history. */
  trend(index: number): string | undefined;
  /** Its change in each of the movers' windows as they rank it (moverChanges), or undefined where it moved in none. */
  moves(index: number): (number | null)[] | undefined;
  /** Its printings with a history, for the history store, or undefined where none has one. */
  storeEntry(index: number): CardHistories | undefined;
  /** The key of every card's id, sparkline and printings' histories: what the history store and the trends read. */
  historiesKey(): string;
  /** Every card's record in the search pack, as JSON bytes (JSON.stringify of cardSearchRecordOf), by card index. */
  searchRecords(): Buffer[];
  /**
   * The cards' parts of the open-data files, the cards in `order` (their indexes), filled card file by card file:
   * cards.ndjson written to `ndjsonFile`, each line where it goes (the build's largest file is never held), and
   * cards.csv, printings.csv and crosswalk.csv, after their header rows (`heads`), made at their size in memory.
   */
  bulk(order: readonly number[], heads: Record<BulkCsv, Buffer>, ndjsonFile: string): { ndjsonBytes: number; printingRows: number } & Record<BulkCsv, Buffer>;
}

/** The bulk CSVs a card has rows of. */
export type BulkCsv = 'csv' | 'printings' | 'crosswalk';

/** The pieces of a card, in three parts each read whole by its readers: the card batches', the search data's, the bulk files'. */
const PARTS = {
  keys: ['key', 'history', 'mover', 'histories'],
  search: ['trend', 'storeEntry', 'searchRecord'],
  bulk: ['csv', 'printings', 'printingRows', 'crosswalk', 'jsonBytes'],
} as const satisfies Record<PiecesPart, readonly string[]>;
type PieceName = (typeof PARTS)[PiecesPart][number];
/** Where a piece is: its part, and its place among the part's pieces. */
const PIECE = Object.fromEntries(Object.entries(PARTS).flatMap(([part, names]) => names.map((name, n) => [name, [part, n]]))) as Record<
  PieceName,
  [PiecesPart, number]
>;

const CRLF = '\r\n';

/**
 * Piece `n` of a file's cards, copied out of the bytes of the file's whole part into one buffer (views of it, card by
 * card), so that what a reader keeps of every file is only what it joins.
 */
function compact(pieces: ByteTable, n: number): Buffer[] {
  const ends = new Float64Array(pieces.cards + 1);
  for (let card = 0; card < pieces.cards; card++) ends[card + 1] = ends[card] + pieces.length(card, n);
  const bytes = Buffer.allocUnsafe(ends[pieces.cards]);
  for (let card = 0; card < pieces.cards; card++) pieces.copy(card, n, bytes, ends[card]);
  return Array.from({ length: pieces.cards }, (_, card) => bytes.subarray(ends[card], ends[card + 1]));
}

/** A byte table over texts held as strings (a file's pieces just made). */
function textTable(texts: readonly (readonly string[])[]): ByteTable {
  return {
    cards: texts.length,
    length: (card, n = 0) => Buffer.byteLength(texts[card][n]),
    text: (card, n) => texts[card][n],
    copy: (card, n, target, at) => target.write(texts[card][n], at, 'utf8'),
  };
}

const made = new WeakMap<Catalogue, CardPieces>();

/** Card `index` as the card search pack holds it (src/search/card-searcher.ts): its summary and search keys. */
export const cardSearchRecordOf = (catalogue: Pick<Catalogue, 'cards' | 'cardKeys'>, index: number): CardSearchRecord => {
  const summary = catalogue.cards[index];
  return { summary, ...catalogue.cardKeys.get(summary.id)! };
};

/** The pieces of the catalogue's cards (one reader per catalogue); `schemas` give the CSV columns. */
export function cardPiecesOf(catalogue: Catalogue, schemas: Readonly<Record<string, unknown>>, cacheDir: string): CardPieces {
  let pieces = made.get(catalogue);
  if (!pieces) made.set(catalogue, (pieces = createCardPieces(catalogue, schemas, cacheDir)));
  return pieces;
}

function createCardPieces(catalogue: Catalogue, schemas: Readonly<Record<string, unknown>>, cacheDir: string): CardPieces {
  const cache = createCardFileCache(cacheDir);
  const fileOf = new Int32Array(catalogue.cards.length);
  for (const [file, { start, end }] of catalogue.cardFiles.entries()) fileOf.fill(file, start, end);
  let columns: { cards: CsvColumn[]; printings: CsvColumn[]; crosswalk: CsvColumn[] } | undefined;
  let changesOf: ((source: MoverSource) => (number | null)[]) | undefined;

  /** A file's pieces made from its cards' JSON and summaries, written to the cache. */
  const make = (file: number): Record<PiecesPart, CardFilePieces> => {
    columns ??= { cards: cardCsvColumnsOf(schemas), printings: printingCsvColumnsOf(schemas), crosswalk: columnsNamed(CROSSWALK_COLUMNS) };
    const { name, key, start, end } = catalogue.cardFiles[file];
    const cards: Record<PieceName, string>[] = [];
    for (let i = start; i < end; i++) {
      const json = catalogue.cardJson(i);
      // The detail this build made is what its JSON says (the contract tier builds from the cache and clean and
      // compares); one read from the cache is parsed.
      const { id, slug, name: cardName, setName, history, valuePrinting, printings } = catalogue.cardDetailMade(i) ?? (JSON.parse(json) as CardDetail);
      const source = { id, slug, name: cardName, setName, url: pageUrl('cards', slug), history: history ?? undefined };
      const moves = history ? (changesOf ??= moverChanges(catalogue.pricesAsOf))(source) : [];
      const kept = storedPrintingsOf(printings);
      const entry: CardHistories = { id, valuePrinting: valuePrinting ?? undefined, printings: kept };
      const trend = history ? JSON.stringify(trendOf(history)) : '';
      const storeEntry = kept.length ? JSON.stringify(entry) : '';
      cards.push({
        key: contentKey(json),
        history: history ? JSON.stringify(history) : '',
        mover: moves.some((change) => change !== null) ? JSON.stringify(moves) : '',
        histories: trend || storeEntry ? contentKey(trend, storeEntry) : '',
        trend,
        storeEntry,
        searchRecord: JSON.stringify(cardSearchRecordOf(catalogue, i)),
        csv: `${csvRowOf(columns.cards, catalogue.cards[i])}${CRLF}`,
        printings: printings.map(({ history: _, ...printing }) => `${csvRowOf(columns!.printings, { cardId: id, ...printing })}${CRLF}`).join(''),
        printingRows: String(printings.length),
        crosswalk: `${csvRowOf(columns.crosswalk, catalogue.cardCrosswalk[i])}${CRLF}`,
        jsonBytes: String(Buffer.byteLength(json)),
      });
    }
    const parts = {} as Record<PiecesPart, CardFilePieces>;
    for (const [part, names] of Object.entries(PARTS) as [PiecesPart, readonly PieceName[]][]) {
      const texts = cards.map((card) => names.map((n) => card[n]));
      cache.writePieces(name, part, key, texts);
      parts[part] = textTable(texts);
    }
    return parts;
  };

  /** Each part's last files read: a reader asks for a file's cards together (in file order, whatever order it wants). */
  const recent: { part: PiecesPart; file: number; pieces: CardFilePieces }[] = [];
  const piecesOf = (part: PiecesPart, file: number): CardFilePieces => {
    const hit = recent.find((r) => r.part === part && r.file === file);
    if (hit) return hit.pieces;
    const { name, key, start, end } = catalogue.cardFiles[file];
    const cached = cache.readPieces(name, part, key);
    const pieces = cached?.cards === end - start ? cached : make(file)[part];
    recent.unshift({ part, file, pieces });
    recent.length = Math.min(recent.length, 4);
    return pieces;
  };
  /** Piece `name` of card `index` as text (undefined when empty). */
  const text = (index: number, name: PieceName, encoding: 'utf8' | 'latin1' = 'utf8'): string | undefined => {
    const file = fileOf[index];
    const [part, n] = PIECE[name];
    const pieces = piecesOf(part, file);
    const card = index - catalogue.cardFiles[file].start;
    return pieces.length(card, n) ? pieces.text(card, n, encoding) : undefined;
  };

  return {
    key: (index) => text(index, 'key', 'latin1')!,
    history(index) {
      const json = text(index, 'history');
      return json === undefined ? undefined : (JSON.parse(json) as History);
    },
    trend: (index) => text(index, 'trend'),
    moves(index) {
      const json = text(index, 'mover', 'latin1');
      return json === undefined ? undefined : (JSON.parse(json) as (number | null)[]);
    },
    storeEntry(index) {
      const json = text(index, 'storeEntry');
      return json === undefined ? undefined : (JSON.parse(json) as CardHistories);
    },
    historiesKey() {
      const hash = createHash('sha256');
      for (let i = 0; i < catalogue.cards.length; i++) hash.update(`${catalogue.cards[i].id}\0${text(i, 'histories', 'latin1') ?? ''}\n`);
      return hash.digest('base64url');
    },
    searchRecords() {
      return catalogue.cardFiles.flatMap((_, file) => compact(piecesOf('search', file), PIECE.searchRecord[1]));
    },
    bulk(order, heads, ndjsonFile) {
      const count = catalogue.cards.length;
      if (order.length !== count) throw new Error(`card pieces: the bulk order has ${order.length} cards of ${count}`);
      const csvs: BulkCsv[] = ['csv', 'printings', 'crosswalk'];
      // The details part's lines are the cards' JSON as the detail files hold it; made again when it is not whole.
      const jsonsOf = (file: number): ByteTable => {
        const { name, key, start, end } = catalogue.cardFiles[file];
        const lines = cache.readDetailBytes(name, key);
        return lines?.cards === end - start ? lines : textTable(Array.from({ length: end - start }, (_, card) => [catalogue.cardJson(start + card)]));
      };
      /** Each card with its file's bulk pieces (and its JSON lines, unless `withJson` is false), and its place in them. */
      const eachCard = (withJson: boolean, visit: (index: number, pieces: ByteTable, jsons: ByteTable | undefined, card: number) => void) => {
        for (const [file, { name, key, start, end }] of catalogue.cardFiles.entries()) {
          const cached = cache.readPieces(name, 'bulk', key);
          const pieces = cached?.cards === end - start ? cached : make(file).bulk;
          const jsons = withJson ? jsonsOf(file) : undefined;
          for (let i = start; i < end; i++) visit(i, pieces, jsons, i - start);
        }
      };
      // First the lengths (from the bulk pieces alone, not the far larger details), then each file's bytes where they go.
      const lengths = { ndjson: new Float64Array(count), csv: new Float64Array(count), printings: new Float64Array(count), crosswalk: new Float64Array(count) };
      let printingRows = 0;
      eachCard(false, (i, pieces, _, card) => {
        lengths.ndjson[i] = Number(pieces.text(card, PIECE.jsonBytes[1], 'latin1')) + 1;
        for (const csv of csvs) lengths[csv][i] = pieces.length(card, PIECE[csv][1]);
        printingRows += Number(pieces.text(card, PIECE.printingRows[1], 'latin1'));
      });
      const placesOf = (part: keyof typeof lengths, headLength: number) => {
        const at = new Float64Array(count);
        let end = headLength;
        for (const i of order) {
          at[i] = end;
          end += lengths[part][i];
        }
        return { at, end };
      };
      const placed = (part: BulkCsv) => {
        const { at, end } = placesOf(part, heads[part].length);
        const bytes = Buffer.allocUnsafe(end);
        heads[part].copy(bytes);
        return { at, bytes };
      };
      const out = { csv: placed('csv'), printings: placed('printings'), crosswalk: placed('crosswalk') };
      const ndjson = placesOf('ndjson', 0);
      const lines = positionalWriter(ndjsonFile);
      let filled = 0;
      try {
        eachCard(true, (i, pieces, jsons, card) => {
          const length = lengths.ndjson[i];
          lines.write(ndjson.at[i], length, (target, at) => {
            const copied = jsons!.copy(card, 0, target, at);
            if (copied + 1 !== length) throw new Error(`card pieces: card ${catalogue.cards[i].id}'s JSON changed length between two reads`);
            target[at + copied] = 10;
          });
          for (const csv of csvs) filled += pieces.copy(card, PIECE[csv][1], out[csv].bytes, out[csv].at[i]);
          filled += length;
        });
      } finally {
        lines.close();
      }
      const total = ndjson.end + csvs.reduce((n, csv) => n + out[csv].bytes.length - heads[csv].length, 0);
      if (filled !== total) throw new Error(`card pieces: ${filled} bytes of the bulk files filled of ${total}`);
      return { ndjsonBytes: ndjson.end, csv: out.csv.bytes, printings: out.printings.bytes, crosswalk: out.crosswalk.bytes, printingRows };
    },
  };
}

/** Bytes written before a write that does not follow the last goes to the file: one system call per run of lines. */
const RUN_BYTES = 1 << 20;

/**
 * A new file (`path`, truncated) written at the places given rather than in order: each write says where its bytes
 * go, their length and how to fill them into a buffer. Writes that follow one another are gathered into one.
 */
function positionalWriter(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  let run = Buffer.allocUnsafe(RUN_BYTES);
  let runAt = 0;
  let runLength = 0;
  const flush = () => {
    for (let done = 0; done < runLength; ) done += writeSync(fd, run, done, runLength - done, runAt + done);
    runLength = 0;
  };
  return {
    write(at: number, length: number, fill: (target: Buffer, offset: number) => void): void {
      if (at !== runAt + runLength || runLength + length > run.length) {
        flush();
        runAt = at;
        if (length > run.length) run = Buffer.allocUnsafe(length);
      }
      fill(run, runLength);
      runLength += length;
    },
    close() {
      try {
        flush();
      } finally {
        closeSync(fd);
      }
    },
  };
}
