/**
 * The Cloudflare deployment of a build, generated from its manifest: a Worker
 * with static assets (the build's public files) whose Worker runs first on
 * every path and answers exactly as the function does
 * (src/deploy/cloudflare/worker.ts), and whose searches go to the function at
 * FUNCTION_ORIGIN.
 *
 * Manifest in, files out: `wrangler.jsonc` and `worker.js` (the Worker bundled
 * by esbuild with the manifest inside, so that headers never need a lookup),
 * the list of files its `assets/` folder holds (every file of the manifest but
 * those over the per-asset limit, which the Worker answers from their gzip
 * twin), plus what was checked against Cloudflare's documented limits. Nothing
 * here writes to disk or reads the build's files; cloudflare-output.ts does.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import type { FileManifest } from '../http/file-manifest.ts';
import { imageHostDefine } from '../schemas/image-host.ts';
import type { GzipServed } from './cloudflare/gzip-served.ts';

/** https://developers.cloudflare.com/workers/platform/limits/ */
export const CLOUDFLARE_LIMITS = {
  /** Static asset files per Worker version: Workers Free, Workers Paid. */
  assetFiles: { free: 20_000, paid: 100_000 },
  /** One static asset file. */
  assetFileBytes: 25 * 1024 * 1024,
  /** The Worker after compression (gzip): Workers Free, Workers Paid. */
  workerGzipBytes: { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 },
  /** The Worker's global scope must run within this at startup. */
  startupMs: 1_000,
} as const;

/** The Workers runtime version the Worker is written for (nodejs_compat: node:crypto and node:path, which the header rules import). */
export const COMPATIBILITY_DATE = '2026-04-01';
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];

export const WORKER_FILE = 'worker.js';
export const WRANGLER_FILE = 'wrangler.jsonc';
/** The folder of the output that holds the static assets (wrangler resolves it from the config file). */
export const ASSETS_FOLDER = 'assets';

export interface CloudflareOptions {
  /** The function's origin, e.g. https://fn.example: the Worker's FUNCTION_ORIGIN. */
  functionOrigin: string;
  /** The Worker's name on Cloudflare. */
  name?: string;
  /** The build's gzip twins: gzip file → the file it inflates to (the bulk manifest's `gzipOf`). */
  gzipOf?: Record<string, string>;
  /** The largest asset Cloudflare takes; CLOUDFLARE_LIMITS.assetFileBytes unless a test lowers it. */
  assetFileBytes?: number;
}

/** The parts of wrangler.jsonc this deployment sets (https://developers.cloudflare.com/workers/wrangler/configuration/). */
export interface WranglerConfig {
  name: string;
  main: string;
  no_bundle: boolean;
  compatibility_date: string;
  compatibility_flags: string[];
  assets: {
    directory: typeof ASSETS_FOLDER;
    binding: 'ASSETS';
    run_worker_first: boolean | string[];
    html_handling: 'none';
    not_found_handling: 'none';
  };
  vars: { FUNCTION_ORIGIN: string };
}

/** A file over the per-asset limit, left out of the assets and answered from its gzip twin. */
export interface ServedFromGzip {
  file: string;
  bytes: number;
  gzip: string;
  gzipBytes: number;
}

export interface CloudflareDeployment {
  /** File name in the output folder → contents. */
  files: Record<string, string>;
  /** The build files the assets folder holds (URL paths, as in the manifest). */
  assets: string[];
  config: WranglerConfig;
  /** What was measured, for the operator. */
  measured: { assetFiles: number; workerBytes: number; workerGzipBytes: number; manifestSha256: string; servedFromGzip: ServedFromGzip[] };
  /** Over a Workers Free limit (Workers Paid is needed). */
  warnings: string[];
  /** Over a Workers Paid limit: Cloudflare would refuse the deploy. */
  errors: string[];
}

const WORKER_SOURCE = join(import.meta.dirname, 'cloudflare', 'worker.ts');
const MANIFEST_MODULE = 'card-values:manifest';

/** The manifest as a text module: parsed once per isolate with JSON.parse, which is faster than an object literal of the same size. */
function manifestPlugin(text: string): Plugin {
  return {
    name: 'card-values-manifest',
    setup(b) {
      b.onResolve({ filter: /^card-values:manifest$/ }, () => ({ path: 'manifest.json', namespace: 'card-values' }));
      b.onLoad({ filter: /.*/, namespace: 'card-values' }, () => ({ contents: text, loader: 'text' }));
    },
  };
}

/**
 * The Worker module for one build: its handlers with the manifest's files inside, and the files it answers from
 * their gzip twin.
 * @example (await bundleWorker({ files: {} })).length > 0
 */
export async function bundleWorker(manifest: FileManifest, gzipServed: GzipServed = {}): Promise<string> {
  const text = JSON.stringify(manifest.files);
  const entry = [
    `import { createWorker } from ${JSON.stringify(WORKER_SOURCE)};`,
    `import manifest from ${JSON.stringify(MANIFEST_MODULE)};`,
    `export default createWorker(JSON.parse(manifest), ${JSON.stringify(gzipServed)});`,
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: import.meta.dirname, sourcefile: 'cloudflare-entry.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*'],
    plugins: [manifestPlugin(text)],
    // The Worker has no environment of its own for this: the image host is the one set when it is bundled.
    define: imageHostDefine(),
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    banner: { js: `// card-values Worker for a build of ${Object.keys(manifest.files).length} files; generated by scripts/deploy-cloudflare.ts, do not edit.` },
  });
  return result.outputFiles[0].text;
}

