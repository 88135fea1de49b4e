import { detailToListItem } from '../catalogue/knowledge-record.ts';
import { type Answer, createCachedJson } from '../http/answer.ts';
import { type Problem, problemResponse } from '../http/problem.ts';
import type { SearchEndpoint } from '../http/routes.ts';
import {
  parseAutocomplete,
  parseCardLookup,
  parseCardSearch,
  parseKnowledgeSearch,
  parseSealedLookup,
  parseSealedSearch,
  SEARCH_CACHE_ENTRIES,
} from '../search/search-params.ts';
import type { Searchers } from './searchers.ts';

/**
 * The search endpoints, `GET /api/cards` (or its look-ups by id or slug, `?ids=`, and by TCGplayer product,
 * `?tcgplayer=`), `/api/sealed` (or its look-up, `?ids=`) and
 * `/api/knowledge?q=&tag=`, and the suggestions as people type, `/api/cards/autocomplete?q=`:
 * the parameters checked (a problem when they are wrong), then the searcher's
 * answer as JSON with its ETag, remembered per endpoint (createCachedJson).
 *
 * A catalogue answer is `{ total, count, offset, limit, ...rest, results }`:
 * `rest` is whatever else the searcher's result carries (e.g. the words it
 * ignored), passed on as it is.
 *
 * @example answerSearch(searchers, 'cards', new URLSearchParams('q=mew'), undefined).status // 200
 */
export function answerSearch(searchers: Searchers, endpoint: SearchEndpoint, query: URLSearchParams, ifNoneMatch: string | null | undefined): Answer {
  const outcome = searchOutcomeOf(searchers, endpoint, query);
  if (!outcome.ok) return problemResponse(outcome.problem);
  return respondersOf(searchers)[endpoint](ifNoneMatch, outcome.key, outcome.answer);
}

/**
 * A search's parameters checked: the problem that refuses them, or the key its answer is remembered by (the
 * validated parameters) and how to make that answer, the JSON body of the endpoint. The MCP tools answer
 * with the same (src/server/mcp/), so a tool and its endpoint cannot differ.
 * @example searchOutcomeOf(searchers, 'cards', new URLSearchParams('q=mew')) // { ok: true, key: '{"q":"mew",…}', answer: () => ({ total, … }) }
 */
export type SearchOutcome = { ok: true; key: string; answer: () => unknown } | { ok: false; problem: Problem };

export function searchOutcomeOf(searchers: Searchers, endpoint: SearchEndpoint, query: URLSearchParams): SearchOutcome {
  switch (endpoint) {
    case 'cards': {
      const lookup = parseCardLookup(query);
      if (lookup) {
        if (!lookup.ok) return lookup;
        const { params } = lookup;
        return outcome(params, () =>
          lookupEnvelope('ids' in params ? searchers.cards.byIds(params.ids) : searchers.cards.byProducts(params.tcgplayer, searchers.cardProducts)),
        );
      }
      const parsed = parseCardSearch(query, searchers.filters.cards);
      if (!parsed.ok) return parsed;
      return outcome(parsed.params, () => envelope(parsed.params, searchers.cards.search(parsed.params)));
    }
    case 'sealed': {
      const lookup = parseSealedLookup(query);
      if (lookup) {
        if (!lookup.ok) return lookup;
        const { ids } = lookup.params;
        return outcome(lookup.params, () => lookupEnvelope(searchers.sealed.byIds(ids)));
      }
      const parsed = parseSealedSearch(query, searchers.kinds, searchers.filters.sealed);
      if (!parsed.ok) return parsed;
      return outcome(parsed.params, () => envelope(parsed.params, searchers.sealed.search(parsed.params)));
    }
    case 'knowledge': {
      const parsed = parseKnowledgeSearch(query);
      if (!parsed.ok) return parsed;
      return outcome(parsed.params, () => searchers.knowledge.search(parsed.params).map(detailToListItem));
    }
    case 'autocomplete': {
      const parsed = parseAutocomplete(query);
      if (!parsed.ok) return parsed;
      const { q } = parsed.params;
      return outcome(parsed.params, () => ({ q, results: searchers.autocomplete(q) }));
    }
  }
}

const outcome = (params: unknown, answer: () => unknown): SearchOutcome => ({ ok: true, key: JSON.stringify(params), answer });

/** A look-up's answer in the search envelope: every result found, and the ids given that named none. */
function lookupEnvelope({ results, notFound }: { results: unknown[]; notFound: readonly (string | number)[] }) {
  return { total: results.length, count: results.length, results, notFound: notFound.map(String) };
}

/** The catalogue search envelope (schemas/api/card-search.json, sealed-search.json). */
function envelope({ limit, offset }: { limit: number; offset: number }, { total, results, ...rest }: { total: number; results: unknown[] }) {
  return { total, count: results.length, offset, limit, ...rest, results };
}

type Responders = Record<SearchEndpoint, ReturnType<typeof createCachedJson>>;

/** The answers remembered for one build's searchers (one set per process). */
const responders = new WeakMap<Searchers, Responders>();

function respondersOf(searchers: Searchers): Responders {
  let found = responders.get(searchers);
  if (!found) {
    found = {
      cards: createCachedJson(SEARCH_CACHE_ENTRIES),
      sealed: createCachedJson(SEARCH_CACHE_ENTRIES),
      knowledge: createCachedJson(SEARCH_CACHE_ENTRIES),
      autocomplete: createCachedJson(SEARCH_CACHE_ENTRIES),
    };
    responders.set(searchers, found);
  }
  return found;
}
