/**
 * The change feed served from content/changes/ (src/lib/catalogue-changes.ts
 * writes the records): the list of imports at /api/changes, and per item the
 * imports that changed it, for the card and sealed details.
 */

import { changesUrl } from '../http/links.ts';
import type { ChangeRecord, CollectionChanges } from './catalogue-changes.ts';

export type ChangeKind = keyof CollectionChanges;
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'repriced', 'band', 'status'];

export type ChangeCounts = Record<ChangeKind, number>;

/** Element of `/api/changes` (schemas/api/change-list.json). */
export interface ChangeListItem {
  asOf: string;
  previousAsOf: string;
  counts: { cards: ChangeCounts; sealed: ChangeCounts };
  url: string;
}

/** Element of a detail's `changes`: an import that changed the item, and how. */
export interface ItemChangeRef {
  asOf: string;
  url: string;
  what: ChangeKind[];
}

const countsOf = (changes: CollectionChanges): ChangeCounts => Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, changes[kind].length])) as ChangeCounts;

/** `/api/changes`: one entry per import, in the order given (newest first). */
export function changeListOf(records: readonly ChangeRecord[]): ChangeListItem[] {
  return records.map((r) => ({
    asOf: r.asOf,
    previousAsOf: r.previousAsOf,
    counts: { cards: countsOf(r.cards), sealed: countsOf(r.sealed) },
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
