/**
 * The build published on Netlify, with the function on Netlify (netlify-function.ts) or a Node host elsewhere:
 * `_redirects` (the extensionless JSON rewrites, and proxies to a function elsewhere) and
 * `_headers` (the contract's headers of every file Netlify serves itself),
 * derived from the build manifest and the header rules in
 * src/http/headers.ts. Pure: manifest and options in, files out.
 *
 * What shaped it (docs/deploy-netlify.md has the sources):
 *
 * - Redirect conditions cannot read `Accept`, so a static rule cannot
 *   negotiate. `negotiation: 'function'` (the default) forces every path under
 *   /cards/, /sealed/ and /knowledge/ to the function, which negotiates
 *   exactly and also serves the `.md` and `.html` files there with their exact
 *   headers (a placeholder matches a whole segment, dots included, so no rule
 *   can send `/cards/x` to the function and keep `/cards/x.md` static; and
 *   Netlify's pretty URLs make `/cards/x.html` shadow `/cards/x` for rules
 *   that are not forced). `negotiation: 'html'` keeps those files static: the
 *   extensionless page is always the HTML, and agents use the `.md` files.
 * - Custom headers apply only to files Netlify serves from its own store:
 *   proxied answers keep the function's headers, so no rule here touches them.
 * - Header values take no placeholders, so a value that names the slug (the
 *   Link header) or differs per file (x-markdown-tokens) needs one block per
 *   file; everything else is one wildcard rule per kind of file.
 * - The ETag is Netlify's own (it hashes the deployed file and answers
 *   If-None-Match itself); the manifest's is never sent, since two validators
 *   for one body would defeat conditional requests.
 */

import type { FileManifest } from '../http/file-manifest.ts';
import { SECURITY_HEADERS } from '../http/headers.ts';
import { functionBase, type OutputFile, type StaticNegotiation, staticPaths } from '../http/host-rules.ts';
import { COLLECTIONS } from '../http/links.ts';
import { EXTENSIONLESS_API_FILES } from '../http/routes.ts';
import { functionRoutes } from './netlify-function.ts';

export type Negotiation = StaticNegotiation;

export interface NetlifyOptions {
  /** Origin (and optional base path) of the Node function, e.g. `https://fn.example`; without one the function is Netlify's own (netlify-function.ts). */
  functionUrl?: string;
  /** Who answers `/cards/{slug}` and its siblings: the function (exact), or static HTML by default. */
  negotiation?: Negotiation;
  /**
   * Whether Netlify serves the detail pages' files themselves (`/cards/x.md`, `/cards/x.html`) with `function`
   * negotiation: so with the function on Netlify, whose routes leave them to Netlify (netlify-function.ts
   * `netlifyFunctionExcludedPaths`) so that it can read them from the deploy. Their extensionless paths stay the function's.
   */
  staticDetailFiles?: boolean;
}

const COLLECTION_NAMES = COLLECTIONS.join('|');
/** A record's JSON, and a catalogue of filter values (`/api/catalog/{name}`): the same headers for each of a folder. */
const API_PATH = new RegExp(`^/api/(${COLLECTION_NAMES}|catalog)/[^/]+$`);
const DETAIL_PATH = new RegExp(`^/(${COLLECTION_NAMES})/[^/]+?(\\.[a-z]+)?$`);
/** The header the host sets itself, from its own hash of the file. */
const HOST_OWNED = new Set(['etag']);

/**
 * The `_redirects` rules, in order (the first that matches wins; `!` rules apply even where a file exists). With a
 * `functionUrl` the function's paths are proxied to it; without one they are the Netlify function's own routes
 * (netlify-function.ts), which Netlify tries before these rules, so none is written for them.
 */
export function netlifyRedirects(options: Pick<NetlifyOptions, 'negotiation'> & { functionUrl?: string }): string[] {
  const fn = options.functionUrl === undefined ? undefined : functionBase(options.functionUrl);
  const negotiation = options.negotiation ?? 'function';
  const routes = functionRoutes(negotiation);
  const proxies = (negotiated: boolean) =>
    fn === undefined
      ? []
      : routes
          .filter((route) => route.negotiated === negotiated)
          .map(({ path, folder }) => (folder ? `${path}/*  ${fn}${path}/:splat  200!` : `${path}  ${fn}${path}  200!`));
  const lines: string[] = [];
  if (fn !== undefined) {
    lines.push(
      '# Searches and the search pages (and the /api/knowledge list and the /sealed index, which the function serves from their files): the function.',
    );
    lines.push(...proxies(false));
  }
  lines.push('# Extensionless API paths: the prebuilt JSON files (not forced, so the files themselves stay as they are).');
  lines.push(...extensionlessRules());
  for (const collection of COLLECTIONS) lines.push(`/api/${collection}/:slug  /api/${collection}/:slug.json  200`);
  lines.push('/api/changes/:date  /api/changes/:date.json  200');
  if (negotiation === 'function' && fn !== undefined) {
    lines.push('# Detail pages: Accept negotiation is the function’s (Netlify rules cannot read Accept); it serves the .md and .html there too.');
    // The index pages (/sets) negotiate too, and come first: a splat also matches the bare folder (`/sets/*` would send /sets to /sets/).
    // In html mode Netlify's pretty URLs serve their .html.
    lines.push(...proxies(true));
  } else if (negotiation === 'html') {
    lines.push('# Detail pages: HTML whatever the Accept header (agents use the .md files); unknown slugs find no file and get the 404 page.');
    for (const collection of COLLECTIONS) lines.push(`/${collection}/:slug  /${collection}/:slug.html  200`);
  }
  return lines;
}

