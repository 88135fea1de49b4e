import { MOVERS_FLOOR_USD, MOVERS_LIMIT, MOVERS_WINDOWS } from '../../catalogue/movers.ts';
import { ALERT_WINDOWS, DEFAULT_ALERT_THRESHOLD, DEFAULT_ALERT_WINDOW, MAX_ALERT_ITEMS, MAX_ALERT_THRESHOLD } from '../../catalogue/price-alerts.ts';
import { CHANGE_WINDOW_DAYS } from '../../catalogue/price-change.ts';
import { COLLECTION_LIMITS, countText, LIST_LINES_PER_POINT, MCP_BATCH_MAX } from '../../http/limits.ts';
import { CATALOG_NAMES } from '../../http/links.ts';
import { AUTOCOMPLETE_PATH } from '../../http/routes.ts';
import { AUTOCOMPLETE_LIMIT } from '../../search/autocomplete.ts';
import { MCP_BATCHING_VERSION, MCP_INSTRUCTIONS, MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO, RESOURCE_SCHEME } from '../mcp/protocol.ts';
import { apiFilePath, apiPath, collectionPath, feedPath, filePath, markdownPath, mcpPath, pagePath } from './operations.ts';
import { AUTOCOMPLETE_QUERY, CARD_SEARCH_QUERY, COLLECTION_PARAMETERS, KNOWLEDGE_FILTERS, type ParameterKey, sealedSearchQuery } from './parameters.ts';
import { ref } from './schema-components.ts';

/**
 * Every path of the contract's path table (shared/spec/API.md, "Paths at a glance").
 */
export const TAGS = [
  { name: 'Cards', description: 'Card values: search, one card as JSON, its page and its Markdown.' },
  { name: 'Sealed products', description: 'Booster boxes, packs, Elite Trainer Boxes and other sealed products: search, detail, page, Markdown.' },
  { name: 'Collections', description: 'What a list of cards and sealed products is worth: pasted or uploaded, valued line by line, as JSON, Markdown or CSV.' },
  { name: 'Knowledge', description: 'Answers about how card values work: the article list, each article as JSON, page and Markdown.' },
  {
    name: 'Sets',
    description:
      'Card sets: every set by language and series with its card count and total value (the sum of its priced cards’ values), and each set’s cards by value; as JSON, page and Markdown.',
  },
  {
    name: 'Agents',
    description: 'The Model Context Protocol endpoint: the API as read-only tools and resources for AI agents, over Streamable HTTP.',
  },
  { name: 'Site', description: 'What describes the whole site: the content summary, the index for agents, this description.' },
  {
    name: 'Changes',
    description: 'What each import of prices changed: items added and removed, values repriced, value bands and price statuses changed; as JSON and Markdown.',
  },
  {
    name: 'Catalogues',
    description:
      'What the search filters accept: for each filter (sets, types, subtypes, rarities, artists, printings, sealed kinds, value bands, knowledge tags) every value as the filter takes it, with how many items hold it; as JSON and Markdown.',
  },
  {
    name: 'Movers',
    description:
      'The cards and sealed products whose market price rose or fell the most over 7 and 30 days, made from the daily histories at build time, with the rules that ranked them; as JSON and Markdown.',
  },
  {
    name: 'Feeds',
    description:
      'Price alerts without an account: for a card or a set, each day its market price moved past a threshold over a window, as JSON Feed 1.1 and Atom, for feed readers.',
  },
  {
    name: 'Bulk data',
    description:
      'Every record in one download: NDJSON of the detail records (also gzipped), the card summaries as CSV, and a manifest with counts, sizes and SHA-256 hashes that says when to download again.',
  },
];

interface Collection {
  path: 'cards' | 'sealed' | 'knowledge';
  tag: string;
  /** The record's name in operationIds and summaries. */
  noun: string;
  schema: string;
  slug: ParameterKey;
  /** What the JSON detail says beyond its schema, for the operation's description. */
  about?: string;
}

