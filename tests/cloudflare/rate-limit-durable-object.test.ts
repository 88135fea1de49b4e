import { join } from 'node:path';
import { build } from 'esbuild';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from '../../src/deploy/cloudflare.ts';
import { createLimiter, type RateDecision } from '../../src/server/rate-limit/limiter.ts';
import { ratePolicyOf } from '../../src/server/rate-limit/policy.ts';
import { withoutRedisStore } from '../../src/server/workerd-bundle.ts';
import { ROOT } from '../support/fixture-site.ts';

/**
 * The rate limit's Cloudflare store (src/server/rate-limit/bucket-object.ts, durable-object-store.ts) in workerd:
 * two Workers, two isolates, bound to one Durable Object namespace as every isolate of a deployment is, each
 * answering with the function's own limiter (tests/support/rate-limit-worker.ts, bundled for workerd as the
 * Worker would be). What Miniflare cannot show: Cloudflare's placement of objects near their clients, the latency
 * of reaching one from another location, eviction and the stored bucket read back after it, and the alarm that
 * deletes a full bucket (the test's clock runs a year ahead of the real one, so that no alarm fires mid-test).
 */
const POLICY = '5/10';
const YEAR_MS = 365 * 24 * 3600 * 1000;

let mf: Miniflare;
let clock: number;
beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(ROOT, 'tests', 'support', 'rate-limit-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    plugins: [withoutRedisStore],
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  const worker = (name: string, binding: { className: string; scriptName?: string; useSQLite: boolean }) => ({
    name,
    // Listed, not found by Miniflare's walk of the imports: rate-limiter-flexible's Drizzle store has an
    // `import(variable)`, which the walk refuses and workerd only fails if it is run (the function never runs it).
    modules: [{ type: 'ESModule' as const, path: 'worker.js', contents: script }],
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    bindings: { RATE_LIMIT: POLICY },
    durableObjects: { RATE_LIMITER: binding },
  });
  mf = new Miniflare({
    workers: [
      worker('edge-a', { className: 'RateLimitBucket', useSQLite: true }),
      worker('edge-b', { className: 'RateLimitBucket', scriptName: 'edge-a', useSQLite: true }),
    ],
    log: new Log(LogLevel.WARN),
  });
  await mf.ready;
  clock = Date.now() + YEAR_MS;
});
afterAll(async () => {
  await mf?.dispose();
});

interface WorkerAnswer {
  store: string;
  decision: RateDecision | null;
  warnings: string[];
}

/** What Worker `name` decides for `key` at `points`, at the test's clock. */
async function take(name: 'edge-a' | 'edge-b', key: string, points = 1): Promise<WorkerAnswer> {
  // Miniflare types the Worker's fetcher with workerd's own Request, which the DOM types here do not know.
  const worker = (await mf.getWorker(name)) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> };
  const res = await worker.fetch('http://worker/take', { method: 'POST', body: JSON.stringify({ key, points, now: clock }) });
  expect(res.status).toBe(200);
  return (await res.json()) as WorkerAnswer;
}

describe('the rate limit in Durable Objects', () => {
  it('counts one quota for a client whichever Worker isolate its requests reach', async () => {
    const answers: WorkerAnswer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await take(i % 2 === 0 ? 'edge-a' : 'edge-b', 'shared'));
    expect(answers.map((a) => a.store)).toEqual(Array(6).fill('durable-object'));
    expect(answers.map((a) => a.decision?.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(answers.map((a) => a.decision?.allowed)).toEqual([true, true, true, true, true, false]);
    expect(answers.flatMap((a) => a.warnings)).toEqual([]);
  });

  it('answers what the in-memory store answers for the same requests at the same times', async () => {
    let memoryClock = clock;
    const memory = createLimiter(ratePolicyOf(POLICY)!, { now: () => memoryClock });
    // [points, milliseconds since the previous request]: bursts, refusals of costly requests, refills between.
    const sequence: [number, number][] = [
      [1, 0],
      [3, 0],
      [3, 0],
      [1, 0],
      [1, 0],
      [1, 1_999],
      [1, 1],
      [4, 500],
      [2, 3_000],
      [5, 12_000],
      [1, 0],
      [9, 20_000],
    ];
    const fromObjects: (RateDecision | null)[] = [];
    const fromMemory: (RateDecision | null)[] = [];
    for (const [i, [points, wait]] of sequence.entries()) {
      clock += wait;
      memoryClock = clock;
      fromObjects.push((await take(i % 2 === 0 ? 'edge-a' : 'edge-b', 'replayed', points)).decision);
      fromMemory.push(await memory.take('replayed', points));
    }
    expect(fromObjects).toEqual(fromMemory);
    // The replay went through refusals and refills, not only admissions.
    expect(fromObjects.filter((d) => d?.allowed === false).length).toBeGreaterThanOrEqual(3);
  });

  it('takes a request of several points as that many, and nothing for a refused one', async () => {
    expect((await take('edge-a', 'costly', 3)).decision).toMatchObject({ allowed: true, remaining: 2 });
    expect((await take('edge-b', 'costly', 3)).decision).toMatchObject({ allowed: false, remaining: 2 });
    expect((await take('edge-a', 'costly', 2)).decision).toMatchObject({ allowed: true, remaining: 0 });
    expect((await take('edge-b', 'costly', 1)).decision).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('keeps each client’s bucket apart', async () => {
    await take('edge-a', 'drained', 5);
    expect((await take('edge-b', 'drained')).decision?.allowed).toBe(false);
    expect((await take('edge-b', 'untouched')).decision).toMatchObject({ allowed: true, remaining: 4 });
  });
});
