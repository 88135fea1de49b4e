/**
 * The Cloudflare deployment of a build, generated from its manifest: a Worker
 * with static assets (the build's public files) whose Worker runs first on
 * every path and answers exactly as the function does
 * (src/deploy/cloudflare/worker.ts). All in one (the default), the function
 * runs inside the Worker (cloudflare/all-in-one.ts) over its data uploaded
 * with the assets, and counts the rate limit in a Durable Object; proxying
 * (`functionOrigin`), its routes go to the function at FUNCTION_ORIGIN.
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
import { type FileManifest, MANIFEST_FILE } from '../http/file-manifest.ts';
import { imageHostDefine } from '../schemas/image-host.ts';
import type { DataParts } from '../server/asset-data.ts';
import { FUNCTION_DATA_FILES, type FunctionDataFile } from '../server/function-data.ts';
import { withoutAjv, withoutRedisStore } from '../server/workerd-bundle.ts';
import { agentDirectoryOf } from '../web-bot-auth/agent-directory.ts';
import { FUNCTION_DATA_PREFIX } from './cloudflare/function-assets.ts';
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

/**
 * The function's data the all-in-one Worker reads from the assets: dist/server's data files but the manifest,
 * which is bundled into the Worker already (its headers need it on every request).
 */
export const WORKER_DATA_FILES = FUNCTION_DATA_FILES.filter((file) => file !== MANIFEST_FILE);

/** The Durable Object class the rate limit counts in, and the binding the Worker finds its namespace under. */
const RATE_LIMIT_OBJECT = { name: 'RATE_LIMITER', class_name: 'RateLimitBucket' } as const;

export interface CloudflareOptions {
  /** Proxying: the function's origin, e.g. https://fn.example, the Worker's FUNCTION_ORIGIN. Unset: all in one. */
  functionOrigin?: string;
  /** All in one: the function's data files' sizes (WORKER_DATA_FILES, read from dist/server), checked against the asset limit. */
  functionDataBytes?: Partial<Record<FunctionDataFile, number>>;
  /** All in one: the verified agents' allowlist (dist/server's copy, parsed), bundled into the Worker. */
  verifiedAgents?: unknown;
  /** All in one: the Worker's RATE_LIMIT and PUBLIC_ORIGIN vars, when set (the function's settings of the same names). */
  vars?: { RATE_LIMIT?: string; PUBLIC_ORIGIN?: string };
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
  vars: Record<string, string>;
  /** All in one: the rate limit's Durable Object namespace. */
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  /** All in one: the migration that creates the rate limit's class (SQLite-backed, as Workers Free requires). */
  migrations?: { tag: string; new_sqlite_classes: string[] }[];
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
  /** All in one: dist/server's files the assets folder holds too, under FUNCTION_DATA_PREFIX; none when proxying. */
  functionData: FunctionDataFile[];
  /** All in one: those over the per-asset limit, stored in parts (asset-data.ts DataParts), and how many. */
  functionDataParts: DataParts;
  config: WranglerConfig;
  /** What was measured, for the operator. */
  measured: { assetFiles: number; workerBytes: number; workerGzipBytes: number; manifestSha256: string; servedFromGzip: ServedFromGzip[] };
  /** `all-in-one`: the function in the Worker; `proxy`: the function at FUNCTION_ORIGIN. */
  mode: 'all-in-one' | 'proxy';
  /** Over a Workers Free limit (Workers Paid is needed). */
  warnings: string[];
  /** Over a Workers Paid limit: Cloudflare would refuse the deploy. */
  errors: string[];
}

const WORKER_SOURCE = join(import.meta.dirname, 'cloudflare', 'worker.ts');
const ALL_IN_ONE_SOURCE = join(import.meta.dirname, 'cloudflare', 'all-in-one.ts');
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
 * their gzip twin; given the verified agents, the all-in-one Worker (the function inside, and the rate limit's
 * Durable Object class), otherwise the proxying one.
 * @example (await bundleWorker({ files: {} })).length > 0
 */
