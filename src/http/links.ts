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
}

/** The siblings of a detail page and the site index, as the contract lists them. */
export function alternatesOf(collection: Collection, slug?: string): Alternate[] {
  return [
    { href: markdownUrl(collection, slug), rel: 'alternate', type: 'text/markdown' },
    { href: jsonUrl(collection, slug), rel: 'alternate', type: 'application/json' },
    { href: '/llms.txt', rel: 'describedby' },
  ];
}

/** @example linkHeader([{ href: '/llms.txt', rel: 'describedby' }]) // '</llms.txt>; rel="describedby"' */
export function linkHeader(links: Alternate[]): string {
  return links.map((l) => `<${l.href}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}

/** The change feed: `/api/changes` (every import) and `/api/changes/{date}` (one), and their Markdown twins. */
export const changesUrl = (asOf?: string) => (asOf ? `/api/changes/${asOf}` : '/api/changes');
export const changesMarkdownUrl = (asOf?: string) => (asOf ? `/changes/${asOf}.md` : '/changes.md');
