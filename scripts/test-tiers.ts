/**
 * Runs each test tier alone, one after another, as its npm script does (package.json `test:<tier>`), with Vitest's
 * JSON reporter, and writes what each ran and took into the table of docs/performance.md between its markers
 * (`<!-- test-tiers -->` … `<!-- /test-tiers -->`), so the counts and times there are this script's output, never
 * typed. Times are wall clock of the whole Vitest process, start-up and the fixture site's check included; the
 * fixture site is built by the first tier that needs it, so run it once before timing a clean tree.
 *
 * Usage:  npm run test:tiers                    every tier, then the table rewritten
 *         npm run test:tiers -- --only unit,http   those tiers; the other rows are kept as they are
 *         npm run test:tiers -- --print         the table printed, the doc left alone
 * Exit:   0 every tier passed (the table written) · 1 a tier failed (its output printed, nothing written) · 2 usage
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const DOC = join(ROOT, 'docs', 'performance.md');
const START = '<!-- test-tiers -->';
const END = '<!-- /test-tiers -->';

/** The tiers, in the order `npm test` lists them, each with what it runs as the doc says it. */
const TIERS: { tier: string; what: string }[] = [
  { tier: 'unit', what: '`tests/unit/`: pure modules on fixture content; no build, no server, no process started' },
  {
    tier: 'processes',
    what: "`tests/processes/`: the scripts run as a user runs them (the import, the agents' refresh), the pages rendered by Vite with Astro's plugins, token counts across builds",
  },
  {
    tier: 'content',
    what: "`tests/content/`: the committed catalogue held to its promises (labelled relevance, search, article facts and comps, the README's figures, the synthetic catalogue)",
  },
  {
    tier: 'contract',
    what: '`tests/contract/`: the built fixture site against `schemas/api/` (Ajv) and `/openapi.json` (Spectral); failing, incremental and repeated builds; the import; `npm run dev`',
  },
  { tier: 'http', what: '`tests/http/`: the real function over HTTP, hostile requests (fast-check), rate limits (Redis too)' },
  {
    tier: 'deploy',
    what: '`tests/deploy/` (nginx, Cloudflare in Miniflare, Netlify, Vercel, the daily job) and the HTTP contract files again through nginx and through the Worker (the `nginx` and `cloudflare` projects)',
  },
  { tier: 'e2e', what: '`tests/e2e/`: Chromium from npm, every page type with axe-core, at 375 px, browsing by clicks' },
];

interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

let args: { only?: string; print?: boolean };
try {
  args = parseArgs({ options: { only: { type: 'string' }, print: { type: 'boolean' } } }).values;
} catch (error) {
  console.error(`test-tiers: ${(error as Error).message}\nusage: npm run test:tiers [-- --only TIER,TIER] [-- --print]`);
  process.exit(2);
}
const only = args.only?.split(',') ?? TIERS.map((t) => t.tier);
const unknown = only.filter((name) => !TIERS.some((t) => t.tier === name));
if (unknown.length) {
  console.error(`test-tiers: no tier ${unknown.join(', ')}; the tiers: ${TIERS.map((t) => t.tier).join(', ')}`);
  process.exit(2);
}

const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const reports = mkdtempSync(join(tmpdir(), 'test-tiers-'));
const load = loadavg()[0];

console.log(`1. running ${only.length} tier(s), one after another`);
const rows = new Map<string, string[]>();
for (const { tier, what } of TIERS.filter((t) => only.includes(t.tier))) {
  // The tier's own script, `vitest run --project …`, run by the Node that runs this one (the pinned one).
  const [command, ...scriptArgs] = scripts[`test:${tier}`].split(' ');
  if (command !== 'vitest') throw new Error(`package.json test:${tier} is not a vitest command: ${scripts[`test:${tier}`]}`);
  const report = join(reports, `${tier}.json`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [vitest, ...scriptArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.log(`${result.stdout}\n${result.stderr}`);
    console.error(`test-tiers: npm run test:${tier} failed (exit ${result.status}); nothing written`);
    rmSync(reports, { recursive: true, force: true });
    process.exit(1);
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const skipped = json.numPendingTests + json.numTodoTests;
  const tests = `${count(json.numPassedTests)}${skipped ? ` (${count(skipped)} skipped)` : ''}`;
  rows.set(tier, [`\`npm run test:${tier}\``, what, tests, `${seconds.toFixed(1)} s`]);
  console.log(`   ${tier}: ${tests} passed in ${seconds.toFixed(1)} s`);
}
rmSync(reports, { recursive: true, force: true });

// Rows of the tiers not run this time are kept as the doc has them.
const doc = readFileSync(DOC, 'utf8');
const [before, rest] = splitOnce(doc, START);
const [old, after] = splitOnce(rest, END);
for (const line of old.split('\n')) {
  const tier = /^\| `npm run test:([a-z0-9]+)` \|/.exec(line)?.[1];
  if (tier && !rows.has(tier)) rows.set(tier, line.slice(2, -2).split(' | '));
}
const date = new Date().toISOString().slice(0, 10);
const table = [
  `Written by \`npm run test:tiers\` (\`scripts/test-tiers.ts\`) on ${date}, on a ${availableParallelism()}-core machine (load average ${load.toFixed(1)} at the start):`,
  'each tier alone, one after another; the tests that passed, and the wall time of its Vitest process. Not edited by hand.',
  '',
  '| Tier | What it runs | Tests | Time |',
  '|---|---|---|---|',
  ...TIERS.flatMap(({ tier }) => (rows.has(tier) ? [`| ${rows.get(tier)!.join(' | ')} |`] : [])),
].join('\n');

console.log('2. the table');
console.log(table);
if (args.print) console.log('   --print: docs/performance.md left as it is');
else {
  writeFileSync(DOC, `${before}${START}\n${table}\n${END}${after}`);
  console.log('   written into docs/performance.md');
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at === -1 || text.indexOf(marker, at + 1) !== -1) {
    console.error(`test-tiers: docs/performance.md must hold the marker ${marker} once`);
    process.exit(1);
  }
  return [text.slice(0, at), text.slice(at + marker.length)];
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
