import { describe, expect, it } from 'vitest';
import { FORGET_AFTER_MS, RateLimitBucket, UNSTORED_SHARE } from '../../src/server/rate-limit/bucket-object.ts';
import type { BucketNamespace } from '../../src/server/rate-limit/durable-object-store.ts';
import { gcraStep } from '../../src/server/rate-limit/gcra.ts';
import { createLimiter, MEMORY_STORE_NOTICE } from '../../src/server/rate-limit/limiter.ts';
import { rateLimitHeader, rateLimitPolicyHeader, ratePolicyOf } from '../../src/server/rate-limit/policy.ts';

/** A limiter of `text` whose clock the test moves. */
function limiterAt(text: string) {
  const clock = { now: 1_000_000 };
  const limiter = createLimiter(ratePolicyOf(text)!, { now: () => clock.now });
  return { limiter, clock };
}

describe('RATE_LIMIT', () => {
  it('reads <requests>/<seconds>, defaults to 120/60 and turns off with off', () => {
    expect(ratePolicyOf('5/10')).toEqual({ quota: 5, windowSeconds: 10 });
    expect(ratePolicyOf()).toEqual({ quota: 120, windowSeconds: 60 });
    expect(ratePolicyOf('off')).toBeNull();
  });

  it.each(['0/60', '120', '120/0', '-1/60', '1.5/60', 'lots', '120/60s'])('rejects %s, naming the variable and the form', (text) => {
    expect(() => ratePolicyOf(text)).toThrow(/RATE_LIMIT must be <requests>\/<seconds>/);
  });

  it('announces the policy and the state in draft-11 syntax', () => {
    expect(rateLimitPolicyHeader({ quota: 120, windowSeconds: 60 })).toBe('"default";q=120;w=60');
    expect(rateLimitHeader(7, 3)).toBe('"default";r=7;t=3');
  });
});