const COLLECTIONS: Collection[] = [
  {
    path: 'cards',
    tag: 'Cards',
    noun: 'Card',
    schema: 'CardDetail',
    slug: 'CardSlug',
    about:
      '`valueUsd`, `market`, `variants` and `history` are those of the primary printing (the product the card id stands for; `valuePrinting` names it); `printings` lists every printing (Shadowless, 1st Edition, reverse holo, stamped promos…) with its own value, most valuable first.',
  },
  { path: 'sealed', tag: 'Sealed products', noun: 'SealedProduct', schema: 'SealedDetail', slug: 'SealedSlug' },
  { path: 'knowledge', tag: 'Knowledge', noun: 'Article', schema: 'KnowledgeDetail', slug: 'ArticleSlug' },
];

const words = (noun: string) => noun.replace(/(?<=.)([A-Z])/g, ' $1').toLowerCase();

/** The three paths of each record: its JSON, its negotiated page, its Markdown file. */
function recordPaths({ path, tag, noun, schema, slug, about }: Collection): Record<string, unknown> {
  const one = `One ${words(noun)}`;
  return {
    [`/api/${path}/{slug}`]: apiPath({
      base: noun,
      tag,
      summary: one,
      schema,
      slug,
      description: `${one} as JSON: a prebuilt file.${about ? ` ${about}` : ''}`,
    }),
    [`/${path}/{slug}`]: pagePath({
      base: `${noun}Page`,
      tag,
      schema,
      slug,
      summary: `${one} (page, Markdown or JSON)`,
      description:
        'The detail page, negotiated by the Accept header (RFC 9110 §12.5.1: q-values, `q=0` exclusions, specificity). ' +
        'The highest weight wins; on a tie HTML wins unless the other type was named, so browsers, `*/*` and no Accept get HTML, ' +
        '`text/markdown, text/html` gets Markdown and `application/json` the JSON of the matching /api/ path. ' +
        'An Accept that allows none of the three gets 406. Answered by the function, so rate limited.',
    }),
    [`/${path}/{slug}.md`]: markdownPath({
      twinOf: 'page',
      base: `${noun}Markdown`,
      tag,
      parameter: slug,
      summary: `${one} as Markdown`,
      description: 'The Markdown representation of the page as a prebuilt file (the same bytes, token count and ETag), linking to the page as canonical.',
    }),
  };
}

const NEGOTIATED =
  'Negotiated by the Accept header as the detail pages are (RFC 9110 §12.5.1: q-values, `q=0` exclusions, specificity): ' +
  'on a tie HTML wins unless the other type was named; `application/json` gets the JSON of the matching /api/ path, and an Accept that allows none of the three gets 406. ' +
  'Answered by the function, so rate limited.';

/** The sets (src/catalogue/set-record.ts): the list by language and series and each set, each as JSON, negotiated page and Markdown file. */
function setPaths(): Record<string, unknown> {
  const tag = 'Sets';
  return {
    '/api/sets': apiPath({
      base: 'SetList',
      tag,
      summary: 'Every set, by language and series',
      schema: 'SetList',
      description:
        'Every set grouped by language (English, then Japanese; `languages` counts each) and inside a language by series, the newest series first and inside each the newest set first, ' +
        'a series printed in both languages being a group in each (`series[].language`), with its card count, priced cards, ' +
        'total value (the sum of the valueUsd of its priced cards) and most valuable card: a prebuilt file (also /api/sets.json).',
    }),
    '/api/sets/{setId}': apiPath({
      base: 'Set',
      tag,
      summary: 'One set',
      schema: 'SetDetail',
      slug: 'SetId',
      description:
        'One set with its figures and every card of it, most valuable first and unpriced last; the 10 most valuable carry their daily prices. ' +
        'A prebuilt file (also /api/sets/{setId}.json).',
    }),
    '/sets': pagePath({
      base: 'SetListPage',
      tag,
      schema: 'SetList',
      summary: 'Every set (page, Markdown or JSON)',
      description: `The set list. ${NEGOTIATED}`,
    }),
    '/sets/{setId}': pagePath({
      base: 'SetPage',
      tag,
      schema: 'SetDetail',
      slug: 'SetId',
      summary: 'One set (page, Markdown or JSON)',
      description: `A set’s page. ${NEGOTIATED}`,
    }),
    '/sets.md': markdownPath({
      twinOf: 'page',
      base: 'SetListMarkdown',
      tag,
      summary: 'Every set as Markdown',
      description: 'The Markdown representation of /sets as a prebuilt file (the same bytes, token count and ETag), linking to the page as canonical.',
    }),
    '/sets/{setId}.md': markdownPath({
      twinOf: 'page',
      base: 'SetMarkdown',
      tag,
      parameter: 'SetId',
      summary: 'One set as Markdown',
      description: 'The Markdown representation of the set’s page as a prebuilt file (the same bytes, token count and ETag), linking to the page as canonical.',
    }),
  };
}

