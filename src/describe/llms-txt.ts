import type { PhrasingContent, RootContent } from 'mdast';
import { MOVERS_WINDOWS } from '../catalogue/movers.ts';
import { ALERT_WINDOWS, DEFAULT_ALERT_THRESHOLD, DEFAULT_ALERT_WINDOW, MAX_ALERT_ITEMS } from '../catalogue/price-alerts.ts';
import { bandLabel, VALUE_BANDS } from '../catalogue/value-bands.ts';
import { COLLECTION_LIMITS, countText, LIST_LINES_PER_POINT, LOOKUP_MAX_IDS, SEARCH_LIMIT_MAX, SORTS } from '../http/limits.ts';
import { CATALOG_NAMES, catalogMarkdownUrl, catalogUrl, MOVERS_MARKDOWN_URL, MOVERS_URL, SEARCH_HELP_PAGE } from '../http/links.ts';
import { AUTOCOMPLETE_PATH } from '../http/routes.ts';
import { code, heading, link, list, paragraph, toMarkdown } from '../render/markdown/mdast.ts';
import type { ContentSummary, KnowledgeDetail } from '../schemas/api-types.ts';
import { KNOWLEDGE_CATEGORIES } from '../schemas/knowledge-taxonomy.ts';
import { AUTOCOMPLETE_LIMIT } from '../search/autocomplete.ts';
import { FILTER_FIELDS, SEARCH_HELP_EXAMPLES } from '../search/field-filters.ts';
import { RESOURCE_SCHEME } from './mcp/protocol.ts';
import { toolSpecsOf } from './mcp/tools.ts';

/**
 * `/llms.txt`: a small index for agents (the llms.txt convention: a title, a
 * one-paragraph summary, then sections of links). It points at the ways in —
 * search, the Markdown twins, the knowledge base — rather than listing 18k cards.
 * Each section is a function below, in the order the file has them.
 */
export function llmsTxtOf(summary: ContentSummary, articles: KnowledgeDetail[]): string {
  return toMarkdown([...introOf(summary), ...apiSection(), ...mcpSection(), ...knowledgeSections(articles)]);
}

/** One entry of a list: its text and links. */
type Item = (PhrasingContent | string)[];

/** The title, what the site holds, and how to get Markdown. */
function introOf(summary: ContentSummary): RootContent[] {
  return [
    heading(1, 'Pokémon card and sealed product values'),
    {
      type: 'blockquote',
      children: [
        paragraph(
          `US dollar values of ${summary.totalCards} Pokémon cards and ${summary.totalSealed} sealed products ` +
            `(TCGplayer market prices as of ${summary.pricesAsOf}), plus ${summary.totalArticles} answers about how card values work.`,
        ) as never,
      ],
    },
    paragraph(
      'Every card, product, set and article has a Markdown twin: request its page with ',
      code('Accept: text/markdown'),
      ' or add ',
      code('.md'),
      ' to its path. Markdown responses carry ',
      code('x-markdown-tokens'),
      ' with the token count (o200k_base). ',
      `Value bands: ${VALUE_BANDS.map((b) => bandLabel(b.id)).join(', ')}.`,
    ),
  ];
}

/** The ways into the HTTP API, one entry each. */
function apiSection(): RootContent[] {
  return [
    heading(2, 'API'),
    list([
      cardSearch(),
      autocomplete(),
      cardRecords(),
      sealedSearch(),
      knowledge(),
      sets(),
      fieldFilters(),
      contentSummary(),
      changes(),
      catalogues(),
      movers(),
      feeds(),
      bulk(),
      openapi(),
    ]),
  ];
}

/** Searching cards: the parameters, and what q understands. */
const cardSearch = (): Item => [
  link('/api/cards?q=charizard', 'Search cards'),
  ': ',
  code('q'),
  ', ',
  code('limit'),
  ` (at most ${SEARCH_LIMIT_MAX}), `,
  code('offset'),
  ', ',
  code('band'),
  ', ',
  code('sort'),
  ` (${SORTS.join(', ')}). `,
  code('q'),
  ' understands set aliases and codes (',
  code('charizard base set'),
  ', ',
  code('evs'),
  '), card ids (',
  code('base1-4'),
  '), nicknames (',
  code('moonbreon'),
  '), rarity words (',
  code('sir'),
  ') and printing words (',
  code('charizard base set shadowless'),
  ', ',
  code('1st edition'),
  ', ',
  code('reverse holo'),
  ': each result then carries that ',
  code('printing'),
  ' with its own value) and art words (',
  code('umbreon alt art'),
  ', ',
  code('full art'),
  ', ',
  code('gold star'),
  '); each result has ',
  code('match'),
  ' (why it matched), and ',
  code('ignored'),
  ' lists words that named nothing (grades such as ',
  code('psa 10'),
  ')',
];

