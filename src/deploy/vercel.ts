/**
 * The build published on Vercel, in two modes. Function mode (vercelBuildOutput): the Build Output API (v3)
 * layout, where the rules below, normalised into `routes`, send the function's paths to a Vercel Function of the
 * deployment (src/server/vercel-function.ts; packaged by scripts/lib/vercel-output.ts). Proxy mode (vercelFiles), with the Node
 * function running elsewhere:
 * one `vercel.json` whose `rewrites` send searches to the function, serve the
 * extensionless JSON from its file, and negotiate detail pages by `Accept`
 * where a regular expression decides exactly (src/http/accept-classes.ts),
 * handing every other Accept to the function; and whose `headers` give each
 * file the contract's headers. Pure: manifest and options in, files out.
 *
 * What shaped it (docs/deploy-vercel.md has the sources):
 *
 * - Routes are regular expressions (PCRE-compatible, per the Build Output
 *   API), and a `has` value is a regular expression with no way to pass flags.
 *   The accept classes must match case-insensitively, so each pattern is
 *   case-folded by spelling every letter as a class (`[tT][eE]…`): the same
 *   language in PCRE, JavaScript or any other engine, no `(?i)` needed.
 * - Header values may name the source's parameters, so the Link headers that
 *   carry the slug are one rule per kind of file, not one per file: the whole
 *   catalogue needs a few dozen rules against limits of 2,048 rewrites,
 *   2,048 headers and 1,024 routes per deployment. Per-file values cannot:
 *   x-markdown-tokens is not sent by Vercel (the function sends it), and the
 *   ETag is Vercel's own.
 * - Vercel checks the filesystem before rewrites, so `/cards/x.md` is always
 *   the file; `cleanUrls` stays off, or `/cards/x.html` would redirect to the
 *   negotiated `/cards/x` and stop being a plain file.
 */

import { getTransformedRoutes, type Route } from '@vercel/routing-utils';
import { acceptClasses } from '../http/accept-classes.ts';
import type { FileManifest } from '../http/file-manifest.ts';
import { fileHeaders, negotiatedHeaders, representationFile, SECURITY_HEADERS } from '../http/headers.ts';
import { FUNCTION_FOLDERS, FUNCTION_PATHS, functionBase, type OutputFile, staticPaths } from '../http/host-rules.ts';
import { POST_BODY_MAX_BYTES } from '../http/limits.ts';
import { COLLECTIONS } from '../http/links.ts';
import { negotiate, type Representation } from '../http/negotiate.ts';
import { EXTENSIONLESS_API_FILES, INDEX_PAGES } from '../http/routes.ts';
import { DATE_PATTERN, SLUG, SLUG_PATTERN } from '../schemas/patterns.ts';

export interface VercelOptions {
  /** Origin (and optional base path) of the Node function, e.g. `https://fn.example`. */
  functionUrl: string;
}

interface HasItem {
  type: 'header' | 'query';
  key: string;
  value?: string;
}

export interface VercelRewrite {
  source: string;
  destination: string;
  has?: HasItem[];
  missing?: HasItem[];
}

export interface VercelHeaderRule {
  source: string;
  has?: HasItem[];
  missing?: HasItem[];
  headers: { key: string; value: string }[];
}

export interface VercelConfig {
  $schema: string;
  cleanUrls: boolean;
  rewrites: VercelRewrite[];
  headers: VercelHeaderRule[];
}

/** The slug parameter as a path-to-regexp source segment: exactly the slugs the function accepts. */
const SLUG_PARAM = `:slug(${SLUG_PATTERN})`;
const HOST_OWNED = new Set(['etag', 'x-markdown-tokens']);
/** A negotiated detail page, and a file of a record (its slug captured): `/cards/x`; `/cards/x.md`, `/api/cards/x.json`. */
const DETAIL_PAGE = new RegExp(`^/(${COLLECTIONS.join('|')})/[^/.]+$`);
const DETAIL_FILE = new RegExp(`^/(?:api/)?(?:${COLLECTIONS.join('|')})/([^/]+?)(?:\\.[a-z]+)?$`);

/**
 * A regular expression source that matches, without any flag, what `source`
 * matches with the case-insensitive flag: every ASCII letter outside a class
 * becomes `[xX]`, and classes gain the other case of their letters and ranges.
 * @example caseFold('^text/\\*') // '^[tT][eE][xX][tT]/\\*'
 */
