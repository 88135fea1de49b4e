import { RateLimiterRes } from 'rate-limiter-flexible';
import { ConsumeOnlyLimiter } from './consume-only.ts';
import { gcraStep } from './gcra.ts';
import type { RatePolicy } from './policy.ts';

/**
 * The GCRA bucket in this process's memory: the default store, and the
 * insurance that answers for Redis or the Durable Object while it is away. It speaks
 * rate-limiter-flexible's limiter interface (consume resolves with a
 * RateLimiterRes, rejects with one when over the limit), so the library's Redis
 * limiter can fall back to it.
 *
 * Memory is bounded: a key whose bucket has refilled holds nothing worth
 * keeping and is swept; past MAX_KEYS the oldest keys go first, so a flood of
 * distinct addresses costs at most MAX_KEYS small entries.
 */
const MAX_KEYS = 200_000;

export class MemoryGcraLimiter extends ConsumeOnlyLimiter {
  readonly #tats = new Map<string, number>();
  readonly #quota: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(policy: RatePolicy, now: () => number = Date.now) {
    super();
    this.#quota = policy.quota;
    this.#windowMs = policy.windowSeconds * 1000;
    this.#now = now;
  }

  override consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const now = this.#now();
    this.#sweep(now);
    const id = String(key);
    const step = gcraStep(this.#tats.get(id) ?? 0, now, this.#quota, this.#windowMs, points);
    if (!step.allowed) return Promise.reject(new RateLimiterRes(0, step.retryAfterMs, this.#quota + 1));
    // Re-inserting keeps Map order = order of last use, so eviction takes the idlest.
    this.#tats.delete(id);
    this.#tats.set(id, step.tat);
    return Promise.resolve(new RateLimiterRes(step.remaining, step.resetMs, this.#quota - step.remaining));
  }

  /** Keys held now (for tests and the load benchmark). */
  get size(): number {
    return this.#tats.size;
  }

  #sweep(now: number): void {
    if (now < this.#nextSweep && this.#tats.size < MAX_KEYS) return;
    this.#nextSweep = now + this.#windowMs;
    for (const [key, tat] of this.#tats) if (tat <= now) this.#tats.delete(key);
    // Evict to 90% so that a full map is not swept again on the very next request.
    for (const key of this.#tats.keys()) {
      if (this.#tats.size < MAX_KEYS * 0.9) break;
      this.#tats.delete(key);
    }
  }

  /** What the insurance is asked when Redis deletes a key it could not reach. */
  override delete(key: string | number): Promise<boolean> {
    return Promise.resolve(this.#tats.delete(String(key)));
  }
}
