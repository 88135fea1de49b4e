/**
 * Load test of the real server (src/server/main.ts) on a finished build: does it
 * stay correct and bounded in memory under sustained mixed traffic?
 *
 *   1. start: the server on the build with RATE_LIMIT=off (so that no answer is a
 *      429), and one request of each kind checked before the load;
 *   2. load: autocannon over loopback, 50 connections for 30 s, each connection
 *      cycling through prebuilt card JSON, card pages negotiated as Markdown and
 *      as HTML, searches from a realistic list, and — every other request —
 *      searches nobody sent before: 50,000 unique combinations of q (words of the
 *      catalogue, typos, junk), limit, offset and sort, so that the server's
 *      answer cache never hits and keeps evicting. Once they are used up, the
 *      unique slots send realistic searches;
 *   3. memory: the server's resident set (VmRSS) every second of the load.
 *
 * Prints requests/s, latency p50/p99, answers by status and by kind, and the RSS
 * series with its first, largest and last sample.
 *
 * Fails when: any connection error or timeout, any 5xx, or RSS growing without
 * bound — a sample above 600 MB, or the median of the last third of the samples
 * above 1.5 × the median of the first third while still rising (the last third's
 * second half has a median more than 2 % above its first half's). Runs shorter
 * than 6 s are not judged on growth.
 *
 * Traffic goes to 127.0.0.1 only, on a port picked free, and every wait is bounded.
 *
 * Usage:  npm run bench:load            (= node scripts/bench-load.ts; DIST_DIR honoured, default dist)
 *         node scripts/bench-load.ts --seconds 10 --connections 50 --unique 50000
 *
 * Exit codes: 0 no errors, no 5xx, memory bounded · 1 an error, a 5xx or unbounded
 * memory growth · 2 the test could not run (no build, the server did not start, a URL failed).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no types and @types/autocannon is not a devDependency; typed below.
import autocannonUntyped from 'autocannon';
import { SORTS } from '../src/http/limits.ts';
import type { CardSearchRecord } from '../src/search/card-searcher.ts';
import type { SealedSearchRecord } from '../src/search/sealed-searcher.ts';
import { mb, median, printTable, runBenchmark } from './lib/bench-report.ts';
import { HOST, REALISTIC_QUERIES, spawnServer, statusOf, vmBytes, whenReady } from './lib/bench-server.ts';
import { builtPackItems } from './lib/built-packs.ts';

interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (request: LoadRequest) => LoadRequest;
  onResponse?: (status: number) => void;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests: LoadRequest[];
  timeout: number;
}
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
/** An autocannon run: awaitable for its result, and an emitter of each request's error. */
type LoadRun = Promise<LoadResult> & { on(event: 'reqError', listener: (error: NodeJS.ErrnoException) => void): LoadRun };
const autocannon = autocannonUntyped as (options: LoadOptions) => LoadRun;

const ROOT = join(import.meta.dirname, '..');
const START_TIMEOUT_MS = 30_000;
/** Cards whose files the load cycles through. */
const SLUG_SAMPLE = 250;
const LIMITS = { rssBytes: 600 * 2 ** 20, growth: 1.5, stillRising: 1.02, minSamples: 6 };

const KINDS = ['card JSON', 'Markdown', 'HTML', 'search', 'unique search'] as const;
type Kind = (typeof KINDS)[number];

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
const int = (max: number) => Math.floor(Math.random() * (max + 1));

/** Words of the catalogue (names, sets, rarities, types, products), for queries the server has to search. */
function vocabularyOf(dist: string): string[] {
  const cards = builtPackItems<CardSearchRecord>(dist, 'cards.pack');
  const sealed = builtPackItems<SealedSearchRecord>(dist, 'sealed.pack');
  const text = [
    ...cards.flatMap(({ summary: s }) => [s.name, s.setName, s.rarity, ...s.types]),
    ...sealed.flatMap(({ summary: p }) => [p.cleanName, p.groupName]),
    ...REALISTIC_QUERIES,
  ].join(' ');
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}'-]+/u)
        .filter((w) => w.length > 1),
    ),
  ];
}

/** A word with one slip of the keyboard: a letter dropped, doubled or swapped with the next. */
function typo(word: string): string {
  const i = int(word.length - 2);
  const slips = [
    () => word.slice(0, i) + word.slice(i + 1),
    () => word.slice(0, i) + word[i] + word.slice(i),
    () => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
  ];
  return pick(slips)();
}

