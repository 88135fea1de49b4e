/**
 * The API's records as TypeScript types, generated from schemas/api/*.json by `npm run types`: do not edit;
 * change the schema and run it again (CI runs `npm run types -- --check`). Names are the /openapi.json components.
 */

/**
 * One card: /api/cards/{slug}.
 */
export type CardDetail = CardFields & {
  subtypes: string[];
  /**
   * The priced variants of the card's primary product (the product the card id stands for); printings lists every product and variant.
   */
  variants: {
    /**
     * Printing, e.g. holofoil, reverseHolofoil, normal.
     */
    name: string;
    lowPrice: number | null;
    marketPrice: number | null;
    highPrice: number | null;
  }[];
  /**
   * Format name → legality label (`Legal`, `Banned`); empty where the source records none.
   */
  legalities: {
    [k: string]: string;
  };
  market: Market | null;
  graded?: {
    ungraded: number;
    psa10: number;
    /**
     * psa10 / ungraded.
     */
    psa10Multiplier: number;
    source: string;
    updatedAt: string;
  };
  history?: History;
  /**
   * The id of the printing valueUsd, market and history come from (the card's primary printing); null when the card is unpriced.
   */
  valuePrinting: string | null;
  /**
   * Every printing of the card with its own value, most valuable first, unpriced last.
   */
  printings: Printing[];
  changes: ItemChanges;
};
/**
 * How fresh a value is. priced: its prices are at most PRICE_STALE_AFTER_DAYS days (3 unless the build sets another) older than the catalogue's pricesAsOf; stale: older than that (the value is still given, as of its market.updatedAt: the marketplace has not reported this item since); unpriced: no price at all (valueUsd null).
 */
export type PriceStatus = 'priced' | 'stale' | 'unpriced';
/**
 * The imports that changed a card or sealed product, newest first (empty when none has): each links its change record.
 */
export type ItemChanges = {
  /**
   * The import's as-of date.
   */
  asOf: string;
  /**
   * /api/changes/{date}: the import's change record.
   */
  url: string;
  /**
   * How the import changed the item: added, removed, repriced (value moved by more than the threshold), band (value band), status (price status).
   *
   * @minItems 1
   */
  what: ('added' | 'removed' | 'repriced' | 'band' | 'status')[];
}[];
/**
 * A card as listed in /api/cards results; with `match` (why it matched) when the search had q, and `printing` when the request named one (tcgplayer).
 */
export type CardSummary = CardFields & {
  match?: SearchMatch;
  printing?: SearchPrinting;
};
/**
 * Present on every search with q. A word listed here is neither required of the results nor guessed at: a query whose words are all listed matches nothing.
 */
export type SearchIgnored = {
  /**
   * The word or phrase as the search read it (folded), e.g. `psa 10`.
   */
  word: string;
  /**
   * `not-found`: no item has the word and no word of the catalogue is close enough to be a typo of it. `no-match-with-rest`: the word was a guess (a completion or correction) that matches none of the items the other words match. `grade`: a grade or condition (`psa 10`, `bgs 9.5`, `near mint`): search does not filter by grade; a card's detail carries its graded values. `filler`: a word that names no item (`pokemon`, `card`); it only orders the results. `over-limit`: past the 16 terms or the 4 typo corrections a query may ask for.
   */
  reason: 'not-found' | 'no-match-with-rest' | 'grade' | 'filler' | 'over-limit';
}[];
/**
 * /api/changes: every import that changed the catalogue, newest first, with counts of what it changed.
 */
export type ChangeList = {
  /**
   * The import's day: the newest price date in it, or the day a catalogue sync added sets and cards (that day's price import adds to the same record).
   */
  asOf: string;
  /**
   * The as-of date of the content it replaced.
   */
  previousAsOf: string;
  counts: {
    cards: ChangeCounts;
    sealed: ChangeCounts;
    /**
     * Sets a catalogue sync added (absent when it added none).
     */
    sets?: {
      added: number;
    };
    /**
     * Printings whose own value moved past the threshold (0 for imports made before printings were compared).
     */
    printings: {
      repriced: number;
    };
  };
  /**
   * /api/changes/{date}: the import's change record.
   */
  url: string;
}[];
export type Plain = Item;
export type Repriced = Item & {
  /**
   * The value before the import, in US dollars.
   */
  fromUsd: number;
  /**
   * The value after the import, in US dollars.
   */
  toUsd: number;
  /**
   * toUsd − fromUsd as a percentage of fromUsd, to one decimal.
   */
  changePct: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: fromUsd, under its old name.
   */
  from: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: toUsd, under its old name.
   */
  to: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: changePct, under its old name.
   */
  changePercent: number;
};
export type Band = Item & {
  from: string | null;
  to: string | null;
};
export type Status = Item & {
  from: string;
  to: string;
};
export type PrintingRepriced = Item & {
  /**
   * The printing's id in the card's printings.
   */
  printing: string;
  /**
   * The printing as people name it.
   */
  label: string;
  /**
   * The value before the import, in US dollars.
   */
  fromUsd: number;
  /**
   * The value after the import, in US dollars.
   */
  toUsd: number;
  /**
   * toUsd − fromUsd as a percentage of fromUsd, to one decimal.
   */
  changePct: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: fromUsd, under its old name.
   */
  from: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: toUsd, under its old name.
   */
  to: number;
  /**
   * @deprecated
   * Deprecated since 1.1.0, removed in 2.0.0: changePct, under its old name.
   */
  changePercent: number;
};
/**
 * A sealed product as listed in /api/sealed results; with `match` (why it matched) when the search had q.
 */
