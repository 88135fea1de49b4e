/**
 * nginx with the generated configuration (src/deploy/nginx.ts), for the HTTP
 * benchmark: started in the foreground under a temp prefix on a free loopback
 * port, with the cost of the configuration itself (parse and map tables: the
 * time `nginx -t` takes, a reload until new workers answer, the resident
 * memory of master and workers).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConf } from '../../src/deploy/nginx.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { median } from './bench-report.ts';
import { freePort, HOST, sleep, statusOf, vmBytes } from './bench-server.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface BenchNginx {
  port: number;
  /** Median milliseconds of `nginx -t` on the configuration (parsing it and building its maps). */
  testMs: number;
  /** Milliseconds from SIGHUP until every worker is a new one and answers. */
  reload(): Promise<number>;
  /** Resident memory of the master and its workers. */
  rssBytes(): number;
  configBytes: number;
  stop(): Promise<void>;
}

const workersOf = (pid: number): number[] =>
  spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);

export async function startBenchNginx(dist: string, functionPort: number, tests = 3): Promise<BenchNginx> {
  if (!NGINX) throw new Error('nginx is not installed (Debian package nginx-light)');
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'card-values-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const manifest = JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as FileManifest;
  const config = nginxConf({ manifest, root: join(dist, 'client'), functionUrl: `http://${HOST}:${functionPort}`, listen: `${HOST}:${port}`, full: true });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const args = ['-p', prefix, '-c', file, '-e', join(prefix, 'logs', 'error.log')];
  const testRuns: number[] = [];
  for (let i = 0; i < tests; i++) {
    const started = performance.now();
    const test = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
    testRuns.push(performance.now() - started);
  }
  const child: ChildProcess = spawn(NGINX, args, { stdio: 'ignore' });
  for (let waited = 0; (await statusOf(port, '/llms.txt')) === null; waited += 20) {
    if (waited > 30_000 || child.exitCode !== null) throw new Error(`nginx did not start: ${readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`);
    await sleep(20);
  }
  const pid = child.pid!;
  return {
    port,
    testMs: median(testRuns),
    configBytes: Buffer.byteLength(config),
    async reload() {
      const before = new Set(workersOf(pid));
      const started = performance.now();
      process.kill(pid, 'SIGHUP');
      for (;;) {
        const now = workersOf(pid);
        if (now.length && now.every((w) => !before.has(w)) && (await statusOf(port, '/llms.txt'))?.status === 200) break;
        if (performance.now() - started > 60_000) throw new Error('nginx did not reload within 60 s');
        await sleep(5);
      }
      return performance.now() - started;
    },
    rssBytes: () => [pid, ...workersOf(pid)].reduce((sum, p) => sum + vmBytes(p, 'VmRSS'), 0),
    async stop() {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
