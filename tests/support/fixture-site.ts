import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeVersionOf } from '../../src/pipeline/code-version.ts';

/**
 * Builds a site from a content folder into .cache/<name>/ with the project's own
 * build script, as `npm run build` would. The output stays inside the project so
 * the build's server bundle resolves node_modules.
 */
export const ROOT = join(import.meta.dirname, '..', '..');
export const FIXTURE_CONTENT = join(ROOT, 'tests', 'fixtures', 'content');
/** The fixture builds' clock (SOURCE_DATE_EPOCH): the same content gives the same bytes. */
const FIXTURE_EPOCH = '1763683200';

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
  return buildInto(base, contentDir, env, root);
}

function buildInto(base: string, contentDir: string, env: Record<string, string> = {}, root = ROOT): BuildResult {
  const dist = join(base, 'dist');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, OUT_DIR: dist, CACHE_DIR: join(base, 'cache'), SOURCE_DATE_EPOCH: FIXTURE_EPOCH, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, dist };
}

const FIXTURE_SITES = join(ROOT, '.cache', 'fixture-site');
/** Marks a finished fixture build, and holds its build output. */
const DONE_FILE = 'build.log';
/** Fixture builds of other code are removed once this old (a run still using one would be that long). */
const STALE_MS = 60 * 60 * 1000;

/** What the fixture site is made from: the code (codeVersionOf), the build script and the fixture content. */
function fixtureKey(): string {
  const hash = createHash('sha256')
    .update(codeVersionOf(ROOT))
    .update(readFileSync(join(ROOT, 'scripts', 'build.ts')));
  for (const entry of readdirSync(FIXTURE_CONTENT, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    hash.update(`${relative(FIXTURE_CONTENT, path)}\0`).update(readFileSync(path));
  }
  return hash.update(FIXTURE_EPOCH).digest('base64url').slice(0, 16);
}

/**
 * The fixture site that the contract, HTTP, deployment and browser tests read, built once for what it is made
 * from and reused by every tier and every later run until that changes (a test never writes into it). Each
 * build goes to a folder of its own process, so two runs at once never share a half-made build.
 * @example const { dist } = fixtureSite(); // .cache/fixture-site/<key>-<pid>/dist
 */
export function fixtureSite(): BuildResult & { reused: boolean } {
  const key = fixtureKey();
  mkdirSync(FIXTURE_SITES, { recursive: true });
  const folders = readdirSync(FIXTURE_SITES);
  const built = folders.find((name) => name.startsWith(`${key}-`) && existsSync(join(FIXTURE_SITES, name, DONE_FILE)));
  if (built) return { status: 0, output: readFileSync(join(FIXTURE_SITES, built, DONE_FILE), 'utf8'), dist: join(FIXTURE_SITES, built, 'dist'), reused: true };
  const base = join(FIXTURE_SITES, `${key}-${process.pid}`);
  rmSync(base, { recursive: true, force: true });
  const build = buildInto(base, FIXTURE_CONTENT);
  if (build.status !== 0) return { ...build, reused: false };
  writeFileSync(join(base, DONE_FILE), build.output);
  for (const name of folders) {
    const folder = join(FIXTURE_SITES, name);
    if (!name.startsWith(`${key}-`) && Date.now() - statSync(folder).mtimeMs > STALE_MS) rmSync(folder, { recursive: true, force: true });
  }
  return { ...build, reused: false };
}
