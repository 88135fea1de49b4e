import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { readGzipTwins } from '../../scripts/lib/deploy-cli.ts';
import { type CloudflareDeployment, cloudflareDeployment, WRANGLER_FILE, type WranglerConfig } from '../../src/deploy/cloudflare.ts';
import { writeCloudflareDeployment } from '../../src/deploy/cloudflare-output.ts';
import { manifestOf } from './built-files.ts';
import { ROOT } from './fixture-site.ts';
import { type RunningServer, startServer } from './server.ts';

/** The Cloudflare deployment of a build, running in Miniflare (workerd, Workers static assets) on a free port. */
export interface CloudflareTarget {
  url: string;
  /** The folder the deployment was generated into (wrangler.jsonc, worker.js, assets/). */
  outDir: string;
  /** What the generator decided and measured. */
  deployment: CloudflareDeployment;
  stop(): Promise<void>;
}

/** wrangler.jsonc as generated: JSON after `//` comment lines. */
export function readWranglerConfig(outDir: string): WranglerConfig {
  const text = readFileSync(join(outDir, WRANGLER_FILE), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as WranglerConfig;
}

/**
 * Generates the deployment of `dist` exactly as scripts/deploy-cloudflare.ts
 * does, reads back the wrangler.jsonc it wrote, and runs it as wrangler would:
 * the same Worker module, compatibility settings, vars and asset routing, over
 * the assets folder it wrote. `assetFileBytes` lowers the per-asset limit, so
 * that a small build has files over it; `allowErrors` runs a deployment the
 * generator would refuse (the caller checks `deployment.errors`).
 * @example const target = await startCloudflareTarget(dist, server.url); fetch(`${target.url}/llms.txt`)
 */
export async function startCloudflareTarget(
  dist: string,
  functionUrl: string,
  { assetFileBytes, allowErrors = false }: { assetFileBytes?: number; allowErrors?: boolean } = {},
): Promise<CloudflareTarget> {
  const scratch = join(ROOT, '.cache', 'tmp');
  mkdirSync(scratch, { recursive: true });
  const outDir = mkdtempSync(join(scratch, `cloudflare-${process.pid}-`));
  const manifest = manifestOf(dist);
  const client = join(dist, 'client');
  const deployment = await cloudflareDeployment(manifest, { functionOrigin: new URL(functionUrl).origin, gzipOf: readGzipTwins(dist), assetFileBytes });
  // allowErrors: the caller asserts on them (a lowered limit that other files are over too) and runs it anyway.
  if (deployment.errors.length > 0 && !allowErrors) throw new Error(deployment.errors.join('\n'));
  writeCloudflareDeployment(deployment, client, outDir);

  const config = readWranglerConfig(outDir);
  const runFirst = config.assets.run_worker_first;
  const mf = new Miniflare({
    name: config.name,
    modules: true,
    scriptPath: join(outDir, config.main),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars },
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
    host: '127.0.0.1',
    port: 0,
    // No request for Cloudflare's real `request.cf` (the tests run offline): Miniflare's placeholder.
    cf: false,
    log: new Log(LogLevel.WARN),
  });
  const url = (await mf.ready).origin;
  return {
    url,
    outDir,
    deployment,
    async stop() {
      await mf.dispose();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Cloudflare deployment as a contract target: the function on the build (trusting the Worker's
 * X-Forwarded-For, TRUST_PROXY=1, as docs/deploy-cloudflare.md says to run it) with the Worker in Miniflare in
 * front. `env` adds to the function's environment.
 */
export async function startCloudflareDeployment(dist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const fn = await startServer(dist, { TRUST_PROXY: '1', ...env });
  const worker = await startCloudflareTarget(dist, fn.url).catch(async (error: unknown) => {
    await fn.stop();
    throw error;
  });
  return {
    url: worker.url,
    pid: fn.pid,
    logs: fn.logs,
    stop: async () => {
      await worker.stop();
      await fn.stop();
    },
  };
}
