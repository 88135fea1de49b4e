/**
 * What an import changes in the catalogue: items added and removed, values that
 * moved by more than REPRICE_THRESHOLD, value bands and price statuses that
 * changed. The import prints it before writing and keeps it, per import, in
 * content/changes/<as-of date>.json; the states compared are the records the API
 * serves (card and sealed summaries), so a change here is a change a client sees.
 * The record's type is the content schema's (src/schemas/changes.ts).
 */
import type { CardEntry } from '../schemas/card.ts';
import type { ChangeRecord, CollectionChanges, ItemRef, PrintingRepriced } from '../schemas/changes.ts';
import type { SealedEntry } from '../schemas/sealed.ts';
import type { SetEntry } from '../schemas/set.ts';
import { cardToSummary, printingsOf } from './card-record.ts';
import { formatUsd, signedPct } from './format.ts';
import { changePctOf } from './money.ts';
import { sealedToSummary } from './sealed-record.ts';

/** A value that moves by more than this share of itself is "repriced" (0.1: more than 10%). */
export const REPRICE_THRESHOLD = 0.1;

/** The content snapshot: the catalogue's sets, cards and sealed products as content/ holds them (the import, the checker and the articles' figures all read this one type). */
export interface ContentCatalogue {
  sets: SetEntry[];
  cards: CardEntry[];
  /** Sealed products with their group (as the content loader gives them). */
  sealed: SealedEntry[];
}

interface ItemState extends ItemRef {
  band: string | null;
  status: string;
}

type Prices = Pick<CardEntry['prices'][number], 'low' | 'mid' | 'high' | 'market' | 'directLow'>;

/**
 * Whether a price line holds any price. The catalogue sync lists a new card's printings before any marketplace
 * has priced them (scripts/lib/tcgdex-convert.ts): such a line's date is the day it was listed, not a price date.
 * @example hasPrices({ low: null, mid: null, high: null, market: null, directLow: null }) // false
 */
export function hasPrices(line: Prices): boolean {
  return line.low !== null || line.mid !== null || line.high !== null || line.market !== null || line.directLow !== null;
}

/**
 * The newest price date anywhere in the content: the catalogue's as-of date (the
 * build's, the import's and the tests' one definition). Lines with no price at all
 * (listed by the catalogue sync, not yet priced) have no price date.
 * @example pricesAsOfOf(cards, sealed) // "2025-10-20"
 */
export function pricesAsOfOf(cards: readonly Pick<CardEntry, 'prices'>[], sealed: readonly Pick<SealedEntry, 'price'>[]): string {
  let asOf = '';
  for (const card of cards) for (const p of card.prices) if (p.updatedAt > asOf && hasPrices(p)) asOf = p.updatedAt;
  for (const p of sealed) if (p.price && p.price.updatedAt > asOf) asOf = p.price.updatedAt;
  return asOf;
}

/** A printing as a change record names it: its card, and its own value. */
interface PrintingState extends ItemRef {
  printing: string;
  label: string;
}

function statesOf(
  content: ContentCatalogue,
  pricesAsOf: string,
): { cards: Map<string, ItemState>; sealed: Map<string, ItemState>; printings: Map<string, PrintingState> } {
  const sets = new Map(content.sets.map((s) => [s.id, s]));
  const cards = new Map<string, ItemState>();
  const printings = new Map<string, PrintingState>();
  for (const card of content.cards) {
    const set = sets.get(card.set);
    if (!set) continue; // the build refuses such a card; here it simply has no state
    const s = cardToSummary(card, set, pricesAsOf);
    cards.set(s.id, { id: s.id, slug: s.slug, name: s.exactName, valueUsd: s.valueUsd, band: s.valueBand, status: s.priceStatus });
    for (const p of printingsOf({ ...card, history: [] }, pricesAsOf)) {
      printings.set(`${s.id} ${p.id}`, { id: s.id, slug: s.slug, name: s.exactName, valueUsd: p.valueUsd, printing: p.id, label: p.label });
    }
  }
  const sealed = new Map<string, ItemState>();
  for (const product of content.sealed) {
    const s = sealedToSummary(product, pricesAsOf);
    sealed.set(String(s.productId), { id: String(s.productId), slug: s.slug, name: s.cleanName, valueUsd: s.valueUsd, band: null, status: s.priceStatus });
  }
  return { cards, sealed, printings };
}

/** The move of a value past the threshold, in percent to one decimal; null when it moved less or either is unknown. */
function movePercent(from: number | null, to: number | null, threshold: number): number | null {
  if (from === null || to === null || from <= 0) return null;
  return Math.abs((to - from) / from) > threshold ? changePctOf(from, to) : null;
}