/**
 * The wrangler.jsonc of the deployment. The Worker runs first everywhere: the
 * asset server alone would answer with its own ETag, no x-markdown-tokens and
 * none of the contract's Link, CORS or security headers, and could not answer
 * an extensionless /api/cards/{slug} at all.
 */
export function wranglerConfigOf(options: CloudflareOptions): WranglerConfig {
  return {
    name: options.name ?? 'card-values',
    main: WORKER_FILE,
    // worker.js is already bundled: what runs on Cloudflare is byte for byte what the tests ran in Miniflare.
    no_bundle: true,
    compatibility_date: COMPATIBILITY_DATE,
    compatibility_flags: COMPATIBILITY_FLAGS,
    assets: {
      directory: ASSETS_FOLDER,
      binding: 'ASSETS',
      run_worker_first: true,
      // Paths reach the asset server exactly as the Worker names files: no /x.html → /x redirect, no 404.html, no index.html for /.
      html_handling: 'none',
      not_found_handling: 'none',
    },
    vars: { FUNCTION_ORIGIN: options.functionOrigin },
  };
}

function wranglerText(config: WranglerConfig, manifestSha256: string): string {
  return [
    '// The Cloudflare deployment of one build (Workers static assets + the Worker in worker.js).',
    `// Generated by scripts/deploy-cloudflare.ts from the build's manifest (sha256 ${manifestSha256}):`,
    '// regenerate after every build, then `npx wrangler deploy` from this folder. See docs/deploy-cloudflare.md.',
    JSON.stringify(config, null, 2),
    '',
  ].join('\n');
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;

/**
 * Which files are over the per-asset limit, and how each is answered: from its gzip twin when the build made one
 * under the limit; otherwise Cloudflare would refuse the deploy (an error naming the file).
 */
export function oversizedFiles(manifest: FileManifest, gzipOf: Record<string, string>, limit: number): { servedFromGzip: ServedFromGzip[]; errors: string[] } {
  const twinOf = new Map(Object.entries(gzipOf).map(([gzip, file]) => [file, gzip]));
  const servedFromGzip: ServedFromGzip[] = [];
  const errors: string[] = [];
  for (const [file, info] of Object.entries(manifest.files)) {
    if (info.bytes <= limit) continue;
    const gzip = twinOf.get(file);
    const gzipBytes = gzip === undefined ? undefined : manifest.files[gzip]?.bytes;
    if (gzip !== undefined && gzipBytes !== undefined && gzipBytes <= limit) servedFromGzip.push({ file, bytes: info.bytes, gzip, gzipBytes });
    else {
      const why = gzipBytes === undefined ? 'and the build has no gzip of it to serve it from' : `and its gzip ${gzip} is ${mib(gzipBytes)}`;
      errors.push(`${file} is ${mib(info.bytes)}: one asset may be at most ${mib(limit)}, ${why}`);
    }
  }
  return { servedFromGzip, errors };
}

/**
 * Everything to deploy one build to Cloudflare, checked against the platform's limits.
 * @example const { files, assets, errors } = await cloudflareDeployment(manifest, { functionOrigin: 'https://fn.example', gzipOf });
 */
export async function cloudflareDeployment(manifest: FileManifest, options: CloudflareOptions): Promise<CloudflareDeployment> {
  const config = wranglerConfigOf(options);
  const oversized = oversizedFiles(manifest, options.gzipOf ?? {}, options.assetFileBytes ?? CLOUDFLARE_LIMITS.assetFileBytes);
  const gzipServed: GzipServed = Object.fromEntries(oversized.servedFromGzip.map(({ file, gzip }) => [file, gzip]));
  const assets = Object.keys(manifest.files).filter((file) => !Object.hasOwn(gzipServed, file));
  const worker = await bundleWorker(manifest, gzipServed);
  const manifestSha256 = createHash('sha256').update(JSON.stringify(manifest.files)).digest('hex');
  const measured = {
    assetFiles: assets.length,
    workerBytes: Buffer.byteLength(worker),
    workerGzipBytes: gzipSync(worker).length,
    manifestSha256,
    servedFromGzip: oversized.servedFromGzip,
  };
  const warnings: string[] = [];
  const errors: string[] = [...oversized.errors];
  const { assetFiles, workerGzipBytes } = CLOUDFLARE_LIMITS;
  if (measured.assetFiles > assetFiles.paid) errors.push(`${measured.assetFiles} asset files: a Worker version holds at most ${assetFiles.paid}`);
  else if (measured.assetFiles > assetFiles.free)
    warnings.push(`${measured.assetFiles} asset files: more than Workers Free allows (${assetFiles.free}); Workers Paid is needed`);
  if (measured.workerGzipBytes > workerGzipBytes.paid)
    errors.push(`the Worker is ${mib(measured.workerGzipBytes)} gzipped: Workers Paid allows ${mib(workerGzipBytes.paid)}`);
  else if (measured.workerGzipBytes > workerGzipBytes.free)
    warnings.push(
      `the Worker is ${mib(measured.workerGzipBytes)} gzipped: more than Workers Free allows (${mib(workerGzipBytes.free)}); Workers Paid is needed`,
    );
  return { files: { [WRANGLER_FILE]: wranglerText(config, manifestSha256), [WORKER_FILE]: worker }, assets, config, measured, warnings, errors };
}
