/**
 * Loaded into a server under benchmark with `node --import` (never part of the function): every PROBE_EVERY_MS
 * it appends one JSON line to the file PROBE_FILE names with the process's memory (RSS; the thread's V8 heap) and
 * the thread's event-loop delay over the interval (perf_hooks monitorEventLoopDelay, in ms: p50, p99, max). A
 * worker thread inherits --import, so each line names its thread: `main`, or `worker` (the list worker, whose
 * loop is busy by design while it values a list). scripts/bench-abuse.ts reads it.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.PROBE_FILE;
const every = Number(process.env.PROBE_EVERY_MS ?? 200);
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const thread = isMainThread ? 'main' : 'worker';
  delay.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const mb = (bytes) => Math.round(bytes / 1048576);
    const line = {
      t: Date.now(),
      thread,
      rssMb: mb(rss),
      heapMb: mb(heapUsed),
      externalMb: mb(external + arrayBuffers),
      loopP50Ms: ms(delay.percentile(50)),
      loopP99Ms: ms(delay.percentile(99)),
      loopMaxMs: ms(delay.max),
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every).unref();
}
