import type { ListLine } from '../collection/list-lines.ts';
import type { Answer } from '../http/answer.ts';
import { COLLECTION_LIMITS } from '../http/limits.ts';
import { functionUnavailable, internalError, problemResponse } from '../http/problem.ts';
import { type ListOptions, type ListOutput, type ListRenderContext, renderList } from './list-render.ts';

/**
 * Where lists are valued, as the function sees it: a `ListValuer` it is given (function-core.ts), which admits a
 * request's lines and values them, and what every valuer shares (its limits, its refusals). Node's is
 * list-valuer.ts: short lists on the main thread, the rest in one worker thread (list-worker.ts), one at a time,
 * never on the thread that answers searches. A list is the one request whose work grows with its input: a list of
 * the most lines (COLLECTION_LIMITS.lines) of unknown words walks the vocabulary for seconds, and its answer
 * (several MB of JSON and Markdown, and their token count) takes hundreds of milliseconds more to write. On the
 * main thread that stalled every other client and could exhaust its heap; in the worker it stalls nobody, and its
 * memory has a ceiling of its own (`resourceLimits`): a worker past it ends alone and the request gets a 503, the
 * function goes on. A runtime without threads values lists in slices on its one thread, with the same limits
 * (list-slices.ts).
 *
 * What waits is bounded: a request is admitted with its lines before it is counted against the rate limit,
 * and while LIST_WORK.admittedLines are admitted (running or queued) the next is refused, at no cost, with a
 * Retry-After from the measured pace. A job that runs past LIST_WORK.jobTimeoutMs ends the worker. The worker
 * starts on the first list and stops after LIST_WORK.idleMs without one, so a function that values no lists
 * holds no second heap. docs/limits.md has the figures these were sized by.
 */
export const LIST_WORK = {
  /**
   * Lists of at most this many lines are valued on the main thread, as a search is: ten lines are a few
   * milliseconds at worst, and sending them to the worker would cost more than valuing them (and start a worker,
   * with a heap of its own, for a shared link's three lines).
   */
  inlineLines: 10,
  /** Lines admitted at once across every request, running and waiting: four of the largest lists. */
  admittedLines: 4 * COLLECTION_LIMITS.lines,
  /** The worker's old space, in MB: the largest list and its answer, with room (docs/limits.md). */
  heapMb: 256,
  /** A job longer than this ends the worker (the largest list takes a few seconds). */
  jobTimeoutMs: 30_000,
  /** The worker stops after this long without a list. */
  idleMs: 30_000,
  /**
   * Without threads (list-slices.ts), a slice of a list's work runs this long at most before other requests get
   * their turn: a search that arrives meanwhile waits this long at worst, against a goal of 50 ms at p95.
   */
  sliceMs: 10,
  /**
   * …and this many steps at most (a step is a line, or a run of its answer's writing), the bound that holds
   * where the clock stands still while code runs (workerd): 16 lines of unknown words are about 10 ms here.
   */
  sliceSteps: 16,
};

/** A job as the worker receives it. */
export interface ListJob {
  id: number;
  lines: ListLine[];
  output: ListOutput;
  options: ListOptions;
}

/** What the worker sends back: the answer's bytes (transferred) and its token count, or its fault. */
export type ListJobOutcome = { id: number; ok: true; bytes: Uint8Array<ArrayBuffer>; tokens?: number } | { id: number; ok: false; error: string };

export interface ListAnswer {
  bytes: Uint8Array<ArrayBuffer>;
  tokens?: number;
}

/** Why a list was not valued: the worker ran out of memory or time, or failed otherwise (a fault of ours). */
export class ListWorkFailed extends Error {
  readonly reason: 'memory' | 'timeout' | 'fault';
  constructor(reason: ListWorkFailed['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A request's admission: its lists valued in turn, then released (whatever happened). */
export interface ListTicket {
  run(lines: ListLine[], output: ListOutput, options?: ListOptions): Promise<ListAnswer>;
  release(): void;
}

export interface ListValuer {
  /** Admits a request's lines, or says when to try again: nothing is counted or queued then. */
  admit(lines: number): ListTicket | { retryAfterSeconds: number };
  /** When to try again if no list at all would be admitted now (every admitted line taken); undefined otherwise. */
  full(): { retryAfterSeconds: number } | undefined;
  /** Lines admitted now (running and waiting), and whether the worker runs: for tests and benchmarks. */
  readonly load: { admittedLines: number; workerRunning: boolean };
  close(): Promise<void>;
}

type Run = (lines: ListLine[], output: ListOutput, options: ListOptions) => Promise<ListAnswer>;

/**
 * What every valuer admits by (LIST_WORK.admittedLines), and the Retry-After it gives from the pace of recent
 * lists: a ticket values no more lines than it was admitted (and counted) for, however its lists are framed.
 */
export function createAdmission(limits: typeof LIST_WORK) {
  let admitted = 0;
  // The pace of recent lists (milliseconds a line, a moving average), for an honest Retry-After.
  let msPerLine = 1;
  const wait = () => ({ retryAfterSeconds: Math.min(60, Math.max(1, Math.ceil((admitted * msPerLine) / 1000))) });
  return {
    get admitted() {
      return admitted;
    },
    /** A list of `lines` was valued in `ms`. */
    paced(lines: number, ms: number): void {
      msPerLine = 0.7 * msPerLine + (0.3 * ms) / Math.max(1, lines);
    },
    full: (): { retryAfterSeconds: number } | undefined => (admitted >= limits.admittedLines ? wait() : undefined),
    admit(lines: number, run: Run): ListTicket | { retryAfterSeconds: number } {
      if (admitted > 0 && admitted + lines > limits.admittedLines) return wait();
      admitted += lines;
      let held = lines;
      let unused = lines;
      return {
        run(lines, output, options = {}) {
          unused -= lines.length;
          if (unused < 0) return Promise.reject(new ListWorkFailed('fault', `${lines.length} lines past the ${held} admitted`));
          return run(lines, output, options);
        },
        release() {
          admitted -= held;
          held = 0;
        },
      };
    },
  };
}

/** A short list valued here, as the worker would value it (the same renderList). */
export async function valueInline(lines: ListLine[], output: ListOutput, context: ListRenderContext): Promise<ListAnswer> {
  const rendered = await renderList(lines, output, context);
  return { bytes: new TextEncoder().encode(rendered.text), tokens: rendered.tokens };
}

/**
 * The answer to a list the worker cannot take now (`{ retryAfterSeconds }` from admit), or could not value
 * (a ListWorkFailed): a 503 to retry, or a 500 for a fault of ours. Anything else is rethrown.
 */
export function listWorkProblem(refusal: unknown): Answer {
  if (refusal instanceof ListWorkFailed && refusal.reason === 'fault') return problemResponse(internalError());
  if (refusal instanceof ListWorkFailed) {
    const what = refusal.reason === 'memory' ? 'the memory' : 'the time';
    const detail = `The list could not be valued within ${what} one list may use (${refusal.message}); send it in smaller parts.`;
    return problemResponse(functionUnavailable(detail), { 'Retry-After': '1' });
  }
  if (refusal !== null && typeof refusal === 'object' && 'retryAfterSeconds' in refusal && typeof refusal.retryAfterSeconds === 'number') {
    const seconds = refusal.retryAfterSeconds;
    const detail = `Other lists are being valued; this one was not counted. Try again in ${seconds} s.`;
    return problemResponse(functionUnavailable(detail), { 'Retry-After': String(seconds) });
  }
  throw refusal;
}
