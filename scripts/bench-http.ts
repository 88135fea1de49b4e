/**
 * HTTP benchmark of the real server (the build's dist/server/function.mjs, as
 * npm start runs it) on a finished build:
 *
 *   1. start: spawn → first 200 from /api/cards?q=charizard, polling every 5 ms,
 *      repeated with a fresh server each time; with where the time goes: the
 *      steps the server names in its ready line (src/server/main.ts: Node's boot
 *      and loading the code, search data, gate and listen, the first search, then
 *      the manifest, parsed after that search) and Node's own boot, timed in a
 *      separate process;
 *   2. load: autocannon over loopback, 10 connections, 5 s per run, in rounds that
 *      alternate (a) a prebuilt card JSON, (b) card search cycling through 20
 *      realistic queries, (c) a card page negotiated as Markdown; requests/s and
 *      latency p50/p99 per kind, and search ÷ static requests/s taken within each
 *      round (so both sides of the ratio saw the same machine);
 *   3. memory: the server's resident set when ready, after the load, and its peak (VmHWM);
 *   4. the limiter's cost: card search on two servers at once, one with the rate
 *      limiter on (memory store, a limit too high to trigger) and one with
 *      RATE_LIMIT=off, in alternating rounds; on ÷ off requests/s per round;
 *   5. hostile queries on an idle server: each kind of scripts/lib/hostile-queries.ts,
 *      one request at a time on a kept-alive connection, every query new (so the
 *      server's answer cache never helps); p95 and max per kind;
 *   6. nginx in front (the generated configuration, src/deploy/nginx.ts; skipped
 *      where nginx is not installed): what the configuration costs nginx (`nginx -t`,
 *      a reload, resident memory), then in alternating rounds the static card JSON
 *      through nginx and from the function, and card search through nginx (one
 *      proxy hop) and from the function directly: nginx ÷ function per round.
 *
 * The machine is shared and noisy: figures are medians over the repeats. Traffic
 * goes to 127.0.0.1 only, on a port picked free, and every wait is bounded.
 *
 * Phases 1–3 run the server with the limiter on and a limit too high to trigger
 * (as a deployment would run it, minus the 429s).
 *
 * Targets: start ≤ 300 ms · search ÷ static ≥ 0.5 · RSS after load ≤ 200 MB ·
 * limiter on ÷ off ≥ 0.9 · hostile query p95 ≤ 10 ms · static through nginx ÷ from the function
 * "several times" (≥ 2) · search through nginx ÷ direct ≥ 0.9.
 *
 * Usage:  npm run bench:http               (= node scripts/bench-http.ts; DIST_DIR honoured, default dist)
 *         node scripts/bench-http.ts --starts 9 --rounds 5 --seconds 10
 *         node scripts/bench-http.ts --only start      (phase 1 alone)
 *         node scripts/bench-http.ts --only nginx      (phase 6 alone)
 *         node scripts/bench-http.ts --against ../other/dist   (only: this build's function against another's,
 *                                                   e.g. of an earlier commit: the same load on both in
 *                                                   alternating rounds, this ÷ that requests/s per kind)
 *
 * Exit codes: 0 figures printed (targets missed or not: a benchmark, not a test) ·
 * 2 the benchmark could not run (no build, the server did not start, a URL failed).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no types and @types/autocannon is not a devDependency; typed below.
import autocannonUntyped from 'autocannon';
import { readSearchPackItems } from '../src/lib/search/search-pack.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { NGINX, startBenchNginx } from './lib/bench-nginx.ts';
import { mb, median, percentile, printTable } from './lib/bench-report.ts';
import { type BenchServer, HOST, REALISTIC_QUERIES, sleep, spawnServer, statusOf, vmBytes, whenReady } from './lib/bench-server.ts';
import { HOSTILE_KINDS, randomSource } from './lib/hostile-queries.ts';

interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: { method: 'GET'; path: string; headers?: Record<string, string> }[];
  headers?: Record<string, string>;
  timeout?: number;
}
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = autocannonUntyped as (options: LoadOptions) => Promise<LoadResult>;

const ROOT = join(import.meta.dirname, '..');
const POLL_MS = 5;
const START_TIMEOUT_MS = 30_000;
const CONNECTIONS = 10;
const TARGETS = { startMs: 300, searchRatio: 0.5, rssBytes: 200 * 2 ** 20, limiterRatio: 0.9, hostileP95Ms: 10, nginxStaticRatio: 2, proxySearchRatio: 0.9 };
/** Hostile queries sent per kind in phase 5. */
const HOSTILE_PER_KIND = 60;
/** A limit no benchmark reaches: the limiter counts every request but never refuses one. */
const LIMIT_ON = { RATE_LIMIT: '100000000/60' };
const LIMIT_OFF = { RATE_LIMIT: 'off' };

