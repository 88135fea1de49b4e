/**
 * Work done as steps: a generator that pauses (yields nothing) between bounded pieces of work, so that a runtime
 * with one thread can answer other requests in between (src/server/list-slices.ts), while a caller that has the
 * thread to itself runs it to its end at once with `finish`. Valuing a list is written this way once, for both.
 */
export type Steps<T> = Generator<void, T>;

/**
 * Runs steps to their end without pausing.
 * @example finish(valueListSteps(lines, searchers, '2026-01-31')).totalUsd
 */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
