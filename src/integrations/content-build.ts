/**
 * The build's other driver (Astro is the first, through build-output.ts and the build route): a rebuild without
 * Astro, for a change to card and sealed files only (an editor's price edit, the daily import). The build routes'
 * bundle that Astro made for this code, these sets and articles and these settings is run again as Astro would run
 * it (src/pipeline/routes-bundle.ts says what is kept and when it is taken). scripts/build.ts starts this instead of
 * Astro when such a bundle is kept.
 *
 * What Astro's build did around the bundle is done here as it did it, by the same code:
 *  1. the card and sealed files are validated by their loaders (src/loaders/record-file-loaders.ts), which read
 *     again only the files whose digest changed, with the same messages;
 *  2. the previous output is moved aside (startBuild), Astro's own files (public/, the 404 page) are put back from
 *     the copy kept with the bundle;
 *  3. the route is asked for its paths and each bundle's answer, written where Astro writes them;
 *  4. finishBuild gathers the answers into the manifest, and the function bundle kept for this code is copied in.
 * The phases are printed as Astro's build prints them (build-log.ts), so that the benchmarks read either alike.
 *
 * Usage:  node src/integrations/content-build.ts <Astro's cache folder> <the routes bundle's key>   (by scripts/build.ts)
 * Exit:   0 built, 1 failed (the error names the file and field at fault)
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import xxhash from 'xxhash-wasm';
import type { LoaderMeta } from '../loaders/loader-meta.ts';
import { cardFilesLoader, sealedFilesLoader } from '../loaders/record-file-loaders.ts';
import { logPhase, logStep } from '../pipeline/build-log.ts';
import { BUNDLE_DIR, finishBuild, startBuild } from '../pipeline/pipeline.ts';
import { handOverCardFileDigests, keptRoutesBundle, updateLoaderMeta } from '../pipeline/routes-bundle.ts';
import { copyKeptFunctionBundle, functionBundleCacheOf } from './function-bundle.ts';

/** The route's module as the bundle exports it (src/pages/emit/[bundle].ndjson.ts). */
interface BuildRoute {
  getStaticPaths(): Promise<{ params: { bundle: string } }[]>;
  GET(context: { params: { bundle: string } }): Promise<Response>;
}

async function contentBuild(cacheDir: string, key: string): Promise<void> {
  const kept = keptRoutesBundle(cacheDir, key);
  if (!kept) throw new Error(`build: no routes bundle kept under ${key} in ${cacheDir}`);
  const { paths, astroClientDir } = kept.description;

  logPhase(1);
  const { h64ToString } = await xxhash();
  const loaderMeta: LoaderMeta = structuredClone(kept.description.loaderMeta);
  for (const [collection, loader] of [
    ['cards', cardFilesLoader()],
    ['sealed', sealedFilesLoader()],
  ] as const) {
    await loader.load(loaderContextOf((loaderMeta[collection] ??= {}), h64ToString));
  }
  const cardFiles = JSON.parse(loaderMeta.cards.files) as Record<string, { digest: string }>;
  handOverCardFileDigests(new Map(Object.entries(cardFiles).map(([file, { digest }]) => [file, digest])));
  // A rebuild that validated nothing again (no file's digest changed) leaves the description as it is.
  if (JSON.stringify(loaderMeta) !== JSON.stringify(kept.description.loaderMeta)) await updateLoaderMeta(cacheDir, kept.description, loaderMeta);
  logStep('validated the card and sealed files whose digests changed');

  logPhase(2);
  logStep('the code, the sets and the articles are unchanged: the build routes of the last build are run again, without Astro');
  const buildStart = Date.now();
  await startBuild(paths, astroClientDir);
  await cp(kept.astroFiles, astroClientDir, { recursive: true });

  // The route prints the third phase when it is asked for its paths, as it does in Astro's build.
  resolvePackagesFromProject(kept.bundleDir, paths.projectRoot);
  // The route's chunk exports the route's module as Astro's pages are: `page()` gives it.
  const { page } = (await import(pathToFileURL(kept.routeFile).href)) as { page: () => BuildRoute | Promise<BuildRoute> };
  const route = await page();
  const answers = join(astroClientDir, BUNDLE_DIR);
  await mkdir(answers, { recursive: true });
  for (const { params } of await route.getStaticPaths()) {
    const answer = await route.GET({ params });
    await writeFile(join(answers, `${params.bundle}.ndjson`), await answer.text());
  }

  logPhase(4);
  await finishBuild(paths, astroClientDir, buildStart, logStep);
  console.log(await copyKeptFunctionBundle(paths.projectRoot, functionBundleCacheOf(cacheDir), paths.serverDir));
}

/**
 * The bundle imports the packages it did not bundle (Astro's runtime, zod …) by name. Astro runs it from a folder in
 * the project, where Node finds them in node_modules; the copy may be kept outside it (CACHE_DIR), so its imports
 * of packages are resolved from the project.
 */
function resolvePackagesFromProject(bundleDir: string, projectRoot: string): void {
  const bundleUrl = pathToFileURL(bundleDir).href;
  const projectUrl = pathToFileURL(join(projectRoot, 'package.json')).href;
  const isPackage = (specifier: string) => !/^(\.|\/|[a-z]+:)/.test(specifier);
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      context.parentURL?.startsWith(bundleUrl) && isPackage(specifier)
        ? nextResolve(specifier, { ...context, parentURL: projectUrl })
        : nextResolve(specifier, context),
  });
}

/**
 * What the record files' loaders are given by Astro, for their meta as it was kept (and is updated in place): a
 * store that holds an entry for each file the meta knows (the loader takes an unchanged file from it unread).
 */
function loaderContextOf(meta: Record<string, string>, digest: (text: string) => string): LoaderContext {
  const known = new Set(Object.keys(JSON.parse(meta.files ?? '{}') as Record<string, unknown>));
  const context = {
    store: {
      has: (id: string) => known.has(id),
      set: ({ id }: { id: string }) => known.add(id),
      delete: (id: string) => known.delete(id),
      keys: () => [...known],
    },
    parseData: async ({ data }: { data: unknown }) => data,
    generateDigest: (data: unknown) => digest(typeof data === 'string' ? data : JSON.stringify(data)),
    meta: {
      get: (name: string) => meta[name],
      set: (name: string, value: string) => {
        meta[name] = value;
      },
    },
  };
  return context as unknown as LoaderContext;
}

const [cacheDir, key] = process.argv.slice(2);
contentBuild(cacheDir, key).then(
  () => undefined,
  (error: Error) => {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  },
);
