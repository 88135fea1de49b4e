import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the build derives from each card file (content/cards/<set>.json), kept between builds in CACHE_DIR/card-files/:
 * deriving every card was most of a rebuild, and an editor's commit changes one file. Each part is under the key of
 * what it is derived from:
 *
 * - the index (`<set>.index`): per card what lists, search and checks need; keyed by the file's text, the sets and
 *   the code;
 * - the details (`<set>.details`): per card its JSON (its .json file and bulk line); keyed by the index's key, the
 *   catalogue's as-of date and the change records;
 * - the pieces (`<set>.keys`, `.search`, `.bulk`): what the whole-catalogue outputs take from each card
 *   (src/pipeline/card-pieces.ts), as bytes to be joined; under the details' key.
 *
 * A part's first line is its key (contentKey, src/pipeline/build-state.ts): a part whose key differs, or that was cut
 * short, is made again. tests/contract/incremental-build.test.ts changes each input of a key in turn (the file, the
 * sets, the code, the as-of date, the change records) and compares the rebuild with a clean build.
 */
export interface CardFileCache {
  readIndex<T>(file: string, key: string): T | undefined;
  writeIndex(file: string, key: string, index: unknown): void;
  /** Each card's JSON, in file order. */
  readDetails(file: string, key: string): string[] | undefined;
  writeDetails(file: string, key: string, jsons: readonly string[]): void;
  /** Each card's JSON as the bytes of the details part (its bulk line without the line end), or undefined as readDetails. */
  readDetailBytes(file: string, key: string): ByteTable | undefined;
  readPieces(file: string, part: PiecesPart, key: string): CardFilePieces | undefined;
  /** `pieces`: per card, its pieces in the same order (as many for each card). */
  writePieces(file: string, part: PiecesPart, key: string, pieces: readonly (readonly string[])[]): void;
  /** Removes the parts of files that are no longer in the catalogue. */
  keepOnly(files: string[]): void;
}

/** The parts of a file's pieces (src/pipeline/card-pieces.ts). */
export type PiecesPart = 'keys' | 'search' | 'bulk';
type CardFilePart = 'index' | 'details' | PiecesPart;
const PARTS: CardFilePart[] = ['index', 'details', 'keys', 'search', 'bulk'];

/**
 * Texts of a file's cards as bytes, read where they lie in the part's bytes (no view made of each): the nth text of
 * the card at position `card` (the details' JSON: n is 0).
 */
export interface ByteTable {
  cards: number;
  length(card: number, n?: number): number;
  text(card: number, n: number, encoding: 'utf8' | 'latin1'): string;
  /** Copies the text's bytes into `target` at `at`; returns how many. */
  copy(card: number, n: number, target: Buffer, at: number): number;
}

/** The pieces of a file's cards (src/pipeline/card-pieces.ts). */
export type CardFilePieces = ByteTable;

/** A byte table over `bytes`, its texts starting at `starts` (n texts a card; the last start is where the last ends). */
function byteTable(bytes: Buffer, starts: Float64Array, texts: number): ByteTable {
  const at = (card: number, n = 0) => card * texts + n;
  return {
    cards: (starts.length - 1) / texts,
    length: (card, n) => starts[at(card, n) + 1] - starts[at(card, n)],
    text: (card, n, encoding) => bytes.toString(encoding, starts[at(card, n)], starts[at(card, n) + 1]),
    copy: (card, n, target, to) => bytes.copy(target, to, starts[at(card, n)], starts[at(card, n) + 1]),
  };
}

/** A byte table of lines: `starts` holds each line's start, then where a line after the last would start. */
function lineTable(bytes: Buffer, starts: number[]): ByteTable {
  const ends = Float64Array.from(starts, (start) => start - 1);
  return {
    cards: starts.length - 1,
    length: (card) => ends[card + 1] - starts[card],
    text: (card, _, encoding) => bytes.toString(encoding, starts[card], ends[card + 1]),
    copy: (card, _, target, to) => bytes.copy(target, to, starts[card], ends[card + 1]),
  };
}

/** The last line of a whole details part: a part cut short ends elsewhere. */
const END = '"end"';

