import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { contentKey } from './build-state.ts';

/**
 * Token counts of the Markdown files (js-tiktoken, o200k_base), counted on the exact bytes served. A file whose
 * bytes are the previous build's keeps that build's count (src/pipeline/file-sink.ts).
 */
let encoder: Tiktoken | undefined;
/** Whether the encoder is made (the first count that needs it makes it). */
export const tokenizerLoaded = (): boolean => encoder !== undefined;
function encoderOf(): Tiktoken {
  if (encoder) return encoder;
  encoder = new Tiktoken(o200k_base);
  // Its token → bytes map serves only decode(), which counting never calls, and is a large part of the worker's
  // heap. The counting tests (tests/unit/token-counter.test.ts) hold encode() to the reference.
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
 * The same count, faster. The encoder splits text with its pre-token pattern and byte-pair-encodes each pre-token on its
 * own, so the count is the sum over pre-tokens; our Markdown repeats the same pre-tokens thousands of times, so each pre-token's
 * count is remembered, and the pre-tokens of ASCII text are found by `asciiPreTokenEnd`, a hand-written copy of the pattern
 * (the pattern finds only the pre-tokens that copy cannot decide).
 *
 * @example countTokens('Charizard') // 3
 */
export function countTokens(text: string): number {
  let n = 0;
  for (let start = 0; start < text.length; ) {
    let end = asciiPreTokenEnd(text, start);
    if (end < 0) {
      preTokenPattern.lastIndex = start;
      // Every character starts a pre-token (the last alternatives take any whitespace, the fourth anything else
      // that is not a letter or digit), so this never fails; the throw guards against a loop, should it.
      if (!preTokenPattern.exec(text)) throw new Error(`no o200k pre-token at ${start}`);
      end = preTokenPattern.lastIndex;
      n += preTokenCount(text.slice(start, end));
    } else if (end - start === 1) {
      n += 1; // every byte is a token of its own, and ASCII characters are one byte
    } else if (end - start === 2) {
      // A quarter of the pre-tokens are two ASCII characters: a table by their codes spares a string and a lookup.
      const pair = (text.charCodeAt(start) << 7) | text.charCodeAt(start + 1);
      n += pairCounts[pair] ||= preTokenCount(text.slice(start, end));
    } else {
      n += preTokenCount(text.slice(start, end));
    }
    start = end;
  }
  return n;
}
const preTokenPattern = new RegExp(o200k_base.pat_str, 'uy');
const pairCounts = new Int8Array(128 * 128);
/**
 * Past this many pre-tokens the memo starts again, so that a catalogue of any size holds little (the frequent pre-tokens are
 * back after a few files). An LRU would cost on every hit what a clear costs once.
 */
const PRE_TOKEN_MEMO_LIMIT = 1 << 16;
const preTokenCounts = new Map<string, number>();
/** Whether a pre-token was counted since the memo was read (readPreTokenCounts): then it is worth writing. */
let preTokensAdded = false;
function preTokenCount(preToken: string): number {
  let c = preTokenCounts.get(preToken);
  if (c === undefined) {
    c = encoderOf().encode(preToken, ...AS_TEXT).length;
    if (preTokenCounts.size >= PRE_TOKEN_MEMO_LIMIT) preTokenCounts.clear();
    preTokenCounts.set(preToken, c);
    preTokensAdded = true;
  }
  return c;
}

/**
 * The memo of pre-tokens is kept between builds (`file`, in the cache folder): a rebuild counts its few changed Markdown
 * files from pre-tokens the last build met, and makes the tokenizer (slow to make, large) only for a pre-token it did not. A
 * pre-token's count depends on the encoding alone, which the file names by a hash of its pattern and ranks; a file of
 * another encoding, or cut short, is not read.
 */
export function readPreTokenCounts(file: string): void {
  if (!existsSync(file)) return;
  try {
    const { encoding, pieces: preTokens } = JSON.parse(readFileSync(file, 'utf8')) as { encoding: string; pieces: [string, number][] };
    if (encoding !== encodingKey() || !Array.isArray(preTokens)) return;
    for (const [preToken, count] of preTokens.slice(0, PRE_TOKEN_MEMO_LIMIT))
      if (typeof preToken === 'string' && Number.isInteger(count)) preTokenCounts.set(preToken, count);
  } catch {
    // An unreadable memo is no memo: the pre-tokens are counted again.
  }
}

/** Writes the memo of pre-tokens (readPreTokenCounts), when a pre-token was counted since it was read. */
export function writePreTokenCounts(file: string): void {
  if (!preTokensAdded) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ encoding: encodingKey(), pieces: [...preTokenCounts] }));
  preTokensAdded = false;
}

