/**
 * Where the time goes inside rendering: milliseconds and counts per label, one profile per thread (each thread
 * has its own copy of this module). Call sites wrap their work in `time(label, fn)`, sync or async; work that
 * runs beside this thread (gzip on libuv's thread pool) is timed with `timeBeside`, kept apart so that it is
 * never added to this thread's share. The build hands the totals on: the Markdown worker with its flush answer
 * (markdown-worker.ts), the main thread in each bundle's answer line (pipeline.ts, runBundle); finishBuild prints
 * them as one `profile:` step, which `npm run bench:build` turns into a table.
 *
 * Labels never nest: a label's span holding another's would count that time twice. The main thread's labels
 * (its waits among them) and each bundle's `rest` add up to its time in the bundles.
 *
 * A timing costs a pair of performance.now() calls (0.1–0.4 µs with the call site's arrow function, measured on
 * the shared 2-core machine): the profile allocates nothing per timing (a label's tally is made on its first
 * use), an async timing adds the one promise that waits for it. It changes no output byte.
 *
 * @example time('card: JSON', () => JSON.stringify(card)) // the JSON, its time added to "card: JSON"
 */

import { isMainThread } from 'node:worker_threads';

/** Label → [milliseconds, times timed]. */
export type ProfileTotals = Record<string, [ms: number, count: number]>;

/** What one thread timed: its own work, and the work that ran beside it (on the thread pool) while it went on. */
export interface ThreadProfile {
  own: ProfileTotals;
  beside: ProfileTotals;
  /**
   * The CPU time this thread used (process.threadCpuUsage) in the same span: against the wall time of its
   * labels, what the machine's other load took from it.
   */
  cpuMs: number;
}

/** The build's totals by where they ran: the main thread, the Markdown worker beside it, the thread pool beside it. */
export interface BuildProfile {
  main: ProfileTotals;
  worker: ProfileTotals;
  pool: ProfileTotals;
  /** The CPU time of the main thread (from the build route's start to its last bundle) and of the worker. */
  cpu: { main: number; worker: number };
}

interface Tally {
  ms: number;
  count: number;
}

const own = new Map<string, Tally>();
const beside = new Map<string, Tally>();
/** The sum of `own` since the last take: what `rest` leaves out. */
let ownMs = 0;
/** This thread's CPU time at the last take (or when this module loaded). */
let cpuAt = process.threadCpuUsage();

function add(tallies: Map<string, Tally>, label: string, ms: number): void {
  let tally = tallies.get(label);
  if (!tally) tallies.set(label, (tally = { ms: 0, count: 0 }));
  tally.ms += ms;
  tally.count++;
}

async function settle<T>(label: string, started: number, work: Promise<T>): Promise<T> {
  const value = await work;
  const ms = performance.now() - started;
  add(own, label, ms);
  ownMs += ms;
  return value;
}

/**
 * Runs `fn` and adds its time to `label` (this thread's own work). When `fn` returns a promise, the time is
 * until it settles: use it for work this thread waits for and does itself (an Astro render), not for work
 * that runs elsewhere while this thread goes on (see timeBeside). A timing that throws is not counted. A label
 * given as a function is asked for once `fn` has returned (what the work turned out to be).
 */
export function time<T>(label: string | (() => string), fn: () => T): T {
  const started = performance.now();
  const result = fn();
  const labelled = typeof label === 'string' ? label : label();
  if (result instanceof Promise) return settle(labelled, started, result) as T;
  const ms = performance.now() - started;
  add(own, labelled, ms);
  ownMs += ms;
  return result;
}

/**
 * `time` for a wait (for the disk, the worker, a folder), on the main thread only: it awaits one file at a time,
 * so its waits are its own time, while the Markdown worker answers many files at once, whose waits overlap one
 * another and its work. Elsewhere `fn` runs untimed.
 */
export function timeWait<T>(label: string, fn: () => Promise<T>): Promise<T> {
  return isMainThread ? time(label, fn) : fn();
}

/** Adds the time from now until `work` settles to `label`, as work that runs beside this thread (the thread pool). */
export function timeBeside<T>(label: string, work: Promise<T>): Promise<T> {
  const started = performance.now();
  return work.then((value) => {
    add(beside, label, performance.now() - started);
    return value;
  });
}

/**
 * Adds to `label` what of `ms` (a span of this thread's time since the last take, such as a bundle's) no label
 * accounts for: the loop that drives the work, and whatever was not wrapped.
 */
export function rest(label: string, ms: number): void {
  const untimed = Math.max(0, ms - ownMs);
  add(own, label, untimed);
  ownMs += untimed;
}

const totalsOf = (tallies: Map<string, Tally>): ProfileTotals =>
  Object.fromEntries([...tallies].map(([label, { ms, count }]): [string, [number, number]] => [label, [Math.round(ms * 10) / 10, count]]));

/** This thread's totals since the last take (ms to a tenth), and a fresh start. */
export function takeProfile(): ThreadProfile {
  const cpu = process.threadCpuUsage(cpuAt);
  cpuAt = process.threadCpuUsage();
  const taken = { own: totalsOf(own), beside: totalsOf(beside), cpuMs: Math.round((cpu.user + cpu.system) / 100) / 10 };
  own.clear();
  beside.clear();
  ownMs = 0;
  return taken;
}

/** Two takes of one thread as one. */
export const mergeProfiles = (a: ThreadProfile | undefined, b: ThreadProfile): ThreadProfile => ({
  own: addTotals({ ...a?.own }, b.own),
  beside: addTotals({ ...a?.beside }, b.beside),
  cpuMs: Math.round(((a?.cpuMs ?? 0) + b.cpuMs) * 10) / 10,
});

/** Adds `more` into `into`, label by label. */
export function addTotals(into: ProfileTotals, more: ProfileTotals | undefined): ProfileTotals {
  for (const [label, [ms, count]] of Object.entries(more ?? {})) {
    const [sum, n] = into[label] ?? [0, 0];
    into[label] = [Math.round((sum + ms) * 10) / 10, n + count];
  }
  return into;
}
