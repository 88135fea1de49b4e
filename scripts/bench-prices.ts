/**
 * Daily price import benchmark (issue 24): what one day of TCGplayer prices for the whole catalogue costs,
 * on the bundled content, with simulated days (scripts/lib/simulated-days.ts: every product and printing the
 * content holds, about 30% of the prices moved by up to ±5% a day, about 1% of the products missing; seeded,
 * so every run imports the same days).
 *
 *  a. Import speed: one simulated day imported by the real CLI
 *     (`node scripts/import-catalogue.ts --tcgcsv DAY --out COPY --write`) into a fresh copy of content/
 *     under .cache/bench-prices/, timed from spawn to exit, with the peak resident memory of its process tree
 *     (polled from /proc every 100 ms). Median of --runs (default 3), a fresh copy each.
 *  b. Git growth: a throwaway repository under the system's temporary folder holding a copy of content/ is
 *     committed and packed with `git repack -adf --window=250 --depth=50`, then the days are imported one by
 *     one by the CLI, each committed, and the repository packed the same way again after day 1, every 10th
 *     day and the last (--days, default 30). The figure is the growth of .git/objects/pack. The repack is a
 *     fresh full one (-f recomputes every delta) because that is what a host's periodic `git gc` leaves
 *     behind: the packs a push or fetch makes day by day hold whole blobs without deltas against the day
 *     before, and measuring those would overstate what the history costs to keep.
 *  c. Deploy: the bundled content built clean into private folders (.cache/bench-prices/dist and cache, as
 *     bench-build does), then simulated day 1 imported and the site rebuilt (incremental, the same cache);
 *     the two builds' dist/server/manifest.json (every public file and its ETag, src/http/file-manifest.ts)
 *     are compared: files changed, added, removed and unchanged, and the bytes a deploy that uploads only
 *     changed files would send (the function's folder, dist/server, compared by hash alongside). Then the
 *     content is put back, rebuilt, and a day made from the real sample (/work/shared/data/tcgcsv-sample/
 *     2025-10-20, moved to 2025-10-21 with a few market prices changed: 4 groups) imported and rebuilt the
 *     same way. Skipped, with a message, when the sample is not there. The rebuilds' time and peak RSS are
 *     set against the clean build's targets.
 *
 * .cache/bench-prices/ is emptied when the benchmark starts and left in place afterwards (ignored by git), for a
 * look at the days and the builds; the git repository is removed.
 *
 * Targets: one day's import ≤ 10 s; one day adds ≤ 2 MB to the packed .git; the rebuild after a daily
 * import ≤ 30 s and ≤ 1 GB (the clean build's); the deploy uploads only files whose bytes changed. The
 * machine is shared and noisy: the figures are printed, never asserted.
 *
 * Usage:  npm run bench:prices               (= node scripts/bench-prices.ts)
 *         node scripts/bench-prices.ts --days 30 --runs 3 --seed 1 [--only import,git,deploy]
 *
 * Exit codes: 0 figures printed (targets missed or not: this is a benchmark, not a test) · 2 the benchmark
 * could not run (an import, a build or git failed, no /proc, a bad option).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { FileManifest } from '../src/http/file-manifest.ts';
import { bytesUnder, kb, mb, median, positiveInteger, printTable, runBenchmark, sec } from './lib/bench-report.ts';
import { treeRss } from './lib/bench-server.ts';
import { readPriceContent } from './lib/price-import.ts';
import { simulatedDays, writeTcgcsvDay } from './lib/simulated-days.ts';
import type { TcgcsvDay } from './lib/tcgcsv-days.ts';

const ROOT = join(import.meta.dirname, '..');
/** Everything the benchmark writes, inside the project (the build resolves node_modules from its out dir), ignored by git. */
const SCRATCH = join(ROOT, '.cache', 'bench-prices');
const DAYS_DIR = join(SCRATCH, 'days');
const BUILD = { outDir: join(SCRATCH, 'dist'), cacheDir: join(SCRATCH, 'cache'), contentDir: join(SCRATCH, 'content') };
const SAMPLE = '/work/shared/data/tcgcsv-sample/2025-10-20';
const SAMPLE_DATE = '2025-10-21';
/** Every how many rows of a sample group a market price is changed (so that the day is not a copy of the last). */
const SAMPLE_EVERY = 25;
const SAMPLE_MS = 100;
const TAIL_LINES = 40;
const TARGETS = { importSeconds: 10, dayBytes: 2 * 2 ** 20, rebuildSeconds: 30, rebuildTreeBytes: 2 ** 30 };
const REPACK = ['repack', '-adf', '--window=250', '--depth=50'];
const GIT = ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false'];
const PHASE = /^== \[(\d)\/(\d)\] (.*)$/;

