/**
 * Loaded into a server under benchmark with `node --import` (never part of the function): every PROBE_EVERY_MS
 * it appends one JSON line to the file PROBE_FILE names with the process's memory (RSS, V8 heap) and the main
 * thread's event-loop delay over the interval (perf_hooks monitorEventLoopDelay, in ms: p50, p99, max).
 * scripts/bench-abuse.ts reads it.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.PROBE_FILE;
const every = Number(process.env.PROBE_EVERY_MS ?? 200);
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const mb = (bytes) => Math.round(bytes / 1048576);
    const line = {
      t: Date.now(),
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