export type SealedSummary = SealedFields & {
  match?: SearchMatch;
};
/**
 * /api/knowledge: every article in category order, or those matching q and tag.
 */
export type KnowledgeList = KnowledgeListItem[];
/**
 * The 406 of a detail page whose Accept header allows none of its representations: a problem that lists them.
 */
export type NotAcceptableProblem = Problem & {
  status?: 406;
  /**
   * The media types the page has: text/html, text/markdown, application/json.
   *
   * @minItems 1
   */
  available: string[];
};
/**
 * A card printing's move.
 */
export type CardPriceChange = PriceMove & {
  /**
   * The card's slug.
   */
  card: string;
  /**
   * The id of the printing whose prices gave the alert: the card's value printing in a card's or a set's feed, the printing a line named in a list's.
   */
  printing: string;
};
/**
 * A sealed product's move.
 */
export type SealedPriceChange = PriceMove & {
  /**
   * The sealed product's slug.
   */
  sealed: string;
};
/**
 * The 429 of a client over its rate limit: the quota-exceeded problem type of draft-ietf-httpapi-ratelimit-headers, naming the policies it exceeded.
 */
export type QuotaExceededProblem = Problem & {
  type?: 'https://iana.org/assignments/http-problem-types#quota-exceeded';
  status?: 429;
  /**
   * Names of the exceeded policies, as in RateLimit-Policy ("default").
   *
   * @minItems 1
   */
  'violated-policies': string[];
};
/**
 * One sealed product: /api/sealed/{slug}.
 */
export type SealedDetail = SealedFields & {
  market: Market | null;
  history?: History;
  changes: ItemChanges;
};
/**
 * One set: /api/sets/{setId}. Its figures, and every card of the set in the catalogue, most valuable first and unpriced last (equal values in collector-number order).
 */
export type SetDetail = SetFields & {
  /**
   * The catalogue's as-of date: the newest price date of the import the values come from.
   */
  pricesAsOf: string;
  cards: SetCard[];
};
/**
 * A set with its card count and total value, as /api/sets lists it.
 */
export type SetSummary = SetFields;

/**
 * Each schema file of schemas/api/ and the type of what it describes.
 */
export interface ApiSchemas {
  'autocomplete.json': Autocomplete;
  'bulk-manifest.json': BulkManifest;
  'card-detail.json': CardDetail;
  'card-fields.json': CardFields;
  'card-search.json': CardSearch;
  'card-summary.json': CardSummary;
  'catalog-index.json': CatalogIndex;
  'catalog.json': Catalog;
  'change-counts.json': ChangeCounts;
  'change-list.json': ChangeList;
  'change-record.json': ChangeRecord;
  'collection-entry.json': CollectionEntry;
  'collection-series.json': CollectionSeries;
  'collection.json': Collection;
  'content-summary.json': ContentSummary;
  'history.json': History;
  'item-changes.json': ItemChanges;
  'knowledge-detail.json': KnowledgeDetail;
  'knowledge-list-item.json': KnowledgeListItem;
  'knowledge-list.json': KnowledgeList;
  'market.json': Market;
  'movers.json': Movers;
  'not-acceptable-problem.json': NotAcceptableProblem;
  'price-change.json': PriceChange;
  'price-changes.json': PriceChanges;
  'price-feed.json': PriceFeed;
  'price-status.json': PriceStatus;
  'printing.json': Printing;
  'problem.json': Problem;
  'quota-exceeded-problem.json': QuotaExceededProblem;
  'sealed-detail.json': SealedDetail;
  'sealed-fields.json': SealedFields;
  'sealed-search.json': SealedSearch;
  'sealed-summary.json': SealedSummary;
  'search-ignored.json': SearchIgnored;
  'search-match.json': SearchMatch;
  'search-printing.json': SearchPrinting;
  'set-card.json': SetCard;
  'set-detail.json': SetDetail;
  'set-fields.json': SetFields;
  'set-list.json': SetList;
  'set-summary.json': SetSummary;
  'value-confidence.json': ValueConfidence;
}
/**
 * /api/cards/autocomplete: up to 20 distinct card names and sets that the typed prefix starts, most useful first. A q under 2 characters (after trimming) gets none.
 */
export interface Autocomplete {
  /**
   * q as sent (empty when absent or blank).
   */
  q: string;
  /**
   * Names and sets that start with the prefix come before those where a later word does; then the ones whose cards are worth most in total, then the most cards, then by label.
   *
   * @maxItems 20
   */
  results: {
    /**
     * What to show: the card name as most of its cards spell it (e.g. `Farfetch'd`), or the set's name.
     */
    label: string;
    /**
     * `card`: a card name (every card of that name); `set`: a set.
     */
    kind: 'card' | 'set';
    /**
     * What to put in the search box: the name, or for a set the field filter `set:<id>`.
     */
    value: string;
    /**
     * The page to open: `/search?q=<name>` for a name, `/sets/<id>` for a set.
     */
    url: string;
    /**
     * How many cards have the name, or are in the set.
     */
    cards: number;
  }[];
}
/**
 * /api/bulk/manifest.json: every bulk file with its record count, size and SHA-256. Compare `sha256` with the copy you hold and re-download only what changed. New members and new files may appear without notice (docs/data.md).
 */
