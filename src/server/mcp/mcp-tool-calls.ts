import { asOfOf } from '../../collection/as-of.ts';
import { type ListLine, linesOfText } from '../../collection/list-lines.ts';
import { seriesOf } from '../../collection/list-series.ts';
import { TOKENS_META } from '../../describe/mcp/protocol.ts';
import type { ToolSource, ToolSpec } from '../../describe/mcp/tools.ts';
import { badParameter, type Problem, tooManyLines } from '../../http/problem.ts';
import { cardSearchToMarkdown, knowledgeListToMarkdown, sealedSearchToMarkdown } from '../../render/markdown/search-markdown.ts';
import type { CardSearch, KnowledgeList, SealedSearch } from '../../schemas/api-types.ts';
import { SET_ID, SLUG } from '../../schemas/patterns.ts';
import { SEARCH_CACHE_ENTRIES } from '../../search/search-params.ts';
import type { ListOptions } from '../list-render.ts';
import { searchOutcomeOf } from '../search-endpoints.ts';
import type { Searchers } from '../searchers.ts';
import { countTokens } from '../token-count.ts';
import type { BuildFiles, ToolAnswer } from './build-files.ts';

/**
 * What each MCP tool answers (the tools are src/describe/mcp/tools.ts): its arguments read as the HTTP query they
 * stand for, checked by the same code, and answered with the same JSON (a search's by the search endpoint's
 * code, a record's from its prebuilt file) as `structuredContent`, beside its Markdown twin as text with
 * its token count. A bad argument is a tool error (`isError`) carrying the problem the HTTP API would send.
 * A list to value is the list worker's (list-valuer.ts), through the request's admission (`lists`).
 */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string; _meta?: Record<string, unknown> }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Values a list's lines (as of a date when asked): the result of value_collection as JSON bytes (list-render.ts writes it, in the list worker). */
export type ListValuing = (lines: ListLine[], options: ListOptions) => Promise<Uint8Array<ArrayBuffer>>;

export interface ToolCalls {
  /**
   * tools/call's result as JSON bytes, or a tool error for bad arguments (made once for a remembered answer);
   * undefined for a tool that does not exist (the protocol's error, not the tool's).
   */
  callJson(name: string, args: Record<string, unknown> | undefined, lists: ListValuing): Promise<Uint8Array<ArrayBuffer> | undefined>;
}

/** The lines of a value_collection call's list, as the endpoint counts them before the call (undefined: not a list to value). */
export function listLinesOf(name: unknown, args: unknown): ListLine[] | undefined {
  if (name !== 'value_collection' || args === null || typeof args !== 'object') return undefined;
  const list = (args as { list?: unknown }).list;
  // As queryOf reads an argument: a number or a boolean stands for its text.
  return ['string', 'number', 'boolean'].includes(typeof list) ? linesOfText(String(list)) : undefined;
}

