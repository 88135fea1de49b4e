/**
 * From a query to the match set. The query is read into terms (analyseQuery):
 * item ids, alias phrases (src/search/aliases.ts), and words, each word
 * resolved against the vocabulary (exact, else prefix, else a typo correction,
 * which the first MAX_TYPO_CORRECTIONS unknown words of a query get). The match
 * set is the intersection of the terms' positions, smallest first, so `total` is
 * exact: "water" is the items that have the word water, not every item with a w
 * in it. What the query said that names no item is reported (schemas/api/search-ignored.json), never guessed at.
 */

import type { Language } from '../schemas/language.ts';
import { type CompiledAliases, NO_ALIASES, type PhraseMeaning, type QueryPhrase, splitPhrases, withJapaneseSetCodes } from './aliases.ts';
import { foldText, isJapaneseWord, MAX_QUERY_TOKENS, queryWords } from './normalize.ts';
import { filterPositions, intersect, type PositionSet, positionSetOf } from './postings.ts';
import { postingsOf, type TokenIndex } from './token-index.ts';
import { indexOfWord, MAX_TYPO_CORRECTIONS, nearestWords, prefixRange, typoBudget } from './vocabulary.ts';

/** A phrase that names a printing of cards (aliases.ts). */
export type PrintingMeaning = Extract<PhraseMeaning, { kind: 'printing' }>;

/** One thing the query asks for: a word, a phrase that means something, or an item id. */
export interface Term {
  /** The word or phrase as the query has it (folded). */
  text: string;
  /** The positions it matches. */
  set: PositionSet;
  /** Vocabulary ids that ranking credits to this term (the word, its guesses, an alias's words). */
  words: number[];
  /** A prefix or a typo correction rather than the word itself: dropped when it would empty the match. */
  guessed: boolean;
  /** A typo correction (a guess that is not a prefix). */
  corrected: boolean;
  /**
   * An alias or id: what it stands for; `positions` when it names exactly these items; `printing` when a printing of
   * cards; `language` when a language; `set` when sets (its words are the sets' names').
   */
  alias?: { label: string; positions?: Uint32Array; printing?: PrintingMeaning; language?: Language; set?: true };
}

/**
 * Why a word of the query did not shape the match: found nowhere and close to no
 * word; a guess matching nothing the other words match; a grade, which no search
 * filters by; a filler, which only orders; or past what a query may ask.
 */
export const IGNORED_REASONS = ['not-found', 'no-match-with-rest', 'grade', 'filler', 'over-limit'] as const;
export type IgnoredReason = (typeof IGNORED_REASONS)[number];

export interface IgnoredWord {
  word: string;
  reason: IgnoredReason;
}

export interface AnalysedQuery {
  terms: Term[];
  /** Filler words: they match nothing but count in ranking (in "pokemon center", pokemon still says which name). */
  fillers: Term[];
  ignored: IgnoredWord[];
}

export interface QueryMatch {
  /** Matching positions, ascending. */
  positions: Uint32Array;
  /** The terms that shaped the match, in query order. */
  terms: Term[];
  fillers: Term[];
  ignored: IgnoredWord[];
}

/** Finds items by the ids a query may quote (`base1-4`). */
export interface IdLookup {
  positionOf(id: string): number | undefined;
  labelOf(position: number): string;
  nameOf(position: number): string;
}

const DIGITS_RE = /^\d+$/;
/** Ids are written with a hyphen (base1-4, swsh12tg-tg20): only such compounds are looked up. */
const ID_RE = /[a-z0-9][a-z0-9._!?]*(?:-[a-z0-9._!?]+)+/g;
const EMPTY: PositionSet = positionSetOf([], 0);
const range = ([start, end]: [number, number]) => Array.from({ length: end - start }, (_, i) => start + i);

function termOf(index: TokenIndex, text: string, words: number[], guessed: boolean, corrected = false): Term {
  return {
    text,
    words,
    guessed,
    corrected,
    set: positionSetOf(
      words.map((w) => postingsOf(index, w)),
      index.size,
    ),
  };
}

/**
 * A word's term without typo correction: exact, a number's keys, or the words it
 * starts. Null when only a correction could find it (an unknown word of three or
 * more letters).
 */