export function createCardFileCache(dir: string): CardFileCache {
  const pathOf = (file: string, part: CardFilePart) => join(dir, `${file.replace(/\.json$/, '')}.${part}`);
  let made = false;
  const write = (file: string, part: CardFilePart, text: string | Buffer) => {
    if (!made) mkdirSync(dir, { recursive: true });
    made = true;
    writeFileSync(pathOf(file, part), text);
  };
  /** The lines of a part, or undefined when there is none. */
  const linesOf = (file: string, part: CardFilePart): string[] | undefined => {
    const path = pathOf(file, part);
    return existsSync(path) ? readFileSync(path, 'utf8').split('\n') : undefined;
  };
  return {
    readIndex<T>(file: string, key: string): T | undefined {
      const [head, body] = linesOf(file, 'index') ?? [];
      // A part cut short (a build killed while writing it) has no body, or a body that does not parse: made again.
      if (head !== JSON.stringify(key) || body === undefined) return undefined;
      try {
        return JSON.parse(body) as T;
      } catch {
        return undefined;
      }
    },
    writeIndex(file, key, index) {
      write(file, 'index', `${JSON.stringify(key)}\n${JSON.stringify(index)}`);
    },
    /**
     * The details are lines: the key, then each card's JSON as it is (JSON text holds no raw newline). Read back
     * by splitting, not parsing: far cheaper than a JSON array of the texts.
     */
    readDetails(file, key) {
      const lines = linesOf(file, 'details');
      return lines && lines[0] === JSON.stringify(key) && lines.at(-1) === END ? lines.slice(1, -1) : undefined;
    },
    writeDetails(file, key, jsons) {
      write(file, 'details', [JSON.stringify(key), ...jsons, END].join('\n'));
    },
    readDetailBytes(file, key) {
      const path = pathOf(file, 'details');
      if (!existsSync(path)) return undefined;
      const bytes = readFileSync(path);
      const head = Buffer.from(`${JSON.stringify(key)}\n`);
      const tail = Buffer.from(`\n${END}`);
      if (!bytes.subarray(0, head.length).equals(head) || !bytes.subarray(bytes.length - tail.length).equals(tail)) return undefined;
      // Past the key, the lines before END are the cards' JSON (a start each, and where the last ends).
      const starts: number[] = [];
      let start = head.length;
      const end = bytes.length - tail.length;
      while (start <= end) {
        starts.push(start);
        const stop = bytes.indexOf(10, start);
        start = stop === -1 || stop > end ? end + 1 : stop + 1;
      }
      starts.push(end + 1);
      // Each text ends before the newline that follows it: its length is the distance to the next start, less one.
      return lineTable(bytes, starts);
    },
    /**
     * The pieces part: the key, then a JSON line with the number of cards, of pieces a card, and every piece's
     * length in bytes (card by card), then the pieces' bytes one after another. Read back by slicing, not parsing.
     */
    readPieces(file, part, key) {
      const path = pathOf(file, part);
      if (!existsSync(path)) return undefined;
      const bytes = readFileSync(path);
      const head = Buffer.from(`${JSON.stringify(key)}\n`);
      if (!bytes.subarray(0, head.length).equals(head)) return undefined;
      const headerEnd = bytes.indexOf(10, head.length);
      if (headerEnd === -1) return undefined;
      let header: { cards: number; pieces: number; lengths: number[] };
      try {
        header = JSON.parse(bytes.toString('utf8', head.length, headerEnd));
      } catch {
        return undefined;
      }
      const { cards, pieces, lengths } = header;
      if (!Array.isArray(lengths) || lengths.length !== cards * pieces) return undefined;
      const starts = new Float64Array(lengths.length + 1);
      starts[0] = headerEnd + 1;
      for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i] + lengths[i];
      // A part cut short (a build killed while writing it) is shorter than its header says.
      if (starts[lengths.length] !== bytes.length) return undefined;
      return byteTable(bytes, starts, pieces);
    },
    writePieces(file, part, key, pieces) {
      const texts = pieces.flat();
      const header = { cards: pieces.length, pieces: pieces[0]?.length ?? 0, lengths: texts.map((t) => Buffer.byteLength(t)) };
      if (pieces.some((card) => card.length !== header.pieces)) throw new Error(`card file cache: ${file}: every card must have as many pieces`);
      // Written as one text: each piece's UTF-8 is its own, as no piece ends in half a surrogate pair (the pieces are
      // JSON, which escapes a lone one, CSV rows ending in CRLF, keys and digits).
      write(file, part, `${JSON.stringify(key)}\n${JSON.stringify(header)}\n${texts.join('')}`);
    },
    keepOnly(files) {
      if (!existsSync(dir)) return;
      const live = new Set(files.flatMap((file) => PARTS.map((part) => pathOf(file, part))));
      for (const name of readdirSync(dir)) if (!live.has(join(dir, name))) rmSync(join(dir, name), { force: true });
    },
  };
}
