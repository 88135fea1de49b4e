/**
 * Card search: the catalogue engine over name, set name, collector number
 * (`4/102`), types and rarity, filtered by value band, with the card aliases
 * (set aliases, nicknames, rarity words). Built once per process; every query is
 * answered from memory.
 */
import type { CardSummary } from '../card-record.ts';
import type { ValueBand } from '../value-bands.ts';
import type { AliasSources } from './aliases.ts';
import { type CatalogueConfig, type CatalogueSource, createCatalogueSearcher, preparedOf, type SearchSort } from './catalogue-searcher.ts';
import { numberKey } from './normalize.ts';
import type { IgnoredWord } from './query-match.ts';
import type { MatchReason } from './relevance.ts';
import type { IndexField, TokenIndex } from './token-index.ts';

/** What the card searcher needs of a card: its summary, plus its set and the number and set total that `4/102` names. */
export interface CardSearchRecord {
  summary: CardSummary;
  /** The set id, e.g. `base1`. */
  set: string;
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

/** A card as search lists it: its summary, and with a query why it matched. */
export type CardSearchHit = CardSummary & { match?: MatchReason };

export interface CardSearcher {
  /** The word index (its vocabulary lists every word a query can match). */
  index: TokenIndex;
  search(params: CardSearchParams): { total: number; results: CardSearchHit[]; ignored?: IgnoredWord[] };
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

/** How the catalogue engine reads a card: the build prepares cards with it, a searcher reads them with it. */
export const CARD_CATALOGUE: CatalogueConfig<CardSearchRecord> = {
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
  scope: 'cards',
  targetIdOf: (r) => r.summary.id,
  setOf: (r) => r.set,
  labelOf: (r) => `${r.summary.name} (${r.summary.setName} ${r.number}/${r.printedTotal})`,
};

/**
 * From the records (prepared here, with `aliases`), or from the build's prepared cards (a search pack, see
 * search-pack.ts), which carry the aliases they were compiled with.
 * @example
 * const searcher = createCardSearcher(records);
 * searcher.search({ q: 'charizard 4/102', sort: 'relevance', limit: 10, offset: 0 }).results[0].id // "base1-4"
 */
export function createCardSearcher(source: CatalogueSource<CardSearchRecord>, options: { aliases?: AliasSources } = {}): CardSearcher {
  const engine = createCatalogueSearcher(preparedOf(source, CARD_CATALOGUE, options.aliases), CARD_CATALOGUE);
  return {
    index: engine.index,
    search({ q, band, sort, limit, offset }) {
      const { results, ...rest } = engine.search({ q, facet: band, sort, limit, offset });
      return { ...rest, results: results.map(({ item, match }) => (match ? { ...item.summary, match } : item.summary)) };
    },
  };
}