export function createToolCalls(specs: ToolSpec[], { searchers, files }: { searchers: Searchers; files: BuildFiles }): ToolCalls {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  // The most recent answers by tool and validated arguments, as the search endpoints keep theirs (a build's data
  // never changes while it is served), and each one's result as JSON once it has been sent so.
  const made = recentOf<ToolAnswer>(SEARCH_CACHE_ENTRIES);
  const resultJson = new WeakMap<ToolAnswer, Uint8Array<ArrayBuffer>>();
  // The result bytes by the arguments as sent: an agent's repeated call skips reading them again. Not for a list
  // to value, nor for arguments longer than any valid search's: either may be a megabyte, and is read afresh.
  const sent = recentOf<Uint8Array<ArrayBuffer>>(SEARCH_CACHE_ENTRIES);
  async function remember(key: string, make: () => Promise<ToolAnswer | undefined>): Promise<ToolAnswer | undefined> {
    let found = made.get(key);
    if (found) return found;
    found = await make();
    if (found) made.set(key, found);
    return found;
  }

  async function answer(spec: ToolSpec, query: URLSearchParams): Promise<ToolAnswer | Problem> {
    const source: ToolSource = spec.source;
    switch (source.kind) {
      case 'search': {
        const outcome = searchOutcomeOf(searchers, source.endpoint, query);
        if (!outcome.ok) return outcome.problem;
        return (await remember(`${spec.name} ${outcome.key}`, async () => {
          const json = outcome.answer();
          const markdown = searchMarkdown(source.endpoint, json);
          return { structured: spec.wrap ? { results: json } : (json as Record<string, unknown>), markdown, tokens: await countTokens(markdown) };
        }))!;
      }
      case 'record':
        return record(spec.required![0], source, query);
      case 'index': {
        const found = await remember(spec.name, () => files.record(source.collection));
        if (!found) throw new Error(`the build has no index of ${source.collection}`);
        return found;
      }
      case 'collection':
        throw new Error('a list to value is the list worker’s (callJson)');
    }
  }

  /** A record by its key (a card also by its id: `base1-4` is the card charizard-base1-4), from its prebuilt files. */
  async function record(name: string, source: Extract<ToolSource, { kind: 'record' }>, query: URLSearchParams): Promise<ToolAnswer | Problem> {
    const { collection, thing, listedBy } = source;
    const key = query.get(name)!;
    const shape = collection === 'sets' ? SET_ID : SLUG;
    const unknown = () => badParameter(name, `No ${thing} has the ${name} "${key.slice(0, 80)}"; ${listedBy} lists them.`, `a ${name} from ${listedBy}`);
    // A card id may hold capitals and underscores (cel25c-15_A1): it is looked up as an id below.
    if (!shape.test(key) && collection !== 'cards') return unknown();
    const found = await remember(`${collection} ${key}`, async () => {
      if (shape.test(key)) {
        const bySlug = await files.record(collection, key);
        if (bySlug || collection !== 'cards') return bySlug;
      }
      const [card] = searchers.cards.byIds([key]).results as { slug: string }[];
      return card ? files.record('cards', card.slug) : undefined;
    });
    return found ?? unknown();
  }

  async function outcome(spec: ToolSpec, args: Record<string, unknown>): Promise<ToolAnswer | Problem> {
    const query = queryOf(spec, args);
    return query instanceof URLSearchParams ? answer(spec, query) : query;
  }

  return {
    async callJson(name, args = {}, lists) {
      const spec = byName.get(name);
      if (!spec) return undefined;
      if (spec.source.kind === 'collection') {
        const query = queryOf(spec, args);
        if (!(query instanceof URLSearchParams)) return errorJson(query);
        const asOf = asOfOf(query.getAll('asOf'), searchers.collection);
        if ('problem' in asOf) return errorJson(asOf.problem);
        const series = seriesOf(query.getAll('series'));
        if ('problem' in series) return errorJson(series.problem);
        const options = { ...asOf, ...series };
        const lines = linesOfText(query.get('list') ?? '');
        const tooLong = tooManyLines(lines.length);
        return tooLong ? errorJson(tooLong) : lists(lines, options);
      }
      // Kept by the arguments as sent only when they are flat (what a valid call sends): anything nested is
      // refused by queryOf below, and never serialised whole (it may nest thousands deep).
      const flat = Object.values(args).every((value) => value === null || typeof value !== 'object');
      const sentAs = flat ? `${name} ${JSON.stringify(args)}` : '';
      const key = sentAs.length > 0 && sentAs.length <= SENT_KEY_MAX ? sentAs : undefined;
      const known = key === undefined ? undefined : sent.get(key);
      if (known) return known;
      const result = await outcome(spec, args);
      let json: Uint8Array<ArrayBuffer> | undefined;
      if ('status' in result) json = errorJson(result);
      else {
        json = resultJson.get(result);
        if (json === undefined) resultJson.set(result, (json = new TextEncoder().encode(JSON.stringify(resultOf(result)))));
      }
      if (key !== undefined) sent.set(key, json);
      return json;
    },
  };
}

const errorJson = (problem: Problem) => new TextEncoder().encode(JSON.stringify(toolError(problem)));

/** The longest arguments (as JSON) whose result is kept by them: a search's fit many times over. */
const SENT_KEY_MAX = 2048;

/** The most recently used entries, at most `limit`: a Map kept in order of use. */
function recentOf<V>(limit: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const found = entries.get(key);
      if (found !== undefined) {
        entries.delete(key);
        entries.set(key, found);
      }
      return found;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}

/** A tool's answer as its result: the JSON as structuredContent, the Markdown twin as text with its token count. */
function resultOf(answer: ToolAnswer): ToolResult {
  return {
    content: [{ type: 'text', text: answer.markdown, _meta: { [TOKENS_META]: answer.tokens } }],
    structuredContent: answer.structured,
  };
}

function searchMarkdown(endpoint: 'cards' | 'sealed' | 'knowledge', json: unknown): string {
  if (endpoint === 'cards') return cardSearchToMarkdown(json as CardSearch);
  if (endpoint === 'sealed') return sealedSearchToMarkdown(json as SealedSearch);
  return knowledgeListToMarkdown(json as KnowledgeList);
}

/**
 * A tool's arguments as the query of its endpoint: each a string, a number or a boolean, as a query parameter
 * would be written; a required one present; none the tool does not take.
 */
function queryOf(spec: ToolSpec, args: Record<string, unknown>): URLSearchParams | Problem {
  const names = spec.parameters.map((p) => p.name);
  const allowed = names.length > 0 ? `the arguments ${names.join(', ')}` : 'no arguments';
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (!names.includes(name)) return badParameter(name.slice(0, 40), `${spec.name} takes ${allowed}; "${name.slice(0, 40)}" is not one of them.`, names);
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) return badParameter(name, `${name} must be a finite number.`, 'a finite number');
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      return badParameter(name, `${name} must be a string or a number, not ${Array.isArray(value) ? 'an array' : typeof value}.`, 'a string or a number');
    }
    query.set(name, String(value));
  }
  const missing = spec.required?.find((name) => !query.get(name));
  if (missing) return badParameter(missing, `${spec.name} needs ${missing}.`, `a ${missing}`);
  return query;
}

/**
 * A problem as a tool error: its detail and what is allowed, for the model to correct its call. No
 * structuredContent: an error is not the result the tool's outputSchema describes.
 */
function toolError(problem: Problem): ToolResult {
  const allowed = problem.allowed === undefined ? '' : ` Allowed: ${[problem.allowed].flat().join(', ')}.`;
  return { content: [{ type: 'text', text: `${problem.detail}${allowed}` }], isError: true };
}