function lookUpWord(index: TokenIndex, token: string): Term | null {
  const { vocabulary } = index;
  const exact = indexOfWord(vocabulary, token);
  if (token.includes('/')) return termOf(index, token, exact === -1 ? [] : [exact], false);
  if (DIGITS_RE.test(token)) {
    // A bare number is a word ("151" is a set) or a collector number (4 → 4/102, 4/130, ...); never a typo.
    const numbered = range(prefixRange(vocabulary, `${token}/`));
    return termOf(index, token, exact === -1 ? numbered : [exact, ...numbered], false);
  }
  // A Japanese word is one of a name or a part of one (normalize.ts): every word it begins, as typed, never a guess.
  if (isJapaneseWord(token)) return termOf(index, token, range(prefixRange(vocabulary, token)), false);
  if (exact !== -1) return termOf(index, token, [exact], false);
  if (token.length >= 2) {
    const prefixed = range(prefixRange(vocabulary, token));
    if (prefixed.length) return termOf(index, token, prefixed, true);
  }
  return typoBudget(token.length) ? null : termOf(index, token, [], true);
}

/**
 * The correction of an unknown word, or none. Close relative to its length (see
 * typoBudget), and for a word of up to four letters only a single nearest word
 * with the same first letter: "zard" is one edit from card and hard, and neither
 * is what was meant. Never a number: a collector number is typed, not misspelt.
 */
function correctionOf(index: TokenIndex, token: string): Term {
  const { vocabulary } = index;
  let words = nearestWords(vocabulary, token, typoBudget(token.length)).filter((w) => !/^[\d/]+$/.test(vocabulary[w]));
  if (token.length <= 4) {
    words = words.filter((w) => vocabulary[w][0] === token[0]);
    if (words.length > 1) words = [];
  }
  return termOf(index, token, words, true, true);
}

/** The positions having every word of a phrase exactly; empty when one is no word of the vocabulary. */
function exactPhrase(index: TokenIndex, words: readonly string[]): { ids: number[]; positions: Uint32Array } {
  const ids = words.map((w) => indexOfWord(index.vocabulary, w));
  if (ids.length === 0 || ids.includes(-1)) return { ids: ids.filter((id) => id !== -1), positions: new Uint32Array(0) };
  const lists = ids.map((id) => postingsOf(index, id)).sort((a, b) => a.length - b.length);
  return { ids, positions: lists.slice(1).reduce((acc, list) => intersect(acc, list), lists[0]) };
}

/** A phrase with a meaning: what it names, or what its words stand for, and also what it says literally. */
function aliasTerm(index: TokenIndex, phrase: QueryPhrase): Term | null {
  const meaning = phrase.meaning!;
  if (meaning.kind === 'ignored') return null;
  const literal = exactPhrase(index, phrase.text.split(' '));
  const named =
    meaning.kind === 'items'
      ? { ids: meaning.marks.map((w) => indexOfWord(index.vocabulary, w)).filter((id) => id !== -1), positions: meaning.positions }
      : meaning.kind === 'printing'
        ? { ids: [], positions: meaning.positions }
        : exactPhrase(index, meaning.words);
  const lists = [named.positions, literal.positions].filter((list) => list.length > 0);
  return {
    text: phrase.text,
    words: [...new Set([...named.ids, ...literal.ids])],
    guessed: false,
    corrected: false,
    set: lists.length ? positionSetOf(lists, index.size) : EMPTY,
    alias: {
      label: meaning.label,
      ...((meaning.kind === 'items' || meaning.kind === 'printing') && { positions: meaning.positions }),
      ...(meaning.kind === 'printing' && { printing: meaning }),
      ...(meaning.kind === 'items' && meaning.language && { language: meaning.language }),
      ...(meaning.kind === 'items' && meaning.set && { set: true as const }),
    },
  };
}

/**
 * The query read into terms, in query order, at most MAX_QUERY_TOKENS of them;
 * with what it said that names nothing.
 * @example analyseQuery(index, aliases, 'charzard base set').terms.map((t) => t.text) // ["charzard", "base set"]
 */
