/**
 * The disk side of the Cloudflare deployment (cloudflare.ts is the pure side): the output folder it writes. Shared by scripts/deploy-cloudflare.ts and the tests that run the deployment in
 * Miniflare, so that what is tested is what is deployed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { partFileOf } from '../server/asset-data.ts';
import { VERIFIED_AGENTS_COPY } from '../server/function-paths.ts';
import { FUNCTION_DATA_PREFIX } from './cloudflare/function-assets.ts';
import { ASSETS_FOLDER, type CloudflareDeployment, type CloudflareOptions, WORKER_DATA_FILES } from './cloudflare.ts';
import { linkOrCopy } from './link-or-copy.ts';

/**
 * What the all-in-one Worker needs of the build's dist/server besides its manifest: the sizes of the data files it
 * reads (the generator checks them against the asset limit; a missing one is left out, and refused there) and the
 * verified agents' allowlist it bundles (undefined when unreadable, refused there too).
 */
export function readFunctionData(dist: string): Required<Pick<CloudflareOptions, 'functionDataBytes'>> & Pick<CloudflareOptions, 'verifiedAgents'> {
  const server = join(dist, 'server');
  const functionDataBytes: CloudflareOptions['functionDataBytes'] = {};
  for (const file of WORKER_DATA_FILES) if (existsSync(join(server, file))) functionDataBytes[file] = statSync(join(server, file)).size;
  let verifiedAgents: unknown;
  try {
    verifiedAgents = JSON.parse(readFileSync(join(server, VERIFIED_AGENTS_COPY), 'utf8'));
  } catch {
    verifiedAgents = undefined;
  }
  return { functionDataBytes, verifiedAgents };
}

/**
 * Writes the deployment into `out`: wrangler.jsonc, worker.js, and `assets/` with the deployment's files of the
 * build's `dist/client` (and, all in one, its function data from `dist/server`, under FUNCTION_DATA_PREFIX). Each
 * is a hard link to the build's file (nothing copied, the build never written to), or a copy where the two
 * folders are on different file systems. `assets/` is emptied first: a file a previous build had and this one has
 * not must not be uploaded.
 * @returns how many asset files were linked and how many copied
 */
export function writeCloudflareDeployment(deployment: CloudflareDeployment, dist: string, out: string): { linked: number; copied: number } {
  const assets = join(out, ASSETS_FOLDER);
  if (overlaps(resolve(dist), resolve(assets))) throw new Error(`the output folder ${out} overlaps the build ${dist}: choose a folder outside the build`);
  mkdirSync(out, { recursive: true });
  for (const [name, contents] of Object.entries(deployment.files)) writeFileSync(join(out, name), contents);
  rmSync(assets, { recursive: true, force: true });
  const made = new Set<string>();
  let linked = 0;
  let copied = 0;
  const parts = deployment.functionDataParts;
  const sources = [
    ...deployment.assets.map((file) => [join(dist, 'client', file), join(assets, file)]),
    ...deployment.functionData
      .filter((file) => !Object.hasOwn(parts, file))
      .map((file) => [join(dist, 'server', file), join(assets, FUNCTION_DATA_PREFIX, file)]),
  ];
  // A data file over the per-asset limit: its bytes, in equal parts (each then under the limit), since a part cannot be a link.
  for (const [file, count = 1] of Object.entries(parts)) {
    const bytes = readFileSync(join(dist, 'server', file));
    const size = Math.ceil(bytes.byteLength / count);
    mkdirSync(dirname(join(assets, FUNCTION_DATA_PREFIX, file)), { recursive: true });
    for (let i = 0; i < count; i++) writeFileSync(join(assets, FUNCTION_DATA_PREFIX, partFileOf(file, i)), bytes.subarray(i * size, (i + 1) * size));
  }
  for (const [from, to] of sources) {
    const folder = dirname(to);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    if (linkOrCopy(from, to) === 'linked') linked++;
    else copied++;
  }
  return { linked, copied };
}

/** Whether one folder is the other or inside it. */
function overlaps(a: string, b: string): boolean {
  const inside = (parent: string, child: string) => !relative(parent, child).startsWith('..');
  return inside(a, b) || inside(b, a);
}
