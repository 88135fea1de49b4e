import { type ChildProcess, spawn } from 'node:child_process';
import { functionOf } from '../../src/server/function-paths.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { ROOT } from './fixture-site.ts';

/** The real server, as it runs: the build's bundled function (dist/server/function.mjs), on a free port, for HTTP tests. */
export interface RunningServer {
  url: string;
  /** The server's process id (its resident memory: /proc/<pid>/status). */
  pid: number;
  /** What the server printed so far (stdout and stderr). */
  logs(): string;
  stop(): Promise<void>;
}

/** The rate limit of a test's server unless it sets its own: on, but far above what a test file sends. */
export const TEST_RATE_LIMIT = '100000/60';

/**
 * `env` adds to the test's environment (RATE_LIMIT, TRUST_PROXY, REDIS_URL, VERIFIED_AGENTS …; undefined
 * unsets one, e.g. DIST_DIR). The limit is on, but far above what a test file sends, unless a test sets its
 * own. The server runs in the project's folder unless `cwd` says otherwise.
 */
export async function startServer(dist: string, env: Record<string, string | undefined> = {}, { cwd = ROOT } = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, functionOf(dist)], {
    cwd,
    env: { ...process.env, DIST_DIR: dist, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: TEST_RATE_LIMIT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    logs: () => output,
    stop: () => stopProcess(child),
  };
}

/** Ends a process this test started (SIGTERM), resolving once it has exited; at once if it already has. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