const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);

interface Run {
  code: number | null;
  wallMs: number;
  /** Peak resident memory of the process tree (the sum over its processes, as sampled). */
  peakTree: number;
  /** Every line the process printed (stdout and stderr). */
  lines: string[];
}

/** Runs a Node script of the project, timed from spawn to exit, its tree's memory polled from /proc. */
function runNode(script: string, args: string[], env: Record<string, string> = {}, onLine?: (line: string, ms: number) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let peakTree = 0;
    const sample = () => {
      peakTree = Math.max(
        peakTree,
        treeRss(child.pid!).reduce((a, b) => a + b, 0),
      );
    };
    const timer = setInterval(sample, SAMPLE_MS);
    sample();
    const lines: string[] = [];
    const take = (line: string) => {
      lines.push(line);
      onLine?.(line, performance.now() - started);
    };
    createInterface({ input: child.stdout! }).on('line', take);
    createInterface({ input: child.stderr! }).on('line', take);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, wallMs: performance.now() - started, peakTree, lines });
    });
  });
}

/** The CLI's daily import of the day in `dayFolder` into `contentDir`; fails when it does. */
async function importDay(dayFolder: string, contentDir: string): Promise<Run> {
  const run = await runNode('scripts/import-catalogue.ts', ['--tcgcsv', dayFolder, '--out', contentDir, '--write']);
  if (run.code !== 0) {
    console.error(run.lines.slice(-TAIL_LINES).join('\n'));
    throw new Error(`the import of ${relative(ROOT, dayFolder)} failed with exit code ${run.code}`);
  }
  return run;
}

/** The import's own figures: its day line ("<date>: N rows; …") and its files line. */
const importSummary = (run: Run) => run.lines.filter((line) => /^\d{4}-\d{2}-\d{2}: |^import-prices: /.test(line));

/** A build into BUILD's folders, its phase lines relayed; fails when the build does. */
async function build(label: string): Promise<Run> {
  const env = { OUT_DIR: BUILD.outDir, CACHE_DIR: BUILD.cacheDir, CONTENT_DIR: BUILD.contentDir };
  const run = await runNode('scripts/build.ts', [], env, (line, ms) => {
    if (PHASE.test(line)) console.log(`   ${sec(ms).padStart(7)}  ${line}`);
  });
  if (run.code !== 0) {
    console.error(run.lines.slice(-TAIL_LINES).join('\n'));
    throw new Error(`${label} failed with exit code ${run.code} after ${sec(run.wallMs)}`);
  }
  console.log(`   ${label}: ${sec(run.wallMs)}, peak RSS ${mb(run.peakTree)} (tree)`);
  return run;
}

/** The price content's bytes: content/cards and content/sealed. */
const priceBytes = (contentDir: string) => bytesUnder(join(contentDir, 'cards')) + bytesUnder(join(contentDir, 'sealed'));

function freshCopy(to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(join(ROOT, 'content'), to, { recursive: true });
}

const rowsOf = (day: TcgcsvDay) => day.groups.reduce((sum, group) => sum + group.rows.length, 0);

// ---------------------------------------------------------------------------------------------------------
// a. Import speed

