/**
 * Where the all-in-one Worker's time goes on a warm search: a V8 CPU profile of the workerd isolate (Chrome DevTools
 * Protocol, Profiler.start/stop through Miniflare's inspector) while it answers the realistic queries one at a time,
 * summarised by self time per function and by the time under each of the Worker's own steps. The profile is written
 * whole too, for DevTools (Performance → load profile).
 *
 * Usage:  npm run profile:worker                      (DIST_DIR honoured, default dist)
 *         node scripts/profile-worker.ts --passes 20 --rate-limit off --out .cache/worker.cpuprofile --path floor
 * Exit codes: 0 profile written and summarised · 2 it could not run (no build, a request failed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';
import { positiveInteger, printTable, runBenchmark } from './lib/bench-report.ts';
import { freePort, REALISTIC_QUERIES } from './lib/bench-server.ts';
import { generateAllInOne, miniflareOptionsOf } from './lib/cloudflare-miniflare.ts';
import { type CpuProfile, summariseRequestProfile } from './lib/cpu-profile.ts';

/** Finer than V8's default 1 ms: a warm search is about one. */
const SAMPLING_INTERVAL_US = 50;

await runBenchmark(async () => {
  const { values } = parseArgs({
    options: {
      passes: { type: 'string', default: '20' },
      'rate-limit': { type: 'string', default: '1000000/60' },
      path: { type: 'string', default: 'search' },
      out: { type: 'string', default: '.cache/worker.cpuprofile' },
      top: { type: 'string', default: '25' },
    },
  });
  const passes = positiveInteger('passes', values.passes);
  const top = positiveInteger('top', values.top);
  if (values.path !== 'search' && values.path !== 'floor') throw new Error(`--path takes search or floor, not ${values.path}`);
  const pathOf = values.path === 'search' ? (q: string) => `/api/cards?q=${encodeURIComponent(q)}` : (q: string) => `/nothing/${encodeURIComponent(q)}`;
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  const scratch = join(import.meta.dirname, '..', '.cache', 'tmp');
  mkdirSync(scratch, { recursive: true });
  const outDir = mkdtempSync(join(scratch, 'profile-worker-'));
  try {
    // Where feeds point, so that the Worker does not warn that none is set, as bench:worker does.
    await generateAllInOne(dist, outDir, { PUBLIC_ORIGIN: 'https://cards.example' });
    const inspectorPort = await freePort();
    const options = miniflareOptionsOf(outDir, { vars: { RATE_LIMIT: values['rate-limit'] } });
    const mf = new Miniflare({ ...options, inspectorPort });
    try {
      const origin = (await mf.ready).origin;
      const send = async () => {
        for (let pass = 0; pass < passes; pass++) {
          for (const q of REALISTIC_QUERIES) {
            const res = await fetch(origin + pathOf(q));
            await res.arrayBuffer();
            if (res.status >= 500) throw new Error(`${pathOf(q)} answered ${res.status}`);
          }
        }
      };
      await send();
      const inspector = await connect(inspectorPort);
      try {
        await inspector.call('Profiler.enable');
        await inspector.call('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
        await inspector.call('Profiler.start');
        const started = performance.now();
        await send();
        const wall = performance.now() - started;
        const { profile } = (await inspector.call('Profiler.stop')) as { profile: CpuProfile };
        writeFileSync(values.out, JSON.stringify(profile));
        const requests = passes * REALISTIC_QUERIES.length;
        const summary = summariseRequestProfile(profile, requests);
        console.log(
          `${requests} requests (${values.path}, RATE_LIMIT=${values['rate-limit']}) in ${wall.toFixed(0)} ms wall, ` +
            `${(wall / requests).toFixed(3)} ms each; isolate busy ${summary.busyMsPerRequest.toFixed(3)} ms each; profile in ${values.out}`,
        );
        console.log('Self time per request, by function:');
        printTable([
          ['ms/request', 'share of busy', 'function'],
          ...summary.self.slice(0, top).map((row) => [row.ms.toFixed(4), `${(row.share * 100).toFixed(1)}%`, row.name]),
        ]);
        console.log('Total time per request under each step (inclusive, by function name):');
        printTable([
          ['ms/request', 'share of busy', 'function'],
          ...summary.total.slice(0, top).map((row) => [row.ms.toFixed(4), `${(row.share * 100).toFixed(1)}%`, row.name]),
        ]);
      } finally {
        inspector.close();
      }
    } finally {
      await mf.dispose();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return 0;
});

interface Inspector {
  call(method: string, params?: object): Promise<unknown>;
  close(): void;
}

/** The Worker's DevTools session through Miniflare's inspector proxy (its first Worker's). */
async function connect(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((opened, failed) => {
    socket.addEventListener('open', opened, { once: true });
    socket.addEventListener('error', failed, { once: true });
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id as number);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  });
  return {
    call(method, params = {}) {
      const id = next++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    close: () => socket.close(),
  };
}
