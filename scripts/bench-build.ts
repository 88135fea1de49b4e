/**
 * Build benchmark: (a) a clean build of the bundled catalogue (a copy of content/),
 * (b) a rebuild with unchanged content and (c) a rebuild after one price changed
 * (an editor's commit; incremental, src/pipeline/build-state.ts), each timed from spawn to exit, with the
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
 * Phase times come from when each phase line of the build arrives (printed by the
 * project's integration hooks: src/pipeline/build-log.ts).
 *
 * Where the time goes inside a phase: with --cpu-prof, this checkout's builds run with Node's `--cpu-prof`
 * (NODE_OPTIONS; the build code holds no timers of its own), one V8 CPU profile per thread (the main thread
 * and the Markdown worker) written to .cache/bench-build/cpu-profiles/<build>/, and a table gives the functions
 * that took the most CPU time (self time, summed over the threads; scripts/lib/cpu-profile.ts), with their
 * share of the build's sampled time. The profiler slows the build: the figures of a profiled run are for
 * finding where the time goes, not for the goals. Open a profile in Chrome's DevTools for the call tree.
 *
 * Targets: clean build ≤ 30 s and ≤ 1 GB (tree), rebuild counts 0 tokens, the
 * one-price rebuild ≤ 8 s and ≤ 30% of the clean build of the same run. The
 * machine is shared and noisy: with --runs N, every figure is a median over N.
 *
 * At scale (--cards N): a synthetic catalogue of N cards (scripts/lib/synthetic-
 * catalogue.ts: deterministic, shaped and distributed like content/) is written
 * to a temporary folder and built clean into .cache/bench-scale/ (CONTENT_DIR
 * pointed at it), measured as above; the last line reads
 * "build-scale: <cards> cards, <seconds> s, <MB> MB peak RSS" (the whole tree).
 * Targets at 100k cards: ≤ 3 minutes and ≤ 2 GB. The build caps its old space
 * (scripts/build.ts, BUILD_MAX_OLD_SPACE_MB), which is passed through.
 *
 * After a year of daily prices (--price-days N): before the clean build, N simulated days of TCGplayer
 * prices for the whole catalogue (scripts/lib/simulated-days.ts, seeded by --seed) are applied to a copy of
 * content/ in memory (scripts/lib/price-import.ts, without change records) and written once, to
 * .cache/bench-build/priced-content; the size of content/cards + content/sealed is printed before and
 * after, and the runs build copies of that instead of content/. `--price-days 365` is a year.
 *
 * Against another checkout (--against DIR): DIR is another checkout of this
 * project with its node_modules (an old commit: `git worktree add --detach
 * ../before bd19f72 && (cd ../before && npm install)`). Each side builds its own
 * content/ (a copy in its .cache/bench-against/, with OUT_DIR and CACHE_DIR there
 * too, so neither touches the other) with its own scripts/build.ts and its own
 * Node (DIR/node_modules/.bin/node): a clean build, then a no-change rebuild, then
 * a one-price rebuild (editOnePrice on that side's copy), the sides alternating at
 * each step (this, that, this, that …), `sync` before each build so that neither
 * pays for the other's disk writes (every mode does this, and as root drops the
 * kernel's caches before each clean build: settleDisk). Printed per side: wall time, files (the build's
 * "manifest of N files" line), ms per file, peak RSS, the rebuilds, and the
 * one-price rebuild ÷ the clean build of the same side (goal ≤ 0.30); then this ÷
 * that within each run: clean wall per file (goal ≤ 1.00), wall, peak RSS, the
 * rebuilds. With --cards N, each side's synthetic catalogue is written by its own
 * scripts/lib/synthetic-catalogue.ts (the content's shape is the checkout's: DIR's
 * module is imported here, its catalogue written once and untimed; importing it,
 * rather than spawning DIR's bench-build and reading its `build-scale:` line,
 * measures both sides' builds by this script alike and gives their file counts),
 * and each side builds it clean `--runs` times, alternating; printed: wall, files,
 * ms per file, peak RSS, this ÷ that for wall and peak RSS, the goals ≤ 3 min and
 * ≤ 2 GB at 100k cards, and this side's `build-scale:` line. With --scale N instead,
 * the bundled catalogue's runs come first, then each side's synthetic catalogue of N
 * cards built clean once, and a last table holds the build's goals (issue 44) as this
 * one run measured them: the clean build per file ≤ 1.00 × that and ≤ 1 GB, the
 * one-price rebuild ≤ 0.30 of the clean build, N cards per file ≤ 1.00 × that and ≤ 2 GB.
 *
 * Usage:  npm run bench:build              (= node scripts/bench-build.ts)
 *         node scripts/bench-build.ts --runs 3
 *         npm run bench:build -- --price-days 365 [--seed 1] [--runs N]
 *         npm run bench:build -- --cards 100000 [--seed 1] [--runs N]
 *         npm run bench:build -- --against ../before [--runs N]
 *         npm run bench:build -- --against ../before --cards 100000 [--seed 1] [--runs N]
 *         npm run bench:build -- --against ../before --scale 100000 [--runs N]   (the goals of issue 44 in one run)
 *         npm run bench:build -- --cpu-prof [any of the above]   (where the CPU time goes, by function)
 *
 * Exit codes: 0 figures printed (targets missed or not: this is a benchmark, not
 * a test) · 2 the benchmark could not run (a build failed, no /proc, bad option;
 * a failed build's last output lines are printed).
 */
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bytesUnder, mb, median, positiveInteger, printTable, runBenchmark, sec } from './lib/bench-report.ts';
import { treeRss } from './lib/bench-server.ts';
import { type CpuProfileSummary, summariseCpuProfiles } from './lib/cpu-profile.ts';
import { applyDay, changedFiles, readPriceContent } from './lib/price-import.ts';
import { simulatedDays } from './lib/simulated-days.ts';
import { writeSyntheticCatalogue } from './lib/synthetic-catalogue.ts';

