/**
 * Relevance order of a match set, in tiers. An item whose name (set, types,
 * rarity, number) consists only of query words "covers" that field; its tier is
 * the sum of the covered fields' weights, and items whose covered fields account
 * for every query term ("complete") come before all others. So Charizard in Base
 * beats Charizard in Base Set 2 for "charizard base", and "Pikachu VMAX" is
 * complete for "pikachu vmax" whatever its rarity says. Among complete items, one
 * with a field that the whole query covers on its own comes first: "black white
 * rare" is the rarity of Zekrom ex 172, not Black & White's set and a Rare. Within a tier, a name the
 * query covers more of comes first (fewer words the query did not ask for: "151
 * Elite Trainer Box" before "151 Pokemon Center Elite Trainer Box Exclusive"),
 * then items keep position order (value, then name, then id), which makes paging
 * stable: value breaks only true ties. Only an incomplete group that is small and
 * actually reaches into the requested page is ranked by Fuse; bigger ones stay in
 * value order, and ranking stops as soon as `offset + limit` items are settled.
 */
import Fuse, { type Expression } from 'fuse.js';
import { isJapaneseWord } from './normalize.ts';
import { indexInSorted } from './postings.ts';
import type { QueryMatch, Term } from './query-match.ts';
import { fieldWordsOf, type TokenIndex } from './token-index.ts';

/** Incomplete tiers up to this size are ranked by Fuse; beyond it Fuse would cost more than it tells. */
export const FUSE_GROUP_MAX = 128;

/** Per-index scratch: one mask slot per vocabulary word, cleared after each query. */
const scratch = new WeakMap<TokenIndex, Uint32Array>();
/** Per-index scratch of markPartial, cleared after each query. */
const partialScratch = new WeakMap<TokenIndex, Uint8Array>();

function partialOf(index: TokenIndex): Uint8Array {
  let partial = partialScratch.get(index);
  if (!partial) partialScratch.set(index, (partial = new Uint8Array(index.vocabulary.length)));
  return partial;
}

/** Name words the query did not ask for are counted up to this; a name longer than that is simply long. */
const EXTRA_WORDS_MAX = 15;
const EXTRA_SLOTS = EXTRA_WORDS_MAX + 1;

/**
 * Marks each vocabulary word with the bits of the terms it stands for (term k: bit
 * k; the terms first, then the fillers). Returns the marked words, to clear after.
 */
function markTerms(index: TokenIndex, mask: Uint32Array, terms: readonly Term[]): number[] {
  const touched: number[] = [];
  const mark = (word: number, bit: number) => {
    if (mask[word] === 0) touched.push(word);
    mask[word] |= bit;
  };
  terms.forEach(({ words }, k) => {
    for (const w of words) {
      mark(w, 1 << k);
      for (const t of index.aliasTargets.get(w) ?? []) mark(t, 1 << k);
    }
  });
  return touched;
}

/**
 * Marks with 1 the vocabulary words a query in Japanese reaches only as part of a longer word (ナンジャモ in
 * ナンジャモのカイデン, チュウ in ピカチュウ): each counts, in the name, as a word the query did not ask for, so that
 * the name typed whole comes before the longer names that hold it. A word that some term names whole (typed as it
 * is, or reached by an English word) stays 0. Returns the marked words, to clear after.
 */
function markPartial(index: TokenIndex, partial: Uint8Array, terms: readonly Term[]): number[] {
  const { vocabulary, aliasTargets } = index;
  const touched: number[] = [];
  const whole: number[] = [];
  for (const { text, words } of terms) {
    const japanese = isJapaneseWord(text);
    for (const w of words) {
      const reached = [w, ...(aliasTargets.get(w) ?? [])];
      if (!japanese) whole.push(...reached);
      else
        for (const t of reached) {
          if (vocabulary[t] === text) whole.push(t);
          else if (partial[t] === 0) {
            partial[t] = 1;
            touched.push(t);
          }
        }
    }
  }
  for (const w of whole) partial[w] = 0;
  return touched;
}

function maskOf(index: TokenIndex): Uint32Array {
  let mask = scratch.get(index);
  if (!mask) scratch.set(index, (mask = new Uint32Array(index.vocabulary.length)));
  return mask;
}

/**
 * The first `window` positions of the match set in relevance order. `deferred` (1 at a position) puts those
 * positions after the others that match as completely (the same class below): the Japanese cards, when a query
 * names no language.
 * @example relevanceOrder(index, matchQuery(index, ['charizard', 'base']), 10)
 */
