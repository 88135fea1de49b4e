import { ISO_DATE, SLUG } from '../schemas/patterns.ts';
import { COLLECTIONS, type Collection, type FeedOf, INDEXED_COLLECTIONS, MARKDOWN_TWINS, pageUrl } from './links.ts';

/**
 * Which answer a path gets, decided from the path alone (pure, table-tested).
 * Only strings this module builds from validated slugs or plain static paths
 * ever reach the file system, and only when the build manifest lists them:
 * a request can never name a file outside the build output.
 */
export type Route =
  /** Answered by the function: a search endpoint, or a search page for people (src/server/function-routes.ts). */
  | FunctionRoute
  /** A detail page, or without `slug` the collection's index page (`/sets`). */
  | { kind: 'negotiated'; collection: Collection; slug?: string }
  | { kind: 'file'; file: string; api: boolean; markdownOf?: { collection: Collection; slug: string } }
  | { kind: 'not-found' };

/** What the function computes per request; every runtime without the function passes these on to it. */
export type FunctionRoute = { kind: 'function'; endpoint: FunctionEndpoint; page?: never } | { kind: 'function'; page: FunctionPage; endpoint?: never };

/** The search endpoints, by the last segment of their path (/api/cards …, /api/cards/autocomplete). */
export type SearchEndpoint = 'cards' | 'sealed' | 'knowledge' | 'autocomplete';
/** The function's API endpoints: the searches, the valuing of a list (/api/collection), the MCP endpoint (/mcp) and the price feeds (/feeds/…). */
export type FunctionEndpoint = SearchEndpoint | 'collection' | 'mcp' | 'feed';

/** The folder of the price feeds, all answered by the function (a file each would double the build's files). */
export const FEEDS_FOLDER = '/feeds';

/** A price feed's path read: what it follows (a card or a sealed product by slug, a set by id, or a list given as `list=`) and in which format. */
export type FeedPath = { of: FeedOf; slug: string; format: 'json' | 'atom' } | { of: 'collection'; slug?: never; format: 'json' | 'atom' };

/**
 * `/feeds/cards/{slug}.json|.atom`, `/feeds/sets/{id}.json|.atom`, `/feeds/sealed/{slug}.json|.atom` and
 * `/feeds/collection.json|.atom` read, or undefined for any other path.
 * @example feedPathOf('/feeds/cards/charizard-base1-4.atom') // { of: 'cards', slug: 'charizard-base1-4', format: 'atom' }
 */
export function feedPathOf(pathname: string): FeedPath | undefined {
  const list = /^\/feeds\/collection\.(json|atom)$/.exec(pathname);
  if (list) return { of: 'collection', format: list[1] as FeedPath['format'] };
  const match = /^\/feeds\/(cards|sets|sealed)\/([^/]+)\.(json|atom)$/.exec(pathname);
  if (!match || !SLUG.test(match[2])) return undefined;
  return { of: match[1] as FeedOf, slug: match[2], format: match[3] as FeedPath['format'] };
}

/**
 * The card names and sets a typed prefix starts. It sits where a card's JSON would (`/api/cards/{slug}`), so it is
 * routed before that, here and in every host configuration (src/http/host-rules.ts FUNCTION_PATHS).
 */
export const AUTOCOMPLETE_PATH = '/api/cards/autocomplete';

/** The MCP endpoint (Streamable HTTP, stateless): JSON-RPC messages in a POST, nothing else. */
export const MCP_PATH = '/mcp';

/**
 * The paths that take a POST, and what else they allow: a list to value may be longer than a URL holds, and an
 * MCP message is a POST alone (no stream to GET, no session to DELETE). Every other path is read-only
 * (ALLOWED_METHODS), and a host in front must pass POST on for these alone.
 */
const POST_PATH_METHODS: Record<string, string> = {
  '/api/collection': 'GET, HEAD, POST, OPTIONS',
  '/collection': 'GET, HEAD, POST, OPTIONS',
  [MCP_PATH]: 'POST, OPTIONS',
};
export const POST_PATHS: readonly string[] = Object.keys(POST_PATH_METHODS);
/** The methods a path allows, as an Allow header says them. */
export const allowedMethodsOf = (pathname: string): string => POST_PATH_METHODS[pathname] ?? 'GET, HEAD, OPTIONS';
/** Whether a path allows a method (OPTIONS, the preflight, is allowed everywhere). */
export const allowsMethod = (pathname: string, method: string): boolean => allowedMethodsOf(pathname).split(', ').includes(method);
/**
 * The search pages for people, by what they list: `/search` (cards) and `/sealed` with a query
 * (without one, /sealed is the prebuilt index of sealed products by kind).
 */
export type ListingPage = 'cards' | 'sealed';
/** The pages for people the function renders: the search pages, and what a collection is worth (`/collection`). */
export type FunctionPage = ListingPage | 'collection';

