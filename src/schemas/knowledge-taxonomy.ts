/**
 * The controlled vocabulary of the knowledge base: its categories, in the order
 * `/api/knowledge` lists them, and the facet tags an article may carry. The Zod
 * schema of articles and the `tag` parameter of `/api/knowledge` both read these
 * lists, so a tag exists exactly when it is named here.
 */
export const KNOWLEDGE_CATEGORIES = [
  { id: 'how-values-work', title: 'How our values are computed' },
  { id: 'value-bands', title: 'Value bands and what drives them' },
  { id: 'grading', title: 'Grading and condition' },
  { id: 'sealed', title: 'Sealed products and per-pack value' },
  { id: 'vintage-modern', title: 'Vintage and modern cards' },
  { id: 'market', title: 'Market behaviour and price history' },
  { id: 'fakes-misprints', title: 'Fakes, misprints and variants' },
  { id: 'using-the-api', title: 'Using this API and its Markdown' },
] as const;

export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number]['id'];
export const KNOWLEDGE_CATEGORY_IDS = KNOWLEDGE_CATEGORIES.map((c) => c.id) as [KnowledgeCategory, ...KnowledgeCategory[]];

export const FACILITY_TAGS = [
  'valuation',
  'methodology',
  'market-price',
  'tcgplayer',
  'pricecharting',
  'freshness',
  'stale-prices',
  'value-bands',
  'grail',
  'chase',
  'mid',
  'budget',
  'grading',
  'psa',
  'psa-10',
  'condition',
  'raw',
  'sealed',
  'booster-box',
  'booster-pack',
  'etb',
  'booster-bundle',
  'per-pack',
  'tins-and-collections',
  'vintage',
  'modern',
  'japanese',
  'wotc',
  'base-set',
  '1st-edition',
  'shadowless',
  'variants',
  'reverse-holo',
  'rarity',
  'history',
  'trends',
  'volatility',
  'spread',
  'fakes',
  'misprints',
  'authentication',
  'api',
  'markdown',
  'agents',
  'search',
  'tokens',
] as const;

export type FacilityTag = (typeof FACILITY_TAGS)[number];
