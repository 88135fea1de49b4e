/**
 * Every URL the site hands out for a record, in one place: the negotiated page,
 * its Markdown file, its JSON, and the Link header / <link> alternates of each.
 */
export type Collection = 'cards' | 'sealed' | 'knowledge' | 'sets';
/** Every collection, each with its detail pages under `/{collection}/` and their JSON under `/api/{collection}/`. */
export const COLLECTIONS: readonly Collection[] = ['cards', 'sealed', 'knowledge', 'sets'];

/**
 * Without a slug, the collection's own index (`/sets`, `/sets.md`, `/api/sets`):
 * a negotiated page like a detail page, for the collections in INDEXED_COLLECTIONS.
 */
export const pageUrl = (collection: Collection, slug?: string) => (slug === undefined ? `/${collection}` : `/${collection}/${slug}`);
export const markdownUrl = (collection: Collection, slug?: string) => `${pageUrl(collection, slug)}.md`;
export const jsonUrl = (collection: Collection, slug?: string) => `/api${pageUrl(collection, slug)}`;
/** The collections whose index is a negotiated page with three representations, as their detail pages are. */
export const INDEXED_COLLECTIONS: readonly Collection[] = ['sets'];

export interface Alternate {
  href: string;
  rel: 'alternate' | 'describedby' | 'canonical';
  type?: string;
  /** What a reader shows for it (a page's feeds). */
  title?: string;
}

/** The siblings of a detail page and the site index, as the contract lists them. */
export function alternatesOf(collection: Collection, slug?: string): Alternate[] {
  return [
    { href: markdownUrl(collection, slug), rel: 'alternate', type: 'text/markdown' },
    { href: jsonUrl(collection, slug), rel: 'alternate', type: 'application/json' },
    { href: '/llms.txt', rel: 'describedby' },
  ];
}

/** What a price feed of the catalogue follows: a card, a set's cards, or a sealed product. */
export type FeedOf = 'cards' | 'sets' | 'sealed';

/** A card's, a set's or a sealed product's price feed (docs/api.md#feeds), answered by the function. @example feedUrl('cards', 'charizard-base1-4', 'atom') // '/feeds/cards/charizard-base1-4.atom' */
export const feedUrl = (of: FeedOf, slug: string, format: 'json' | 'atom') => `/feeds/${of}/${slug}.${format}`;

/** The `<link rel="alternate">`s of a card's, a set's or a sealed product's page to its price feeds, JSON Feed and Atom. */
export function feedAlternatesOf(of: FeedOf, slug: string): Alternate[] {
  return [
    { href: feedUrl(of, slug, 'json'), rel: 'alternate', type: 'application/feed+json', title: 'Price moves (JSON Feed)' },
    { href: feedUrl(of, slug, 'atom'), rel: 'alternate', type: 'application/atom+xml', title: 'Price moves (Atom)' },
  ];
}

/**
 * A public origin from a setting (the build's SITE_URL, the function's PUBLIC_ORIGIN): an http(s) URL with no
 * path, query, fragment or credentials, as its origin (`https://cards.example`); undefined when unset; an error
 * naming the setting when it is not one.
 * @example publicOriginOf('https://cards.example/', 'PUBLIC_ORIGIN') // 'https://cards.example'
 */
export function publicOriginOf(raw: string | undefined, name: string): string | undefined {
  if (!raw) return undefined;
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an http(s) origin with no path, query, fragment or credentials, e.g. https://cards.example; got "${raw}"`);
  }
  return url.origin;
}

/** @example linkHeader([{ href: '/llms.txt', rel: 'describedby' }]) // '</llms.txt>; rel="describedby"' */
export function linkHeader(links: Alternate[]): string {
  return links.map((l) => `<${l.href}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}

/** The change feed: `/api/changes` (every import) and `/api/changes/{date}` (one), and their Markdown twins. */
export const changesUrl = (asOf?: string) => (asOf ? `/api/changes/${asOf}` : '/api/changes');
export const changesMarkdownUrl = (asOf?: string) => (asOf ? `/changes/${asOf}.md` : '/changes.md');

/** The catalogues of what the search filters accept (src/catalogue/filter-values.ts), each at `/api/catalog/{name}`. */
export const CATALOG_NAMES = ['sets', 'languages', 'types', 'subtypes', 'rarities', 'artists', 'printings', 'kinds', 'bands', 'tags'] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];
/** Without a name, the index of the catalogues (`/api/catalog`, `/catalog.md`). */
export const catalogUrl = (name?: CatalogName) => (name ? `/api/catalog/${name}` : '/api/catalog');
export const catalogMarkdownUrl = (name?: CatalogName) => (name ? `/catalog/${name}.md` : '/catalog.md');

/** The search pages the function renders: cards, and sealed products by kind. */
export const CARD_SEARCH_PAGE = '/search';
export const SEALED_LISTING_PAGE = '/sealed';
/** How to write a search (the field filters of q): a prebuilt page, search/help.html. */
export const SEARCH_HELP_PAGE = '/search/help';

/** The price movers (src/catalogue/movers.ts): the JSON, its Markdown twin, and the page for people. */
export const MOVERS_URL = '/api/movers';
export const MOVERS_MARKDOWN_URL = '/movers.md';
export const MOVERS_PAGE = '/movers';

/**
 * The prebuilt Markdown files that are the twin of one API file (besides the change feed's, whose paths hold a
 * date): the Markdown's path → the JSON's. Each links its JSON, as the change feed's do.
 */
export const MARKDOWN_TWINS: Readonly<Record<string, string>> = Object.fromEntries([
  [catalogMarkdownUrl(), catalogUrl()],
  ...CATALOG_NAMES.map((name) => [catalogMarkdownUrl(name), catalogUrl(name)]),
  [MOVERS_MARKDOWN_URL, MOVERS_URL],
]);
