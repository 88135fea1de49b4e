import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildSite, FIXTURE_CONTENT, scratchDir } from './fixture-site.ts';

/** Builds the fixture site once per test run and tells the tests where it is. */
export default function setup(project: TestProject): () => void {
  const build = buildSite('test-fixture', FIXTURE_CONTENT);
  if (build.status !== 0) throw new Error(`the fixture site failed to build:\n${build.output}`);
  project.provide('fixtureDist', build.dist);
  project.provide('fixtureBuildOutput', build.output);
  return () => rmSync(scratchDir('test-fixture'), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureDist: string;
    fixtureBuildOutput: string;
  }
}
