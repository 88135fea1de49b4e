/**
 * Abuse benchmark (issue 31): the worst requests the limits allow, from several clients at once, against the real
 * function on a finished build (dist/server/function.mjs with its V8 flags, as npm start runs it, and the default
 * rate limit), while one steady client searches. Bounded in time: each phase runs --seconds.
 *
 *   1. idle: the steady client's searches alone, the baseline;
 *   2. one worst list: one client POSTs the slowest list the limits allow (5,000 lines of unknown words, each
 *      line a vocabulary walk) again and again;
 *   3. many at once: --clients clients (a dozen by default), each from its own loopback address (its own bucket;
 *      with --fresh-addresses a new address for every request, as a client with unbounded addresses, which only the
 *      limits hold), each sending in a loop, never waiting for Retry-After, one of the worst requests: that list,
 *      the largest answer (5,000 ambiguous lines, as the MCP tool's
 *      result), the /collection page of 5,000 long lines, an MCP batch of 20 lists of 250 lines, an endless
 *      chunked body, a body of 20,000 JSON values;
 *   4. after: the steady client again, on the function the phases left.
 *
 * Per phase: the search latency the steady client saw (p50, p95, max; one search at a time, every query new, so
 * the answer cache never helps), the main thread's event-loop delay (perf_hooks monitorEventLoopDelay, read by
 * scripts/lib/process-probe.mjs loaded into the function with --import: p99 and max over the phase; the list
 * worker's own loop is busy by design), the
 * function's resident memory (peak over the phase; VmHWM at the end) and what the abusers got, by status.
 *
 * Goals (docs/limits.md): while lists are valued, searches p95 ≤ 50 ms and none over 250 ms; RSS ≤ 700 MB.
 *
 * With --only sliced, instead: the fetch handler with its lists valued in slices on its one thread, as on a host
 * without threads, beside the same handler with the list worker, alternately (slicedBeside, below).
 *
 * Usage:  npm run bench:abuse [-- --clients 12 --seconds 10 --fresh-addresses]    (DIST_DIR honoured, default dist)
 *         npm run bench:abuse -- --only sliced [--seconds 10 --repeats 3]
 * Exit:   0 every goal met · 1 a goal missed · 2 the benchmark could not run
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { functionOf } from '../src/server/function-paths.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { median, percentile, positiveInteger, printTable, runBenchmark } from './lib/bench-report.ts';
import { freePort, HOST, sleep, vmBytes } from './lib/bench-server.ts';
import { abuse, SEARCH_GOALS, search, WORST } from './lib/worst-requests.ts';

const ROOT = join(import.meta.dirname, '..');
const GOALS = { ...SEARCH_GOALS, rssMb: 700 };
const PROBE_EVERY_MS = 100;

interface ProbeLine {
  t: number;
  thread: 'main' | 'worker';
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '12' },
      seconds: { type: 'string', default: '10' },
      'fresh-addresses': { type: 'boolean', default: false },
      only: { type: 'string' },
      repeats: { type: 'string', default: '3' },
    },
  });
  const freshAddresses = values['fresh-addresses'];
  const clients = positiveInteger('clients', values.clients);
  const seconds = positiveInteger('seconds', values.seconds);
  const dist = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) throw new Error(`no build in ${dist}: run node scripts/build.ts first`);
  if (values.only !== undefined && values.only !== 'sliced') throw new Error(`--only takes sliced, not ${values.only}`);
  if (values.only === 'sliced') return slicedBeside(dist, seconds, positiveInteger('repeats', values.repeats));

  const scratch = mkdtempSync(join(tmpdir(), 'bench-abuse-'));
  const probeFile = join(scratch, 'probe.jsonl');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', join(ROOT, 'scripts', 'lib', 'process-probe.mjs'), ...SERVER_NODE_FLAGS, functionOf(dist)], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist, PORT: String(port), HOST, RATE_LIMIT: '120/60', PROBE_FILE: probeFile, PROBE_EVERY_MS: String(PROBE_EVERY_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  for (let waited = 0; !/serving/.test(log); waited += 50) {
    if (child.exitCode !== null || waited > 30_000) throw new Error(`the function did not start:\n${log}`);
    await sleep(50);
  }
  console.log(
    `Abuse: ${dist}, the default rate limit (120/60), ${clients} abusing clients${freshAddresses ? ' (a new address each request)' : ''}, ${seconds} s a phase ...`,
  );

  const probes = (): ProbeLine[] =>
    readFileSync(probeFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ProbeLine);
  const rows = [['phase', 'search p50', 'p95', 'max', 'n', 'loop p99', 'loop max', 'RSS peak']];
  const abused: string[] = [];
  let worst = { p95: 0, max: 0, rss: 0 };
  async function phase(name: string, count: number, kinds: typeof WORST): Promise<void> {
    const from = Date.now();
    const until = performance.now() + seconds * 1000;
    const [times, got] = await Promise.all([search(port, until), abuse(port, count, kinds, until, freshAddresses)]);
    await sleep(PROBE_EVERY_MS * 2);
    const seen = probes().filter((p) => p.t >= from && p.thread === 'main');
    const p95 = percentile(times, 95);
    const max = Math.max(...times);
    const rss = Math.max(...seen.map((p) => p.rssMb));
    if (count > 0) worst = { p95: Math.max(worst.p95, p95), max: Math.max(worst.max, max), rss: Math.max(worst.rss, rss) };
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    rows.push([
      name,
      ms(median(times)),
      ms(p95),
      ms(max),
      String(times.length),
      ms(Math.max(...seen.map((p) => p.loopP99Ms))),
      ms(Math.max(...seen.map((p) => p.loopMaxMs))),
      `${rss} MB`,
    ]);
    for (const [kind, statuses] of got) abused.push(`  ${name} · ${kind}: ${[...statuses].map(([status, n]) => `${n}× ${status || 'reset'}`).join(', ')}`);
  }

  await phase('idle', 0, []);
  await phase('one worst list', 1, WORST.slice(0, 1));
  await phase(`${clients} clients at once`, clients, WORST);
  await phase('after', 0, []);
  const hwm = vmBytes(child.pid!, 'VmHWM') / 2 ** 20;
  child.kill('SIGTERM');
  const code = await exited;
  rmSync(scratch, { recursive: true, force: true });

  printTable(rows);
  console.log('What the abusers got:');
  for (const line of abused) console.log(line);
  console.log(
    `Function: peak RSS (VmHWM) ${hwm.toFixed(0)} MB; exited ${code === 0 ? 'cleanly on SIGTERM' : `with ${code}`}${/out of memory/.test(log) ? '; it logged an out-of-memory list worker' : ''}`,
  );
  const met = worst.p95 <= GOALS.searchP95Ms && worst.max <= GOALS.searchMaxMs && hwm <= GOALS.rssMb && code === 0;
  console.log(
    `Goals under abuse: search p95 ${worst.p95.toFixed(1)} ms (≤ ${GOALS.searchP95Ms}), max ${worst.max.toFixed(1)} ms (≤ ${GOALS.searchMaxMs}), RSS ${hwm.toFixed(0)} MB (≤ ${GOALS.rssMb}): ${met ? 'met' : 'MISSED'}`,
  );
  return met ? 0 : 1;
}

/** What one server made of one worst kind of list: the steady client's searches while it was valued again and again. */
interface SlicedRun {
  times: number[];
  loopMaxMs: number;
  lists: number;
}