export function analyseQuery(index: TokenIndex, query: string, aliases: CompiledAliases = NO_ALIASES, ids?: IdLookup, language?: Language): AnalysedQuery {
  const terms: Term[] = [];
  const fillers: Term[] = [];
  const ignored: IgnoredWord[] = [];
  let folded = foldText(query);
  const seen = new Set<string>();
  let corrections = 0;
  const room = () => terms.length + fillers.length < MAX_QUERY_TOKENS;

  if (ids && folded.includes('-')) {
    for (const [compound] of folded.matchAll(ID_RE)) {
      const position = ids.positionOf(compound);
      if (position === undefined || seen.has(compound) || !room()) continue;
      seen.add(compound);
      folded = folded.replace(compound, ' ');
      const words = queryWords(foldText(ids.nameOf(position)))
        .map((w) => indexOfWord(index.vocabulary, w))
        .filter((id) => id !== -1);
      const positions = Uint32Array.of(position);
      terms.push({
        text: compound,
        words,
        guessed: false,
        corrected: false,
        set: positionSetOf([positions], index.size),
        alias: { label: ids.labelOf(position), positions },
      });
    }
  }

  for (const phrase of withJapaneseSetCodes(splitPhrases(queryWords(folded), aliases), aliases, language)) {
    if (seen.has(phrase.text)) continue;
    seen.add(phrase.text);
    const { meaning } = phrase;
    if (meaning?.kind === 'ignored' && meaning.reason === 'grade') {
      ignored.push({ word: phrase.text, reason: 'grade' });
      continue;
    }
    if (!room()) {
      ignored.push({ word: phrase.text, reason: 'over-limit' });
      continue;
    }
    if (meaning?.kind === 'ignored') {
      const id = indexOfWord(index.vocabulary, phrase.text);
      fillers.push(termOf(index, phrase.text, id === -1 ? [] : [id], false));
      ignored.push({ word: phrase.text, reason: 'filler' });
      continue;
    }
    if (meaning) {
      terms.push(aliasTerm(index, phrase)!);
      continue;
    }
    let term = lookUpWord(index, phrase.text);
    if (!term) {
      if (corrections++ >= MAX_TYPO_CORRECTIONS) {
        ignored.push({ word: phrase.text, reason: 'over-limit' });
        continue;
      }
      term = correctionOf(index, phrase.text);
    }
    if (term.words.length === 0) ignored.push({ word: phrase.text, reason: 'not-found' });
    else terms.push(term);
  }
  return { terms, fillers, ignored };
}

/**
 * The items matching every term (and `keep`, e.g. a band filter, which may depend on the terms: a band is read on
 * the value of the printing a query names). Certain terms
 * (exact words, numbers, aliases) are intersected first, smallest first; then
 * guesses, each dropped if it would leave nothing, so "charizard vintage" is not
 * emptied by "vintage" being corrected to "village". If no term is left, nothing
 * matches.
 * @example matchQuery(index, 'umbreon evolving skies').positions.length // 6 on the real catalogue
 */
export function matchQuery(
  index: TokenIndex,
  query: string,
  aliases: CompiledAliases = NO_ALIASES,
  keepFor?: (terms: readonly Term[]) => ((position: number) => boolean) | undefined,
  ids?: IdLookup,
  /** The language the query's filters keep (`lang:ja`): its set codes then name that language's sets (`sv8`). */
  language?: Language,
): QueryMatch {
  const { terms, fillers, ignored } = analyseQuery(index, query, aliases, ids, language);
  const keep = keepFor?.(terms);
  const bySize = (a: Term, b: Term) => a.set.size - b.set.size;
  const certain = terms.filter((t) => !t.guessed).sort(bySize);
  const guessed = terms.filter((t) => t.guessed).sort(bySize);
  let current: Uint32Array | null = null;
  const kept = new Set<Term>();
  for (const term of [...certain, ...guessed]) {
    const next: Uint32Array = current ? term.set.within(current) : keep ? filterPositions(term.set.positions(), keep) : term.set.positions();
    if (next.length === 0 && term.guessed) {
      ignored.push({ word: term.text, reason: 'no-match-with-rest' });
      continue;
    }
    kept.add(term);
    current = next;
    if (current.length === 0) break;
  }
  return { positions: current ?? new Uint32Array(0), terms: terms.filter((t) => kept.has(t)), fillers, ignored };
}
