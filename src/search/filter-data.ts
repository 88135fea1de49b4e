import { CHANGE_WINDOW_DAYS } from '../catalogue/price-change.ts';
import type { PriceChanges } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import { LANGUAGE_WORDS, type Language } from '../schemas/language.ts';
import type { CardSearchRecord } from './card-searcher.ts';
import {
  codeColumn,
  codesColumn,
  type FilterColumn,
  type FilterData,
  flagColumn,
  flatLists,
  listsOfColumn,
  numberColumn,
  numbersColumn,
} from './field-filters.ts';
import { foldText } from './normalize.ts';
import type { SealedSearchRecord } from './sealed-searcher.ts';

/**
 * The filter data the build writes beside each search pack (field-filters.ts reads it): one column per field,
 * in the pack's position order, made from what the search records carry and the card fields they do not.
 */

/** What a card's filters read that its search record does not carry. */
export interface CardFilterFields {
  supertype: string;
  subtypes: string[];
  artist?: string;
  hp?: number;
  pokedex: number[];
  graded: boolean;
}

/** A card's filter fields, from its content record. */
export function cardFilterFieldsOf(card: Pick<CardEntry, 'supertype' | 'subtypes' | 'artist' | 'hp' | 'nationalPokedexNumbers' | 'graded'>): CardFilterFields {
  const hp = card.hp === undefined ? undefined : Number.parseInt(card.hp, 10);
  return {
    supertype: card.supertype,
    subtypes: card.subtypes,
    ...(card.artist && { artist: card.artist }),
    ...(hp !== undefined && Number.isFinite(hp) && { hp }),
    pokedex: card.nationalPokedexNumbers ?? [],
    graded: card.graded !== undefined,
  };
}

/** A set as the `set:` field names it: by id, PTCGO code, alias or name; and its release year. */
export interface FilterSet {
  id: string;
  name: string;
  ptcgoCode?: string;
  releaseDate: string;
  aliases: readonly string[];
}

/** The names `set:` accepts for each set id. */
function setSynonyms(sets: readonly FilterSet[]): (id: string) => string[] {
  const byId = new Map(sets.map((set) => [set.id, [set.name, ...(set.ptcgoCode ? [set.ptcgoCode] : []), ...set.aliases]]));
  return (id) => byId.get(id) ?? [];
}

/** The card filter columns, items in position order (`item(p)` and its filter fields). */
export function cardFilterData(
  size: number,
  item: (position: number) => CardSearchRecord,
  fieldsOf: (id: string) => CardFilterFields,
  sets: readonly FilterSet[],
): FilterData {
  const records = Array.from({ length: size }, (_, p) => item(p));
  const fields = records.map((r) => fieldsOf(r.summary.id));
  const yearOf = new Map(sets.map((set) => [set.id, Number(set.releaseDate.slice(0, 4))]));
  const columns: Record<string, FilterColumn> = {
    set: codeColumn(
      records.map((r) => r.set),
      setSynonyms(sets),
    ),
    number: { kind: 'text', values: records.map((r) => foldText(r.number)) },
    rarity: codeColumn(records.map((r) => r.summary.rarity)),
    type: codesColumn(records.map((r) => r.summary.types)),
    supertype: codeColumn(fields.map((f) => f.supertype)),
    subtype: codesColumn(fields.map((f) => f.subtypes)),
    artist: codeColumn(fields.map((f) => f.artist)),
    band: codeColumn(records.map((r) => r.summary.valueBand)),
    lang: codeColumn(
      records.map((r) => r.summary.language),
      (code) => [...LANGUAGE_WORDS[code as Language]],
    ),
    printing: codesColumn(records.map((r) => r.printings.map((p) => p.id))),
    year: numberColumn(records.map((r) => yearOf.get(r.set) ?? null)),
    value: numberColumn(records.map((r) => r.summary.valueUsd)),
    hp: numberColumn(fields.map((f) => f.hp ?? null)),
    pokedex: numbersColumn(fields.map((f) => f.pokedex)),
    ...changeColumns(records.map((r) => r.summary.change)),
    'is-graded': flagColumn(fields.map((f) => (f.graded ? 1 : 0))),
    'is-priced': flagColumn(records.map((r) => (r.summary.priceStatus === 'unpriced' ? 0 : 1))),
  };
  return { scope: 'cards', size, columns };
}

