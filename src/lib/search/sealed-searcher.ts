/**
 * Sealed product search: the catalogue engine over product name and group
 * (set) name, filtered by product kind.
 */
import type { SealedSummary } from '../sealed-record.ts';
import { createCatalogueSearcher, type SearchSort } from './catalogue-searcher.ts';
import type { IndexField } from './token-index.ts';

export interface SealedSearchParams {
  q?: string;
  /** A product kind present in content, e.g. `booster-box`. */
  kind?: string;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface SealedSearcher {
  search(params: SealedSearchParams): { total: number; results: SealedSummary[] };
}

export const SEALED_SEARCH_FIELDS: readonly IndexField[] = [
  { name: 'name', weight: 3 },
  { name: 'group', weight: 2 },
];

/**
 * @example
 * createSealedSearcher(products).search({ q: 'evolving skies booster box', sort: 'relevance', limit: 5, offset: 0 })
 */
export function createSealedSearcher(records: readonly SealedSummary[]): SealedSearcher {
  const engine = createCatalogueSearcher(records, {
    fields: SEALED_SEARCH_FIELDS,
    valuesOf: (p) => [[p.cleanName], [p.groupName]],
    valueOf: (p) => p.valueUsd,
    nameOf: (p) => p.cleanName,
    idOf: (p) => p.id,
    facetOf: (p) => p.kind,
  });
  return {
    search: ({ q, kind, sort, limit, offset }) => engine.search({ q, facet: kind, sort, limit, offset }),
  };
}
