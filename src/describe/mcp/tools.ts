import { COLLECTION_LIMITS, countText } from '../../http/limits.ts';
import { CARD_SEARCH_QUERY, COLLECTION_PARAMETERS, KNOWLEDGE_FILTERS, PARAMETERS, sealedSearchQuery } from '../openapi/parameters.ts';
import { compactSchema } from './compact-schema.ts';

/**
 * The MCP tools (`/mcp`, src/server/mcp/): each is one of the HTTP API's reads, taking the same parameters
 * (their names, schemas and the first sentence of their descriptions come from the OpenAPI parameter
 * definitions, src/describe/openapi/parameters.ts, so a tool and its endpoint cannot drift) and answering the same
 * JSON (its `outputSchema` made from the endpoint's schema in schemas/api). Where a tool takes an argument
 * otherwise than its endpoint, the tool says so in its own words: a record's key as the tool that lists it gives
 * it (not the path of a URL), a list as text (not a URL's query). The tool list is made at build time
 * (dist/server/mcp-tools.json): what the function sends for tools/list is a file.
 */
interface Parameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
}

/** What a tool answers with: a search of the function's, a prebuilt record, or a valued list. */
export type ToolSource =
  | { kind: 'search'; endpoint: 'cards' | 'sealed' | 'knowledge' }
  /** `thing` and `listedBy` word the error for a key that names nothing ("No card has the slug …; search_cards lists them."). */
  | { kind: 'record'; collection: 'cards' | 'sealed' | 'knowledge' | 'sets'; thing: string; listedBy: string }
  | { kind: 'index'; collection: 'sets' }
  | { kind: 'collection' };

export interface ToolSpec {
  name: string;
  title: string;
  /** When to use it, in a few words: every word is paid for by every agent that lists the tools. */
  description: string;
  parameters: Parameter[];
  required?: string[];
  /** The schemas/api file of the structured result. */
  output: string;
  /** The answer is an array (the knowledge list), which a structured result (an object) holds as `{ results }`. */
  wrap?: true;
  source: ToolSource;
}

/**
 * A path parameter as a tool argument (tools take arguments by name, not by place), with what the tool takes in
 * it: the key its listing tool gives, where the endpoint's description names an HTTP path.
 */
const argument = ({ name, schema }: Parameter, description: string): Parameter => ({ name, schema, description });

/**
 * value_collection's list: text as written, bounded by its lines. /api/collection's `list` is a URL's query
 * (URL-encoded, 6 KB as sent), which a tool's argument is not: its JSON string is read as it is, up to the lines
 * any one request may hold.
 */
const LIST_TEXT: Parameter = {
  name: 'list',
  description: `The items to value as plain text, one per line (not URL-encoded), at most ${countText(COLLECTION_LIMITS.lines)} lines.`,
  schema: { type: 'string' },
};

