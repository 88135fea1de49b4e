import type { Steps } from '../catalogue/steps.ts';
import { type ListRenderContext, renderListSteps } from './list-render.ts';
import { createAdmission, LIST_WORK, type ListAnswer, type ListValuer, ListWorkFailed } from './list-work.ts';

/**
 * A list valuer for a runtime without threads (a Cloudflare Worker, a Netlify or Vercel function; issue 47 item 3):
 * each list is valued on the thread that answers searches, in slices, with a turn of the event loop between them,
 * so a search that arrives while the largest list is valued waits for one slice at most, never for the list.
 * The work is the list worker's, the same code (list-render.ts renderListSteps, which renderList runs at once),
 * so the answers are the same bytes; the admission, its Retry-After and the time limit are list-work.ts's, and
 * lists are valued one at a time, as the worker values them.
 *
 * A slice ends after LIST_WORK.sliceMs by the clock or LIST_WORK.sliceSteps steps, whichever comes first: the
 * step bound is what holds in workerd, whose clock stands still while code runs (it moves on I/O only), and a
 * step is bounded work (a line, which is two searches at most, or a run of JSON entries, token pieces or the
 * answer's characters to encode).
 *
 * What it cannot do that a worker does: bound a list's memory apart from the rest (an isolate has one heap), or
 * stop a list in the middle of a slice; a list past the time limit ends at its next pause.
 */
export interface SlicedValuerOptions {
  /** What valuing reads: the searchers, the page shell and the history store, each read on first need. */
  context: Required<ListRenderContext>;
  limits?: typeof LIST_WORK;
  /** Lets the event loop run between slices (toEventLoop); a test counts its calls. */
  pause?: () => Promise<void>;
}

/**
 * A turn of the event loop: setImmediate where the runtime has it (Node, Bun), run after the I/O already waiting
 * and without the timers' 1 ms floor, else a zero timer (workerd, Deno), which also runs behind waiting I/O.
 * Not scheduler.yield, whose continuation is meant to run ahead of other waiting tasks, the opposite of fair.
 */
export const toEventLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof globalThis.setImmediate === 'function' ? globalThis.setImmediate(resolve) : setTimeout(resolve, 0)));

/** Characters of an answer encoded between pauses: about a millisecond of the 45 ms the largest answer's 12 MB take. */
const CHARS_A_STEP = 1 << 18;

/** new TextEncoder().encode(text), a run of characters a step, never cut between the halves of a surrogate pair. */
function* encodeSteps(text: string): Steps<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + CHARS_A_STEP);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to++;
    const part = encoder.encode(text.slice(from, to));
    parts.push(part);
    size += part.length;
    from = to;
    yield;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

export function createSlicedValuer({ context, limits = LIST_WORK, pause = toEventLoop }: SlicedValuerOptions): ListValuer {
  const admission = createAdmission(limits);
  // One list at a time: each waits for the one before it to end, whatever its outcome.
  let turn: Promise<unknown> = Promise.resolve();
  let running = 0;

  async function runSliced<T>(steps: Steps<T>, startedAt: number): Promise<T> {
    for (;;) {
      const sliceFrom = performance.now();
      for (let step = 0; step < limits.sliceSteps && performance.now() - sliceFrom < limits.sliceMs; step++) {
        const next = steps.next();
        if (next.done) return next.value;
      }
      await pause();
      if (performance.now() - startedAt > limits.jobTimeoutMs) {
        steps.return(undefined as T);
        throw new ListWorkFailed('timeout', `the list took longer than ${limits.jobTimeoutMs / 1000} s`);
      }
    }
  }

  return {
    full: admission.full,
    admit: (lines) =>
      admission.admit(lines, (lines, output, options) => {
        const valued = turn.then(async (): Promise<ListAnswer> => {
          running++;
          try {
            const startedAt = performance.now();
            const rendered = await runSliced(await renderListSteps(lines, output, context, options), startedAt);
            const bytes = await runSliced(encodeSteps(rendered.text), startedAt);
            admission.paced(lines.length, performance.now() - startedAt);
            return { bytes, tokens: rendered.tokens };
          } catch (error) {
            if (error instanceof ListWorkFailed) throw error;
            console.error('card-values: a list could not be valued:', error);
            throw new ListWorkFailed('fault', 'the list could not be valued');
          } finally {
            running--;
          }
        });
        turn = valued.catch(() => {});
        return valued;
      }),
    get load() {
      // No worker: "running" is whether a list is being valued here now.
      return { admittedLines: admission.admitted, workerRunning: running > 0 };
    },
    close: async () => {},
  };
}
