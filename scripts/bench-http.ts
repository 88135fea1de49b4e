/**
 * HTTP benchmark of the real server (the build's dist/server/function.mjs, as
 * npm start runs it) on a finished build:
 *
 *   1. start: spawn → first 200 from /api/cards?q=charizard, polling every 5 ms,
 *      repeated with a fresh server each time; with where the time goes: the
 *      steps the server names in its ready line (src/server/main.ts: Node's boot
 *      and loading the code, search data, gate and listen, the first search, then
 *      the manifest, parsed after that search) and Node's own boot, timed in a
 *      separate process; then, again with a fresh server each time, spawn → first 200 from an MCP
 *      tools/call (search_cards, POSTed to /mcp until it answers): the function loads its MCP code on the
 *      first /mcp request, so this is the start plus that load and what the first call sets up;
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
 *      proxy hop) and from the function directly: nginx ÷ function per round;
 *   7. mcp: card search as an MCP tool call against the same search over plain HTTP, on one server, in
 *      rounds that rotate (a) GET /api/cards?q=…&limit=10, (b) POST /mcp with a JSON-RPC tools/call of
 *      search_cards with the same arguments (stateless: no initialize), both cycling through the 20 realistic
 *      queries (so both answer from their caches after the first pass: the ratio is what the protocol adds),
 *      and (c) a control, the "POST floor": POST /api/collection with the one line `base1-4` as text/plain,
 *      the cheapest POST the function answers (valued each time); requests/s and latency p50/p99 of each,
 *      HTTP ÷ MCP and HTTP ÷ POST floor requests/s taken within each round, and the server's own CPU per
 *      request of each (its utime + stime from /proc/<pid>/stat around each run ÷ the requests answered).
 *      A tool call is a POST, and the load generator (one thread, on the same machine) is the bottleneck, so
 *      the POST floor shows how much of the HTTP ÷ MCP ratio any POST pays, and the CPU per request what
 *      the server itself spends, which the client's limit does not hide. Before
 *      the load each query is asked both ways once: the tool call must answer 200 with a JSON-RPC result (no
 *      error, not isError) whose structuredContent.total is the HTTP answer's total; under load every tool
 *      call must answer 200. With the time the first tool call takes on a ready server (it loads the MCP
 *      code and sets up what a tool answer needs) and the server's resident set when ready, after that first call, after the load, and its peak.
 *
 * The machine is shared and noisy: figures are medians over the repeats. Traffic
 * goes to 127.0.0.1 only, on a port picked free, and every wait is bounded.
 *
 * Phases 1–3 run the server with the limiter on and a limit too high to trigger
 * (as a deployment would run it, minus the 429s).
 *
 * Targets: start ≤ 300 ms · search ÷ static ≥ 0.5 · RSS after load ≤ 200 MB ·
 * limiter on ÷ off ≥ 0.9 · hostile query p95 ≤ 10 ms · static through nginx ÷ from the function
 * "several times" (≥ 2) · search through nginx ÷ direct ≥ 0.9 · a tool call costs no more than 1.5× the same
 * search over HTTP: HTTP ÷ MCP requests/s ≤ 1.5 · RSS after the MCP load ≤ 200 MB. (Start to the first tool
 * call answered is reported, with no target of its own.)
 *
 * Usage:  npm run bench:http               (= node scripts/bench-http.ts; DIST_DIR honoured, default dist)
 *         node scripts/bench-http.ts --starts 9 --rounds 5 --seconds 10
 *         node scripts/bench-http.ts --only start      (phase 1 alone)
 *         node scripts/bench-http.ts --only nginx      (phase 6 alone)
 *         node scripts/bench-http.ts --only mcp        (phase 7 alone)
 *         node scripts/bench-http.ts --against ../other/dist   (only: this build's function against another's,
 *                                                   e.g. of an earlier commit: the same load on both in
 *                                                   alternating rounds, this ÷ that requests/s per kind)
 *
 * Exit codes: 0 figures printed (targets missed or not: a benchmark, not a test) ·
 * 2 the benchmark could not run (no build, the server did not start, a URL failed).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get, request } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no types and @types/autocannon is not a devDependency; typed below.
import autocannonUntyped from 'autocannon';
import { readSearchPackItems } from '../src/search/search-pack.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { NGINX, startBenchNginx } from './lib/bench-nginx.ts';
import { mb, median, percentile, printTable, runBenchmark } from './lib/bench-report.ts';
import { type BenchServer, HOST, REALISTIC_QUERIES, sleep, spawnServer, statusOf, vmBytes, whenReady } from './lib/bench-server.ts';
import { HOSTILE_KINDS, randomSource } from './lib/hostile-queries.ts';

interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }[];
  headers?: Record<string, string>;
  timeout?: number;
}
interface LoadResult {
  /** total: the requests answered in the run. */
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = autocannonUntyped as (options: LoadOptions) => Promise<LoadResult>;

