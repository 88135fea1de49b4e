import { VALUE_BAND_IDS } from '../catalogue/value-bands.ts';
import { LOOKUP_MAX_IDS, QUERY_MAX_LENGTH, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SORTS } from '../http/limits.ts';
import { badParameter, type Problem, queryTermProblem } from '../http/problem.ts';
import { FACILITY_TAGS } from '../schemas/knowledge-taxonomy.ts';
import { LOOKUP_KEY_PATTERN, PRODUCT_ID_PATTERN } from '../schemas/patterns.ts';
import type { CardSearchParams } from './card-searcher.ts';
import type { ItemSearchParams } from './catalogue-searcher.ts';
import { type FilterData, readQuery } from './field-filters.ts';
import type { SealedSearchParams } from './sealed-searcher.ts';

/**
 * Query parameters of the search endpoints, checked against the contract's rules.
 * Every rejection names the parameter and what it accepts; unknown parameters are
 * ignored, a known one given twice is an error (which of the two was meant?).
 */
/** Answers each search endpoint keeps in memory (see createCachedJson): at most ~4 MB each at ~15 KB an answer. */
export const SEARCH_CACHE_ENTRIES = 256;

export interface KnowledgeSearchParams {
  q?: string;
  tag?: string;
}

export type Parsed<T> = { ok: true; params: T } | { ok: false; problem: Problem };

class ParamError extends Error {
  problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail);
    this.problem = problem;
  }
}

function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw new ParamError(badParameter(name, `${name} was given ${values.length} times; give it once.`, 'a single value'));
  return values[0];
}

function text(query: URLSearchParams): string | undefined {
  const q = single(query, 'q');
  if (q !== undefined && [...q].length > QUERY_MAX_LENGTH) {
    throw new ParamError(
      badParameter(
        'q',
        `q is ${[...q].length} characters long; at most ${QUERY_MAX_LENGTH} are allowed.`,
        `free text of at most ${QUERY_MAX_LENGTH} characters`,
      ),
    );
  }
  return q?.trim() ? q : undefined;
}

function integer(query: URLSearchParams, name: string, fallback: number): number {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ParamError(badParameter(name, `${name} must be an integer ≥ 0, got "${raw.slice(0, 40)}".`, 'an integer ≥ 0'));
  return Math.min(Number(raw), Number.MAX_SAFE_INTEGER);
}

function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!allowed.includes(raw as T)) {
    throw new ParamError(badParameter(name, `${name} must be one of ${allowed.join(', ')}; got "${raw.slice(0, 40)}".`, [...allowed]));
  }
  return raw as T;
}

/**
 * Whether q may hold a field filter (`set:base1`, `value>100`, `-r:common`): most queries do not, and are read
 * without loading the filter data.
 */
const MAY_FILTER = /(?:^|\s)-?[a-z][a-z0-9]*(?:[:=<>])[^\s]|(?:^|\s)-\S/iu;

function catalogue(query: URLSearchParams, filters?: () => FilterData): ItemSearchParams {
  const q = text(query);
  const paging = {
    sort: oneOf(query, 'sort', SORTS) ?? (q ? 'relevance' : 'value-desc'),
    limit: Math.min(integer(query, 'limit', SEARCH_LIMIT_DEFAULT), SEARCH_LIMIT_MAX),
    offset: integer(query, 'offset', 0),
  };
  if (q === undefined || !filters || !MAY_FILTER.test(q)) return { q, ...paging };
  const read = readQuery(q, filters());
  if ('problem' in read) throw new ParamError(queryTermProblem(read.problem));
  return { q: read.text, ...paging, ...(read.terms.length > 0 && { filters: read.terms }), ...(read.without && { without: read.without }) };
}

function parse<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, params: read() };
  } catch (error) {
    if (error instanceof ParamError) return { ok: false, problem: error.problem };
    throw error;
  }
}

/**
 * `filters`: the card filter data, read when q has a field filter (without it, q is all free words).
 * @example parseCardSearch(new URLSearchParams('q=charizard&limit=500')) // { ok: true, params: { q: 'charizard', limit: 200, … } }
 */
export function parseCardSearch(query: URLSearchParams, filters?: () => FilterData): Parsed<CardSearchParams> {
  return parse(() => ({ ...catalogue(query, filters), band: oneOf(query, 'band', VALUE_BAND_IDS) }));
}

export function parseSealedSearch(query: URLSearchParams, kinds: readonly string[], filters?: () => FilterData): Parsed<SealedSearchParams> {
  return parse(() => ({ ...catalogue(query, filters), kind: oneOf(query, 'kind', kinds) }));
}

