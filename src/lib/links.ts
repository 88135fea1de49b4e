/**
 * Every URL the site hands out for a record, in one place: the negotiated page,
 * its Markdown file, its JSON, and the Link header / <link> alternates of each.
 */
export type Collection = 'cards' | 'sealed' | 'knowledge';

export const pageUrl = (collection: Collection, slug: string) => `/${collection}/${slug}`;
export const markdownUrl = (collection: Collection, slug: string) => `/${collection}/${slug}.md`;
export const jsonUrl = (collection: Collection, slug: string) => `/api/${collection}/${slug}`;

export interface Alternate {
  href: string;
  rel: 'alternate' | 'describedby' | 'canonical';
  type?: string;
}

/** The siblings of a detail page and the site index, as the contract lists them. */
export function alternatesOf(collection: Collection, slug: string): Alternate[] {
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
