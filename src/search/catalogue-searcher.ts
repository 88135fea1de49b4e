/**
 * The engine behind the card and sealed searchers: items are numbered once in
 * default order (value descending, nulls last, then name, then id), indexed, and
 * answered from memory with no I/O. Because position order is value order, the
 * match set is already sorted for `value-desc`, relevance ties need no compare,
 * and offset paging is stable. A facet (band, kind) filters before counting.
 * Numbering, indexing and sorting happen once, in prepareCatalogue; the build
 * writes the result as a search pack (search-pack.ts), so a server starts from
 * that prepared form without redoing any of it.
 */
import { type CHANGE_SORT_DAYS, changeSortOf, type SearchSort, SORTS } from '../http/limits.ts';
import { type Language, languageOfId } from '../schemas/language.ts';
import { type AliasSources, type CompiledAliases, compileAliases, NO_ALIASES, UNPRICED_CENTS } from './aliases.ts';
import type { FilterTerm } from './field-filters.ts';
import { foldText, isBlank } from './normalize.ts';
import { indexInSorted, ranksInOrder } from './postings.ts';
import { type IdLookup, type IgnoredWord, matchQuery, type PrintingMeaning, type QueryMatch, type Term } from './query-match.ts';
import { type MatchReason, matchReasons, relevanceOrder } from './relevance.ts';
import { buildTokenIndex, type IndexField, type TokenIndex } from './token-index.ts';
import { indexOfWord } from './vocabulary.ts';

/**
 * What a search of cards or of sealed products asks, as its query parameters give it (search-params.ts); each
 * adds its own facet (a card's value band, a product's kind).
 */