export function caseFold(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      out += c + source[++i];
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(source.slice(i));
      if (range) {
        out += `${range[0]}${swapCase(range[1])}-${swapCase(range[2])}`;
        i += 2;
      } else out += /[a-zA-Z]/.test(c) ? c + swapCase(c) : c;
      continue;
    }
    if (c === '[') inClass = true;
    out += /[a-zA-Z]/.test(c) ? `[${c}${swapCase(c)}]` : c;
  }
  return out;
}

const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/**
 * The accept conditions, in order: each class's `has` (its case-folded
 * pattern, made to span the whole header so that it means the same whether
 * the engine anchors the value or searches it), and a `missing` for every
 * earlier class that picks another representation, so that at most one
 * condition holds for any header. An absent header is HTML.
 */
export function acceptConditions(): { representation: Representation; has?: HasItem[]; missing?: HasItem[] }[] {
  const classes = acceptClasses('js').map((c) => ({
    representation: c.representation,
    value: caseFold(c.pattern.endsWith('$') ? c.pattern : `${c.pattern}.*$`),
  }));
  const conditions: { representation: Representation; has?: HasItem[]; missing?: HasItem[] }[] = [
    { representation: negotiate(undefined) ?? 'html', missing: [{ type: 'header', key: 'accept' }] },
  ];
  classes.forEach((c, i) => {
    const earlier = classes.slice(0, i).filter((e) => e.representation !== c.representation);
    const missing = earlier.map((e): HasItem => ({ type: 'header', key: 'accept', value: e.value }));
    conditions.push({ representation: c.representation, has: [{ type: 'header', key: 'accept', value: c.value }], ...(missing.length ? { missing } : {}) });
  });
  return conditions;
}

export function vercelRewrites(manifest: FileManifest, options: VercelOptions): VercelRewrite[] {
  const fn = functionBase(options.functionUrl);
  const rewrites: VercelRewrite[] = [];
  for (const path of FUNCTION_PATHS) rewrites.push({ source: path, destination: `${fn}${path}` });
  for (const folder of FUNCTION_FOLDERS) rewrites.push({ source: `${folder}/:path*`, destination: `${fn}${folder}/:path*` });
  // Pages outside the detail folders (/knowledge): the function serves them without `.html`, so does this (the index pages negotiate, below).
  for (const file of Object.keys(manifest.files)) {
    if (/^\/[^/]+\.html$/.test(file) && file !== '/index.html' && file !== '/404.html' && !Object.hasOwn(INDEX_PAGES, file.slice(0, -5)))
      rewrites.push({ source: file.slice(0, -5), destination: file });
  }
  for (const [source, destination] of Object.entries(EXTENSIONLESS_API_FILES)) rewrites.push({ source, destination });
  for (const collection of COLLECTIONS) {
    rewrites.push({ source: `/api/${collection}/${SLUG_PARAM}`, destination: `/api/${collection}/:slug.json` });
  }
  rewrites.push({ source: `/api/changes/:date(${DATE_PATTERN})`, destination: '/api/changes/:date.json' });
  for (const collection of COLLECTIONS) {
    for (const { representation, has, missing } of acceptConditions()) {
      const destination = representationFile(collection, ':slug', representation);
      rewrites.push({ source: `/${collection}/${SLUG_PARAM}`, ...(has ? { has } : {}), ...(missing ? { missing } : {}), destination });
    }
    // Every other Accept (q-values that matter, a 406): the function decides.
    rewrites.push({ source: `/${collection}/${SLUG_PARAM}`, destination: `${fn}/${collection}/:slug` });
  }
  // The index pages (/sets) negotiate as the detail pages do.
  for (const [path, collection] of Object.entries(INDEX_PAGES)) {
    for (const { representation, has, missing } of acceptConditions()) {
      rewrites.push({
        source: path,
        ...(has ? { has } : {}),
        ...(missing ? { missing } : {}),
        destination: representationFile(collection, undefined, representation),
      });
    }
    rewrites.push({ source: path, destination: `${fn}${path}` });
  }
  return rewrites;
}

/**
 * The slug parameter of a header rule for the files of `folder`: any slug but the name of a path of the function
 * there (`/api/cards/autocomplete`), whose answer a rule for the folder's files would otherwise reach, since every
 * header rule that matches applies.
 */
