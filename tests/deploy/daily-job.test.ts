import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { laterDays } from '../support/tcgcsv-days.ts';

/**
 * The daily price job (.github/workflows/daily-prices.yml), offline: its steps are the repository's scripts,
 * run here in the workflow's order against a local stand-in for tcgcsv.com (serving days made from the real
 * sample files) and a scratch git repository holding the fixture content. A new day is fetched, imported,
 * its articles' figures recomputed, checked and committed by the bot; a late or broken source commits nothing.
 */
const WORKFLOW = join(ROOT, '.github', 'workflows', 'daily-prices.yml');
const repo = scratchDir('daily-job-repo');
const days = scratchDir('daily-job-days');
const fetched = join(repo, '.cache', 'tcgcsv');

/**
 * A made-up new set's saved replies (TCGdex's set and cards, tcgcsv's groups, product list and a day's prices of
 * its group), which the stand-in serves when `newSet` is on: tests/fixtures/catalogue-sync/new-set.
 */
const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');
const NEW_GROUP = 99001;
/** A day of the Japanese sets' groups (TCGplayer's "Pokemon Japan", category 85): tests/fixtures/tcgcsv-japan. */
const JAPAN_DAY = join(ROOT, 'tests', 'fixtures', 'tcgcsv-japan', '2025-10-21', '85');

/** What the stand-in serves: tcgcsv's publication stamp, which groups answer 500, whether TCGdex has a new set (or fails). */
const source = { stamp: '2025-10-21T20:05:33+0000', broken: new Set<number>(), newSet: false, tcgdexBroken: false };
let server: Server;
let origin: string;

