/**
 * A generated Cloudflare deployment (scripts/deploy-cloudflare.ts's output folder) run in Miniflare as wrangler
 * would run it: the Worker module, compatibility settings, vars, Durable Object bindings and asset routing read
 * back from its wrangler.jsonc. Shared by the tests (tests/support/cloudflare-target.ts) and npm run
 * bench:worker, so that both run what is deployed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Log, LogLevel, type MiniflareOptions } from 'miniflare';
import { type CloudflareDeployment, cloudflareDeployment, WRANGLER_FILE, type WranglerConfig } from '../../src/deploy/cloudflare.ts';
import { readFunctionData, writeCloudflareDeployment } from '../../src/deploy/cloudflare-output.ts';
import { type FileManifest, MANIFEST_FILE } from '../../src/http/file-manifest.ts';
import { readGzipTwins } from './deploy-cli.ts';

/** wrangler.jsonc as generated: JSON after `//` comment lines. */
export function readWranglerConfig(outDir: string): WranglerConfig {
  const text = readFileSync(join(outDir, WRANGLER_FILE), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as WranglerConfig;
}

/**
 * The all-in-one deployment of the build in `dist`, generated as scripts/deploy-cloudflare.ts generates it, into
 * `outDir` (hard links: the build is never written to). Throws when the generator refuses the build.
 */
export async function generateAllInOne(dist: string, outDir: string, vars: Record<string, string> = {}): Promise<CloudflareDeployment> {
  if (!existsSync(join(dist, 'server', MANIFEST_FILE))) throw new Error(`no build at ${dist} (run npm run build, or set DIST_DIR)`);
  const manifest = JSON.parse(readFileSync(join(dist, 'server', MANIFEST_FILE), 'utf8')) as FileManifest;
  const deployment = await cloudflareDeployment(manifest, { gzipOf: readGzipTwins(dist), ...readFunctionData(dist), vars });
  if (deployment.errors.length > 0) throw new Error(`the generator refuses this build:\n  ${deployment.errors.join('\n  ')}`);
  writeCloudflareDeployment(deployment, dist, outDir);
  return deployment;
}

/** The name of the deployment's Worker in Miniflare, and of its second isolate when two are asked for. */
export const WORKER_NAMES = ['edge', 'edge-2'] as const;

/**
 * Miniflare's options for the deployment generated in `outDir`, on a free loopback port. With `isolates: 2`, two
 * Workers from the same files bound to one Durable Object namespace: two isolates of one deployment, as two
 * Cloudflare locations run it (the second reached through `mf.getWorker('edge-2')`). `vars` are set over the
 * wrangler.jsonc's, as `wrangler deploy --var` would.
 */
export function miniflareOptionsOf(outDir: string, { isolates = 1, vars = {} }: { isolates?: 1 | 2; vars?: Record<string, string> } = {}): MiniflareOptions {
  const config = readWranglerConfig(outDir);
  const runFirst = config.assets.run_worker_first;
  const objects = config.durable_objects?.bindings ?? [];
  const script = join(outDir, config.main);
  const worker = (name: string, ownsObjects: boolean) => ({
    name,
    // Listed, not found by Miniflare's walk of the imports: rate-limiter-flexible's Drizzle store has an
    // `import(variable)`, which the walk refuses and workerd only fails if it is run (the function never runs it).
    modules: [{ type: 'ESModule' as const, path: script, contents: readFileSync(script, 'utf8') }],
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars, ...vars },
    durableObjects: Object.fromEntries(
      objects.map(({ name: binding, class_name }) => [
        binding,
        {
          className: class_name,
          useSQLite: config.migrations?.some((m) => m.new_sqlite_classes.includes(class_name)) ?? false,
          ...(!ownsObjects && { scriptName: WORKER_NAMES[0] }),
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
    workers: WORKER_NAMES.slice(0, isolates).map((name, i) => worker(name, i === 0)),
    host: '127.0.0.1',
    port: 0,
    // No request for Cloudflare's real `request.cf` (offline): Miniflare's placeholder.
    cf: false,
    log: new Log(LogLevel.WARN),
  };
}