/** Plain static paths: no dot segments, no encoded or control characters. */
const STATIC_PATH = /^(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/;
const COLLECTION_NAMES = new Set<string>(COLLECTIONS);
/** The negotiated index pages by path (`/sets`): their files are `/sets.html`, `/sets.md` and `/api/sets.json`. */
export const INDEX_PAGES: Record<string, Collection> = Object.fromEntries(INDEXED_COLLECTIONS.map((c) => [`/${c}`, c]));

/**
 * API files also served without their `.json`, as the contract names them (the
 * host configurations in src/deploy/ rewrite the same paths).
 */
export const EXTENSIONLESS_API_FILES: Record<string, string> = {
  '/api/content': '/api/content.json',
  '/api/bulk/manifest': '/api/bulk/manifest.json',
  '/api/changes': '/api/changes.json',
  '/api/sets': '/api/sets.json',
  // The JSON twins of MARKDOWN_TWINS: the catalogues of filter values and the price movers.
  ...Object.fromEntries(Object.values(MARKDOWN_TWINS).map((path) => [path, `${path}.json`])),
};

/** Pages whose file name differs from their path (build.format 'file'). */
const PAGE_FILES: Record<string, string> = { '/': '/index.html' };

/**
 * The request target as a URL of a fixed origin. The target is read as a path
 * even when it begins with `//` (which `new URL(target, base)` would take for a
 * host); an absolute-form target (`GET http://host/path`, as proxies send)
 * keeps only its path and query. Anything else (`*`, garbage) is null.
 * @example requestUrlOf('//llms.txt')?.pathname // "//llms.txt"
 */
export function requestUrlOf(target: string): URL | null {
  const origin = 'http://localhost';
  if (target.startsWith('/')) return URL.parse(`${origin}${target}`);
  if (!/^https?:\/\//i.test(target)) return null;
  const absolute = URL.parse(target);
  return absolute && URL.parse(`${origin}${absolute.pathname}${absolute.search}`);
}

/**
 * @example routeOf('/api/cards', new URLSearchParams('q=mew')) // { kind: 'function', endpoint: 'cards' }
 * @example routeOf('/cards/charizard-base1-4', new URLSearchParams()) // { kind: 'negotiated', collection: 'cards', slug: 'charizard-base1-4' }
 */
export function routeOf(pathname: string, query: URLSearchParams): Route {
  if (pathname === '/api/cards') return { kind: 'function', endpoint: 'cards' };
  if (pathname === AUTOCOMPLETE_PATH) return { kind: 'function', endpoint: 'autocomplete' };
  if (pathname === '/api/sealed') return { kind: 'function', endpoint: 'sealed' };
  if (pathname === '/api/collection') return { kind: 'function', endpoint: 'collection' };
  if (pathname === '/collection') return { kind: 'function', page: 'collection' };
  if (pathname === MCP_PATH) return { kind: 'function', endpoint: 'mcp' };
  if (pathname === '/search') return { kind: 'function', page: 'cards' };
  if (pathname === '/sealed' && query.size > 0) return { kind: 'function', page: 'sealed' };
  if (pathname === FEEDS_FOLDER || pathname.startsWith(`${FEEDS_FOLDER}/`))
    return feedPathOf(pathname) ? { kind: 'function', endpoint: 'feed' } : { kind: 'not-found' };
  if (pathname === '/api/knowledge') {
    return query.has('q') || query.has('tag') ? { kind: 'function', endpoint: 'knowledge' } : { kind: 'file', file: '/api/knowledge.json', api: true };
  }
  if (Object.hasOwn(EXTENSIONLESS_API_FILES, pathname)) return { kind: 'file', file: EXTENSIONLESS_API_FILES[pathname], api: true };

  const parts = pathname.split('/');
  if (parts.length === 4 && parts[1] === 'api' && parts[2] === 'changes') {
    const date = parts[3].endsWith('.json') ? parts[3].slice(0, -5) : parts[3];
    return ISO_DATE.test(date) ? { kind: 'file', file: `/api/changes/${date}.json`, api: true } : { kind: 'not-found' };
  }
  if (parts.length === 4 && parts[1] === 'api' && COLLECTION_NAMES.has(parts[2])) {
    const slug = parts[3].endsWith('.json') ? parts[3].slice(0, -5) : parts[3];
    return SLUG.test(slug) ? { kind: 'file', file: `/api/${parts[2]}/${slug}.json`, api: true } : { kind: 'not-found' };
  }
  if (parts.length === 3 && COLLECTION_NAMES.has(parts[1])) {
    const collection = parts[1] as Collection;
    if (parts[2].endsWith('.md')) {
      const slug = parts[2].slice(0, -3);
      return SLUG.test(slug) ? { kind: 'file', file: pathname, api: false, markdownOf: { collection, slug } } : { kind: 'not-found' };
    }
    if (parts[2].endsWith('.html')) return SLUG.test(parts[2].slice(0, -5)) ? { kind: 'file', file: pathname, api: false } : { kind: 'not-found' };
    return SLUG.test(parts[2]) ? { kind: 'negotiated', collection, slug: parts[2] } : { kind: 'not-found' };
  }
  if (Object.hasOwn(INDEX_PAGES, pathname)) return { kind: 'negotiated', collection: INDEX_PAGES[pathname] };
  if (PAGE_FILES[pathname]) return { kind: 'file', file: PAGE_FILES[pathname], api: false };
  if (STATIC_PATH.test(pathname)) return { kind: 'file', file: pathname, api: pathname.startsWith('/api/') };
  return { kind: 'not-found' };
}

/** The build file a file route serves: the path itself, or a page's `.html` (build.format 'file'); undefined when there is none. */
export function fileOfRoute(route: Extract<Route, { kind: 'file' }>, files: Record<string, unknown>): string | undefined {
  if (files[route.file]) return route.file;
  const page = `${route.file}.html`;
  return !route.api && !route.markdownOf && files[page] ? page : undefined;
}

/** Whether a route leads anywhere (for preflights, which are answered without running the route). */
export function routeExists(route: Route, files: Record<string, unknown>): boolean {
  switch (route.kind) {
    case 'function':
      return true;
    case 'negotiated':
      return files[`${pageUrl(route.collection, route.slug)}.html`] !== undefined;
    case 'file':
      return fileOfRoute(route, files) !== undefined;
    case 'not-found':
      return false;
  }
}
