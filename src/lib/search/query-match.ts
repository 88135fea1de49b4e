/**
 * From query tokens to the match set. Each token resolves against the vocabulary
 * (exact, else prefix, else typo correction, which the first MAX_TYPO_CORRECTIONS
 * unknown words of a query get); the match set is the intersection
 * of the tokens' postings, smallest first, so `total` is exact: "water" is the
 * items that have the word water, not every item with a w in it.
 */

import { filterPositions, type PositionSet, positionSetOf } from './postings.ts';
import { postingsOf, type TokenIndex } from './token-index.ts';
import { indexOfWord, MAX_TYPO_CORRECTIONS, nearestWords, prefixRange, typoBudget } from './vocabulary.ts';

export interface ResolvedToken {
  /** The token as typed (folded). */
  token: string;
  /** Vocabulary ids the token stands for. */
  words: number[];
  /** True when the words are a guess (prefix or typo), not the token itself. */
  guessed: boolean;
}

export interface QueryMatch {
  /** Matching positions, ascending. */
  positions: Uint32Array;
  /** The tokens that shaped the match; a guess that would have emptied it is left out. */
  tokens: ResolvedToken[];
}

const DIGITS_RE = /^\d+$/;
const range = ([start, end]: [number, number]) => Array.from({ length: end - start }, (_, i) => start + i);

/**
 * A token's words without typo correction: exact, a number's keys, or the words it
 * starts. Null when only a correction could find it (an unknown word of three or
 * more letters).
 */
function lookUpToken(index: TokenIndex, token: string): ResolvedToken | null {
  const { vocabulary } = index;
  const exact = indexOfWord(vocabulary, token);
  if (token.includes('/')) return { token, words: exact === -1 ? [] : [exact], guessed: false };
  if (DIGITS_RE.test(token)) {
    // A bare number is a word ("151" is a set) or a collector number (4 → 4/102, 4/130, ...); never a typo.
    const numbered = range(prefixRange(vocabulary, `${token}/`));
    return { token, words: exact === -1 ? numbered : [exact, ...numbered], guessed: false };
  }
  if (exact !== -1) return { token, words: [exact], guessed: false };
  if (token.length >= 2) {
    const prefixed = range(prefixRange(vocabulary, token));
    if (prefixed.length) return { token, words: prefixed, guessed: true };
  }
  return typoBudget(token.length) ? null : { token, words: [], guessed: true };
}

const corrected = (index: TokenIndex, token: string): ResolvedToken => ({
  token,
  words: nearestWords(index.vocabulary, token, typoBudget(token.length)),
  guessed: true,
});

/**
 * Every token resolved, in query order; only the first MAX_TYPO_CORRECTIONS words
 * that need a correction get one.
 * @example resolveTokens(index, ['charzard']) // [{ token: 'charzard', words: [id of "charizard"], guessed: true }]
 */
export function resolveTokens(index: TokenIndex, tokens: readonly string[]): ResolvedToken[] {
  let corrections = 0;
  return tokens.map((token) => {
    const found = lookUpToken(index, token);
    if (found) return found;
    return corrections++ < MAX_TYPO_CORRECTIONS ? corrected(index, token) : { token, words: [], guessed: true };
  });
}

/**
 * The items matching every token (and `keep`, e.g. a band filter). Certain tokens
 * (exact words, numbers) are intersected first, smallest first; then guesses, each
 * dropped if it would leave nothing, so "charizard vintage" is not emptied by
 * "vintage" being corrected to "village". If every token is dropped, nothing matches.
 * @example matchQuery(index, ['umbreon', 'evolving', 'skies']).positions.length // 6 on the real catalogue
 */
export function matchQuery(index: TokenIndex, tokens: readonly string[], keep?: (position: number) => boolean): QueryMatch {
  const none = { positions: new Uint32Array(0), tokens: [] };
  const resolved = resolveTokens(index, tokens).map((r) => ({
    ...r,
    set: positionSetOf(
      r.words.map((w) => postingsOf(index, w)),
      index.size,
    ),
  }));
  const bySize = (a: { set: PositionSet }, b: { set: PositionSet }) => a.set.size - b.set.size;
  const certain = resolved.filter((r) => !r.guessed).sort(bySize);
  const guessed = resolved.filter((r) => r.guessed).sort(bySize);
  let current: Uint32Array | null = null;
  const kept: ResolvedToken[] = [];
  for (const r of [...certain, ...guessed]) {
    const next: Uint32Array = current ? r.set.within(current) : keep ? filterPositions(r.set.positions(), keep) : r.set.positions();
    // A guess that would leave nothing is dropped; so is a word that resolved to nothing at all
    // ("charizard holographic"): the other words still say what was meant.
    if (next.length === 0 && r.guessed) continue;
    kept.push({ token: r.token, words: r.words, guessed: r.guessed });
    current = next;
    if (current.length === 0) return none;
  }
  return current ? { positions: current, tokens: kept } : none;
}
