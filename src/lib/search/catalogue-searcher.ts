/**
 * The engine behind the card and sealed searchers: items are numbered once in
 * default order (value descending, nulls last, then name, then id), indexed, and
 * answered from memory with no I/O. Because position order is value order, the
 * match set is already sorted for `value-desc`, relevance ties need no compare,
 * and offset paging is stable. A facet (band, kind) filters before counting.
 */
import { foldText, isBlank, queryTokens } from './normalize.ts';
import { ranksInOrder } from './postings.ts';
import { matchQuery } from './query-match.ts';
import { relevanceOrder } from './relevance.ts';
import { buildTokenIndex, type IndexField, type TokenIndex } from './token-index.ts';

export type SearchSort = 'relevance' | 'value-desc' | 'value-asc' | 'name';

export interface CatalogueSearchParams {
  q?: string;
  /** Keep only items whose facet (value band, product kind) is this. */
  facet?: string;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface CatalogueConfig<T> {
  fields: readonly IndexField[];
  /** One list of strings per field, in `fields` order. */
  valuesOf(item: T): string[][];
  valueOf(item: T): number | null;
  nameOf(item: T): string;
  idOf(item: T): string;
  facetOf(item: T): string | null;
}

export interface CatalogueSearcher<T> {
  index: TokenIndex;
  search(params: CatalogueSearchParams): { total: number; results: T[] };
}

type FixedSort = Exclude<SearchSort, 'relevance'>;
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * @example createCatalogueSearcher(products, config).search({ q: 'evolving skies', sort: 'relevance', limit: 10, offset: 0 })
 */
export function createCatalogueSearcher<T>(items: readonly T[], config: CatalogueConfig<T>, prebuilt?: TokenIndex): CatalogueSearcher<T> {
  const values = items.map((item) => config.valueOf(item) ?? Number.NaN);
  const names = items.map((item) => config.nameOf(item));
  const foldedNames = new Map<string, string>();
  const folded = names.map((n) => foldedNames.get(n) ?? foldedNames.set(n, foldText(n)).get(n)!);
  const ids = items.map((item) => config.idOf(item));
  // Name order compares folded names first so Flabébé sorts beside Flabebe, then the raw name and id.
  const byName = (a: number, b: number) => byCodeUnit(folded[a], folded[b]) || byCodeUnit(names[a], names[b]) || byCodeUnit(ids[a], ids[b]);
  const nullsLast = (a: number, b: number) => Number(Number.isNaN(values[a])) - Number(Number.isNaN(values[b]));
  const byValueDesc = (a: number, b: number) => nullsLast(a, b) || values[b] - values[a] || byName(a, b);
  const sorted = items.map((_, i) => i).sort(byValueDesc);
  const byPosition = sorted.map((i) => items[i]);
  // A prebuilt index (written by the build from the same items) saves indexing at start-up.
  const index =
    prebuilt ??
    buildTokenIndex(
      config.fields,
      byPosition.map((item) => config.valuesOf(item)),
    );
  if (index.size !== byPosition.length) throw new Error(`the search index covers ${index.size} items, the data ${byPosition.length}: rebuild`);

  const facetNames = [...new Set(byPosition.map(config.facetOf))];
  const facetCode = new Uint16Array(byPosition.length);
  byPosition.forEach((item, p) => {
    facetCode[p] = facetNames.indexOf(config.facetOf(item));
  });

  // Orders are lists of positions; a position's value, name and id are those of sorted[position].
  const at = (p: number) => sorted[p];
  const comparators: Record<Exclude<FixedSort, 'value-desc'>, (a: number, b: number) => number> = {
    'value-asc': (a, b) => nullsLast(at(a), at(b)) || values[at(a)] - values[at(b)] || a - b,
    name: (a, b) => byName(at(a), at(b)),
  };
  const orders = new Map<string, Uint32Array>();
  const ranks = new Map<FixedSort, Uint32Array>();
  const orderOf = (sort: FixedSort): Uint32Array => {
    let order = orders.get(sort);
    if (!order) {
      const identity = Uint32Array.from(sorted, (_, p) => p);
      order = sort === 'value-desc' ? identity : Uint32Array.from(Array.from(identity).sort(comparators[sort]));
      orders.set(sort, order);
    }
    return order;
  };
  const facetOrderOf = (sort: FixedSort, code: number): Uint32Array => {
    const key = `${sort}\u0000${code}`;
    let order = orders.get(key);
    if (!order) orders.set(key, (order = orderOf(sort).filter((p) => facetCode[p] === code)));
    return order;
  };
  const rankOf = (sort: FixedSort): Uint32Array => {
    let rank = ranks.get(sort);
    if (!rank) {
      rank = new Uint32Array(index.size);
      orderOf(sort).forEach((p, r) => {
        rank![p] = r;
      });
      ranks.set(sort, rank);
    }
    return rank;
  };

  function pageOf({ q, facet, sort, limit, offset }: CatalogueSearchParams): { total: number; page: Uint32Array } {
    const code = facet === undefined ? -1 : facetNames.indexOf(facet);
    if (facet !== undefined && code === -1) return { total: 0, page: new Uint32Array(0) };
    const end = offset + limit;
    if (q === undefined || isBlank(q)) {
      const fixed = sort === 'relevance' ? 'value-desc' : sort;
      const order = code === -1 ? orderOf(fixed) : facetOrderOf(fixed, code);
      return { total: order.length, page: order.subarray(offset, end) };
    }
    const tokens = queryTokens(q);
    // Text with no word in it (😀, "!!!", שלום) asked for something; it is not a request for everything.
    if (tokens.length === 0) return { total: 0, page: new Uint32Array(0) };
    const match = matchQuery(index, tokens, code === -1 ? undefined : (p) => facetCode[p] === code);
    const total = match.positions.length;
    if (limit === 0 || offset >= total) return { total, page: new Uint32Array(0) };
    if (sort === 'relevance') return { total, page: relevanceOrder(index, match, end).subarray(offset) };
    if (sort === 'value-desc') return { total, page: match.positions.subarray(offset, end) };
    const rank = rankOf(sort);
    const order = orderOf(sort);
    return { total, page: ranksInOrder(match.positions, rank, offset, limit).map((r) => order[r]) };
  }

  return {
    index,
    search(params) {
      const { total, page } = pageOf(params);
      return { total, results: Array.from(page, (p) => byPosition[p]) };
    },
  };
}
