/**
 * The counting rule: a token bucket in its GCRA form (generic cell rate
 * algorithm). A client's whole state is one number, the theoretical arrival
 * time (TAT): the moment its bucket would be full again. Each request moves it
 * one emission interval (window ÷ quota) later; a request that would push it
 * more than one window ahead of now is refused and changes nothing. A request
 * that costs several points (a long list to value) moves it that many intervals. So a quiet
 * client may burst the whole quota at once, then gets one request per interval,
 * and a window boundary never grants a second burst (as a fixed window would).
 *
 * The same arithmetic runs in memory (memory-store.ts) and, atomically, in
 * Redis (GCRA_LUA below, used by redis-store.ts): both stores count alike.
 */
export interface GcraOutcome {
  allowed: boolean;
  /** The TAT to store (unchanged when refused). */
  tat: number;
  /** Points the client could still spend right now (a refused request spends none). */
  remaining: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
  /** Milliseconds until the next request would be let through (0 when allowed). */
  retryAfterMs: number;
}

/**
 * @example gcraStep(0, 1_000, 120, 60_000) // { allowed: true, tat: 1500, remaining: 119, resetMs: 500, retryAfterMs: 0 }
 */
export function gcraStep(storedTat: number, now: number, quota: number, windowMs: number, points = 1): GcraOutcome {
  const interval = windowMs / quota;
  const tat = Math.max(storedTat, now);
  const next = tat + interval * points;
  if (next - now > windowMs + 1e-6) {
    const remaining = Math.floor((windowMs - (tat - now)) / interval + 1e-9);
    return { allowed: false, tat: storedTat, remaining, resetMs: Math.ceil(tat - now), retryAfterMs: Math.ceil(next - windowMs - now) };
  }
  const remaining = Math.floor((windowMs - (next - now)) / interval + 1e-9);
  return { allowed: true, tat: next, remaining, resetMs: Math.ceil(next - now), retryAfterMs: 0 };
}

/**
 * gcraStep in Redis's Lua, for rate-limiter-flexible's `customIncrTtlLuaScript`
 * hook: KEYS[1] the client's key; ARGV = points (what the request costs), seconds, quota, window
 * seconds. It answers the library's `{ consumed, ttl }` pair: consumed is the
 * quota minus what remains (quota + 1 when refused, which the library reads as
 * "over the limit"), ttl is milliseconds until full (until the next admission
 * when refused). Redis's own clock is used, so every instance agrees on "now".
 */
export const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local quota = tonumber(ARGV[3])
local window = tonumber(ARGV[4]) * 1000
local interval = window / quota
local stored = tonumber(redis.call('GET', KEYS[1]) or '0')
local tat = math.max(stored, now)
local nxt = tat + interval * tonumber(ARGV[1])
if nxt - now > window + 0.000001 then
  return { quota + 1, math.ceil(nxt - window - now) }
end
redis.call('SET', KEYS[1], string.format('%.3f', nxt), 'PX', math.ceil(nxt - now))
local remaining = math.floor((window - (nxt - now)) / interval + 0.000000001)
return { quota - remaining, math.ceil(nxt - now) }
`;
