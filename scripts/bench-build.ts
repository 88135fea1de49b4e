/**
 * Build benchmark: (a) a clean build of the bundled catalogue (content/) and
 * (b) a rebuild with unchanged content, each timed from spawn to exit, with the
 * peak resident memory of the build's whole process tree (the wrapper, Astro and
 * esbuild, polled from /proc every 100 ms; pages shared between processes count
 * in each, so the sum slightly overstates) and of its largest single process.
 *
 * The builds go to a private OUT_DIR and CACHE_DIR under .cache/bench-build/ so
 * they never touch dist/ or the shared Astro cache; the out dir has to be inside
 * the project or the build cannot resolve node_modules. "Clean" deletes both
 * directories first; Vite's dependency cache (node_modules/.vite) is left alone.
 * Both are left in place afterwards (ignored by git) for a look at the output.
 * The rebuild must count the tokens of no Markdown file (they come from
 * CACHE_DIR/markdown-tokens.json).
 *
 * Phase times come from when each phase line of scripts/build.ts arrives. Astro
 * prints "Waiting for integration" only after a hook has run 3 s, so the write
 * phase is taken to start when the build-output step [1/3] says it did.
 *
 * Targets: clean build ≤ 30 s and ≤ 1 GB (tree), rebuild counts 0 tokens. The
 * machine is shared and noisy: with --runs N, every figure is a median over N.
 *
 * Usage:  npm run bench:build              (= node scripts/bench-build.ts)
 *         node scripts/bench-build.ts --runs 3
 *
 * Exit codes: 0 figures printed (targets missed or not: this is a benchmark, not
 * a test) · 2 the benchmark could not run (a build failed, no /proc, bad option).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { mb, median, printTable } from './lib/bench-report.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT_DIR = '.cache/bench-build/dist';
const CACHE_DIR = '.cache/bench-build/cache';
const SAMPLE_MS = 100;
const TARGETS = { cleanSeconds: 30, cleanTreeBytes: 2 ** 30, rebuildCounted: 0 };

const WRAPPER_PHASE = /^== \[(\d)\/(\d)\] (.*)$/;
const OUTPUT_STEP = /build-output\] \[(\d)\/3\] (.*) \((\d+(?:\.\d+)?) s\)$/;
/** "counted tokens of N Markdown files, M from cache" (the wording has varied; the numbers have not). */
const TOKENS = /(\d+) Markdown files, (\d+) from cache/;
const PASS_THROUGH = /\bWARN|\bERROR|\berror\b|build: /;

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Resident bytes of `root` and each of its descendants, from /proc. */
function treeRss(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  const rss: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) rss.push(Number(kb) * 1024);
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return rss;
}

interface BuildRun {
  wallMs: number;
  peakTree: number;
  peakSingle: number;
  counted: number;
  reused: number;
  /** Phase name → milliseconds, in order. */
  phases: [string, number][];
}

/** Runs scripts/build.ts once, relaying its phase lines with the time since spawn. */
function runBuild(label: string): Promise<BuildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const since = () => performance.now() - started;
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build.ts')], {
      cwd: ROOT,
      env: { ...process.env, OUT_DIR, CACHE_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peakTree = 0;
    let peakSingle = 0;
    const sample = () => {
      const rss = treeRss(child.pid!);
      peakTree = Math.max(
        peakTree,
        rss.reduce((a, b) => a + b, 0),
      );
      peakSingle = Math.max(peakSingle, ...rss, 0);
    };
    const timer = setInterval(sample, SAMPLE_MS);
    sample();

    const marks: [string, number][] = [['starting node, Astro and Vite', 0]];
    let writeStart: number | undefined;
    let lastPhase = 'build-output hook';
    let counted = -1;
    let reused = -1;
    const tail: string[] = [];
    const onLine = (line: string) => {
      const at = since();
      tail.push(line);
      if (tail.length > 40) tail.shift();
      const phase = WRAPPER_PHASE.exec(line);
      const step = OUTPUT_STEP.exec(line);
      if (phase) {
        // The wrapper's last phase is announced late; the [1/3] step below says when it began.
        if (phase[1] === phase[2]) lastPhase = phase[3];
        else marks.push([phase[3], at]);
        console.log(`   ${sec(at).padStart(7)}  ${line}`);
      } else if (step) {
        if (step[1] === '1') writeStart = at - Number(step[3]) * 1000;
        const tokens = TOKENS.exec(line);
        if (tokens) [counted, reused] = [Number(tokens[1]), Number(tokens[2])];
        console.log(`   ${sec(at).padStart(7)}    build-output [${step[1]}/3] ${step[2]} (${step[3]} s into the hook)`);
      } else if (PASS_THROUGH.test(line)) {
        console.log(`   ${sec(at).padStart(7)}  ${line.trim()}`);
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const wallMs = since();
      if (code !== 0) {
        console.error(tail.join('\n'));
        return reject(new Error(`${label} failed with exit code ${code}`));
      }
      if (counted < 0) return reject(new Error(`${label}: no "counted tokens of N Markdown files, M from cache" line in the output`));
      if (writeStart !== undefined) marks.push([lastPhase, writeStart]);
      const phases = marks.map(([name, at], i): [string, number] => [name, (marks[i + 1]?.[1] ?? wallMs) - at]);
      resolve({ wallMs, peakTree, peakSingle, counted, reused, phases });
    });
  });
}