describe('the GCRA bucket', () => {
  it('lets a quiet client spend the whole quota at once, then refuses', async () => {
    const { limiter } = limiterAt('5/10');
    const remaining = [];
    for (let i = 0; i < 5; i++) remaining.push((await limiter.take('a'))!.remaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = (await limiter.take('a'))!;
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 2 });
  });

  it('refills one request per window ÷ quota, not all at a window boundary', async () => {
    const { limiter, clock } = limiterAt('5/10');
    for (let i = 0; i < 5; i++) await limiter.take('a');
    clock.now += 1_999;
    expect((await limiter.take('a'))!.allowed).toBe(false);
    clock.now += 1;
    expect((await limiter.take('a'))!).toMatchObject({ allowed: true, remaining: 0 });
    expect((await limiter.take('a'))!.allowed).toBe(false);
  });

  it('says when the bucket is full again, and a refusal does not move it', async () => {
    const { limiter, clock } = limiterAt('5/10');
    expect((await limiter.take('a'))!.resetSeconds).toBe(2);
    for (let i = 0; i < 4; i++) await limiter.take('a');
    const refused = (await limiter.take('a'))!;
    expect(refused.resetSeconds).toBe(10);
    clock.now += 10_000;
    expect((await limiter.take('a'))!.remaining).toBe(4);
  });

  it('takes a request of several points as that many requests, refuses one it cannot afford whole (taking nothing), and caps it at the quota', async () => {
    const { limiter } = limiterAt('5/10');
    expect((await limiter.take('a', 3))!).toMatchObject({ allowed: true, remaining: 2 });
    // Refused, and nothing taken: the two points left are still there, and said.
    expect((await limiter.take('a', 3))!).toMatchObject({ allowed: false, remaining: 2 });
    expect((await limiter.take('a', 2))!).toMatchObject({ allowed: true, remaining: 0 });
    // A list dearer than the whole bucket costs the whole bucket, so a quiet client can still send it.
    expect((await limiter.take('b', 500))!).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('tells a client refused a costly request when its bucket is full, and when that request would fit', async () => {
    const { limiter, clock } = limiterAt('120/60');
    expect((await limiter.take('a', 100))!).toMatchObject({ allowed: true, remaining: 20, resetSeconds: 50 });
    clock.now += 1000;
    // Full in 49 s whatever the refused request costs; its 100 points fit in 39 s; the 22 left now are untouched.
    expect((await limiter.take('a', 100))!).toMatchObject({ allowed: false, remaining: 22, resetSeconds: 49, retryAfterSeconds: 39 });
    expect((await limiter.take('a', 1))!).toMatchObject({ allowed: true, remaining: 21 });
  });

  it('remembers a refusal while not even one point fits, and forgets it once one does', async () => {
    const { limiter, clock } = limiterAt('2/60');
    await limiter.take('a', 2);
    expect(limiter.refusedNow('a')).toBeNull(); // not refused yet: the store decides
    expect((await limiter.take('a', 2))!.allowed).toBe(false);
    // One point fits 30 s after the bucket was emptied; the bucket is full 60 s after.
    expect(limiter.refusedNow('a')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30, resetSeconds: 60 });
    expect(limiter.refusedNow('b')).toBeNull();
    clock.now += 30_000;
    expect(limiter.refusedNow('a')).toBeNull();
    expect((await limiter.take('a'))!.allowed).toBe(true);
  });

  it('counts each client on its own', async () => {
    const { limiter } = limiterAt('2/60');
    await limiter.take('a');
    await limiter.take('a');
    expect((await limiter.take('a'))!.allowed).toBe(false);
    expect((await limiter.take('b'))!).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('a quota that does not divide the window evenly still admits exactly the quota', () => {
    let tat = 0;
    let admitted = 0;
    for (let i = 0; i < 10; i++) {
      const step = gcraStep(tat, 5_000, 7, 60_000);
      if (step.allowed) admitted++;
      tat = step.tat;
    }
    expect(admitted).toBe(7);
  });
});

/** A Durable Object's storage in a Map, as much of it as RateLimitBucket uses. */
function bucketState() {
  const stored = new Map<string, number>();
  let alarm: number | null = null;
  const storage = {
    get: async (key: string) => stored.get(key),
    put: async (key: string, value: number) => void stored.set(key, value),
    deleteAll: async () => stored.clear(),
    getAlarm: async () => alarm,
    setAlarm: async (at: number) => void (alarm = at),
  };
  return { stored, alarmAt: () => alarm, state: { storage, blockConcurrencyWhile: (load: () => Promise<void>) => load() } };
}

/** A namespace of one bucket per name, each in a Map's storage, as the Worker's binding would hold them; `down` makes it fail. */
function bucketNamespace() {
  const buckets = new Map<string, RateLimitBucket>();
  const control = { down: false, asked: 0 };
  const namespace: BucketNamespace = {
    idFromName: (name) => name,
    get: (id: never) => ({
      fetch: async (url, init) => {
        control.asked++;
        if (control.down) throw new Error('Durable Object reset because its code was updated');
        let bucket = buckets.get(id);
        if (!bucket) buckets.set(id, (bucket = new RateLimitBucket(bucketState().state)));
        return bucket.fetch(new Request(url, init));
      },
    }),
  };
  return { namespace, control };
}

describe('the buckets in Durable Objects', () => {
  it('says which store counts, and that memory counts for this instance only', () => {
    const policy = ratePolicyOf('5/10')!;
    expect(createLimiter(policy).store).toBe('memory');
    expect(createLimiter(policy, { durableObject: bucketNamespace().namespace }).store).toBe('durable-object');
    expect(MEMORY_STORE_NOTICE).toMatch(/in memory in this instance only/);
    expect(() => createLimiter(policy, { durableObject: bucketNamespace().namespace, redisUrl: 'redis://127.0.0.1:1' })).toThrow(/not both/);
  });

  it('counts in memory with one warning while the object cannot be asked, and in the object again once it answers', async () => {
    const clock = { now: Date.now() };
    const warnings: string[] = [];
    const { namespace, control } = bucketNamespace();
    const limiter = createLimiter(ratePolicyOf('5/10')!, { durableObject: namespace, now: () => clock.now, warn: (m) => warnings.push(m) });
    expect((await limiter.take('a', 2))!.remaining).toBe(3);
    control.down = true;
    // The insurance has its own bucket: the request goes on, counted.
    expect((await limiter.take('a', 1))!).toMatchObject({ allowed: true, remaining: 4 });
    expect((await limiter.take('a', 1))!).toMatchObject({ allowed: true, remaining: 3 });
    expect(warnings).toEqual([expect.stringMatching(/Durable Object is unavailable \(Durable Object reset.*counting in memory/)]);
    control.down = false;
    expect((await limiter.take('a', 1))!).toMatchObject({ allowed: true, remaining: 2 });
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/answers again/);
    expect(control.asked).toBe(4);
  });

  it('stores the bucket only when a request is let through, and the alarm forgets it a while after it is full again', async () => {
    const { stored, alarmAt, state } = bucketState();
    const bucket = new RateLimitBucket(state);
    const ask = (body: object) => bucket.fetch(new Request('https://rate-limit.invalid/take', { method: 'POST', body: JSON.stringify(body) }));
    // A clock a year behind: the bucket is full again long before the real now, when the alarm runs.
    const past = Date.now() - 365 * 24 * 3600 * 1000;
    expect(await (await ask({ points: 2, quota: 2, windowMs: 60_000, now: past })).json()).toMatchObject({ allowed: true, remaining: 0 });
    expect(stored.get('tat')).toBe(past + 60_000);
    expect(alarmAt()).toBe(past + 60_000 + FORGET_AFTER_MS);
    expect(await (await ask({ points: 1, quota: 2, windowMs: 60_000, now: past })).json()).toMatchObject({ allowed: false });
    expect(stored.get('tat')).toBe(past + 60_000);
    await bucket.alarm();
    expect(stored.size).toBe(0);
    // A year ahead: not full yet when the alarm runs, which waits again.
    const future = Date.now() + 365 * 24 * 3600 * 1000;
    await ask({ points: 1, quota: 2, windowMs: 60_000, now: future });
    await bucket.alarm();
    expect(stored.get('tat')).toBe(future + 30_000);
    expect(alarmAt()).toBe(future + 30_000 + FORGET_AFTER_MS);
  });

  it('sets one alarm for a client whose bucket refills between its requests, not one a request', async () => {
    const { alarmAt, state } = bucketState();
    let alarmsSet = 0;
    const setAlarm = state.storage.setAlarm;
    state.storage.setAlarm = (at: number) => {
      alarmsSet++;
      return setAlarm(at);
    };
    const bucket = new RateLimitBucket(state);
    // A request every 10 s on a bucket of 6 a minute, full again before each next one; the last one now.
    const start = Date.now() - 40_000;
    for (let i = 0; i < 5; i++) {
      const at = start + i * 10_000;
      // The runtime wakes the object when its alarm is due, before the request that comes after.
      const due = alarmAt();
      if (due !== null && due <= at) await bucket.alarm();
      const res = await bucket.fetch(
        new Request('https://rate-limit.invalid/take', { method: 'POST', body: JSON.stringify({ points: 1, quota: 6, windowMs: 60_000, now: at }) }),
      );
      expect(await res.json()).toMatchObject({ allowed: true, remaining: 5 });
    }
    expect(alarmsSet).toBe(1);
  });

  it('writes nothing for a client within its limit, and never lets an evicted object forgive more than a tenth of the quota', async () => {
    const { stored, alarmAt, state } = bucketState();
    let writes = 0;
    const put = state.storage.put;
    state.storage.put = (key: string, value: number) => {
      writes++;
      return put(key, value);
    };
    const take = (object: RateLimitBucket, now: number) =>
      object.fetch(new Request('https://rate-limit.invalid/take', { method: 'POST', body: JSON.stringify({ points: 1, quota: 60, windowMs: 60_000, now }) }));
    const bucket = new RateLimitBucket(state);
    // A search every 5 s on 60 a minute: the bucket is nearly full before each, and nothing is worth storing.
    const start = Date.now();
    for (let i = 0; i < 10; i++) expect(await (await take(bucket, start + i * 5_000)).json()).toMatchObject({ allowed: true, remaining: 59 });
    expect(writes).toBe(0);
    expect(alarmAt()).toBeNull();
    // Then the whole quota at once: stored as it drains, a write for each tenth of the quota rather than each request.
    const burst = start + 60_000;
    for (let i = 0; i < 60; i++) expect(await (await take(bucket, burst)).json()).toMatchObject({ allowed: true });
    expect(writes).toBe(1 / UNSTORED_SHARE);
    expect(stored.get('tat')).toBeDefined();
    expect(alarmAt()).not.toBeNull();
    // The object evicted and made again from what is stored: the drained client gets at most a tenth back.
    const revived = new RateLimitBucket(state);
    let forgiven = 0;
    while (((await (await take(revived, burst)).json()) as { allowed: boolean }).allowed) forgiven++;
    expect(forgiven).toBeLessThanOrEqual(60 * UNSTORED_SHARE);
  });

  it.each([{}, { points: 0, quota: 5, windowMs: 1000 }, { points: 1.5, quota: 5, windowMs: 1000 }, { points: 1, quota: 5, windowMs: 1000, now: 'soon' }])(
    'refuses an ask that is not one (%j)',
    async (body) => {
      const bucket = new RateLimitBucket(bucketState().state);
      const res = await bucket.fetch(new Request('https://rate-limit.invalid/take', { method: 'POST', body: JSON.stringify(body) }));
      expect(res.status).toBe(400);
    },
  );
});
