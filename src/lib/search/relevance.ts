/**
 * Relevance order of a match set, in tiers. An item whose name (set, types,
 * rarity, number) consists only of query words "covers" that field; its tier is
 * the sum of the covered fields' weights, and items whose covered fields account
 * for every query token ("complete") come before all others. So Charizard in Base
 * beats Charizard in Base Set 2 for "charizard base", and "Pikachu VMAX" is
 * complete for "pikachu vmax" whatever its rarity says. Within a tier items keep
 * position order (value, then name, then id), which makes paging stable. Only an
 * incomplete tier that is small and actually reaches into the requested page is
 * ranked by Fuse; bigger ones stay in value order, and ranking stops as soon as
 * `offset + limit` items are settled.
 */
import Fuse, { type Expression } from 'fuse.js';
import type { QueryMatch } from './query-match.ts';
import { fieldWordsOf, type TokenIndex } from './token-index.ts';

/** Incomplete tiers up to this size are ranked by Fuse; beyond it Fuse would cost more than it tells. */
export const FUSE_GROUP_MAX = 128;

/** Per-index scratch: one mask slot per vocabulary word, cleared after each query. */
const scratch = new WeakMap<TokenIndex, Uint32Array>();

/**
 * The first `window` positions of the match set in relevance order.
 * @example relevanceOrder(index, matchQuery(index, ['charizard', 'base']), 10)
 */
export function relevanceOrder(index: TokenIndex, match: QueryMatch, window: number): Uint32Array {
  const { positions, tokens } = match;
  const want = Math.min(window, positions.length);
  if (want === 0) return new Uint32Array(0);
  let mask = scratch.get(index);
  if (!mask) scratch.set(index, (mask = new Uint32Array(index.vocabulary.length)));
  const touched: number[] = [];
  const mark = (word: number, bit: number) => {
    if (mask[word] === 0) touched.push(word);
    mask[word] |= bit;
  };
  tokens.forEach(({ words }, k) => {
    for (const w of words) {
      mark(w, 1 << k);
      for (const t of index.aliasTargets.get(w) ?? []) mark(t, 1 << k);
    }
  });
  const allTokens = tokens.length === 32 ? 0xffffffff : (1 << tokens.length) - 1;
  const fieldCount = index.fields.length;
  if (index.fields.some((f, i) => i > 0 && f.weight > index.fields[i - 1].weight)) {
    throw new Error('index fields must be listed weightiest first');
  }
  const maxScore = index.fields.reduce((sum, f) => sum + f.weight, 0);
  const tierCount = 2 * (maxScore + 1);
  const weights = index.fields.map((f) => f.weight);
  const { fieldStart, fieldWords } = index;
  const tiers = new Uint16Array(positions.length);
  const counts = new Uint32Array(tierCount + 1);
  let fieldsHit = 0; // fields where some item has a query word: the only ones worth giving Fuse
  // The hot loop of a broad query ("water" is 12k items at 100k): plain array reads, no views.
  for (let i = 0; i < positions.length; i++) {
    let score = 0;
    let consumed = 0;
    const base = positions[i] * fieldCount;
    for (let f = 0; f < fieldCount; f++) {
      const from = fieldStart[base + f];
      const to = fieldStart[base + f + 1];
      if (from === to) continue;
      let bits = 0;
      let covered = true;
      for (let k = from; k < to; k++) {
        const m = mask[fieldWords[k]];
        if (m === 0) covered = false;
        bits |= m;
      }
      if (bits) fieldsHit |= 1 << f;
      // A covered field earns its weight only for tokens no weightier field took: in
      // "base set 2" the 2 is the set's, and card number 2 earns nothing extra for it.
      if (covered && (bits & ~consumed) !== 0) {
        score += weights[f];
        consumed |= bits;
      }
    }
    // Highest tier first: invert so that counting sort runs ascending.
    const tier = tierCount - 1 - (consumed >>> 0 === allTokens >>> 0 ? maxScore + 1 + score : score);
    tiers[i] = tier;
    counts[tier + 1]++;
  }
  for (const w of touched) mask[w] = 0;
  for (let t = 0; t < tierCount; t++) counts[t + 1] += counts[t];
  const sorted = new Uint32Array(positions.length);
  const fill = counts.slice(0, tierCount);
  for (let i = 0; i < positions.length; i++) sorted[fill[tiers[i]]++] = positions[i];

  for (let t = 0; t < tierCount && counts[t] < want; t++) {
    const start = counts[t];
    const end = counts[t + 1];
    const incomplete = tierCount - 1 - t <= maxScore;
    if (incomplete && end - start > 1 && end - start <= FUSE_GROUP_MAX) {
      sorted.set(fuseOrder(index, sorted.subarray(start, end), tokens.map(patternOf(index)), fieldsHit), start);
    }
  }
  return sorted.subarray(0, want);
}

/** The word Fuse should look for: the correction when a typo had one, else the token as typed (a prefix). */
const patternOf = (index: TokenIndex) => (r: QueryMatch['tokens'][number]) => (r.guessed && r.words.length === 1 ? index.vocabulary[r.words[0]] : r.token);

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
