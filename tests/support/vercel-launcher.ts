import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { type RunningServer, stopProcess } from './server.ts';

/**
 * Vercel's own Node launcher, from the npm package @vercel/node (what `vercel dev` runs a Node function with):
 * it imports the handler module a `.func` folder's `.vc-config.json` names, from inside that folder, finds the
 * web handlers it exports by method, and serves them over node:http, each request made a `Request` and each
 * `Response` sent back (src/serverless-functions/serverless-handler.mts in vercel/vercel). Offline: nothing is
 * fetched. `env` adds the function's environment variables.
 */
const LAUNCHER = createRequire(import.meta.url).resolve('@vercel/node/dist/dev-server.mjs');

export async function startVercelFunction(funcDir: string, handler: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER], {
    cwd: funcDir,
    // VERCEL_DEV_ENTRYPOINT: the handler, relative to the folder; VERCEL_DEV_CONFIG: the builder's config (none).
    env: { ...process.env, VERCEL_DEV_ENTRYPOINT: handler, VERCEL_DEV_CONFIG: '{}', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      // Without an IPC channel the launcher prints where it listens: `Dev server listening: { address: …, port: N }`.
      const port = /Dev server listening:.*port: (\d+)/s.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the launcher exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    logs: () => output,
    stop: () => stopProcess(child),
  };
}
