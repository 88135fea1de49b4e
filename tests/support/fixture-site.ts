import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds a site from a content folder into .cache/<name>/ with the project's own
 * build script, as `npm run build` would. The output stays inside the project so
 * the build's server bundle resolves node_modules.
 */
export const ROOT = join(import.meta.dirname, '..', '..');
export const FIXTURE_CONTENT = join(ROOT, 'tests', 'fixtures', 'content');

export interface BuildResult {
  status: number | null;
  output: string;
  dist: string;
}

/**
 * A scratch folder of this process under .cache/tmp: test runs (and people
 * running tests while another run is going) never share or delete each other's.
 */
export function scratchDir(name: string): string {
  return join(ROOT, '.cache', 'tmp', `${name}-${process.pid}`);
}

/**
 * `clean: false` builds over the previous output (an incremental build); `env` adds to (or overrides) the
 * build's environment, e.g. another SOURCE_DATE_EPOCH; `root` builds another copy of the project's sources.
 */
export function buildSite(name: string, contentDir: string, { clean = true, env = {} as Record<string, string>, root = ROOT } = {}): BuildResult {
  const base = scratchDir(name);
  if (clean) rmSync(base, { recursive: true, force: true });
  const dist = join(base, 'dist');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, OUT_DIR: dist, CACHE_DIR: join(base, 'cache'), SOURCE_DATE_EPOCH: '1763683200', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, dist };
}
