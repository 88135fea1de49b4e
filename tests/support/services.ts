import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

export function freePort(): Promise<number> {
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
