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

/**
 * items.map(each) as steps: a pause after every `perStep` items.
 * @example const rows = yield* mapInSteps(entries, 250, rowOf);
 */
export function* mapInSteps<T, U>(items: readonly T[], perStep: number, each: (item: T) => U): Steps<U[]> {
  const mapped: U[] = [];
  for (const [i, item] of items.entries()) {
    mapped.push(each(item));
    if (i % perStep === perStep - 1) yield;
  }
  return mapped;
}
