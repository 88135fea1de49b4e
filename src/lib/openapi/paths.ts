import { apiPath, filePath, markdownPath, pagePath } from './operations.ts';
import { band, catalogueQ, KNOWLEDGE_FILTERS, kind, PAGING, type ParameterKey } from './parameters.ts';

/**
 * Every path of the contract's path table (shared/spec/API.md, "Paths at a glance").
 */
export const TAGS = [
  { name: 'Cards', description: 'Card values: search, one card as JSON, its page and its Markdown.' },
  { name: 'Sealed products', description: 'Booster boxes, packs, Elite Trainer Boxes and other sealed products: search, detail, page, Markdown.' },
  { name: 'Knowledge', description: 'Answers about how card values work: the article list, each article as JSON, page and Markdown.' },
  { name: 'Site', description: 'What describes the whole site: the content summary, the index for agents, this description.' },
];

interface Collection {
  path: 'cards' | 'sealed' | 'knowledge';
  tag: string;
  /** The record's name in operationIds and summaries. */
  noun: string;
  schema: string;
  slug: ParameterKey;
}

const COLLECTIONS: Collection[] = [
  { path: 'cards', tag: 'Cards', noun: 'Card', schema: 'CardDetail', slug: 'CardSlug' },
  { path: 'sealed', tag: 'Sealed products', noun: 'SealedProduct', schema: 'SealedDetail', slug: 'SealedSlug' },
  { path: 'knowledge', tag: 'Knowledge', noun: 'Article', schema: 'KnowledgeDetail', slug: 'ArticleSlug' },
];

const words = (noun: string) => noun.replace(/(?<=.)([A-Z])/g, ' $1').toLowerCase();

/** The three paths of each record: its JSON, its negotiated page, its Markdown file. */
function recordPaths({ path, tag, noun, schema, slug }: Collection): Record<string, unknown> {
  const one = `One ${words(noun)}`;
  return {
    [`/api/${path}/{slug}`]: apiPath({ base: noun, tag, summary: one, schema, slug, description: `${one} as JSON: a prebuilt file.` }),
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
      base: `${noun}Markdown`,
      tag,
      slug,
      summary: `${one} as Markdown`,
      description: 'The Markdown representation of the page as a prebuilt file (the same bytes, token count and ETag), linking to the page as canonical.',
    }),
  };
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
      query: [catalogueQ('name, set name, types and rarity'), band(), ...PAGING],
      description: 'Cards matching q, optionally in one value band, one page at a time. `total` counts every match, `count` the results sent.',
    }),
    ...cards,
    '/api/sealed': apiPath({
      base: 'SealedSearch',
      tag: 'Sealed products',
      summary: 'Search sealed products',
      schema: 'SealedSearch',
      limited: 'always',
      query: [catalogueQ('product name, set, product kind and group name'), kind(kinds), ...PAGING],
      description: 'Sealed products matching q, optionally of one kind, one page at a time. `total` counts every match, `count` the results sent.',
    }),
    ...sealed,
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
    '/api/content': apiPath({
      base: 'ContentSummary',
      tag: 'Site',
      summary: 'Content summary',
      schema: 'ContentSummary',
      description: 'Totals, counts per value band and price status, the median card value and `pricesAsOf`, the date of the newest price: a prebuilt file.',
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
  };
}