/** The printings (of cards in both contents) whose own value moved past the threshold, by card id then printing. */
function repricedPrintings(before: Map<string, PrintingState>, after: Map<string, PrintingState>, threshold: number): PrintingRepriced[] {
  const repriced: PrintingRepriced[] = [];
  for (const [key, now] of after) {
    const old = before.get(key);
    const changePct = old ? movePercent(old.valueUsd, now.valueUsd, threshold) : null;
    if (old && changePct !== null) repriced.push({ ...now, fromUsd: old.valueUsd!, toUsd: now.valueUsd!, changePct });
  }
  return repriced.sort((a, b) => byId(a, b) || (a.printing < b.printing ? -1 : a.printing > b.printing ? 1 : 0));
}

const ref = ({ id, slug, name, valueUsd }: ItemState): ItemRef => ({ id, slug, name, valueUsd });
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function compare(before: Map<string, ItemState>, after: Map<string, ItemState>, threshold: number): CollectionChanges {
  const changes: CollectionChanges = { added: [], removed: [], repriced: [], band: [], status: [] };
  for (const [id, old] of before) if (!after.has(id)) changes.removed.push(ref(old));
  for (const [id, now] of after) {
    const old = before.get(id);
    if (!old) {
      changes.added.push(ref(now));
      continue;
    }
    const changePct = movePercent(old.valueUsd, now.valueUsd, threshold);
    if (changePct !== null) changes.repriced.push({ ...ref(now), fromUsd: old.valueUsd!, toUsd: now.valueUsd!, changePct });
    if (old.band !== now.band) changes.band.push({ ...ref(now), from: old.band, to: now.band });
    if (old.status !== now.status) changes.status.push({ ...ref(now), from: old.status, to: now.status });
  }
  for (const list of Object.values(changes)) list.sort(byId);
  return changes;
}

/**
 * The changes from one content to the next, or null when nothing a client sees changed.
 * @example catalogueChanges(current, imported)?.cards.repriced[0] // { id: 'base1-4', fromUsd: 420, toUsd: 480, changePct: 14.3, … }
 */
export function catalogueChanges(before: ContentCatalogue, after: ContentCatalogue, threshold = REPRICE_THRESHOLD): ChangeRecord | null {
  const previousAsOf = pricesAsOfOf(before.cards, before.sealed);
  const asOf = pricesAsOfOf(after.cards, after.sealed);
  // Each side is judged at its own as-of date, as the API served (or will serve) it.
  const old = statesOf(before, previousAsOf);
  const now = statesOf(after, asOf);
  const record: ChangeRecord = {
    asOf,
    previousAsOf,
    repriceThreshold: threshold,
    cards: compare(old.cards, now.cards, threshold),
    sealed: compare(old.sealed, now.sealed, threshold),
    printings: { repriced: repricedPrintings(old.printings, now.printings, threshold) },
  };
  const any = [record.cards, record.sealed, record.printings!].some((c) => Object.values(c).some((list) => list.length > 0));
  return any ? record : null;
}

/**
 * A few lines for a person: counts per kind of change, with the largest moves.
 * @example changeSummary(record) // ["cards: 2 added, 1 removed, 14 repriced by more than 10%, 3 band changes, 0 status changes", …]
 */
export function changeSummary(record: ChangeRecord, examples = 5): string[] {
  const lines: string[] = setsSummary(record);
  for (const [area, c] of [
    ['cards', record.cards],
    ['sealed', record.sealed],
  ] as const) {
    lines.push(
      `${area}: ${c.added.length} added, ${c.removed.length} removed, ${c.repriced.length} repriced by more than ${record.repriceThreshold * 100}%, ` +
        `${c.band.length} band changes, ${c.status.length} status changes`,
    );
    const moves = [...c.repriced].sort((a, b) => Math.abs(b.changePct) - Math.abs(a.changePct)).slice(0, examples);
    for (const m of moves) lines.push(`  ${m.name}: ${formatUsd(m.fromUsd)} → ${formatUsd(m.toUsd)} (${signedPct(m.changePct)})`);
    for (const b of c.band.slice(0, examples)) lines.push(`  ${b.name}: band ${b.from ?? 'none'} → ${b.to ?? 'none'}`);
    for (const a of c.added.slice(0, examples)) lines.push(`  + ${a.name}`);
    for (const r of c.removed.slice(0, examples)) lines.push(`  - ${r.name}`);
  }
  const printings = record.printings?.repriced ?? [];
  lines.push(`printings: ${printings.length} repriced by more than ${record.repriceThreshold * 100}%`);
  const moves = [...printings].sort((a, b) => Math.abs(b.changePct) - Math.abs(a.changePct)).slice(0, examples);
  for (const m of moves) lines.push(`  ${m.name}, ${m.label}: ${formatUsd(m.fromUsd)} → ${formatUsd(m.toUsd)} (${signedPct(m.changePct)})`);
  return lines;
}

/**
 * The sets a record added, one line each, as the daily job's commit message gives them.
 * @example setsSummary(record) // ["added set Prismatic Evolutions (sv8pt5), 180 cards"]
 */
export function setsSummary(record: Pick<ChangeRecord, 'sets'>): string[] {
  return (record.sets?.added ?? []).map((set) => `added set ${set.name} (${set.id}), ${set.cards} ${set.cards === 1 ? 'card' : 'cards'}`);
}