/** A row of a load table: requests/s, latency p50 and p99, each the median of the runs. */
const loadRow = (label: string, runs: readonly LoadResult[]) => [
  label,
  median(runs.map((r) => r.requests.average)).toFixed(0),
  `${median(runs.map((r) => r.latency.p50)).toFixed(1)} ms`,
  `${median(runs.map((r) => r.latency.p99)).toFixed(1)} ms`,
];

const ROOT = join(import.meta.dirname, '..');
const POLL_MS = 5;
const START_TIMEOUT_MS = 30_000;
const CONNECTIONS = 10;
const TARGETS = {
  startMs: 300,
  searchRatio: 0.5,
  rssBytes: 200 * 2 ** 20,
  limiterRatio: 0.9,
  hostileP95Ms: 10,
  nginxStaticRatio: 2,
  proxySearchRatio: 0.9,
  /** HTTP ÷ MCP requests/s at most: a tool call costs no more than 1.5× the same search over HTTP. */
  mcpRatio: 1.5,
};
/** Hostile queries sent per kind in phase 5. */
const HOSTILE_PER_KIND = 60;
/** A limit no benchmark reaches: the limiter counts every request but never refuses one. */
const LIMIT_ON = { RATE_LIMIT: '100000000/60' };
const LIMIT_OFF = { RATE_LIMIT: 'off' };