const ROOT = join(import.meta.dirname, '..');
/** Where each benchmark builds: inside the project (the build resolves node_modules from its out dir), ignored by git. */
/** The bundled catalogue is built from a copy of content/, so that the one-price edit never touches the checkout. */
const BUNDLED: BuildDirs = { outDir: '.cache/bench-build/dist', cacheDir: '.cache/bench-build/cache', contentDir: '.cache/bench-build/content' };
/** Where --price-days writes the content with N simulated days applied, which the runs then copy. */
const PRICED_CONTENT = '.cache/bench-build/priced-content';
const SCALE: BuildDirs = { outDir: '.cache/bench-scale/dist', cacheDir: '.cache/bench-scale/cache' };
/** --against: where each checkout builds, under its own folder (the same relative paths on both sides). */
const AGAINST: BuildDirs = { outDir: '.cache/bench-against/dist', cacheDir: '.cache/bench-against/cache', contentDir: '.cache/bench-against/content' };
const AGAINST_SCALE: BuildDirs = { outDir: '.cache/bench-against-scale/dist', cacheDir: '.cache/bench-against-scale/cache' };
/** The goals of --against: this checkout's clean build per file no slower than the other's. */
const AGAINST_GOALS = { cleanPerFile: 1 };
const SAMPLE_MS = 100;
const TARGETS = { cleanSeconds: 30, cleanTreeBytes: 2 ** 30, rebuildCounted: 0, editSeconds: 8, editShare: 0.3 };
const SCALE_TARGETS = { cards: 100_000, seconds: 180, treeBytes: 2 * 2 ** 30 };
/** Lines of a failed build's output kept to show why it failed. */
const TAIL_LINES = 40;

