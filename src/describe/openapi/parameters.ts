import { CHANGE_WINDOW_DAYS } from '../../catalogue/price-change.ts';
import { bandLabel, VALUE_BAND_IDS } from '../../catalogue/value-bands.ts';
import {
  bytesText,
  CHANGE_SORT_DAYS,
  COLLECTION_LIMITS,
  LOOKUP_MAX_IDS,
  QUERY_MAX_LENGTH,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SORTS,
} from '../../http/limits.ts';
import { FACILITY_TAGS } from '../../schemas/knowledge-taxonomy.ts';
import { DATE_PATTERN, jsonSchemaPattern, LOOKUP_KEY_PATTERN, PRODUCT_ID_PATTERN, SET_ID_PATTERN, SLUG_PATTERN } from '../../schemas/patterns.ts';
import { AUTOCOMPLETE_MIN_LENGTH } from '../../search/autocomplete.ts';
import { FILTER_FIELDS, type FilterScope } from '../../search/field-filters.ts';
import { ref } from './schema-components.ts';

/**
 * Request parameters: the reusable ones (`components.parameters`: slugs, the
 * conditional request header, the Web Bot Auth headers) and the query
 * parameters of the searches, kept inline in their operations.
 */
const SLUG_SCHEMA = { type: 'string', pattern: jsonSchemaPattern(SLUG_PATTERN) };
const slug = (description: string, example: string) => ({ name: 'slug', in: 'path', required: true, description, schema: SLUG_SCHEMA, example });

const WEB_BOT_AUTH =
  'Web Bot Auth (RFC 9421 HTTP Message Signatures, Ed25519, `tag="web-bot-auth"`). ' +
  'A request whose signature verifies against the configured allowlist of agents is not counted against the rate limit and never gets a 429; ' +
  'a missing, malformed or failing signature is never an error, the request is simply unverified.';
const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: false,
  description: `${description} ${WEB_BOT_AUTH}`,
  schema: { type: 'string' },
  example,
});

export const PARAMETERS = {
  CardSlug: slug('The card slug, as in the `slug` of search results.', 'charizard-base1-4'),
  SealedSlug: slug('The sealed product slug, as in the `slug` of search results.', 'evolving-skies-booster-box-242436'),
  ArticleSlug: slug('The article slug, as in the `id` of /api/knowledge.', 'what-is-a-grail'),
  SetId: {
    name: 'setId',
    in: 'path',
    required: true,
    description: 'The set id, as in the `id` of the sets of /api/sets.',
    schema: { type: 'string', pattern: jsonSchemaPattern(SET_ID_PATTERN) },
    example: 'base1',
  },
  ChangeDate: {
    name: 'date',
    in: 'path',
    required: true,
    description: "An import's as-of date, as in the `asOf` of /api/changes.",
    schema: { type: 'string', format: 'date', pattern: jsonSchemaPattern(DATE_PATTERN) },
    example: '2025-10-20',
  },
  'If-None-Match': {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'ETags the client holds (weak comparison, `*` matches any); when one matches, the answer is 304 with no body.',
    schema: { type: 'string' },
    example: '"RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o"',
  },
  // The examples are the project's known-answer vector (RFC 9421's Ed25519 test key, authority cards.example).
  Signature: header(
    'Signature',
    'The signature of a verified agent.',
    'sig1=:CVy+a2bV9l+FppC+MMRwkIiAFqzOQuFTgSWxTkMF39miWiWmkN0YxakWsYbz4ktFOm90BrqVqPfau7rvcQbjBg==:',
  ),
  'Signature-Input': header(
    'Signature-Input',
    'What the signature covers (`@authority`, the `signature-agent` member), with created, expires, keyid (the JWK thumbprint) and tag.',
    'sig1=("@authority" "signature-agent";key="sig1");created=1735689600;expires=1735689900;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";tag="web-bot-auth"',
  ),
  'Signature-Agent': header(
    'Signature-Agent',
    'The URL of the agent whose key directory holds the key, as a dictionary member named by the label.',
    'sig1="https://agent.example"',
  ),
};

export type ParameterKey = keyof typeof PARAMETERS;

/** Refs to reusable parameters. @example parametersOf('CardSlug') // [{ $ref: '#/components/parameters/CardSlug' }] */
export const parametersOf = (...keys: ParameterKey[]) => keys.map((key) => ref('parameters', key));

