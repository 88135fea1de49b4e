/**
 * What the HTTP benchmarks share: the real server (the build's bundled function,
 * dist/server/function.mjs, with its V8 flags) spawned on a free loopback port, one-off GETs, the server's
 * memory from /proc, and the queries people type.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { functionOf } from '../../src/server/function-paths.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const HOST = '127.0.0.1';

/** What people type: names, typos, name + set, set names, rarities. */
export const REALISTIC_QUERIES = [
  'charizard',
  'pikachu',
  'mewtwo gx',
  'dark charizard',
  'shining gyarados',
  'umbreon vmax',
  'charzard',
  'blastois',
  'lugai',
  'rayquaza vmax evolvng skies',
  'charizard base',
  'mew 151',
  'lugia neo genesis',
  'giratina lost origin',
  'charizard ex obsidian flames',
  'gengar fusion strike',
  'special illustration rare',
  'evolving skies',
  'team rocket',
  'poké ball',
];

export const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** One GET on a fresh connection: its status and type, or null when nothing listens yet. */
export function statusOf(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string } | null> {
  return new Promise((resolveStatus, reject) => {
    const req = get({ host: HOST, port, path, headers, agent: false, timeout: 5_000 }, (res) => {
      res.resume().on('end', () => resolveStatus({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolveStatus(null) : reject(error)));
  });
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  /** Milliseconds the server says it took, from its "ready in N ms: …" line. */
  ready: Promise<number>;
  /** The steps that line names (src/server/main.ts), in milliseconds by name, in order. */
  steps: Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** Spawns the server on `dist` with `env` added (RATE_LIMIT …); resolves at once, `ready` when it says so. */
export async function spawnServer(dist: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, functionOf(dist)], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist, PORT: String(port), HOST, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const readyLine = new Promise<RegExpExecArray>((resolveLine) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /ready in (\d+) ms(?:: ([^;)]*))?/.exec(line);
      if (match) resolveLine(match);
    });
  });
  const ready = readyLine.then((match) => Number(match[1]));
  const steps = readyLine.then((match) => {
    const named: Record<string, number> = {};
    for (const part of (match[2] ?? '').split(', ')) {
      const step = /^(.+) (\d+)$/.exec(part);
      if (step) named[step[1]] = Number(step[2]);
    }
    return named;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(forced);
  };
  return { child, port, ready, steps, stop };
}

/** Waits for `ready`, bounded; stops the server and throws when it exits or stays silent. */
export async function whenReady(server: BenchServer, timeoutMs: number): Promise<void> {
  const failed = new Promise<never>((_, reject) => server.child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`))));
  const late = sleep(timeoutMs).then(() => Promise.reject(new Error(`the server did not report ready within ${timeoutMs} ms`)));
  failed.catch(() => undefined);
  late.catch(() => undefined);
  try {
    await Promise.race([server.ready, failed, late]);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A field of /proc/<pid>/status in bytes: VmRSS (resident now) or VmHWM (peak). */
export function vmBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Resident bytes of `root` and each of its descendants, from /proc. */
export function treeRss(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  const rss: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) rss.push(Number(kb) * 1024);
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return rss;
}

/** The server on `dist` (with `env`) from spawn to `path` answered 200, polled every 5 ms, in milliseconds. */
export async function coldStartOf(dist: string, env: Record<string, string>, path: string): Promise<number> {
  const started = performance.now();
  const server = await spawnServer(dist, env);
  try {
    for (;;) {
      const answer = await statusOf(server.port, path);
      if (answer?.status === 200) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`the server on ${dist} answered no ${path} within 60 s`);
      await sleep(5);
    }
  } finally {
    await server.stop();
  }
}

/**
 * Latencies of a GET per realistic query, `passes` times over, one at a time on a kept-alive connection (fetch
 * keeps it), each checked to answer `expected`, asking for `encoding` (by default none, `identity`: a compressed
 * answer would time the compression and the client's inflating, which runtimes and hosts do differently).
 */
export async function latenciesOf(
  origin: string,
  passes: number,
  pathOf: (q: string) => string,
  { expected = 200, encoding = 'identity' }: { expected?: number; encoding?: string } = {},
): Promise<number[]> {
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const q of REALISTIC_QUERIES) {
      const started = performance.now();
      const res = await fetch(origin + pathOf(q), { headers: { 'Accept-Encoding': encoding } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== expected) throw new Error(`${origin}${pathOf(q)} answered ${res.status}`);
    }
  }
  return times;
}
