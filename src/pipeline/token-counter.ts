import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k_base from 'js-tiktoken/ranks/o200k_base';

/**
 * Token counts of the Markdown files (js-tiktoken, o200k_base), counted on the
 * exact bytes served and cached by content hash: a rebuild with unchanged
 * content counts nothing, and a changed file is counted again because its hash
 * changes. The cache is a plain JSON map hash → count beside Astro's own cache.
 */
let encoder: Tiktoken | undefined;
/** Whether the encoder is made (the first count makes it; build-profile.ts times that apart). */
export const tokenizerLoaded = (): boolean => encoder !== undefined;
function encoderOf(): Tiktoken {
  if (encoder) return encoder;
  encoder = new Tiktoken(o200k_base);
  // Its token → bytes map serves only decode(), which counting never calls: 200k byte arrays, 50 MB of the
  // Markdown worker's heap. The counting tests (tests/unit/token-counter.test.ts) hold encode() to the reference.
  (encoder as unknown as { textMap?: Map<number, Uint8Array> }).textMap?.clear();
  return encoder;
}

/**
 * Special-token strings (`<|endoftext|>`) are counted as the plain text they are in a served file, not refused
 * (the encoder's default, which failed the build on an article that quoted one).
 */
const AS_TEXT: [allowedSpecial: string[], disallowedSpecial: string[]] = [[], []];

/** The exact count, by encoding the whole text: the reference the fast count is tested against. */
export function countTokensExactly(text: string): number {
  return encoderOf().encode(text, ...AS_TEXT).length;
}

/**
 * The same count, faster. The encoder splits text with its pre-token pattern and
 * byte-pair-encodes each piece on its own, so the count is the sum over pieces;
 * our Markdown repeats the same pieces (labels, variant names, prices) thousands
 * of times, and remembering each piece's count makes counting ~20k files several
 * times faster.
 *
 * @example countTokens('Charizard') // 3
 */
export function countTokens(text: string): number {
  const enc = encoderOf();
  pieces ??= new RegExp(o200k_base.pat_str, 'gu');
  let n = 0;
  for (const [piece] of text.matchAll(pieces)) {
    let c = pieceCounts.get(piece);
    if (c === undefined) {
      c = enc.encode(piece, ...AS_TEXT).length;
      pieceCounts.set(piece, c);
    }
    n += c;
  }
  return n;
}
let pieces: RegExp | undefined;
const pieceCounts = new Map<string, number>();

/** The cache key of a text: the hash of its bytes. */
export function tokenCacheKey(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Reads the token cache (hash → count) a previous build wrote; empty when there is none. */
export function readTokenCache(file: string): Map<string, number> {
  return new Map(existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : []);
}

/** Writes the cache of this build: only the entries it used, so the cache never grows stale. */
export function writeTokenCache(file: string, used: Map<string, number>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(Object.fromEntries(used)));
}
