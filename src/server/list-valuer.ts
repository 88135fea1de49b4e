import { Worker } from 'node:worker_threads';
import type { ListRenderContext } from './list-render.ts';
import { createAdmission, LIST_WORK, type ListAnswer, type ListJob, type ListJobOutcome, type ListValuer, ListWorkFailed, valueInline } from './list-work.ts';

export { LIST_WORK, type ListTicket, type ListValuer, ListWorkFailed } from './list-work.ts';

/**
 * Node's list valuer (list-work.ts says what one does and why): short lists valued inline, the rest in one
 * worker thread (list-worker.ts) that starts on the first list and stops when idle.
 */
interface Pending {
  job: ListJob;
  resolve(answer: ListAnswer): void;
  reject(error: Error): void;
}

export interface ListValuerOptions {
  /** dist/server, which the worker reads its search data from. */
  serverDir: string;
  /** The worker's module: dist/server/list-worker.mjs, or src/server/list-worker.ts from source. */
  workerFile: URL;
  limits?: typeof LIST_WORK;
  log?: (message: string) => void;
  /**
   * What the main thread values short lists with (LIST_WORK.inlineLines); without it every list goes to the worker.
   * A list valued through time (asOf, series) always does: the history store is the worker's alone, off the main thread's heap.
   */
  inline?: ListRenderContext;
}

export function createListValuer({ serverDir, workerFile, limits = LIST_WORK, log = console.error, inline }: ListValuerOptions): ListValuer {
  const admission = createAdmission(limits);
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let running: (Pending & { timer: NodeJS.Timeout; startedAt: number }) | undefined;
  const queue: Pending[] = [];
  let nextId = 1;

  function start(): Worker {
    const started = new Worker(workerFile, { workerData: { serverDir }, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
    // The worker never keeps the process alive: the server does, and on SIGTERM nothing waits for it.
    started.unref();
    started.on('message', (outcome: ListJobOutcome) => {
      if (running?.job.id !== outcome.id) return;
      const done = running;
      settle();
      if (outcome.ok) {
        admission.paced(done.job.lines.length, performance.now() - done.startedAt);
        done.resolve({ bytes: outcome.bytes, tokens: outcome.tokens });
      } else {
        log(`list worker: ${outcome.error}`);
        done.reject(new ListWorkFailed('fault', 'the list could not be valued'));
      }
      pump();
    });
    started.on('error', (error: Error & { code?: string }) => {
      if (worker !== started) return;
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      log(`list worker: ${memory ? `out of memory (${limits.heapMb} MB)` : (error.stack ?? error.message)}`);
      lose(started, new ListWorkFailed(memory ? 'memory' : 'fault', error.message));
    });
    started.on('exit', () => lose(started, new ListWorkFailed('fault', 'the list worker stopped')));
    return started;
  }

  /** The worker is gone (ended, out of memory, stopped): its job fails, the next job starts a new one. */
  function lose(gone: Worker, failure: ListWorkFailed): void {
    if (worker !== gone) return;
    worker = undefined;
    const lost = running;
    settle();
    lost?.reject(failure);
    pump();
  }

  function settle(): void {
    if (running) clearTimeout(running.timer);
    running = undefined;
  }

  function pump(): void {
    if (running) return;
    const next = queue.shift();
    clearTimeout(idleTimer);
    if (!next) {
      if (worker) idleTimer = setTimeout(stop, limits.idleMs).unref();
      return;
    }
    worker ??= start();
    const timer = setTimeout(() => {
      const timedOut = worker;
      if (!timedOut) return;
      log(`list worker: a list of ${next.job.lines.length} lines ran past ${limits.jobTimeoutMs} ms; ending the worker`);
      lose(timedOut, new ListWorkFailed('timeout', `the list took longer than ${limits.jobTimeoutMs / 1000} s`));
      void timedOut.terminate();
    }, limits.jobTimeoutMs);
    running = { ...next, timer, startedAt: performance.now() };
    worker.postMessage(next.job);
  }

  function stop(): void {
    const idle = worker;
    if (!idle || running) return;
    worker = undefined;
    void idle.terminate();
  }

  return {
    full: admission.full,
    admit: (lines) =>
      admission.admit(lines, (lines, output, options) => {
        if (inline && lines.length <= limits.inlineLines && options.asOf === undefined && options.series === undefined)
          return valueInline(lines, output, inline);
        return new Promise<ListAnswer>((resolve, reject) => {
          queue.push({ job: { id: nextId++, lines, output, options }, resolve, reject });
          pump();
        });
      }),
    get load() {
      return { admittedLines: admission.admitted, workerRunning: worker !== undefined };
    },
    async close() {
      clearTimeout(idleTimer);
      const closing = worker;
      worker = undefined;
      await closing?.terminate();
    },
  };
}