export async function bundleWorker(
  manifest: FileManifest,
  gzipServed: GzipServed = {},
  allInOne?: { verifiedAgents: unknown; dataParts?: DataParts },
): Promise<string> {
  const text = JSON.stringify(manifest.files);
  const entry = allInOne
    ? [
        `import { createAllInOneWorker } from ${JSON.stringify(ALL_IN_ONE_SOURCE)};`,
        `export { RateLimitBucket } from ${JSON.stringify(ALL_IN_ONE_SOURCE)};`,
        `import manifest from ${JSON.stringify(MANIFEST_MODULE)};`,
        `export default createAllInOneWorker(JSON.parse(manifest), ${JSON.stringify(gzipServed)}, ${JSON.stringify(allInOne.verifiedAgents)}, ${JSON.stringify(allInOne.dataParts ?? {})});`,
      ]
    : [
        `import { createWorker } from ${JSON.stringify(WORKER_SOURCE)};`,
        `import manifest from ${JSON.stringify(MANIFEST_MODULE)};`,
        `export default createWorker(JSON.parse(manifest), ${JSON.stringify(gzipServed)});`,
      ];
  const result = await build({
    stdin: { contents: entry.join('\n'), resolveDir: import.meta.dirname, sourcefile: 'cloudflare-entry.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    // The function's packages are read as a browser's (workerd's own conditions first): rate-limiter-flexible's
    // `browser` map leaves out its cluster limiter's Node modules (workerd-bundle.ts); node:* is nodejs_compat's.
    platform: allInOne ? 'browser' : 'neutral',
    conditions: allInOne ? ['workerd', 'worker', 'browser'] : undefined,
    target: 'es2022',
    external: ['node:*'],
    plugins: allInOne ? [manifestPlugin(text), withoutRedisStore, withoutAjv] : [manifestPlugin(text)],
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
  const allInOne = options.functionOrigin === undefined;
  const vars = allInOne
    ? Object.fromEntries(Object.entries(options.vars ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined))
    : { FUNCTION_ORIGIN: options.functionOrigin as string };
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
    vars,
    ...(allInOne && {
      // One object per client, shared by every isolate of every location (docs/limits.md#where-the-buckets-are-kept).
      durable_objects: { bindings: [{ ...RATE_LIMIT_OBJECT }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: [RATE_LIMIT_OBJECT.class_name] }],
    }),
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
 * The Worker's size against Workers' limits on it, gzipped (https://developers.cloudflare.com/workers/platform/limits/#worker-size):
 * over Workers Free's a warning (Workers Paid is needed), over Workers Paid's an error (Cloudflare would refuse it).
 * @example workerSizeProblems(4 * 1024 * 1024).warnings.length // 1
 */
export function workerSizeProblems(workerGzipBytes: number): { warnings: string[]; errors: string[] } {
  const { free, paid } = CLOUDFLARE_LIMITS.workerGzipBytes;
  if (workerGzipBytes > paid) return { warnings: [], errors: [`the Worker is ${mib(workerGzipBytes)} gzipped: Workers Paid allows ${mib(paid)}`] };
  if (workerGzipBytes > free)
    return { warnings: [`the Worker is ${mib(workerGzipBytes)} gzipped: more than Workers Free allows (${mib(free)}); Workers Paid is needed`], errors: [] };
  return { warnings: [], errors: [] };
}

/**
 * What stops the all-in-one deployment's function data from being uploaded: a file the build lacks, or a public
 * file of the build under the data's prefix (whose path the Worker would then serve). A file over the per-asset
 * limit is no problem: it is stored in parts (dataPartsOf).
 */
function functionDataProblems(manifest: FileManifest, options: CloudflareOptions): string[] {
  const problems: string[] = [];
  for (const file of WORKER_DATA_FILES) {
    const bytes = options.functionDataBytes?.[file];
    if (bytes === undefined) problems.push(`dist/server/${file} is missing: the function in the Worker reads it (rebuild with npm run build)`);
  }
  const clash = Object.keys(manifest.files).find((file) => file.startsWith(`${FUNCTION_DATA_PREFIX}/`));
  if (clash) problems.push(`${clash} is a public file under ${FUNCTION_DATA_PREFIX}/, where the Worker keeps the function's data`);
  if (options.verifiedAgents === undefined) problems.push('the verified agents allowlist (dist/server/verified-agents.json) is missing');
  else {
    try {
      agentDirectoryOf(options.verifiedAgents, 'dist/server/verified-agents.json');
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

/** The function's data files over the per-asset limit, each with the fewest parts of at most `limit` bytes. */
function dataPartsOf(options: CloudflareOptions, limit: number): DataParts {
  const parts: DataParts = {};
  for (const file of WORKER_DATA_FILES) {
    const bytes = options.functionDataBytes?.[file];
    if (bytes !== undefined && bytes > limit) parts[file] = Math.ceil(bytes / limit);
  }
  return parts;
}

/**
 * Everything to deploy one build to Cloudflare, checked against the platform's limits: all in one unless
 * `functionOrigin` names the function to proxy to.
 * @example const { files, assets, errors } = await cloudflareDeployment(manifest, { functionDataBytes, verifiedAgents, gzipOf });
 */
export async function cloudflareDeployment(manifest: FileManifest, options: CloudflareOptions): Promise<CloudflareDeployment> {
  const mode = options.functionOrigin === undefined ? 'all-in-one' : 'proxy';
  const config = wranglerConfigOf(options);
  const assetLimit = options.assetFileBytes ?? CLOUDFLARE_LIMITS.assetFileBytes;
  const oversized = oversizedFiles(manifest, options.gzipOf ?? {}, assetLimit);
  const dataErrors = mode === 'all-in-one' ? functionDataProblems(manifest, options) : [];
  const functionDataParts = mode === 'all-in-one' ? dataPartsOf(options, assetLimit) : {};
  const gzipServed: GzipServed = Object.fromEntries(oversized.servedFromGzip.map(({ file, gzip }) => [file, gzip]));
  const assets = Object.keys(manifest.files).filter((file) => !Object.hasOwn(gzipServed, file));
  const functionData = mode === 'all-in-one' ? [...WORKER_DATA_FILES] : [];
  // A deployment that cannot be written is not bundled: the agents it would bundle may be what is wrong.
  const worker =
    dataErrors.length > 0
      ? ''
      : await bundleWorker(manifest, gzipServed, mode === 'all-in-one' ? { verifiedAgents: options.verifiedAgents, dataParts: functionDataParts } : undefined);
  const manifestSha256 = createHash('sha256').update(JSON.stringify(manifest.files)).digest('hex');
  const measured = {
    assetFiles: assets.length + functionData.length + Object.values(functionDataParts).reduce<number>((sum, parts = 1) => sum + parts - 1, 0),
    workerBytes: Buffer.byteLength(worker),
    workerGzipBytes: gzipSync(worker).length,
    manifestSha256,
    servedFromGzip: oversized.servedFromGzip,
  };
  const size = workerSizeProblems(measured.workerGzipBytes);
  const warnings: string[] = [...size.warnings];
  const errors: string[] = [...oversized.errors, ...dataErrors, ...size.errors];
  const { assetFiles } = CLOUDFLARE_LIMITS;
  if (measured.assetFiles > assetFiles.paid) errors.push(`${measured.assetFiles} asset files: a Worker version holds at most ${assetFiles.paid}`);
  else if (measured.assetFiles > assetFiles.free)
    warnings.push(`${measured.assetFiles} asset files: more than Workers Free allows (${assetFiles.free}); Workers Paid is needed`);
  return {
    files: { [WRANGLER_FILE]: wranglerText(config, manifestSha256), [WORKER_FILE]: worker },
    assets,
    functionData,
    functionDataParts,
    config,
    measured,
    mode,
    warnings,
    errors,
  };
}
