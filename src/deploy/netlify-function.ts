/**
 * The build published on Netlify with the function running on Netlify itself, as a Netlify Function (v2): what
 * `deploy:netlify` writes without `--function`. Pure: the build's layout and options in, files out; the script
 * (scripts/deploy-netlify.ts) bundles the function's code and checks the size (host-capacity.ts).
 *
 * - The function (src/server/netlify-function.ts, bundled into one module) answers the paths the proxy mode sends
 *   to the Node function (`functionRoutes`, the same list), declared in its in-source `config.path`, which Netlify
 *   reads from the entry module as a literal.
 * - Not `preferStatic`: on those paths the function must answer even where a file lies (`/sealed` beside
 *   sealed.html, `/cards/x` beside x.html, which Netlify's pretty URLs would otherwise serve), as the proxy
 *   mode's rules are forced (`200!`) for the same reason.
 * - The function reads its data (dist/server: the search packs, histories, manifest …) from its own file system,
 *   shipped with it by netlify.toml's `included_files`, and the prebuilt files it answers with (a detail page's
 *   HTML or Markdown, a record's JSON for MCP …) from the deploy, where Netlify serves them: shipped with it, the
 *   bundled catalogue's files would be over Netlify's 50 MB (docs/deploy-netlify.md). So no file the function
 *   reads may lie under its paths (`netlifyFunctionExcludedPaths`).
 * - Everything else is Netlify's static serving with the `_redirects` and `_headers` of netlify.ts, which Netlify
 *   evaluates after the function's paths (https://docs.netlify.com/platform/request-chain).
 */

import { posix } from 'node:path';
import { FUNCTION_FOLDERS, FUNCTION_PATHS, type OutputFile, type StaticNegotiation } from '../http/host-rules.ts';
import { COLLECTIONS } from '../http/links.ts';
import { INDEX_PAGES } from '../http/routes.ts';

/** The function's name on Netlify (its folder under netlify/functions, its name in the logs). */
export const NETLIFY_FUNCTION_NAME = 'card-values';
/** Netlify's default functions folder, relative to the site's base directory. */
export const NETLIFY_FUNCTIONS_DIR = 'netlify/functions';
/** The function's code, bundled by the deploy script beside the generated entry. */
export const NETLIFY_FUNCTION_BUNDLE = 'function.mjs';

/**
 * What Netlify's packager adds to the archive beside the function and its files (its bootstrap and telemetry
 * modules: 0.34 MB zipped by @netlify/zip-it-and-ship-it 16.2), with room for their growth: counted in the size
 * checked against the limit.
 */
export const NETLIFY_PACKAGER_ZIPPED_BYTES = 500_000;

/** A path the function answers: a path alone, or a folder with everything under it. */
export interface FunctionRoute {
  path: string;
  folder: boolean;
  /** A negotiated page's (the function's only with `negotiation: 'function'`). */
  negotiated: boolean;
}

/**
 * The paths the function answers, in the order a host must try them: the searches and search pages, the feeds,
 * and with `negotiation: 'function'` the index pages and every detail page (Accept negotiation is the function's).
 */
export function functionRoutes(negotiation: StaticNegotiation): FunctionRoute[] {
  const routes: FunctionRoute[] = [
    ...FUNCTION_PATHS.map((path) => ({ path, folder: false, negotiated: false })),
    ...FUNCTION_FOLDERS.map((path) => ({ path, folder: true, negotiated: false })),
  ];
  if (negotiation === 'function') {
    // The index pages (/sets) before the folders: a splat also matches the bare folder.
    routes.push(...Object.keys(INDEX_PAGES).map((path) => ({ path, folder: false, negotiated: true })));
    routes.push(...COLLECTIONS.map((collection) => ({ path: `/${collection}`, folder: true, negotiated: true })));
  }
  return routes;
}

/** The routes as Netlify's `config.path` (URLPattern: `/feeds/*` for a folder). */
export function netlifyFunctionPaths(negotiation: StaticNegotiation): string[] {
  return functionRoutes(negotiation).map(({ path, folder }) => (folder ? `${path}/*` : path));
}

/**
 * The files under the function's folders that Netlify serves itself (`config.excludedPath`): with `function`
 * negotiation the detail pages' `.md` and `.html`. The function negotiates `/cards/x` and reads the file it answers
 * with from the deploy, where Netlify serves it (src/server/netlify-function.ts): shipped with the function, the
 * bundled catalogue's pages alone would be over Netlify's limit (docs/deploy-netlify.md).
 */
