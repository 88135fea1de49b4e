/**
 * `npm run test:daily`: plays a whole daily job (.github/workflows/daily-prices.yml, docs/operations.md) on a copy
 * of the repository, offline, then runs what CI runs on the commit it leaves, so that the job's own commit is known
 * to keep CI green before a real one lands (issue 44).
 *
 *   1. A copy of the repository (the files git tracks, as they are on disk) in a temporary folder, committed once;
 *      the installed packages linked (scripts/lib/repository-copy.ts). `../shared`, when the repository has one
 *      beside it, is linked beside the copy, as CI has it.
 *   2. A stand-in for tcgcsv and TCGdex on a loopback port (scripts/lib/daily-stand-in.ts): the day after the
 *      content's newest prices, made from the content with prices moved up, down and not at all, and a set content
 *      lacks (tests/fixtures/catalogue-sync/new-set: Fixture Tides, its cards, its group with four sealed products).
 *   3. The job's steps in the workflow's order, each the npm script the workflow runs, pointed at the stand-in
 *      (TCGDEX_SOURCE, TCGCSV_SOURCE): catalogue:sync --write, prices:fetch, import --tcgcsv --write,
 *      facts --write, check, prices:commit. (agents:refresh fetches the agents' real directories, and its failure
 *      never holds back the job: it is left out.)
 *   4. That the job did change what tests used to pin: the price date moved on by a day, a set and its cards
 *      added, sealed products added, prices moved both ways (the Japanese cards' too, from the "Pokemon Japan"
 *      category's groups, with a day more of history), the README's catalogue sentence rewritten.
 *   5. CI's steps on the copy: `import-catalogue.ts --check` (when ../shared/data is there), `npm run check`, the
 *      content tier, `npm start` (a full build, then the function) and the smoke test against it.
 *
 * Usage:  npm run test:daily [-- --keep]      (--keep leaves the copy, and says where)
 * Exit:   0 every step green · 1 a step red (named, with its output) · 2 usage
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type ContentCatalogue, pricesAsOfOf } from '../src/catalogue/catalogue-changes.ts';
import { addDays } from '../src/schemas/dates.ts';
import { freePort } from './lib/bench-server.ts';
import { movedDayOf, readSavedSet, startStandIn } from './lib/daily-stand-in.ts';
import { catalogueOf, readPriceContent } from './lib/price-import.ts';
import { copyRepository } from './lib/repository-copy.ts';

const USAGE = 'usage: npm run test:daily [-- --keep]';
const ROOT = join(import.meta.dirname, '..');
const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');
/** TCGdex's Japanese answers: two sets the catalogue holds (Terastal Fest ex, Battle Partners), which the sync must recognise. */
const JAPANESE_SETS = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'japanese', 'tcgdex-ja');
/** No step of a day may take longer (a full build on a loaded 2-core runner takes a few minutes). */
const STEP_TIMEOUT_MS = 20 * 60_000;
/** What the steps must not inherit: they run on the copy as CI runs them, with the copy's content and build. */
const NOT_INHERITED = ['CONTENT_DIR', 'OUT_DIR', 'CACHE_DIR', 'DIST_DIR', 'PORT', 'HOST', 'SMOKE_URL', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_DIR'];

let args: { keep: boolean };
try {
  args = parseArgs({ options: { keep: { type: 'boolean', default: false } } }).values as typeof args;
} catch (error) {
  console.error(`replay-daily-job: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

class Red extends Error {}

interface Result {
  step: string;
  command: string;
  seconds: number;
  ok: boolean;
}
const results: Result[] = [];
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'card-values-daily-'));
const copy = join(work, 'repo');
/** The step running on the copy, and the server `npm start` runs there: stopped whatever happens. */
let running: ChildProcess | undefined;
let server: ChildProcess | undefined;

const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of NOT_INHERITED) delete env[name];

/** Kills a step's whole process group (npm, and the node processes it started): only what this script started. */
function stop(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Runs one step on the copy; resolves with its output, or throws Red naming it (its output printed). */
async function run(step: string, command: string[], extra: Record<string, string> = {}): Promise<string> {
  const at = performance.now();
  const child = spawn(command[0], command.slice(1), { cwd: copy, env: { ...env, ...extra }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running = child;
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => stop(child), STEP_TIMEOUT_MS);
  const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  clearTimeout(timer);
  return settle(step, command.join(' '), at, status === 0, output, status === null ? 'stopped after its time ran out' : `exit ${status}`);
}

/** Records a step's result and prints its line; a red step's output is printed whole and ends the replay. */
function settle(step: string, command: string, at: number, ok: boolean, output: string, why = ''): string {
  const seconds = (performance.now() - at) / 1000;
  results.push({ step, command, seconds, ok });
  console.log(`  ${ok ? 'ok ' : 'RED'} ${step.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s   ${command}`);
  if (!ok) {
    console.log(output.trimEnd());
    throw new Red(`${step}: ${command} (${why})`);
  }
  return output;
}

/** Holds a claim about what the job changed; a false one makes the replay red, as a step would. */
function expectChange(what: string, holds: boolean, detail: string): void {
  settle(`changed: ${what}`, detail, performance.now(), holds, '', 'it did not');
}

/** `npm start` on the copy until the function says it serves; its URL. */
async function serve(): Promise<string> {
  const port = await freePort();
  const at = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: copy,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  let timer: NodeJS.Timeout | undefined;
  const serving = await new Promise<boolean>((done) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('card-values: serving')) done(true);
    });
    child.on('close', () => done(false));
    timer = setTimeout(() => done(false), STEP_TIMEOUT_MS);
  });
  clearTimeout(timer);
  settle('build and serve', 'npm start', at, serving, output, 'it never said it serves');
  return `http://127.0.0.1:${port}`;
}

const counts = (catalogue: ContentCatalogue) => ({
  cards: catalogue.cards.length,
  sets: catalogue.sets.length,
  sealed: catalogue.sealed.length,
  asOf: pricesAsOfOf(catalogue.cards, catalogue.sealed),
});
const thousands = (n: number) => n.toLocaleString('en-US');

/** The market price of every card price line and sealed product, by a key that names it. */
function marketsOf(catalogue: ContentCatalogue): Map<string, number | null> {
  const markets = new Map<string, number | null>();
  for (const card of catalogue.cards) for (const line of card.prices) markets.set(`${card.id} ${line.productId} ${line.variant} ${line.printing}`, line.market);
  for (const product of catalogue.sealed) markets.set(`sealed ${product.productId}`, product.price?.market ?? null);
  return markets;
}

/** The Japanese cards' price lines whose market moved, the histories that reached the day, and one such card. */
function japaneseMoves(before: ContentCatalogue, after: ContentCatalogue, date: string): { moved: number; historyDays: number; example?: string } {
  const was = new Map(before.cards.filter((card) => card.language === 'ja').map((card) => [card.id, card]));
  let moved = 0;
  let historyDays = 0;
  let example: string | undefined;
  for (const card of after.cards) {
    const old = was.get(card.id);
    if (!old) continue;
    for (const [i, line] of card.prices.entries()) {
      const from = old.prices[i]?.market;
      if (from == null || line.market === null || line.market === from) continue;
      moved++;
      example ??= `${card.id} $${from} → $${line.market}`;
    }
    historyDays += card.history.filter((series) => series.end === date).length;
  }
  return { moved, historyDays, example };
}

let synced = '';

async function replay(): Promise<void> {
  console.log(`replay-daily-job: a daily job on a copy of the repository, offline (${work})`);
  const at = performance.now();
  const { files } = copyRepository(ROOT, copy);
  const shared = join(ROOT, '..', 'shared');
  if (existsSync(shared)) symlinkSync(realpathSync(shared), join(work, 'shared'));
  settle('copy', `${thousands(files)} tracked files${existsSync(shared) ? ', ../shared linked beside it' : ''}`, at, true, '');

  const before = catalogueOf(readPriceContent(join(copy, 'content')));
  const held = new Set([
    ...before.cards.flatMap((card) => card.prices.flatMap((line) => (line.groupId === null ? [] : [line.groupId]))),
    ...before.sealed.map((p) => p.group.id),
    ...before.sets.flatMap((set) => (set.tcgplayerGroupId ? [set.tcgplayerGroupId] : [])),
  ]);
  const day = movedDayOf(before);
  const saved = readSavedSet(NEW_SET, JAPANESE_SETS, held);
  const standIn = await startStandIn(day, held, saved);
  try {
    const { up, down, unchanged, firstPriced } = day.moves;
    console.log(
      `  the stand-in (${standIn.origin}) publishes ${day.date}: ${thousands(up + down + unchanged)} printings and products, ${thousands(up)} up, ` +
        `${thousands(down)} down, ${thousands(unchanged)} unchanged, ${firstPriced} sealed products priced for the first time; ` +
        `TCGdex and tcgcsv add group ${saved.groups.map((g) => `${g.groupId} (${g.name})`).join(', ')}`,
    );
    const sources = { TCGDEX_SOURCE: `${standIn.origin}/tcgdex`, TCGDEX_JA_SOURCE: `${standIn.origin}/tcgdex-ja`, TCGCSV_SOURCE: standIn.origin };
    console.log('  the job, as the workflow runs it:');
    synced = await run('sync', ['npm', 'run', 'catalogue:sync', '--', '--write'], sources);
    await run('fetch', ['npm', 'run', 'prices:fetch', '--', '--out', '.cache/tcgcsv'], sources);
    await run('import the day', ['npm', 'run', 'import', '--', '--tcgcsv', '.cache/tcgcsv', '--write']);
    await run('figures', ['npm', 'run', 'facts', '--', '--write']);
    await run('check', ['npm', 'run', 'check']);
    await run('commit', ['npm', 'run', 'prices:commit']);
  } finally {
    await standIn.close();
  }

  const after = catalogueOf(readPriceContent(join(copy, 'content')));
  const japaneseSync = /1b\. TCGdex \(Japanese\): .*/.exec(synced)?.[0] ?? 'no line';
  const [was, now] = [counts(before), counts(after)];
  const setsAdded = after.sets.filter((set) => !before.sets.some((s) => s.id === set.id));
  const cardsOfNewSets = after.cards.filter((card) => setsAdded.some((set) => set.id === card.set)).length;
  const wasMarkets = marketsOf(before);
  const moved = { up: 0, down: 0, unchanged: 0, first: 0 };
  for (const [key, market] of marketsOf(after)) {
    const old = wasMarkets.get(key);
    // An item the job added has no price to move from; one that had none got its first.
    if (old === undefined || market === null) continue;
    moved[old === null ? 'first' : market > old ? 'up' : market < old ? 'down' : 'unchanged']++;
  }
  const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { cwd: copy, encoding: 'utf8' }).stdout.trim();
  const [author, subject] = git('log', '-1', '--format=%an%n%s').split('\n');
  const committed = git('show', '--name-only', '--format=', 'HEAD').split('\n');
  console.log('  what the job changed:');
  expectChange('price date, a day on', now.asOf === addDays(was.asOf, 1) && now.asOf === day.date, `${was.asOf} → ${now.asOf}`);
  expectChange(
    'a set and its cards',
    setsAdded.length === 1 && now.sets === was.sets + 1 && cardsOfNewSets > 0 && now.cards === was.cards + cardsOfNewSets,
    `sets ${was.sets} → ${now.sets} (${setsAdded.map((s) => `${s.name}, ${cardsOfNewSets} cards`).join('; ')}), cards ${thousands(was.cards)} → ${thousands(now.cards)}`,
  );
  expectChange('sealed products', now.sealed > was.sealed, `${thousands(was.sealed)} → ${thousands(now.sealed)}`);
  // The Japanese sets TCGdex lists are the catalogue's own: recognised by id, none added twice.
  const jpSets = (catalogue: ContentCatalogue) => catalogue.sets.filter((set) => set.language === 'ja').length;
  expectChange(
    'Japanese sets read, none duplicated',
    /2 sets read/.test(japaneseSync) && jpSets(after) === jpSets(before) && new Set(after.sets.map((set) => set.id)).size === after.sets.length,
    japaneseSync.replace(/^1b\. /, ''),
  );
  const japanese = japaneseMoves(before, after, day.date);
  expectChange(
    'Japanese prices and history',
    japanese.moved > 0 && japanese.historyDays > 0,
    `${thousands(japanese.moved)} Japanese price lines moved (category 85), ${thousands(japanese.historyDays)} Japanese histories at ${day.date}${japanese.example ? `, e.g. ${japanese.example}` : ''}`,
  );
  expectChange(
    'prices, up, down, first',
    moved.up > 0 && moved.down > 0 && moved.unchanged > 0 && moved.first > 0,
    `${thousands(moved.up)} up, ${thousands(moved.down)} down, ${thousands(moved.unchanged)} unchanged, ${moved.first} priced for the first time`,
  );
  expectChange(
    'the bot’s commit',
    author === 'github-actions[bot]' && subject.startsWith(`Added ${setsAdded[0]?.name}`) && committed.includes('README.md'),
    `${author}: ${subject}`,
  );

  console.log('  CI, on the copy:');
  if (existsSync(join(work, 'shared', 'data'))) await run('content is the import’s', ['node_modules/.bin/node', 'scripts/import-catalogue.ts', '--check']);
  else console.log('  -   content is the import’s: ../shared/data not present, skipped as CI skips it');
  await run('content check', ['npm', 'run', 'check']);
  await run('content tier', ['npm', 'run', 'test:content']);
  const url = await serve();
  await run('smoke test', ['npm', 'run', 'test:smoke'], { SMOKE_URL: url });
}

const interrupted = () => {
  for (const child of [running, server]) stop(child);
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  process.exit(130);
};
process.on('SIGINT', interrupted);
process.on('SIGTERM', interrupted);

try {
  await replay();
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  console.log(
    `replay-daily-job: green, ${results.length} steps in ${((performance.now() - started) / 1000).toFixed(0)} s ` +
      `(slowest: ${slowest.map((r) => `${r.step} ${r.seconds.toFixed(0)} s`).join(', ')})`,
  );
} catch (error) {
  if (!(error instanceof Red)) throw error;
  console.error(`replay-daily-job: red at ${error.message}, after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = 1;
} finally {
  stop(server);
  if (server) await new Promise((closed) => (server!.exitCode !== null || server!.signalCode !== null ? closed(null) : server!.once('close', closed)));
  if (args.keep) console.log(`replay-daily-job: the copy is kept in ${copy}`);
  else rmSync(work, { recursive: true, force: true });
}