let encoding: string | undefined;
const encodingKey = (): string => (encoding ??= contentKey(o200k_base.pat_str, o200k_base.bpe_ranks, JSON.stringify(AS_TEXT)));

// The classes of ASCII characters the pattern tells apart: \p{Lu}, \p{Ll}, \p{N}, the [\r\n] it treats apart
// from other \s, the rest of \s, and the rest (punctuation, symbols, controls). END is past the text's end.
const END = 0;
const NOT_ASCII = -1;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const NEWLINE = 4;
const SPACE = 5;
const OTHER = 6;
const ASCII_CLASS = new Uint8Array(128).fill(OTHER);
ASCII_CLASS.fill(UPPER, 65, 91).fill(LOWER, 97, 123).fill(DIGIT, 48, 58).fill(SPACE, 9, 13).fill(NEWLINE, 10, 11).fill(NEWLINE, 13, 14);
ASCII_CLASS[32] = SPACE;
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_CLASS[c]! : i < text.length ? NOT_ASCII : END;
}

/**
 * Where the o200k pre-token that starts at `start` ends, when ASCII characters alone decide it, else -1: each alternative
 * of the pattern, in its order, as the backtracking matcher resolves it. It gives up on any non-ASCII character, even
 * one that only ends a run (it may be a letter, mark, digit or space that would continue it); what it accepts depends
 * on nothing before `start` (the pattern has no lookbehind), so counting resumes after a pre-token the pattern found.
 */
function asciiPreTokenEnd(text: string, start: number): number {
  const first = classAt(text, start);
  if (first === NOT_ASCII) return -1;
  // [^\r\n\p{L}\p{N}]?\p{Lu}*\p{Ll}+ or [^\r\n\p{L}\p{N}]?\p{Lu}+\p{Ll}*: in ASCII, an optional prefix then
  // capitals then small letters, at least one letter, then an optional 's 't 're 've 'm 'll 'd in any case.
  const letters = first === SPACE || first === OTHER ? start + 1 : start;
  let end = letters;
  let next = classAt(text, end);
  while (next === UPPER) next = classAt(text, ++end);
  while (next === LOWER) next = classAt(text, ++end);
  if (next === NOT_ASCII) return -1;
  if (end > letters) {
    if (text.charCodeAt(end) !== 39) return end;
    const a = text.charCodeAt(end + 1) | 32; // | 32 lowers the case of A-Z and maps no other code to a-z
    if (a === 115 || a === 116 || a === 109 || a === 100) return end + 2; // 's 't 'm 'd
    const b = text.charCodeAt(end + 2) | 32;
    if (((a === 114 || a === 118) && b === 101) || (a === 108 && b === 108)) return end + 3; // 're 've 'll
    return end;
  }
  // \p{N}{1,3}
  if (first === DIGIT) {
    for (end = start + 1; end < start + 3; end++) {
      next = classAt(text, end);
      if (next !== DIGIT) return next === NOT_ASCII ? -1 : end;
    }
    return end;
  }
  // ` ?[^\s\p{L}\p{N}]+[\r\n/]*` (`next` is the class of the character after a space here)
  if (first === OTHER || (text.charCodeAt(start) === 32 && next === OTHER)) {
    end = first === OTHER ? start : start + 1;
    do next = classAt(text, ++end);
    while (next === OTHER);
    if (next === NOT_ASCII) return -1;
    while (next === NEWLINE || text.charCodeAt(end) === 47) next = classAt(text, ++end);
    return end;
  }
  // Whitespace: `\s*[\r\n]+` takes it through its last \r or \n; else `\s+(?!\S)` all of it at the text's end
  // and all but its last character before anything else, and `\s+` a lone one.
  let newline = -1;
  for (end = start; (next = classAt(text, end)) === SPACE || next === NEWLINE; end++) if (next === NEWLINE) newline = end;
  if (next === NOT_ASCII) return -1;
  if (newline >= 0) return newline + 1;
  return next === END || end - start === 1 ? end : end - 1;
}