export function netlifyFunctionExcludedPaths(negotiation: StaticNegotiation): string[] {
  return functionRoutes(negotiation)
    .filter((route) => route.negotiated && route.folder)
    .flatMap(({ path }) => [`${path}/*.md`, `${path}/*.html`]);
}

export interface NetlifyFunctionOptions {
  /** The build, relative to the site's base directory (where netlify.toml is), e.g. `dist`. */
  dist: string;
  negotiation: StaticNegotiation;
  /**
   * The files of dist/server the function reads (src/server/function-data.ts FUNCTION_DATA_FILES, and the agents
   * allowlist's copy), relative to dist/server: given by the deploy script, as this layer imports nothing of the server's.
   */
  dataFiles: readonly string[];
}

/** The files the function is shipped with, as netlify.toml's `included_files` (relative to the base directory): its data. */
export function includedFiles({ dist, dataFiles }: Pick<NetlifyFunctionOptions, 'dist' | 'dataFiles'>): string[] {
  return dataFiles.map((file) => posix.join(dist, 'server', file));
}

const toml = (value: string | string[]) => JSON.stringify(value);

/** netlify.toml: the publish directory, the functions folder, how the function is packaged and what ships with it. */
export function netlifyToml(options: NetlifyFunctionOptions): string {
  return [
    '# Generated by scripts/deploy-netlify.ts from the build; do not edit (docs/deploy-netlify.md).',
    '[build]',
    `  publish = ${toml(posix.join(options.dist, 'client'))}`,
    '',
    '[functions]',
    `  directory = ${toml(NETLIFY_FUNCTIONS_DIR)}`,
    '',
    `[functions.${toml(NETLIFY_FUNCTION_NAME)}]`,
    // The function is one module bundled already: nft traces it as it is, where esbuild would bundle it again.
    '  node_bundler = "nft"',
    `  included_files = [\n${includedFiles(options)
      .map((glob) => `    ${toml(glob)},`)
      .join('\n')}\n  ]`,
    '',
  ].join('\n');
}

/**
 * The function's entry, netlify/functions/card-values/card-values.mjs: Netlify reads `config` from it as written
 * (a literal), and runs its default export. The build lies where the entry finds it relative to itself, in the
 * deployed function as in the base directory (included files keep their paths).
 */
export function netlifyEntry(options: NetlifyFunctionOptions): string {
  const fromEntry = posix.relative(posix.join(NETLIFY_FUNCTIONS_DIR, NETLIFY_FUNCTION_NAME), options.dist);
  return [
    '// Generated by scripts/deploy-netlify.ts; do not edit. The function: src/server/netlify-function.ts.',
    `import { netlifyFunction } from './${NETLIFY_FUNCTION_BUNDLE}';`,
    '',
    `export default netlifyFunction(import.meta.url, ${JSON.stringify(`${fromEntry}/`)});`,
    '',
    `export const config = ${JSON.stringify(netlifyFunctionConfig(options.negotiation), null, 2)};`,
    '',
  ].join('\n');
}

/** The function's in-source config: its paths, the files under them Netlify serves, and never a file before it on its paths. */
export function netlifyFunctionConfig(negotiation: StaticNegotiation): { path: string[]; excludedPath?: string[]; preferStatic: false } {
  const excludedPath = netlifyFunctionExcludedPaths(negotiation);
  return { path: netlifyFunctionPaths(negotiation), ...(excludedPath.length > 0 && { excludedPath }), preferStatic: false };
}

/** Where each generated file of the function lies, relative to the base directory. */
export function functionFilePath(file: string): string {
  return posix.join(NETLIFY_FUNCTIONS_DIR, NETLIFY_FUNCTION_NAME, file);
}

/** netlify.toml and the function's entry (the bundle and the allowlist's copy are the script's: they are not text made here). */
export function netlifyFunctionFiles(options: NetlifyFunctionOptions): OutputFile[] {
  return [
    { path: 'netlify.toml', text: netlifyToml(options) },
    { path: functionFilePath(`${NETLIFY_FUNCTION_NAME}.mjs`), text: netlifyEntry(options) },
  ];
}