export interface BulkManifest {
  /**
   * The version of the interface (the same as /openapi.json info.version); its major number changes only with a breaking change.
   */
  interfaceVersion: string;
  /**
   * The newest date in the data (the price date or an article's last_verified), at midnight UTC: not the time of the build, so that the same data always gives the same manifest.
   */
  generatedAt: string;
  /**
   * The newest price date in the import, as in /api/content.
   */
  pricesAsOf: string;
  files: {
    /**
     * Where the file is served, relative to this host.
     */
    path: string;
    /**
     * Its Content-Type, e.g. application/x-ndjson, application/gzip, text/csv; charset=utf-8.
     */
    mediaType: string;
    /**
     * Records in the file: NDJSON lines, CSV rows after the header; for a gzip file, those of the file it inflates to.
     */
    records: number;
    bytes: number;
    /**
     * SHA-256 of the file's bytes as served, in hex.
     */
    sha256: string;
    /**
     * NDJSON files and their gzip twins: the /openapi.json component every line validates against, e.g. CardDetail.
     */
    schema?: string;
    /**
     * A gzip file: the path of the file it inflates to, byte for byte.
     */
    gzipOf?: string;
  }[];
}
/**
 * The fields a card summary and detail share.
 */
export interface CardFields {
  /**
   * <set_code>-<number>, e.g. base1-4.
   */
  id: string;
  /**
   * The card's name: its English name where one is known; a Japanese card without one is named in Japanese here.
   */
  name: string;
  /**
   * Name with set name and card number, e.g. Charizard (Base 4/102).
   */
  exactName: string;
  slug: string;
  setName: string;
  /**
   * Value in US dollars of the card's primary printing (the product the card id stands for; the detail's printings give every other its own); null only when unpriced.
   */
  valueUsd: number | null;
  priceStatus: PriceStatus;
  /**
   * How sure valueUsd is (null when unpriced).
   */
  confidence: ValueConfidence | null;
  valueBand: 'grail' | 'chase' | 'mid' | 'budget' | null;
  /**
   * How the value (its primary printing's market price) moved over 7, 30, 90 and 365 days.
   */
  change: PriceChanges;
  /**
   * Empty where the card has none.
   */
  rarity: string;
  types: string[];
  /**
   * The language the card is printed in: en (English) or ja (Japanese; its id begins with jp-). A search takes lang:ja or lang:en.
   */
  language: 'en' | 'ja';
  /**
   * A Japanese card's name as printed, e.g. ナンジャモ; null on English cards.
   */
  nameJa: string | null;
  imageSmall: string;
}
/**
 * How sure a value is, from what the data shows; null when the value is unpriced. Each input is graded high, medium or low and the tier is the lowest grade (the thresholds: docs/api.md, "How sure a value is"). An input the data cannot give is null and grades medium.
 */
export interface ValueConfidence {
  /**
   * The lowest of the four inputs' grades.
   */
  tier: 'high' | 'medium' | 'low';
  /**
   * How far the lowest listing is from the value, |market − low| / market, in percent (one decimal): high up to 30, medium up to 60; a gap under $2 is high at any percentage. Null when no low price is known.
   */
  spreadPct: number | null;
  /**
   * Of the 30 days ending on the day the value was recorded, how many the daily history has a price for: high from 20, medium from 10. Null when there is no daily history.
   */
  pricedDays30: number | null;
  /**
   * The coefficient of variation (standard deviation / mean) of those days' prices, in percent (one decimal): high up to 10, medium up to 25; a standard deviation under $2 (volatility30Usd) is high at any percentage. Null under two prices.
   */
  volatility30Pct: number | null;
  /**
   * The standard deviation of those days' prices in USD (to the cent): what the $2 floor of volatility30Pct is compared with. Null under two prices.
   */
  volatility30Usd: number | null;
  /**
   * Days between the day the value was recorded and the catalogue's pricesAsOf: high up to PRICE_STALE_AFTER_DAYS (3 unless the build sets another: a priced value), medium up to 30.
   */
  staleDays: number;
}
/**
 * How a value moved over 7, 30, 90 and 365 days, each window the same shape. Not the import changes (changes), which list the imports that changed the record.
 */
export interface PriceChanges {
  '7d': PriceChange;
  '30d': PriceChange;
  '90d': PriceChange;
  '365d': PriceChange;
}
/**
 * How a value moved over one window: the days ending on its price history's last day, from the price on the window's first day to the price on its last (each the last price known in the week ending that day; in the weekly part of a history, that week's close). When the history does not reach back so far, or no price was known then or now, every figure is null and reason says why.
 */
export interface PriceChange {
  /**
   * The price on the window's first day, in US dollars.
   */
  fromUsd: number | null;
  /**
   * The day that price was known: the window's first day, or up to six days before it (a weekly close is dated by its Sunday).
   */
  fromDate: string | null;
  /**
   * The price on the window's last day minus fromUsd, in US dollars.
   */
  changeUsd: number | null;
  /**
   * changeUsd as a percentage of fromUsd, to one decimal.
   */
  changePct: number | null;
  /**
   * Why the figures are null: the price history starts after the window's first day (or there is none), no price was known in the week ending that day, or none in the week ending the history's last day; null when they are given.
   */
  reason: 'history-too-short' | 'no-price-then' | 'no-price-now' | null;
}
/**
 * The marketplace snapshot a value comes from.
 */
export interface Market {
  /**
   * Marketplace, e.g. TCGplayer.
   */
  source: string;
  lowPrice: number | null;
  highPrice: number | null;
  marketPrice: number | null;
  /**
   * Product page at the marketplace.
   */
  marketUrl: string;
  updatedAt: string;
}
/**
 * One market price per calendar day from start to end (null where none was recorded): the last 90 to 96 days. Older prices, back two years at most, are in weekly.
 */
