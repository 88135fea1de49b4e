import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './fixture-site.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

/** The real server (src/server/main.ts) on a build, on a free port, for HTTP tests. */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(dist: string): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'src', 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist, PORT: '0', HOST: '127.0.0.1' },
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
    stop: () => new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
