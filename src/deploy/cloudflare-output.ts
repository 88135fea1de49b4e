/**
 * The disk side of the Cloudflare deployment (cloudflare.ts is the pure side): the output folder it writes. Shared by scripts/deploy-cloudflare.ts and the tests that run the deployment in
 * Miniflare, so that what is tested is what is deployed.
 */
import { copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ASSETS_FOLDER, type CloudflareDeployment } from './cloudflare.ts';

/**
 * Writes the deployment into `out`: wrangler.jsonc, worker.js, and `assets/` with the deployment's files of the
 * build's `client` folder. Each is a hard link to the build's file (nothing copied, the build never written to),
 * or a copy where the two folders are on different file systems. `assets/` is emptied first: a file a previous
 * build had and this one has not must not be uploaded.
 * @returns how many asset files were linked and how many copied
 */
export function writeCloudflareDeployment(deployment: CloudflareDeployment, client: string, out: string): { linked: number; copied: number } {
  const assets = join(out, ASSETS_FOLDER);
  if (overlaps(resolve(client), resolve(assets))) throw new Error(`the output folder ${out} overlaps the build's ${client}: choose a folder outside the build`);
  mkdirSync(out, { recursive: true });
  for (const [name, contents] of Object.entries(deployment.files)) writeFileSync(join(out, name), contents);
  rmSync(assets, { recursive: true, force: true });
  const made = new Set<string>();
  let linked = 0;
  let copied = 0;
  for (const file of deployment.assets) {
    const from = join(client, file);
    const to = join(assets, file);
    const folder = dirname(to);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    try {
      linkSync(from, to);
      linked++;
    } catch (error) {
      // Another file system (EXDEV), or one without hard links: the bytes themselves.
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      copyFileSync(from, to);
      copied++;
    }
  }
  return { linked, copied };
}

/** Whether one folder is the other or inside it. */
function overlaps(a: string, b: string): boolean {
  const inside = (parent: string, child: string) => !relative(parent, child).startsWith('..');
  return inside(a, b) || inside(b, a);
}
