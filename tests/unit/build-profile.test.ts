import { describe, expect, it } from 'vitest';
import { addTotals, mergeProfiles, rest, takeProfile, time, timeBeside, timeWait } from '../../src/pipeline/build-profile.ts';

/**
 * The build's profile (src/pipeline/build-profile.ts) counts and hands on; what it measures is printed by
 * `npm run bench:build`, never asserted here. Other files of this tier may time into the same module (the file
 * sink), so each test takes the profile first and reads only its own labels.
 */
describe('the build profile', () => {
  it('passes a timed function’s value through and counts each timing under its label', () => {
    takeProfile();
    expect(time('test: sync', () => 41 + 1)).toBe(42);
    time('test: sync', () => undefined);
    const { own, beside } = takeProfile();
    expect(own['test: sync'][1]).toBe(2);
    expect(typeof own['test: sync'][0]).toBe('number');
    expect(beside).toEqual({});
  });

  it('counts an async timing when it settles, and not one that throws or rejects', async () => {
    takeProfile();
    const pending = time('test: async', async () => 'done');
    expect(takeProfile().own['test: async']).toBeUndefined();
    expect(await time('test: async', async () => 'done')).toBe('done');
    await pending;
    expect(() =>
      time('test: throws', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    await expect(time('test: rejects', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const { own } = takeProfile();
    expect(own['test: async'][1]).toBe(2);
    expect(own['test: throws']).toBeUndefined();
    expect(own['test: rejects']).toBeUndefined();
  });

  it('says how much CPU time the thread used since the last take', () => {
    takeProfile();
    const { cpuMs } = takeProfile();
    expect(Number.isFinite(cpuMs) && cpuMs >= 0).toBe(true);
  });

  it('keeps work beside this thread apart from its own, and times the main thread’s waits', async () => {
    takeProfile();
    expect(await timeBeside('test: pool', Promise.resolve(7))).toBe(7);
    expect(await timeWait('test: wait', async () => 8)).toBe(8);
    const { own, beside } = takeProfile();
    expect(beside['test: pool'][1]).toBe(1);
    expect(own['test: pool']).toBeUndefined();
    expect(own['test: wait'][1]).toBe(1);
  });

  it('gives `rest` what of a span no label took, never less than nothing', () => {
    takeProfile();
    time('test: labelled', () => undefined);
    rest('test: rest', 1e9);
    rest('test: nothing left', 0);
    const { own } = takeProfile();
    expect(own['test: rest'][0]).toBeCloseTo(1e9 - own['test: labelled'][0], 0);
    expect(own['test: nothing left']).toEqual([0, 1]);
  });

  it('adds totals label by label', () => {
    expect(addTotals({ a: [1.5, 2], b: [1, 1] }, { a: [0.25, 1], c: [3, 3] })).toEqual({ a: [1.8, 3], b: [1, 1], c: [3, 3] });
    expect(mergeProfiles(undefined, { own: { a: [1, 1] }, beside: {}, cpuMs: 3 })).toEqual({ own: { a: [1, 1] }, beside: {}, cpuMs: 3 });
    expect(mergeProfiles({ own: { a: [1, 1] }, beside: { g: [2, 1] }, cpuMs: 1.5 }, { own: { a: [1, 1] }, beside: {}, cpuMs: 2 })).toEqual({
      own: { a: [2, 2] },
      beside: { g: [2, 1] },
      cpuMs: 3.5,
    });
  });
});
