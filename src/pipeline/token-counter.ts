import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { type FileManifest, MANIFEST_FILE } from '../http/file-manifest.ts';
import { tokenKeyOfEtag } from './build-state.ts';

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

/**
 * Reads the token counts a build can reuse (hash of a Markdown file's bytes → count): the cache the previous
 * build wrote (`file`) or, when that is gone but its output is not (Astro's cache deleted, a CI that keeps
 * dist/), the counts of the previous manifest in `serverDir`, whose ETags are the same hash. A count belongs to
 * bytes, so it is right whichever build made them. Empty when there is neither.
 */
export function readTokenCache(file: string, serverDir: string): Map<string, number> {
  if (existsSync(file)) return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>));
  const manifest = join(serverDir, MANIFEST_FILE);
  if (!existsSync(manifest)) return new Map();
  const counts = new Map<string, number>();
  for (const { etag, tokens } of Object.values((JSON.parse(readFileSync(manifest, 'utf8')) as FileManifest).files)) {
    if (tokens !== undefined) counts.set(tokenKeyOfEtag(etag), tokens);
  }
  return counts;
}

/** Writes the cache of this build: only the entries it used, so the cache never grows stale. */
export function writeTokenCache(file: string, used: Map<string, number>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(Object.fromEntries(used)));
}