function slugParamBeside(folder: string): string {
  const names = FUNCTION_PATHS.filter((path) => path.startsWith(`${folder}/`)).map((path) => path.slice(folder.length + 1));
  return names.length === 0 ? SLUG_PARAM : `:slug((?!(?:${names.join('|')})$)${SLUG_PATTERN})`;
}

const toList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
const shareable = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOST_OWNED.has(k.toLowerCase())));

/**
 * The header rules: security headers on every path, one rule per kind of
 * static file (its slug a parameter), and one per accept condition on the
 * negotiated pages. Vercel applies every rule that matches, the last one
 * winning a name; no two rules here that can match one request set the same
 * name, except the security header that all of them share.
 */
export function vercelHeaderRules(manifest: FileManifest): VercelHeaderRule[] {
  const rules: VercelHeaderRule[] = [{ source: '/(.*)', headers: toList(SECURITY_HEADERS) }];
  const kinds = new Map<string, { headers: Record<string, string>; example: string }>();
  for (const { path, headers } of staticPaths(manifest, 'html')) {
    if (DETAIL_PAGE.test(path) || Object.hasOwn(INDEX_PAGES, path)) continue; // negotiated below
    // The function answers its own paths with its own headers: /sealed is also the path of a file (its index page).
    if ((FUNCTION_PATHS as readonly string[]).includes(path)) continue;
    const slug = DETAIL_FILE.exec(path)?.[1];
    const templated = slug && SLUG.test(slug);
    const source = templated ? path.replace(`/${slug}`, `/${slugParamBeside(path.slice(0, path.lastIndexOf('/')))}`) : path;
    const values = Object.fromEntries(
      Object.entries(shareable(headers)).map(([k, v]) => [k, templated ? v.replaceAll(`/${slug}>`, '/:slug>').replaceAll(`/${slug}.`, '/:slug.') : v]),
    );
    const seen = kinds.get(source);
    if (!seen) kinds.set(source, { headers: values, example: path });
    else if (JSON.stringify(seen.headers) !== JSON.stringify(values)) {
      throw new Error(`vercel: ${path} and ${seen.example} share the rule ${source} but not its headers`);
    }
  }
  for (const [source, { headers }] of kinds) rules.push({ source, headers: toList(headers) });
  for (const collection of COLLECTIONS) {
    for (const { representation, has, missing } of acceptConditions()) {
      const file = representationFile(collection, ':slug', representation);
      const headers = { ...shareable(fileHeaders(file, { etag: '', bytes: 0 })), ...negotiatedHeaders(collection, ':slug', representation) };
      rules.push({ source: `/${collection}/${SLUG_PARAM}`, ...(has ? { has } : {}), ...(missing ? { missing } : {}), headers: toList(headers) });
    }
  }
  for (const [path, collection] of Object.entries(INDEX_PAGES)) {
    for (const { representation, has, missing } of acceptConditions()) {
      const file = representationFile(collection, undefined, representation);
      const headers = { ...shareable(fileHeaders(file, { etag: '', bytes: 0 })), ...negotiatedHeaders(collection, undefined, representation) };
      rules.push({ source: path, ...(has ? { has } : {}), ...(missing ? { missing } : {}), headers: toList(headers) });
    }
  }
  return rules;
}

export function vercelConfig(manifest: FileManifest, options: VercelOptions): VercelConfig {
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    // Off: on, /cards/x.html would redirect to /cards/x, which negotiates. trailingSlash stays unset: no redirects either way.
    cleanUrls: false,
    rewrites: vercelRewrites(manifest, options),
    headers: vercelHeaderRules(manifest),
  };
}

/** The deployable file: `vercel.json`, at the root of the project whose output directory is dist/client. */
export function vercelFiles(manifest: FileManifest, options: VercelOptions): OutputFile[] {
  return [{ path: 'vercel.json', text: `${JSON.stringify(vercelConfig(manifest, options), null, 2)}\n` }];
}

// ---------------------------------------------------------------- function mode (Build Output API v3)

/**
 * Where things lie in function mode's Build Output:
 *
 *   .vercel/output/config.json                    routes (vercelBuildOutputConfig)
 *   .vercel/output/static/…                       the build's public files (dist/client)
 *   .vercel/output/functions/_card-values.func/   the function (scripts/lib/vercel-output.ts writes it): .vc-config.json,
 *                                                 package.json, index.mjs, verified-agents.json, and the folders
 *                                                 src/server/vercel-function.ts reads (its data, gzip copies of files)
 */
