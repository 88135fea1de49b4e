import { ISO_DATE, SLUG } from '../schemas/patterns.ts';
import type { FileManifest } from './file-manifest.ts';
import { detailLinks, directFileHeaders, fileHeaders } from './headers.ts';
import { COLLECTIONS, type Collection } from './links.ts';
import { AUTOCOMPLETE_PATH, EXTENSIONLESS_API_FILES, FEEDS_FOLDER, INDEX_PAGES } from './routes.ts';

/**
 * What any static host in front of the function must do, whatever its configuration language: serve these
 * paths from build files with these headers (`staticPaths`), pass these to the function (`FUNCTION_PATHS`),
 * at its base URL (`functionBase`). The host generators in src/deploy/ (Netlify, Vercel) write it in their
 * host's terms; the request policy (serve.ts) is the same rules as code.
 */

/**
 * Who answers a negotiated page on a host whose rules cannot read Accept: the function (exact), or the
 * host itself with the HTML (agents use the `.md` files).
 */
export type StaticNegotiation = 'function' | 'html';

export interface OutputFile {
  path: string;
  text: string;
}

/** A record's JSON (`/api/cards/x.json`), its slug captured. */
const API_FILE = new RegExp(`^/api/(${COLLECTIONS.join('|')})/([^/]+)\\.json$`);

/** `https://fn.example/` → `https://fn.example`; refuses anything but an absolute http(s) URL without query or fragment. */
export function functionBase(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new Error(`--function must be an absolute http(s) URL with no query, fragment or credentials, not ${JSON.stringify(url)}`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * The function's paths: searches and autocomplete, the valuing of a list and its page (GET and POST), the MCP endpoint (POST), and the search pages (all of /api/knowledge and /sealed: the function serves
 * their files when there is no query, since a host's query matching needs a non-empty value). Hosts try them before
 * any file rule: /api/cards/autocomplete would otherwise be taken for a card's JSON (`/api/cards/{slug}`).
 */
export const FUNCTION_PATHS = [
  '/api/cards',
  AUTOCOMPLETE_PATH,
  '/api/sealed',
  '/api/knowledge',
  '/api/collection',
  '/search',
  '/sealed',
  '/collection',
  '/mcp',
] as const;

/** The folders whose every path is the function's: the price feeds (`/feeds/cards/{slug}.json` …), which are no files. */
export const FUNCTION_FOLDERS = [FEEDS_FOLDER] as const;

/**
 * The paths a client may ask for that a static host serves from build files,
 * each with the file that answers it and the headers the contract gives it
 * (what the request policy, src/http/serve.ts, sends for that path). Shared by every
 * static host generator and by the tests.
 */
export interface StaticPath {
  path: string;
  file: string;
  headers: Record<string, string>;
}

export function staticPaths(manifest: FileManifest, negotiation: StaticNegotiation): StaticPath[] {
  const out: StaticPath[] = [];
  for (const [file, info] of Object.entries(manifest.files)) {
    const collection = collectionOf(file);
    if (collection && negotiation === 'function') continue; // the function serves the whole folder
    const headers = { ...fileHeaders(file, info), ...directFileHeaders(file) };
    out.push({ path: file, file, headers });
    for (const alias of aliasesOf(file, negotiation)) out.push({ path: alias.path, file, headers: { ...headers, ...alias.headers } });
  }
  return out;
}

/** The detail-page folder a file sits in directly (`/cards/x.md` → cards), if any. */
function collectionOf(file: string): Collection | undefined {
  const parts = file.split('/');
  return parts.length === 3 && (COLLECTIONS as readonly string[]).includes(parts[1]) ? (parts[1] as Collection) : undefined;
}

/** Other request paths a file answers: extensionless API JSON, pages without `.html`, and (html mode) the detail page. */
function aliasesOf(file: string, negotiation: StaticNegotiation): { path: string; headers: Record<string, string> }[] {
  const api = API_FILE.exec(file);
  if (api && SLUG.test(api[2])) return [{ path: file.slice(0, -5), headers: {} }];
  const change = /^\/api\/changes\/([^/]+)\.json$/.exec(file);
  if (change && ISO_DATE.test(change[1])) return [{ path: file.slice(0, -5), headers: {} }];
  const extensionless = Object.entries(EXTENSIONLESS_API_FILES).find(([, target]) => target === file);
  if (extensionless) return [{ path: extensionless[0], headers: {} }];
  if (file === '/index.html') return [{ path: '/', headers: {} }];
  if (!file.endsWith('.html') || file === '/404.html') return [];
  const index = INDEX_PAGES[file.slice(0, -5)];
  // An index page (/sets) is negotiated like a detail page: the function's in function mode, its HTML with its Link in html mode.
  if (index) return negotiation === 'html' ? [{ path: file.slice(0, -5), headers: { Link: detailLinks(index) } }] : [];
  const collection = collectionOf(file);
  if (!collection) return [{ path: file.slice(0, -5), headers: {} }];
  const slug = file.slice(collection.length + 2, -5);
  // html mode: the page is its HTML, and says where its siblings are; it does not vary by Accept here.
  return negotiation === 'html' && SLUG.test(slug) ? [{ path: file.slice(0, -5), headers: { Link: detailLinks(collection, slug) } }] : [];
}