export interface History {
  /**
   * The first daily value's date: a Monday once weekly closes precede it.
   */
  start: string;
  end: string;
  market: (number | null)[];
  /**
   * The weeks before start, one value per week: the last market price known that Monday to Sunday (null where none was), dated by its Sunday. It ends the day before start; absent while the daily values reach back far enough.
   */
  weekly?: {
    /**
     * The first week's Sunday.
     */
    start: string;
    /**
     * The last week's Sunday: the day before the daily start.
     */
    end: string;
    market: (number | null)[];
  };
}
/**
 * One printing of a card: one TCGplayer product in one variant (finish and edition), with its own prices. A card's valueUsd is the value of one of them, its primary printing (valuePrinting); a collector who holds another printing (Shadowless, 1st Edition, a stamped promo) reads its own value here.
 */
export interface Printing {
  /**
   * Stable within the card, made from the variant and printing words: holofoil, reverse-holofoil, shadowless-holofoil, 1st-edition-holofoil. A second product with the same words adds its product id (reverse-holofoil-210842).
   */
  id: string;
  /**
   * The printing as people name it, e.g. Shadowless Holofoil.
   */
  label: string;
  /**
   * TCGplayer's variant as the source names it, e.g. holofoil, reverseHolofoil, 1stEditionHolofoil.
   */
  variant: string;
  /**
   * The source's label of the product (TCGdex), e.g. shadowless, cosmos, set-logo/staff; null for the card's plain product.
   */
  printing: string | null;
  /**
   * A line of the product the card id stands for; the card's valueUsd comes from one of these.
   */
  primary: boolean;
  /**
   * TCGplayer product id; null on the few lines the source gave without one.
   */
  productId: number | null;
  /**
   * The product's page at the marketplace.
   */
  marketUrl: string;
  /**
   * The printing's value in US dollars (its market price); null when unpriced.
   */
  valueUsd: number | null;
  priceStatus: PriceStatus;
  /**
   * How sure valueUsd is (null when unpriced).
   */
  confidence: ValueConfidence | null;
  /**
   * How the printing's market price moved over 7, 30, 90 and 365 days.
   */
  change: PriceChanges;
  lowPrice: number | null;
  midPrice: number | null;
  highPrice: number | null;
  marketPrice: number | null;
  directLowPrice: number | null;
  updatedAt: string;
  /**
   * Marketplace, e.g. TCGplayer.
   */
  source: string;
  /**
   * Daily market prices, where the data has them.
   */
  history?: History;
}
export interface CardSearch {
  /**
   * Matches overall (with ids: the cards found; with tcgplayer: the results, one per printing of each product found).
   */
  total: number;
  /**
   * Items in results.
   */
  count: number;
  offset?: number;
  limit?: number;
  results: CardSummary[];
  ignored?: SearchIgnored;
  /**
   * With ids or tcgplayer: the ids given that name no card, in the order given.
   */
  notFound?: string[];
}
/**
 * On each result of a search with q: which words of the query matched which fields of the item, which were read as something else (a typo correction, a completion of a word typed in part, an alias, nickname or item id), and which field filters it meets. Keys are the query's words and phrases as the search read them: lower-case, accents and apostrophes folded.
 */
export interface SearchMatch {
  /**
   * Query word or phrase → the fields of this item it matched in, weightiest first. Card fields: name, nameJa (a Japanese card's name as printed), set, number, types, rarity. Sealed fields: name, set, kind (the product kind in words), group (the TCGplayer group). A filler word appears here when it matched; an alias that names this item without sharing a word with it (a set alias on a product outside the set's group name) may be absent.
   */
  fields: {
    /**
     * @minItems 1
     */
    [k: string]: ('name' | 'nameJa' | 'set' | 'number' | 'types' | 'rarity' | 'kind' | 'group')[];
  };
  /**
   * Misspelt word → the word of this item it was corrected to.
   */
  corrected?: {
    [k: string]: string;
  };
  /**
   * Word typed in part → the word of this item it was completed to.
   */
  completed?: {
    [k: string]: string;
  };
  /**
   * Alias, nickname, product or rarity word, or item id → what it stands for (content/aliases/ in the repository).
   */
  alias?: {
    [k: string]: string;
  };
  /**
   * The field filters of q (set:base1, value>100, -r:common) and the words it negated (-gx), as the search read them: this item meets every one. `fields` is empty when q holds nothing else.
   */
  filters?: string[];
  /**
   * Why this result came before others of equal relevance: on English cards, when the query names no language (no lang: filter, no word such as jp or japanese) and Japanese cards matched too.
   */
  preferred?: string;
}
/**
 * On a card search result: the printing the request named (a TCGplayer product looked up with tcgplayer), with its own value. The card's valueUsd stays that of its primary printing.
 */
export interface SearchPrinting {
  /**
   * The printing's id in the card's printings, e.g. shadowless-holofoil.
   */
  id: string;
  /**
   * The printing as people name it, e.g. Shadowless Holofoil.
   */
  label: string;
  /**
   * Its TCGplayer product id.
   */
  productId: number | null;
  /**
   * The printing's value in US dollars; null when unpriced.
   */
  valueUsd: number | null;
}
/**
 * /api/catalog: the catalogues of what the search filters accept, each with its URL and Markdown twin.
 */
export interface CatalogIndex {
  catalogs: {
    /**
     * Which catalogue: the last segment of its path.
     */
    name: 'sets' | 'languages' | 'types' | 'subtypes' | 'rarities' | 'artists' | 'printings' | 'kinds' | 'bands' | 'tags';
    title: string;
    /**
     * What `count` counts: cards, sealed products or knowledge articles.
     */
    counts: 'cards' | 'sealed' | 'articles';
    /**
     * How many values the catalogue lists.
     */
    total: number;
    /**
     * /api/catalog/{name}: the catalogue as JSON.
     */
    url: string;
    /**
     * /catalog/{name}.md: the same as Markdown.
     */
    markdownUrl: string;
  }[];
}
/**
 * /api/catalog/{name}: every value a search filter accepts, with how many items hold it; the most held first, then by value. A prebuilt file, made with the catalogue it counts.
 */