/** The tools, in the order tools/list gives them. `kinds`: this build's sealed kinds (what `kind` accepts). */
export function toolSpecsOf(kinds: string[]): ToolSpec[] {
  return [
    {
      name: 'search_cards',
      title: 'Search cards',
      description:
        'Find Pokémon cards and their USD values by free text (name, set, number such as 4/102, nickname, printing words like 1st edition), ' +
        'or look cards up by `ids` or TCGplayer product ids. Start here.',
      parameters: CARD_SEARCH_QUERY,
      output: 'card-search.json',
      source: { kind: 'search', endpoint: 'cards' },
    },
    {
      name: 'get_card',
      title: 'Get a card',
      description: "One card's full record: every printing's prices, graded values, price history.",
      parameters: [argument(PARAMETERS.CardSlug, "The card's slug or id, as search_cards gives them.")],
      required: ['slug'],
      output: 'card-detail.json',
      source: { kind: 'record', collection: 'cards', thing: 'card', listedBy: 'search_cards' },
    },
    {
      name: 'search_sealed',
      title: 'Search sealed products',
      description: 'Find sealed products (booster boxes, ETBs, packs, bundles) and their USD values and price per pack, or look them up by `ids`.',
      parameters: sealedSearchQuery(kinds),
      output: 'sealed-search.json',
      source: { kind: 'search', endpoint: 'sealed' },
    },
    {
      name: 'get_sealed_product',
      title: 'Get a sealed product',
      description: "One sealed product's full record with price history.",
      parameters: [argument(PARAMETERS.SealedSlug, "The product's slug, as search_sealed gives it.")],
      required: ['slug'],
      output: 'sealed-detail.json',
      source: { kind: 'record', collection: 'sealed', thing: 'sealed product', listedBy: 'search_sealed' },
    },
    {
      name: 'value_collection',
      title: 'Value a collection',
      description:
        'Total USD value of a list of cards and sealed products, one item per line as people write them ("2x charizard 4/102", "moonbreon psa 10"), ' +
        'each line matched, ambiguous (with alternatives) or not found.',
      parameters: [LIST_TEXT, ...COLLECTION_PARAMETERS.filter((p) => p.name !== 'format' && p.name !== 'list')],
      required: ['list'],
      output: 'collection.json',
      source: { kind: 'collection' },
    },
    {
      name: 'search_knowledge',
      title: 'Search the knowledge base',
      description: 'Answers to questions about card values (grading, reprints, what makes a card valuable). No arguments: every article.',
      parameters: KNOWLEDGE_FILTERS,
      output: 'knowledge-list.json',
      wrap: true,
      source: { kind: 'search', endpoint: 'knowledge' },
    },
    {
      name: 'get_article',
      title: 'Get an article',
      description: 'One knowledge article in full.',
      parameters: [argument(PARAMETERS.ArticleSlug, "The article's id, as search_knowledge gives it.")],
      required: ['slug'],
      output: 'knowledge-detail.json',
      source: { kind: 'record', collection: 'knowledge', thing: 'article', listedBy: 'search_knowledge' },
    },
    {
      name: 'list_sets',
      title: 'List sets',
      description: 'Every set by language (English, then Japanese) and series, newest first, with card counts and total values.',
      parameters: [],
      output: 'set-list.json',
      source: { kind: 'index', collection: 'sets' },
    },
    {
      name: 'get_set',
      title: 'Get a set',
      description: "One set's record and every card in it with its value.",
      parameters: [argument(PARAMETERS.SetId, 'The set id, as list_sets gives it (base1, swsh7).')],
      required: ['setId'],
      output: 'set-detail.json',
      source: { kind: 'record', collection: 'sets', thing: 'set', listedBy: 'list_sets' },
    },
  ];
}

/** Enums longer than this are left out of a tool's input (the sealed kinds, 34 today, are kept). */
const INPUT_ENUM_MAX = 40;
/**
 * Arguments whose values the first clause of their description says in fewer tokens than their enum: the sorts, four
 * and a window of days each way (`changeNd-desc` for N = 7, 30, 90, 365), are 50 tokens fewer a search tool in words.
 */
const ENUM_IN_WORDS = new Set(['sort']);

/** The first clause of a parameter's description: the rest is in /openapi.json, for whoever needs it. */
const firstClause = (text: string): string => `${(/^.*?(?=[.;:](?:\s|$))/s.exec(text)?.[0] ?? text).replace(/[.;:]$/, '')}.`;

/**
 * A tool's inputSchema: an object of its parameters, nothing else. A parameter's pattern and an enum longer
 * than INPUT_ENUM_MAX (the 45 knowledge tags) are left out: the function checks every argument as it checks
 * the query, and its error lists what is allowed.
 */
export function inputSchemaOf(spec: ToolSpec): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const { name, description, schema } of spec.parameters) {
    const { pattern, enum: values, ...kept } = schema;
    const short = Array.isArray(values) && values.length <= INPUT_ENUM_MAX && !ENUM_IN_WORDS.has(name);
    properties[name] = { ...kept, ...(short && { enum: values }), description: firstClause(description) };
  }
  return { type: 'object', properties, ...(spec.required && { required: spec.required }), additionalProperties: false };
}

/** A tool's outputSchema (see compactSchema), its array answer wrapped. */
function outputSchemaOf(spec: ToolSpec, schemas: Record<string, unknown>): Record<string, unknown> {
  const schema = compactSchema(schemas, spec.output, 1);
  return spec.wrap ? { type: 'object', properties: { results: schema } } : schema;
}

/**
 * The result of tools/list, as the build writes it. Every tool only reads (readOnlyHint).
 * @example toolListOf(schemas, ['booster-box']).map((t) => t.name) // ['search_cards', 'get_card', …]
 */
export function toolListOf(schemas: Record<string, unknown>, kinds: string[]) {
  return toolSpecsOf(kinds).map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: inputSchemaOf(spec),
    outputSchema: outputSchemaOf(spec, schemas),
    annotations: { readOnlyHint: true },
  }));
}

/**
 * The most o200k tokens the answer to tools/list may cost, as `{ tools }`: what every agent pays to list the tools.
 * The HTTP tier holds the fixture build to it, the smoke test the real catalogue's (docs/mcp.md).
 */
export const TOOL_LIST_TOKENS_MAX = 2500;

/** Where the build writes the tool list and the specs the function answers them by, in dist/server/. */
export const MCP_TOOLS_FILE = 'mcp-tools.json';
