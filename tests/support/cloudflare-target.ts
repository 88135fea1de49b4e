import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { inject } from 'vitest';
import { miniflareOptionsOf } from '../../scripts/lib/cloudflare-miniflare.ts';
import { readGzipTwins } from '../../scripts/lib/deploy-cli.ts';
import { type CloudflareDeployment, type CloudflareOptions, cloudflareDeployment } from '../../src/deploy/cloudflare.ts';
import { readFunctionData, writeCloudflareDeployment } from '../../src/deploy/cloudflare-output.ts';
import { manifestOf } from './built-files.ts';
import { ROOT } from './fixture-site.ts';
import { type RunningServer, TEST_RATE_LIMIT } from './server.ts';

export { readWranglerConfig } from '../../scripts/lib/cloudflare-miniflare.ts';

/** The Cloudflare deployment of a build, running in Miniflare (workerd, Workers static assets) on a free port. */
export interface CloudflareTarget {
  url: string;
  /** The folder the deployment was generated into (wrangler.jsonc, worker.js, assets/). */
  outDir: string;
  /** What the generator decided and measured. */
  deployment: CloudflareDeployment;
  /** Miniflare itself: its Workers by name (`edge`, and `edge-2` when two isolates were asked for). */
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
  /** Two Workers from the same generated files, bound to one Durable Object namespace (scripts/lib/cloudflare-miniflare.ts). */
  twoIsolates?: boolean;
  /** All in one: the verified agents' allowlist to bundle, instead of the build's own copy. */
  verifiedAgents?: unknown;
}

/**
 * Generates the deployment of `dist` exactly as scripts/deploy-cloudflare.ts does (all in one, or proxying to
 * `functionUrl`) into a folder of its own.
 */
export async function generateCloudflareDeployment(
  dist: string,
  { functionUrl, assetFileBytes, allowErrors = false, vars, verifiedAgents }: CloudflareTargetOptions = {},
): Promise<{ outDir: string; deployment: CloudflareDeployment }> {
  const scratch = join(ROOT, '.cache', 'tmp');
  mkdirSync(scratch, { recursive: true });
  const outDir = mkdtempSync(join(scratch, `cloudflare-${process.pid}-`));
  const deployment = await cloudflareDeployment(manifestOf(dist), {
    gzipOf: readGzipTwins(dist),
    assetFileBytes,
    ...(functionUrl
      ? { functionOrigin: new URL(functionUrl).origin }
      : { ...readFunctionData(dist), vars, ...(verifiedAgents !== undefined && { verifiedAgents }) }),
  });
  // allowErrors: the caller asserts on them (a lowered limit that other files are over too) and runs it anyway.
  if (deployment.errors.length > 0 && !allowErrors) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(deployment.errors.join('\n'));
  }
  writeCloudflareDeployment(deployment, dist, outDir);
  return { outDir, deployment };
}

/** Runs the deployment generated in `outDir` in Miniflare, as wrangler would; `vars` override its wrangler.jsonc's. */
async function runDeployment(outDir: string, { twoIsolates = false, vars = {} }: { twoIsolates?: boolean; vars?: Record<string, string> } = {}) {
  let output = '';
  const capture = (stdout: Readable, stderr: Readable) => {
    for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  };
  const mf = new Miniflare({ ...miniflareOptionsOf(outDir, { isolates: twoIsolates ? 2 : 1, vars }), handleRuntimeStdio: capture });
  const url = (await mf.ready).origin;
  return { url, mf, logs: () => output };
}

/**
 * Generates the deployment of `dist` and runs it: the same Worker module, compatibility settings, vars, Durable
 * Object bindings and asset routing as wrangler would, over the assets folder written.
 * @example const target = await startCloudflareTarget(dist); fetch(`${target.url}/api/cards?q=charizard`)
 */
export async function startCloudflareTarget(dist: string, options: CloudflareTargetOptions = {}): Promise<CloudflareTarget> {
  const { outDir, deployment } = await generateCloudflareDeployment(dist, options);
  const running = await runDeployment(outDir, { twoIsolates: options.twoIsolates }).catch((error: unknown) => {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...running,
    outDir,
    deployment,
    async stop() {
      await running.mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Cloudflare deployment as a contract target: the all-in-one Worker in Miniflare, the function inside it, with
 * no server of ours. `env` is the function's settings the Worker reads (RATE_LIMIT, PUBLIC_ORIGIN), given as its
 * vars; the rate limit is on, far above what a test file sends, unless a test sets its own, as the function
 * alone's. In the `cloudflare` tier the deployment is generated once for the tier (tests/support/cloudflare-setup.ts:
 * bundling the function is most of a start) and each file runs its own Miniflare over it.
 */
export async function startCloudflareDeployment(dist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const { RATE_LIMIT = TEST_RATE_LIMIT, PUBLIC_ORIGIN, ...rest } = env;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new Error(`the Worker has no setting ${unknown.join(', ')} (only RATE_LIMIT and PUBLIC_ORIGIN)`);
  const shared = inject('cloudflareDeployment');
  const generated = shared ? undefined : await generateCloudflareDeployment(dist);
  const outDir = shared ?? generated!.outDir;
  const running = await runDeployment(outDir, { vars: { RATE_LIMIT, ...(PUBLIC_ORIGIN && { PUBLIC_ORIGIN }) } });
  return {
    url: running.url,
    // workerd's own process is Miniflare's, not exposed: the pid is this test process's.
    pid: process.pid,
    logs: running.logs,
    async stop() {
      await running.mf.dispose();
      if (generated) rmSync(generated.outDir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `cloudflare` tier's all-in-one deployment of the fixture site, generated once (cloudflare-setup.ts). */
    cloudflareDeployment?: string;
  }
}