/** Every request the rate limiter sees may carry the Web Bot Auth headers. */
export const SIGNED: ParameterKey[] = ['Signature', 'Signature-Input', 'Signature-Agent'];

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query', required: false, description, schema });
const text = { type: 'string', maxLength: QUERY_MAX_LENGTH };

/** q of the two catalogue searches. @example catalogueQ('name, set name, types and rarity', 'cards') */
export const catalogueQ = (over: string, scope: FilterScope, fields = filterFieldsText(scope)) =>
  query(
    'q',
    `Free text matched against ${over}, at most ${QUERY_MAX_LENGTH} characters; results by relevance. ` +
      'Empty or absent: every item, highest value first. Text with no searchable word matches nothing. ' +
      "Collectors' words are understood: set aliases and codes (`base set`, `evs`, `swsh7`), card ids (`base1-4`), nicknames " +
      '(`moonbreon`), product and rarity words (`etb`, `sir`), printing words for cards (`1st edition`, `shadowless`, `reverse holo`: ' +
      "the cards that have that printing, each result with its `printing`, value sorts and bands on that printing's value), " +
      'art words for cards (`umbreon alt art`, `full art`, `gold star`); ' +
      'typos are corrected only when close. Each result carries `match` ' +
      '(why it matched) and the answer lists the words it `ignored` (grades such as `psa 10`, fillers, unknown words). ' +
      `Field filters narrow it (grammar: /search/help): ${fields}; ` +
      'terms are ANDed, `-` negates a term or word, quote values with spaces (`artist:"mitsuhiro arita"`), numbers take `: = < <= > >=` ' +
      `(\`value>100\`); ${CHANGE_WINDOW_DAYS.map((days) => `\`change${days}\``).join(', ')} compare the change over that many days in percent ` +
      '(`change30>20`, `change7<-10`), and an item whose change over the window is not known meets none. ' +
      'A field or value that names nothing is a 400 naming the `term`, its `position` in q and what is `allowed`.',
    text,
  );

/** limit, offset and sort of the two catalogue searches. */
export const PAGING = [
  query('limit', `Items per page, at most ${SEARCH_LIMIT_MAX}: values above are clamped to ${SEARCH_LIMIT_MAX}, and 0 returns only \`total\`.`, {
    type: 'integer',
    minimum: 0,
    default: SEARCH_LIMIT_DEFAULT,
  }),
  query('offset', 'Matches to skip (paging).', { type: 'integer', minimum: 0, default: 0 }),
  query(
    'sort',
    // The first clause is what an MCP tool says of the argument (src/describe/mcp/tools.ts), which lists the sorts in it rather than as an enum.
    `Order of results (relevance, value-desc/-asc, name, change${CHANGE_SORT_DAYS.map((days) => `${days}d`).join('/')}-desc/-asc)` +
      '. `relevance` is the default with q, `value-desc` without. ' +
      `${CHANGE_SORT_DAYS.map((days) => `\`change${days}d-desc\``).join(', ')} list the largest rises of the value over that many days first ` +
      "(by the result's `change`, in percent), the `-asc` twins the largest falls; items whose change over the window is not known come last either way.",
    { type: 'string', enum: [...SORTS] },
  ),
];

/** A comma-separated list of `item`s, spaces allowed around each. */
const commaSeparated = (item: string) => `^ *${item} *(, *${item} *)*$`;

/** The look-up of /api/cards by TCGplayer product id. */
export const TCGPLAYER = {
  ...query(
    'tcgplayer',
    `TCGplayer product ids to look cards up by instead of searching, up to ${LOOKUP_MAX_IDS} comma-separated. ` +
      'Each product gives one result per printing (variant) of it on a card, in the order asked, each with its `printing` (id, label, product, value); ' +
      '`notFound` lists the ids no card holds. Takes no q, band, sort, offset or limit.',
    { type: 'string', pattern: commaSeparated(PRODUCT_ID_PATTERN) },
  ),
  example: '106999,42382',
};

/**
 * The ids look-up of /api/cards (card ids or slugs) and /api/sealed (product ids or slugs). Its first sentence, which
 * the MCP search tools say of `ids` (src/describe/mcp/tools.ts), says what it takes.
 */
export const lookupIds = (what: string, example: string) => ({
  ...query(
    'ids',
    `${what} to look up instead of searching, up to ${LOOKUP_MAX_IDS} comma-separated (any case). ` +
      'The results are in the order asked (an id given twice is answered twice); `notFound` lists the ones that name nothing. ' +
      'Counts as one request against the rate limit. Takes no search parameter.',
    { type: 'string', pattern: commaSeparated(LOOKUP_KEY_PATTERN) },
  ),
  example: example,
});

/** The parameters of /api/collection: the list (GET), and the representation, besides Accept. */
export const COLLECTION_PARAMETERS = [
  {
    ...query(
      'list',
      `The items to value, one per line (newline-separated, URL-encoded): at most ${bytesText(COLLECTION_LIMITS.getListBytes)} as sent, which every host in front takes in a URL; POST a longer list. Required on GET.`,
      { type: 'string', maxLength: COLLECTION_LIMITS.getListBytes },
    ),
    example: '2x charizard 4/102\nmoonbreon\nevolving skies booster box',
  },
  {
    ...query(
      'asOf',
      "Value each line at its own printing's price on this day, with that price's date: its latest record from the day it was recorded, before then the last known in the week ending that day; lines with no price then are counted apart. " +
        'From the first day of history to `pricesAsOf`.',
      { type: 'string', format: 'date', pattern: jsonSchemaPattern(DATE_PATTERN) },
    ),
    example: '2025-10-01',
  },
  query(
    'series',
    "The list's total on each day of a window ending at `pricesAsOf`, with how many lines had a price; before the last 90 days, a week's close.",
    { type: 'string', enum: ['30d', '90d', '1y', '2y'] },
  ),
  query('format', 'The representation, instead of Accept: `json` (the default), `markdown` or `csv`.', { type: 'string', enum: ['json', 'markdown', 'csv'] }),
];

/** @example band().schema.enum // ['grail', 'chase', 'mid', 'budget'] */
export const band = () =>
  query('band', `Only cards of this value band: ${VALUE_BAND_IDS.map(bandLabel).join(', ')}.`, { type: 'string', enum: VALUE_BAND_IDS });

/**
 * The kinds present in this build's content; an open list, so any string when the build has none.
 * @example kind(['etb', 'tin']).schema // { type: 'string', enum: ['etb', 'tin'] }
 */
export const kind = (kinds: string[]) =>
  query(
    'kind',
    'Only products of this kind; the kinds are those present in the content.',
    kinds.length > 0 ? { type: 'string', enum: kinds } : { type: 'string' },
  );

/** q and tag of /api/knowledge: either makes the function answer instead of the prebuilt list. */
export const KNOWLEDGE_FILTERS = [
  query('q', `Free text matched against question, answer and tags, at most ${QUERY_MAX_LENGTH} characters.`, text),
  query('tag', 'Only articles carrying this facet tag, as articles list them in `facility_tags`.', { type: 'string', enum: [...FACILITY_TAGS] }),
];

/** q of /api/cards/autocomplete: what has been typed so far. */
export const AUTOCOMPLETE_QUERY = [
  {
    ...query(
      'q',
      `What has been typed, at most ${QUERY_MAX_LENGTH} characters: the start of a card name or set name, or of one of its words ` +
        `(\`char\`, \`dark char\`, \`skies\`). Under ${AUTOCOMPLETE_MIN_LENGTH} characters after trimming, or absent: no suggestions. ` +
        "Case, accents, apostrophes and punctuation are ignored (`farfetch` finds Farfetch'd, `flabebe` Flabébé, `mr mime` Mr. Mime, `hooh` Ho-Oh).",
      text,
    ),
    example: 'char',
  },
];

/** The query parameters of /api/cards: the search, and the two look-ups. The MCP tool search_cards takes the same (src/describe/mcp/tools.ts). */
export const CARD_SEARCH_QUERY = [
  catalogueQ('name, set name, types and rarity', 'cards'),
  band(),
  ...PAGING,
  lookupIds('Card ids or slugs', 'base1-4,umbreon-vmax-swsh7-215'),
  TCGPLAYER,
];

/** The query parameters of /api/sealed, whose kinds are this build's (the MCP tool search_sealed takes the same). */
export const sealedSearchQuery = (kinds: string[]) => [
  catalogueQ('product name, set, product kind and group name', 'sealed'),
  kind(kinds),
  ...PAGING,
  lookupIds('TCGplayer product ids or slugs', '242436'),
];

/** The field filters of a searcher as the q description lists them: `set:`, `rarity:` (`r:`), …, `is:graded`. */
function filterFieldsText(scope: FilterScope): string {
  return Object.entries(FILTER_FIELDS[scope])
    .map(([name, spec]) => `\`${name}:\`${spec.aliases ? ` (${spec.aliases.map((alias) => `\`${alias}:\``).join(', ')})` : ''}`)
    .join(', ');
}