export function relevanceOrder(index: TokenIndex, match: QueryMatch, window: number, deferred?: Uint8Array): Uint32Array {
  const { positions, terms } = match;
  const want = Math.min(window, positions.length);
  if (want === 0) return new Uint32Array(0);
  const mask = maskOf(index);
  const touched = markTerms(index, mask, [...terms, ...match.fillers]);
  // A query in Japanese asks for a name as printed in Japanese: that name, not the English one, says how much of
  // the item it asked for.
  const japaneseField = terms.some((t) => isJapaneseWord(t.text)) ? index.fields.findIndex((f) => f.japaneseName) : -1;
  const nameField = japaneseField === -1 ? 0 : japaneseField;
  const partial = partialOf(index);
  // The fields that name the item (a Japanese card's English name may be its Japanese one: 名探偵ピカチュウ).
  const names = index.fields.map((f, i) => i === 0 || f.japaneseName === true);
  const partials = japaneseField === -1 ? [] : markPartial(index, partial, terms);
  // A language word (jp) is an attribute that narrows, as a filter does: no field need cover it for a match to be complete.
  const attributes = terms.reduce((bits, term, k) => (term.alias?.language ? bits | (1 << k) : bits), 0);
  // A set's words touch no name: "terastal fest" asks for no word of Umbreon ex's name, though ex is one of the set's.
  const setWords = terms.reduce((bits, term, k) => (term.alias?.set ? bits | (1 << k) : bits), 0);
  const allTokens = ((terms.length === 32 ? 0xffffffff : (1 << terms.length) - 1) & ~attributes) >>> 0;
  const fieldCount = index.fields.length;
  if (index.fields.some((f, i) => i > 0 && f.weight > index.fields[i - 1].weight)) {
    throw new Error('index fields must be listed weightiest first');
  }
  const maxScore = index.fields.reduce((sum, f) => sum + f.weight, 0);
  const scoreSlots = maxScore + 1;
  // Three classes: complete with one field the whole query covers, complete, incomplete; each class split in two
  // when some positions are deferred (the deferred ones second): an English query's English cards come before the
  // Japanese cards that match it as completely, whatever the words their names add.
  const split = deferred ? 2 : 1;
  const slotCount = 3 * EXTRA_SLOTS * scoreSlots * split;
  const weights = index.fields.map((f) => f.weight);
  const { fieldStart, fieldWords } = index;
  const slots = new Uint16Array(positions.length);
  const counts = new Uint32Array(slotCount + 1);
  let fieldsHit = 0; // fields where some item has a query word: the only ones worth giving Fuse
  // The hot loop of a broad query ("water" is 12k items at 100k): plain array reads, no views.
  for (let i = 0; i < positions.length; i++) {
    let score = 0;
    let consumed = 0;
    let extra = 0;
    let whole = false;
    let wholeElsewhere = false;
    const base = positions[i] * fieldCount;
    for (let f = 0; f < fieldCount; f++) {
      const from = fieldStart[base + f];
      const to = fieldStart[base + f + 1];
      if (from === to) continue;
      let bits = 0;
      let unasked = 0;
      for (let k = from; k < to; k++) {
        const m = mask[fieldWords[k]];
        if (m === 0) unasked++;
        bits |= m;
      }
      const covered = unasked === 0;
      // The name (the weightiest field) says how much of the item the query asked for, once the query touches it;
      // a word the query reached only in part is one it did not ask for whole.
      if (f === nameField && (bits & ~setWords) !== 0) {
        let partly = 0;
        if (partials.length > 0) for (let k = from; k < to; k++) partly += partial[fieldWords[k]];
        extra = Math.min(unasked + partly, EXTRA_WORDS_MAX);
      }
      if (bits) fieldsHit |= 1 << f;
      // A covered field earns its weight only for tokens no weightier field took: in
      // "base set 2" the 2 is the set's, and card number 2 earns nothing extra for it.
      if (covered && (bits & ~consumed) !== 0) {
        score += weights[f];
        consumed |= bits;
      }
      if (covered && (bits & allTokens) >>> 0 === allTokens >>> 0) {
        whole = true;
        if (!names[f]) wholeElsewhere = true;
      }
    }
    // An item the whole query names by another field (its set: "mega brave") is not asked for by name: the words
    // the set's name shares with the card's (Mega Lucario ex) make it no less what was asked for.
    if (wholeElsewhere) extra = 0;
    // Complete first (one field covering the whole query before the rest), then fewest unasked name words, then
    // the weightiest covered fields; slots run ascending. The name comes before the weights: "151 Elite Trainer
    // Box" covers its name for "151 etb", where "151 Pokemon Center Elite Trainer Box" scores more only by
    // spreading the words over set and kind.
    const complete = (consumed & allTokens) >>> 0 === allTokens >>> 0;
    const kind = complete ? (whole ? 0 : 1) : 2;
    const slot = ((kind * split + (deferred ? deferred[positions[i]] : 0)) * EXTRA_SLOTS + extra) * scoreSlots + (maxScore - score);
    slots[i] = slot;
    counts[slot + 1]++;
  }
  for (const w of touched) mask[w] = 0;
  for (const w of partials) partial[w] = 0;
  for (let t = 0; t < slotCount; t++) counts[t + 1] += counts[t];
  const sorted = new Uint32Array(positions.length);
  const fill = counts.slice(0, slotCount);
  for (let i = 0; i < positions.length; i++) sorted[fill[slots[i]]++] = positions[i];

  const patterns = terms.filter((t) => !t.alias && !/\d/.test(t.text)).map(patternOf(index));
  for (let t = 0; t < slotCount && counts[t] < want; t++) {
    const start = counts[t];
    const end = counts[t + 1];
    const incomplete = t >= 2 * split * EXTRA_SLOTS * scoreSlots;
    if (incomplete && end - start > 1 && end - start <= FUSE_GROUP_MAX) {
      sorted.set(fuseOrder(index, sorted.subarray(start, end), patterns, fieldsHit), start);
    }
  }
  return sorted.subarray(0, want);
}

