import type { History, Mover, MoverLists, Movers, MoversWindow } from '../schemas/api-types.ts';
import { addDays, daysBetween } from '../schemas/dates.ts';
import { changeOver } from './price-change.ts';
import type { PricePoint } from './price-on-day.ts';

/**
 * The price movers (`/api/movers`, `/movers`): the cards and sealed products whose market price rose or fell
 * the most over the last 7 and 30 days, from the daily histories at build time, each change as every record's
 * (changeOver, src/catalogue/price-change.ts: from the price on the window's first day to the price on its last).
 * Two rules keep the lists worth reading: a floor (an item worth under $5 at both ends of a window is left out, or a $0.10 card doubling would
 * top every list) and a minimum of known days (an item with a price on too few of the window's days is left
 * out, or one lucky sale would).
 */

/** An item is ranked only when its price at the start or at the end of the window is at least this. */
export const MOVERS_FLOOR_USD = 5;
/** The most entries each list holds. */
export const MOVERS_LIMIT = 20;
/** The windows, each with the known days it asks of an item: most of its days. */
export const MOVERS_WINDOWS = [
  { days: 7, minKnownDays: 5 },
  { days: 30, minKnownDays: 20 },
] as const;

/** An item as the movers read it: what an entry names, and the daily history its value comes from. */
export interface MoverSource {
  id: string;
  slug: string;
  name: string;
  setName?: string;
  /** Its page. */
  url: string;
  history: History | undefined;
}

/** A window's days as ISO dates, and the numbers that place a history in it. */
interface Window {
  days: number;
  minKnownDays: number;
  start: string;
  end: string;
}

/** How an item moved in a window: enough to rank it; the entry is made for the few that are listed. */
interface Move {
  source: MoverSource;
  from: PricePoint;
  to: PricePoint;
  knownDays: number;
  changeUsd: number;
  changePct: number;
}

