import { CHANGE_WINDOW_DAYS } from '../catalogue/price-change.ts';
import type { PriceChanges } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import { LANGUAGE_WORDS, type Language } from '../schemas/language.ts';
import type { CardSearchRecord } from './card-searcher.ts';
import { codeColumn, codesColumn, type FilterColumn, type FilterData } from './field-filters.ts';
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
    year: { kind: 'number', values: records.map((r) => yearOf.get(r.set) ?? null) },
    value: { kind: 'number', values: records.map((r) => r.summary.valueUsd) },
    hp: { kind: 'number', values: fields.map((f) => f.hp ?? null) },
    pokedex: { kind: 'numbers', values: fields.map((f) => f.pokedex) },
    ...changeColumns(records.map((r) => r.summary.change)),
    'is-graded': { kind: 'flag', values: fields.map((f) => (f.graded ? 1 : 0)) },
    'is-priced': { kind: 'flag', values: records.map((r) => (r.summary.priceStatus === 'unpriced' ? 0 : 1)) },
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
    value: { kind: 'number', values: records.map((r) => r.summary.valueUsd) },
    packs: { kind: 'number', values: records.map((r) => r.summary.totalPacks) },
    ppp: { kind: 'number', values: records.map((r) => r.summary.pricePerPack) },
    ...changeColumns(records.map((r) => r.summary.change)),
    'is-priced': { kind: 'flag', values: records.map((r) => (r.summary.priceStatus === 'unpriced' ? 0 : 1)) },
  };
  return { scope: 'sealed', size, columns };
}

/** A column of each window's change in percent (null where not known), items in position order. */
function changeColumns(changes: readonly PriceChanges[]): Record<string, FilterColumn> {
  return Object.fromEntries(
    CHANGE_WINDOW_DAYS.map((days) => [`change${days}`, { kind: 'number', values: changes.map((change) => change[`${days}d`].changePct) } as FilterColumn]),
  );
}

/** The files the build writes them to, in dist/server/. */
export const CARD_FILTERS_FILE = 'search/card-filters.json';
export const SEALED_FILTERS_FILE = 'search/sealed-filters.json';