/** The word Fuse should look for: the correction when a typo had one, else the word as typed (a prefix). */
const patternOf = (index: TokenIndex) => (t: Term) => (t.guessed && t.words.length === 1 ? index.vocabulary[t.words[0]] : t.text);

/**
 * A small group reordered by Fuse over the text fields (weights from the fields),
 * ties and misses in position order. Numbers stay out: the index already matched
 * them exactly, and fuzzily "151" is close to "15".
 */
function fuseOrder(index: TokenIndex, group: Uint32Array, queryTokens: string[], fieldsHit: number): Uint32Array {
  const { vocabulary } = index;
  const tokens = queryTokens.filter((t) => !/\d/.test(t));
  const fields = index.fields.map((f, i) => ({ ...f, i })).filter((f) => !f.verbatim && fieldsHit & (1 << f.i));
  if (tokens.length === 0 || fields.length === 0) return group;
  const docs = Array.from(group, (p) =>
    Object.fromEntries(fields.map((f) => [f.name, Array.from(fieldWordsOf(index, p, f.i), (w) => vocabulary[w]).join(' ')])),
  );
  const fuse = new Fuse(docs, {
    keys: fields.map((f) => ({ name: f.name, weight: f.weight })),
    includeScore: true,
    ignoreLocation: true,
    // Strict: the index has already decided what matches; loose patterns would score noise (orgin ~ rainbow).
    threshold: 0.2,
  });
  const query: Expression = { $and: tokens.map((t) => ({ $or: fields.map((f) => ({ [f.name]: t })) })) };
  const ranked = fuse.search(query).map((r) => r.refIndex);
  const seen = new Uint8Array(group.length);
  for (const i of ranked) seen[i] = 1;
  const out = Uint32Array.from(ranked, (i) => group[i]);
  let at = ranked.length;
  const result = new Uint32Array(group.length);
  result.set(out);
  for (let i = 0; i < group.length; i++) if (!seen[i]) result[at++] = group[i];
  return result;
}

/** Why one result matched: see schemas/api/search-match.json. */
export interface MatchReason {
  /** Query word or phrase → the fields it matched in, weightiest first. */
  fields: Record<string, string[]>;
  /** Misspelt word → the word of this result it was read as. */
  corrected?: Record<string, string>;
  /** Word typed in part → the word of this result it was completed to. */
  completed?: Record<string, string>;
  /** Alias, nickname or id → what it stands for. */
  alias?: Record<string, string>;
  /** The field filters of the query, each of which this result meets (`set:base1`, `value>100`). */
  filters?: string[];
  /** Why this result came before others of equal relevance: English, when the query names no language. */
  preferred?: string;
}

/**
 * The match reason of each position of a page: which terms matched which
 * fields, and through which correction, completion or alias.
 * @example matchReasons(index, match, page)[0] // { fields: { charizard: ['name'], base: ['set'] } }
 */
export function matchReasons(index: TokenIndex, match: QueryMatch, page: Uint32Array): MatchReason[] {
  const terms = [...match.terms, ...match.fillers];
  if (page.length === 0 || terms.length === 0) return Array.from(page, () => ({ fields: {} }));
  const mask = maskOf(index);
  const touched = markTerms(index, mask, terms);
  const { fieldStart, fieldWords, vocabulary, fields } = index;
  const fieldCount = fields.length;
  const reasons = Array.from(page, (position): MatchReason => {
    const reason: MatchReason = { fields: {} };
    const base = position * fieldCount;
    for (let f = 0; f < fieldCount; f++) {
      for (let k = fieldStart[base + f]; k < fieldStart[base + f + 1]; k++) {
        const word = fieldWords[k];
        for (let bits = mask[word]; bits !== 0; bits &= bits - 1) {
          const term = terms[31 - Math.clz32(bits & -bits)];
          const named = (reason.fields[term.text] ??= []);
          if (!named.includes(fields[f].name)) named.push(fields[f].name);
          if (term.guessed && vocabulary[word] !== term.text && term.words.includes(word)) {
            const kind = term.corrected ? 'corrected' : 'completed';
            (reason[kind] ??= {})[term.text] ??= vocabulary[word];
          }
        }
      }
    }
    for (const term of terms) {
      if (term.alias && (!term.alias.positions || indexInSorted(term.alias.positions, position) !== -1)) (reason.alias ??= {})[term.text] = term.alias.label;
    }
    return reason;
  });
  for (const w of touched) mask[w] = 0;
  return reasons;
}