/** The change feed (content/changes/): the list of imports and each import's record, each with its Markdown twin. */
function changePaths(): Record<string, unknown> {
  const tag = 'Changes';
  return {
    '/api/changes': apiPath({
      base: 'ChangeList',
      tag,
      summary: 'Imports that changed the catalogue',
      schema: 'ChangeList',
      description:
        'Every import that changed the catalogue, newest first, with counts of what it changed and the URL of its record: a prebuilt file (also /api/changes.json). Empty until an import changes something.',
    }),
    '/api/changes/{date}': apiPath({
      base: 'ChangeRecord',
      tag,
      summary: 'What one import changed',
      schema: 'ChangeRecord',
      slug: 'ChangeDate',
      description:
        'The change record of the import of that date: cards and sealed products added, removed, repriced (value moved by more than `repriceThreshold`), moved to another value band or price status. A prebuilt file (also /api/changes/{date}.json).',
    }),
    '/changes.md': markdownPath({
      twinOf: 'json',
      base: 'ChangeListMarkdown',
      tag,
      summary: 'Imports that changed the catalogue, as Markdown',
      description: 'The Markdown twin of /api/changes as a prebuilt file, linking its JSON.',
    }),
    '/changes/{date}.md': markdownPath({
      twinOf: 'json',
      base: 'ChangeRecordMarkdown',
      tag,
      summary: 'What one import changed, as Markdown',
      parameter: 'ChangeDate',
      description: 'The Markdown twin of /api/changes/{date} as a prebuilt file, linking its JSON.',
    }),
  };
}

/** The name of a catalogue of filter values, in `/api/catalog/{name}` and `/catalog/{name}.md`. */
const CATALOG_NAME = {
  name: 'name',
  in: 'path',
  required: true,
  description: 'Which catalogue, as in the `name` of the catalogues of /api/catalog.',
  schema: { type: 'string', enum: [...CATALOG_NAMES] },
  example: 'rarities',
};

/** The catalogues of filter values (src/catalogue/filter-values.ts): their index and each catalogue, each with its Markdown twin. */
function catalogPaths(): Record<string, unknown> {
  const tag = 'Catalogues';
  return {
    '/api/catalog': apiPath({
      base: 'CatalogIndex',
      tag,
      summary: 'Every catalogue of filter values',
      schema: 'CatalogIndex',
      description:
        'The catalogues of what the search filters accept, each with its number of values, its URL and its Markdown twin: a prebuilt file (also /api/catalog.json).',
    }),
    '/api/catalog/{name}': apiPath({
      base: 'Catalog',
      tag,
      summary: 'The values one filter accepts',
      schema: 'Catalog',
      slug: CATALOG_NAME,
      description:
        'Every value the filter accepts, as it takes it (an id, or a lower-case name), with a label where people write it otherwise and how many cards (sealed products, articles) hold it; ' +
        'the most held first, then by value; `usage` gives the URL templates the values go in. Sets also carry their series, release year, PTCGO code and sealed product count. ' +
        'A prebuilt file (also /api/catalog/{name}.json).',
    }),
    '/catalog.md': markdownPath({
      twinOf: 'json',
      base: 'CatalogIndexMarkdown',
      tag,
      summary: 'Every catalogue of filter values, as Markdown',
      description: 'The Markdown twin of /api/catalog as a prebuilt file, linking its JSON.',
    }),
    '/catalog/{name}.md': markdownPath({
      twinOf: 'json',
      base: 'CatalogMarkdown',
      tag,
      summary: 'The values one filter accepts, as Markdown',
      parameter: CATALOG_NAME,
      description: 'The Markdown twin of /api/catalog/{name} as a prebuilt file (a table of the values and their counts), linking its JSON.',
    }),
  };
}

