/**
 * Card search: the catalogue engine over name, set name, collector number
 * (`4/102`), types and rarity, filtered by value band, with the card aliases
 * (set aliases, nicknames, rarity words). Built once per process; every query is
 * answered from memory.
 */

import { type CardSummary, printingsOf } from '../catalogue/card-record.ts';
import { type ValueBand, valueBandOf } from '../catalogue/value-bands.ts';
import type { SearchPrinting } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import { LANGUAGES, type Language } from '../schemas/language.ts';
import { type AliasSources, printingMatches } from './aliases.ts';
import { type CatalogueConfig, type CatalogueSource, createCatalogueSearcher, type ItemSearchParams, preparedOf } from './catalogue-searcher.ts';
import { type FilterData, type FilterTerm, filteredBy, withFilters } from './field-filters.ts';
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
  /** The card's printings, most valuable first, as a result that names one shows it. */
  printings: SearchPrinting[];
}

/**
 * A card's printings as search shows them: id, label, product and value, in the detail's order.
 * @example searchPrintingsOf(charizard)[0] // { id: 'shadowless-holofoil', label: 'Shadowless Holofoil', productId: 106999, valueUsd: 1997.59 }
 */
export function searchPrintingsOf(card: Pick<CardEntry, 'id' | 'prices' | 'history'>): SearchPrinting[] {
  // The as-of date only sets each printing's status, which search does not show.
  return printingsOf({ ...card, history: [] }, '').map(({ id, label, productId, valueUsd }) => ({ id, label, productId, valueUsd }));
}

export interface CardSearchParams extends ItemSearchParams {
  band?: ValueBand;
}

/** A card as search lists it: its summary, and with a query why it matched. */
export type CardSearchHit = CardSummary & { match?: MatchReason; printing?: SearchPrinting };

export interface CardSearcher {
  /** The word index (its vocabulary lists every word a query can match). */
  index: TokenIndex;
  search(params: CardSearchParams): { total: number; results: CardSearchHit[]; ignored?: IgnoredWord[] };
  /**
   * The cards that hold TCGplayer products, in the order of `productIds`: one result per printing of each
   * product (a product's variants, most valuable first), and the ids no card holds. `positionsOf` gives the
   * positions of the cards that hold a product (productLookup over productPositionsOf's list).
   */
  byProducts(productIds: readonly number[], positionsOf: (productId: number) => readonly number[]): { results: CardSearchHit[]; notFound: number[] };
  /** The cards named by id or slug (`?ids=`), in the order given; the ones no card has. */
  byIds(ids: readonly string[]): { results: CardSearchHit[]; notFound: string[] };
}

/** Where the build writes productPositionsOf's list, in the function's search data (dist/server/). */
export const CARD_PRODUCTS_FILE = 'search/card-products.json';

/**
 * Each card position's TCGplayer products, as the flat list [productId, position, …] sorted by product id
 * then position: what the build writes beside the search pack (search/card-products.json).
 */
export function productPositionsOf(size: number, item: (position: number) => Pick<CardSearchRecord, 'printings'>): number[] {
  // Each pair is one number, product × POSITIONS + position, so that sorting them is a typed array's numeric sort
  // (a comparator over every pair was a visible part of each build). Ids too large for that are sorted as pairs.
  const pairs: number[] = [];
  let fits = size <= POSITIONS;
  for (let position = 0; position < size; position++) {
    const { printings } = item(position);
    for (let k = 0; k < printings.length; k++) {
      const { productId } = printings[k];
      // A card's few printings may share a product: it is listed once (a set per card cost as much as the sort).
      if (productId === null || printings.findIndex((p) => p.productId === productId) < k) continue;
      fits &&= Number.isSafeInteger(productId) && productId >= 0 && productId < Number.MAX_SAFE_INTEGER / POSITIONS;
      pairs.push(productId, position);
    }
  }
  if (!fits) {
    const byPair = Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i], pairs[2 * i + 1]]);
    return byPair.sort((a, b) => a[0] - b[0] || a[1] - b[1]).flat();
  }
  const keys = new Float64Array(pairs.length / 2);
  for (let i = 0; i < keys.length; i++) keys[i] = pairs[2 * i] * POSITIONS + pairs[2 * i + 1];
  keys.sort();
  for (let i = 0; i < keys.length; i++) {
    pairs[2 * i] = Math.floor(keys[i] / POSITIONS);
    pairs[2 * i + 1] = keys[i] % POSITIONS;
  }
  return pairs;
}
/** More positions than any catalogue has cards (productPositionsOf). */
const POSITIONS = 2 ** 24;

/**
 * The look-up over productPositionsOf's list: the positions of the cards that hold a product (most hold one).
 * The pairs stay in two typed arrays, found by binary search (a Map of an array a product took 2 MB for the
 * full catalogue, held by every function instance); a list out of order is sorted first.
 * @example productLookup([106999, 12])(106999) // [12]
 */