/** `count` search paths, no two alike: the answer cache never sees one twice. */
function uniqueSearches(count: number, vocabulary: string[]): string[] {
  const paths = new Set<string>();
  const junk = () => Array.from({ length: 3 + int(5) }, () => String.fromCharCode(97 + int(25))).join('');
  while (paths.size < count) {
    const words = Array.from({ length: 1 + int(2) }, () => {
      const word = pick(vocabulary);
      const roll = Math.random();
      return roll < 0.2 && word.length > 3 ? typo(word) : roll < 0.3 ? junk() : word;
    });
    const params = new URLSearchParams({ q: words.join(' '), limit: String(int(200)), offset: String(int(100)) });
    if (Math.random() < 0.5) params.set('sort', pick(SORTS));
    paths.add(`/api/${Math.random() < 0.8 ? 'cards' : 'sealed'}?${params}`);
  }
  return [...paths];
}

/** Whether the RSS samples show growth without bound, and why. */
function unboundedGrowth(samples: number[]): { unbounded: boolean; why: string } {
  const peak = Math.max(...samples);
  if (peak > LIMITS.rssBytes) return { unbounded: true, why: `a sample of ${mb(peak)} is above ${mb(LIMITS.rssBytes)}` };
  if (samples.length < LIMITS.minSamples) return { unbounded: false, why: `${samples.length} samples: too few to judge growth` };
  const third = Math.floor(samples.length / 3);
  const [first, last] = [samples.slice(0, third), samples.slice(-third)];
  const ratio = median(last) / median(first);
  const half = Math.floor(last.length / 2);
  const rising = median(last.slice(-half)) > LIMITS.stillRising * median(last.slice(0, half));
  const why = `last third's median ${mb(median(last))} = ${ratio.toFixed(2)} × the first third's ${mb(median(first))}${rising ? ', still rising' : ', levelled off'}`;
  return { unbounded: ratio > LIMITS.growth && rising, why };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '30' }, connections: { type: 'string', default: '50' }, unique: { type: 'string', default: '50000' } },
  });
  const [seconds, connections, unique] = [values.seconds, values.connections, values.unique].map(Number);
  if (![seconds, connections, unique].every((n) => Number.isInteger(n) && n > 0))
    throw new Error('--seconds, --connections and --unique take positive integers');
  const dist = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) throw new Error(`no build in ${dist}: run node scripts/build.ts first`);

  const allSlugs = builtPackItems<CardSearchRecord>(dist, 'cards.pack').map((c) => c.summary.slug);
  // Cards spread over the catalogue, not all of it: autocannon prepares every request of the list for each
  // connection before it starts, and 18k cards × 8 requests × 50 connections kept its own event loop busy for
  // ~30 s, long enough for its timers to time out connections the server had answered.
  const slugs = allSlugs.filter((_, i) => i % Math.ceil(allSlugs.length / SLUG_SAMPLE) === 0);
  const searches = uniqueSearches(unique, vocabularyOf(dist));

  console.log(`1. Server on ${dist} (RATE_LIMIT=off) ...`);
  const server = await spawnServer(dist, { RATE_LIMIT: 'off' });
  await whenReady(server, START_TIMEOUT_MS);
  try {
    const pid = server.child.pid!;
    const rssReady = vmBytes(pid, 'VmRSS');
    const checks: [string, Record<string, string>, RegExp][] = [
      [`/api/cards/${slugs[0]}`, {}, /^application\/json/],
      [`/cards/${slugs[0]}`, { accept: 'text/markdown' }, /^text\/markdown/],
      [`/cards/${slugs[0]}`, { accept: 'text/html' }, /^text\/html/],
      [`/api/cards?q=${encodeURIComponent(REALISTIC_QUERIES[0])}`, {}, /^application\/json/],
      [searches[0], {}, /^application\/json/],
    ];
    for (const [path, headers, type] of checks) {
      const answer = await statusOf(server.port, path, headers);
      if (answer?.status !== 200 || !type.test(answer.type)) throw new Error(`GET ${path} answered ${answer?.status} ${answer?.type}`);
    }
    console.log(`   ready, RSS ${mb(rssReady)}; ${checks.length} kinds of request checked`);

    console.log(`2. Load: ${connections} connections for ${seconds} s: ${KINDS.join(', ')} (${unique.toLocaleString('en')} unique, every other request) ...`);
    const byKind = new Map<Kind, Map<number, number>>(KINDS.map((k) => [k, new Map()]));
    const tally = (kind: Kind) => (status: number) => byKind.get(kind)!.set(status, (byKind.get(kind)!.get(status) ?? 0) + 1);
    let nextUnique = 0;
    const uniqueSlot = (): LoadRequest => ({
      method: 'GET',
      path: searches[0],
      // Fills the path at send time, so that every connection draws the next unused query.
      setupRequest: (request) => ({
        ...request,
        path: nextUnique < searches.length ? searches[nextUnique++] : `/api/cards?q=${encodeURIComponent(pick(REALISTIC_QUERIES))}`,
      }),
      onResponse: tally('unique search'),
    });
    // One cycle: each slug's JSON, Markdown and HTML and a realistic search, a unique search between each two.
    const requests: LoadRequest[] = slugs.flatMap((slug, i): LoadRequest[] => [
      { method: 'GET', path: `/api/cards/${slug}`, onResponse: tally('card JSON') },
      uniqueSlot(),
      { method: 'GET', path: `/cards/${slug}`, headers: { accept: 'text/markdown' }, onResponse: tally('Markdown') },
      uniqueSlot(),
      { method: 'GET', path: `/cards/${slug}`, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, onResponse: tally('HTML') },
      uniqueSlot(),
      { method: 'GET', path: `/api/cards?q=${encodeURIComponent(REALISTIC_QUERIES[i % REALISTIC_QUERIES.length])}`, onResponse: tally('search') },
      uniqueSlot(),
    ]);
    const errorCauses = new Map<string, number>();
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(vmBytes(pid, 'VmRSS')), 1_000);
    let result: LoadResult;
    try {
      result = await autocannon({ url: `http://${HOST}:${server.port}`, connections, duration: seconds, requests, timeout: 10 }).on('reqError', (error) =>
        errorCauses.set(error.code ?? error.message, (errorCauses.get(error.code ?? error.message) ?? 0) + 1),
      );
    } finally {
      clearInterval(sampler);
    }
    const usedUnique = Math.min(nextUnique, searches.length);
    console.log(`   ${result.requests.total.toLocaleString('en')} requests, ${usedUnique.toLocaleString('en')} of them unique searches`);

    console.log(`3. Server RSS every second (MB): ${rss.map((b) => (b / 2 ** 20).toFixed(0)).join(' ')}`);
    const growth = unboundedGrowth(rss);
    const statuses = Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status} ×${count}`)
      .join(', ');
    const fiveXx = Object.entries(result.statusCodeStats)
      .filter(([status]) => Number(status) >= 500)
      .reduce((n, [, { count }]) => n + count, 0);
    const failures = [
      result.errors + result.timeouts > 0 && `${result.errors} connection errors (${result.timeouts} timeouts)`,
      fiveXx > 0 && `${fiveXx} answers with a 5xx`,
      growth.unbounded && `unbounded memory growth: ${growth.why}`,
    ].filter(Boolean);

    console.log(`\nSummary (${connections} connections, ${seconds} s)`);
    printTable([
      ['throughput', `${result.requests.average.toFixed(0)} req/s (${result.requests.total.toLocaleString('en')} requests)`],
      ['latency', `p50 ${result.latency.p50.toFixed(1)} ms · p99 ${result.latency.p99.toFixed(1)} ms · max ${result.latency.max.toFixed(0)} ms`],
      ['answers by status', statuses || 'none'],
      [
        'non-2xx · errors · timeouts',
        `${result.non2xx} · ${result.errors} · ${result.timeouts}${errorCauses.size ? ` (${[...errorCauses].map(([cause, n]) => `${cause} ×${n}`).join(', ')})` : ''}`,
      ],
      ['by kind', KINDS.map((k) => `${k} ${[...byKind.get(k)!].map(([s, n]) => `${s}×${n}`).join('/') || 0}`).join(' · ')],
      ['unique searches sent', `${usedUnique.toLocaleString('en')} of ${searches.length.toLocaleString('en')}`],
      ['server RSS', rss.length ? `first ${mb(rss[0])} · max ${mb(Math.max(...rss))} · last ${mb(rss.at(-1)!)} (ready ${mb(rssReady)})` : 'no samples'],
      ['memory growth', `${growth.unbounded ? '✗' : '✓'} ${growth.why}`],
    ]);
    console.log(failures.length ? `\n  FAILED: ${failures.join('; ')}` : '\n  no errors, no 5xx, memory bounded');
    return failures.length ? 1 : 0;
  } finally {
    await server.stop();
  }
}

await runBenchmark(main);