/** The sealed filter columns, items in position order. */
export function sealedFilterData(size: number, item: (position: number) => SealedSearchRecord, sets: readonly FilterSet[]): FilterData {
  const records = Array.from({ length: size }, (_, p) => item(p));
  const columns: Record<string, FilterColumn> = {
    kind: codeColumn(records.map((r) => r.summary.kind)),
    set: codeColumn(
      records.map((r) => r.set),
      setSynonyms(sets),
    ),
    value: numberColumn(records.map((r) => r.summary.valueUsd)),
    packs: numberColumn(records.map((r) => r.summary.totalPacks)),
    ppp: numberColumn(records.map((r) => r.summary.pricePerPack)),
    ...changeColumns(records.map((r) => r.summary.change)),
    'is-priced': flagColumn(records.map((r) => (r.summary.priceStatus === 'unpriced' ? 0 : 1))),
  };
  return { scope: 'sealed', size, columns };
}

/** A column of each window's change in percent (null where not known), items in position order. */
function changeColumns(changes: readonly PriceChanges[]): Record<string, FilterColumn> {
  return Object.fromEntries(CHANGE_WINDOW_DAYS.map((days) => [`change${days}`, numberColumn(changes.map((change) => change[`${days}d`].changePct))]));
}

/** The files the build writes them to, in dist/server/. */
export const CARD_FILTERS_FILE = 'search/card-filters.json';
export const SEALED_FILTERS_FILE = 'search/sealed-filters.json';

/** A column as the file holds it: JSON arrays, one entry per position (null: no number). */
type ColumnJson =
  | { kind: 'code'; names: string[]; codes: number[]; synonyms?: Record<string, number> }
  | { kind: 'codes'; names: string[]; codes: number[][] }
  | { kind: 'number'; values: (number | null)[] }
  | { kind: 'numbers'; values: number[][] }
  | { kind: 'text'; values: string[] }
  | { kind: 'flag'; values: (0 | 1)[] };

function columnJson(column: FilterColumn): ColumnJson {
  switch (column.kind) {
    case 'code':
      return { ...column, codes: Array.from(column.codes) };
    case 'codes':
      return { kind: 'codes', names: column.names, codes: listsOfColumn(column.offsets, column.codes) };
    case 'number':
      return { kind: 'number', values: Array.from(column.values, (v) => (Number.isNaN(v) ? null : v)) };
    case 'numbers':
      return { kind: 'numbers', values: listsOfColumn(column.offsets, column.values) };
    case 'text':
      return column;
    case 'flag':
      return { kind: 'flag', values: Array.from(column.values) as (0 | 1)[] };
  }
}

function columnOf(column: ColumnJson): FilterColumn {
  switch (column.kind) {
    case 'code':
      return { ...column, codes: Int32Array.from(column.codes) };
    case 'codes': {
      const { offsets, flat } = flatLists(column.codes);
      return { kind: 'codes', names: column.names, offsets, codes: Int32Array.from(flat) };
    }
    case 'number':
      return numberColumn(column.values);
    case 'numbers':
      return numbersColumn(column.values);
    case 'text':
      return column;
    case 'flag':
      return flagColumn(column.values);
  }
}

/** The filter data as the build writes it to `CARD_FILTERS_FILE` or `SEALED_FILTERS_FILE`. */
export function writeFilterData(data: FilterData): string {
  return JSON.stringify({ ...data, columns: Object.fromEntries(Object.entries(data.columns).map(([name, column]) => [name, columnJson(column)])) });
}

/** The filter data of a file the build wrote; a column of another length than the data is refused, naming `file` and it. */
export function readFilterData(file: string, text: string): FilterData {
  const json = JSON.parse(text) as { scope: FilterData['scope']; size: number; columns: Record<string, ColumnJson> };
  const columns: Record<string, FilterColumn> = {};
  for (const [name, column] of Object.entries(json.columns)) {
    const length = column.kind === 'code' || column.kind === 'codes' ? column.codes.length : column.values.length;
    if (length !== json.size) throw new Error(`${file}: column ${name} holds ${length} entries, not ${json.size}; rebuild the site (npm run build)`);
    columns[name] = columnOf(column);
  }
  return { scope: json.scope, size: json.size, columns };
}
