import { describe, expect, it } from 'vitest';
import { finish, mapInSteps, type Steps } from '../../src/catalogue/steps.ts';

/** How many items `each` had seen at each pause. */
function seenAtPauses<T>(steps: Steps<T>, seen: () => number): { pauses: number[]; value: T } {
  const pauses: number[] = [];
  for (;;) {
    const step = steps.next();
    if (step.done) return { pauses, value: step.value };
    pauses.push(seen());
  }
}

describe('work written as steps', () => {
  it('maps items in order, pausing after every run of the given length and nowhere else', () => {
    let seen = 0;
    const { pauses, value } = seenAtPauses(
      mapInSteps([1, 2, 3, 4, 5, 6, 7], 3, (n) => {
        seen++;
        return n * 10;
      }),
      () => seen,
    );
    expect(value).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(pauses).toEqual([3, 6]);
  });

  it('gives what the steps return when run to their end at once', () => {
    expect(finish(mapInSteps(['a', 'b'], 1, (s) => s.toUpperCase()))).toEqual(['A', 'B']);
    expect(finish(mapInSteps([], 5, String))).toEqual([]);
  });
});