export const VERCEL_OUTPUT_DIR = '.vercel/output';
/** The function's folder is `functions/<name>.func`; Vercel serves it at `/<name>`. */
export const VERCEL_FUNCTION_NAME = '_card-values';
/** The bundled function module inside the folder. */
export const VERCEL_FUNCTION_HANDLER = 'index.mjs';

/**
 * The function's path in the deployment, the destination of every route to it. A Vercel Function reached through
 * a route is given the request's own path and query (the client's URL), not this one; asked for by this path
 * itself it answers 404, as for any path it does not serve.
 */
const FUNCTION_ROUTE = `/${VERCEL_FUNCTION_NAME}`;
/** Stands for the function while the rules are normalised; every route to it is pointed at FUNCTION_ROUTE after. */
const FUNCTION_STAND_IN = 'https://card-values-function.invalid';

/**
 * Vercel's limits on a function (https://vercel.com/docs/functions/limitations), in bytes; "MB" read as 10^6,
 * the stricter reading. A streamed response has no size limit, a request body has this one.
 */
export const VERCEL_FUNCTION_LIMITS = {
  /** The function's files, unzipped: its code, its data and the prebuilt files it answers with. */
  bundleBytes: 250_000_000,
  /** A request body: the list endpoint's and MCP's POST limit must fit under it. */
  requestBodyBytes: 4_500_000,
} as const;

/** `.vercel/output/config.json`: the routes, the same rules as proxy mode's vercel.json, with the function a path of the deployment. */
export interface BuildOutputConfig {
  version: 3;
  routes: Route[];
}

/**
 * The routes of function mode: proxy mode's rewrites and header rules (vercelConfig), normalised as Vercel
 * normalises a vercel.json (@vercel/routing-utils), so every static answer is what proxy mode gives; then each
 * route to the function sends the request to the function of the deployment instead, with nothing added to its
 * query. The build's 404.html answers what nothing else does, as Vercel does for a static output folder.
 */
export function vercelBuildOutputConfig(manifest: FileManifest): BuildOutputConfig {
  const { routes, error } = getTransformedRoutes(vercelConfig(manifest, { functionUrl: FUNCTION_STAND_IN }));
  if (error || !routes) throw new Error(`vercel: the rules do not normalise into routes: ${error?.message}`);
  const toFunction = (route: Route): Route => ('dest' in route && route.dest?.startsWith(`${FUNCTION_STAND_IN}/`) ? { ...route, dest: FUNCTION_ROUTE } : route);
  const notFound: Route[] = Object.hasOwn(manifest.files, '/404.html') ? [{ handle: 'error' }, { src: '/.*', dest: '/404.html', status: 404 }] : [];
  return { version: 3, routes: [...routes.map(toFunction), ...notFound] };
}

/** Whether a route sends its request to the function of the deployment. */
export const routesToFunction = (route: Route): boolean => 'dest' in route && route.dest === FUNCTION_ROUTE;

/**
 * The function's `.vc-config.json`: Node.js 24 (the project's Node), the bundled module, started by
 * Vercel's Node launcher (`Nodejs`), which calls the exported web handlers (GET, POST …) with a `Request`; no
 * helpers (they are for `(req, res)` handlers); responses streamed, which lifts the 4.5 MB limit on a response (a
 * valued list of the most lines is about 12 MB).
 */
export const VERCEL_FUNCTION_CONFIG = {
  runtime: 'nodejs24.x',
  handler: VERCEL_FUNCTION_HANDLER,
  launcherType: 'Nodejs',
  shouldAddHelpers: false,
  supportsResponseStreaming: true,
} as const;

/** Why Vercel would refuse the function: its files over the size limit, or a body it accepts over Vercel's. */
export function vercelFunctionProblems({ functionBytes, postBodyBytes = POST_BODY_MAX_BYTES }: { functionBytes: number; postBodyBytes?: number }): string[] {
  const { bundleBytes, requestBodyBytes } = VERCEL_FUNCTION_LIMITS;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const problems: string[] = [];
  if (functionBytes > bundleBytes)
    problems.push(
      `the function is ${mb(functionBytes)} unzipped (its code, data and the prebuilt files it answers with): a Vercel Function may be at most ${mb(bundleBytes)}`,
    );
  if (postBodyBytes > requestBodyBytes)
    problems.push(`the function accepts POST bodies (lists, MCP) of ${mb(postBodyBytes)}: Vercel passes at most ${mb(requestBodyBytes)} to a function`);
  return problems;
}
