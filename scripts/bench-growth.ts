/**
 * What a larger catalogue costs the function: this build (DIST_DIR, default dist) against another build made by
 * the same code from other content (--against-dist DIR; for issue 48, the catalogue without its Japanese cards), in
 * one run, in rounds that alternate which side goes first so that both saw the same machine:
 *
 *   1. start: the real server (dist/server/function.mjs, as npm start runs it) from spawn to its first card
 *      search answered 200, polled every 5 ms, a fresh server each time;
 *   2. memory: a fresh server's resident set once it says it is ready, after the searches below, and its peak;
 *   3. warm search: the realistic queries --passes times, one at a time on a kept-alive connection, after one
 *      pass not counted: p50 and p95 of the round;
 *   4. once a side, the heap its data takes once every part is loaded (scripts/lib/function-heap.ts: used heap
 *      and array buffers, the data's own share over Node and the code), in a process of its own.
 *
 * Each figure is a median over the rounds; `this ÷ that` is the median of the ratios taken within each round
 * (for the heap, of the one measure a side). Per card: that ratio divided by the ratio of the two catalogues'
 * cards (/api/content.json `totalCards`), so that ≤ 1 means a card costs no more than before.
 * Goals (issue 48 item 6): each ratio ≤ 1.3, and no worse per card (≤ 1.05: the noise between two runs). The rate limit is on as deployed (memory
 * store), with a limit never reached.
 *
 * Usage:  npm run bench:growth -- --against-dist ../no-japanese/dist [--rounds 5] [--passes 5]
 * Exit codes: 0 figures printed (goals met or not) · 2 the benchmark could not run (no build, a request failed).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mb, median, ms, percentile, positiveInteger, printTable, runBenchmark } from './lib/bench-report.ts';
import { coldStartOf, HOST, latenciesOf, spawnServer, vmBytes, whenReady } from './lib/bench-server.ts';
import { instanceBytes, measureFunctionHeap } from './lib/function-heap.ts';

const RATIO_GOAL = 1.3;
/** "No worse per card", with room for the noise of a shared machine (two runs of one build differ by a few %). */
const PER_CARD_GOAL = 1.05;
const RATE_LIMIT = '1000000/60';
const searchOf = (q: string) => `/api/cards?q=${encodeURIComponent(q)}`;
const FIRST_SEARCH = searchOf('charizard');
/** Old space for the heap's measuring process: room for either catalogue (this is not the isolate's cap). */
const HEAP_OLD_SPACE_MB = 1024;

interface Side {
  dist: string;
  cards: number;
}

/** One side's figures in one round. */
interface Round {
  start: number;
  ready: number;
  after: number;
  peak: number;
  p50: number;
  p95: number;
}

const FIGURES: [keyof Round, string, (x: number) => string][] = [
  ['start', 'start: spawn → first search answered', ms],
  ['ready', 'resident set when ready', mb],
  ['after', 'resident set after the searches', mb],
  ['peak', 'peak resident set', mb],
  ['p50', 'warm search p50', ms],
  ['p95', 'warm search p95', ms],
];

await runBenchmark(async () => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'against-dist': { type: 'string' }, rounds: { type: 'string', default: '5' }, passes: { type: 'string', default: '5' } },
  });
  if (!values['against-dist']) throw new Error('--against-dist DIR is required: the build to compare this one with');
  const rounds = positiveInteger('rounds', values.rounds);
  const passes = positiveInteger('passes', values.passes);
  const sides = [sideOf(process.env.DIST_DIR ?? 'dist'), sideOf(values['against-dist'])];
  const cardsRatio = sides[0].cards / sides[1].cards;
  console.log(
    `growth: this ${sides[0].dist} (${sides[0].cards.toLocaleString('en-US')} cards) against that ${sides[1].dist} (${sides[1].cards.toLocaleString('en-US')} cards): ×${cardsRatio.toFixed(3)} the cards; ${rounds} rounds, ${passes} passes of the realistic queries`,
  );

  const measured: Round[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) measured[i].push(await roundOf(sides[i].dist, passes));
  }
  const heaps = sides.map((side) => measureFunctionHeap(side.dist, HEAP_OLD_SPACE_MB));
  const dataBytes = heaps.map(({ baseline, loaded }) => instanceBytes(loaded) - instanceBytes(baseline));

  const misses: string[] = [];
  const judged = (label: string, ratio: number) => {
    const perCard = ratio / cardsRatio;
    const ok = ratio <= RATIO_GOAL && perCard <= PER_CARD_GOAL;
    if (!ok) misses.push(`${label} ×${ratio.toFixed(2)} (per card ×${perCard.toFixed(2)})`);
    return [`×${ratio.toFixed(2)}`, `×${perCard.toFixed(2)}`, ok ? '✓' : '✗'];
  };
  const rows = [['', 'this', 'that', 'this ÷ that', 'per card', `≤ ×${RATIO_GOAL}, per card ≤ ×${PER_CARD_GOAL}`]];
  for (const [key, label, format] of FIGURES) {
    const of = (i: number) => median(measured[i].map((r) => r[key]));
    const ratio = median(measured[0].map((r, k) => r[key] / measured[1][k][key]));
    rows.push([label, format(of(0)), format(of(1)), ...judged(label, ratio)]);
  }
  rows.push(['heap of the data, everything loaded', mb(dataBytes[0]), mb(dataBytes[1]), ...judged('heap of the data', dataBytes[0] / dataBytes[1])]);
  printTable(rows);
  console.log(`   medians of ${rounds} rounds; the ratio of each figure is the median of its ratios within a round`);
  if (misses.length) console.log(`missed: ${misses.join('; ')}`);
});

function sideOf(dir: string): Side {
  const dist = resolve(dir);
  const summary = join(dist, 'client', 'api', 'content.json');
  if (!existsSync(join(dist, 'server', 'manifest.json')) || !existsSync(summary)) throw new Error(`no build in ${dist} (npm run build)`);
  const { totalCards } = JSON.parse(readFileSync(summary, 'utf8')) as { totalCards: number };
  return { dist, cards: totalCards };
}

/** One side's round: a cold start, then a fresh server's memory and warm searches. */
async function roundOf(dist: string, passes: number): Promise<Round> {
  const start = await coldStartOf(dist, { RATE_LIMIT }, FIRST_SEARCH);
  const server = await spawnServer(dist, { RATE_LIMIT });
  try {
    await whenReady(server, 60_000);
    const pid = server.child.pid!;
    const ready = vmBytes(pid, 'VmRSS');
    const origin = `http://${HOST}:${server.port}`;
    await latenciesOf(origin, 1, searchOf);
    const times = await latenciesOf(origin, passes, searchOf);
    return { start, ready, after: vmBytes(pid, 'VmRSS'), peak: vmBytes(pid, 'VmHWM'), p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await server.stop();
  }
}