/** The build's phases and the steps of its last one, as src/pipeline/build-log.ts prints them. */
const PHASE = /^== \[(\d)\/(\d)\] (.*)$/;
const STEP = /^ {3}(.*) \((\d+(?:\.\d+)?) s\)$/;
/** "counted tokens of N Markdown files, M from cache" (the wording has varied; the numbers have not). */
const TOKENS = /(\d+) Markdown files, (\d+) from cache/;
const PASS_THROUGH = /\bWARN|\bERROR|\berror\b|build: /;
/** Where --cpu-prof writes each build's CPU profiles (a folder a build, by its order in the run). */
const CPU_PROFILES = join(ROOT, '.cache', 'bench-build', 'cpu-profiles');
/** Whether this checkout's builds are profiled (--cpu-prof). */
let cpuProf = false;
let profiledBuilds = 0;
/** The functions a profile's table lists. */
const TOP_FUNCTIONS = 25;
/** "manifest of N files written to …": every file the build made or kept (earlier checkouts print it too, differently framed). */
const MANIFEST = /manifest of (\d+) files/;
const ANSI = /\x1b\[[0-9;]*m/g;

/** The build's folders, relative to the project; CONTENT_DIR (absolute) when not content/. */
interface BuildDirs {
  outDir: string;
  cacheDir: string;
  contentDir?: string;
}

/** A checkout of this project whose scripts/build.ts builds its own content/ with its own Node. */
interface Checkout {
  /** `this` or `that` (--against). */
  name: string;
  root: string;
  node: string;
  /** Its commit, short, for the report ('' when git cannot tell). */
  commit: string;
}
const THIS: Checkout = { name: 'this', root: ROOT, node: process.execPath, commit: commitOf(ROOT) };

interface BuildRun {
  /** The build's exit code (null when killed by a signal). */
  code: number | null;
  wallMs: number;
  peakTree: number;
  peakSingle: number;
  /** From the "counted tokens of N Markdown files, M from cache" line; -1 where there was none. */
  counted: number;
  reused: number;
  /** Phase name → milliseconds, in order. */
  phases: [string, number][];
  /** The peak resident memory of the tree during each phase (as sampled), in the order of `phases`. */
  phasePeaks: number[];
  /** From the "manifest of N files" line; -1 where there was none. */
  files: number;
  /** Where the CPU time went (--cpu-prof, this checkout only). */
  cpu?: CpuProfileSummary;
  /** The last lines of the build's output, for a failure. */
  tail: string[];
}

/**
 * Polls the resident memory of a process tree: the peaks of the sum over all its
 * processes and of the largest one, and every sample of the sum (for the peak of
 * each phase).
 */
function watchRss(root: number, since: () => number): { stop(): { peakTree: number; peakSingle: number; samples: [number, number][] } } {
  let peakTree = 0;
  let peakSingle = 0;
  const samples: [number, number][] = [];
  const sample = () => {
    const rss = treeRss(root);
    const tree = rss.reduce((a, b) => a + b, 0);
    samples.push([since(), tree]);
    peakTree = Math.max(peakTree, tree);
    peakSingle = Math.max(peakSingle, ...rss, 0);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  sample();
  return {
    stop() {
      clearInterval(timer);
      return { peakTree, peakSingle, samples };
    },
  };
}

/**
 * Runs scripts/build.ts once into `dirs`, relaying its phase lines with the time
 * since spawn. Resolves whether the build succeeded or not: the caller decides.
 */
function runBuild(dirs: BuildDirs, { checkout = THIS } = {}): Promise<BuildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const since = () => performance.now() - started;
    const profiles = cpuProf && checkout === THIS ? join(CPU_PROFILES, String(++profiledBuilds)) : undefined;
    const env = {
      ...process.env,
      OUT_DIR: dirs.outDir,
      CACHE_DIR: dirs.cacheDir,
      ...(dirs.contentDir && { CONTENT_DIR: dirs.contentDir }),
      ...(profiles && { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profiles}`.trim() }),
    };
    const child = spawn(checkout.node, [join(checkout.root, 'scripts', 'build.ts')], { cwd: checkout.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const rss = watchRss(child.pid!, since);

    const marks: [string, number][] = [['starting node, Astro and Vite', 0]];
    let counted = -1;
    let reused = -1;
    let files = -1;
    const tail: string[] = [];
    const onLine = (line: string) => {
      const at = since();
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      const phase = PHASE.exec(line);
      const step = STEP.exec(line);
      // Read from any line: an earlier checkout (--against) printed these within Astro's lines.
      const plain = line.replace(ANSI, '');
      const tokens = TOKENS.exec(plain);
      if (tokens) [counted, reused] = [Number(tokens[1]), Number(tokens[2])];
      const manifest = MANIFEST.exec(plain);
      if (manifest) files = Number(manifest[1]);
      if (phase) {
        marks.push([phase[3], at]);
        console.log(`   ${sec(at).padStart(7)}  ${line}`);
      } else if (step) {
        console.log(`   ${sec(at).padStart(7)}    ${step[1]}`);
      } else if (manifest || tokens || PASS_THROUGH.test(line)) {
        console.log(`   ${sec(at).padStart(7)}  ${line.trim()}`);
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.on('error', reject);
    child.on('close', (code) => {
      const { peakTree, peakSingle, samples } = rss.stop();
      const wallMs = since();
      const phases = marks.map(([name, at], i): [string, number] => [name, (marks[i + 1]?.[1] ?? wallMs) - at]);
      const phasePeaks = marks.map(([, at], i) => {
        const end = marks[i + 1]?.[1] ?? Number.POSITIVE_INFINITY;
        return samples.reduce((peak, [t, bytes]) => (t >= at && t < end ? Math.max(peak, bytes) : peak), 0);
      });
      const cpu = profiles && code === 0 ? summariseCpuProfiles(profiles) : undefined;
      resolve({ code, wallMs, peakTree, peakSingle, counted, reused, phases, phasePeaks, files, cpu, tail });
    });
  });
}

/** A build that must succeed (and report its token counts and files), or an error carrying its output's tail. */
async function successfulBuild(label: string, dirs: BuildDirs, checkout = THIS): Promise<BuildRun> {
  const run = await runBuild(dirs, { checkout });
  if (run.code !== 0) {
    console.error(run.tail.join('\n'));
    throw new Error(`${label} failed with exit code ${run.code} after ${sec(run.wallMs)} (peak RSS ${mb(run.peakTree)})`);
  }
  if (run.counted < 0) throw new Error(`${label}: no "counted tokens of N Markdown files, M from cache" line in the output`);
  if (run.files < 0) throw new Error(`${label}: no "manifest of N files" line in the output`);
  return run;
}

/** The commit a checkout is at, short, `-dirty` when its files differ from it; '' when git cannot tell. */
function commitOf(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'describe', '--always', '--dirty', '--abbrev=7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The checkout --against names: built with its own scripts/build.ts, content/ and Node (node_modules/.bin/node). */
function checkoutAt(dir: string): Checkout {
  const root = resolve(dir);
  if (root === ROOT) throw new Error(`--against ${dir} is this checkout`);
  for (const needed of ['scripts/build.ts', 'content', 'node_modules']) {
    if (!existsSync(join(root, needed))) throw new Error(`--against ${dir}: no ${needed} there (a checkout of this project, npm install done)`);
  }
  const node = join(root, 'node_modules', '.bin', 'node');
  return { name: 'that', root, node: existsSync(node) ? node : process.execPath, commit: commitOf(root) };
}

/**
 * Writes back what earlier builds left for the disk (sync), so that a build of one side does not pay for the
 * 60k files of the other's clean build just before it, and before a clean build (`cold`), where this process may
 * (root), drops the kernel's caches of files, folders and inodes, so that every clean build is cold alike (a
 * rebuild is measured as an editor meets it: just after the build before). Without it the kernel's work per file
 * grew build after build on this machine (a clean build's system time from 7 to 31 s, and more with more
 * threads writing: docs/performance.md), and a later build paid for the earlier ones. Not timed.
 */
function settleDisk(cold: boolean): void {
  execFileSync('sync');
  if (cold && canDropCaches) writeFileSync(DROP_CACHES, '3');
}
const DROP_CACHES = '/proc/sys/vm/drop_caches';
const canDropCaches = (() => {
  try {
    accessSync(DROP_CACHES, constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();
/** What the runs' heading says of the disk before each build. */
const COLD = `sync before each build${canDropCaches ? ", the kernel's caches dropped before each clean one" : " (the kernel's caches kept: not root)"}`;

function summarise(runs: BuildRun[]) {
  return {
    wallMs: median(runs.map((r) => r.wallMs)),
    peakTree: median(runs.map((r) => r.peakTree)),
    peakSingle: median(runs.map((r) => r.peakSingle)),
    counted: Math.max(...runs.map((r) => r.counted)),
    reused: median(runs.map((r) => r.reused)),
    phases: runs[0].phases.map(([name], i): [string, number] => [name, median(runs.map((r) => r.phases[i]?.[1] ?? 0))]),
    phasePeaks: runs[0].phasePeaks.map((_, i) => median(runs.map((r) => r.phasePeaks[i] ?? 0))),
    files: median(runs.map((r) => r.files)),
    cpu: runs.flatMap((r) => (r.cpu ? [r.cpu] : [])),
  };
}

/** Where each build's time went, phase by phase (the phases its own lines name), one column a build. */
function printPhases(columns: [string, ReturnType<typeof summarise>][]): void {
  const [, first] = columns[0];
  printTable([
    ['phase', ...columns.map(([label]) => label)],
    ...first.phases.map(([name], i) => [name, ...columns.map(([, c]) => sec(c.phases[i]?.[1] ?? 0))]),
  ]);
}

/**
 * Where the CPU time of profiled builds went (--cpu-prof): the functions that took the most, by self time summed
 * over the threads, as the mean over the runs, with their share of the sampled time.
 */
function printCpuProfile(title: string, summaries: CpuProfileSummary[]): void {
  if (!summaries.length) return;
  const sampled = summaries.reduce((sum, s) => sum + s.threads.reduce((t, thread) => t + thread.ms, 0), 0) / summaries.length;
  const byFunction = new Map<string, number>();
  for (const { functions } of summaries) for (const [where, ms] of functions) byFunction.set(where, (byFunction.get(where) ?? 0) + ms / summaries.length);
  console.log(
    `\n${title}: where ${sec(sampled)} of sampled CPU time went (--cpu-prof, ${summaries[0].threads.length} threads; profiles in ${relative(ROOT, CPU_PROFILES)})`,
  );
  printTable([
    ['function (self time)', 'ms', 'share'],
    ...[...byFunction]
      .sort(([, a], [, b]) => b - a)
      .slice(0, TOP_FUNCTIONS)
      .map(([where, ms]) => [
        where.length > 110 ? `${where.slice(0, 107)}...` : where,
        Math.round(ms).toLocaleString('en-US'),
        `${((100 * ms) / sampled).toFixed(1)}%`,
      ]),
  ]);
}

/** Where the time and the memory of a build at scale went, by phase. */
function printScaleTables(c: ReturnType<typeof summarise>): void {
  printTable([
    ['phase', 'clean', 'share', 'peak RSS (tree) in the phase'],
    ...c.phases.map(([name, ms], i) => [name, sec(ms), `${Math.round((100 * ms) / c.wallMs)}%`, mb(c.phasePeaks[i] ?? 0)]),
  ]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      cards: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'price-days': { type: 'string' },
      against: { type: 'string' },
      scale: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const runs = positiveInteger('runs', values.runs);
  cpuProf = values['cpu-prof']!;
  rmSync(CPU_PROFILES, { recursive: true, force: true });
  readdirSync('/proc'); // fails early where there is no /proc to poll
  if (values.against !== undefined) {
    if (values['price-days'] !== undefined) throw new Error('--against takes --runs, --cards and --seed, not --price-days');
    const that = checkoutAt(values.against);
    if (values.cards !== undefined) {
      if (values.scale !== undefined) throw new Error('--against takes --cards or --scale, not both');
      await benchAgainstAtScale(that, positiveInteger('cards', values.cards), positiveInteger('seed', values.seed), runs);
      return;
    }
    const bundled = await benchAgainst(that, runs);
    if (values.scale === undefined) return;
    // The goals in one run: the synthetic catalogue built once a side after the bundled catalogue's runs.
    const cards = positiveInteger('scale', values.scale);
    console.log('');
    const atScale = await benchAgainstAtScale(that, cards, positiveInteger('seed', values.seed), 1);
    printGoals(bundled, { cards, ...atScale, runs: 1 });
    return;
  }
  if (values.scale !== undefined) throw new Error('--scale goes with --against (the goals in one run); alone, use --cards');
  if (values.cards !== undefined) return benchAtScale(positiveInteger('cards', values.cards), positiveInteger('seed', values.seed), runs);
  if (values['price-days'] !== undefined) {
    return benchBundled(runs, withPriceDays(positiveInteger('price-days', values['price-days']), positiveInteger('seed', values.seed)));
  }
  return benchBundled(runs);
}

/**
 * A copy of content/ (in PRICED_CONTENT) with `days` simulated days of prices applied in memory and written
 * once; prints the price content's size before and after. Returns the copy's folder, relative to the project.
 */
function withPriceDays(days: number, seed: number): string {
  const dir = join(ROOT, PRICED_CONTENT);
  const size = () => bytesUnder(join(dir, 'cards')) + bytesUnder(join(dir, 'sealed'));
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  const before = size();
  console.log(`0. ${days} simulated days of prices (seed ${seed}) applied to a copy of content/ in ${PRICED_CONTENT} ...`);
  const started = performance.now();
  const content = readPriceContent(dir);
  const walk = simulatedDays(content, { seed });
  let last = '';
  for (let n = 0; n < days; n++) {
    const day = walk.next().value!;
    applyDay(content, day, { recordChanges: false });
    last = day.date;
  }
  const files = changedFiles(content);
  for (const [path, text] of files) writeFileSync(join(dir, path), text);
  const after = size();
  console.log(`   up to ${last}: ${files.size} files rewritten in ${sec(performance.now() - started)}`);
  console.log(`   content/cards + content/sealed: ${mb(before)} → ${mb(after)} (${before} → ${after} bytes, ×${(after / before).toFixed(2)})`);
  return PRICED_CONTENT;
}

/** Deletes a build's out and cache folders (under the checkout `root`), so the next build is clean. */
function cleanDirs(dirs: BuildDirs, root = ROOT): void {
  rmSync(join(root, dirs.outDir), { recursive: true, force: true });
  rmSync(join(root, dirs.cacheDir), { recursive: true, force: true });
}

/**
 * An editor's one-line change: the market price of the first priced card of the first file, up 10%. Returns
 * what was changed, for the report.
 */
function editOnePrice(contentDir: string, root = ROOT): string {
  const dir = join(root, contentDir, 'cards');
  const file = join(dir, readdirSync(dir).sort()[0]);
  const cards = JSON.parse(readFileSync(file, 'utf8')) as { id: string; prices: { primary: boolean; market: number | null }[] }[];
  const card = cards.find((c) => c.prices.some((p) => p.primary && p.market !== null))!;
  for (const line of card.prices) if (line.primary && line.market !== null) line.market = Math.round(line.market * 110) / 100;
  writeFileSync(file, `${JSON.stringify(cards, null, 2)}\n`);
  return card.id;
}

/**
 * The bundled catalogue, `runs` times: a clean build, a rebuild with nothing changed, and a rebuild after one
 * price changed (an editor's commit), the last two incremental (src/pipeline/build-state.ts).
 */
async function benchBundled(runs: number, source = 'content'): Promise<void> {
  const { outDir, cacheDir, contentDir } = BUNDLED;
  const clean: BuildRun[] = [];
  const rebuild: BuildRun[] = [];
  const edited: BuildRun[] = [];
  for (let i = 1; i <= runs; i++) {
    const of = runs > 1 ? ` (run ${i}/${runs})` : '';
    console.log(`${3 * i - 2}. Clean build${of}: ${outDir} and ${cacheDir} deleted, ${contentDir} copied from ${source}/; ${COLD} ...`);
    cleanDirs(BUNDLED);
    rmSync(join(ROOT, contentDir!), { recursive: true, force: true });
    cpSync(join(ROOT, source), join(ROOT, contentDir!), { recursive: true });
    settleDisk(true);
    clean.push(await successfulBuild('clean build', BUNDLED));
    console.log(`${3 * i - 1}. Rebuild, content unchanged${of} ...`);
    settleDisk(false);
    rebuild.push(await successfulBuild('rebuild', BUNDLED));
    console.log(`${3 * i}. Rebuild after one price changed (${editOnePrice(contentDir!)})${of} ...`);
    settleDisk(false);
    edited.push(await successfulBuild('rebuild after an edit', BUNDLED));
  }
  const cleanSummary = summarise(clean);
  const rebuildSummary = summarise(rebuild);
  const editSummary = summarise(edited);
  // Within each run, so that the machine's load at the time weighs on both alike.
  const share = median(edited.map((run, i) => run.wallMs / clean[i].wallMs));
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  const misses = [
    cleanSummary.wallMs > TARGETS.cleanSeconds * 1000 && 'clean wall time',
    cleanSummary.peakTree > TARGETS.cleanTreeBytes && 'clean peak RSS',
    rebuildSummary.counted > TARGETS.rebuildCounted && 'rebuild token counting',
    editSummary.wallMs > TARGETS.editSeconds * 1000 && 'one-price rebuild time',
    share > TARGETS.editShare && 'one-price rebuild ÷ clean build',
  ].filter(Boolean);

  console.log(`\nSummary${runs > 1 ? ` (median of ${runs} runs; tokens counted: the most of any run)` : ''}`);
  printTable([
    ['', 'wall', 'peak RSS (tree)', 'peak RSS (1 process)', 'tokens counted / from cache'],
    [
      'clean build',
      `${sec(cleanSummary.wallMs)} ${mark(cleanSummary.wallMs <= TARGETS.cleanSeconds * 1000, '≤ 30 s')}`,
      `${mb(cleanSummary.peakTree)} ${mark(cleanSummary.peakTree <= TARGETS.cleanTreeBytes, '≤ 1 GB')}`,
      mb(cleanSummary.peakSingle),
      `${cleanSummary.counted} / ${cleanSummary.reused}`,
    ],
    [
      'rebuild',
      sec(rebuildSummary.wallMs),
      mb(rebuildSummary.peakTree),
      mb(rebuildSummary.peakSingle),
      `${rebuildSummary.counted} / ${rebuildSummary.reused} ${mark(rebuildSummary.counted <= TARGETS.rebuildCounted, '0 counted')}`,
    ],
    [
      'rebuild, one price changed',
      `${sec(editSummary.wallMs)} ${mark(editSummary.wallMs <= TARGETS.editSeconds * 1000, '≤ 8 s')}`,
      mb(editSummary.peakTree),
      mb(editSummary.peakSingle),
      `${editSummary.counted} / ${editSummary.reused}`,
    ],
  ]);
  console.log(
    `\n  one-price rebuild ÷ clean build, within each run: ${(share * 100).toFixed(0)}% ${mark(share <= TARGETS.editShare, `≤ ${TARGETS.editShare * 100}%`)}\n`,
  );
  printPhases([
    ['clean', cleanSummary],
    ['rebuild', rebuildSummary],
    ['one price', editSummary],
  ]);
  const of = runs > 1 ? ` (medians of ${runs} runs)` : '';
  printCpuProfile(`Clean build${of}`, cleanSummary.cpu);
  printCpuProfile(`Rebuild, content unchanged${of}`, rebuildSummary.cpu);
  printCpuProfile(`Rebuild, one price changed${of}`, editSummary.cpu);
  console.log(misses.length ? `\n  targets missed: ${misses.join(', ')}` : '\n  all targets met');
}

/**
 * A synthetic catalogue of `cards` cards, built clean `runs` times. The content
 * goes to a temporary folder (removed afterwards); the build to SCALE's folders.
 */
async function benchAtScale(cards: number, seed: number, runs: number): Promise<void> {
  const contentDir = mkdtempSync(join(tmpdir(), `bench-scale-${cards}-`));
  try {
    console.log(`1. Writing a synthetic catalogue of ${cards} cards (seed ${seed}) to ${contentDir} ...`);
    const t = performance.now();
    const made = writeSyntheticCatalogue(contentDir, { cards, seed });
    console.log(
      `   ${made.cards} cards in ${made.sets} sets, ${made.sealed} sealed products, ${made.articles} articles: ${made.files} files, ${mb(made.bytes)} in ${sec(performance.now() - t)}`,
    );
    const dirs: BuildDirs = { ...SCALE, contentDir };
    const cap = process.env.BUILD_MAX_OLD_SPACE_MB ?? 'the default of scripts/build.ts';
    const builds: BuildRun[] = [];
    for (let i = 1; i <= runs; i++) {
      const of = runs > 1 ? ` (run ${i}/${runs})` : '';
      console.log(`${i + 1}. Clean build${of} into ${dirs.outDir} (old space cap: ${cap}; ${COLD}) ...`);
      cleanDirs(dirs);
      settleDisk(true);
      const run = await runBuild(dirs);
      if (run.code !== 0) {
        console.log('');
        printScaleTables(summarise([run]));
        console.error(`\nThe build failed (exit code ${run.code}); its last ${run.tail.length} lines:\n${run.tail.join('\n')}`);
        throw new Error(
          `build-scale: the build of ${cards} cards failed after ${sec(run.wallMs)} (peak RSS ${mb(run.peakTree)} tree, ${mb(run.peakSingle)} one process)`,
        );
      }
      builds.push(run);
    }
    const c = summarise(builds);
    const atTarget = cards === SCALE_TARGETS.cards;
    const mark = (ok: boolean, target: string) => (atTarget ? (ok ? ' ✓' : ` ✗ (target ${target})`) : '');
    console.log(`\nSummary${runs > 1 ? ` (median of ${runs} runs)` : ''}`);
    printTable([
      ['', 'wall', 'peak RSS (tree)', 'peak RSS (1 process)', 'Markdown files counted'],
      [
        `clean build, ${cards} cards`,
        `${sec(c.wallMs)}${mark(c.wallMs <= SCALE_TARGETS.seconds * 1000, '≤ 3 min')}`,
        `${mb(c.peakTree)}${mark(c.peakTree <= SCALE_TARGETS.treeBytes, '≤ 2 GB')}`,
        mb(c.peakSingle),
        String(c.counted),
      ],
    ]);
    console.log('');
    printScaleTables(c);
    printCpuProfile(`Clean build, ${cards} cards`, c.cpu);
    console.log(`build-scale: ${cards} cards, ${(c.wallMs / 1000).toFixed(1)} s, ${mb(c.peakTree)} peak RSS`);
  } finally {
    rmSync(contentDir, { recursive: true, force: true });
  }
}

/** How a side of --against is named in the report: `this (1cd63f4)`, `that (bd19f72)`. */
const sideName = (side: Checkout) => `${side.name}${side.commit ? ` (${side.commit})` : ''}`;
const ratio = (x: number) => x.toFixed(3);
const goal = (ok: boolean, target: string) => (ok ? '✓' : `✗ (goal ${target})`);

/**
 * This checkout against another (`--against DIR`), `runs` times: each side's clean build of its own content/
 * (a copy, under its own .cache/bench-against/), then its no-change rebuild, then its one-price rebuild, the
 * two sides alternating at each step (this, that, this, that …) so that the machine's load weighs on both alike.
 */
async function benchAgainst(that: Checkout, runs: number): Promise<AgainstFigures> {
  const sides = [THIS, that];
  const { contentDir } = AGAINST;
  const steps = ['clean', 'rebuild', 'edited'] as const;
  const results = new Map(sides.map((side) => [side, { clean: [] as BuildRun[], rebuild: [] as BuildRun[], edited: [] as BuildRun[] }]));
  console.log(`${sideName(THIS)}: ${ROOT}, against ${sideName(that)}: ${that.root}; ${runs} run${runs > 1 ? 's' : ''}; ${COLD}`);
  let n = 0;
  for (let i = 1; i <= runs; i++) {
    const of = runs > 1 ? ` (run ${i}/${runs})` : '';
    for (const step of steps) {
      for (const side of sides) {
        const name = sideName(side);
        if (step === 'clean') {
          console.log(`${++n}. ${name}: clean build${of} of a copy of its content/ in ${join(side.root, contentDir!)} ...`);
          cleanDirs(AGAINST, side.root);
          rmSync(join(side.root, contentDir!), { recursive: true, force: true });
          cpSync(join(side.root, 'content'), join(side.root, contentDir!), { recursive: true });
        } else if (step === 'rebuild') {
          console.log(`${++n}. ${name}: rebuild, content unchanged${of} ...`);
        } else {
          console.log(`${++n}. ${name}: rebuild after one price changed (${editOnePrice(contentDir!, side.root)})${of} ...`);
        }
        settleDisk(step === 'clean');
        results.get(side)![step].push(await successfulBuild(`${name} ${step === 'clean' ? 'clean build' : step}`, AGAINST, side));
      }
    }
  }
  const perFile = (run: BuildRun) => run.wallMs / run.files;
  const ofSide = (side: Checkout) => {
    const { clean, rebuild, edited } = results.get(side)!;
    return {
      clean: median(clean.map((r) => r.wallMs)),
      files: median(clean.map((r) => r.files)),
      perFile: median(clean.map(perFile)),
      peakTree: median(clean.map((r) => r.peakTree)),
      rebuild: median(rebuild.map((r) => r.wallMs)),
      edited: median(edited.map((r) => r.wallMs)),
      // Within each run, as benchBundled does.
      editShare: median(edited.map((r, i) => r.wallMs / clean[i].wallMs)),
    };
  };
  // This ÷ that within each run (the two builds of a step ran one after the other), then the median.
  const within = (of: (side: Checkout, i: number) => number) => median(Array.from({ length: runs }, (_, i) => of(THIS, i) / of(that, i)));
  const cleanOf = (side: Checkout, i: number) => results.get(side)!.clean[i];
  const perFileRatio = within((side, i) => perFile(cleanOf(side, i)));
  console.log(`\nAgainst ${that.root}${runs > 1 ? ` (medians of ${runs} runs; ratios within each run, then their median)` : ''}`);
  printTable([
    ['side', 'clean build', 'files', 'ms per file', 'peak RSS (tree)', 'rebuild', 'one-price rebuild', 'one price ÷ clean'],
    ...sides.map((side) => {
      const x = ofSide(side);
      return [
        sideName(side),
        sec(x.clean),
        String(x.files),
        x.perFile.toFixed(3),
        mb(x.peakTree),
        sec(x.rebuild),
        sec(x.edited),
        `${ratio(x.editShare)} ${goal(x.editShare <= TARGETS.editShare, `≤ ${TARGETS.editShare.toFixed(2)}`)}`,
      ];
    }),
  ]);
  console.log('');
  printTable([
    ['this ÷ that', ''],
    ['clean build, wall per file', `${ratio(perFileRatio)} ${goal(perFileRatio <= AGAINST_GOALS.cleanPerFile, `≤ ${AGAINST_GOALS.cleanPerFile.toFixed(2)}`)}`],
    ['clean build, wall', ratio(within((side, i) => cleanOf(side, i).wallMs))],
    ['clean build, peak RSS (tree)', ratio(within((side, i) => cleanOf(side, i).peakTree))],
    ['rebuild, content unchanged', ratio(within((side, i) => results.get(side)!.rebuild[i].wallMs))],
    ['rebuild, one price changed', ratio(within((side, i) => results.get(side)!.edited[i].wallMs))],
  ]);
  for (const side of sides) {
    const { clean, rebuild, edited } = results.get(side)!;
    console.log(`\n${sideName(side)}, by phase${runs > 1 ? ' (medians)' : ''}`);
    printPhases([
      ['clean', summarise(clean)],
      ['rebuild', summarise(rebuild)],
      ['one price', summarise(edited)],
    ]);
  }
  printCpuProfile(`${sideName(THIS)}, clean build`, summarise(results.get(THIS)!.clean).cpu);
  const here = ofSide(THIS);
  return { perFileRatio, peakTree: here.peakTree, editShare: here.editShare, runs };
}

/** What --against measured of this checkout against the goals (issue 44): the clean build's, and the one-price rebuild's share. */
interface AgainstFigures {
  /** This ÷ that, the clean build's wall per file (medians of the runs' ratios). */
  perFileRatio: number;
  /** This side's clean build: the tree's peak RSS (median). */
  peakTree: number;
  /** This side's one-price rebuild ÷ its clean build of the same run (median). */
  editShare: number;
  runs: number;
}

/**
 * This checkout against another at scale (`--against DIR --cards N`): each side's synthetic catalogue of N cards
 * is made by that side's own scripts/lib/synthetic-catalogue.ts (imported here, as this file imports its own:
 * the content's shape is the checkout's), written once, untimed, to a temporary folder; then each side builds
 * it clean with its own scripts/build.ts and Node, `runs` times, alternating. Both are measured by this script
 * alike (wall time from spawn to exit, the tree's peak RSS from /proc).
 */
async function benchAgainstAtScale(
  that: Checkout,
  cards: number,
  seed: number,
  runs: number,
): Promise<{ wallMs: number; peakTree: number; perFileRatio: number }> {
  const sides = [THIS, that];
  const contents = new Map<Checkout, string>();
  const builds = new Map<Checkout, BuildRun[]>(sides.map((side) => [side, []]));
  try {
    for (const side of sides) {
      const module = join(side.root, 'scripts', 'lib', 'synthetic-catalogue.ts');
      const { writeSyntheticCatalogue: write } = (side === THIS ? { writeSyntheticCatalogue } : await import(pathToFileURL(module).href)) as {
        writeSyntheticCatalogue: typeof writeSyntheticCatalogue;
      };
      if (typeof write !== 'function') throw new Error(`${module} exports no writeSyntheticCatalogue`);
      const dir = mkdtempSync(join(tmpdir(), `bench-against-${side.name}-${cards}-`));
      contents.set(side, dir);
      const t = performance.now();
      const made = write(dir, { cards, seed });
      console.log(
        `${sideName(side)}: a synthetic catalogue of ${made.cards} cards (seed ${seed}) by its own ${relative(side.root, module)}: ${made.files} files, ${mb(made.bytes)} in ${sec(performance.now() - t)}`,
      );
    }
    console.log(COLD);
    let n = 0;
    for (let i = 1; i <= runs; i++) {
      for (const side of sides) {
        console.log(
          `${++n}. ${sideName(side)}: clean build of ${cards} cards${runs > 1 ? ` (run ${i}/${runs})` : ''} into ${join(side.root, AGAINST_SCALE.outDir)} ...`,
        );
        cleanDirs(AGAINST_SCALE, side.root);
        settleDisk(true);
        const run = await runBuild({ ...AGAINST_SCALE, contentDir: contents.get(side) }, { checkout: side });
        if (run.code !== 0) {
          console.error(run.tail.join('\n'));
          throw new Error(`${sideName(side)}: the build of ${cards} cards failed after ${sec(run.wallMs)} (peak RSS ${mb(run.peakTree)})`);
        }
        builds.get(side)!.push(run);
      }
    }
  } finally {
    for (const dir of contents.values()) rmSync(dir, { recursive: true, force: true });
  }
  const atTarget = cards === SCALE_TARGETS.cards;
  const of = (side: Checkout) => summarise(builds.get(side)!);
  const here = of(THIS);
  const within = (value: (run: BuildRun) => number) => median(builds.get(THIS)!.map((run, i) => value(run) / value(builds.get(that)![i])));
  console.log(`\nAgainst ${that.root}, ${cards} cards${runs > 1 ? ` (medians of ${runs} runs; ratios within each run, then their median)` : ''}`);
  printTable([
    ['side', 'clean build', 'files', 'ms per file', 'peak RSS (tree)', 'peak RSS (1 process)'],
    ...sides.map((side) => {
      const x = of(side);
      const scaleGoals = side === THIS && atTarget;
      return [
        sideName(side),
        `${sec(x.wallMs)}${scaleGoals ? ` ${goal(x.wallMs <= SCALE_TARGETS.seconds * 1000, '≤ 3 min')}` : ''}`,
        String(x.files),
        (x.wallMs / x.files).toFixed(3),
        `${mb(x.peakTree)}${scaleGoals ? ` ${goal(x.peakTree <= SCALE_TARGETS.treeBytes, '≤ 2 GB')}` : ''}`,
        mb(x.peakSingle),
      ];
    }),
  ]);
  console.log('');
  printTable([
    ['this ÷ that', ''],
    ['clean build, wall', ratio(within((run) => run.wallMs))],
    ['clean build, wall per file', ratio(within((run) => run.wallMs / run.files))],
    ['clean build, peak RSS (tree)', ratio(within((run) => run.peakTree))],
  ]);
  if (!atTarget) console.log(`\n  (the goals of ≤ 3 min and ≤ 2 GB are for ${SCALE_TARGETS.cards} cards)`);
  printCpuProfile(`${sideName(THIS)}, clean build, ${cards} cards`, here.cpu);
  console.log(`build-scale: ${cards} cards, ${(here.wallMs / 1000).toFixed(1)} s, ${mb(here.peakTree)} peak RSS`);
  return { wallMs: here.wallMs, peakTree: here.peakTree, perFileRatio: within((run) => run.wallMs / run.files) };
}

/**
 * The goals of issue 44 in one table, from one run of the benchmark (`--against DIR --scale N`): the bundled
 * catalogue's clean build per file against the other checkout's, its peak, the one-price rebuild's share of the
 * clean build, and the clean build of N synthetic cards.
 */
function printGoals(bundled: AgainstFigures, scale: { cards: number; wallMs: number; peakTree: number; perFileRatio: number; runs: number }): void {
  const medians = (runs: number) => (runs > 1 ? `median of ${runs} runs` : 'one run');
  console.log(`\nThe build's goals (issue 44), this run`);
  printTable([
    ['goal', 'measured', ''],
    [
      'clean build, wall per file ≤ 1.00 × that',
      `${ratio(bundled.perFileRatio)} (${medians(bundled.runs)})`,
      goal(bundled.perFileRatio <= AGAINST_GOALS.cleanPerFile, '≤ 1.00'),
    ],
    ['clean build ≤ 1 GB (tree)', mb(bundled.peakTree), goal(bundled.peakTree <= TARGETS.cleanTreeBytes, '≤ 1 GB')],
    [
      `one-price rebuild ≤ ${TARGETS.editShare.toFixed(2)} of the clean build`,
      `${ratio(bundled.editShare)} (${medians(bundled.runs)})`,
      goal(bundled.editShare <= TARGETS.editShare, `≤ ${TARGETS.editShare.toFixed(2)}`),
    ],
    [
      `${scale.cards} cards clean, wall per file ≤ 1.00 × that, ≤ 2 GB`,
      `${ratio(scale.perFileRatio)}: ${sec(scale.wallMs)}, ${mb(scale.peakTree)} (${medians(scale.runs)})`,
      scale.cards === SCALE_TARGETS.cards
        ? goal(scale.perFileRatio <= AGAINST_GOALS.cleanPerFile && scale.peakTree <= SCALE_TARGETS.treeBytes, '≤ 1.00, ≤ 2 GB')
        : `(the goal is for ${SCALE_TARGETS.cards} cards)`,
    ],
  ]);
}

await runBenchmark(main);