/** The price movers (src/catalogue/movers.ts) and their Markdown twin; the page for people is /movers. */
function moversPaths(): Record<string, unknown> {
  const tag = 'Movers';
  return {
    '/api/movers': apiPath({
      base: 'Movers',
      tag,
      summary: 'The biggest price rises and falls',
      schema: 'Movers',
      description:
        `The ${MOVERS_LIMIT} biggest rises and falls of cards and of sealed products over the ${MOVERS_WINDOWS.map((w) => w.days).join(' and ')} days to \`pricesAsOf\`, ` +
        'each with its first and last known price in the window, the change, its known days, its page and the daily prices. ' +
        `Ranked only: items worth at least \`floorUsd\` ($${MOVERS_FLOOR_USD}) at one end of the window, with a known price on at least \`minKnownDays\` of its days ` +
        `(${MOVERS_WINDOWS.map((w) => `${w.minKnownDays} of ${w.days}`).join(', ')}). A card's value is its primary printing's. ` +
        'Made from the daily histories at build time: a prebuilt file (also /api/movers.json); the page for people is /movers.',
    }),
    '/movers.md': markdownPath({
      twinOf: 'json',
      base: 'MoversMarkdown',
      tag,
      summary: 'The biggest price rises and falls, as Markdown',
      description: 'The Markdown twin of /api/movers as a prebuilt file (a table per window, kind and direction, with the rules), linking its JSON.',
    }),
  };
}

/** The price feeds (src/server/feed-endpoint.ts), of a card and of a set, each as JSON Feed and Atom. */
function feedPaths(): Record<string, unknown> {
  const query = [
    {
      name: 'threshold',
      in: 'query',
      description: `The move, in percent up or down, an item needs (default ${DEFAULT_ALERT_THRESHOLD}).`,
      schema: { type: 'number', exclusiveMinimum: 0, maximum: MAX_ALERT_THRESHOLD, default: DEFAULT_ALERT_THRESHOLD },
    },
    {
      name: 'window',
      in: 'query',
      description: `The window the move is measured over (default ${DEFAULT_ALERT_WINDOW}).`,
      schema: { type: 'string', enum: Object.keys(ALERT_WINDOWS), default: DEFAULT_ALERT_WINDOW },
    },
  ];
  const about =
    'An item is a crossing: a day on which the change of the card’s value printing over the window ending that day (as its `change` field) is at least `threshold` up or down, ' +
    `after a day on which it was not; newest first, at most ${MAX_ALERT_ITEMS}. Item ids are stable name-based UUID URNs of the card, window, direction and day; URLs are root-relative. ` +
    'Answered by the function; it costs one rate-limit point like a search, and its answer carries no RateLimit headers so that a shared cache may keep it (readers poll).';
  const formats = [
    { ext: 'json', name: 'Json', words: 'JSON Feed 1.1', mediaType: 'application/feed+json', schema: ref('schemas', 'PriceFeed') },
    {
      ext: 'atom',
      name: 'Atom',
      words: 'Atom (RFC 4287)',
      mediaType: 'application/atom+xml',
      schema: { type: 'string', description: 'An Atom feed document.' },
    },
  ];
  const paths: Record<string, unknown> = {};
  for (const { ext, name, words, mediaType, schema } of formats) {
    paths[`/feeds/cards/{slug}.${ext}`] = feedPath({
      base: `CardFeed${name}`,
      tag: 'Feeds',
      summary: `A card's price alerts as ${words}`,
      description: `${about} The card's title, its moves and its page.`,
      slug: 'CardSlug',
      query,
      mediaType,
      schema,
    });
    paths[`/feeds/sets/{setId}.${ext}`] = feedPath({
      base: `SetFeed${name}`,
      tag: 'Feeds',
      summary: `A set's price alerts as ${words}`,
      description: `${about} Every card of the set, merged.`,
      slug: 'SetId',
      query,
      mediaType,
      schema,
    });
    paths[`/feeds/sealed/{slug}.${ext}`] = feedPath({
      base: `SealedFeed${name}`,
      tag: 'Feeds',
      summary: `A sealed product's price alerts as ${words}`,
      description: `${about} The product's title, its moves and its page.`,
      slug: 'SealedSlug',
      query,
      mediaType,
      schema,
    });
    paths[`/feeds/collection.${ext}`] = feedPath({
      base: `CollectionFeed${name}`,
      tag: 'Feeds',
      summary: `A list's price alerts as ${words}`,
      description:
        `${about.replace('it costs one rate-limit point like a search', `it costs what the list costs (one point per ${LIST_LINES_PER_POINT} lines)`)} ` +
        'The cards and sealed products the lines are matched to, as /api/collection matches them, a card of the printing its line names or of its value printing; ambiguous lines have no alerts.',
      query: [COLLECTION_PARAMETERS[0], ...query],
      mediaType,
      schema,
    });
  }
  return paths;
}

