/**
 * From query tokens to the match set. Each token resolves against the vocabulary
 * (exact, else prefix, else typo correction); the match set is the intersection
 * of the tokens' postings, smallest first, so `total` is exact: "water" is the
 * items that have the word water, not every item with a w in it.
 */
import { indexOfWord, nearestWords, prefixRange, typoBudget } from './vocabulary.ts';
import { filterPositions, intersect, union } from './postings.ts';
import { postingsOf, type TokenIndex } from './token-index.ts';

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
 * @example resolveToken(index, 'charzard') // { token: 'charzard', words: [id of "charizard"], guessed: true }
 */
export function resolveToken(index: TokenIndex, token: string): ResolvedToken {
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
  const budget = typoBudget(token.length);
  return { token, words: budget ? nearestWords(vocabulary, token, budget) : [], guessed: true };
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
  const resolved = tokens.map((token) => {
    const r = resolveToken(index, token);
    return { ...r, list: union(r.words.map((w) => postingsOf(index, w))) };
  });
  const bySize = (a: { list: Uint32Array }, b: { list: Uint32Array }) => a.list.length - b.list.length;
  const certain = resolved.filter((r) => !r.guessed).sort(bySize);
  const guessed = resolved.filter((r) => r.guessed).sort(bySize);
  let current: Uint32Array | null = null;
  const kept: ResolvedToken[] = [];
  for (const r of [...certain, ...guessed]) {
    const next: Uint32Array = current ? intersect(current, r.list) : keep ? filterPositions(r.list, keep) : r.list;
    // A guess that would leave nothing is dropped; so is a word that resolved to nothing at all
    // ("charizard holographic"): the other words still say what was meant.
    if (next.length === 0 && r.guessed) continue;
    kept.push({ token: r.token, words: r.words, guessed: r.guessed });
    current = next;
    if (current.length === 0) return none;
  }
  return current ? { positions: current, tokens: kept } : none;
}