const STATIC_PATH = '/api/cards/charizard-base1-4';
const MARKDOWN_PATH = '/cards/charizard-base1-4';
const FIRST_SEARCH = '/api/cards?q=charizard';
const MCP_PATH = '/mcp';
/** What an MCP client sends with each POST (Streamable HTTP). */
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
/** Phase 7's page size, the same both ways. */
const MCP_SEARCH_LIMIT = 10;
/** A JSON-RPC tools/call of search_cards: the MCP twin of GET /api/cards?q=…&limit=…. */
const toolCallOf = (q: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_cards', arguments: { q, limit: MCP_SEARCH_LIMIT } } });
const httpSearchOf = (q: string) => `/api/cards?q=${encodeURIComponent(q)}&limit=${MCP_SEARCH_LIMIT}`;
/** Phase 7's control, the "POST floor": the cheapest POST the function answers, a one-line list valued each time. */
const POST_FLOOR = { method: 'POST', path: '/api/collection', headers: { 'content-type': 'text/plain' }, body: 'base1-4' } as const;
/** Phase 7's kinds of load: card search over HTTP, the POST floor, card search as a tool call. */
const MCP_KINDS = ['HTTP', 'POST floor', 'MCP'] as const;
type McpKind = (typeof MCP_KINDS)[number];
/** What people type: names, typos, name + set, set names, rarities. */
const KINDS = ['static JSON', 'search', 'Markdown'] as const;
type Kind = (typeof KINDS)[number];

const wholeMs = (x: number) => `${x.toFixed(0)} ms`;

interface StartRun {
  firstAnswer: number;
  selfReported: number;
  /** The server's own steps (its ready line). */
  steps: Record<string, number>;
}

/** What the start is timed to: the status of one request to the server on `port`, undefined while nothing listens. */
type StartProbe = (port: number) => Promise<number | undefined>;
const FIRST_SEARCH_PROBE: StartProbe = async (port) => (await statusOf(port, FIRST_SEARCH))?.status;
const FIRST_TOOL_CALL_PROBE: StartProbe = async (port) =>
  (await answerOf(port, MCP_PATH, { method: 'POST', headers: MCP_HEADERS, body: toolCallOf('charizard') }))?.status;

/** Spawn → first 200 from `probe` (the first search, or the first tool call), polling every 5 ms. */
async function timeStart(dist: string, probe: StartProbe = FIRST_SEARCH_PROBE): Promise<StartRun> {
  const started = performance.now();
  const server = await spawnServer(dist, LIMIT_ON);
  try {
    let last: number | undefined;
    for (;;) {
      const attempt = performance.now();
      if (attempt - started > START_TIMEOUT_MS) throw new Error(`no 200 from the server within ${START_TIMEOUT_MS} ms (last answer: ${last ?? 'none'})`);
      if (server.child.exitCode !== null) throw new Error(`the server exited with code ${server.child.exitCode}`);
      last = await probe(server.port);
      if (last === 200) {
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

/** One request on a fresh connection: its status, type and body, or null when nothing listens yet. */
function answerOf(
  port: number,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; type: string; text: string } | null> {
  return new Promise((resolveAnswer, reject) => {
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: HOST, port, path, method, headers: sent, agent: false, timeout: 5_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveAnswer({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolveAnswer(null) : reject(error)));
    req.end(body);
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
  if (values.only === 'mcp') return void printMcp(await benchMcp(dist, rounds, seconds));
  if (values.against !== undefined) return compareBuilds(dist, resolve(values.against), rounds, seconds);
  if (values.only !== undefined && values.only !== 'start') throw new Error('--only takes "start", "mcp" or "nginx"');

  console.log(`1. Start to first search answer ×${starts} (${dist}) ...`);
  const startRuns: StartRun[] = [];
  for (let i = 0; i < starts; i++) startRuns.push(await timeStart(dist));
  const start = median(startRuns.map((r) => r.firstAnswer));
  console.log(
    `   ${startRuns.map((r) => wholeMs(r.firstAnswer)).join(', ')} → median ${wholeMs(start)} (server says ready in ${wholeMs(median(startRuns.map((r) => r.selfReported)))})`,
  );
  const boots: number[] = [];
  for (let i = 0; i < starts; i++) boots.push(await timeNodeBoot());
  const stepNames = Object.keys(startRuns[0].steps);
  const stepMedians = stepNames.map((name) => `${name} ${wholeMs(median(startRuns.map((r) => r.steps[name] ?? 0)))}`);
  console.log(
    `   where it goes (medians of the server's own steps): ${stepMedians.join(' · ')}; of which Node's boot ${wholeMs(median(boots))} (empty module)`,
  );
  console.log(`   start to first MCP tool call answered (POST /mcp tools/call search_cards) ×${starts} ...`);
  const toolStarts: number[] = [];
  for (let i = 0; i < starts; i++) toolStarts.push((await timeStart(dist, FIRST_TOOL_CALL_PROBE)).firstAnswer);
  const toolStart = median(toolStarts);
  console.log(
    `   ${toolStarts.map(wholeMs).join(', ')} → median ${wholeMs(toolStart)} (first search's median + ${wholeMs(toolStart - start)}: the MCP code's load and first-call set-up)`,
  );
  if (values.only === 'start') {
    console.log(
      `Target: start ≤ ${TARGETS.startMs} ms → ${start <= TARGETS.startMs ? 'met' : 'not met'}; start to first tool call ${wholeMs(toolStart)} (no target)`,
    );
    return;
  }

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
  const mcp = await benchMcp(dist, rounds, seconds);

  const ratio = median(ratios);
  const limiterRatio = median(limiterRatios);
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  const misses = [
    start > TARGETS.startMs && 'start',
    ratio < TARGETS.searchRatio && 'search ÷ static',
    rssAfter > TARGETS.rssBytes && 'RSS after load',
    limiterRatio < TARGETS.limiterRatio && 'limiter on ÷ off',
    hostileP95 > TARGETS.hostileP95Ms && 'hostile query p95',
    mcpRatioOf(mcp) > TARGETS.mcpRatio && 'search HTTP ÷ MCP',
    mcp.rssAfter > TARGETS.rssBytes && 'RSS after MCP load',
  ].filter(Boolean);

  console.log(`\nSummary (medians: ${starts} starts, ${rounds} rounds of ${seconds} s)`);
  printTable([['', 'requests/s', 'latency p50', 'latency p99'], ...KINDS.map((kind) => loadRow(kind, results.get(kind)!))]);
  console.log('');
  printTable([
    ['start to first search answer', `${wholeMs(start)} ${mark(start <= TARGETS.startMs, '≤ 300 ms')}`],
    ['start to first MCP tool call answered', `${wholeMs(toolStart)} (no target)`],
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
  printMcp(mcp);
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
        `6. nginx: configuration ${mb(nginx.configBytes)}; nginx -t ${wholeMs(nginx.testMs)}, reload ${reloads.map(wholeMs).join(', ')}; ` +
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
    ['configuration size; nginx -t; reload', `${mb(nginx.configBytes)}; ${wholeMs(nginx.testMs)}; ${wholeMs(nginx.reloadMs)}`],
    ['nginx master + workers RSS', mb(nginx.rssBytes)],
    ...Object.entries(nginx.rates).map(([name, rate]) => [name, `${rate.toFixed(0)} req/s`]),
    ['static JSON: nginx ÷ function', `×${nginx.staticRatio.toFixed(1)} ${mark(nginx.staticRatio >= TARGETS.nginxStaticRatio, '≥ 2')}`],
    ['search: via nginx ÷ direct', `${nginx.searchRatio.toFixed(2)} ${mark(nginx.searchRatio >= TARGETS.proxySearchRatio, '≥ 0.9')}`],
  ]);
}

interface McpFigures {
  http: LoadResult[];
  mcp: LoadResult[];
  /** The POST floor's runs (POST /api/collection, one line). */
  floor: LoadResult[];
  /** HTTP ÷ MCP requests/s, one a round. */
  ratios: number[];
  /** HTTP ÷ POST floor requests/s, one a round. */
  floorRatios: number[];
  /** The server's CPU (user + system) per request answered, in µs, one a round, per kind. */
  cpuUs: Record<McpKind, number[]>;
  /** MCP ÷ HTTP CPU per request, one a round. */
  cpuRatios: number[];
  /** Clock ticks per second of /proc/<pid>/stat, and whether getconf said so (else assumed 100). */
  clockTicks: { perSecond: number; assumed: boolean };
  /** The first tool call on a ready server, which loads the MCP code. */
  firstCallMs: number;
  rssReady: number;
  rssFirstCall: number;
  rssAfter: number;
  rssPeak: number;
}

const mcpRatioOf = (figures: McpFigures) => median(figures.ratios);

/** Phase 7's load: card search over plain HTTP, the POST floor, or the same searches as MCP tool calls. */
function mcpLoadOf(kind: McpKind, port: number, seconds: number): LoadOptions {
  const base = { url: `http://${HOST}:${port}`, connections: CONNECTIONS, duration: seconds, timeout: 10 };
  // Each connection walks the list in order, so all 20 queries share the load, both ways.
  if (kind === 'HTTP') return { ...base, requests: REALISTIC_QUERIES.map((q) => ({ method: 'GET', path: httpSearchOf(q) })) };
  if (kind === 'POST floor') return { ...base, requests: [{ ...POST_FLOOR, headers: { ...POST_FLOOR.headers } }] };
  return { ...base, requests: REALISTIC_QUERIES.map((q) => ({ method: 'POST', path: MCP_PATH, headers: MCP_HEADERS, body: toolCallOf(q) })) };
}

/** Clock ticks per second, as /proc/<pid>/stat counts CPU time: `getconf CLK_TCK`, or 100 (Linux's USER_HZ) when that fails. */
function clockTicksPerSecond(): { perSecond: number; assumed: boolean } {
  try {
    const perSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5_000 }).trim());
    if (Number.isInteger(perSecond) && perSecond > 0) return { perSecond, assumed: false };
  } catch {
    // no getconf: fall through to Linux's fixed USER_HZ
  }
  return { perSecond: 100, assumed: true };
}

/**
 * A process's CPU so far, user + system, in clock ticks: fields 14 (utime) and 15 (stime) of /proc/<pid>/stat,
 * all its threads. The second field (comm) is in parentheses and may hold spaces or parentheses itself, so
 * the fields are counted from after the last ')', where field 3 (state) begins.
 */
function cpuTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  const [utime, stime] = [fields[14 - 3], fields[15 - 3]].map(Number);
  if (!Number.isInteger(utime) || !Number.isInteger(stime)) throw new Error(`no utime and stime in /proc/${pid}/stat: ${stat.slice(0, 200)}`);
  return utime + stime;
}

/** A search answer's total, from GET /api/cards's JSON or from a tools/call's JSON-RPC result; throws on anything else. */
function totalOf(what: string, answer: { status: number; text: string } | null, rpc: boolean): number {
  if (answer?.status !== 200) throw new Error(`${what} answered ${answer?.status ?? 'nothing'}: ${answer?.text.slice(0, 300)}`);
  const json = JSON.parse(answer.text) as { total?: unknown; error?: unknown; result?: { isError?: boolean; structuredContent?: { total?: unknown } } };
  if (rpc && json.error !== undefined) throw new Error(`${what} answered a JSON-RPC error: ${JSON.stringify(json.error).slice(0, 300)}`);
  if (rpc && json.result?.isError) throw new Error(`${what} answered a tool error: ${answer.text.slice(0, 300)}`);
  const total = rpc ? json.result?.structuredContent?.total : json.total;
  if (typeof total !== 'number') throw new Error(`${what} answered no ${rpc ? 'result.structuredContent.total' : 'total'}: ${answer.text.slice(0, 300)}`);
  return total;
}

/** Phase 7: card search as MCP tool calls against the same searches over HTTP and the POST floor, on one server, in rotating rounds. */
async function benchMcp(dist: string, rounds: number, seconds: number): Promise<McpFigures> {
  console.log(
    `7. MCP: ${rounds} rounds × (card search over HTTP, the POST floor, the same search as MCP tools/call), ${REALISTIC_QUERIES.length} queries, ` +
      `limit ${MCP_SEARCH_LIMIT}, ${CONNECTIONS} connections, ${seconds} s each ...`,
  );
  const clockTicks = clockTicksPerSecond();
  const server = await spawnServer(dist, LIMIT_ON);
  try {
    await whenReady(server, START_TIMEOUT_MS);
    const pid = server.child.pid!;
    const rssReady = vmBytes(pid, 'VmRSS');
    const toolCall = (q: string) => answerOf(server.port, MCP_PATH, { method: 'POST', headers: MCP_HEADERS, body: toolCallOf(q) });
    const called = performance.now();
    const first = await toolCall(REALISTIC_QUERIES[0]);
    const firstCallMs = performance.now() - called;
    totalOf(`the first tool call (search_cards q=${REALISTIC_QUERIES[0]})`, first, true);
    const rssFirstCall = vmBytes(pid, 'VmRSS');
    // Every query both ways once: the tool call finds what the endpoint finds.
    for (const q of REALISTIC_QUERIES) {
      const overHttp = totalOf(`GET ${httpSearchOf(q)}`, await answerOf(server.port, httpSearchOf(q)), false);
      const overMcp = totalOf(`tools/call search_cards q=${q}`, await toolCall(q), true);
      if (overHttp !== overMcp) throw new Error(`"${q}": ${overHttp} cards over HTTP, ${overMcp} as a tool call`);
    }
    // The POST floor answers 200 with a valued list.
    const floorAnswer = await answerOf(server.port, POST_FLOOR.path, { method: 'POST', headers: { ...POST_FLOOR.headers }, body: POST_FLOOR.body });
    if (floorAnswer?.status !== 200 || !floorAnswer.type.startsWith('application/json')) {
      throw new Error(
        `${POST_FLOOR.method} ${POST_FLOOR.path} (${POST_FLOOR.body}) answered ${floorAnswer?.status ?? 'nothing'} ${floorAnswer?.type}: ${floorAnswer?.text.slice(0, 300)}`,
      );
    }
    console.log(
      `   first tool call on the ready server ${wholeMs(firstCallMs)} (the MCP code's load and set-up); ${REALISTIC_QUERIES.length} queries agree both ways; ` +
        `the POST floor answers 200`,
    );
    for (const kind of MCP_KINDS) await autocannon(mcpLoadOf(kind, server.port, 1)); // warm up, not counted
    const runs: Record<McpKind, LoadResult[]> = { HTTP: [], 'POST floor': [], MCP: [] };
    const cpuUs: Record<McpKind, number[]> = { HTTP: [], 'POST floor': [], MCP: [] };
    const [ratios, floorRatios, cpuRatios]: number[][] = [[], [], []];
    for (let round = 1; round <= rounds; round++) {
      // Rotate the order, so no kind always runs first, or always on the machine another just warmed.
      const shift = (round - 1) % MCP_KINDS.length;
      for (const kind of [...MCP_KINDS.slice(shift), ...MCP_KINDS.slice(0, shift)]) {
        const before = cpuTicksOf(pid);
        const result = await autocannon(mcpLoadOf(kind, server.port, seconds));
        const ticks = cpuTicksOf(pid) - before;
        if (result.non2xx + result.errors + result.timeouts) {
          throw new Error(`${kind} round ${round}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        }
        if (!(result.requests.total > 0)) throw new Error(`${kind} round ${round}: no request answered`);
        runs[kind].push(result);
        cpuUs[kind].push(((ticks / clockTicks.perSecond) * 1e6) / result.requests.total);
      }
      const [http, floor, mcp] = MCP_KINDS.map((kind) => runs[kind].at(-1)!);
      ratios.push(http.requests.average / mcp.requests.average);
      floorRatios.push(http.requests.average / floor.requests.average);
      cpuRatios.push(cpuUs.MCP.at(-1)! / cpuUs.HTTP.at(-1)!);
      const line = (kind: McpKind, r: LoadResult) =>
        `${kind} ${r.requests.average.toFixed(0)} req/s (p99 ${r.latency.p99} ms, CPU ${cpuUs[kind].at(-1)!.toFixed(0)} µs/req)`;
      console.log(
        `   round ${round}: ${line('HTTP', http)} · ${line('POST floor', floor)} · ${line('MCP', mcp)} · ` +
          `HTTP ÷ MCP ${ratios.at(-1)!.toFixed(2)} · HTTP ÷ POST floor ${floorRatios.at(-1)!.toFixed(2)}`,
      );
    }
    const figures = {
      http: runs.HTTP,
      mcp: runs.MCP,
      floor: runs['POST floor'],
      ratios,
      floorRatios,
      cpuUs,
      cpuRatios,
      clockTicks,
      firstCallMs,
      rssReady,
      rssFirstCall,
      rssAfter: vmBytes(pid, 'VmRSS'),
      rssPeak: vmBytes(pid, 'VmHWM'),
    };
    console.log(
      `   server memory: RSS ${mb(rssReady)} when ready, ${mb(rssFirstCall)} after the first tool call, ${mb(figures.rssAfter)} after the load, peak ${mb(figures.rssPeak)}`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}

function printMcp(figures: McpFigures): void {
  const mark = (ok: boolean, target: string) => (ok ? '✓' : `✗ (target ${target})`);
  const ratio = mcpRatioOf(figures);
  const floorRatio = median(figures.floorRatios);
  const cpu = (kind: McpKind) => `${median(figures.cpuUs[kind]).toFixed(0)} µs`;
  const rounds = (xs: number[], digits: number) => `rounds ${xs.map((x) => x.toFixed(digits)).join(', ')}`;
  console.log('');
  printTable([
    [`card search, limit ${MCP_SEARCH_LIMIT} (medians)`, 'requests/s', 'latency p50', 'latency p99'],
    ...(
      [
        ['over HTTP (GET /api/cards)', figures.http],
        ['POST floor (POST /api/collection, 1 line)', figures.floor],
        ['MCP tools/call (POST /mcp)', figures.mcp],
      ] as const
    ).map(([label, runs]) => loadRow(label, runs)),
  ]);
  console.log('');
  printTable([
    ['MCP', ''],
    ['search HTTP ÷ MCP requests/s', `${ratio.toFixed(2)} ${mark(ratio <= TARGETS.mcpRatio, '≤ 1.5')} (${rounds(figures.ratios, 2)})`],
    ['search HTTP ÷ POST floor requests/s', `${floorRatio.toFixed(2)} (no target: what any POST pays; ${rounds(figures.floorRatios, 2)})`],
    [
      'server CPU per request',
      `HTTP ${cpu('HTTP')} · POST floor ${cpu('POST floor')} · MCP ${cpu('MCP')} (MCP ÷ HTTP ${median(figures.cpuRatios).toFixed(1)}; ` +
        `user + system from /proc, ${figures.clockTicks.perSecond} ticks/s${figures.clockTicks.assumed ? ' assumed' : ''})`,
    ],
    ['first tool call on a ready server', `${wholeMs(figures.firstCallMs)} (the MCP code's load and set-up)`],
    [
      'server RSS after MCP load',
      `${mb(figures.rssAfter)} ${mark(figures.rssAfter <= TARGETS.rssBytes, '≤ 200 MB')} ` +
        `(${mb(figures.rssReady)} when ready, ${mb(figures.rssFirstCall)} after the first tool call, peak ${mb(figures.rssPeak)})`,
    ],
  ]);
}

await runBenchmark(main);