/** The bulk files (src/pipeline/bulk-files.ts): their manifest, each collection's NDJSON and its gzip, and the cards' CSV. */
function bulkPaths(): Record<string, unknown> {
  const tag = 'Bulk data';
  const paths: Record<string, unknown> = {
    '/api/bulk/manifest.json': apiPath({
      base: 'BulkManifest',
      tag,
      summary: 'Bulk data manifest',
      schema: 'BulkManifest',
      description:
        'Every bulk file with its path, media type, record count, size and SHA-256 (hex), the interface version and `pricesAsOf`. ' +
        'It changes only when a file changes: poll it (If-None-Match) and download again only the files whose hash differs. Also served as /api/bulk/manifest.',
    }),
  };
  for (const { path, noun, schema } of COLLECTIONS) {
    const what = words(noun);
    paths[`/api/bulk/${path}.ndjson`] = apiFilePath({
      base: `Bulk${noun}Ndjson`,
      tag,
      summary: `Every ${what} as NDJSON`,
      mediaType: 'application/x-ndjson',
      schema: { type: 'string', description: `Newline-delimited JSON: each line a ${schema}.` },
      description:
        `Every ${what} in one prebuilt file, in slug order: one line per record, each the same JSON (byte for byte) as /api/${path}/{slug} ` +
        `and valid against the ${schema} schema; every line ends in a newline (LF).`,
    });
    paths[`/api/bulk/${path}.ndjson.gz`] = apiFilePath({
      base: `Bulk${noun}NdjsonGzip`,
      tag,
      summary: `Every ${what} as gzipped NDJSON`,
      mediaType: 'application/gzip',
      schema: { type: 'string', description: `gzip of /api/bulk/${path}.ndjson (each line a ${schema}).` },
      description: `/api/bulk/${path}.ndjson compressed with gzip and served as a file of type application/gzip (not as a Content-Encoding): it inflates to that file byte for byte.`,
    });
  }
  // A record's change, a column per window and figure (src/render/csv.ts flattens it so): change7dFromUsd, change7dFromDate …
  const changeColumns = CHANGE_WINDOW_DAYS.flatMap((days) => ['FromUsd', 'FromDate', 'Usd', 'Pct', 'Reason'].map((figure) => `change${days}d${figure}`)).join(
    ', ',
  );
  const changeWords = 'the change over each window (changeNdFromUsd, changeNdFromDate, changeNdUsd, changeNdPct, changeNdReason for N days) last';
  paths['/api/bulk/printings.csv'] = apiFilePath({
    base: 'BulkPrintingsCsv',
    tag,
    summary: 'Every printing of every card as CSV',
    mediaType: 'text/csv',
    schema: {
      type: 'string',
      description:
        'RFC 4180 CSV in UTF-8 (charset utf-8): a header row, then one row per printing: cardId, then the fields of Printing in its order ' +
        `(id, label, variant, printing, primary, productId, valueUsd, priceStatus, lowPrice, midPrice, highPrice, marketPrice, directLowPrice, updatedAt, source, marketUrl, ${changeColumns}), ` +
        `without the history, ${changeWords}; CRLF line ends; quoting as in /api/bulk/cards.csv; null is an empty field.`,
    },
    description:
      'Every printing (one TCGplayer product in one variant) with its own prices: a prebuilt file, cards in the order of /api/bulk/cards.ndjson, each card’s printings most valuable first.',
  });
  paths['/api/bulk/crosswalk.csv'] = apiFilePath({
    base: 'BulkCrosswalkCsv',
    tag,
    summary: 'Every card id with its TCGdex id and marketplace products, as CSV',
    mediaType: 'text/csv',
    schema: {
      type: 'string',
      description:
        'RFC 4180 CSV in UTF-8 (charset utf-8): a header row, then one row per card: id (the Pokémon TCG API’s), tcgdexId, tcgplayerProductIds, ' +
        'cardmarketProductIds; the product ids ascending and joined with `|`; an id or list not known is an empty field; CRLF line ends.',
    },
    description:
      'The id crosswalk, cards in the order of /api/bulk/cards.ndjson: a client that stores Pokémon TCG API ids finds each card’s TCGdex id (recorded by the ' +
      'catalogue sync, or derived by the stated rule for the Scarlet & Violet and Mega Evolution series) and the TCGplayer and Cardmarket products tied to it.',
  });
  paths['/api/bulk/cards.csv'] = apiFilePath({
    base: 'BulkCardsCsv',
    tag,
    summary: 'Every card summary as CSV',
    mediaType: 'text/csv',
    schema: {
      type: 'string',
      description:
        'RFC 4180 CSV in UTF-8 (charset utf-8): a header row, then one row per card with the card summary fields in the order of CardFields ' +
        `(id, name, exactName, slug, setName, valueUsd, priceStatus, valueBand, rarity, types, language, nameJa, imageSmall, ${changeColumns}), ${changeWords}; CRLF line ends; ` +
        'fields holding a comma, double quote, CR or LF are quoted with their quotes doubled; null is an empty field; `types` is joined with `|`.',
    },
    description: 'The cards summary fields for spreadsheets: a prebuilt file, in the same order as /api/bulk/cards.ndjson.',
  });
  return paths;
}

