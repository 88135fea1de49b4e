/**
 * A Worker for the Durable Object store's tests (tests/deploy/rate-limit-durable-object.test.ts): it exports the
 * bucket class and answers `POST /take {key, points, now}` with what the function's limiter decides, counted in
 * the RATE_LIMITER namespace it is bound to. `now` is the test's clock, so a sequence replays exactly against the
 * in-memory store.
 */

import type { BucketNamespace } from '../../src/server/rate-limit/durable-object-store.ts';
import { createLimiter, type Limiter } from '../../src/server/rate-limit/limiter.ts';
import { ratePolicyOf } from '../../src/server/rate-limit/policy.ts';

export { RateLimitBucket } from '../../src/server/rate-limit/bucket-object.ts';

interface Env {
  RATE_LIMITER: BucketNamespace;
  RATE_LIMIT: string;
}

let clock = 0;
let limiter: Limiter | undefined;
const warnings: string[] = [];

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    // One limiter per isolate, as the function has one per instance.
    limiter ??= createLimiter(ratePolicyOf(env.RATE_LIMIT)!, { durableObject: env.RATE_LIMITER, now: () => clock, warn: (m) => warnings.push(m) });
    const { key, points, now } = (await request.json()) as { key: string; points: number; now: number };
    clock = now;
    const decision = await limiter.take(key, points);
    return Response.json({ store: limiter.store, decision, warnings });
  },
};