export interface Catalog {
  /**
   * Which catalogue: the last segment of its path.
   */
  name: 'sets' | 'languages' | 'types' | 'subtypes' | 'rarities' | 'artists' | 'printings' | 'kinds' | 'bands' | 'tags';
  /**
   * What it lists, for people, e.g. `Energy types`.
   */
  title: string;
  /**
   * What `count` counts: cards, sealed products or knowledge articles.
   */
  counts: 'cards' | 'sealed' | 'articles';
  /**
   * Where a value goes: URL templates in which `{value}` stands for an entry's value (URL-encode it), e.g. `/api/cards?q=artist:"{value}"`.
   *
   * @minItems 1
   */
  usage: string[];
  /**
   * How many values there are (the length of `values`).
   */
  total: number;
  values: CatalogEntry[];
}
export interface CatalogEntry {
  /**
   * The value as the filter takes it: an id (`base1`, `booster-box`, `1st-edition-holofoil`) or a lower-case name (`fire`, `rare holo`).
   */
  value: string;
  /**
   * How people write it, where that differs from `value`: `Fire`, `Base`, `Booster box`.
   */
  label?: string;
  /**
   * How many items (`counts`) hold the value. 0: the filter accepts it, and nothing holds it yet.
   */
  count: number;
  /**
   * Sets only: how many sealed products belong to the set.
   */
  sealedCount?: number;
  /**
   * Sets only: the series, e.g. `Sword & Shield`.
   */
  series?: string;
  /**
   * Sets only: the language the set is printed in, `en` or `ja` (what `lang:` takes).
   */
  language?: 'en' | 'ja';
  /**
   * Sets only: the year of release (what `year:` compares).
   */
  releaseYear?: number;
  /**
   * Sets only: the Pokémon TCG Online code, which `set:` also takes; null where the set has none.
   */
  ptcgoCode?: string | null;
}
/**
 * How many items an import added, removed, repriced, moved to another value band, or gave another price status.
 */
export interface ChangeCounts {
  added: number;
  removed: number;
  repriced: number;
  band: number;
  status: number;
}
/**
 * /api/changes/{date}: what one import (of prices, or a catalogue sync of new sets and cards) changed. Items are named as they were (removed ones are no longer in the catalogue); ids are card ids, or sealed product ids as strings.
 */
export interface ChangeRecord {
  /**
   * The import's day: the newest price date in it, or the day a catalogue sync added sets and cards.
   */
  asOf: string;
  previousAsOf: string;
  /**
   * A value that moved by more than this share of itself is repriced (0.1: 10%).
   */
  repriceThreshold: number;
  cards: CollectionChanges;
  sealed: CollectionChanges;
  /**
   * The sets a catalogue sync added, each with the number of cards it added to it (the cards are in cards.added). Absent from records that added no set.
   */
  sets?: {
    added: {
      /**
       * The set's id, as in /api/sets/{id}.
       */
      id: string;
      name: string;
      cards: number;
    }[];
  };
  /**
   * Printings of cards whose own value moved by more than the threshold (Shadowless, 1st Edition, reverse holo…; the card's value is its primary printing's, in cards.repriced). Absent from records made before printings were compared.
   */
  printings?: {
    repriced: PrintingRepriced[];
  };
}
export interface CollectionChanges {
  added: Plain[];
  removed: Plain[];
  repriced: Repriced[];
  band: Band[];
  status: Status[];
}
export interface Item {
  id: string;
  slug: string;
  name: string;
  /**
   * The item's value (after the import; before it, for a removed item).
   */
  valueUsd: number | null;
}
/**
 * One line of a valued list: what it said, what it was read as, and its value. A line is matched only when the item is beyond doubt (an id, a product id, a name with its number, or the only complete match); otherwise ambiguous, valued at the first candidate, with up to 3 alternatives.
 */
export interface CollectionEntry {
  /**
   * The line's number in the list (CSV: in the file, the header being line 1).
   */
  line: number;
  /**
   * The line as sent (CSV: its fields joined by spaces), at most 200 characters.
   */
  text: string;
  /**
   * How many: 2x, x2 or a leading 2; 1 when the line gives none.
   */
  quantity: number;
  /**
   * matched: the item beyond doubt; ambiguous: the first of several candidates, to check; not-found: nothing fits; unpriced: the item has no price (with asOf: had none then).
   */
  status: 'matched' | 'ambiguous' | 'not-found' | 'unpriced';
  /**
   * The card the line was read as (absent for a sealed product or nothing found); its printing when the line named one.
   */
  card?: CardSummary;
  /**
   * The sealed product the line was read as.
   */
  sealed?: SealedSummary;
  /**
   * The grade the line named (psa 10, bgs 9.5). valueUsd is the graded sales figure when the card has one (PriceCharting: PSA 10, or grades 7 to 9.5 of any grader), and then the unit value; null when it has none (the unit value is then the ungraded one).
   */
  grade?: {
    /**
     * The grader as the line named it, upper case: PSA, BGS, CGC, SGC…
     */
    company: string;
    /**
     * The grade, e.g. 10 or 9.5.
     */
    grade: string;
    valueUsd: number | null;
  };
  /**
   * The value of one: the graded figure, else the named printing's value, else the item's value; null when not found or unpriced. With asOf: the named printing's (else the card's or product's) price then, as priceDate says.
   */
  unitValueUsd: number | null;
  /**
   * unitValueUsd times quantity, rounded to the cent.
   */
  lineValueUsd: number | null;
  /**
   * Present when the list was valued as of a date (asOf): the date of the price the line is valued at, on or at most six days before asOf (a weekly close's Sunday where the history keeps only weeks); null when the item had no price then (the note says why). The card's or product's own valueUsd and the alternatives' stay today's.
   */
  priceDate?: string | null;
  /**
   * How sure unitValueUsd is, where the line is valued at its item's own value (the card's or the sealed product's confidence); absent for a graded figure or a named printing's value, whose confidence a search result does not carry, for a line with no value, and for a list valued as of a date (a confidence is said of today's value).
   */
  confidence?: ValueConfidence;
  /**
   * Why the line is ambiguous, not found or valued as it is, in a sentence.
   */
  note?: string;
  /**
   * For an ambiguous line: the next candidates, most likely first.
   *
   * @maxItems 3
   */
  alternatives?: {
    kind: 'card' | 'sealed';
    /**
     * The card id, or the sealed product's TCGplayer product id: a line holding it is matched.
     */
    id: string;
    slug: string;
    /**
     * How people name it: a card's name with its set and number, a product's name.
     */
    name: string;
    valueUsd: number | null;
  }[];
}
/**
 * The fields a sealed product summary and detail share.
 */