/** Suggestions as people type. */
const autocomplete = (): Item => [
  link(`${AUTOCOMPLETE_PATH}?q=char`, 'Suggestions as you type'),
  `: up to ${AUTOCOMPLETE_LIMIT} card names and sets that `,
  code('q'),
  ' starts (at least 2 characters; accents and punctuation ignored), most useful first, each with the ',
  code('value'),
  ' to search (the name, or ',
  code('set:<id>'),
  ') and the ',
  code('url'),
  ' to open',
];

/** A card's record, the look-ups by id and product, and the valuing of a list. */
const cardRecords = (): Item => [
  'A card’s detail, ',
  code('/api/cards/{slug}'),
  ': ',
  code('valueUsd'),
  ' is the value of its primary printing (the product the card id stands for, named by ',
  code('valuePrinting'),
  '); ',
  code('printings'),
  ' gives every printing its own value (Shadowless, 1st Edition, reverse holo, stamped promos…), most valuable first. Every value carries ',
  code('confidence'),
  ': a tier (high, medium, low) and what it comes from, the spread from the lowest listing, the priced days and volatility of the last 30 days, and how old the price is. ',
  link('/api/cards?tcgplayer=106999', 'Look cards up by TCGplayer product id'),
  ` (up to ${LOOKUP_MAX_IDS}, comma-separated): each result carries the `,
  code('printing'),
  ' of that product. ',
  link('/api/cards?ids=base1-4,swsh7-215', 'Many cards in one request'),
  ` by id or slug (up to ${LOOKUP_MAX_IDS}; sealed products the same way, by product id or slug, on `,
  code('/api/sealed?ids='),
  '). ',
  link('/api/collection?list=2x%20charizard%204%2F102%0Amoonbreon%20psa%2010', 'What a collection is worth'),
  `: a list as people write it (quantities, names, numbers, grades, sealed products; POST up to ${countText(COLLECTION_LIMITS.lines)} lines as text or CSV), valued line by line with a total; `,
  code('Accept: text/markdown'),
  ' gives a table with its token count; ',
  code('asOf=YYYY-MM-DD'),
  ' values it at each line’s price on that day, and ',
  code('series=30d|90d|1y|2y'),
  ' adds its total by day. Every card, printing and product also carries ',
  code('change'),
  ': its move over 7, 30, 90 and 365 days, or why there is none',
];

/** Searching sealed products. */
const sealedSearch = (): Item => [
  link('/api/sealed?q=booster+box', 'Search sealed products'),
  ': ',
  code('q'),
  ', ',
  code('limit'),
  ', ',
  code('offset'),
  ', ',
  code('kind'),
  ', ',
  code('sort'),
  '; product words such as ',
  code('etb'),
  ', ',
  code('bb'),
  ', ',
  code('upc'),
  ' are understood',
];

/** The knowledge articles. */
const knowledge = (): Item => [link('/api/knowledge', 'All knowledge articles'), ', or filtered with ', code('q'), ' and ', code('tag')];

/** The sets, as pages, Markdown and JSON. */
const sets = (): Item => [
  link('/sets.md', 'Every set'),
  ' by language (English, then Japanese) and series, newest first, with card counts and total values (the sum of the priced cards’ values); each set’s cards by value at ',
  code('/sets/{setId}'),
  ' (or ',
  code('/sets/{setId}.md'),
  '); as JSON at ',
  link('/api/sets', '/api/sets'),
  ' and ',
  code('/api/sets/{setId}'),
];

/** The field filters of q. */
const fieldFilters = (): Item => [
  link(SEARCH_HELP_PAGE, 'Field filters in q'),
  ` (cards and sealed): ${Object.keys(FILTER_FIELDS.cards).join(', ')}; sealed: ${Object.keys(FILTER_FIELDS.sealed).join(', ')}. `,
  'Terms are ANDed, ',
  code('-'),
  ' negates a term or word, quote values with spaces, numbers compare with ',
  code('< <= > >='),
  '. Examples: ',
  ...SEARCH_HELP_EXAMPLES.slice(0, 3).flatMap(([q], i) => [...(i > 0 ? [', '] : []), code(q)]),
  '. A term that names nothing is a 400 problem naming the ',
  code('term'),
  ', its ',
  code('position'),
  ' and what is ',
  code('allowed'),
];

/** The content summary. */
const contentSummary = (): Item => [link('/api/content', 'Content summary'), ': totals, median value, price date'];