beforeAll(async () => {
  laterDays(days, [
    { from: '2025-10-20', date: '2025-10-21', row: (row) => (row.productId === 42382 && row.subTypeName === 'Holofoil' ? { ...row, marketPrice: 520 } : row) },
  ]);
  server = createServer((req, res) => {
    const groups = readdirSync(join(days, '2025-10-21', '3')).map(Number);
    const send = (status: number, body: string) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    const url = req.url ?? '';
    if (url === '/last-updated.txt') return send(200, `${source.stamp}\n`);
    // TCGdex's API: the saved replies of the new set, or its fixture's list without it.
    const tcgdex = /^\/tcgdex\/(sets|sets\/[^/]+|cards\/[^/]+)$/.exec(url)?.[1];
    if (tcgdex && source.tcgdexBroken) return send(500, '{}');
    if (tcgdex === 'sets') return send(200, source.newSet ? readFileSync(join(NEW_SET, 'tcgdex', 'sets.json'), 'utf8') : '[]');
    if (tcgdex) return send(200, readFileSync(join(NEW_SET, 'tcgdex', `${decodeURIComponent(tcgdex)}.json`), 'utf8'));
    if (url === '/tcgplayer/3/groups') {
      const listed = [
        ...groups.map((groupId) => ({ groupId, name: `Group ${groupId}`, categoryId: 3 })),
        ...(source.newSet ? [{ groupId: NEW_GROUP, name: 'ME08.5: Fixture Tides', categoryId: 3 }] : []),
      ];
      return send(200, JSON.stringify({ success: true, errors: [], results: listed }));
    }
    if (source.newSet && url === `/tcgplayer/3/${NEW_GROUP}/products`)
      return send(200, readFileSync(join(NEW_SET, 'tcgcsv', 'tcgplayer', '3', String(NEW_GROUP), 'products'), 'utf8'));
    if (source.newSet && url === `/tcgplayer/3/${NEW_GROUP}/prices`)
      return send(200, readFileSync(join(NEW_SET, 'prices', '2025-10-21', '3', String(NEW_GROUP), 'prices'), 'utf8'));
    const japanese = readdirSync(JAPAN_DAY).map(Number);
    if (url === '/tcgplayer/85/groups')
      return send(
        200,
        JSON.stringify({ success: true, errors: [], results: japanese.map((groupId) => ({ groupId, name: `Group ${groupId}`, categoryId: 85 })) }),
      );
    const japaneseGroup = /^\/tcgplayer\/85\/(\d+)\/prices$/.exec(url)?.[1];
    if (japaneseGroup && japanese.includes(Number(japaneseGroup))) return send(200, readFileSync(join(JAPAN_DAY, japaneseGroup, 'prices'), 'utf8'));
    const group = /^\/tcgplayer\/3\/(\d+)\/prices$/.exec(url)?.[1];
    if (group && source.broken.has(Number(group))) return send(500, '{"success": false}');
    if (group && groups.includes(Number(group))) return send(200, readFileSync(join(days, '2025-10-21', '3', group, 'prices'), 'utf8'));
    send(404, '{}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((closed) => server?.close(closed));
  for (const dir of [repo, days]) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  source.stamp = '2025-10-21T20:05:33+0000';
  source.broken.clear();
  source.newSet = false;
  source.tcgdexBroken = false;
  rmSync(repo, { recursive: true, force: true });
  mkdirSync(join(repo, 'config'), { recursive: true });
  cpSync(FIXTURE_CONTENT, join(repo, 'content'), { recursive: true });
  cpSync(join(ROOT, 'config', 'verified-agents.json'), join(repo, 'config', 'verified-agents.json'));
  git('init', '--quiet');
  git('-c', 'user.name=editor', '-c', 'user.email=editor@localhost', 'add', '.');
  git('-c', 'user.name=editor', '-c', 'user.email=editor@localhost', 'commit', '--quiet', '-m', 'content');
});

function git(...args: string[]): string {
  const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A script of the job, run as the workflow runs it; not spawnSync, which would stop this process's stand-in server from answering. */
function script(file: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', file), ...args], { cwd: repo });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => done({ status, output }));
  });
}

/** The workflow's steps, as the tests run them: each the script its npm run names, pointed at the scratch repository. */
const steps = {
  // As the workflow runs it: no date, so the day of the sync is today's.
  sync: () => script('catalogue-sync.ts', '--content', join(repo, 'content'), '--tcgdex', `${origin}/tcgdex`, '--tcgcsv', origin, '--write'),
  fetch: () => script('fetch-tcgcsv.ts', '--out', fetched, '--content', join(repo, 'content'), '--source', origin),
  import: () => script('import-catalogue.ts', '--tcgcsv', fetched, '--out', join(repo, 'content'), '--write'),
  facts: () => script('compute-facts.ts', '--content', join(repo, 'content'), '--write'),
  check: () => script('check-content.ts', '--dir', join(repo, 'content')),
  commit: () => script('commit-prices.ts', '--repo', repo),
};

describe('the workflow', () => {
  it('runs, in this order, the scripts these tests run, and pushes only after the build', () => {
    const workflow = load(readFileSync(WORKFLOW, 'utf8')) as { jobs: { prices: { steps: { run?: string; 'continue-on-error'?: boolean }[] } } };
    const runs = workflow.jobs.prices.steps.map((step) => step.run ?? '');
    const at = (command: string) => runs.findIndex((run) => run.startsWith(command));
    const order = [
      'npm run catalogue:sync -- --write',
      'npm run prices:fetch -- --out .cache/tcgcsv',
      'npm run import -- --tcgcsv .cache/tcgcsv --write',
      'npm run facts -- --write',
      'npm run agents:refresh',
      'npm run check',
      'npm run prices:commit',
      'npm run build',
      'git push',
    ].map(at);
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The sync and the agents' refresh may fail (TCGdex down, every directory unreachable) without holding back the day's prices.
    expect(workflow.jobs.prices.steps[order[0]]['continue-on-error']).toBe(true);
    expect(workflow.jobs.prices.steps[order[4]]['continue-on-error']).toBe(true);
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts['catalogue:sync']).toBe('node scripts/catalogue-sync.ts');
    expect(scripts['prices:fetch']).toBe('node scripts/fetch-tcgcsv.ts');
    expect(scripts.import).toBe('node scripts/import-catalogue.ts');
    expect(scripts.facts).toBe('node scripts/compute-facts.ts');
    expect(scripts.check).toBe('node scripts/check-content.ts');
    expect(scripts['prices:commit']).toBe('node scripts/commit-prices.ts');
  });
});

describe('a day of the job', () => {
  it("fetches the newest day, imports it, checks it and commits it as the bot with the day's changes", async () => {
    const fetching = await steps.fetch();
    expect(fetching.output).toMatch(/2025-10-21 \(published 2025-10-21T20:05:33\+0000\), 4 groups/);
    expect(fetching.status).toBe(0);
    expect(readdirSync(fetched)).toEqual(['2025-10-21']);
    // The Japanese sets' groups, from the Pokemon Japan category; one the fixture's set names that tcgcsv does not list.
    expect(fetching.output).toMatch(/Japanese sets: 2 groups of Pokemon Japan \(category 85\)/);
    expect(fetching.output).toMatch(/no longer lists \(not fetched\): .*\b23599$/m);
    expect(readdirSync(join(fetched, '2025-10-21', '85')).sort()).toEqual(['23608', '23909']);
    expect((await steps.import()).status).toBe(0);
    expect((await steps.facts()).status).toBe(0);
    // The figures step moved the figure an article marks with the price, and no word around it.
    expect(readFileSync(join(repo, 'content', 'knowledge', 'what-is-a-grail.md'), 'utf8')).toContain('is a chase card at **:fact[$520.00]{card=base1-4}**.');
    expect((await steps.check()).status).toBe(0);
    const committing = await steps.commit();
    expect(committing.status).toBe(0);
    expect(git('log', '-1', '--format=%an%n%s%n%b')).toMatch(
      /^github-actions\[bot\]\nPrices as of 2025-10-21 \(TCGplayer, via tcgcsv\)\ncards: .*\n {2}Charizard \(Base 4\/102\): \$458\.29 → \$520/,
    );
    const committed = git('show', '--name-only', '--format=', 'HEAD').split('\n');
    expect(committed).toEqual(
      expect.arrayContaining([
        'content/cards/base1.json',
        'content/cards/jp-sv8a.json',
        'content/changes/2025-10-21.json',
        'content/sealed/2848-swsh07-evolving-skies.json',
      ]),
    );
    expect(committed.every((path) => path.startsWith('content/'))).toBe(true);
    expect(git('status', '--porcelain', '--', 'content')).toBe('');
    // The next run, before tcgcsv publishes again: the source is late, nothing is fetched or committed.
    const late = await steps.fetch();
    expect(late.status).toBe(3);
    expect(late.output).toMatch(/nothing newer than the content's prices \(2025-10-21\)/);
    expect(existsSync(join(fetched, '2025-10-21'))).toBe(false);
    expect((await steps.commit()).output).toMatch(/nothing changed, nothing committed/);
    expect(git('rev-list', '--count', 'HEAD')).toBe('2');
  });

  it('stops at a broken source: nothing fetched, imported or committed, the content as it was', async () => {
    source.broken.add(2848);
    const fetching = await steps.fetch();
    expect(fetching.status).toBe(1);
    expect(fetching.output).toMatch(/the source failed, nothing fetched: http:\/\/127\.0\.0\.1:\d+\/tcgplayer\/3\/2848\/prices: HTTP 500/);
    expect(existsSync(join(fetched, '2025-10-21'))).toBe(false);
    expect(git('status', '--porcelain')).toBe('');
    expect(git('rev-list', '--count', 'HEAD')).toBe('1');
  }, 60_000);

  it('with a new set upstream: the sync adds it, the fetch takes its group, its prices land and the commit names it', async () => {
    source.newSet = true;
    const today = new Date().toISOString().slice(0, 10);
    const syncing = await steps.sync();
    expect(syncing.status, syncing.output).toBe(0);
    expect(syncing.output).toMatch(/added set Fixture Tides \(me8pt5\), 6 cards/);
    const fetching = await steps.fetch();
    expect(fetching.output).toMatch(/2025-10-21 \(published 2025-10-21T20:05:33\+0000\), 5 groups/);
    expect(readdirSync(join(fetched, '2025-10-21', '3'))).toContain(String(NEW_GROUP));
    expect((await steps.import()).status).toBe(0);
    expect((await steps.facts()).status).toBe(0);
    expect((await steps.check()).status).toBe(0);
    expect((await steps.commit()).status).toBe(0);
    expect(git('log', '-1', '--format=%s%n%b')).toMatch(
      /^Added Fixture Tides \(6 cards\); Prices as of 2025-10-21 \(TCGplayer, via tcgcsv\)\n(.|\n)*added set Fixture Tides \(me8pt5\), 6 cards/,
    );
    const committed = git('show', '--name-only', '--format=', 'HEAD').split('\n');
    expect(committed).toEqual(
      expect.arrayContaining([
        'content/sets.json',
        'content/cards/me8pt5.json',
        `content/sealed/${NEW_GROUP}-me08-5-fixture-tides.json`,
        `content/changes/${today}.json`,
        'content/changes/2025-10-21.json',
      ]),
    );
    // Listed on the day of the sync, the new cards' printings took the day's prices all the same.
    const chase = (
      JSON.parse(readFileSync(join(repo, 'content', 'cards', 'me8pt5.json'), 'utf8')) as { id: string; prices: { market: number; updatedAt: string }[] }[]
    ).find((card) => card.id === 'me8pt5-6')!;
    expect(chase.prices[0]).toMatchObject({ market: 274.5, updatedAt: '2025-10-21' });
    // The next run finds nothing new upstream: nothing to add, nothing changed.
    expect((await steps.sync()).output).toMatch(/nothing to add/);
    expect(git('status', '--porcelain', '--', 'content')).toBe('');
  }, 60_000);

  it("a sync whose source fails writes nothing, and the day's prices go on", async () => {
    source.newSet = true;
    source.tcgdexBroken = true;
    const syncing = await steps.sync();
    expect(syncing.status).toBe(1);
    expect(syncing.output).toMatch(/\/tcgdex\/sets: HTTP 500\nnothing was written/);
    expect(git('status', '--porcelain')).toBe('');
    expect((await steps.fetch()).status).toBe(0);
    expect((await steps.import()).status).toBe(0);
    expect((await steps.commit()).status).toBe(0);
    expect(git('log', '-1', '--format=%s')).toBe('Prices as of 2025-10-21 (TCGplayer, via tcgcsv)');
  }, 60_000);

  it('refuses a stamp that is not a date, as a broken source', async () => {
    source.stamp = '<html>maintenance</html>';
    const fetching = await steps.fetch();
    expect(fetching.status).toBe(1);
    expect(fetching.output).toMatch(/last-updated\.txt: "<html>maintenance<\/html>" is not a timestamp/);
  });
});