export interface SealedFields {
  /**
   * Equals the slug.
   */
  id: string;
  productId: number;
  slug: string;
  cleanName: string;
  /**
   * booster-box, booster-pack, etb, booster-bundle, collection-box, tin, blister, ... (open list).
   */
  kind: string;
  groupName: string;
  valueUsd: number | null;
  priceStatus: PriceStatus;
  /**
   * How sure valueUsd is (null when unpriced).
   */
  confidence: ValueConfidence | null;
  /**
   * How the market price moved over 7, 30, 90 and 365 days.
   */
  change: PriceChanges;
  totalPacks: number | null;
  pricePerPack: number | null;
}
/**
 * A list's total over time (the series parameter): on each day of the window, each line valued at its item's price that day (the last known in the week ending it), and how many lines had one. A point a day where the history policy keeps days (the last 90 to 96), a point a week before that (each Sunday, the week's close). Lines are valued as the list is today: a named printing's price, else the card's; a graded line valued at a graded figure has no value on any day (graded figures have no history).
 */
export interface CollectionSeries {
  /**
   * The window asked for: 30 or 90 days, one or two years, ending at pricesAsOf.
   */
  window: '30d' | '90d' | '1y' | '2y';
  /**
   * The first point's date.
   */
  from: string;
  /**
   * The last point's date: pricesAsOf.
   */
  to: string;
  /**
   * Points from this date on are days; those before it are weeks, each dated by its Sunday.
   */
  dailyFrom: string;
  /**
   * @minItems 1
   */
  points: {
    date: string;
    /**
     * The sum of the values of the lines that had a price that day, to the cent; null when none had one (a day before the histories reach), never zero for want of prices.
     */
    totalUsd: number | null;
    /**
     * How many lines had a price that day.
     */
    valuedLines: number;
  }[];
}
/**
 * A list valued line by line (/api/collection): one entry per line that names something, the total in US dollars, counts per status and the prices' date.
 */
export interface Collection {
  /**
   * The catalogue's as-of date: the newest price date of the import the values come from.
   */
  pricesAsOf: string;
  /**
   * Present when the list was valued as of a date (the asOf parameter): each line at its item's price then, the last price known in the week ending that day (a weekly close where the history keeps only weeks), each entry's priceDate saying which. Lines whose item had no price then are unpriced: counted apart, never as zero in the total.
   */
  asOf?: string;
  /**
   * Present when the list's total over time was asked for (the series parameter).
   */
  series?: CollectionSeries;
  /**
   * The sum of every entry's lineValueUsd (matched and ambiguous lines; not-found and unpriced lines add nothing), rounded to the cent; as of asOf when given.
   */
  totalUsd: number;
  /**
   * The sum of every entry's quantity.
   */
  quantity: number;
  /**
   * Entries per status.
   */
  counts: {
    matched: number;
    ambiguous: number;
    'not-found': number;
    unpriced: number;
  };
  entries: CollectionEntry[];
}
/**
 * /api/content: totals, the median card value and the price date.
 */
export interface ContentSummary {
  domain: string;
  totalCards: number;
  totalSealed: number;
  totalArticles: number;
  /**
   * Median valueUsd over priced and stale cards.
   */
  medianCardUsd: number | null;
  /**
   * The newest price date in the import.
   */
  pricesAsOf: string;
  cardsByBand: {
    grail: number;
    chase: number;
    mid: number;
    budget: number;
  };
  cardsByPriceStatus: ByStatus;
  sealedByPriceStatus: ByStatus;
  generatedAt: string;
}
export interface ByStatus {
  priced: number;
  stale: number;
  unpriced: number;
}
/**
 * /api/knowledge/{slug}.
 */
export interface KnowledgeDetail {
  id: string;
  question: string;
  answer: string;
  /**
   * The full answer, Markdown source text.
   */
  answer_detail: string;
  category: string;
  facility_tags: string[];
  last_verified: string;
  /**
   * Slugs of related articles.
   */
  related: string[];
  mentions: {
    /**
     * Card slugs.
     */
    cards: string[];
    /**
     * Sealed product slugs.
     */
    sealed: string[];
  };
  structured: {
    [k: string]: unknown;
  };
}
export interface KnowledgeListItem {
  /**
   * The article slug.
   */
  id: string;
  question: string;
  /**
   * A short answer that stands alone.
   */
  answer: string;
  facility_tags: string[];
  /**
   * Machine-readable facts, e.g. comps.psa_10_multiplier.
   */
  structured: {
    [k: string]: unknown;
  };
}
/**
 * /api/movers: the cards and sealed products whose market price rose or fell the most over the last 7 and 30 days to `pricesAsOf`, made from the daily histories at build time. Only items worth at least `floorUsd` at the start or the end of a window, with at least `minKnownDays` known prices in it, are ranked, so that pennies and thin histories do not crowd the lists.
 */