/**
 * @example Object.keys(pathsOf(['etb'])).includes('/cards/{slug}.md') // true
 */
export function pathsOf(kinds: string[]): Record<string, unknown> {
  const [cards, sealed, knowledge] = COLLECTIONS.map(recordPaths);
  return {
    '/api/cards': apiPath({
      base: 'CardSearch',
      tag: 'Cards',
      summary: 'Search cards',
      schema: 'CardSearch',
      limited: 'always',
      query: CARD_SEARCH_QUERY,
      description:
        'Cards matching q, optionally in one value band, one page at a time. `total` counts every match, `count` the results sent. ' +
        'With ids: those cards instead, in the order asked. With tcgplayer: the cards that hold those TCGplayer products, with the printing of each.',
    }),
    [AUTOCOMPLETE_PATH]: apiPath({
      base: 'CardAutocomplete',
      tag: 'Cards',
      summary: 'Suggest card names and sets',
      schema: 'Autocomplete',
      limited: 'always',
      query: AUTOCOMPLETE_QUERY,
      description:
        `Up to ${AUTOCOMPLETE_LIMIT} distinct card names and sets (\`kind\`: \`card\` or \`set\`) that q starts, for suggestions as people type. ` +
        'Names and sets that q starts come first (the one q names whole before the others), then those where q starts a later word (`charizard` → Dark Charizard); ' +
        'in each tier the ones whose cards are worth most in total, then the most cards. ' +
        'Each suggestion says what to put in the search box (`value`: the name, or `set:<id>`) and the page to open (`url`: /search?q=<name> or /sets/<id>). ' +
        'Counts as one search against the rate limit.',
    }),
    ...cards,
    '/api/sealed': apiPath({
      base: 'SealedSearch',
      tag: 'Sealed products',
      summary: 'Search sealed products',
      schema: 'SealedSearch',
      limited: 'always',
      query: sealedSearchQuery(kinds),
      description:
        'Sealed products matching q, optionally of one kind, one page at a time. `total` counts every match, `count` the results sent. ' +
        'With ids: those products instead, in the order asked.',
    }),
    ...sealed,
    '/api/collection': collectionPath({
      base: 'Collection',
      tag: 'Collections',
      summary: 'Value a list',
      description:
        'A list valued line by line, as people write it: a quantity (2x, x2, a leading 2), then what the search reads (names, set aliases, numbers such as 4/102, ids, nicknames, printing and art words, sealed product names), and a grade (psa 10: the graded figure when the card has one). ' +
        'Each line is matched (beyond doubt: an id, a product id, a name with its number, or the only complete match), ambiguous (valued at the first candidate, with up to 3 alternatives), not found, or unpriced; ' +
        `the answer totals them. A bad line never fails the list. Counts one rate-limit point per ${LIST_LINES_PER_POINT} lines (Request-Cost).`,
      query: COLLECTION_PARAMETERS,
    }),
    '/api/knowledge': apiPath({
      base: 'KnowledgeList',
      tag: 'Knowledge',
      summary: 'Knowledge articles',
      schema: 'KnowledgeList',
      limited: 'when-filtered',
      query: KNOWLEDGE_FILTERS,
      description: 'Without parameters: every article in category order, a prebuilt file. With q or tag: the matching articles, answered by the function.',
    }),
    ...knowledge,
    ...setPaths(),
    '/api/content': apiPath({
      base: 'ContentSummary',
      tag: 'Site',
      summary: 'Content summary',
      schema: 'ContentSummary',
      description: 'Totals, counts per value band and price status, the median card value and `pricesAsOf`, the date of the newest price: a prebuilt file.',
    }),
    ...changePaths(),
    ...catalogPaths(),
    ...moversPaths(),
    ...feedPaths(),
    '/mcp': mcpPath({
      base: 'Mcp',
      tag: 'Agents',
      summary: 'Model Context Protocol (Streamable HTTP, stateless)',
      versions: MCP_PROTOCOL_VERSIONS,
      description:
        `An MCP server for agents: point a client at this URL as a Streamable HTTP server (protocol versions ${MCP_PROTOCOL_VERSIONS.join(', ')}). ` +
        'Stateless: every POST is answered on its own as JSON, with no Mcp-Session-Id and no event stream (GET and DELETE get 405). ' +
        'Tools, all read-only, each one of the reads of this API with its query parameters as arguments: search_cards, get_card, search_sealed, get_sealed_product, ' +
        'value_collection, search_knowledge, get_article, list_sets, get_set; each answers the JSON of the HTTP API as `structuredContent` and its Markdown twin as text. ' +
        `Resources: ${RESOURCE_SCHEME}/llms.txt, ${RESOURCE_SCHEME}/sets.md and every knowledge article (${RESOURCE_SCHEME}/knowledge/{id}.md), ` +
        `and by template any card, sealed product or set (${RESOURCE_SCHEME}/cards/{slug}.md, /sealed/{slug}.md, /sets/{slug}.md). ` +
        `Each tool call and resource read counts like one search against the rate limit (value_collection: one point per ${LIST_LINES_PER_POINT} lines); ` +
        'initialize, the lists and ping are not counted, and verified agents (Web Bot Auth) never are. ' +
        `A JSON-RPC batch is taken only under ${MCP_BATCHING_VERSION} (or without MCP-Protocol-Version): at most ${MCP_BATCH_MAX} messages, whose lists together hold at most ${countText(COLLECTION_LIMITS.lines)} lines. ` +
        'A function listening on a loopback address with no proxy in front (TRUST_PROXY=0) answers only a loopback Host and Origin (403 otherwise), against DNS rebinding; ' +
        'on a public address there is no such rule: the data is public and read-only, with no credentials, cookies or local resources to protect.',
      examples: {
        initialize: {
          summary: 'The answer to initialize',
          value: {
            jsonrpc: '2.0',
            id: 1,
            result: {
              protocolVersion: MCP_PROTOCOL_VERSIONS[0],
              capabilities: { tools: {}, resources: {} },
              serverInfo: MCP_SERVER_INFO,
              instructions: MCP_INSTRUCTIONS,
            },
          },
        },
        badArgument: {
          summary: 'A tool’s answer to a bad argument: a result with isError, for the model to correct its call',
          value: {
            jsonrpc: '2.0',
            id: 4,
            result: {
              content: [{ type: 'text', text: 'No card has the slug "charizard-base1-999"; search_cards lists them. Allowed: a slug from search_cards.' }],
              isError: true,
            },
          },
        },
      },
    }),
    '/llms.txt': filePath({
      base: 'LlmsTxt',
      tag: 'Site',
      summary: 'Site index for agents',
      mediaType: 'text/plain',
      schema: { type: 'string', description: 'Markdown, served as text/plain (charset utf-8).' },
      description: 'The llms.txt index: what the site holds, the ways in (search, the Markdown twins, this description) and every knowledge article.',
    }),
    '/openapi.json': filePath({
      base: 'OpenApi',
      tag: 'Site',
      summary: 'This description',
      mediaType: 'application/json',
      schema: { type: 'object', description: 'An OpenAPI 3.1 document.' },
      description: 'This OpenAPI 3.1 document, generated at build time from the JSON Schemas the tests check real responses against.',
    }),
    ...bulkPaths(),
  };
}
