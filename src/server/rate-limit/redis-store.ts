import { Redis } from 'ioredis';
import { type RateLimiterCompatibleAbstract, RateLimiterRedis } from 'rate-limiter-flexible';
import { GCRA_LUA } from './gcra.ts';
import type { RatePolicy } from './policy.ts';

/**
 * The GCRA bucket in Redis, shared by every instance of the function:
 * rate-limiter-flexible's Redis limiter runs the GCRA step as one Lua script
 * (atomic: two instances never both spend the last request).
 *
 * Redis going away must never cost an answer: commands fail fast (no offline
 * queue, a short command timeout, and the library skips Redis while the
 * connection is not ready), the library then asks the in-memory insurance
 * bucket, and ioredis keeps reconnecting in the background, so counting moves
 * back to Redis by itself when it returns.
 */
export interface RedisLimiter {
  limiter: RateLimiterRedis;
  /** Settles when the first connection is up or has failed (bounded): the server reports ready after it. */
  connected: Promise<void>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 200;
const KEY_PREFIX = 'card-values:rl';

export function createRedisLimiter(url: string, policy: RatePolicy, insurance: RateLimiterCompatibleAbstract, warn: (message: string) => void): RedisLimiter {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect soon, then at most every 2 s: recovery is quick and a dead Redis costs little.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let healthy = true;
  const lost = (why: string) => {
    if (!healthy) return; // One warning per outage, not one per reconnect attempt.
    healthy = false;
    warn(`rate limit: Redis at ${redactedUrl(url)} is unavailable (${why}); counting in memory until it returns`);
  };
  client.on('error', (error: Error) => lost(error.message));
  client.on('close', () => lost('connection closed'));
  client.on('ready', () => {
    if (!healthy) warn(`rate limit: Redis at ${redactedUrl(url)} is back; counting in Redis again`);
    healthy = true;
  });
  const connected = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
    setTimeout(resolve, 3_000).unref();
  });
  const limiter = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: KEY_PREFIX,
    points: policy.quota,
    duration: policy.windowSeconds,
    customIncrTtlLuaScript: GCRA_LUA,
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
  return {
    limiter,
    connected,
    close: async () => {
      client.disconnect();
    },
  };
}

/** A Redis URL may carry a password: logs show the host only. */
function redactedUrl(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return 'REDIS_URL';
  }
}
