import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The test tiers, each a Vitest project with a script of its own (package.json `test:<tier>`); `npm test` runs
 * them all. Only the tiers that read the fixture site build it (tests/support/global-setup.ts), once for the
 * code and fixture content, reused by the other tiers and later runs.
 *
 *   unit      pure modules on fixture content; no build, no server, no process started
 *   processes the scripts run as a user runs them, and what needs a process or server of its own (Vite with
 *             Astro's plugins, a local server standing in for a host on the internet)
 *   content   the committed catalogue (content/) held to its promises: relevance, search, article facts
 *   contract  the built fixture site: files, schemas, incremental builds, the import
 *   http      the real function over HTTP
 *   deploy    the host configurations (nginx, Cloudflare in Miniflare, Netlify, Vercel)
 *   nginx     the HTTP contract files again, through nginx serving the build in front of the function
 *   cloudflare  the HTTP contract files again, through the all-in-one Cloudflare Worker (in Miniflare, the function inside),
 *             and what runs on Cloudflare's own state (tests/cloudflare/: the rate limit's Durable Objects)
 *   e2e       the pages in Chromium (from the npm package @sparticuz/chromium)
 */
const FIXTURE_SITE = ['tests/support/global-setup.ts'];
/** The fixture site, then its all-in-one Cloudflare deployment, generated once for the `cloudflare` tier. */
const CLOUDFLARE_DEPLOYMENT = [...FIXTURE_SITE, 'tests/support/cloudflare-setup.ts'];
/** The HTTP contract, as a client sees it whatever serves it: run against the function alone, through nginx and through the Worker. */
const CONTRACT_FILES = [
  'server',
  'hardening',
  'hostile',
  'search-pages',
  'search-filters',
  'catalog-movers',
  'autocomplete',
  'sets',
  'collection',
  'mcp',
  'feeds',
].map((name) => `tests/http/${name}.test.ts`);

/**
 * The Cloudflare Worker runs in Miniflare (workerd), an npm package of the project's: the `cloudflare` tier and
 * tests/deploy/cloudflare*.test.ts need it. Where it is not installed (an install that left it out) they are left
 * out and that is said, unless REQUIRE_SERVICES is set (CI).
 */
const MINIFLARE = miniflareInstalled();

/**
 * Node's compile cache for the scripts the tests start, which would otherwise compile the same modules again at
 * each of their dozens of starts (halves each start, ~0.2 → ~0.1 s).
 */
const COMPILE_CACHE = { NODE_COMPILE_CACHE: fileURLToPath(new URL('node_modules/.cache/node-compile-cache', import.meta.url)) };

/**
 * The unit tier is many short files: so two workers at least, where Vitest would give a 2-core machine one. Most
 * of their time was each file importing the same modules afresh (~0.2–0.4 s a file, for tests of a few
 * milliseconds): the files of a worker share their modules (`isolate: false`), which pure tests allow;
 * tests/unit/unit-tier.test.ts keeps them pure (no module mocks, stubbed environment or globals, fake timers) and
 * free of started processes and servers, whose tests are the `processes` tier's.
 */
const UNIT: TestProjectInlineConfiguration['test'] = {
  include: ['tests/unit/**/*.test.ts'],
  isolate: false,
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Vitest runs projects of different worker counts as separate groups, in this order: the unit tier first, alone.
  sequence: { groupOrder: 0 },
};

/** A tier's project; the tiers but unit share one group, which runs after the unit tier's (see UNIT). */
const tier = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, sequence: { groupOrder: 1 }, ...test },
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      tier('unit', UNIT),
      tier('processes', { include: ['tests/processes/**/*.test.ts'], env: COMPILE_CACHE }),
      tier('content', { include: ['tests/content/**/*.test.ts'] }),
      tier('contract', { include: ['tests/contract/**/*.test.ts'], globalSetup: FIXTURE_SITE }),
      tier('http', { include: ['tests/http/**/*.test.ts'], globalSetup: FIXTURE_SITE }),
      tier('deploy', {
        include: ['tests/deploy/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...(MINIFLARE ? [] : ['tests/deploy/cloudflare*.test.ts'])],
        globalSetup: FIXTURE_SITE,
      }),
      tier('nginx', { include: nginxIncluded(), globalSetup: FIXTURE_SITE, env: { CONTRACT_TARGET: 'nginx' } }),
      tier('cloudflare', {
        include: MINIFLARE ? [...CONTRACT_FILES, 'tests/cloudflare/**/*.test.ts'] : [],
        globalSetup: MINIFLARE ? CLOUDFLARE_DEPLOYMENT : FIXTURE_SITE,
        env: { CONTRACT_TARGET: 'cloudflare' },
      }),
      tier('e2e', { include: ['tests/e2e/**/*.test.ts'], globalSetup: FIXTURE_SITE }),
    ],
  },
});

/**
 * The nginx tier needs Debian's nginx (nginx-light; .ci/run installs it). Where it is missing the tier has no
 * files and says so, unless REQUIRE_SERVICES is set (CI), which makes that an error.
 */
function nginxIncluded(): string[] {
  const found = ['/usr/sbin/nginx', spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim()].some((p) => p && existsSync(p));
  if (found) return CONTRACT_FILES;
  const why = 'nginx is not installed (Debian package: nginx-light; .ci/run installs it)';
  if (process.env.REQUIRE_SERVICES) throw new Error(`REQUIRE_SERVICES is set but ${why}`);
  const asked = process.argv.indexOf('--project');
  if (asked === -1 || process.argv[asked + 1] === 'nginx') console.warn(`SKIPPED: the nginx tier (the HTTP contract through nginx): ${why}`);
  return [];
}

function miniflareInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('miniflare');
    return true;
  } catch (error) {
    const why = `Miniflare is not installed (${(error as Error).message.split('\n')[0]}; npm install installs it)`;
    if (process.env.REQUIRE_SERVICES) throw new Error(`REQUIRE_SERVICES is set but ${why}`);
    const projects = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--project' ? [arg] : []));
    // Said once a run: the config is evaluated again for each project, and the environment outlives that.
    if ((projects.length === 0 || projects.some((p) => p === 'cloudflare' || p === 'deploy')) && !process.env.MINIFLARE_SKIP_SAID)
      console.warn(
        `SKIPPED: the cloudflare tier (the HTTP contract through the Worker, the rate limit's Durable Objects) and tests/deploy/cloudflare*.test.ts: ${why}`,
      );
    process.env.MINIFLARE_SKIP_SAID = '1';
    return false;
  }
}