async function benchImport(day: TcgcsvDay, dayFolder: string, runs: number): Promise<void> {
  console.log(`\na. Import speed: simulated day ${day.date} (${rowsOf(day)} rows in ${day.groups.length} groups), median of ${runs}`);
  const copy = join(SCRATCH, 'import-content');
  const results: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    freshCopy(copy);
    const run = await importDay(dayFolder, copy);
    results.push(run);
    console.log(`   run ${i}/${runs}: ${sec(run.wallMs)}, peak RSS ${mb(run.peakTree)}`);
    if (i === 1) for (const line of importSummary(run)) console.log(`     ${line}`);
  }
  rmSync(copy, { recursive: true, force: true });
  const wall = median(results.map((r) => r.wallMs));
  const peak = median(results.map((r) => r.peakTree));
  console.log('');
  printTable([
    ['', 'wall', 'peak RSS (tree)'],
    ['import of one day, whole catalogue', `${sec(wall)} ${mark(wall <= TARGETS.importSeconds * 1000, '≤ 10 s')}`, mb(peak)],
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// b. Git growth

function git(repo: string, args: string[]): string {
  return execFileSync('git', [...GIT, '-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
}

/** Packs the repository afresh and says how many bytes its packs hold, and how long packing took. */
function repack(repo: string): { bytes: number; ms: number } {
  const started = performance.now();
  git(repo, [...REPACK, '-q']);
  return { bytes: bytesUnder(join(repo, '.git', 'objects', 'pack')), ms: performance.now() - started };
}

async function benchGit(days: Iterator<TcgcsvDay>, count: number): Promise<void> {
  console.log(`\nb. Git growth: ${count} simulated days imported and committed; packed with git ${REPACK.join(' ')}`);
  const repo = mkdtempSync(join(tmpdir(), 'bench-prices-git-'));
  try {
    const contentDir = join(repo, 'content');
    freshCopy(contentDir);
    git(repo, ['init', '-q', '-b', 'main']);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'content as bundled']);
    const start = repack(repo);
    const contentStart = priceBytes(contentDir);
    console.log(
      `   day 0 (the bundled content, ${mb(contentStart)} of cards and sealed): pack ${mb(start.bytes)} (${start.bytes} bytes; repack ${sec(start.ms)})`,
    );
    const rows: string[][] = [['after day', 'pack', 'added since day 0', 'per day', 'repack']];
    let dayOne = 0;
    let importMs = 0;
    for (let n = 1; n <= count; n++) {
      const day = days.next().value as TcgcsvDay;
      rmSync(DAYS_DIR, { recursive: true, force: true });
      const run = await importDay(writeTcgcsvDay(day, DAYS_DIR), contentDir);
      importMs += run.wallMs;
      git(repo, ['add', '-A']);
      const stat = git(repo, ['diff', '--cached', '--shortstat']).trim();
      git(repo, ['commit', '-q', '-m', `prices ${day.date}`]);
      if (n === 1) console.log(`   day 1 (${day.date}) commit: ${stat}`);
      if (n === 1 || n === count || n % 10 === 0) {
        const packed = repack(repo);
        const added = packed.bytes - start.bytes;
        if (n === 1) dayOne = added;
        rows.push([`${n} (${day.date})`, mb(packed.bytes), `${kb(added)} (${added} bytes)`, kb(added / n), sec(packed.ms)]);
        console.log(`   day ${n}: pack ${mb(packed.bytes)}, +${kb(added)} since day 0 (repack ${sec(packed.ms)})`);
      }
    }
    const contentEnd = priceBytes(contentDir);
    console.log('');
    printTable(rows);
    console.log(`\n  one day adds ${kb(dayOne)} to the packed .git ${mark(dayOne <= TARGETS.dayBytes, '≤ 2 MB')}`);
    console.log(`  content/cards + content/sealed: ${mb(contentStart)} → ${mb(contentEnd)} after ${count} days (${contentStart} → ${contentEnd} bytes)`);
    console.log(`  imports took ${sec(importMs / count)} a day on average (the CLI, spawn to exit)`);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// c. Deploy

/** The function's files (dist/server), which the manifest does not list: path → hash and bytes. */
function serverFiles(): Map<string, { hash: string; bytes: number }> {
  const dir = join(BUILD.outDir, 'server');
  const files = new Map<string, { hash: string; bytes: number }>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    files.set(relative(dir, path), { hash: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
  }
  return files;
}

interface Output {
  files: Map<string, { etag: string; bytes: number }>;
  server: Map<string, { hash: string; bytes: number }>;
}

function outputOf(): Output {
  const manifest = JSON.parse(readFileSync(join(BUILD.outDir, 'server', 'manifest.json'), 'utf8')) as FileManifest;
  return { files: new Map(Object.entries(manifest.files)), server: serverFiles() };
}

interface Difference {
  changed: string[];
  added: string[];
  removed: string[];
  unchanged: number;
  uploadBytes: number;
}

function compare<T extends { bytes: number }>(before: Map<string, T>, after: Map<string, T>, same: (a: T, b: T) => boolean): Difference {
  const d: Difference = { changed: [], added: [], removed: [], unchanged: 0, uploadBytes: 0 };
  for (const [path, file] of after) {
    const was = before.get(path);
    if (!was) d.added.push(path);
    else if (!same(was, file)) d.changed.push(path);
    else {
      d.unchanged++;
      continue;
    }
    d.uploadBytes += file.bytes;
  }
  for (const path of before.keys()) if (!after.has(path)) d.removed.push(path);
  return d;
}

/** What kind of file a path is, for the breakdown: its first folder and its extension. */
function kindOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const ext = /\.[a-z0-9]+$/.exec(parts.at(-1) ?? '')?.[0] ?? '(no extension)';
  return parts.length > 1 ? `/${parts[0]}/*${ext}` : `/*${ext}`;
}

function reportDifference(label: string, before: Output, after: Output, run: Run): string[] {
  const pub = compare(before.files, after.files, (a, b) => a.etag === b.etag);
  const server = compare(before.server, after.server, (a, b) => a.hash === b.hash);
  const kinds = new Map<string, number>();
  for (const path of [...pub.changed, ...pub.added]) kinds.set(kindOf(path), (kinds.get(kindOf(path)) ?? 0) + 1);
  const total = after.files.size;
  console.log(
    `   ${label}: public files ${pub.changed.length} changed, ${pub.added.length} added, ${pub.removed.length} removed, ${pub.unchanged} unchanged of ${total} ` +
      `(${((100 * (pub.changed.length + pub.added.length)) / total).toFixed(1)}% to upload, ${mb(pub.uploadBytes)}); ` +
      `function files (dist/server) ${server.changed.length + server.added.length} of ${after.server.size} (${mb(server.uploadBytes)}), ${server.removed.length} removed`,
  );
  const shown = [...kinds].sort((a, b) => b[1] - a[1]);
  console.log(`     by kind: ${shown.map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none'}`);
  if (pub.changed.length + pub.added.length <= 12) console.log(`     files: ${[...pub.changed, ...pub.added].join(', ') || 'none'}`);
  return [
    label,
    `${pub.changed.length} / ${pub.added.length} / ${pub.removed.length} / ${pub.unchanged}`,
    `${mb(pub.uploadBytes)} (${pub.uploadBytes} bytes)`,
    `${server.changed.length + server.added.length} of ${after.server.size}`,
    `${sec(run.wallMs)} ${mark(run.wallMs <= TARGETS.rebuildSeconds * 1000, '≤ 30 s')}`,
    `${mb(run.peakTree)} ${mark(run.peakTree <= TARGETS.rebuildTreeBytes, '≤ 1 GB')}`,
  ];
}

/**
 * The real sample's 2025-10-20 as 2025-10-21, with the market price of every SAMPLE_EVERY-th priced row of
 * each group up 3%. Returns the day's folder and how many prices were changed.
 */
function sampleDay(): { folder: string; changed: number; groups: number } {
  const folder = join(SCRATCH, 'sample', SAMPLE_DATE);
  rmSync(join(SCRATCH, 'sample'), { recursive: true, force: true });
  cpSync(SAMPLE, folder, { recursive: true });
  let changed = 0;
  const category = join(folder, '3');
  const groups = readdirSync(category);
  for (const group of groups) {
    const file = join(category, group, 'prices');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { results: { marketPrice: number | null }[] };
    json.results.forEach((row, i) => {
      if (i % SAMPLE_EVERY !== 0 || row.marketPrice === null) return;
      row.marketPrice = Math.round(row.marketPrice * 103) / 100;
      changed++;
    });
    writeFileSync(file, JSON.stringify(json));
  }
  return { folder, changed, groups: groups.length };
}

async function benchDeploy(day: TcgcsvDay, dayFolder: string): Promise<void> {
  console.log(`\nc. Deploy: clean build, then rebuilds after a daily import (into ${relative(ROOT, BUILD.outDir)}, cache ${relative(ROOT, BUILD.cacheDir)})`);
  rmSync(BUILD.outDir, { recursive: true, force: true });
  rmSync(BUILD.cacheDir, { recursive: true, force: true });
  freshCopy(BUILD.contentDir);
  console.log('   1. clean build of the bundled content ...');
  const clean = await build('clean build');
  const base = outputOf();
  const rows: string[][] = [
    ['rebuild after', 'public files changed / added / removed / unchanged', 'upload', 'dist/server files changed', 'rebuild', 'peak RSS (tree)'],
  ];

  console.log(`   2. simulated day ${day.date} imported (${rowsOf(day)} rows in ${day.groups.length} groups), rebuild ...`);
  for (const line of importSummary(await importDay(dayFolder, BUILD.contentDir))) console.log(`     ${line}`);
  const simulated = await build('rebuild');
  rows.push(reportDifference(`simulated day ${day.date}`, base, outputOf(), simulated));

  if (!existsSync(SAMPLE)) {
    console.log(`   3. the real sample day: skipped (${SAMPLE} is not there)`);
  } else {
    console.log('   3. content put back as bundled, rebuild ...');
    freshCopy(BUILD.contentDir);
    const restored = await build('rebuild');
    const back = outputOf();
    const drift = compare(base.files, back.files, (a, b) => a.etag === b.etag);
    const drifted = [...drift.changed, ...drift.added, ...drift.removed];
    console.log(`     against the clean build: ${drifted.length} public files differ${drifted.length ? ` (${drifted.slice(0, 6).join(', ')})` : ''}`);
    const sample = sampleDay();
    console.log(`   4. the sample's 2025-10-20 as ${SAMPLE_DATE} (${sample.groups} groups, ${sample.changed} market prices up 3%) imported, rebuild ...`);
    for (const line of importSummary(await importDay(sample.folder, BUILD.contentDir))) console.log(`     ${line}`);
    const real = await build('rebuild');
    rows.push(reportDifference(`sample day ${SAMPLE_DATE} (${sample.groups} groups)`, back, outputOf(), real));
    rows.push(['(content put back: rebuild)', '', '', '', sec(restored.wallMs), mb(restored.peakTree)]);
  }
  console.log('');
  printTable([...rows, ['(clean build)', `${base.files.size} files`, '', `${base.server.size} files`, sec(clean.wallMs), mb(clean.peakTree)]]);
}

// ---------------------------------------------------------------------------------------------------------

const PARTS = ['import', 'git', 'deploy'];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      runs: { type: 'string', default: '3' },
      seed: { type: 'string', default: '1' },
      only: { type: 'string', default: PARTS.join(',') },
    },
  });
  const count = positiveInteger('days', values.days);
  const runs = positiveInteger('runs', values.runs);
  const seed = positiveInteger('seed', values.seed);
  const only = new Set(values.only!.split(','));
  for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only takes ${PARTS.join(', ')}, not ${part}`);
  readdirSync('/proc'); // fails early where there is no /proc to poll
  execFileSync('git', ['--version']);

  rmSync(SCRATCH, { recursive: true, force: true });
  const started = performance.now();
  const content = readPriceContent(join(ROOT, 'content'));
  const days = simulatedDays(content, { seed });
  const first = days.next().value as TcgcsvDay;
  const firstFolder = writeTcgcsvDay(first, join(SCRATCH, 'day-1'));
  console.log(
    `Simulated day 1 (${first.date}, seed ${seed}): ${rowsOf(first)} rows in ${first.groups.length} groups, ${kb(bytesUnder(firstFolder))} as tcgcsv files, made in ${sec(performance.now() - started)}`,
  );

  if (only.has('import')) await benchImport(first, firstFolder, runs);
  if (only.has('git')) {
    // The git part imports days 1 … N from its own walk (the same seed: the same days).
    const fresh = simulatedDays(readPriceContent(join(ROOT, 'content')), { seed });
    await benchGit(fresh, count);
  }
  if (only.has('deploy')) await benchDeploy(first, firstFolder);
}

await runBenchmark(main);
