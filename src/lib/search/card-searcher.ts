/**
 * Card search: the catalogue engine over name, set name, collector number
 * (`4/102`), types and rarity, filtered by value band. Built once per process;
 * every query is answered from memory.
 */
import type { CardSummary } from '../card-record.ts';
import type { ValueBand } from '../value-bands.ts';
import { createCatalogueSearcher, type SearchSort } from './catalogue-searcher.ts';
import { numberKey } from './normalize.ts';
import type { IndexField, TokenIndex } from './token-index.ts';

/** What the card searcher needs of a card: its summary, plus the number and set total that `4/102` names. */
export interface CardSearchRecord {
  summary: CardSummary;
  /** Collector number as printed, e.g. `4`, `TG01`. */
  number: string;
  /** The set's printed total, the 102 of 4/102. */
  printedTotal: number;
}

export interface CardSearchParams {
  q?: string;
  band?: ValueBand;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface CardSearcher {
  /** The word index, for the build to write out (see serializeTokenIndex). */
  index: TokenIndex;
  search(params: CardSearchParams): { total: number; results: CardSummary[] };
}

/**
 * Ranking weights, weightiest first: the name says most about what was meant, then
 * the set. The number weighs least so that a bare "151" prefers the set named 151
 * to cards numbered 151; "4/102" needs no weight, it is nearly unique anyway.
 */
export const CARD_SEARCH_FIELDS: readonly IndexField[] = [
  { name: 'name', weight: 3 },
  { name: 'set', weight: 2 },
  { name: 'number', weight: 1, verbatim: true },
  { name: 'types', weight: 1 },
  { name: 'rarity', weight: 1 },
];

/**
 * @example
 * const searcher = createCardSearcher(records);
 * searcher.search({ q: 'charizard 4/102', sort: 'relevance', limit: 10, offset: 0 }).results[0].id // "base1-4"
 */
export function createCardSearcher(records: readonly CardSearchRecord[], prebuilt?: TokenIndex): CardSearcher {
  const engine = createCatalogueSearcher(
    records,
    {
      fields: CARD_SEARCH_FIELDS,
      valuesOf: ({ summary, number, printedTotal }) => [
        [summary.name],
        [summary.setName],
        [numberKey(number, printedTotal)],
        summary.types,
        summary.rarity ? [summary.rarity] : [],
      ],
      valueOf: (r) => r.summary.valueUsd,
      nameOf: (r) => r.summary.name,
      idOf: (r) => r.summary.id,
      facetOf: (r) => r.summary.valueBand,
    },
    prebuilt,
  );
  return {
    index: engine.index,
    search({ q, band, sort, limit, offset }) {
      const { total, results } = engine.search({ q, facet: band, sort, limit, offset });
      return { total, results: results.map((r) => r.summary) };
    },
  };
}