const STATIC_PATH = '/api/cards/charizard-base1-4';
const MARKDOWN_PATH = '/cards/charizard-base1-4';
const FIRST_SEARCH = '/api/cards?q=charizard';
/** What people type: names, typos, name + set, set names, rarities. */
const KINDS = ['static JSON', 'search', 'Markdown'] as const;
type Kind = (typeof KINDS)[number];

const ms = (x: number) => `${x.toFixed(0)} ms`;

interface StartRun {
  firstAnswer: number;
  selfReported: number;
  /** The server's own steps (its ready line). */
  steps: Record<string, number>;
}

/** Spawn → first 200 from the first search, polling every 5 ms. */
async function timeStart(dist: string): Promise<StartRun> {
  const started = performance.now();
  const server = await spawnServer(dist, LIMIT_ON);
  try {
    for (;;) {
      const attempt = performance.now();
      if (attempt - started > START_TIMEOUT_MS) throw new Error(`no answer from the server within ${START_TIMEOUT_MS} ms`);
      if (server.child.exitCode !== null) throw new Error(`the server exited with code ${server.child.exitCode}`);
      const answer = await statusOf(server.port, FIRST_SEARCH);
      if (answer?.status === 200) {
        const firstAnswer = performance.now() - started;
        return { firstAnswer, selfReported: await server.ready, steps: await server.steps };
      }
      await sleep(Math.max(0, POLL_MS - (performance.now() - attempt)));
    }
  } finally {
    await server.stop();
  }
}

/** Node's own boot with the server's flags, in a fresh process: to an empty ES module's first line. */
function timeNodeBoot(): Promise<number> {
  return new Promise((resolveBoot, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '--eval', 'console.log(performance.now())'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: START_TIMEOUT_MS,
    });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => (code === 0 ? resolveBoot(Number(out)) : reject(new Error(`the boot timing exited with code ${code}`))));
  });
}

function loadOf(kind: Kind, port: number, seconds: number): LoadOptions {
  const base = { url: `http://${HOST}:${port}`, connections: CONNECTIONS, duration: seconds, timeout: 10 };
  if (kind === 'static JSON') return { ...base, url: base.url + STATIC_PATH };
  if (kind === 'Markdown') return { ...base, url: base.url + MARKDOWN_PATH, headers: { accept: 'text/markdown' } };
  // Each connection walks the list in order, so all 20 queries share the load.
  return { ...base, requests: REALISTIC_QUERIES.map((q) => ({ method: 'GET', path: `/api/cards?q=${encodeURIComponent(q)}` })) };
}

/** Letter-only words of the catalogue's card names: what an attacker reads off the site. */
function catalogueWords(dist: string): string[] {
  // The cards the server searches, read from its search pack.
  const pack = join(dist, 'server', 'search', 'cards.pack');
  const cards = readSearchPackItems<{ summary: { name: string } }>(pack, readFileSync(pack));
  return [...new Set(cards.flatMap((c) => c.summary.name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 3))];
}

