/**
 * The change feed served from content/changes/ (src/catalogue/catalogue-changes.ts
 * writes the records): the list of imports at /api/changes, each record as
 * /api/changes/{date} serves it, and per item the imports that changed it, for
 * the card and sealed details.
 */

import { changesUrl } from '../http/links.ts';
import type { ChangeCounts, ChangeList, ItemChanges, ChangeRecord as ServedChangeRecord } from '../schemas/api-types.ts';
import type { ChangeRecord, CollectionChanges } from '../schemas/changes.ts';

export type ChangeKind = keyof CollectionChanges;
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'repriced', 'band', 'status'];

/** Element of `/api/changes` (schemas/api/change-list.json). */
export type ChangeListItem = ChangeList[number];

/** Element of a detail's `changes`: an import that changed the item, and how. */
export type ItemChangeRef = ItemChanges[number];

const countsOf = (changes: CollectionChanges): ChangeCounts => ({
  added: changes.added.length,
  removed: changes.removed.length,
  repriced: changes.repriced.length,
  band: changes.band.length,
  status: changes.status.length,
});

/** `/api/changes`: one entry per import, in the order given (newest first). */
export function changeListOf(records: readonly ChangeRecord[]): ChangeListItem[] {
  return records.map((r) => ({
    asOf: r.asOf,
    previousAsOf: r.previousAsOf,
    counts: {
      cards: countsOf(r.cards),
      sealed: countsOf(r.sealed),
      printings: { repriced: r.printings?.repriced.length ?? 0 },
      ...(r.sets && { sets: { added: r.sets.added.length } }),
    },
    url: changesUrl(r.asOf),
  }));
}

/**
 * Per item id (card id, or sealed product id as a string), the imports that
 * changed it, in the order of `records` (newest first).
 * @example changesByItem(records, 'cards').get('base1-4') // [{ asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] }]
 */
export function changesByItem(records: readonly ChangeRecord[], collection: 'cards' | 'sealed'): Map<string, ItemChangeRef[]> {
  const byItem = new Map<string, ItemChangeRef[]>();
  for (const record of records) {
    const mine = new Map<string, ChangeKind[]>();
    for (const kind of CHANGE_KINDS) {
      for (const item of record[collection][kind]) {
        const what = mine.get(item.id) ?? [];
        if (!what.includes(kind)) what.push(kind);
        mine.set(item.id, what);
      }
    }
    for (const [id, what] of mine) {
      const list = byItem.get(id) ?? [];
      list.push({ asOf: record.asOf, url: changesUrl(record.asOf), what });
      byItem.set(id, list);
    }
  }
  return byItem;
}

/** A price change of a record as version 1.0.0 spelt it; served beside fromUsd/toUsd/changePct until 2.0.0 (docs/api.md#versions). */
const withDeprecatedNames = <T extends { fromUsd: number; toUsd: number; changePct: number }>(move: T) => ({
  ...move,
  from: move.fromUsd,
  to: move.toUsd,
  changePercent: move.changePct,
});

const servedChanges = (changes: CollectionChanges) => ({ ...changes, repriced: changes.repriced.map(withDeprecatedNames) });

/**
 * `/api/changes/{date}`: the record as content/changes/ holds it, each price change also under its deprecated names.
 * @example servedChangeRecord(record).cards.repriced[0] // { id: 'base1-4', …, fromUsd: 420, toUsd: 480, changePct: 14.3, from: 420, to: 480, changePercent: 14.3 }
 */
export function servedChangeRecord(record: ChangeRecord): ServedChangeRecord {
  const { printings, ...rest } = record;
  return {
    ...rest,
    cards: servedChanges(record.cards),
    sealed: servedChanges(record.sealed),
    ...(printings && { printings: { repriced: printings.repriced.map(withDeprecatedNames) } }),
  };
}
