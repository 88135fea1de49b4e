import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxConf } from '../../src/deploy/nginx.ts';
import { manifestOf } from './built-files.ts';
import { scratchDir } from './fixture-site.ts';
import { type RunningServer, startServer } from './server.ts';
import { findService, freePort, waitForPort } from './services.ts';

/** Debian's nginx (nginx-light), or why the tests that need it are skipped. */
export const nginxBinary = findService('nginx', ['/usr/sbin/nginx']);

export interface RunningNginx {
  url: string;
  prefix: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

let started = 0;

/** nginx with the generated configuration (`--full`) for a build, on a free loopback port, in the foreground. */
export async function startNginx(dist: string, functionUrl: string, port?: number): Promise<RunningNginx> {
  if (!nginxBinary.path) throw new Error(nginxBinary.skipReason);
  const listen = port ?? (await freePort());
  const prefix = scratchDir(`nginx-${++started}`);
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const manifest = manifestOf(dist);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf({ manifest, root: join(dist, 'client'), functionUrl, listen: `127.0.0.1:${listen}`, full: true }));
  const child: ChildProcess = spawn(nginxBinary.path, ['-p', prefix, '-c', conf, '-e', join(prefix, 'logs', 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${output}`))));
  await Promise.race([waitForPort(listen), exited]);
  exited.catch(() => undefined);
  const errors = () => {
    try {
      return output + readFileSync(join(prefix, 'logs', 'error.log'), 'utf8');
    } catch {
      return output;
    }
  };
  return {
    url: `http://127.0.0.1:${listen}`,
    prefix,
    errors,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The deployment the docs describe: nginx serving dist/client, and the
 * function running from a copy of dist/server alone (no client files on its
 * disk), reading prebuilt files from nginx (STATIC_ORIGIN) when it must answer
 * one itself. The function trusts nginx's X-Forwarded-For (TRUST_PROXY=1).
 */
export interface NginxDeployment extends RunningServer {
  nginx: RunningNginx;
  fn: RunningServer;
}

export async function startNginxDeployment(dist: string, env: Record<string, string> = {}): Promise<NginxDeployment> {
  const [nginxPort, functionPort] = [await freePort(), await freePort()];
  const functionDist = scratchDir(`function-only-${++started}`);
  rmSync(functionDist, { recursive: true, force: true });
  cpSync(join(dist, 'server'), join(functionDist, 'server'), { recursive: true });
  const fn = await startServer(functionDist, { PORT: String(functionPort), TRUST_PROXY: '1', STATIC_ORIGIN: `http://127.0.0.1:${nginxPort}`, ...env });
  const nginx = await startNginx(dist, fn.url, nginxPort);
  return {
    url: nginx.url,
    pid: fn.pid,
    nginx,
    fn,
    logs: () => `${fn.logs()}\n${nginx.errors()}`,
    stop: async () => {
      await Promise.all([nginx.stop(), fn.stop()]);
      rmSync(functionDist, { recursive: true, force: true });
    },
  };
}
