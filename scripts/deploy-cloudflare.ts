/**
 * Generates the Cloudflare deployment of a build: wrangler.jsonc, worker.js
 * (Workers static assets with the Worker run first on every path; searches go
 * to the function) and assets/, hard links to the build's public files (no
 * copy; the build output is never written to), less any file over the 25 MiB
 * asset limit, which the Worker answers from its gzip twin. Checks the build
 * against Cloudflare's documented limits and says what it measured. See
 * docs/deploy-cloudflare.md.
 *
 * Usage:  node scripts/deploy-cloudflare.ts --dist DIST --function https://fn.example --out OUTDIR [--name card-values]
 *         e.g. node scripts/deploy-cloudflare.ts --dist dist --function https://fn.example --out .deploy/cloudflare
 *              cd .deploy/cloudflare && npx wrangler deploy
 * Exit:   0 written (warnings say when Workers Paid is needed), 1 the build is unreadable or over a Workers Paid
 *         limit (nothing written), 2 usage: a missing or malformed argument
 */
import { join, relative, resolve } from 'node:path';
import { ASSETS_FOLDER, cloudflareDeployment } from '../src/deploy/cloudflare.ts';
import { writeCloudflareDeployment } from '../src/deploy/cloudflare-output.ts';
import { MANIFEST_FILE } from '../src/http/file-manifest.ts';
import { deployCli, readBuildManifest, readGzipTwins } from './lib/deploy-cli.ts';

const USAGE = 'usage: node scripts/deploy-cloudflare.ts --dist DIST --function https://fn.example --out OUTDIR [--name card-values]';

const { values, exit } = deployCli(
  'deploy-cloudflare',
  USAGE,
  {
    dist: { type: 'string' },
    function: { type: 'string' },
    out: { type: 'string' },
    name: { type: 'string' },
  },
  ['dist', 'function', 'out'],
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
const functionOrigin = originOf(values.function);
const dist = resolve(values.dist);
const client = join(dist, 'client');
const out = resolve(values.out);
if (!relative(dist, out).startsWith('..')) exit(2, `--out must be outside the build (${dist}): the build output is never written to`);

const manifest = readBuildManifest(dist, exit);

console.log(`1. Read ${Object.keys(manifest.files).length} files from ${join(dist, 'server', MANIFEST_FILE)}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const deployment = await cloudflareDeployment(manifest, { functionOrigin, name: values.name, gzipOf: readGzipTwins(dist) });
const { measured } = deployment;
console.log(`2. Bundled the Worker: ${mib(measured.workerBytes)}, ${mib(measured.workerGzipBytes)} gzipped`);
for (const { file, bytes, gzip, gzipBytes } of measured.servedFromGzip)
  console.log(`   ${file} (${mib(bytes)}) is over the asset limit: left out, answered from ${gzip} (${mib(gzipBytes)})`);
for (const warning of deployment.warnings) console.warn(`   warning: ${warning}`);
if (deployment.errors.length > 0) exit(1, `Cloudflare would refuse this deploy:\n  ${deployment.errors.join('\n  ')}`);

const { linked, copied } = writeCloudflareDeployment(deployment, client, out);
const how = copied ? `${linked} linked, ${copied} copied (another file system)` : `hard links to ${relative(process.cwd(), client) || '.'}`;
console.log(
  `3. Wrote ${Object.keys(deployment.files).join(', ')} and ${ASSETS_FOLDER}/ (${measured.assetFiles} files: ${how}) to ${out} (function: ${functionOrigin})`,
);
console.log(`Deploy: cd ${relative(process.cwd(), out) || '.'} && npx wrangler deploy`);
