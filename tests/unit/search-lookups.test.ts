import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productLookup, productPositionsOf } from '../../src/search/card-searcher.ts';
import { orderByNumber } from '../../src/search/catalogue-searcher.ts';
import { positionSetOf, ranksInOrder } from '../../src/search/postings.ts';
import { nearestWords, typoBudget } from '../../src/search/vocabulary.ts';

/** Edit distance with swaps of neighbouring letters (optimal string alignment), the full table: the oracle. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** What nearestWords promises, by brute force: every word at the smallest distance, if that is within the budget. */
function nearestByBruteForce(words: readonly string[], token: string, maxDistance: number): number[] {
  const distances = words.map((w) => editDistance(w, token));
  const best = Math.min(...distances);
  return best > maxDistance ? [] : distances.flatMap((d, i) => (d === best ? [i] : []));
}

/** Small alphabets so that random words and tokens land near each other often. */
const word = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'r', '1', '/'), minLength: 1, maxLength });
const vocabulary = fc.uniqueArray(word(9), { minLength: 1, maxLength: 60 }).map((ws) => ws.sort());

describe('nearestWords', () => {
  it('finds exactly the nearest words within the budget, as the full edit-distance table does', () => {
    fc.assert(
      fc.property(vocabulary, word(14), fc.integer({ min: 1, max: 2 }), (words, token, maxDistance) => {
        expect(nearestWords(words, token, maxDistance)).toEqual(nearestByBruteForce(words, token, maxDistance));
      }),
      { numRuns: 2000 },
    );
  });

  it('a token far longer than every word finds nothing, and quickly gives up on it', () => {
    const words = ['charizard', 'charmander', 'lugia'];
    expect(nearestWords(words, 'c'.repeat(199), 2)).toEqual([]);
    expect(nearestWords(words, 'charizard'.repeat(22), 2)).toEqual([]);
    expect(nearestWords(words, 'charizardx', typoBudget(10))).toEqual([0]);
  });

  it('a remembered answer is a copy: changing what it returned changes nothing later', () => {
    const words = ['charizard', 'charmander', 'lugia'];
    const first = nearestWords(words, 'charzard', 2);
    first.push(2);
    expect(nearestWords(words, 'charzard', 2)).toEqual([0]);
  });

  it('answers are remembered per vocabulary, never shared between two', () => {
    expect(nearestWords(['lugia'], 'lugai', 1)).toEqual([0]);
    expect(nearestWords(['mew', 'lugia'], 'lugai', 1)).toEqual([1]);
  });
});

describe('positionSetOf', () => {
  const positions = fc.uniqueArray(fc.integer({ min: 0, max: 199 }), { maxLength: 40 }).map((ps) => Uint32Array.from(ps.sort((a, b) => a - b)));

  it('holds the union of the lists and intersects like a sorted list', () => {
    fc.assert(
      fc.property(fc.array(positions, { maxLength: 6 }), positions, (lists, other) => {
        const union = [...new Set(lists.flatMap((l) => [...l]))].sort((a, b) => a - b);
        const set = positionSetOf(lists, 200);
        expect(set.size).toBe(union.length);
        expect([...set.positions()]).toEqual(union);
        expect([...set.within(other)]).toEqual([...other].filter((p) => union.includes(p)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('ranksInOrder', () => {
  it('pages through the ranks of the positions as sorting them would', () => {
    const permutation = fc.shuffledSubarray([...Array(300).keys()], { minLength: 300, maxLength: 300 }).map((r) => Uint32Array.from(r));
    fc.assert(
      fc.property(permutation, fc.uniqueArray(fc.integer({ min: 0, max: 299 }), { maxLength: 120 }), fc.nat(130), fc.nat(60), (rank, ps, skip, count) => {
        const positions = Uint32Array.from(ps.sort((a, b) => a - b));
        const sorted = Array.from(positions, (p) => rank[p]).sort((a, b) => a - b);
        expect([...ranksInOrder(positions, rank, skip, count)]).toEqual(sorted.slice(skip, skip + count));
      }),
      { numRuns: 500 },
    );
  });
});

describe('orderByNumber', () => {
  /** The comparator the stored sorts were made with: known numbers first, either way, then equal ones and the unknown in position order. */
  const byComparator = (numbers: Float64Array, direction: 'asc' | 'desc') => {
    const sign = direction === 'desc' ? -1 : 1;
    return Uint32Array.from(
      Array.from(numbers, (_, p) => p).sort(
        (a, b) => Number(Number.isNaN(numbers[a])) - Number(Number.isNaN(numbers[b])) || sign * (numbers[a] - numbers[b]) || a - b,
      ),
    );
  };
  // Few distinct values, so that ties are common; 0 and -0, infinities and NaN among them.
  const number = fc.oneof(
    fc.constantFrom(0, -0, 1.5, -3.3, 12, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    fc.integer({ min: -5, max: 5 }),
  );

  it('orders positions as a sort with that comparator does', () => {
    fc.assert(
      fc.property(fc.array(number, { maxLength: 200 }), fc.constantFrom('asc' as const, 'desc' as const), (values, direction) => {
        const numbers = Float64Array.from(values);
        expect([...orderByNumber(numbers, direction)]).toEqual([...byComparator(numbers, direction)]);
      }),
    );
  });
});

describe('productPositionsOf', () => {
  /** The oracle: every distinct (product, position) pair, sorted by product then position. */
  const byPairs = (cards: (number | null)[][]) =>
    cards
      .flatMap((products, position) => [...new Set(products.filter((id) => id !== null))].map((id) => [id, position]))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .flat();
  const listOf = (cards: (number | null)[][]) =>
    productPositionsOf(cards.length, (p) => ({ printings: cards[p].map((productId) => ({ productId }) as never) }));

  it('lists each product with the positions of the cards that hold it, sorted, whatever the ids', () => {
    const productId = fc.oneof(fc.constant(null), fc.nat({ max: 700_000 }), fc.constantFrom(0, 2 ** 29 - 1, 2 ** 29, 2 ** 40, Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(fc.array(fc.array(productId, { maxLength: 4 }), { maxLength: 60 }), (cards) => {
        expect(listOf(cards)).toEqual(byPairs(cards));
      }),
      { numRuns: 2000 },
    );
  });

  it('a product held by several printings of one card names the card once, and the look-up finds every card', () => {
    const list = listOf([[5, 5, null], [9], [5]]);
    expect(list).toEqual([5, 0, 5, 2, 9, 1]);
    expect(productLookup(list)(5)).toEqual([0, 2]);
  });

  it('finds the cards of every product, and none of a product no card holds, whatever the list', () => {
    const productId = fc.oneof(fc.constant(null), fc.nat({ max: 50 }), fc.constantFrom(2 ** 40, Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(fc.array(fc.array(productId, { maxLength: 4 }), { maxLength: 60 }), fc.nat({ max: 60 }), (cards, absent) => {
        const lookup = productLookup(listOf(cards));
        for (const id of new Set(cards.flat())) {
          if (id !== null) expect(lookup(id)).toEqual(cards.flatMap((held, p) => (held.includes(id) ? [p] : [])));
        }
        if (!cards.flat().includes(absent)) expect(lookup(absent)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('finds the cards of a product in a list out of order', () => {
    expect(productLookup([9, 1, 5, 2, 5, 0])(5)).toEqual([0, 2]);
  });
});
