import { RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryGcraLimiter } from './memory-store.ts';
import type { RatePolicy } from './policy.ts';
import type { RedisLimiter } from './redis-store.ts';

/**
 * One question per counted request: may this client go on, and what does its
 * bucket look like now? Counting is rate-limiter-flexible's (in memory, or in
 * Redis when REDIS_URL is set) with the GCRA rule of gcra.ts.
 */
export interface RateDecision {
  allowed: boolean;
  /** Requests left right now (the `r` of the RateLimit header). */
  remaining: number;
  /** Seconds until the bucket is full again (`t`). */
  resetSeconds: number;
  /** Seconds until a refused client may try again (Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

export interface Limiter {
  policy: RatePolicy;
  /**
   * Counts a request of `key` at `points` (1; a long list to value costs more, at most the whole quota); null when
   * the count could not be taken (the request goes on, uncounted).
   */
  take(key: string, points?: number): Promise<RateDecision | null>;
  /** Settles once the store can count (Redis connected, or found unreachable and replaced by memory). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  redisUrl?: string;
  warn?: (message: string) => void;
  /** The clock of the in-memory store (tests). */
  now?: () => number;
}

export function createLimiter(policy: RatePolicy, { redisUrl, warn = console.warn, now }: LimiterOptions = {}): Limiter {
  const memory = new MemoryGcraLimiter(policy, now);
  // ioredis is loaded only when there is a Redis to talk to (~20 ms at start otherwise spent for nothing).
  const redis: Promise<RedisLimiter> | undefined = redisUrl
    ? import('./redis-store.ts').then(({ createRedisLimiter }) => createRedisLimiter(redisUrl, policy, memory, warn))
    : undefined;
  const windowMs = policy.windowSeconds * 1000;
  const intervalMs = windowMs / policy.quota;
  let warnedAt = -Infinity;

  return {
    policy,
    ready: redis ? redis.then((r) => r.connected) : Promise.resolve(),
    async take(key, points = 1) {
      const cost = Math.min(Math.max(1, Math.ceil(points)), policy.quota);
      try {
        const store = redis ? (await redis).limiter : memory;
        const res = await store.consume(key, cost);
        return { allowed: true, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000), retryAfterSeconds: 0 };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          // Refused: msBeforeNext is the wait until this request's cost fits (gcra.ts); the bucket is full that
          // wait plus a window, less the cost's own intervals, from now (a costly list's refusal waits longer
          // than the bucket takes to fill: t is the bucket's, Retry-After the request's).
          const retryAfterMs = Math.max(outcome.msBeforeNext, 1);
          return {
            allowed: false,
            remaining: 0,
            resetSeconds: Math.ceil(Math.max(0, retryAfterMs + windowMs - intervalMs * cost) / 1000),
            retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
          };
        }
        // A fault of the store (both Redis and the insurance failed): fail open, say so at most once a minute.
        const at = Date.now();
        if (at - warnedAt > 60_000) {
          warnedAt = at;
          warn(`rate limit: could not count a request (${outcome instanceof Error ? outcome.message : String(outcome)}); letting it through`);
        }
        return null;
      }
    },
    close: async () => {
      await (await redis)?.close();
    },
  };
}