export function parseKnowledgeSearch(query: URLSearchParams): Parsed<KnowledgeSearchParams> {
  return parse(() => ({ q: text(query), tag: oneOf(query, 'tag', FACILITY_TAGS) }));
}

/**
 * `/api/cards/autocomplete?q=`: q checked as a search's (given once, at most QUERY_MAX_LENGTH characters) and kept
 * as sent, absent or blank as empty; the suggestions read it (src/search/autocomplete.ts).
 * @example parseAutocomplete(new URLSearchParams('q=char')) // { ok: true, params: { q: 'char' } }
 */
export function parseAutocomplete(query: URLSearchParams): Parsed<{ q: string }> {
  return parse(() => ({ q: text(query) ?? '' }));
}

const KEY_RE = new RegExp(`^${LOOKUP_KEY_PATTERN}$`);
const PRODUCT_ID_RE = new RegExp(`^${PRODUCT_ID_PATTERN}$`);
/** What a search takes that a look-up, which names its items itself, is answered without. */
const CARD_SEARCH_PARAMETERS = ['q', 'band', 'sort', 'offset', 'limit'];

/**
 * The look-ups: the parameter, what its list holds (in words, and how an entry is checked), what each entry names,
 * and the parameters it may not come with (the search's, and the other look-up).
 */
const LOOKUPS = {
  cardIds: { name: 'ids', what: 'card ids or slugs', test: KEY_RE, nouns: 'cards', not: [...CARD_SEARCH_PARAMETERS, 'tcgplayer'] },
  tcgplayer: {
    name: 'tcgplayer',
    what: 'TCGplayer product ids (positive integers)',
    test: PRODUCT_ID_RE,
    nouns: 'products',
    not: [...CARD_SEARCH_PARAMETERS, 'ids'],
  },
  sealedIds: { name: 'ids', what: 'TCGplayer product ids or slugs', test: KEY_RE, nouns: 'products', not: ['q', 'kind', 'sort', 'offset', 'limit'] },
} as const;

/** A comma-separated look-up list: at most LOOKUP_MAX_IDS entries, each as the look-up allows, alone in the query. */
function lookupList(query: URLSearchParams, lookup: (typeof LOOKUPS)[keyof typeof LOOKUPS]): string[] {
  const { name, what, test, nouns } = lookup;
  const allowed = `up to ${LOOKUP_MAX_IDS} ${what}, comma-separated`;
  const raw = single(query, name)!;
  const other = lookup.not.find((o) => query.has(o));
  if (other) throw new ParamError(badParameter(name, `${name} looks ${nouns} up by id and takes no ${other}; send it alone.`, allowed));
  const keys = raw.split(',').map((key) => key.trim());
  if (keys.length > LOOKUP_MAX_IDS)
    throw new ParamError(badParameter(name, `${name} names ${keys.length} ${nouns}; at most ${LOOKUP_MAX_IDS} are allowed.`, allowed));
  const bad = keys.find((key) => !test.test(key));
  if (bad !== undefined) throw new ParamError(badParameter(name, `${name} must list ${what}; got "${bad.slice(0, 40)}".`, allowed));
  return keys;
}

/** `/api/cards?ids=` (cards by id or slug) or `?tcgplayer=` (the cards that hold TCGplayer products). */
export type CardLookupParams = { ids: string[] } | { tcgplayer: number[] };

/**
 * `/api/cards?ids=base1-4,charizard-base1-4` or `?tcgplayer=106999,42382`: those cards, in that order. Undefined
 * when the query asks for neither (a search, then).
 * @example parseCardLookup(new URLSearchParams('tcgplayer=106999, 42382')) // { ok: true, params: { tcgplayer: [106999, 42382] } }
 */
export function parseCardLookup(query: URLSearchParams): Parsed<CardLookupParams> | undefined {
  if (query.has('ids')) return parse(() => ({ ids: lookupList(query, LOOKUPS.cardIds) }));
  if (query.has('tcgplayer')) return parse(() => ({ tcgplayer: lookupList(query, LOOKUPS.tcgplayer).map(Number) }));
  return undefined;
}

/**
 * `/api/sealed?ids=242436,evolving-skies-booster-box-242436`: those products, in that order. Undefined when the
 * query does not ask for it.
 */
export function parseSealedLookup(query: URLSearchParams): Parsed<{ ids: string[] }> | undefined {
  if (!query.has('ids')) return undefined;
  return parse(() => ({ ids: lookupList(query, LOOKUPS.sealedIds) }));
}