export interface Movers {
  /**
   * The catalogue's as-of date: the last day of every window.
   */
  pricesAsOf: string;
  /**
   * An item is ranked only when its price at the start or at the end of the window is at least this.
   */
  floorUsd: number;
  /**
   * The most entries a list holds.
   */
  limit: number;
  windows: MoversWindow[];
}
export interface MoversWindow {
  /**
   * The window's length in calendar days, its last day included.
   */
  days: number;
  /**
   * Its first day.
   */
  start: string;
  /**
   * Its last day: `pricesAsOf`.
   */
  end: string;
  /**
   * An item is ranked only with a known market price on at least this many of the window's days.
   */
  minKnownDays: number;
  cards: MoverLists;
  sealed: MoverLists;
}
export interface MoverLists {
  /**
   * The biggest rises, the largest `changePct` first.
   */
  rises: Mover[];
  /**
   * The biggest falls, the most negative `changePct` first.
   */
  falls: Mover[];
}
export interface Mover {
  /**
   * The card id, or the sealed product's id.
   */
  id: string;
  slug: string;
  /**
   * The card's name, or the sealed product's display name.
   */
  name: string;
  /**
   * Cards only: the card's set.
   */
  setName?: string;
  /**
   * The market price on the window's first day: the last known in the week ending that day (of the printing the card's value is; of the product), as a record's change reads it.
   */
  fromUsd: number;
  /**
   * The market price on the window's last day: the last known in the week ending that day.
   */
  toUsd: number;
  /**
   * toUsd − fromUsd, 2 decimals.
   */
  changeUsd: number;
  /**
   * The change as a percentage of fromUsd, 1 decimal.
   */
  changePct: number;
  /**
   * The day of fromUsd: the window's first day, or up to six days before it.
   */
  fromDate: string;
  /**
   * The day of toUsd.
   */
  toDate: string;
  /**
   * The window's days with a known market price.
   */
  knownDays: number;
  /**
   * Its page: /cards/{slug} or /sealed/{slug} (HTML, Markdown or JSON by Accept).
   */
  url: string;
  /**
   * The window's daily market prices, from `start` to `end` of the window (null where none is known).
   */
  history: History;
}
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /**
   * The query parameter at fault.
   */
  parameter?: string;
  /**
   * What the parameter accepts: its values, or a description of them.
   */
  allowed?: string[] | string;
  /**
   * The term of q at fault, as written (a field filter such as colour:red).
   */
  term?: string;
  /**
   * Where that term starts in q, in characters from 1.
   */
  position?: number;
  /**
   * The limit a 413 or 414 names, e.g. lines ≤ 5,000.
   */
  limit?: string;
  /**
   * Media types a 406 could have served.
   */
  available?: string[];
  /**
   * The rate-limit policies a 429 exceeded (draft-ietf-httpapi-ratelimit-headers, quota-exceeded problem type).
   */
  'violated-policies'?: string[];
}
/**
 * /feeds/cards/{slug}.json, /feeds/sets/{id}.json, /feeds/sealed/{slug}.json and /feeds/collection.json: a JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) of price alerts, the days on which a card printing's or a sealed product's market price change over the window first reached the threshold up or down (docs/api.md#feeds). Newest first, at most 50 items. Every URL is absolute, from the public origin the function is configured with.
 */
export interface PriceFeed {
  /**
   * The JSON Feed version.
   */
  version: 'https://jsonfeed.org/version/1.1';
  /**
   * What the feed follows, its threshold and its window.
   */
  title: string;
  /**
   * The page of the card, the set, the sealed product or the list, as an absolute URL.
   */
  home_page_url: string;
  /**
   * This feed's absolute URL, with its parameters.
   */
  feed_url: string;
  /**
   * What an item is, in words.
   */
  description: string;
  /**
   * The language of the titles and texts.
   */
  language: 'en';
  /**
   * @maxItems 50
   */
  items: PriceFeedItem[];
}
export interface PriceFeedItem {
  /**
   * A name-based UUID of what moved (the card's printing, or the sealed product), the window, the direction and the day: the same crossing has the same id in every feed, at every request and in every build, and two printings of a card are two items.
   */
  id: string;
  /**
   * The page of the card or the sealed product, as an absolute URL.
   */
  url: string;
  /**
   * What moved and how, e.g. `Charizard (Base 4/102) Holofoil up 14.2% in 7 days` (the card and its printing) or `Evolving Skies Booster Box down 12% in 7 days`.
   */
  title: string;
  /**
   * The move in words: both prices with their dates, the change in USD and percent.
   */
  content_text: string;
  /**
   * The day of the crossing, midnight UTC (RFC 3339).
   */
  date_published: string;
  /**
   * The alert as data (a JSON Feed extension): a card printing's move, or a sealed product's.
   */
  _price_change: CardPriceChange | SealedPriceChange;
}
/**
 * How the price moved past the threshold.
 */
