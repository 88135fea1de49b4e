/**
 * Look-ups in a sorted vocabulary (plain code-unit order): exact, prefix, and
 * typo correction. Typo correction walks the sorted list as if it were a trie:
 * neighbouring words share their prefix's rows of the edit-distance table, and a
 * prefix that is already too far from the token skips every word that starts with
 * it. That keeps a correction well under a millisecond even on 100k cards, and it
 * never looks at the cards themselves. What bounds a query's share of that work:
 * recent answers are remembered, and a query asks for at most MAX_TYPO_CORRECTIONS.
 */

/**
 * The first index whose word is not less than `word`.
 * @example lowerBound(['a', 'b', 'c'], 'b') // 1
 */
export function lowerBound(words: readonly string[], word: string, from = 0): number {
  let lo = from;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of `word`, or -1.
 * @example indexOfWord(['fire', 'water'], 'water') // 1
 */
export function indexOfWord(words: readonly string[], word: string): number {
  const i = lowerBound(words, word);
  return i < words.length && words[i] === word ? i : -1;
}

/**
 * The half-open index range of the words that start with `prefix`.
 * @example prefixRange(['char', 'charizard', 'mew'], 'char') // [0, 2]
 */
export function prefixRange(words: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(words, prefix);
  // Every word that starts with the prefix sorts before prefix + U+FFFF.
  return [start, lowerBound(words, `${prefix}\uffff`, start)];
}

/**
 * How many edits a token of this length may be corrected by: none for one or two
 * letters (every such string is one edit from dozens of words), 1 up to seven,
 * 2 from eight: a correction must stay close relative to the word's length, or
 * "vintage" becomes "village".
 * @example typoBudget(8) // 2
 */
export function typoBudget(length: number): number {
  if (length <= 2) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * Unknown words per query that get a typo correction; later ones count as found
 * nowhere. A correction walks the vocabulary, the
 * one per-word cost that does not shrink as the match set does, and a query may
 * hold 16 words: uncapped, 16 invented words cost 16 walks. Real queries carry one
 * or two typos.
 */
export const MAX_TYPO_CORRECTIONS = 4;

/** Distinct (token, distance) look-ups nearestWords remembers per vocabulary; each holds a few word ids. */
export const NEAREST_MEMO_ENTRIES = 1024;

/**
 * Recent answers per vocabulary. A vocabulary never changes while it is served, so a
 * typo that many people make ("charzard") is walked for once, not per query.
 * Least recently used go first, as in createCachedJson.
 */
const memos = new WeakMap<readonly string[], Map<string, readonly number[]>>();

/**
 * The indexes of the words nearest to `token` by edit distance (insertions,
 * deletions, substitutions and swaps of neighbouring letters), if the nearest
 * are within `maxDistance`; all words tied at that distance are returned.
 * Searches distance 1 first: most typos are one edit, and a budget of 1 prunes
 * the walk after two letters where a budget of 2 needs three.
 * @example nearestWords(['charizard', 'charmander'], 'charzard', 2) // [0]
 */
export function nearestWords(words: readonly string[], token: string, maxDistance: number): number[] {
  let memo = memos.get(words);
  if (!memo) memos.set(words, (memo = new Map()));
  const key = `${maxDistance}\u0000${token}`;
  let found = memo.get(key);
  if (found) memo.delete(key);
  else {
    found = [];
    for (let budget = Math.min(1, maxDistance); budget <= maxDistance && found.length === 0; budget++) {
      found = walkWithin(words, token, budget);
    }
    if (memo.size >= NEAREST_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  memo.set(key, found);
  return [...found];
}

/**
 * The trie walk behind nearestWords, for one distance budget k. Only the diagonal
 * band of the edit-distance table (|row - column| ≤ k) can hold a value within k,
 * so each row keeps just that band: a visited prefix costs 2k + 1 cells however long
 * the token is, and a 199-letter token costs what an 11-letter one does. Cell
 * (r, j) sits at rows[r][j - r + k + 1]; both ends of a row stay `far` (k + 1,
 * which stands for "over budget": the table is computed saturated at it).
 */
function walkWithin(words: readonly string[], token: string, k: number): number[] {
  const n = token.length;
  const far = k + 1;
  const band = 2 * k + 1;
  const t = new Int32Array(n);
  for (let j = 0; j < n; j++) t[j] = token.charCodeAt(j);
  const maxDepth = n + k;
  const rows = Array.from({ length: maxDepth + 1 }, () => new Int32Array(band + 2).fill(far));
  for (let j = 0; j <= Math.min(n, k); j++) rows[0][j + k + 1] = j;
  const rowMin = new Int32Array(maxDepth + 1);
  let budget = k;
  let best: number[] = [];
  let prev = '';
  let prevDepth = 0;
  let i = 0;
  while (i < words.length) {
    const w = words[i];
    let depth = 0;
    const shared = Math.min(prevDepth, w.length);
    while (depth < shared && w.charCodeAt(depth) === prev.charCodeAt(depth)) depth++;
    const limit = Math.min(w.length, maxDepth);
    let pruned = 0;
    for (let r = depth + 1; r <= limit; r++) {
      const row = rows[r];
      const up = rows[r - 1];
      const c = w.charCodeAt(r - 1);
      let min = far;
      for (let b = 1; b <= band; b++) {
        const j = r + b - 1 - k;
        let v = far;
        if (j === 0) v = r;
        else if (j > 0 && j <= n) {
          v = Math.min(up[b + 1] + 1, row[b - 1] + 1, up[b] + (c === t[j - 1] ? 0 : 1));
          if (r > 1 && j > 1 && c === t[j - 2] && w.charCodeAt(r - 2) === t[j - 1]) v = Math.min(v, rows[r - 2][b] + 1);
          if (v > far) v = far;
        }
        row[b] = v;
        if (v < min) min = v;
      }
      rowMin[r] = min;
      // A swap reaches back one row, so a prefix is hopeless only when this row and the one before say so.
      if (min > budget && (r === 1 || rowMin[r - 1] + 1 > budget)) {
        pruned = r;
        break;
      }
    }
    prev = w;
    if (pruned) {
      prevDepth = pruned;
      i = endOfPrefix(words, i, pruned);
      continue;
    }
    prevDepth = limit;
    if (w.length <= maxDepth && w.length >= n - k) {
      const distance = rows[w.length][n - w.length + k + 1];
      if (distance < budget) {
        budget = distance;
        best = [i];
      } else if (distance === budget) best.push(i);
    }
    i++;
  }
  return best;
}

/**
 * The first index after `from` whose word does not share the first `length`
 * letters of words[from]. Gallops forward: prefix groups are mostly small, and
 * comparing char codes avoids building a bound string for every pruned prefix.
 */
function endOfPrefix(words: readonly string[], from: number, length: number): number {
  const word = words[from];
  const shares = (j: number) => {
    const other = words[j];
    if (other.length < length) return false;
    for (let k = 0; k < length; k++) if (other.charCodeAt(k) !== word.charCodeAt(k)) return false;
    return true;
  };
  let lo = from;
  let hi = from + 1;
  let step = 1;
  while (hi < words.length && shares(hi)) {
    lo = hi;
    step *= 2;
    hi += step;
  }
  if (hi > words.length) hi = words.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (shares(mid)) lo = mid;
    else hi = mid;
  }
  return hi;
}
