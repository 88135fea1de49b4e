import { type RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { type BucketNamespace, DurableObjectGcraLimiter } from './durable-object-store.ts';
import { MemoryGcraLimiter } from './memory-store.ts';
import type { RatePolicy } from './policy.ts';
import type { RedisLimiter } from './redis-store.ts';

/**
 * One question per counted request: may this client go on, and what does its
 * bucket look like now? Counting is rate-limiter-flexible's with the GCRA rule of gcra.ts, in one of the stores of
 * docs/limits.md#where-the-buckets-are-kept: Redis when REDIS_URL is set, a Durable Object namespace on
 * Cloudflare, otherwise this instance's memory.
 */
export interface RateDecision {
  allowed: boolean;
  /** Points left right now (the `r` of the RateLimit header): a refused request takes none. */
  remaining: number;
  /** Seconds until the bucket is full again (`t`). */
  resetSeconds: number;
  /** Seconds until a refused client may try again (Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Where the buckets are kept: shared by every instance (redis, durable-object) or by this one alone (memory). */
export type LimiterStore = 'memory' | 'redis' | 'durable-object';

/** What an entry point logs at start when the limiter counts in memory: each instance then has its own buckets. */
export const MEMORY_STORE_NOTICE = 'rate limits counted in memory in this instance only (set REDIS_URL, or bind RATE_LIMITER on Cloudflare, to share them)';

export interface Limiter {
  policy: RatePolicy;
  /** Where the buckets are kept (MEMORY_STORE_NOTICE when `memory`). */
  store: LimiterStore;
  /**
   * Counts a request of `key` at `points` (1; a long list to value costs more, at most the whole quota); null when
   * the count could not be taken (the request goes on, uncounted).
   */
  take(key: string, points?: number): Promise<RateDecision | null>;
  /**
   * The refusal a request of `key` would get now, known without asking the store: set by this instance's last
   * refusal of the key, while not even one point fits. A lower bound (the bucket can only have filled further since,
   * by this or another instance), so it never refuses what the store would admit. Lets an endpoint refuse before
   * the work that finds a request's cost (reading a list) for a client that keeps sending while refused.
   */
  refusedNow(key: string): RateDecision | null;
  /** Settles once the store can count (Redis connected, or found unreachable and replaced by memory). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  redisUrl?: string;
  /** A Durable Object namespace of bucket-object.ts's RateLimitBucket (Cloudflare's binding); not with redisUrl. */
  durableObject?: BucketNamespace;
  warn?: (message: string) => void;
  /** The clock of the in-memory store, also sent to the Durable Objects (tests). */
  now?: () => number;
}

/** Refusals remembered at most (refusedNow): past it the oldest go, and those clients are asked of the store again. */
const REFUSALS_KEPT = 10_000;

export function createLimiter(policy: RatePolicy, { redisUrl, durableObject, warn = console.warn, now }: LimiterOptions = {}): Limiter {
  if (redisUrl && durableObject) throw new Error('rate limit: one shared store, either REDIS_URL or the Durable Object binding, not both');
  const memory = new MemoryGcraLimiter(policy, now);
  const objects = durableObject && new DurableObjectGcraLimiter(durableObject, policy, memory, warn, now);
  // ioredis is loaded only when there is a Redis to talk to (its load would slow every start for nothing).
  const redis: Promise<RedisLimiter> | undefined = redisUrl
    ? import('./redis-store.ts').then(({ createRedisLimiter }) => createRedisLimiter(redisUrl, policy, memory, warn))
    : undefined;
  const windowMs = policy.windowSeconds * 1000;
  const intervalMs = windowMs / policy.quota;
  let warnedAt = -Infinity;
  const clock = now ?? Date.now;
  // By key: when one point fits again, and when the bucket is full (epoch ms), as this instance's last refusal said.
  const refusals = new Map<string, { onePointAt: number; fullAt: number }>();

  function remember(key: string, refusal: { onePointAt: number; fullAt: number }): void {
    refusals.delete(key);
    if (refusals.size >= REFUSALS_KEPT) refusals.delete(refusals.keys().next().value!);
    refusals.set(key, refusal);
  }

  return {
    policy,
    store: redis ? 'redis' : objects ? 'durable-object' : 'memory',
    ready: redis ? redis.then((r) => r.connected) : Promise.resolve(),
    async take(key, points = 1) {
      const cost = Math.min(Math.max(1, Math.ceil(points)), policy.quota);
      try {
        const store: RateLimiterCompatibleAbstract = redis ? (await redis).limiter : (objects ?? memory);
        const res = await store.consume(key, cost);
        return { allowed: true, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000), retryAfterSeconds: 0 };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          // Refused, and nothing taken: msBeforeNext is the wait until this request's cost fits (gcra.ts); the
          // bucket is full that wait plus a window, less the cost's own intervals, from now (a costly list's
          // refusal waits longer than the bucket takes to fill: t is the bucket's, Retry-After the request's),
          // and what it holds now is the cost less the intervals still to wait for it: a 100-point list refused
          // with 22 points left says r=22, which the next search spends.
          const retryAfterMs = Math.max(outcome.msBeforeNext, 1);
          const at = clock();
          remember(key, { onePointAt: at + retryAfterMs - intervalMs * (cost - 1), fullAt: at + retryAfterMs + windowMs - intervalMs * cost });
          return {
            allowed: false,
            remaining: Math.max(0, Math.floor((intervalMs * cost - retryAfterMs) / intervalMs + 1e-9)),
            resetSeconds: Math.ceil(Math.max(0, retryAfterMs + windowMs - intervalMs * cost) / 1000),
            retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
          };
        }
        // A fault of the store (both the shared store and the insurance failed): fail open, say so at most once a minute.
        const at = Date.now();
        if (at - warnedAt > 60_000) {
          warnedAt = at;
          warn(`rate limit: could not count a request (${outcome instanceof Error ? outcome.message : String(outcome)}); letting it through`);
        }
        return null;
      }
    },
    refusedNow(key) {
      const refusal = refusals.get(key);
      if (!refusal) return null;
      const at = clock();
      if (refusal.onePointAt <= at) {
        refusals.delete(key);
        return null;
      }
      return {
        allowed: false,
        remaining: 0,
        resetSeconds: Math.ceil((refusal.fullAt - at) / 1000),
        retryAfterSeconds: Math.ceil((refusal.onePointAt - at) / 1000),
      };
    },
    close: async () => {
      await (await redis)?.close();
    },
  };
}
