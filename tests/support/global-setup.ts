import type { TestProject } from 'vitest/node';
import { fixtureSite } from './fixture-site.ts';

/**
 * The tiers that read the fixture site (contract, HTTP, deployment, browser) get it here: built once for the
 * code and fixture content it is made from, then reused by every tier and run (tests/support/fixture-site.ts).
 */
export default function setup(project: TestProject): void {
  const site = fixtureSite();
  if (site.status !== 0) throw new Error(`the fixture site failed to build:\n${site.output}`);
  project.provide('fixtureDist', site.dist);
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureDist: string;
  }
}
