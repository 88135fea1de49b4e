import { type RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { BucketAnswer, BucketAsk } from './bucket-object.ts';
import { ConsumeOnlyLimiter } from './consume-only.ts';
import type { RatePolicy } from './policy.ts';

/**
 * The GCRA buckets in Cloudflare Durable Objects (bucket-object.ts), shared by every Worker isolate: the
 * Cloudflare counterpart of redis-store.ts, speaking rate-limiter-flexible's limiter interface as
 * memory-store.ts does (consume resolves with a RateLimiterRes, rejects with one when over the limit).
 *
 * One object per client (`idFromName(key)`) rather than a fixed set of shards: an object is single-threaded, and
 * each client's requests are serialised by its own object only, so no hot shard caps the throughput of unrelated
 * clients; and each object lives near the client that made it. That is how Cloudflare's own rate-limiter example
 * shards (developers.cloudflare.com/durable-objects/examples/build-a-rate-limiter/).
 *
 * The object going away must never cost an answer, as with Redis: when it cannot be asked (an error, an
 * overloaded object, no answer within ASK_TIMEOUT_MS) the request is counted by the in-memory insurance of this
 * isolate, with one warning per outage and one when the object answers again. No Node-only import: it runs in
 * workerd.
 */

/** The parts of a Durable Object namespace binding the store uses (the platform's types are not the project's). */
export interface BucketNamespace {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/**
 * A stuck object costs a request at most this long; past it the insurance counts the request (and the object may
 * still count it when it gets to it: counted twice, rather than waited on longer).
 */
const ASK_TIMEOUT_MS = 1_000;
/** The object reads only the body; the URL is a name for logs. */
const ASK_URL = 'https://rate-limit.invalid/take';

export class DurableObjectGcraLimiter extends ConsumeOnlyLimiter {
  readonly #namespace: BucketNamespace;
  readonly #insurance: RateLimiterCompatibleAbstract;
  readonly #quota: number;
  readonly #windowMs: number;
  readonly #warn: (message: string) => void;
  readonly #now: (() => number) | undefined;
  #healthy = true;

  /** `now`: the asker's clock, sent with each ask (tests); without it each object keeps its client's time. */
  constructor(namespace: BucketNamespace, policy: RatePolicy, insurance: RateLimiterCompatibleAbstract, warn: (message: string) => void, now?: () => number) {
    super();
    this.#namespace = namespace;
    this.#insurance = insurance;
    this.#quota = policy.quota;
    this.#windowMs = policy.windowSeconds * 1000;
    this.#warn = warn;
    this.#now = now;
  }

  override async consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    let answer: BucketAnswer;
    try {
      answer = await this.#ask(String(key), points);
    } catch (error) {
      if (this.#healthy) {
        this.#healthy = false;
        this.#warn(
          `rate limit: the Durable Object is unavailable (${error instanceof Error ? error.message : String(error)}); counting in memory until it answers`,
        );
      }
      return this.#insurance.consume(key, points);
    }
    if (!this.#healthy) {
      this.#healthy = true;
      this.#warn('rate limit: the Durable Object answers again; counting there again');
    }
    if (!answer.allowed) throw new RateLimiterRes(0, answer.retryAfterMs, this.#quota + 1);
    return new RateLimiterRes(answer.remaining, answer.resetMs, this.#quota - answer.remaining);
  }

  async #ask(key: string, points: number): Promise<BucketAnswer> {
    const ask: BucketAsk = { points, quota: this.#quota, windowMs: this.#windowMs, ...(this.#now && { now: this.#now() }) };
    const stub = this.#namespace.get(this.#namespace.idFromName(key) as never);
    const res = await stub.fetch(ASK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ask),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    const answer = (await res.json()) as Partial<BucketAnswer>;
    if (typeof answer.allowed !== 'boolean' || ![answer.remaining, answer.resetMs, answer.retryAfterMs].every((n) => typeof n === 'number')) {
      throw new Error('it answered something other than a bucket');
    }
    return answer as BucketAnswer;
  }
}
