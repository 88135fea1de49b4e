/**
 * What each of the build's caches saves (issue 44, item 3): a one-price rebuild and a daily import's rebuild of the
 * bundled catalogue, each with every cache and with one cache not read (BUILD_CACHES_OFF=<name>: the cache is
 * still written, so the build after finds it as a build with it would), alternating with and without, `--runs`
 * pairs a cache. Every rebuild goes from the content the last one built to the other one (content A ↔ B: a price
 * up 10%, or simulated day 1 imported), so each is the same edit made again. Printed: each cache's medians of
 * wall time and of the tree's peak RSS with and without it, and what it saves.
 *
 * Usage:  node scripts/bench-caches.ts [--runs 3] [--only one-price,daily] [--caches a,b]
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mb, median, positiveInteger, printTable, runBenchmark } from './lib/bench-report.ts';
import { treeRss } from './lib/bench-server.ts';
import { readPriceContent } from './lib/price-import.ts';
import { simulatedDays, writeTcgcsvDay } from './lib/simulated-days.ts';

const ROOT = join(import.meta.dirname, '..');
const SCRATCH = join(ROOT, '.cache', 'bench-caches');
const BUILD = { OUT_DIR: join(SCRATCH, 'dist'), CACHE_DIR: join(SCRATCH, 'cache'), CONTENT_DIR: join(SCRATCH, 'content') };
const CACHES = [
  'records',
  'outputs',
  'card-index',
  'card-details',
  'card-pieces',
  'sealed-pieces',
  'tokens',
  'token-pieces',
  'gzip-chunks',
  'function-bundle',
  'compile-cache',
  'loader-meta',
  'manifest-order',
];
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Run {
  wallMs: number;
  peakTree: number;
  /** User and system CPU time of the build's processes (this process's waited-for children: /proc/self/stat). */
  cpuMs: number;
}

/** The CPU time of this process's children that ended and were waited for, in ms (clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function build(off: string): Promise<Run> {
  execFileSync('sync');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpuAt = childrenCpuMs();
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...BUILD, BUILD_CACHES_OFF: off },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peakTree = 0;
    const sample = () => {
      peakTree = Math.max(
        peakTree,
        treeRss(child.pid!).reduce((a, b) => a + b, 0),
      );
    };
    const timer = setInterval(sample, 100);
    const tail: string[] = [];
    const keep = (chunk: Buffer) => {
      tail.push(chunk.toString());
      if (tail.length > 40) tail.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`build (${off || 'every cache'}) failed:\n${tail.join('')}`));
      resolve({ wallMs: performance.now() - started, peakTree, cpuMs: childrenCpuMs() - cpuAt });
    });
  });
}

/** Makes `to` hold what `from` holds, writing only the files whose bytes differ. */
function mirror(from: string, to: string): void {
  const files = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      : [];
  const wanted = new Set(files(from));
  for (const file of files(to)) if (!wanted.has(file)) rmSync(join(to, file));
  for (const file of wanted) {
    const bytes = readFileSync(join(from, file));
    const target = join(to, file);
    if (!existsSync(target) || !readFileSync(target).equals(bytes)) cpSync(join(from, file), target);
  }
}

async function scenario(name: string, a: string, b: string, caches: string[], runs: number): Promise<string[][]> {
  console.log(`\n${name}: clean build of A ...`);
  rmSync(BUILD.OUT_DIR, { recursive: true, force: true });
  rmSync(BUILD.CACHE_DIR, { recursive: true, force: true });
  mirror(a, BUILD.CONTENT_DIR);
  const clean = await build('');
  console.log(`  clean ${sec(clean.wallMs)} (CPU ${sec(clean.cpuMs)}), ${mb(clean.peakTree)}`);
  let side = a;
  const next = async (off: string) => {
    side = side === a ? b : a;
    mirror(side, BUILD.CONTENT_DIR);
    return build(off);
  };
  // One rebuild to B and back, untimed: the caches then hold what a rebuild leaves.
  await next('');
  await next('');
  const rows: string[][] = [['cache', 'with', 'without', 'saves', 'CPU with', 'CPU without', 'saves', 'peak with', 'peak without', 'saves']];
  for (const cache of caches) {
    const withIt: Run[] = [];
    const without: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? ['', cache] : [cache, ''];
      for (const off of order) (off ? without : withIt).push(await next(off));
    }
    const w = median(withIt.map((r) => r.wallMs));
    const wo = median(without.map((r) => r.wallMs));
    const pw = median(withIt.map((r) => r.peakTree));
    const pwo = median(without.map((r) => r.peakTree));
    const cw = median(withIt.map((r) => r.cpuMs));
    const cwo = median(without.map((r) => r.cpuMs));
    const row = [cache, sec(w), sec(wo), sec(wo - w), sec(cw), sec(cwo), sec(cwo - cw), mb(pw), mb(pwo), mb(pwo - pw)];
    const each = (runs: Run[]) => runs.map((r) => `${sec(r.wallMs)}/${sec(r.cpuMs)}`).join(', ');
    console.log(`  ${row.join('  ')}   (wall/CPU with: ${each(withIt)}; without: ${each(without)})`);
    rows.push(row);
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, only: { type: 'string', default: 'one-price,daily' }, caches: { type: 'string' } },
  });
  const runs = positiveInteger('runs', values.runs);
  const caches = values.caches ? values.caches.split(',') : CACHES;
  for (const cache of caches) if (!CACHES.includes(cache)) throw new Error(`no cache ${cache}: ${CACHES.join(', ')}`);
  const only = values.only!.split(',');
  rmSync(SCRATCH, { recursive: true, force: true });
  const a = join(SCRATCH, 'content-a');
  cpSync(join(ROOT, 'content'), a, { recursive: true });
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  const tables: [string, string[][]][] = [];
  if (only.includes('one-price')) {
    const b = join(SCRATCH, 'content-price');
    cpSync(a, b, { recursive: true });
    const dir = join(b, 'cards');
    const file = join(dir, readdirSync(dir).sort()[0]);
    const cards = JSON.parse(readFileSync(file, 'utf8')) as { prices: { primary: boolean; market: number | null }[] }[];
    const card = cards.find((c) => c.prices.some((p) => p.primary && p.market !== null))!;
    for (const line of card.prices) if (line.primary && line.market !== null) line.market = Math.round(line.market * 110) / 100;
    writeFileSync(file, `${JSON.stringify(cards, null, 2)}\n`);
    tables.push(['one-price rebuild', await scenario('one-price rebuild', a, b, caches, runs)]);
  }
  if (only.includes('daily')) {
    const b = join(SCRATCH, 'content-day');
    cpSync(a, b, { recursive: true });
    const day = simulatedDays(readPriceContent(a), { seed: 1 }).next().value!;
    const folder = writeTcgcsvDay(day, join(SCRATCH, 'day-1'));
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', folder, '--out', b, '--write'], { stdio: 'ignore' });
    tables.push(['daily import rebuild', await scenario('daily import rebuild', a, b, caches, runs)]);
  }
  for (const [title, rows] of tables) {
    console.log(`\n${title} (medians of ${runs})`);
    printTable(rows);
  }
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
}

await runBenchmark(main);