/**
 * The extensionless API paths (EXTENSIONLESS_API_FILES, each `{path}.json`) as one placeholder rule per folder
 * (`/api/:name  /api/:name.json  200`), so that a new one costs no rule: a name with no file finds none (404),
 * and the searches before them are forced.
 */
function extensionlessRules(): string[] {
  const folders = new Set<string>();
  for (const [path, file] of Object.entries(EXTENSIONLESS_API_FILES)) {
    if (file !== `${path}.json`) throw new Error(`netlify: ${path} is served from ${file}, not from ${path}.json`);
    folders.add(path.slice(0, path.lastIndexOf('/')));
  }
  return [...folders].map((folder) => `${folder}/:name  ${folder}/:name.json  200`);
}

export interface HeaderBlock {
  for: string;
  values: Record<string, string>;
}

/**
 * The `_headers` blocks: security headers everywhere, one wildcard block per
 * kind of file for what all files of that kind share, and one block per path
 * for what differs per path (Link naming the slug, x-markdown-tokens). No
 * header name is set by two blocks that match the same path, so the outcome
 * does not depend on how Netlify combines them.
 */
export function netlifyHeaderBlocks(manifest: FileManifest, options: Pick<NetlifyOptions, 'negotiation' | 'staticDetailFiles'> = {}): HeaderBlock[] {
  const blocks: HeaderBlock[] = [{ for: '/*', values: { ...SECURITY_HEADERS } }];
  const shared = new Map<string, { values: Record<string, string>; example: string }>();
  const perPath: HeaderBlock[] = [];
  for (const { path, headers } of netlifyStaticPaths(manifest, options)) {
    const pattern = wildcardOf(path);
    const own: Record<string, string> = {};
    const common: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (HOST_OWNED.has(name.toLowerCase()) || name in SECURITY_HEADERS) continue;
      if (pattern && !differsPerPath(name, value, path)) common[name] = value;
      else own[name] = value;
    }
    if (pattern) {
      const seen = shared.get(pattern);
      if (!seen) shared.set(pattern, { values: common, example: path });
      else if (JSON.stringify(seen.values) !== JSON.stringify(common)) {
        throw new Error(`netlify: ${path} and ${seen.example} share the rule ${pattern} but not its headers`);
      }
    }
    if (Object.keys(own).length > 0) perPath.push({ for: path, values: own });
  }
  for (const [pattern, { values }] of shared) if (Object.keys(values).length > 0) blocks.push({ for: pattern, values });
  return [...blocks, ...perPath];
}

/** The paths Netlify serves from files: the host rules' (`staticPaths`), and the detail pages' files when they are Netlify's. */
function netlifyStaticPaths(
  manifest: FileManifest,
  { negotiation = 'function', staticDetailFiles }: Pick<NetlifyOptions, 'negotiation' | 'staticDetailFiles'>,
) {
  const paths = staticPaths(manifest, negotiation);
  if (negotiation === 'html' || !staticDetailFiles) return paths;
  const detailFiles = staticPaths(manifest, 'html').filter(({ path, file }) => path === file && DETAIL_PATH.exec(path)?.[2]);
  return [...paths, ...detailFiles];
}

/** A value that cannot be shared by every path of its kind: it names the path's slug, or is a per-file count. */
function differsPerPath(name: string, value: string, path: string): boolean {
  if (name.toLowerCase() === 'x-markdown-tokens') return true;
  const slug = /\/([a-z0-9-]+)(?:\.[a-z]+)?$/.exec(path)?.[1];
  return slug !== undefined && value.includes(`/${slug}`);
}

/**
 * The wildcard rule that covers a path with the others of its kind, or
 * undefined for a path that is its own kind. A `:placeholder` matches a whole
 * segment, so kinds are told apart by extension with `*` (`/cards/*.md`).
 */
function wildcardOf(path: string): string | undefined {
  const api = API_PATH.exec(path);
  // x and x.json: one kind. Not `/api/knowledge/*`, which would also match /api/knowledge.json.
  if (api) return `/api/${api[1]}/:slug`;
  const detail = DETAIL_PATH.exec(path);
  if (detail?.[2]) return `/${detail[1]}/*${detail[2]}`;
  if (detail) return undefined; // html mode's extensionless page: per path
  const asset = /^\/_astro\/.+(\.[a-z0-9]+)$/.exec(path);
  return asset ? `/_astro/*${asset[1]}` : undefined;
}

export function renderHeaders(blocks: HeaderBlock[]): string {
  const head = '# Generated by scripts/deploy-netlify.ts from the build manifest; do not edit.\n';
  return (
    head +
    blocks
      .map(
        (b) =>
          `${b.for}\n${Object.entries(b.values)
            .map(([n, v]) => `  ${n}: ${v}\n`)
            .join('')}`,
      )
      .join('')
  );
}

/** The deployable files: `_redirects` and `_headers`, to be copied into the publish directory (dist/client). */
export function netlifyFiles(manifest: FileManifest, options: NetlifyOptions): OutputFile[] {
  const redirects = ['# Generated by scripts/deploy-netlify.ts; do not edit.', ...netlifyRedirects(options)];
  return [
    { path: '_redirects', text: `${redirects.join('\n')}\n` },
    { path: '_headers', text: renderHeaders(netlifyHeaderBlocks(manifest, options)) },
  ];
}
