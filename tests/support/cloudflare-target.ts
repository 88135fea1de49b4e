import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { readGzipTwins } from '../../scripts/lib/deploy-cli.ts';
import { type CloudflareDeployment, type CloudflareOptions, cloudflareDeployment, WRANGLER_FILE, type WranglerConfig } from '../../src/deploy/cloudflare.ts';
import { readFunctionData, writeCloudflareDeployment } from '../../src/deploy/cloudflare-output.ts';
import { manifestOf } from './built-files.ts';
import { ROOT } from './fixture-site.ts';
import { type RunningServer, TEST_RATE_LIMIT } from './server.ts';

/** The Cloudflare deployment of a build, running in Miniflare (workerd, Workers static assets) on a free port. */
export interface CloudflareTarget {
  url: string;
  /** The folder the deployment was generated into (wrangler.jsonc, worker.js, assets/). */
  outDir: string;
  /** What the generator decided and measured. */
  deployment: CloudflareDeployment;
  /** Miniflare itself: its Workers by name (`edge`, and `edge-2` when two were asked for). */
  mf: Miniflare;
  /** What the Worker printed so far (console.log and console.warn, workerd's own errors). */
  logs(): string;
  stop(): Promise<void>;
}

export interface CloudflareTargetOptions {
  /** Proxying: the function's URL. Unset: the all-in-one Worker. */
  functionUrl?: string;
  /** Lowers the per-asset limit, so that a small build has files over it. */
  assetFileBytes?: number;
  /** Runs a deployment the generator would refuse (the caller checks `deployment.errors`). */
  allowErrors?: boolean;
  /** All in one: the Worker's RATE_LIMIT and PUBLIC_ORIGIN, as `--rate-limit` and `--public-origin` set them. */
  vars?: CloudflareOptions['vars'];
  /**
   * Two Workers from the same generated files, bound to one Durable Object namespace: two isolates of one
   * deployment, as two Cloudflare locations run it. The second is reached through `mf.getWorker('edge-2')`.
   */
  twoIsolates?: boolean;
  /** All in one: the verified agents' allowlist to bundle, instead of the build's own copy. */
  verifiedAgents?: unknown;
}

/** wrangler.jsonc as generated: JSON after `//` comment lines. */
export function readWranglerConfig(outDir: string): WranglerConfig {
  const text = readFileSync(join(outDir, WRANGLER_FILE), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as WranglerConfig;
}

/**
 * Generates the deployment of `dist` exactly as scripts/deploy-cloudflare.ts
 * does (all in one, or proxying to `functionUrl`), reads back the wrangler.jsonc
 * it wrote, and runs it as wrangler would: the same Worker module, compatibility
 * settings, vars, Durable Object bindings and asset routing, over the assets
 * folder it wrote.
 * @example const target = await startCloudflareTarget(dist); fetch(`${target.url}/api/cards?q=charizard`)
 */
export async function startCloudflareTarget(
  dist: string,
  { functionUrl, assetFileBytes, allowErrors = false, vars, twoIsolates = false, verifiedAgents }: CloudflareTargetOptions = {},
): Promise<CloudflareTarget> {
  const scratch = join(ROOT, '.cache', 'tmp');
  mkdirSync(scratch, { recursive: true });
  const outDir = mkdtempSync(join(scratch, `cloudflare-${process.pid}-`));
  const manifest = manifestOf(dist);
  const deployment = await cloudflareDeployment(manifest, {
    gzipOf: readGzipTwins(dist),
    assetFileBytes,
    ...(functionUrl
      ? { functionOrigin: new URL(functionUrl).origin }
      : { ...readFunctionData(dist), vars, ...(verifiedAgents !== undefined && { verifiedAgents }) }),
  });
  // allowErrors: the caller asserts on them (a lowered limit that other files are over too) and runs it anyway.
  if (deployment.errors.length > 0 && !allowErrors) throw new Error(deployment.errors.join('\n'));
  writeCloudflareDeployment(deployment, dist, outDir);
  let output = '';
  const capture = (stdout: Readable, stderr: Readable) => {
    for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  };
  const mf = new Miniflare({ ...miniflareOptionsOf(outDir, twoIsolates), handleRuntimeStdio: capture });
  const url = (await mf.ready).origin;
  return {
    url,
    outDir,
    deployment,
    mf,
    logs: () => output,
    async stop() {
      await mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** Miniflare's options for the deployment generated in `outDir`, read from its wrangler.jsonc as wrangler reads it. */
export function miniflareOptionsOf(outDir: string, twoIsolates = false) {
  const config = readWranglerConfig(outDir);
  const runFirst = config.assets.run_worker_first;
  const objects = config.durable_objects?.bindings ?? [];
  const worker = (name: string, ownsObjects: boolean) => ({
    name,
    // Listed, not found by Miniflare's walk of the imports: rate-limiter-flexible's Drizzle store has an
    // `import(variable)`, which the walk refuses and workerd only fails if it is run (the function never runs it).
    modules: [{ type: 'ESModule' as const, path: join(outDir, config.main), contents: readFileSync(join(outDir, config.main), 'utf8') }],
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars },
    durableObjects: Object.fromEntries(
      objects.map(({ name: binding, class_name }) => [
        binding,
        {
          className: class_name,
          useSQLite: config.migrations?.some((m) => m.new_sqlite_classes.includes(class_name)) ?? false,
          ...(!ownsObjects && { scriptName: 'edge' }),
        },
      ]),
    ),
    assets: {
      directory: resolve(outDir, config.assets.directory),
      binding: config.assets.binding,
      routerConfig: {
        has_user_worker: true,
        invoke_user_worker_ahead_of_assets: runFirst === true,
        // How wrangler passes a list of patterns: the negated ones go to the asset server.
        ...(Array.isArray(runFirst) && {
          static_routing: {
            user_worker: runFirst.filter((p) => !p.startsWith('!')),
            asset_worker: runFirst.filter((p) => p.startsWith('!')).map((p) => p.slice(1)),
          },
        }),
      },
      assetConfig: { html_handling: config.assets.html_handling, not_found_handling: config.assets.not_found_handling },
    },
  });
  return {
    workers: twoIsolates ? [worker('edge', true), worker('edge-2', false)] : [worker('edge', true)],
    host: '127.0.0.1',
    port: 0,
    // No request for Cloudflare's real `request.cf` (the tests run offline): Miniflare's placeholder.
    cf: false,
    log: new Log(LogLevel.WARN),
  };
}

/**
 * The Cloudflare deployment as a contract target: the all-in-one Worker in Miniflare, the function inside it, with
 * no server of ours. `env` is the function's settings the Worker reads (RATE_LIMIT, PUBLIC_ORIGIN), as its vars;
 * the rate limit is on, far above what a test file sends, unless a test sets its own, as the function alone's.
 */
export async function startCloudflareDeployment(dist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const { RATE_LIMIT = TEST_RATE_LIMIT, PUBLIC_ORIGIN, ...rest } = env;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new Error(`the Worker has no setting ${unknown.join(', ')} (only RATE_LIMIT and PUBLIC_ORIGIN)`);
  const worker = await startCloudflareTarget(dist, { vars: { RATE_LIMIT, PUBLIC_ORIGIN } });
  // workerd's own process is Miniflare's, not exposed: the pid is this test process's.
  return { url: worker.url, pid: process.pid, logs: worker.logs, stop: worker.stop };
}
