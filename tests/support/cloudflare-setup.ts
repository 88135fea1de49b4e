import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { generateCloudflareDeployment } from './cloudflare-target.ts';
import { fixtureSite } from './fixture-site.ts';

/**
 * The `cloudflare` tier's all-in-one deployment of the fixture site, generated once for the tier as
 * scripts/deploy-cloudflare.ts generates it (bundling the function into worker.js takes a second or two, which
 * every contract file would otherwise pay), removed after it. Each file runs its own Miniflare over it, with its
 * own RATE_LIMIT and PUBLIC_ORIGIN as the Worker's vars.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const site = fixtureSite();
  if (site.status !== 0) throw new Error(`the fixture site failed to build:\n${site.output}`);
  const { outDir } = await generateCloudflareDeployment(site.dist);
  project.provide('cloudflareDeployment', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