export interface PriceMove {
  /**
   * Which way the price moved past the threshold.
   */
  direction: 'up' | 'down';
  /**
   * The window, in days.
   */
  days: 7 | 30 | 90 | 365;
  /**
   * The price on the window's first day.
   */
  from: PricePoint;
  /**
   * The price on its last day.
   */
  to: PricePoint;
  /**
   * `to` minus `from`, in USD.
   */
  changeUsd: number;
  /**
   * The change in percent of `from`, one decimal.
   */
  changePct: number;
}
export interface PricePoint {
  /**
   * The day the price was known.
   */
  date: string;
  /**
   * The market price in USD.
   */
  usd: number;
}
export interface SealedSearch {
  /**
   * Matches overall (with ids: the products found).
   */
  total: number;
  /**
   * Items in results.
   */
  count: number;
  offset?: number;
  limit?: number;
  results: SealedSummary[];
  ignored?: SearchIgnored;
  /**
   * With ids: the ids given that name no sealed product, in the order given.
   */
  notFound?: string[];
}
/**
 * A card as /api/sets/{setId} lists it: the fields of its card summary that a set list needs, its number as printed, and on the most valuable cards their daily prices.
 */
export interface SetCard {
  /**
   * <set_code>-<number>, e.g. base1-4.
   */
  id: string;
  name: string;
  /**
   * A Japanese card's name as printed, e.g. ブラッキーex, as on its card record; null on English cards.
   */
  nameJa: string | null;
  /**
   * The card's slug: its detail is /api/cards/{slug}, its page /cards/{slug}.
   */
  slug: string;
  /**
   * The collector number over the set's printed total, as printed on the card, e.g. 4/102.
   */
  number: string;
  /**
   * Empty where the card has none.
   */
  rarity: string;
  /**
   * Value in US dollars, as in the card's detail; null only when unpriced.
   */
  valueUsd: number | null;
  priceStatus: PriceStatus;
  valueBand: 'grail' | 'chase' | 'mid' | 'budget' | null;
  /**
   * The card's daily market prices, as in its detail: only on the 10 most valuable cards of the set that have a history.
   */
  history?: History;
}
/**
 * The fields a set summary and a set detail share: the set as the set list has it, and figures computed from its cards' own records.
 */
export interface SetFields {
  /**
   * The set id, e.g. base1, or a Japanese set's, e.g. jp-sv8a: the {setId} of /api/sets/{setId} and /sets/{setId}, and the prefix of its cards' ids.
   */
  id: string;
  /**
   * Set name, e.g. Base; a Japanese set's is TCGplayer's English name, e.g. Terastal Fest ex (its Japanese name where no English one is known).
   */
  name: string;
  /**
   * The language the set is printed in: en (English) or ja (Japanese).
   */
  language: 'en' | 'ja';
  /**
   * A Japanese set's name as printed, e.g. テラスタルフェスex; null on English sets and where the source gives none.
   */
  nameJa: string | null;
  /**
   * The series the set belongs to, e.g. Sword & Shield.
   */
  series: string;
  releaseDate: string;
  /**
   * The count printed on the cards: the 102 of 4/102.
   */
  printedTotal: number;
  /**
   * All cards of the set, secret rares included, as the set list gives it (cardCount counts the cards the catalogue holds).
   */
  total: number;
  /**
   * Pokémon TCG Online code, e.g. BS; null where the set has none.
   */
  ptcgoCode: string | null;
  /**
   * A Japanese set's TCGplayer group (category Pokemon Japan), e.g. 23909; null on English sets and where TCGplayer lists none yet.
   */
  tcgplayerGroupId: number | null;
  /**
   * Cards of this set in the catalogue.
   */
  cardCount: number;
  /**
   * Cards of this set that have a value (priceStatus priced or stale).
   */
  pricedCardCount: number;
  /**
   * The sum of the valueUsd of the set's priced cards (priced or stale; unpriced cards add nothing), in US dollars, 2 decimals. Null when no card of the set is priced.
   */
  totalValueUsd: number | null;
  /**
   * The most valuable card of the set; null when no card is priced.
   */
  topCard: {
    id: string;
    name: string;
    /**
     * The card's slug: /api/cards/{slug}.
     */
    slug: string;
    valueUsd: number;
  } | null;
}
/**
 * /api/sets: every set once, grouped by language and, inside a language, by series. `languages` gives the language groups in order (English first, then Japanese) with their counts; `series` lists the series of the first language, then those of the next, each series with its `language`, so that a series printed in both languages (Scarlet & Violet) is two groups. Inside a language the newest series first (a series dates from the release of its first set), and inside a series the newest set first.
 */
export interface SetList {
  /**
   * The catalogue's as-of date: the newest price date of the import the values come from.
   */
  pricesAsOf: string;
  totalSets: number;
  /**
   * The sum of the sets' cardCount.
   */
  totalCards: number;
  /**
   * The languages the sets are printed in, in the order `series` lists their groups: English first, then Japanese; a language without sets is left out.
   */
  languages: {
    /**
     * The language the set is printed in: en (English) or ja (Japanese).
     */
    language: 'en' | 'ja';
    /**
     * The language as the pages write it: English, Japanese.
     */
    name: string;
    /**
     * Sets printed in this language.
     */
    totalSets: number;
    /**
     * The sum of their cardCount.
     */
    totalCards: number;
    /**
     * How many groups of `series` are of this language.
     */
    seriesCount: number;
  }[];
  series: {
    /**
     * Series name, e.g. Scarlet & Violet.
     */
    name: string;
    /**
     * The language of every set of the group: a series is grouped once per language it is printed in.
     */
    language: 'en' | 'ja';
    /**
     * The release date of the series' first set in this language.
     */
    releaseDate: string;
    sets: SetSummary[];
  }[];
}
