import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOVERS_LIMIT, type MoverSource, moverChanges, moversOf, moversRules } from '../../src/catalogue/movers.ts';
import { listable } from '../../src/pipeline/movers-files.ts';

/** An item with a daily history that ends on `end` (the last value is that day's). */
const item = (id: string, market: (number | null)[], end = '2025-10-20'): MoverSource => {
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (market.length - 1) * 86_400_000).toISOString().slice(0, 10);
  return { id, slug: `slug-${id}`, name: `Name ${id}`, url: `/cards/slug-${id}`, history: { start, end, market } };
};
const week = (cards: MoverSource[]) => moversOf(cards, [], '2025-10-20').windows[0].cards;
const ids = (list: { id: string }[]) => list.map((m) => m.id);

describe('moversOf', () => {
  it("reads the window by date, as every record's change: from the price on its first day to the price on its last, each the last known in the week ending that day", () => {
    // The window is 10-14 to 10-20. 10-14 has no price: the last known before it is 100, on 10-13 (the first known
    // price in the window, 10 on 10-15, is not what the window began at). 10-20 has none either: 20, on 10-19.
    const lists = week([item('a', [1, 100, null, 10, 11, 12, 13, 20, null])]);
    expect(lists.rises).toEqual([]);
    const [mover] = lists.falls;
    expect(mover).toMatchObject({ fromUsd: 100, toUsd: 20, fromDate: '2025-10-13', toDate: '2025-10-19', changeUsd: -80, changePct: -80, knownDays: 5 });
    expect(mover.history).toEqual({ start: '2025-10-14', end: '2025-10-20', market: [null, 10, 11, 12, 13, 20, null] });
  });

  it('a history that ends before the window, or starts in it with too few days, is left out', () => {
    expect(week([item('old', [10, 20, 30, 40, 50, 60, 70], '2025-10-01'), item('new', [10, null, 20])])).toEqual({ rises: [], falls: [] });
  });

  it('a history that reaches back to the window with a price on too few of its days is left out', () => {
    // A price on 4 of the 7 days: its change (10 to 20) is known, its known days too few.
    expect(week([item('thin', [10, null, null, 10, null, 10, 20])])).toEqual({ rises: [], falls: [] });
    expect(ids(week([item('enough', [10, null, 10, 10, null, 10, 20])]).rises)).toEqual(['enough']);
  });

  it('a history that starts inside the window is left out however many of its days are known: its price on the first day is not', () => {
    expect(week([item('six', [10, 10, 10, 10, 10, 20])])).toEqual({ rises: [], falls: [] });
    expect(ids(week([item('seven', [10, 10, 10, 10, 10, 10, 20])]).rises)).toEqual(['seven']);
  });

  it('the floor holds at either end: $1 to $5 is ranked, $1 to $4.99 is not', () => {
    const lists = week([item('up', [1, 1, 1, 1, 1, 1, 5]), item('under', [1, 1, 1, 1, 1, 1, 4.99]), item('down', [5, 4, 3, 2, 1, 1, 1])]);
    expect(ids(lists.rises)).toEqual(['up']);
    expect(ids(lists.falls)).toEqual(['down']);
  });

  it('ranks by percentage, then by the dollar move, then by id; an item that did not move is in neither list', () => {
    const lists = week([
      item('b', [10, 10, 10, 10, 10, 10, 20]),
      item('a', [10, 10, 10, 10, 10, 10, 20]),
      item('big', [100, 100, 100, 100, 100, 100, 200]),
      item('flat', [9, 9, 9, 9, 9, 9, 9]),
    ]);
    expect(ids(lists.rises)).toEqual(['big', 'a', 'b']);
    expect(lists.falls).toEqual([]);
  });

  it(`lists at most ${MOVERS_LIMIT} of each`, () => {
    const many = Array.from({ length: MOVERS_LIMIT + 5 }, (_, i) => item(`c${i}`, [10, 10, 10, 10, 10, 10, 11 + i]));
    expect(week(many).rises).toHaveLength(MOVERS_LIMIT);
  });

  it('sealed products are ranked apart from cards, and an entry names a set only when it has one', () => {
    const product = item('p', [50, 50, 50, 50, 50, 50, 40]);
    const movers = moversOf([{ ...item('c', [50, 50, 50, 50, 50, 50, 60]), setName: 'Base' }], [product], '2025-10-20');
    expect(ids(movers.windows[0].sealed.falls)).toEqual(['p']);
    expect(movers.windows[0].cards.rises[0].setName).toBe('Base');
    expect(movers.windows[0].sealed.falls[0]).not.toHaveProperty('setName');
  });

  it('states its rules', () => {
    expect(moversRules(moversOf([], [], '2025-10-20'))).toBe(
      'Ranked: items worth at least $5 at the start or the end of the window, with a known market price on at least 5 of its 7 days (20 of 30 for 30 days); ' +
        "the change is from the price on the window's first day to the price on its last, each the last known in the week ending that day. At most 20 per list.",
    );
  });
});

describe('moverChanges and listable: the items the build gives moversOf', () => {
  it('the movers of the items listable keeps are the movers of them all', () => {
    // Few prices and long runs of them, so that changes tie; histories of a week at least, and so many items (about
    // one in four moves) that more rise or fall in a window than a list holds, so that listable leaves some out.
    const price = fc.oneof(fc.constant(null), fc.constantFrom(1, 4.99, 5, 6, 10, 20, 40), fc.double({ min: 0, max: 60, noNaN: true }));
    const items = fc.array(fc.array(price, { minLength: 7, maxLength: 35 }), { minLength: 6 * MOVERS_LIMIT, maxLength: 8 * MOVERS_LIMIT });
    const changes = moverChanges('2025-10-20');
    const moved = (items: MoverSource[]) =>
      items.flatMap((source) => {
        const moves = changes(source);
        return moves.some((c) => c !== null) ? [{ item: source, moves }] : [];
      });
    // The runs in which listable left out an item that moved: the only runs in which it could be wrong.
    let leftOut = 0;
    fc.assert(
      fc.property(items, items, (cardPrices, sealedPrices) => {
        const cards = cardPrices.map((market, i) => item(`c${i}`, market));
        const sealed = sealedPrices.map((market, i) => item(`s${i}`, market));
        const [movedCards, movedSealed] = [moved(cards), moved(sealed)];
        const [keptCards, keptSealed] = [listable(movedCards), listable(movedSealed)];
        expect(moversOf(keptCards, keptSealed, '2025-10-20')).toEqual(moversOf(cards, sealed, '2025-10-20'));
        if (keptCards.length < movedCards.length || keptSealed.length < movedSealed.length) leftOut++;
      }),
      { numRuns: 60 },
    );
    // Drawn with fewer items, as this test first was, no run left any out: the property held having checked nothing.
    expect(leftOut).toBeGreaterThan(30);
  });

  it('keeps no more than the lists can hold, but for ties', () => {
    const cards = Array.from({ length: 3 * MOVERS_LIMIT }, (_, i) => item(`c${i}`, [10, 10, 10, 10, 10, 10, 10 + i + 1]));
    const changes = moverChanges('2025-10-20');
    expect(listable(cards.map((source) => ({ item: source, moves: changes(source) })))).toHaveLength(MOVERS_LIMIT);
  });
});
