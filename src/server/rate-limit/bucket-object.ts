import { gcraStep } from './gcra.ts';

/**
 * One client's GCRA bucket as a Cloudflare Durable Object: the rate limit's shared store on Cloudflare, as Redis is
 * elsewhere (docs/limits.md#where-the-buckets-are-kept). The Worker names one object per client
 * (`idFromName(key)`, durable-object-store.ts), so every Worker isolate in every location that serves that client
 * asks the same object, and Cloudflare places it near where the client was first seen.
 *
 * Atomic without a lock: a Durable Object runs one event at a time on one thread, and the step below reads the
 * bucket, runs gcraStep and writes the bucket back synchronously, so two requests of the client can never both
 * spend its last point. The copy in memory is the count; the stored copy only outlives the object's eviction from
 * memory (a quiet spell, a deploy), so it is written without holding the answer until the write is confirmed
 * (`allowUnconfirmed`: no wait on the runtime's output gate), and only once it lags the count by UNSTORED_SHARE of
 * the window or more: a crash or an eviction forgives a client at most that share of its quota (plus the points
 * just taken), which a rate limit can afford, and the count stays one object's, so every isolate still sees one
 * quota. A write on every request let through was most of what a counted search cost in workerd (a SQLite commit
 * each, docs/performance.md#the-worker-path), and is a row written that Cloudflare bills; a client well within its
 * limit, whose bucket is full again by its next request, now writes nothing at all.
 *
 * A full bucket and no bucket are the same, so an alarm deletes what is stored once the bucket has been full again
 * for FORGET_AFTER_MS: a client leaves nothing behind. Not at the moment it is full: a client whose bucket refills
 * between its requests (most clients, most of the time) would then set an alarm, be woken by it and delete on every
 * request, and in Miniflare that cycle held each answer about 30 ms (npm run bench:worker); with the wait, a client
 * that keeps coming back costs one alarm per FORGET_AFTER_MS at most, which moves the alarm on.
 *
 * The fetch interface rather than RPC: RPC needs the `cloudflare:workers` base class, which only workerd can
 * load, and this module is loaded by Node too (the unit tier, the typecheck). It is one JSON exchange on the
 * same hop. No Node-only import here: it runs in workerd.
 */

/** What the limiter asks: may `points` be spent now from a bucket of `quota` per `windowMs`? */
export interface BucketAsk {
  points: number;
  quota: number;
  windowMs: number;
  /** The asker's clock (tests that replay a sequence); otherwise the object's own, one clock for the client. */
  now?: number;
}

/** What the object answers: gcraStep's outcome without the stored state. */
export interface BucketAnswer {
  allowed: boolean;
  remaining: number;
  resetMs: number;
  retryAfterMs: number;
}

/** The parts of the runtime's DurableObjectState this class uses (the platform's types are not the project's). */
interface BucketState {
  storage: {
    get(key: string): Promise<unknown>;
    put(key: string, value: number, options?: { allowUnconfirmed?: boolean }): Promise<void>;
    deleteAll(): Promise<void>;
    getAlarm(): Promise<number | null>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
  blockConcurrencyWhile(callback: () => Promise<void>): Promise<void>;
}

const TAT_KEY = 'tat';
/** How far, as a share of the window, the stored bucket may lag the count before it is written. */
export const UNSTORED_SHARE = 0.1;
/** How long a bucket stays stored once full again: a client back within it finds its alarm still set. */
export const FORGET_AFTER_MS = 60_000;

export class RateLimitBucket {
  readonly #storage: BucketState['storage'];
  /** The theoretical arrival time (gcra.ts): the whole state of the bucket. */
  #tat = 0;
  /** The bucket as last stored (0: nothing stored). */
  #storedTat = 0;
  #alarmSet = false;

  constructor(state: BucketState) {
    this.#storage = state.storage;
    // No request is delivered before the stored bucket is read back (after an eviction).
    void state.blockConcurrencyWhile(async () => {
      const stored = await this.#storage.get(TAT_KEY);
      this.#tat = typeof stored === 'number' ? stored : 0;
      this.#storedTat = this.#tat;
      this.#alarmSet = (await this.#storage.getAlarm()) !== null;
    });
  }

  async fetch(request: Request): Promise<Response> {
    const ask = bucketAskOf(await request.json().catch(() => null));
    if (!ask) return new Response('expected {"points","quota","windowMs"[,"now"]}', { status: 400 });
    const now = ask.now ?? Date.now();
    const step = gcraStep(this.#tat, now, ask.quota, ask.windowMs, ask.points);
    // A refused request changes nothing, so writes nothing.
    if (step.allowed) {
      this.#tat = step.tat;
      // What the stored copy would forgive if the object went now: the points owed beyond those it records.
      if (step.tat - Math.max(this.#storedTat, now) >= ask.windowMs * UNSTORED_SHARE) await this.#store();
    }
    const answer: BucketAnswer = { allowed: step.allowed, remaining: step.remaining, resetMs: step.resetMs, retryAfterMs: step.retryAfterMs };
    return Response.json(answer);
  }

  /** The bucket written down, and the alarm that forgets it set if it is not. */
  async #store(): Promise<void> {
    this.#storedTat = this.#tat;
    await this.#storage.put(TAT_KEY, this.#tat, { allowUnconfirmed: true });
    if (!this.#alarmSet) {
      this.#alarmSet = true;
      await this.#storage.setAlarm(this.#tat + FORGET_AFTER_MS);
    }
  }

  /** FORGET_AFTER_MS after the bucket was last known full again: forget it, unless requests since have moved that on. */
  async alarm(): Promise<void> {
    const forgetAt = this.#tat + FORGET_AFTER_MS;
    if (forgetAt > Date.now()) {
      await this.#storage.setAlarm(forgetAt);
      return;
    }
    this.#tat = 0;
    this.#storedTat = 0;
    this.#alarmSet = false;
    await this.#storage.deleteAll();
  }
}

/** The ask, or null when it is not one (whole positive points, quota and window milliseconds; a finite clock). */
export function bucketAskOf(value: unknown): BucketAsk | null {
  if (typeof value !== 'object' || value === null) return null;
  const { points, quota, windowMs, now } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
  if (!whole(points) || !whole(quota) || !whole(windowMs)) return null;
  if (now !== undefined && !(typeof now === 'number' && Number.isFinite(now))) return null;
  return { points, quota, windowMs, ...(now !== undefined && { now }) };
}