export function productLookup(flat: readonly number[]): (productId: number) => readonly number[] {
  const count = flat.length >> 1;
  let order = Array.from({ length: count }, (_, i) => i);
  const inOrder = order.every((i) => i === 0 || flat[2 * i - 2] < flat[2 * i] || (flat[2 * i - 2] === flat[2 * i] && flat[2 * i - 1] <= flat[2 * i + 1]));
  if (!inOrder) order = order.sort((a, b) => flat[2 * a] - flat[2 * b] || flat[2 * a + 1] - flat[2 * b + 1]);
  const products = Float64Array.from(order, (i) => flat[2 * i]);
  const positions = Uint32Array.from(order, (i) => flat[2 * i + 1]);
  return (productId) => {
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (products[mid] < productId) low = mid + 1;
      else high = mid;
    }
    let end = low;
    while (end < count && products[end] === productId) end++;
    return Array.from(positions.subarray(low, end));
  };
}

/**
 * The one language the `lang:` filters of a query keep, if they keep one: `lang:ja`, or `-lang:en` (two languages).
 * @example filteredLanguage([{ field: 'lang', op: ':', value: 'en', negate: true }]) // "ja"
 */
function filteredLanguage(filters: readonly FilterTerm[] | undefined): Language | undefined {
  const kept = new Set<Language>(LANGUAGES);
  for (const { field, value, negate } of filters ?? []) {
    if (field !== 'lang') continue;
    for (const language of LANGUAGES) if ((language === value) === negate) kept.delete(language);
  }
  return kept.size === 1 ? [...kept][0] : undefined;
}

/**
 * Ranking weights, weightiest first: the name says most about what was meant, then
 * the set. The number weighs least so that a bare "151" prefers the set named 151
 * to cards numbered 151; "4/102" needs no weight, it is nearly unique anyway.
 */
export const CARD_SEARCH_FIELDS: readonly IndexField[] = [
  { name: 'name', weight: 3 },
  // A Japanese card's name as printed: as weighty as the name, a field of its own so that an English query's
  // ranking never counts its words as words the query left out.
  { name: 'nameJa', weight: 3, japaneseName: true },
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
    summary.nameJa ? [summary.nameJa] : [],
    [summary.setName],
    [numberKey(number, printedTotal)],
    summary.types,
    summary.rarity ? [summary.rarity] : [],
  ],
  valueOf: (r) => r.summary.valueUsd,
  changePctOf: (r, days) => r.summary.change[`${days}d`].changePct,
  nameOf: (r) => r.summary.name,
  idOf: (r) => r.summary.id,
  facetOf: (r) => r.summary.valueBand,
  scope: 'cards',
  targetIdOf: (r) => r.summary.id,
  slugOf: (r) => r.summary.slug,
  setOf: (r) => r.set,
  labelOf: (r) => `${r.summary.name} (${r.summary.setName} ${r.number}/${r.printedTotal})`,
  printingsOf: (r) => r.printings,
  facetOfValue: valueBandOf,
};

/**
 * From the records (prepared here, with `aliases`), or from the build's prepared cards (a search pack, see
 * search-pack.ts), which carry the aliases they were compiled with.
 * @example
 * const searcher = createCardSearcher(records);
 * searcher.search({ q: 'charizard 4/102', sort: 'relevance', limit: 10, offset: 0 }).results[0].id // "base1-4"
 */
export function createCardSearcher(
  source: CatalogueSource<CardSearchRecord>,
  options: { aliases?: AliasSources; filters?: () => FilterData } = {},
): CardSearcher {
  const data = preparedOf(source, CARD_CATALOGUE, options.aliases);
  const engine = createCatalogueSearcher(data, CARD_CATALOGUE);
  return {
    index: engine.index,
    byIds(ids) {
      const { results, notFound } = engine.byKeys(ids);
      return { results: results.map((item) => item.summary), notFound };
    },
    byProducts(productIds, positionsOf) {
      const results: CardSearchHit[] = [];
      const notFound: number[] = [];
      for (const productId of productIds) {
        const found = positionsOf(productId).flatMap((position) => {
          const { summary, printings } = data.item(position);
          return printings.filter((p) => p.productId === productId).map((printing) => ({ ...summary, printing }));
        });
        if (found.length === 0) notFound.push(productId);
        results.push(...found);
      }
      return { results, notFound };
    },
    search({ q, band, filters, without, sort, limit, offset }) {
      const keep = filteredBy({ filters, without }, options.filters, engine.index);
      const preferEnglish = !filters?.some((term) => term.field === 'lang');
      const language = filteredLanguage(filters);
      const { results, printing: named, ...rest } = engine.search({ q, facet: band, keep, preferEnglish, ...(language && { language }), sort, limit, offset });
      return {
        ...rest,
        results: results.map(({ item, match }) => {
          // The most valuable of the card's printings the query named (the first listed when none is priced).
          const printing = named && item.printings.find((p) => printingMatches(named.pattern, p.id));
          const reason = withFilters(match, { filters, without });
          return { ...item.summary, ...(reason && { match: reason }), ...(printing && { printing }) };
        }),
      };
    },
  };
}
