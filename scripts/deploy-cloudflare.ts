/**
 * Generates the Cloudflare deployment of a build: wrangler.jsonc, worker.js
 * (Workers static assets with the Worker run first on every path) and assets/,
 * hard links to the build's public files (no copy; the build output is never
 * written to), less any file over the 25 MiB asset limit, which the Worker
 * answers from its gzip twin. All in one (the default) the function runs in the
 * Worker: its data (dist/server) is uploaded with the assets, out of the
 * public's reach, and the rate limit is counted in a Durable Object. With
 * --function the Worker serves the files and proxies the function's routes to
 * that origin. Checks the build against Cloudflare's documented limits and says
 * what it measured. See docs/deploy-cloudflare.md.
 *
 * Usage:  node scripts/deploy-cloudflare.ts --dist DIST --out OUTDIR [--function https://fn.example] [--name card-values]
 *                                           [--public-origin https://cards.example] [--rate-limit 120/60]
 *         e.g. node scripts/deploy-cloudflare.ts --dist dist --out .deploy/cloudflare
 *              cd .deploy/cloudflare && npx wrangler deploy
 * Exit:   0 written (warnings say when Workers Paid is needed), 1 the build is unreadable or over a Workers Paid
 *         limit (nothing written), 2 usage: a missing or malformed argument
 */
import { join, relative, resolve } from 'node:path';
import { ASSETS_FOLDER, cloudflareDeployment } from '../src/deploy/cloudflare.ts';
import { readFunctionData, writeCloudflareDeployment } from '../src/deploy/cloudflare-output.ts';
import { MANIFEST_FILE } from '../src/http/file-manifest.ts';
import { publicOriginOf } from '../src/http/links.ts';
import { ratePolicyOf } from '../src/server/rate-limit/policy.ts';
import { deployCli, readBuildManifest, readGzipTwins } from './lib/deploy-cli.ts';

const USAGE =
  'usage: node scripts/deploy-cloudflare.ts --dist DIST --out OUTDIR [--function https://fn.example] [--name card-values] [--public-origin URL] [--rate-limit N/S]';

const { values, exit } = deployCli(
  'deploy-cloudflare',
  USAGE,
  {
    dist: { type: 'string' },
    function: { type: 'string' },
    out: { type: 'string' },
    name: { type: 'string' },
    'public-origin': { type: 'string' },
    'rate-limit': { type: 'string' },
  },
  ['dist', 'out'],
);

/** The function's origin as the Worker prefixes paths with it: http(s), no path, query or credentials. */
function originOf(raw: string): string {
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return exit(2, `--function must be an http(s) origin such as https://fn.example (no path, query or credentials); got ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

if (values.name !== undefined && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(values.name))
  exit(2, '--name must be lower-case letters, digits and dashes (a Worker name)');
const functionOrigin = values.function === undefined ? undefined : originOf(values.function);
if (functionOrigin && (values['public-origin'] !== undefined || values['rate-limit'] !== undefined))
  exit(2, '--public-origin and --rate-limit are the function’s settings: with --function, set them where the function runs');
/** A setting as the Worker will read it, checked now rather than on its first request. */
function checked(value: string | undefined, check: (value: string) => unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    check(value);
  } catch (error) {
    return exit(2, `--${option}: ${(error as Error).message}`);
  }
  return value;
}
const vars = {
  PUBLIC_ORIGIN: checked(values['public-origin'], (v) => publicOriginOf(v, '--public-origin'), 'public-origin'),
  RATE_LIMIT: checked(values['rate-limit'], ratePolicyOf, 'rate-limit'),
};
const dist = resolve(values.dist);
const out = resolve(values.out);
if (!relative(dist, out).startsWith('..')) exit(2, `--out must be outside the build (${dist}): the build output is never written to`);

const manifest = readBuildManifest(dist, exit);

console.log(`1. Read ${Object.keys(manifest.files).length} files from ${join(dist, 'server', MANIFEST_FILE)}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const deployment = await cloudflareDeployment(manifest, {
  functionOrigin,
  name: values.name,
  gzipOf: readGzipTwins(dist),
  ...(functionOrigin === undefined && { ...readFunctionData(dist), vars }),
});
const { measured } = deployment;
console.log(`2. Bundled the Worker: ${mib(measured.workerBytes)}, ${mib(measured.workerGzipBytes)} gzipped`);
for (const { file, bytes, gzip, gzipBytes } of measured.servedFromGzip)
  console.log(`   ${file} (${mib(bytes)}) is over the asset limit: left out, answered from ${gzip} (${mib(gzipBytes)})`);
for (const [file, parts] of Object.entries(deployment.functionDataParts))
  console.log(`   dist/server/${file} is over the asset limit: stored in ${parts} parts, joined by the Worker when it reads it`);
for (const warning of deployment.warnings) console.warn(`   warning: ${warning}`);
if (deployment.errors.length > 0) exit(1, `Cloudflare would refuse this deploy:\n  ${deployment.errors.join('\n  ')}`);

const { linked, copied } = writeCloudflareDeployment(deployment, dist, out);
const how = copied ? `${linked} linked, ${copied} copied (another file system)` : `hard links to ${relative(process.cwd(), dist) || '.'}`;
const fn = functionOrigin
  ? `function: proxied to ${functionOrigin}`
  : `function: in the Worker, its ${deployment.functionData.length} data files among the assets; rate limit in the RATE_LIMITER Durable Object`;
console.log(`3. Wrote ${Object.keys(deployment.files).join(', ')} and ${ASSETS_FOLDER}/ (${measured.assetFiles} files: ${how}) to ${out} (${fn})`);
console.log(`Deploy: cd ${relative(process.cwd(), out) || '.'} && npx wrangler deploy`);
