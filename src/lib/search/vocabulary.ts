/**
 * Look-ups in a sorted vocabulary (plain code-unit order): exact, prefix, and
 * typo correction. Typo correction walks the sorted list as if it were a trie:
 * neighbouring words share their prefix's rows of the edit-distance table, and a
 * prefix that is already too far from the token skips every word that starts with
 * it. That keeps a correction well under a millisecond even on 100k cards, and it
 * never looks at the cards themselves.
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
 * letters (every such string is one edit from dozens of words), 1 up to 5, 2 beyond.
 * @example typoBudget(8) // 2
 */
export function typoBudget(length: number): number {
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/**
 * The indexes of the words nearest to `token` by edit distance (insertions,
 * deletions, substitutions and swaps of neighbouring letters), if the nearest
 * are within `maxDistance`; all words tied at that distance are returned.
 * Searches distance 1 first: most typos are one edit, and a budget of 1 prunes
 * the walk after two letters where a budget of 2 needs three.
 * @example nearestWords(['charizard', 'charmander'], 'charzard', 2) // [0]
 */
export function nearestWords(words: readonly string[], token: string, maxDistance: number): number[] {
  for (let budget = Math.min(1, maxDistance); budget <= maxDistance; budget++) {
    const found = walkWithin(words, token, budget);
    if (found.length) return found;
  }
  return [];
}

/** The trie walk behind nearestWords, for one distance budget. */
function walkWithin(words: readonly string[], token: string, maxDistance: number): number[] {
  const n = token.length;
  const t = Array.from(token, (c) => c.charCodeAt(0));
  const maxDepth = n + maxDistance;
  const rows = Array.from({ length: maxDepth + 1 }, () => new Int32Array(n + 1));
  const rowMin = new Int32Array(maxDepth + 1);
  for (let j = 0; j <= n; j++) rows[0][j] = j;
  let budget = maxDistance;
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
      row[0] = r;
      let min = r;
      for (let j = 1; j <= n; j++) {
        let v = Math.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + (c === t[j - 1] ? 0 : 1));
        if (r > 1 && j > 1 && c === t[j - 2] && w.charCodeAt(r - 2) === t[j - 1]) v = Math.min(v, rows[r - 2][j - 2] + 1);
        row[j] = v;
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
    if (w.length <= maxDepth) {
      const distance = rows[w.length][n];
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