/** Prints rows as left-aligned columns, two spaces apart, indented by two. */

function summarise(runs: BuildRun[]) {
  return {
    wallMs: median(runs.map((r) => r.wallMs)),
    peakTree: median(runs.map((r) => r.peakTree)),
    peakSingle: median(runs.map((r) => r.peakSingle)),
    counted: Math.max(...runs.map((r) => r.counted)),
    reused: median(runs.map((r) => r.reused)),
    phases: runs[0].phases.map(([name], i): [string, number] => [name, median(runs.map((r) => r.phases[i]?.[1] ?? 0))]),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
  readdirSync('/proc'); // fails early where there is no /proc to poll

  const clean: BuildRun[] = [];
  const rebuild: BuildRun[] = [];
  for (let i = 1; i <= runs; i++) {
    const of = runs > 1 ? ` (run ${i}/${runs})` : '';
    console.log(`${2 * i - 1}. Clean build${of}: ${OUT_DIR} and ${CACHE_DIR} deleted ...`);
    rmSync(join(ROOT, OUT_DIR), { recursive: true, force: true });
    rmSync(join(ROOT, CACHE_DIR), { recursive: true, force: true });
    clean.push(await runBuild('clean build'));
    console.log(`${2 * i}. Rebuild, content unchanged${of} ...`);
    rebuild.push(await runBuild('rebuild'));
  }

  const c = summarise(clean);
  const r = summarise(rebuild);
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  const misses = [
    c.wallMs > TARGETS.cleanSeconds * 1000 && 'clean wall time',
    c.peakTree > TARGETS.cleanTreeBytes && 'clean peak RSS',
    r.counted > TARGETS.rebuildCounted && 'rebuild token counting',
  ].filter(Boolean);

  console.log(`\nSummary${runs > 1 ? ` (median of ${runs} runs; tokens counted: the most of any run)` : ''}`);
  printTable([
    ['', 'wall', 'peak RSS (tree)', 'peak RSS (1 process)', 'tokens counted / from cache'],
    [
      'clean build',
      `${sec(c.wallMs)} ${mark(c.wallMs <= TARGETS.cleanSeconds * 1000, '≤ 30 s')}`,
      `${mb(c.peakTree)} ${mark(c.peakTree <= TARGETS.cleanTreeBytes, '≤ 1 GB')}`,
      mb(c.peakSingle),
      `${c.counted} / ${c.reused}`,
    ],
    ['rebuild', sec(r.wallMs), mb(r.peakTree), mb(r.peakSingle), `${r.counted} / ${r.reused} ${mark(r.counted <= TARGETS.rebuildCounted, '0 counted')}`],
  ]);
  console.log('');
  printTable([['phase', 'clean', 'rebuild'], ...c.phases.map(([name, ms], i) => [name, sec(ms), sec(r.phases[i]?.[1] ?? 0)])]);
  console.log(misses.length ? `\n  targets missed: ${misses.join(', ')}` : '\n  all targets met');
}

try {
  await main();
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