/** The window's daily prices of a history, null outside it or where none is known. */
function windowPrices(history: History, window: Window): (number | null)[] {
  const offset = daysBetween(history.start, window.start);
  return Array.from({ length: window.days }, (_, i) => {
    const value = history.market[offset + i];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}

/**
 * How an item moved in a window (changeOver over the window's days to its end), or undefined when a rule leaves it
 * out, the change is not known, or it did not move.
 */
function moveOf(source: MoverSource, window: Window): Move | undefined {
  if (!source.history) return undefined;
  const knownDays = windowPrices(source.history, window).filter((value) => value !== null).length;
  if (knownDays < window.minKnownDays) return undefined;
  const change = changeOver({ history: source.history }, window.days, window.end);
  if ('reason' in change || change.changePct === 0) return undefined;
  if (Math.max(change.from.usd, change.to.usd) < MOVERS_FLOOR_USD) return undefined;
  return { source, from: change.from, to: change.to, knownDays, changeUsd: change.changeUsd, changePct: change.changePct };
}

const byId = (a: Move, b: Move) => (a.source.id < b.source.id ? -1 : a.source.id > b.source.id ? 1 : 0);
/** Rises: the largest percentage first, then the largest dollar move; falls the other way round. */
const risesFirst = (a: Move, b: Move) => b.changePct - a.changePct || b.changeUsd - a.changeUsd || byId(a, b);
const fallsFirst = (a: Move, b: Move) => a.changePct - b.changePct || a.changeUsd - b.changeUsd || byId(a, b);

function moverOf(move: Move, window: Window): Mover {
  const { source } = move;
  return {
    id: source.id,
    slug: source.slug,
    name: source.name,
    ...(source.setName !== undefined && { setName: source.setName }),
    fromUsd: move.from.usd,
    toUsd: move.to.usd,
    changeUsd: move.changeUsd,
    changePct: move.changePct,
    fromDate: move.from.date,
    toDate: move.to.date,
    knownDays: move.knownDays,
    url: source.url,
    history: { start: window.start, end: window.end, market: windowPrices(source.history!, window) },
  };
}

/** The ranked lists of one window from its moves. */
function listsOf(moves: Move[], window: Window): MoverLists {
  const top = (kept: Move[], order: (a: Move, b: Move) => number) =>
    kept
      .sort(order)
      .slice(0, MOVERS_LIMIT)
      .map((m) => moverOf(m, window));
  return {
    rises: top(
      moves.filter((m) => m.changePct > 0),
      risesFirst,
    ),
    falls: top(
      moves.filter((m) => m.changePct < 0),
      fallsFirst,
    ),
  };
}

/**
 * The rules the lists followed, in words (the Markdown and the page say them).
 * @example moversRules(movers) // "Ranked: items worth at least $5 at the start or the end of the window, with a known market price on at least 5 of its 7 days (20 of 30 for 30 days); …"
 */
export function moversRules(movers: Pick<Movers, 'floorUsd' | 'limit' | 'windows'>): string {
  const [first, ...others] = movers.windows;
  const more = others.map((w) => `${w.minKnownDays} of ${w.days} for ${w.days} days`).join(', ');
  return (
    `Ranked: items worth at least $${movers.floorUsd} at the start or the end of the window, with a known market price on at least ` +
    `${first.minKnownDays} of its ${first.days} days${more && ` (${more})`}; the change is from the price on the window's first day to the price on its last, ` +
    'each the last known in the week ending that day. ' +
    `At most ${movers.limit} per list.`
  );
}

/** @example windowTitle({ days: 7, start: '2025-10-14', end: '2025-10-20' }) // "Last 7 days (2025-10-14 to 2025-10-20)" */
export const windowTitle = (window: Pick<MoversWindow, 'days' | 'start' | 'end'>): string => `Last ${window.days} days (${window.start} to ${window.end})`;

/** The windows ending on `pricesAsOf`. */
const windowsOf = (pricesAsOf: string): Window[] =>
  MOVERS_WINDOWS.map(({ days, minKnownDays }) => ({ days, minKnownDays, start: addDays(pricesAsOf, 1 - days), end: pricesAsOf }));

/**
 * How an item moved in each window ending on `pricesAsOf` (MOVERS_WINDOWS' order), as the lists rank it: its change
 * in percent, or null where it did not move as they count a move. moversOf lists only items that moved, the most
 * risen and the most fallen by this figure first: what the build keeps per card (src/pipeline/card-pieces.ts) to
 * give moversOf only the items that can be listed.
 * @example moverChanges('2025-10-20')(card) // [12.5, null]
 */
export function moverChanges(pricesAsOf: string): (source: MoverSource) => (number | null)[] {
  const windows = windowsOf(pricesAsOf);
  return (source) => windows.map((window) => moveOf(source, window)?.changePct ?? null);
}

/**
 * The movers of each window ending on `pricesAsOf`. Each item is read once (`cards` may read its histories
 * file by file).
 * @example moversOf(cards, sealed, '2025-10-20').windows[0] // { days: 7, start: '2025-10-14', end: '2025-10-20', minKnownDays: 5, cards: { rises, falls }, sealed: … }
 */
export function moversOf(cards: Iterable<MoverSource>, sealed: Iterable<MoverSource>, pricesAsOf: string): Movers {
  const windows = windowsOf(pricesAsOf);
  const movesOf = (items: Iterable<MoverSource>) => {
    const moves = windows.map((): Move[] => []);
    for (const item of items) {
      windows.forEach((window, i) => {
        const move = moveOf(item, window);
        if (move) moves[i].push(move);
      });
    }
    return moves;
  };
  const cardMoves = movesOf(cards);
  const sealedMoves = movesOf(sealed);
  return {
    pricesAsOf,
    floorUsd: MOVERS_FLOOR_USD,
    limit: MOVERS_LIMIT,
    windows: windows.map((window, i) => ({
      days: window.days,
      start: window.start,
      end: window.end,
      minKnownDays: window.minKnownDays,
      cards: listsOf(cardMoves[i], window),
      sealed: listsOf(sealedMoves[i], window),
    })),
  };
}