export interface ItemSearchParams {
  /** The free words of the query (its field filters read apart, into `filters`). */
  q?: string;
  /** The field filters of the query (field-filters.ts), checked: all must hold. */
  filters?: FilterTerm[];
  /** The words or phrases the query negates (-gx): results have none of them. */
  without?: string[];
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface CatalogueSearchParams {
  q?: string;
  /** Keep only items whose facet (value band, product kind) is this. */
  facet?: string;
  /** Keep only the positions this holds for (the field filters of q: field-filters.ts). */
  keep?: (position: number) => boolean;
  /**
   * The query's filters name no language (`lang:`): then, unless its words name one (`jp`), English items come
   * first at equal relevance, and their match reasons say so (ENGLISH_PREFERRED).
   */
  preferEnglish?: boolean;
  /** The language the query's filters keep (`lang:ja`): its set codes name that language's sets (`lang:ja sv8`). */
  language?: Language;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface CatalogueConfig<T> {
  fields: readonly IndexField[];
  /** One list of strings per field, in `fields` order. */
  valuesOf(item: T): string[][];
  valueOf(item: T): number | null;
  /** The item's change over a window of days in percent (its `change`), null when not known: the change sorts. */
  changePctOf(item: T, days: (typeof CHANGE_SORT_DAYS)[number]): number | null;
  nameOf(item: T): string;
  idOf(item: T): string;
  facetOf(item: T): string | null;
  /** Which searcher's aliases apply: card nicknames and rarity words, or sealed ones and product words. */
  scope: 'cards' | 'sealed';
  /** The id nicknames name the item by (card id, sealed product id); a query may quote a card id. */
  targetIdOf(item: T): string;
  /** The item's slug (its detail page's name), which ends in its target id made URL-safe. */
  slugOf(item: T): string;
  /** The set id of the item, if it belongs to one (set aliases name its items). */
  setOf(item: T): string | undefined;
  /** How a match reason names the item, e.g. "Umbreon VMAX (Evolving Skies 215/203)". */
  labelOf(item: T): string;
  /** The item's printings (cards): a query that names a printing filters, sorts and bands by that printing's value. */
  printingsOf?(item: T): readonly { id: string; valueUsd: number | null }[];
  /** The facet a value falls in (cards: the value band), for a facet filter on a named printing's value. */
  facetOfValue?(value: number | null): string | null;
}

export interface CatalogueSearchResult<T> {
  total: number;
  results: { item: T; match?: MatchReason }[];
  /** With a query: the words that did not shape the match, and why. */
  ignored?: IgnoredWord[];
  /** The printing the query named (its first printing phrase): its value sorted and banded the results. */
  printing?: PrintingMeaning;
}

/** What the match reason of an English result says when English results came first at equal relevance. */
export const ENGLISH_PREFERRED =
  'English: the query names no language, so English cards come before Japanese cards that match it as completely (add jp, japanese or lang:ja for Japanese cards)';

export interface CatalogueSearcher<T> {
  index: TokenIndex;
  search(params: CatalogueSearchParams): CatalogueSearchResult<T>;
  /** The items keys name (a target id or a slug, any case), in the keys' order; the keys that name none. */
  byKeys(keys: readonly string[]): { results: T[]; notFound: string[] };
}

type FixedSort = Exclude<SearchSort, 'relevance'>;
/** The fixed sorts kept as lists of positions; `value-desc` is position order itself. */
export type StoredSort = Exclude<FixedSort, 'value-desc'>;
/** The stored sorts, in SORTS order: what a search pack holds a list of positions for. */
export const STORED_SORTS = SORTS.filter((sort): sort is StoredSort => sort !== 'relevance' && sort !== 'value-desc');
/** The set code of an item that belongs to no set. */
export const NO_SET = 0xffff;

/**
 * Everything a searcher needs of its items, in position order: what the build
 * computes once and writes out (see search-pack.ts), so that a server starts
 * without sorting, indexing or even parsing its items.
 */
export interface CatalogueData<T> {
  /** Number of items (positions). */
  size: number;
  index: TokenIndex;
  /** The item at a position (a pack parses it on first need). */
  item(position: number): T;
  /** Positions in each stored sort's order. */
  orders: Readonly<Record<StoredSort, Uint32Array>>;
  /** Facet names (value bands, product kinds) and each position's code in `names`. */
  facets: { names: readonly (string | null)[]; codes: Uint16Array };
  /** Set ids and each position's code in `ids`, or NO_SET. */
  sets: { ids: readonly string[]; codes: Uint16Array };
  /** Each position's target id (card id, sealed product id), lower-cased: what id look-ups and nicknames name. */
  ids(): readonly string[];
  /** The position of the item an id names (any case); the last, should two share it. */
  positionOf(id: string): number | undefined;
  /** The aliases compiled against these items (their positions, their words): NO_ALIASES without aliases. */
  aliases: CompiledAliases;
}

/**
 * An id look-up over `ids()`, its map built on the first look-up: most queries quote no id.
 * @example positionLookup(() => ['base1-4'])('BASE1-4') // 0
 */
export function positionLookup(ids: () => readonly string[]): (id: string) => number | undefined {
  let positionById: Map<string, number> | undefined;
  return (id) => {
    if (!positionById) {
      positionById = new Map();
      const all = ids();
      for (let p = 0; p < all.length; p++) positionById.set(all[p], p);
    }
    return positionById.get(id.toLowerCase());
  };
}

/** The printing the query names (its first printing phrase), if any. */
const namedPrinting = (terms: readonly Term[]): PrintingMeaning | undefined => terms.find((t) => t.alias?.printing)?.alias?.printing;

/** The cents of the named printing on the card at a position; undefined when the card does not have it. */
function centsOf(printing: PrintingMeaning, position: number): number | undefined {
  const i = indexInSorted(printing.positions, position);
  return i === -1 ? undefined : printing.cents[i];
}

/**
 * The first `end` positions of a match in value order, the values read from the named printing: cards that have
 * it by its value (the printing's `order`, unpriced last), then those matched without it in position order (their
 * own value). `marks` is a scratch array of the catalogue's size, left as it was found (all zero).
 */
function positionsByPrintingValue(
  positions: Uint32Array,
  printing: PrintingMeaning,
  sort: 'value-desc' | 'value-asc',
  end: number,
  marks: Uint8Array,
): Uint32Array {
  for (const p of positions) marks[p] = 1;
  const out: number[] = [];
  const { order, cents } = printing;
  const take = (p: number) => {
    if (marks[p] === 1 && out.length < end) out.push(p);
    marks[p] = 2; // seen: not taken again with the cards that lack the printing
  };
  if (sort === 'value-desc') for (const p of order) take(p);
  else {
    // Ascending: the priced part of `order` from its end, then the unpriced.
    let priced = order.length;
    while (priced > 0 && cents[indexInSorted(printing.positions, order[priced - 1])] === UNPRICED_CENTS) priced--;
    for (let i = priced - 1; i >= 0; i--) take(order[i]);
    for (let i = priced; i < order.length; i++) take(order[i]);
  }
  for (const p of positions) {
    if (marks[p] === 1 && out.length < end) out.push(p);
    marks[p] = 0;
  }
  for (const p of order) marks[p] = 0;
  return Uint32Array.from(out);
}

/** How a query and the aliases find items by id and name them. */
function idLookupOf<T>(data: Pick<CatalogueData<T>, 'item' | 'positionOf'>, config: CatalogueConfig<T>): IdLookup {
  return {
    positionOf: data.positionOf,
    labelOf: (p) => config.labelOf(data.item(p)),
    nameOf: (p) => config.nameOf(data.item(p)),
  };
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Positions in the order of a number each (`numbers[p]`): the known ones ascending or descending, equal ones in
 * position order, then the unknown (NaN) in position order. What a sort of the positions with the comparator
 * `isNaN(a) - isNaN(b) || ±(a − b) || position a − position b` gives, by grouping the positions by number and
 * sorting only the distinct numbers (a catalogue's prices and changes repeat).
 * @example orderByNumber(Float64Array.of(2, NaN, 1, 2), 'desc') // Uint32Array [0, 3, 2, 1]
 */
export function orderByNumber(numbers: Float64Array, direction: 'asc' | 'desc'): Uint32Array {
  const groups = new Map<number, number[]>();
  const unknown: number[] = [];
  for (let p = 0; p < numbers.length; p++) {
    const number = numbers[p];
    if (Number.isNaN(number)) {
      unknown.push(p);
      continue;
    }
    // A Map takes -0 for 0, as the comparator's difference does.
    const group = groups.get(number);
    if (group) group.push(p);
    else groups.set(number, [p]);
  }
  const distinct = Float64Array.from(groups.keys()).sort();
  if (direction === 'desc') distinct.reverse();
  const order = new Uint32Array(numbers.length);
  let at = 0;
  for (const number of distinct) for (const p of groups.get(number)!) order[at++] = p;
  for (const p of unknown) order[at++] = p;
  return order;
}

/**
 * Numbers the items in default order (value descending, nulls last, then name,
 * then id), indexes them, works out the stored sorts, facets and sets, and
 * compiles the aliases against them: the form a searcher is made from, kept in
 * memory (tests, and the build, which writes it out as a search pack).
 * @example createCatalogueSearcher(prepareCatalogue(products, config, aliases), config)
 */
export function prepareCatalogue<T>(items: readonly T[], config: CatalogueConfig<T>, aliases?: AliasSources): CatalogueData<T> {
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
  const index = buildTokenIndex(
    config.fields,
    byPosition.map((item) => config.valuesOf(item)),
  );

  // Orders are lists of positions; a position's value, name and id are those of sorted[position].
  const at = (p: number) => sorted[p];
  // A change sort: known changes first, by percentage either way, equal ones (and the unknown) in position order.
  const changePcts = new Map<(typeof CHANGE_SORT_DAYS)[number], Float64Array>();
  const changePctsOf = (days: (typeof CHANGE_SORT_DAYS)[number]) => {
    let pct = changePcts.get(days);
    if (!pct) changePcts.set(days, (pct = Float64Array.from(byPosition, (item) => config.changePctOf(item, days) ?? Number.NaN)));
    return pct;
  };
  const orderOf = (sort: StoredSort): Uint32Array => {
    // Value ascending: nulls last, equal values in position order.
    if (sort === 'value-asc')
      return orderByNumber(
        Float64Array.from(sorted, (i) => values[i]),
        'asc',
      );
    if (sort === 'name') return Uint32Array.from(Array.from(sorted, (_, p) => p).sort((a, b) => byName(at(a), at(b))));
    const { days, direction } = changeSortOf(sort)!;
    return orderByNumber(changePctsOf(days), direction);
  };

  const facetNames = [...new Set(byPosition.map(config.facetOf))];
  const facetIndex = new Map(facetNames.map((name, code) => [name, code]));
  const setIds: string[] = [];
  const setIndex = new Map<string, number>();
  const setCodes = Uint16Array.from(byPosition, (item) => {
    const set = config.setOf(item);
    if (set === undefined) return NO_SET;
    let code = setIndex.get(set);
    if (code === undefined) setIndex.set(set, (code = setIds.push(set) - 1));
    return code;
  });
  if (facetNames.length > 0xffff || setIds.length >= NO_SET)
    throw new Error(`${facetNames.length} facets and ${setIds.length} sets: too many for 16-bit codes`);
  let targetIds: string[] | undefined;
  const targetIdsOf = () => (targetIds ??= byPosition.map((item) => config.targetIdOf(item).toLowerCase()));
  const data: CatalogueData<T> = {
    size: byPosition.length,
    index,
    item: (p) => byPosition[p],
    orders: Object.fromEntries(STORED_SORTS.map((sort) => [sort, orderOf(sort)])) as Record<StoredSort, Uint32Array>,
    facets: { names: facetNames, codes: Uint16Array.from(byPosition, (item) => facetIndex.get(config.facetOf(item))!) },
    sets: { ids: setIds, codes: setCodes },
    ids: targetIdsOf,
    positionOf: positionLookup(targetIdsOf),
    aliases: NO_ALIASES,
  };
  if (aliases) {
    data.aliases = compileAliases(aliases, {
      scope: config.scope,
      size: data.size,
      setOf: (p) => (setCodes[p] === NO_SET ? undefined : setIds[setCodes[p]]),
      hasWord: (word) => indexOfWord(index.vocabulary, word) !== -1,
      ...idLookupOf(data, config),
      ...(config.printingsOf && { printingsOf: (p: number) => config.printingsOf!(data.item(p)) }),
      ...(config.scope === 'cards' && { languageOf: (p: number) => languageOfId(targetIdsOf()[p]) }),
    });
  }
  return data;
}

/** Items as given, prepared here; or already prepared (a search pack). */
export type CatalogueSource<T> = readonly T[] | CatalogueData<T>;

/**
 * The prepared form of a source: items prepared here with these aliases, or
 * prepared data as it is (it carries the aliases it was prepared with).
 */
export function preparedOf<T>(source: CatalogueSource<T>, config: CatalogueConfig<T>, aliases?: AliasSources): CatalogueData<T> {
  if (Array.isArray(source)) return prepareCatalogue(source as readonly T[], config, aliases);
  if (aliases) throw new Error('prepared search data carries the aliases it was compiled with: pass aliases to prepareCatalogue instead');
  return source as CatalogueData<T>;
}

/**
 * A searcher over prepared items (prepareCatalogue, or a search pack the build wrote).
 * @example createCatalogueSearcher(prepareCatalogue(products, config), config).search({ q: 'evolving skies', sort: 'relevance', limit: 10, offset: 0 })
 */
export function createCatalogueSearcher<T>(data: CatalogueData<T>, config: CatalogueConfig<T>): CatalogueSearcher<T> {
  const { index, size, aliases } = data;
  if (index.size !== size) throw new Error(`the search index covers ${index.size} items, the data ${size}: rebuild`);
  const idLookup = idLookupOf(data, config);
  /** 1 at the positions of Japanese items (their ids begin with jp-), made on the first search that prefers English. */
  let japanese: Uint8Array | undefined;
  const japaneseOf = () => (japanese ??= Uint8Array.from(data.ids(), (id) => (languageOfId(id) === 'ja' ? 1 : 0)));

  const { names: facetNames, codes: facetCode } = data.facets;
  const orders = new Map<string, Uint32Array>();
  const ranks = new Map<FixedSort, Uint32Array>();
  const orderOf = (sort: FixedSort): Uint32Array => {
    if (sort !== 'value-desc') return data.orders[sort];
    let order = orders.get(sort);
    if (!order) orders.set(sort, (order = Uint32Array.from({ length: size }, (_, p) => p)));
    return order;
  };
  const facetOrderOf = (sort: FixedSort, code: number): Uint32Array => {
    const key = `${sort}\u0000${code}`;
    let order = orders.get(key);
    if (!order) orders.set(key, (order = orderOf(sort).filter((p) => facetCode[p] === code)));
    return order;
  };
  /** Scratch for positionsByPrintingValue: one mark per position, all zero between queries. */
  const marks = new Uint8Array(size);
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

  function pageOf({ q, facet, keep, preferEnglish, language, sort, limit, offset }: CatalogueSearchParams): {
    total: number;
    page: Uint32Array;
    match?: QueryMatch;
    deferred?: Uint8Array;
  } {
    const code = facet === undefined ? -1 : facetNames.indexOf(facet);
    if (facet !== undefined && code === -1) return { total: 0, page: new Uint32Array(0) };
    const end = offset + limit;
    if (q === undefined || isBlank(q)) {
      const fixed = sort === 'relevance' ? 'value-desc' : sort;
      const all = code === -1 ? orderOf(fixed) : facetOrderOf(fixed, code);
      const order = keep ? all.filter(keep) : all;
      return { total: order.length, page: order.subarray(offset, end) };
    }
    // Text with no word in it (😀, "!!!", שלום) asked for something; it is not a request for everything:
    // a query whose words all drop out matches nothing.
    const keepFor = (terms: readonly Term[]) => {
      const inFacet = facetKeep(terms);
      if (!keep || !inFacet) return keep ?? inFacet;
      return (p: number) => inFacet(p) && keep(p);
    };
    const facetKeep = (terms: readonly Term[]) => {
      if (code === -1) return undefined;
      const printing = namedPrinting(terms);
      if (!printing || !config.facetOfValue) return (p: number) => facetCode[p] === code;
      // The band of the named printing's value; a card matched without that printing keeps its own.
      return (p: number) => {
        const cents = centsOf(printing, p);
        return cents === undefined ? facetCode[p] === code : config.facetOfValue!(cents === UNPRICED_CENTS ? null : cents / 100) === facet;
      };
    };
    const match = matchQuery(index, q, aliases, keepFor, idLookup, language);
    const total = match.positions.length;
    if (limit === 0 || offset >= total) return { total, page: new Uint32Array(0), match };
    if (sort === 'relevance') {
      const languageNamed = match.terms.some((t) => t.alias?.language);
      const deferred = preferEnglish && !languageNamed && config.scope === 'cards' ? japaneseOf() : undefined;
      const mixed = deferred !== undefined && match.positions.some((p) => deferred[p] === 1) && match.positions.some((p) => deferred[p] === 0);
      return { total, page: relevanceOrder(index, match, end, mixed ? deferred : undefined).subarray(offset), match, ...(mixed && { deferred }) };
    }
    const printing = namedPrinting(match.terms);
    if (printing && (sort === 'value-desc' || sort === 'value-asc')) {
      return { total, page: positionsByPrintingValue(match.positions, printing, sort, end, marks).subarray(offset, end), match };
    }
    if (sort === 'value-desc') return { total, page: match.positions.subarray(offset, end), match };
    const rank = rankOf(sort);
    const order = orderOf(sort);
    return { total, page: ranksInOrder(match.positions, rank, offset, limit).map((r) => order[r]), match };
  }

  /**
   * The position a slug names. A slug ends in its item's target id, so each tail of it after a "-" is tried as
   * one and the item's own slug confirms it; ids that slugs spell otherwise (cel25c-15_A1 → cel25c-15-a1, a few
   * dozen) are looked up by their slugs, made on the first need from those items alone. The whole slug is tried
   * first: a card known by its Japanese name alone has its id as its slug (src/catalogue/slug.ts).
   */
  let oddSlugs: Map<string, number> | undefined;
  const positionOfSlug = (slug: string): number | undefined => {
    let dash = -1;
    do {
      const p = data.positionOf(slug.slice(dash + 1));
      if (p !== undefined && config.slugOf(data.item(p)) === slug) return p;
      dash = slug.indexOf('-', dash + 1);
    } while (dash !== -1);
    if (!oddSlugs) {
      oddSlugs = new Map();
      data.ids().forEach((id, p) => {
        if (/[^a-z0-9-]/.test(id)) oddSlugs!.set(config.slugOf(data.item(p)), p);
      });
    }
    return oddSlugs.get(slug);
  };

  return {
    index,
    byKeys(keys) {
      const results: T[] = [];
      const notFound: string[] = [];
      for (const key of keys) {
        const p = data.positionOf(key) ?? positionOfSlug(key.toLowerCase());
        if (p === undefined) notFound.push(key);
        else results.push(data.item(p));
      }
      return { results, notFound };
    },
    search(params) {
      const { total, page, match, deferred } = pageOf(params);
      if (!match) return { total, results: Array.from(page, (p) => ({ item: data.item(p) })) };
      const reasons = matchReasons(index, match, page);
      if (deferred) {
        page.forEach((p, i) => {
          if (deferred[p] === 0) reasons[i].preferred = ENGLISH_PREFERRED;
        });
      }
      const printing = namedPrinting(match.terms);
      return {
        total,
        results: Array.from(page, (p, i) => ({ item: data.item(p), match: reasons[i] })),
        ignored: match.ignored,
        ...(printing && { printing }),
      };
    },
  };
}