/**
 * `--only sliced`: the fetch handler (scripts/lib/fetch-function-server.ts) with its lists valued in slices on
 * its one thread, as on a host without threads (issue 47 item 3), beside the same handler with the list worker,
 * alternately in one run: for each of the slowest list and the largest answer, the steady client's searches while
 * one client sends that list again and again. Medians over --repeats runs of each.
 */
async function slicedBeside(dist: string, seconds: number, repeats: number): Promise<number> {
  const kinds = WORST.slice(0, 2);
  const runs = new Map<string, SlicedRun[]>();
  console.log(`Lists without threads: ${dist}, ${repeats} alternating runs of each valuer, ${seconds} s a kind of list ...`);
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const valuing of repeat % 2 === 0 ? ['thread', 'sliced'] : ['sliced', 'thread']) {
      const scratch = mkdtempSync(join(tmpdir(), 'bench-sliced-'));
      const probeFile = join(scratch, 'probe.jsonl');
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [
          '--import',
          join(ROOT, 'scripts', 'lib', 'process-probe.mjs'),
          ...SERVER_NODE_FLAGS,
          join(ROOT, 'scripts', 'lib', 'fetch-function-server.ts'),
          dist,
          String(port),
          valuing,
        ],
        { cwd: ROOT, env: { ...process.env, PROBE_FILE: probeFile, PROBE_EVERY_MS: String(PROBE_EVERY_MS) }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      child.stdout!.on('data', (chunk) => (log += chunk));
      child.stderr!.on('data', (chunk) => (log += chunk));
      for (let waited = 0; !/serving/.test(log); waited += 50) {
        if (child.exitCode !== null || waited > 30_000) throw new Error(`the fetch handler did not start:\n${log}`);
        await sleep(50);
      }
      // The data loaded and the code warm: a search, and one of each list.
      await search(port, performance.now() + 200);
      for (const kind of kinds) await kind.send(port, '127.0.8.1');
      for (const kind of kinds) {
        const from = Date.now();
        const until = performance.now() + seconds * 1000;
        const [times, got] = await Promise.all([search(port, until), abuse(port, 1, [kind], until)]);
        await sleep(PROBE_EVERY_MS * 2);
        const seen = readFileSync(probeFile, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as ProbeLine)
          .filter((p) => p.t >= from && p.thread === 'main');
        const statuses = [...got.values()][0];
        if ([...statuses.keys()].some((status) => status !== 200))
          throw new Error(`${valuing}: ${kind.name} answered ${[...statuses.entries()].join(' ')}\n${log}`);
        const key = `${kind.name}\u0000${valuing}`;
        runs.set(key, [...(runs.get(key) ?? []), { times, loopMaxMs: Math.max(...seen.map((p) => p.loopMaxMs)), lists: statuses.get(200) ?? 0 }]);
      }
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const rows = [['list valued again and again', 'valuer', 'search p50', 'p95', 'max', 'loop max', 'lists valued']];
  let worst = { p95: 0, max: 0 };
  for (const kind of kinds) {
    for (const valuing of ['thread', 'sliced']) {
      const of = runs.get(`${kind.name}\u0000${valuing}`)!;
      const p95 = median(of.map((run) => percentile(run.times, 95)));
      const max = median(of.map((run) => Math.max(...run.times)));
      if (valuing === 'sliced') worst = { p95: Math.max(worst.p95, p95), max: Math.max(worst.max, max) };
      rows.push([
        kind.name,
        valuing,
        ms(median(of.map((run) => median(run.times)))),
        ms(p95),
        ms(max),
        ms(median(of.map((run) => run.loopMaxMs))),
        String(median(of.map((run) => run.lists))),
      ]);
    }
  }
  printTable(rows);
  const met = worst.p95 <= GOALS.searchP95Ms && worst.max <= GOALS.searchMaxMs;
  console.log(
    `Goals in slices (median of runs): search p95 ${worst.p95.toFixed(1)} ms (≤ ${GOALS.searchP95Ms}), max ${worst.max.toFixed(1)} ms (≤ ${GOALS.searchMaxMs}): ${met ? 'met' : 'MISSED'}`,
  );
  return met ? 0 : 1;
}

await runBenchmark(main);
