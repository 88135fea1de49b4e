import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { roundUsd } from '../../src/catalogue/money.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';

/**
 * `npm run dev` (scripts/dev.ts) on a copy of the fixture content: the site is served, and an editor's saved
 * change is served after the rebuild it sets off, without restarting anything by hand.
 */
const base = scratchDir('dev-server');
const content = join(base, 'content');
let dev: ChildProcess | undefined;

afterAll(async () => {
  if (dev && dev.exitCode === null)
    await new Promise((done) => {
      dev!.once('exit', done);
      dev!.kill('SIGTERM');
    });
  rmSync(base, { recursive: true, force: true });
});

it('npm run dev serves the site and serves an edited price after the rebuild it sets off', async () => {
  rmSync(base, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  dev = spawn(process.execPath, [join(ROOT, 'scripts', 'dev.ts')], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, OUT_DIR: join(base, 'dist'), CACHE_DIR: join(base, 'cache'), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const serving: string[] = [];
  const waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const match of chunk.toString().matchAll(/card-values: serving .* at (http:\/\/\S+)/g)) serving.push(match[1]);
    for (const wake of waiters.splice(0)) wake();
  };
  dev.stdout!.on('data', onData);
  dev.stderr!.on('data', onData);
  /** The URL of the nth time the site was served (1-based), once it is. */
  const servedTime = async (n: number): Promise<string> => {
    const deadline = Date.now() + 100_000;
    while (serving.length < n) {
      if (Date.now() > deadline || dev!.exitCode !== null) throw new Error(`dev did not serve a ${n}th time:\n${output.slice(-3000)}`);
      await new Promise<void>((wake) => waiters.push(wake));
    }
    return serving[n - 1];
  };
  const priceOf = async (url: string) => ((await (await fetch(`${url}/api/cards/charizard-ex-fix1-107`)).json()) as { valueUsd: number }).valueUsd;

  const first = await servedTime(1);
  const before = await priceOf(first);

  const file = join(content, 'cards', 'fix1.json');
  const cards = JSON.parse(readFileSync(file, 'utf8')) as { id: string; prices: { primary: boolean; market: number }[] }[];
  const card = cards.find((c) => c.id === 'fix1-107')!;
  const primary = card.prices.find((p) => p.primary)!;
  primary.market = roundUsd(before + 100);
  writeFileSync(file, `${JSON.stringify(cards, null, 2)}\n`);

  const second = await servedTime(2);
  expect(await priceOf(second)).toBe(primary.market);
  expect(output).toMatch(/dev: content\/cards\/fix1\.json changed; building|dev: .*fix1\.json changed; building/);
}, 240_000);
