import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/**
 * Real services the tests start themselves (Debian's redis-server, nginx) on
 * free loopback ports. `npm test` on a machine without them skips those tests
 * and says why; CI sets REQUIRE_SERVICES=1 (in .ci/run), and then a missing
 * service fails the run instead of skipping it.
 */
export interface ServiceBinary {
  path?: string;
  /** Why the tests that need it are skipped (undefined when it is there). */
  skipReason?: string;
}

export function findService(name: string, candidates: string[]): ServiceBinary {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  const path = [onPath, ...candidates].find((p) => p && existsSync(p));
  if (path) return { path };
  const skipReason = `${name} is not installed (Debian package: ${name === 'redis-server' ? 'redis-server' : 'nginx-light'}; .ci/run installs it)`;
  if (process.env.REQUIRE_SERVICES) throw new Error(`REQUIRE_SERVICES is set but ${skipReason}`);
  console.warn(`SKIPPED: tests that need ${name}: ${skipReason}`);
  return { skipReason };
}

/** Ports each test worker picks its services' ports from (see freePort). */
const PORTS_PER_WORKER = 400;
let nextPort = 0;

/**
 * A free loopback port for a service the tests start (nginx, redis-server), which binds it a moment later.
 *
 * Not a port that `listen(0)` handed out and was closed: Linux gives such a port to the next `listen(0)` that
 * asks, often a test server starting beside, and the service would then fail to bind while its tests talked to
 * that server. The ports come from below the range `listen(0)` uses (ip_local_port_range), in a block of their
 * own for each test worker (VITEST_POOL_ID), so only this function hands them out and no two workers share one.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  const base = ephemeralPortsStart() - PORTS_PER_WORKER * (worker + 1);
  if (!Number.isInteger(base) || base < 1024) return ephemeralPort();
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = base + (nextPort++ % PORTS_PER_WORKER);
    if (await bindsOn(port)) return port;
  }
  throw new Error(`freePort: no free port in 127.0.0.1:${base}-${base + PORTS_PER_WORKER - 1}`);
}

function ephemeralPortsStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return Number.NaN;
  }
}

function bindsOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Where there is no /proc to read the range from: a port `listen(0)` hands out (the race above applies). */
function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port (bounded: rejects after `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
}

/** A throwaway redis-server: loopback only, no persistence, on a free port. */
export async function startRedis(binary: string): Promise<RunningRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
