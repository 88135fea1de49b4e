import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { CONTENT_DIR } from '../loaders/content-dir.ts';
import type { LoaderMeta } from '../loaders/loader-meta.ts';
import type { BuildPaths } from './build-paths.ts';

/**
 * The build routes' bundle, kept for a rebuild without Astro. Astro bundles the build route
 * (src/pages/emit/[bundle].ndjson.ts) with all it imports (the pipeline, the renderers, the components, and Astro's
 * store of the sets and the articles) into a folder it deletes when its build ends. A copy is kept in
 * CACHE_DIR/routes-bundle/, with Astro's own client files (public/, the 404 page) and what the record files'
 * loaders knew, under the key of everything the bundle holds. A rebuild whose key is the same and that changed
 * only card and sealed files runs the copy itself (src/integrations/content-build.ts): Astro's start, its content
 * sync and Vite's bundling were ~1.5 s of a one-price rebuild's ~4.4 s, and none of them depends on those files
 * (the build reads the records from the files, not from Astro's store).
 */
const ROUTES_BUNDLE_DIR = 'routes-bundle';
/** The route's source, as Vite names the bundle's module of it (`virtual:astro:page:src/pages/emit/[bundle].ndjson@_@ts`). */
export const ROUTE_SOURCE = 'src/pages/emit/[bundle].ndjson';

/**
 * What the build reads from its environment when it is configured or bundled (astro.config.mjs, the loaders, the
 * build paths baked into the bundle): another value, another bundle.
 */
const BUILD_SETTINGS = ['CONTENT_DIR', 'OUT_DIR', 'CACHE_DIR', 'SITE_URL', 'CARD_IMAGE_HOST', 'PRICE_STALE_AFTER_DAYS', 'ASTRO_KEY'] as const;

/** The copy's description, written beside it (its key is written last: a copy cut short is not taken). */
export interface KeptRoutesBundle {
  paths: BuildPaths;
  /** The client folder Astro builds into (the build's pages are staged beside it: paths.clientDir). */
  astroClientDir: string;
  /** The route's module, relative to the bundle's folder. */
  route: string;
  /**
   * The function bundle kept in the cache folder (src/integrations/function-bundle.ts) when this was kept, by its
   * key file and key: the content build copies that bundle, as Astro's build does when the code is unchanged.
   */
  functionBundle: { keyFile: string; key: string };
  loaderMeta: LoaderMeta;
}

const KEY_FILE = 'key';
const DESCRIPTION_FILE = 'bundle.json';
const BUNDLE_FOLDER = 'bundle';
const ASTRO_FILES_FOLDER = 'astro-files';

/**
 * The key of what a routes bundle holds: the code version, the sets and the articles (their entries are in
 * Astro's store, which the bundle holds), the verified agents (the function bundle's key, with the code), the
 * build's settings (`env`: the environment the build runs with), the project's folder and the one it runs from.
 */
export function routesBundleKey(codeVersion: string, root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256').update(`${codeVersion}\0${resolve(root)}\0${process.cwd()}\0`);
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\0`);
  const inputs = [join(root, 'config', 'verified-agents.json'), join(CONTENT_DIR, 'sets.json')];
  const knowledge = join(CONTENT_DIR, 'knowledge');
  if (existsSync(knowledge)) {
    const files = readdirSync(knowledge, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    inputs.push(...files.map((entry) => join(entry.parentPath, entry.name)).sort());
  }
  for (const path of inputs) {
    hash.update(`${relative(root, path)}\0`);
    if (existsSync(path)) hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('base64url');
}

/**
 * Keeps a copy of the routes bundle (Astro's prerender folder, `bundleDir`), in place of any kept before; the copy
 * is not taken until finishKeepingRoutesBundle gives it its key.
 */
export async function keepRoutesBundle(cacheDir: string, bundleDir: string): Promise<void> {
  const dir = join(cacheDir, ROUTES_BUNDLE_DIR);
  await rm(dir, { recursive: true, force: true });
  await cp(bundleDir, join(dir, BUNDLE_FOLDER), { recursive: true });
}

/**
 * Completes the copy kept by keepRoutesBundle: Astro's own client files (`astroClientDir`'s, but the routes'
 * answers in `answersDir`), the description, and last the key.
 */
export async function finishKeepingRoutesBundle(
  cacheDir: string,
  key: string,
  from: { astroClientDir: string; answersDir: string },
  description: KeptRoutesBundle,
): Promise<void> {
  const dir = join(cacheDir, ROUTES_BUNDLE_DIR);
  if (!existsSync(join(dir, BUNDLE_FOLDER))) return;
  await cp(from.astroClientDir, join(dir, ASTRO_FILES_FOLDER), { recursive: true, filter: (path) => path !== from.answersDir });
  await writeFile(join(dir, DESCRIPTION_FILE), JSON.stringify(description));
  await writeFile(join(dir, KEY_FILE), key);
}

/** The kept routes bundle, when its key is `key`: its description and where its parts are. */
export function keptRoutesBundle(
  cacheDir: string,
  key: string,
): { description: KeptRoutesBundle; bundleDir: string; routeFile: string; astroFiles: string } | undefined {
  const dir = join(cacheDir, ROUTES_BUNDLE_DIR);
  const keyFile = join(dir, KEY_FILE);
  if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) return undefined;
  try {
    const description = JSON.parse(readFileSync(join(dir, DESCRIPTION_FILE), 'utf8')) as KeptRoutesBundle;
    const { keyFile, key: functionKey } = description.functionBundle;
    if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== functionKey) return undefined;
    const bundleDir = join(dir, BUNDLE_FOLDER);
    return { description, bundleDir, routeFile: join(bundleDir, description.route), astroFiles: join(dir, ASTRO_FILES_FOLDER) };
  } catch {
    // A description cut short (a content build killed while writing it, below): the bundle is not taken.
    return undefined;
  }
}

/** Writes the kept bundle's description again, with the loaders' meta after a content build validated files again. */
export async function updateLoaderMeta(cacheDir: string, description: KeptRoutesBundle, loaderMeta: LoaderMeta): Promise<void> {
  const file = join(cacheDir, ROUTES_BUNDLE_DIR, DESCRIPTION_FILE);
  await writeFile(`${file}.new`, JSON.stringify({ ...description, loaderMeta }));
  await rename(`${file}.new`, file);
}

/**
 * The content build (native Node) hands the card files' digests its loaders made to the bundle it runs (another
 * instance of the modules they share), whose catalogue keys the card files by them (src/pipeline/catalogue.ts).
 */
const CARD_FILE_DIGESTS = Symbol.for('card-values:card-file-digests');
const handOver = globalThis as { [CARD_FILE_DIGESTS]?: Map<string, string> };

/** The card files' digests, by file name, made by the content build's loader: the catalogue takes them instead of Astro's store's. */
export function handOverCardFileDigests(digests: Map<string, string>): void {
  handOver[CARD_FILE_DIGESTS] = digests;
}
export const cardFileDigestsHandedOver = (): Map<string, string> | undefined => handOver[CARD_FILE_DIGESTS];
