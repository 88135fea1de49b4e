import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type MoverSource, moverChanges } from '../catalogue/movers.ts';
import { pageUrl } from '../http/links.ts';
import { trendOf } from '../render/pages/trends.ts';
import type { SealedDetail } from '../schemas/api-types.ts';
import { contentKey } from './build-state.ts';
import { cacheOff } from './cache-switch.ts';

/**
 * What the whole-catalogue outputs take from each sealed product's history that costs to make, as the card
 * pieces do for the cards (src/pipeline/card-pieces.ts): its sparkline (a sealed product's weekly closes since
 * 2024 are the slowest trends to make) and how it moved in the movers' windows. Kept between builds in one
 * file (CACHE_DIR/sealed-pieces.json) by the key of the product's history, the as-of date and the code; the file
 * holds the last build's products only.
 */
export interface SealedPieces {
  /** The key of the product's history (with the as-of date and the code), or undefined without a history. */
  key(product: SealedDetail): string | undefined;
  /** JSON of the product's sparkline, or undefined without a history. */
  trend(product: SealedDetail): string | undefined;
  /** Its change in each of the movers' windows as they rank it (moverChanges), or undefined where it moved in none. */
  moves(product: SealedDetail): (number | null)[] | undefined;
  /** Writes the pieces this build used to the cache file (once, after the last output that reads them). */
  save(): void;
}

type Piece = [trend: string, moves: (number | null)[] | null];

const made = new WeakMap<object, SealedPieces>();

/** The sealed pieces of a catalogue (one per catalogue: `of`), kept in `file`; `codeVersion`: the code that makes them. */
export function sealedPiecesOf(of: object, sealed: readonly SealedDetail[], pricesAsOf: string, file: string, codeVersion: string): SealedPieces {
  let pieces = made.get(of);
  if (!pieces) made.set(of, (pieces = createSealedPieces(sealed, pricesAsOf, file, codeVersion)));
  return pieces;
}

function createSealedPieces(sealed: readonly SealedDetail[], pricesAsOf: string, file: string, codeVersion: string): SealedPieces {
  let cached: Record<string, Piece> | undefined;
  const used = new Map<string, Piece>();
  const keys = new WeakMap<SealedDetail, string>();
  let changed = false;
  let changesOf: ((source: MoverSource) => (number | null)[]) | undefined;
  const keyOf = (product: SealedDetail): string | undefined => {
    if (!product.history) return undefined;
    let key = keys.get(product);
    if (key === undefined) keys.set(product, (key = contentKey(codeVersion, pricesAsOf, JSON.stringify(product.history))));
    return key;
  };
  const pieceOf = (product: SealedDetail): Piece | undefined => {
    const key = keyOf(product);
    if (key === undefined) return undefined;
    let piece = used.get(key);
    if (piece) return piece;
    cached ??= readCache(file);
    piece = cached[key];
    if (!piece) {
      const history = product.history!;
      const source = { id: product.id, slug: product.slug, name: product.cleanName, url: pageUrl('sealed', product.slug), history };
      const moves = (changesOf ??= moverChanges(pricesAsOf))(source);
      piece = [JSON.stringify(trendOf(history)), moves.some((change) => change !== null) ? moves : null];
      changed = true;
    }
    used.set(key, piece);
    return piece;
  };
  return {
    key: keyOf,
    trend: (product) => pieceOf(product)?.[0],
    moves: (product) => pieceOf(product)?.[1] ?? undefined,
    save() {
      // Every product's pieces, so that the file never loses one this build did not happen to ask for.
      for (const product of sealed) pieceOf(product);
      if (!changed && used.size === Object.keys(cached ?? {}).length) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(Object.fromEntries(used)));
      changed = false;
    },
  };
}

function readCache(file: string): Record<string, Piece> {
  if (!existsSync(file) || cacheOff('sealed-pieces')) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Piece>;
  } catch {
    return {};
  }
}
