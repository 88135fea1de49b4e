/**
 * Set operations on postings: ascending, duplicate-free Uint32Arrays of item
 * positions (for a token of many words, a bitmap of them). Positions are assigned
 * in value order, so every result of these operations is already in the default
 * order and needs no sort.
 */

/**
 * The positions in both lists. Walks the shorter list and gallops through the
 * longer one, so "water" (2k) ∩ "base" (300) costs about 300 short searches.
 * @example intersect(Uint32Array.of(1, 3, 5), Uint32Array.of(3, 4, 5)) // Uint32Array [3, 5]
 */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Uint32Array(small.length);
  let count = 0;
  let lo = 0;
  for (let i = 0; i < small.length && lo < large.length; i++) {
    const x = small[i];
    // Gallop: double the step until past x, then binary-search the last step.
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi] < x) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    if (hi > large.length) hi = large.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo < large.length && large[lo] === x) out[count++] = x;
  }
  return out.subarray(0, count);
}

/** The positions a token stands for: one word's postings, or several words' together. */
export interface PositionSet {
  /** How many distinct positions. */
  size: number;
  /** The positions of `list` (ascending) that are also in this set, ascending. */
  within(list: Uint32Array): Uint32Array;
  /** Every position, ascending. */
  positions(): Uint32Array;
}

/**
 * The positions in any of the lists, positions below `universe`. One list is used
 * as it is. Several (a prefix such as "ch" stands for dozens of words and
 * thousands of positions) are marked in a bitmap instead of being merged into a
 * new sorted list: marking is linear, the count is exact, and intersecting with a
 * smaller list is one bit test per position of that list. Only a set that starts
 * the intersection is ever read back as a list.
 * @example positionSetOf([Uint32Array.of(1, 4), Uint32Array.of(2, 4)], 8).positions() // Uint32Array [1, 2, 4]
 */
export function positionSetOf(lists: readonly Uint32Array[], universe: number): PositionSet {
  if (lists.length <= 1) {
    const list = lists[0] ?? new Uint32Array(0);
    return { size: list.length, within: (other) => intersect(other, list), positions: () => list };
  }
  const bits = new Int32Array((universe + 31) >>> 5);
  let size = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const w = list[i] >>> 5;
      const bit = 1 << (list[i] & 31);
      if ((bits[w] & bit) === 0) {
        bits[w] |= bit;
        size++;
      }
    }
  }
  return {
    size,
    within: (list) => filterPositions(list, (p) => (bits[p >>> 5] & (1 << (p & 31))) !== 0),
    positions() {
      const out = new Uint32Array(size);
      let count = 0;
      for (let w = 0; w < bits.length; w++) {
        for (let b = bits[w]; b !== 0; b &= b - 1) out[count++] = (w << 5) + 31 - Math.clz32(b & -b);
      }
      return out;
    },
  };
}

/**
 * The positions of a list that pass a test, e.g. a band filter.
 * @example filterPositions(Uint32Array.of(1, 2, 3), (p) => p !== 2) // Uint32Array [1, 3]
 */
export function filterPositions(list: Uint32Array, keep: (position: number) => boolean): Uint32Array {
  const out = new Uint32Array(list.length);
  let count = 0;
  for (let i = 0; i < list.length; i++) if (keep(list[i])) out[count++] = list[i];
  return out.subarray(0, count);
}

/**
 * The ranks of `positions` (rank[p] for each, ranks distinct), ascending, after
 * skipping the first `skip`, at most `count`. The ranks are marked in a bitmap and
 * read back in order: linear in the positions, where sorting them is n log n (a
 * name-sorted query matching most of a large catalogue was slow that way).
 * @example ranksInOrder(Uint32Array.of(0, 1, 2), Uint32Array.of(2, 0, 1), 1, 5) // Uint32Array [1, 2]
 */
export function ranksInOrder(positions: Uint32Array, rank: Uint32Array, skip: number, count: number): Uint32Array {
  const want = Math.max(0, Math.min(count, positions.length - skip));
  const out = new Uint32Array(want);
  if (want === 0) return out;
  const bits = new Int32Array((rank.length + 31) >>> 5);
  for (let i = 0; i < positions.length; i++) bits[rank[positions[i]] >>> 5] |= 1 << (rank[positions[i]] & 31);
  let skipped = 0;
  let at = 0;
  for (let w = 0; at < want; w++) {
    let b = bits[w];
    // Whole words of skipped ranks are passed by their bit count.
    const inWord = popCount(b);
    if (skipped + inWord <= skip) {
      skipped += inWord;
      continue;
    }
    for (; b !== 0 && at < want; b &= b - 1) {
      if (skipped < skip) skipped++;
      else out[at++] = (w << 5) + 31 - Math.clz32(b & -b);
    }
  }
  return out;
}

function popCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Where a value stands in an ascending list; -1 when the list does not hold it.
 * @example indexInSorted(Uint32Array.of(2, 5, 9), 5) // 1
 */
export function indexInSorted(list: Uint32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === value ? lo : -1;
}