/** Phase 5: per hostile kind, the latency of new hostile queries sent one at a time to an idle server. */
async function timeHostileOverHttp(dist: string): Promise<{ label: string; p50: number; p95: number; max: number }[]> {
  const server = await spawnServer(dist, LIMIT_ON);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timeOne = (path: string) =>
    new Promise<number>((resolveTime, reject) => {
      const started = performance.now();
      get({ host: HOST, port: server.port, path, agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}`));
        res.resume().on('end', () => resolveTime(performance.now() - started));
      }).on('error', reject);
    });
  try {
    await whenReady(server, START_TIMEOUT_MS);
    const words = catalogueWords(dist);
    const rows = [];
    for (const [k, kind] of HOSTILE_KINDS.entries()) {
      const random = randomSource(5000 + k);
      const pathOf = () => {
        const query = new URLSearchParams({
          q: kind.make(random, words),
          ...(kind.sort && { sort: kind.sort }),
          ...(kind.offset && { offset: String(kind.offset) }),
        });
        return `/api/cards?${query}`;
      };
      for (let i = 0; i < 5; i++) await timeOne(pathOf()); // warm-up, not counted
      const times = [];
      for (let i = 0; i < HOSTILE_PER_KIND; i++) times.push(await timeOne(pathOf()));
      rows.push({ label: kind.label, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) });
    }
    return rows;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/**
 * This build's function against another's (an earlier commit's, say): both serve at once, and each kind of
 * request loads one then the other, the order alternating by round, so both saw the same machine. Prints this ÷
 * that requests/s per round and the medians.
 */
async function compareBuilds(dist: string, other: string, rounds: number, seconds: number): Promise<void> {
  if (!existsSync(join(other, 'server', 'manifest.json'))) throw new Error(`no build in ${other}`);
  console.log(`Compare: ${dist} ÷ ${other}, ${rounds} rounds × (${KINDS.join(', ')}), ${CONNECTIONS} connections, ${seconds} s each ...`);
  const [mine, theirs] = await Promise.all([spawnServer(dist, LIMIT_ON), spawnServer(other, LIMIT_ON)]);
  const ratios = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  try {
    await Promise.all([mine.ready, theirs.ready]);
    for (const server of [mine, theirs]) for (const kind of KINDS) await autocannon(loadOf(kind, server.port, 1)); // warm up
    for (let round = 1; round <= rounds; round++) {
      const line: string[] = [];
      for (const kind of KINDS) {
        const rate = new Map<BenchServer, number>();
        for (const server of round % 2 ? [mine, theirs] : [theirs, mine]) {
          const result = await autocannon(loadOf(kind, server.port, seconds));
          if (result.non2xx + result.errors + result.timeouts) throw new Error(`compare round: ${result.non2xx} non-2xx, ${result.errors} errors`);
          rate.set(server, result.requests.average);
        }
        ratios.get(kind)!.push(rate.get(mine)! / rate.get(theirs)!);
        line.push(`${kind} ${rate.get(mine)!.toFixed(0)} ÷ ${rate.get(theirs)!.toFixed(0)} = ${ratios.get(kind)!.at(-1)!.toFixed(3)}`);
      }
      console.log(`   round ${round}: ${line.join(' · ')}`);
    }
  } finally {
    await Promise.all([mine.stop(), theirs.stop()]);
  }
  printTable([
    ['this ÷ that, requests/s', 'median', 'rounds'],
    ...KINDS.map((kind) => [
      kind,
      median(ratios.get(kind)!).toFixed(3),
      ratios
        .get(kind)!
        .map((r) => r.toFixed(3))
        .join(', '),
    ]),
  ]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      starts: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '5' },
      only: { type: 'string' },
      against: { type: 'string' },
    },
  });
  const [starts, rounds, seconds] = [values.starts, values.rounds, values.seconds].map(Number);
  if (![starts, rounds, seconds].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--starts, --rounds and --seconds take positive integers');
  const dist = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) throw new Error(`no build in ${dist}: run node scripts/build.ts first`);
  if (values.only === 'nginx') return void printNginx(await benchNginx(dist, rounds, seconds));
  if (values.against !== undefined) return compareBuilds(dist, resolve(values.against), rounds, seconds);
  if (values.only !== undefined && values.only !== 'start') throw new Error('--only takes "start" or "nginx"');

  console.log(`1. Start to first search answer ×${starts} (${dist}) ...`);
  const startRuns: StartRun[] = [];
  for (let i = 0; i < starts; i++) startRuns.push(await timeStart(dist));
  const start = median(startRuns.map((r) => r.firstAnswer));
  console.log(
    `   ${startRuns.map((r) => ms(r.firstAnswer)).join(', ')} → median ${ms(start)} (server says ready in ${ms(median(startRuns.map((r) => r.selfReported)))})`,
  );
  const boots: number[] = [];
  for (let i = 0; i < starts; i++) boots.push(await timeNodeBoot());
  const stepNames = Object.keys(startRuns[0].steps);
  const stepMedians = stepNames.map((name) => `${name} ${ms(median(startRuns.map((r) => r.steps[name] ?? 0)))}`);
  console.log(`   where it goes (medians of the server's own steps): ${stepMedians.join(' · ')}; of which Node's boot ${ms(median(boots))} (empty module)`);
  if (values.only === 'start') return void console.log(`Target: start ≤ ${TARGETS.startMs} ms → ${start <= TARGETS.startMs ? 'met' : 'not met'}`);

  console.log(`2. Load: ${rounds} rounds × (${KINDS.join(', ')}), ${CONNECTIONS} connections, ${seconds} s each ...`);
  const server = await spawnServer(dist, LIMIT_ON);
  const results = new Map<Kind, LoadResult[]>(KINDS.map((k) => [k, []]));
  const ratios: number[] = [];
  let rssReady = 0;
  let rssAfter = 0;
  let rssPeak = 0;
  try {
    await Promise.race([server.ready, sleep(START_TIMEOUT_MS).then(() => Promise.reject(new Error('the server did not report ready')))]);
    rssReady = vmBytes(server.child.pid!, 'VmRSS');
    const checks: [string, Record<string, string>, RegExp][] = [
      [STATIC_PATH, {}, /json/],
      [`/api/cards?q=${encodeURIComponent(REALISTIC_QUERIES[0])}`, {}, /json/],
      [MARKDOWN_PATH, { accept: 'text/markdown' }, /markdown/],
      ...REALISTIC_QUERIES.map((q): [string, Record<string, string>, RegExp] => [`/api/cards?q=${encodeURIComponent(q)}`, {}, /json/]),
    ];
    for (const [path, headers, type] of checks) {
      const answer = await statusOf(server.port, path, headers);
      if (answer?.status !== 200 || !type.test(answer.type)) throw new Error(`GET ${path} answered ${answer?.status} ${answer?.type}`);
    }
    for (const kind of KINDS) await autocannon(loadOf(kind, server.port, 1)); // warm up, not counted
    for (let round = 1; round <= rounds; round++) {
      const line: string[] = [];
      for (const kind of KINDS) {
        const result = await autocannon(loadOf(kind, server.port, seconds));
        const failed = result.non2xx + result.errors + result.timeouts;
        if (failed) console.log(`   ! ${kind}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        results.get(kind)!.push(result);
        line.push(`${kind} ${result.requests.average.toFixed(0)} req/s`);
      }
      const [staticRun, searchRun] = [results.get('static JSON')!.at(-1)!, results.get('search')!.at(-1)!];
      ratios.push(searchRun.requests.average / staticRun.requests.average);
      console.log(`   round ${round}: ${line.join(' · ')} · search ÷ static ${ratios.at(-1)!.toFixed(2)}`);
    }
    rssAfter = vmBytes(server.child.pid!, 'VmRSS');
    rssPeak = vmBytes(server.child.pid!, 'VmHWM');
    console.log(`3. Server memory: RSS ${mb(rssReady)} when ready, ${mb(rssAfter)} after load, peak ${mb(rssPeak)}`);
  } finally {
    await server.stop();
  }

  console.log(`4. Limiter cost: ${rounds} rounds of card search, limiter on (memory) and RATE_LIMIT=off, ${seconds} s each ...`);
  const limiterRatios: number[] = [];
  const [on, off] = await Promise.all([spawnServer(dist, LIMIT_ON), spawnServer(dist, LIMIT_OFF)]);
  try {
    await Promise.all([on.ready, off.ready]);
    for (const server of [on, off]) await autocannon(loadOf('search', server.port, 1)); // warm up, not counted
    for (let round = 1; round <= rounds; round++) {
      // Alternate which goes first, so neither always runs on the machine the other just warmed.
      const order = round % 2 ? [on, off] : [off, on];
      const rate = new Map<BenchServer, number>();
      for (const server of order) {
        const result = await autocannon(loadOf('search', server.port, seconds));
        if (result.non2xx + result.errors + result.timeouts) throw new Error(`limiter round: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rate.set(server, result.requests.average);
      }
      limiterRatios.push(rate.get(on)! / rate.get(off)!);
      console.log(
        `   round ${round}: on ${rate.get(on)!.toFixed(0)} req/s · off ${rate.get(off)!.toFixed(0)} req/s · on ÷ off ${limiterRatios.at(-1)!.toFixed(2)}`,
      );
    }
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }

  console.log(`5. Hostile queries on an idle server: ${HOSTILE_KINDS.length} kinds × ${HOSTILE_PER_KIND}, one at a time ...`);
  const hostile = await timeHostileOverHttp(dist);
  const hostileP95 = Math.max(...hostile.map((h) => h.p95));

  const nginx = await benchNginx(dist, rounds, seconds);

  const ratio = median(ratios);
  const limiterRatio = median(limiterRatios);
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  const misses = [
    start > TARGETS.startMs && 'start',
    ratio < TARGETS.searchRatio && 'search ÷ static',
    rssAfter > TARGETS.rssBytes && 'RSS after load',
    limiterRatio < TARGETS.limiterRatio && 'limiter on ÷ off',
    hostileP95 > TARGETS.hostileP95Ms && 'hostile query p95',
  ].filter(Boolean);

  console.log(`\nSummary (medians: ${starts} starts, ${rounds} rounds of ${seconds} s)`);
  printTable([
    ['', 'requests/s', 'latency p50', 'latency p99'],
    ...KINDS.map((kind) => {
      const runs = results.get(kind)!;
      return [
        kind,
        median(runs.map((r) => r.requests.average)).toFixed(0),
        `${median(runs.map((r) => r.latency.p50)).toFixed(1)} ms`,
        `${median(runs.map((r) => r.latency.p99)).toFixed(1)} ms`,
      ];
    }),
  ]);
  console.log('');
  printTable([
    ['start to first search answer', `${ms(start)} ${mark(start <= TARGETS.startMs, '≤ 300 ms')}`],
    ['search ÷ static requests/s', `${ratio.toFixed(2)} ${mark(ratio >= TARGETS.searchRatio, '≥ 0.5')}`],
    ['server RSS after load', `${mb(rssAfter)} ${mark(rssAfter <= TARGETS.rssBytes, '≤ 200 MB')} (${mb(rssReady)} when ready, peak ${mb(rssPeak)})`],
    ['search, limiter on ÷ off', `${limiterRatio.toFixed(2)} ${mark(limiterRatio >= TARGETS.limiterRatio, '≥ 0.9')}`],
    ['hostile query p95, worst kind', `${hostileP95.toFixed(1)} ms ${mark(hostileP95 <= TARGETS.hostileP95Ms, '≤ 10 ms')}`],
  ]);
  console.log('');
  printTable([
    ['hostile query (over HTTP, idle)', 'p50', 'p95', 'max'],
    ...hostile.map((h) => [h.label, ...[h.p50, h.p95, h.max].map((x) => `${x.toFixed(1)} ms`)]),
  ]);
  printNginx(nginx);
  console.log(misses.length ? `\n  targets missed: ${misses.join(', ')}` : '\n  all targets met');
}

interface NginxFigures {
  testMs: number;
  reloadMs: number;
  rssBytes: number;
  configBytes: number;
  staticRatio: number;
  searchRatio: number;
  rates: Record<string, number>;
}

/** Phase 6: nginx with the generated configuration in front of the function; null when nginx is not installed. */
async function benchNginx(dist: string, rounds: number, seconds: number): Promise<NginxFigures | null> {
  if (!NGINX) {
    console.log('6. nginx: SKIPPED, nginx is not installed (Debian package nginx-light)');
    return null;
  }
  const fn = await spawnServer(dist, LIMIT_ON);
  try {
    await whenReady(fn, START_TIMEOUT_MS);
    const nginx = await startBenchNginx(dist, fn.port);
    try {
      const reloads: number[] = [];
      for (let i = 0; i < 3; i++) reloads.push(await nginx.reload());
      const rssBytes = nginx.rssBytes();
      console.log(
        `6. nginx: configuration ${mb(nginx.configBytes)}; nginx -t ${ms(nginx.testMs)}, reload ${reloads.map(ms).join(', ')}; ` +
          `master + workers RSS ${mb(rssBytes)}. ${rounds} rounds, ${seconds} s each ...`,
      );
      const runs: Record<string, number[]> = { 'static via nginx': [], 'static from function': [], 'search via nginx': [], 'search direct': [] };
      const staticRatios: number[] = [];
      const searchRatios: number[] = [];
      const run = async (name: string, kind: Kind, port: number) => {
        const result = await autocannon(loadOf(kind, port, seconds));
        if (result.non2xx + result.errors + result.timeouts) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        runs[name].push(result.requests.average);
        return result.requests.average;
      };
      for (const port of [nginx.port, fn.port]) for (const kind of ['static JSON', 'search'] as const) await autocannon(loadOf(kind, port, 1));
      for (let round = 1; round <= rounds; round++) {
        // Alternate which goes first, so neither always runs on the machine the other just warmed.
        const [staticNginx, staticFn] =
          round % 2
            ? [await run('static via nginx', 'static JSON', nginx.port), await run('static from function', 'static JSON', fn.port)]
            : [await run('static from function', 'static JSON', fn.port), await run('static via nginx', 'static JSON', nginx.port)].reverse();
        const [searchNginx, searchFn] =
          round % 2
            ? [await run('search via nginx', 'search', nginx.port), await run('search direct', 'search', fn.port)]
            : [await run('search direct', 'search', fn.port), await run('search via nginx', 'search', nginx.port)].reverse();
        staticRatios.push(staticNginx / staticFn);
        searchRatios.push(searchNginx / searchFn);
        console.log(
          `   round ${round}: static JSON nginx ${staticNginx.toFixed(0)} vs function ${staticFn.toFixed(0)} req/s (×${staticRatios.at(-1)!.toFixed(1)}) · ` +
            `search via nginx ${searchNginx.toFixed(0)} vs direct ${searchFn.toFixed(0)} req/s (${searchRatios.at(-1)!.toFixed(2)})`,
        );
      }
      const rates = Object.fromEntries(Object.entries(runs).map(([name, xs]) => [name, median(xs)]));
      return {
        testMs: nginx.testMs,
        reloadMs: median(reloads),
        rssBytes,
        configBytes: nginx.configBytes,
        staticRatio: median(staticRatios),
        searchRatio: median(searchRatios),
        rates,
      };
    } finally {
      await nginx.stop();
    }
  } finally {
    await fn.stop();
  }
}

function printNginx(nginx: NginxFigures | null): void {
  if (!nginx) return;
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  console.log('');
  printTable([
    ['nginx in front (generated configuration)', ''],
    ['configuration size; nginx -t; reload', `${mb(nginx.configBytes)}; ${ms(nginx.testMs)}; ${ms(nginx.reloadMs)}`],
    ['nginx master + workers RSS', mb(nginx.rssBytes)],
    ...Object.entries(nginx.rates).map(([name, rate]) => [name, `${rate.toFixed(0)} req/s`]),
    ['static JSON: nginx ÷ function', `×${nginx.staticRatio.toFixed(1)} ${mark(nginx.staticRatio >= TARGETS.nginxStaticRatio, '≥ 2')}`],
    ['search: via nginx ÷ direct', `${nginx.searchRatio.toFixed(2)} ${mark(nginx.searchRatio >= TARGETS.proxySearchRatio, '≥ 0.9')}`],
  ]);
}

try {
  await main();
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
