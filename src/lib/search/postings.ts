/**
 * Set operations on postings: ascending, duplicate-free Uint32Arrays of item
 * positions. Positions are assigned in value order, so every result of these
 * operations is already in the default order and needs no sort.
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

/**
 * The positions in any of the lists.
 * @example union([Uint32Array.of(1, 4), Uint32Array.of(2, 4)]) // Uint32Array [1, 2, 4]
 */
export function union(lists: readonly Uint32Array[]): Uint32Array {
  if (lists.length === 1) return lists[0];
  let size = 0;
  for (const list of lists) size += list.length;
  const all = new Uint32Array(size);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[count++] = all[i];
  return all.subarray(0, count);
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
