import type { TrendOf } from '../render/pages/listing-page.ts';
import type { Trends } from '../render/pages/trends.ts';

/** The sparklines' histories of the search pages, by card id and by sealed product id. */
export interface TrendLookup {
  cards: TrendOf;
  sealed: TrendOf;
}

/** A cents value for a missing price; prices are never negative. */
const NO_PRICE = -1;

/**
 * The trends file's histories held compactly: every price in cents in one Int32Array, each item's a run of it
 * found through a Map of its id. Parsed as JSON, 670,000 prices (with their gaps, each a boxed number) take
 * 8 MB of an instance's heap; so, 4 MB. A history comes back as the file wrote it: a price is held so only when
 * cents/100 gives back the very number the file parsed to, and if one were not, the parsed trends are kept as
 * they are.
 * @example trendLookupOf({ cards: { 'base1-4': [5.5, null] }, sealed: {} }).cards('base1-4') // [5.5, null]
 */
export function trendLookupOf(trends: Trends): TrendLookup {
  const cards = compactOf(trends.cards);
  const sealed = compactOf(trends.sealed);
  if (!cards || !sealed) return { cards: (id) => trends.cards[id], sealed: (id) => trends.sealed[id] };
  return { cards, sealed };
}

function compactOf(byId: Record<string, (number | null)[]>): TrendOf | undefined {
  const ids = Object.keys(byId);
  const starts = new Uint32Array(ids.length + 1);
  // Loops, not callbacks: a callback reading byId would keep it, the whole parsed file, alive with the lookup.
  for (let row = 0; row < ids.length; row++) starts[row + 1] = starts[row] + byId[ids[row]].length;
  const cents = new Int32Array(starts[ids.length]);
  const rowOf = new Map<string, number>();
  for (const [row, id] of ids.entries()) {
    const values = byId[id];
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const held = value === null ? NO_PRICE : Math.round(value * 100);
      if (value !== null && (held < 0 || held > 0x7fffffff || held / 100 !== value)) return undefined;
      cents[starts[row] + i] = held;
    }
    rowOf.set(id, row);
  }
  return (id) => {
    const row = rowOf.get(id);
    if (row === undefined) return undefined;
    return Array.from(cents.subarray(starts[row], starts[row + 1]), (c) => (c === NO_PRICE ? null : c / 100));
  };
}
