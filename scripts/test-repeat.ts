/**
 * Runs the tiers that talk to real servers over real sockets (http, nginx, cloudflare, deploy) several times in a
 * row, each run a fresh Vitest process, to show that they pass every time: a flaky test blocks every submission at
 * random.
 * The fixture site is built once and reused by every run (tests/support/fixture-site.ts). Prints one line per
 * run and a summary; the first failing run's output is printed whole, and the repeats stop there.
 *
 * Usage:  npm run test:repeat            (20 runs)
 *         npm run test:repeat -- 3       (CI: three runs)
 * Exit:   0 every run passed · 1 a run failed · 2 usage
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const TIERS = ['http', 'nginx', 'cloudflare', 'deploy'];
const DEFAULT_RUNS = 20;
const ROOT = join(import.meta.dirname, '..');

const [arg, ...extra] = process.argv.slice(2);
const runs = arg === undefined ? DEFAULT_RUNS : Number(arg);
if (!Number.isInteger(runs) || runs < 1 || extra.length > 0) {
  console.error(`usage: npm run test:repeat [-- <runs, an integer ≥ 1; default ${DEFAULT_RUNS}>]`);
  process.exit(2);
}

const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const seconds: number[] = [];
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [vitest, 'run', ...TIERS.flatMap((tier) => ['--project', tier])], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const took = (performance.now() - started) / 1000;
  seconds.push(took);
  const output = `${result.stdout}\n${result.stderr}`;
  const tests = /Tests\s+(.+?)\s*$/m.exec(output)?.[1] ?? 'no test count';
  if (result.status !== 0) {
    console.log(output);
    console.error(`test:repeat: run ${run} of ${runs} FAILED after ${took.toFixed(1)} s (${tests}); ${run - 1} passed before it`);
    process.exit(1);
  }
  console.log(`test:repeat: run ${run} of ${runs} passed in ${took.toFixed(1)} s (${tests})`);
}
const sorted = [...seconds].sort((a, b) => a - b);
console.log(`test:repeat: ${runs} of ${runs} runs of the ${TIERS.join(', ')} tiers passed; median ${sorted[sorted.length >> 1].toFixed(1)} s a run`);
