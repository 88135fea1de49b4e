/**
 * Sealed product search: the catalogue engine over product name, set, product
 * kind and TCGplayer group, filtered by product kind, with the sealed aliases
 * (set aliases, product words such as etb). The kind is a field of its own, in
 * words ("elite trainer box"), so that a query naming a kind ranks that kind
 * first: an Elite Trainer Box before an Elite Trainer Box Case.
 */
import type { SealedSummary } from '../catalogue/sealed-record.ts';
import { type AliasSources, phraseKey } from './aliases.ts';
import { type CatalogueConfig, type CatalogueSource, createCatalogueSearcher, type ItemSearchParams, preparedOf } from './catalogue-searcher.ts';
import { type FilterData, filteredBy, withFilters } from './field-filters.ts';
import type { IgnoredWord } from './query-match.ts';
import type { MatchReason } from './relevance.ts';
import type { IndexField } from './token-index.ts';

/** What the sealed searcher needs of a product: its summary, and the set it belongs to, if any. */
export interface SealedSearchRecord {
  summary: SealedSummary;
  /** Our set id, when the product belongs to a set's main group. */
  set?: string;
  /** That set's name. */
  setName?: string;
}

export interface SealedSearchParams extends ItemSearchParams {
  /** A product kind present in content, e.g. `booster-box`. */
  kind?: string;
}

export type SealedSearchHit = SealedSummary & { match?: MatchReason };

export interface SealedSearcher {
  search(params: SealedSearchParams): { total: number; results: SealedSearchHit[]; ignored?: IgnoredWord[] };
  /** The products named by TCGplayer product id or slug (`?ids=`), in the order given; the ones none has. */
  byIds(ids: readonly string[]): { results: SealedSearchHit[]; notFound: string[] };
}

export const SEALED_SEARCH_FIELDS: readonly IndexField[] = [
  { name: 'name', weight: 3 },
  { name: 'set', weight: 2 },
  { name: 'kind', weight: 2 },
  { name: 'group', weight: 1 },
];

/** A TCGplayer group name without its code ("SWSH07: Evolving Skies", "SM - Team Up"): the set's name. */
const GROUP_CODE_RE = /^[A-Za-z]+\d*\s*(?::|\s-)\s+/;

/**
 * A kind in words, product words spelt out: `etb-case` → "elite trainer box case".
 * @example kindWords('booster-box', new Map()) // "booster box"
 */
export function kindWords(kind: string, productWords: ReadonlyMap<string, string>): string {
  return kind
    .split('-')
    .map((part) => productWords.get(part) ?? part)
    .join(' ');
}

/**
 * How the catalogue engine reads a sealed product. The kind field spells out the
 * product words of the aliases, so the build prepares products with the same
 * aliases the searcher is given.
 */
export function sealedCatalogue(aliases?: AliasSources): CatalogueConfig<SealedSearchRecord> {
  const productWords = new Map<string, string>();
  for (const { means, aliases: words } of aliases?.content.products ?? []) for (const alias of words) productWords.set(phraseKey(alias), means);
  return {
    fields: SEALED_SEARCH_FIELDS,
    valuesOf: ({ summary, setName }) => [
      [summary.cleanName],
      [setName ?? summary.groupName.replace(GROUP_CODE_RE, '')],
      [kindWords(summary.kind, productWords)],
      [summary.groupName],
    ],
    valueOf: (r) => r.summary.valueUsd,
    changePctOf: (r, days) => r.summary.change[`${days}d`].changePct,
    nameOf: (r) => r.summary.cleanName,
    idOf: (r) => r.summary.id,
    facetOf: (r) => r.summary.kind,
    scope: 'sealed',
    targetIdOf: (r) => String(r.summary.productId),
    slugOf: (r) => r.summary.slug,
    setOf: (r) => r.set,
    labelOf: (r) => r.summary.cleanName,
  };
}

/**
 * From the records (prepared here, with `aliases`), or from the build's prepared products (a search pack, see
 * search-pack.ts), which carry the aliases they were compiled with.
 * @example
 * createSealedSearcher(products).search({ q: 'evolving skies booster box', sort: 'relevance', limit: 5, offset: 0 })
 */
export function createSealedSearcher(
  source: CatalogueSource<SealedSearchRecord>,
  options: { aliases?: AliasSources; filters?: () => FilterData } = {},
): SealedSearcher {
  const config = sealedCatalogue(options.aliases);
  const engine = createCatalogueSearcher(preparedOf(source, config, options.aliases), config);
  return {
    byIds(ids) {
      const { results, notFound } = engine.byKeys(ids);
      return { results: results.map((item) => item.summary), notFound };
    },
    search({ q, kind, filters, without, sort, limit, offset }) {
      const keep = filteredBy({ filters, without }, options.filters, engine.index);
      const { results, ...rest } = engine.search({ q, facet: kind, keep, sort, limit, offset });
      return {
        ...rest,
        results: results.map(({ item, match }) => {
          const reason = withFilters(match, { filters, without });
          return reason ? { ...item.summary, match: reason } : item.summary;
        }),
      };
    },
  };
}
