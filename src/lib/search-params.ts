import { badParameter, type Problem } from '../http/problem.ts';
import { FACILITY_TAGS } from '../schemas/knowledge-taxonomy.ts';
import type { CardSearchParams } from './search/card-searcher.ts';
import type { SearchSort } from './search/catalogue-searcher.ts';
import type { SealedSearchParams } from './search/sealed-searcher.ts';
import { VALUE_BAND_IDS } from './value-bands.ts';

/**
 * Query parameters of the search endpoints, checked against the contract's rules.
 * Every rejection names the parameter and what it accepts; unknown parameters are
 * ignored, a known one given twice is an error (which of the two was meant?).
 */
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_LIMIT_MAX = 200;
export const QUERY_MAX_LENGTH = 200;
/** Answers each search endpoint keeps in memory (see createCachedJson): at most ~4 MB each at ~15 KB an answer. */
export const SEARCH_CACHE_ENTRIES = 256;
export const SORTS: readonly SearchSort[] = ['relevance', 'value-desc', 'value-asc', 'name'];

type CatalogueSearchParams = Omit<CardSearchParams, 'band'>;
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

function catalogue(query: URLSearchParams): CatalogueSearchParams {
  const q = text(query);
  return {
    q,
    sort: oneOf(query, 'sort', SORTS) ?? (q ? 'relevance' : 'value-desc'),
    limit: Math.min(integer(query, 'limit', SEARCH_LIMIT_DEFAULT), SEARCH_LIMIT_MAX),
    offset: integer(query, 'offset', 0),
  };
}

function parse<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, params: read() };
  } catch (error) {
    if (error instanceof ParamError) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** @example parseCardSearch(new URLSearchParams('q=charizard&limit=500')) // { ok: true, params: { q: 'charizard', limit: 200, … } } */
export function parseCardSearch(query: URLSearchParams): Parsed<CardSearchParams> {
  return parse(() => ({ ...catalogue(query), band: oneOf(query, 'band', VALUE_BAND_IDS) }));
}

export function parseSealedSearch(query: URLSearchParams, kinds: readonly string[]): Parsed<SealedSearchParams> {
  return parse(() => ({ ...catalogue(query), kind: oneOf(query, 'kind', kinds) }));
}

export function parseKnowledgeSearch(query: URLSearchParams): Parsed<KnowledgeSearchParams> {
  return parse(() => ({ q: text(query), tag: oneOf(query, 'tag', FACILITY_TAGS) }));
}

/** The most product ids one `tcgplayer` look-up may name. */
export const LOOKUP_MAX_IDS = 100;
const LOOKUP_ALLOWED = `up to ${LOOKUP_MAX_IDS} TCGplayer product ids (positive integers), comma-separated`;
/** What a look-up by product is answered without: it names its cards itself. */
const NOT_WITH_LOOKUP = ['q', 'band', 'sort', 'offset', 'limit'];

export interface CardLookupParams {
  tcgplayer: number[];
}

/**
 * `/api/cards?tcgplayer=106999,42382`: the cards that hold those TCGplayer products, in that order. Undefined
 * when the query does not ask for it (a search, then).
 * @example parseCardLookup(new URLSearchParams('tcgplayer=106999, 42382')) // { ok: true, params: { tcgplayer: [106999, 42382] } }
 */
export function parseCardLookup(query: URLSearchParams): Parsed<CardLookupParams> | undefined {
  if (!query.has('tcgplayer')) return undefined;
  return parse(() => {
    const raw = single(query, 'tcgplayer')!;
    const other = NOT_WITH_LOOKUP.find((name) => query.has(name));
    if (other) throw new ParamError(badParameter('tcgplayer', `tcgplayer looks cards up by product and takes no ${other}; send it alone.`, LOOKUP_ALLOWED));
    const ids = raw.split(',').map((id) => id.trim());
    if (ids.length > LOOKUP_MAX_IDS)
      throw new ParamError(badParameter('tcgplayer', `tcgplayer names ${ids.length} products; at most ${LOOKUP_MAX_IDS} are allowed.`, LOOKUP_ALLOWED));
    const bad = ids.find((id) => !/^[1-9]\d{0,9}$/.test(id));
    if (bad !== undefined) {
      throw new ParamError(
        badParameter('tcgplayer', `tcgplayer must list TCGplayer product ids (positive integers); got "${bad.slice(0, 40)}".`, LOOKUP_ALLOWED),
      );
    }
    return { tcgplayer: ids.map(Number) };
  });
}