/** The change feed. */
const changes = (): Item => [
  link('/api/changes', 'Catalogue changes'),
  ': each import of prices, newest first, with what it added, removed and repriced (',
  link('/changes.md', 'as Markdown'),
  '); a card’s ',
  code('changes'),
  ' lists the imports that changed it',
];

/** The catalogues of filter values. */
const catalogues = (): Item => [
  link(catalogUrl(), 'Catalogues of filter values'),
  ': every value the search filters accept, with how many items hold it: ',
  ...CATALOG_NAMES.flatMap((name, i) => [...(i > 0 ? [', '] : []), link(catalogUrl(name), name)]),
  ' (as Markdown: ',
  link(catalogMarkdownUrl(), catalogMarkdownUrl()),
  ', ',
  code('/catalog/{name}.md'),
  ')',
];

/** The price movers. */
const movers = (): Item => [
  link(MOVERS_MARKDOWN_URL, 'Price movers'),
  `: the biggest rises and falls of cards and sealed products over ${MOVERS_WINDOWS.map((w) => w.days).join(' and ')} days, with the rules that ranked them (JSON with the daily prices: `,
  link(MOVERS_URL, MOVERS_URL),
  ')',
];

/** The price feeds a reader can follow. */
const feeds = (): Item => [
  code('/feeds/cards/{slug}.json'),
  ', ',
  code('/feeds/sets/{setId}.json'),
  ', ',
  code('/feeds/sealed/{slug}.json'),
  ' and ',
  code('/feeds/collection.json?list=…'),
  ` (each also as .atom): JSON Feed and Atom, an item each time a value moves past `,
  code('threshold'),
  ` percent (default ${DEFAULT_ALERT_THRESHOLD}) over `,
  code('window'),
  ` (${Object.keys(ALERT_WINDOWS).join(', ')}; default ${DEFAULT_ALERT_WINDOW}), newest first, at most ${MAX_ALERT_ITEMS}`,
];

/** The bulk files. */
const bulk = (): Item => [
  link('/api/bulk/manifest.json', 'Bulk data manifest'),
  ': the bulk files with record counts, sizes and SHA-256; re-download a file when its hash changes. ',
  'One detail record per line, the same JSON as the detail endpoints: ',
  link('/api/bulk/cards.ndjson', 'cards'),
  ', ',
  link('/api/bulk/sealed.ndjson', 'sealed products'),
  ', ',
  link('/api/bulk/knowledge.ndjson', 'articles'),
  ' (NDJSON; each also as ',
  code('.ndjson.gz'),
  '), and ',
  link('/api/bulk/cards.csv', 'card summaries as CSV'),
  ', ',
  link('/api/bulk/printings.csv', 'every printing as CSV'),
  ' and ',
  link('/api/bulk/crosswalk.csv', 'each card’s TCGdex id and TCGplayer and Cardmarket products'),
  '. The prices are TCGplayer’s and PriceCharting’s, whose terms apply to reuse',
];

/** This API's OpenAPI description. */
const openapi = (): Item => [link('/openapi.json', 'OpenAPI 3.1 description')];

/** The MCP endpoint: its tools, resources, what they cost and a client's config. */
function mcpSection(): RootContent[] {
  return [
    heading(2, 'MCP'),
    paragraph(
      code('POST /mcp'),
      ': a Model Context Protocol server (Streamable HTTP, stateless). Tools, the API’s reads (JSON as structuredContent, Markdown as text): ',
      ...toolSpecsOf([]).flatMap(({ name }, i) => [...(i > 0 ? [', '] : []), code(name)]),
      '. Resources: the Markdown of a card, product, set or article as ',
      code(`${RESOURCE_SCHEME}/cards/{slug}.md`),
      ' (likewise /sealed/, /sets/, /knowledge/), and ',
      code(`${RESOURCE_SCHEME}/llms.txt`),
      `. Each tool call or resource read counts as one search against the rate limit (value_collection: one per ${LIST_LINES_PER_POINT} lines). Client config: `,
      code('{"mcpServers": {"card-values": {"type": "http", "url": "https://<this host>/mcp"}}}'),
    ),
  ];
}

/** The knowledge articles, a section for each category that has any. */
function knowledgeSections(articles: KnowledgeDetail[]): RootContent[] {
  return KNOWLEDGE_CATEGORIES.flatMap((category) => {
    const inCategory = articles.filter((a) => a.category === category.id);
    return inCategory.length === 0 ? [] : [heading(2, category.title), list(inCategory.map((a) => [link(`/knowledge/${a.id}.md`, a.question)]))];
  });
}
