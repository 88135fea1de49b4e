/**
 * `npm run dev`: the site served while you edit it. Builds (incrementally, into dist/ as `npm start` does),
 * serves the build with the function, and on every saved change under content/, src/, schemas/, public/ or
 * config/, or to astro.config.mjs, builds again (only what the change touched: src/pipeline/pipeline.ts) and
 * serves the new build. A failed build is printed and the site waits, unserved, for the next change.
 *
 * Usage:  npm run dev        (PORT, HOST as for npm start; CONTENT_DIR, OUT_DIR, CACHE_DIR as for the build)
 * Exit:   0 when stopped (Ctrl-C, SIGTERM)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { functionOf } from '../src/server/function-paths.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const ROOT = join(import.meta.dirname, '..');
const DIST = resolve(ROOT, process.env.OUT_DIR ?? 'dist');
const CONTENT = resolve(ROOT, process.env.CONTENT_DIR ?? 'content');
/** What a build is made from (src/pipeline/code-version.ts hashes the same, less the content). */
const WATCHED = [CONTENT, ...['src', 'schemas', 'public', 'config', 'astro.config.mjs'].map((path) => join(ROOT, path))];
/** Editors save in bursts (a temporary file, a rename): one build for all of it. */
const SETTLE_MS = 250;

let server: ChildProcess | undefined;
let building = false;
let changedAgain: string | undefined;
let timer: NodeJS.Timeout | undefined;

function build(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build.ts')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, OUT_DIR: DIST } });
    child.on('close', (code) => done(code === 0));
  });
}

function serve(): void {
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, functionOf(DIST)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { PORT: '4321', HOST: 'localhost', ...process.env, DIST_DIR: DIST },
  });
}

function stopServing(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    running.once('exit', () => done());
    running.kill('SIGTERM');
  });
}

/** Builds, then serves what was built; changes saved meanwhile start another round when this one ends. */
async function rebuild(reason: string): Promise<void> {
  building = true;
  const started = performance.now();
  console.log(`\ndev: ${reason}; building`);
  // The build moves the output aside while it works: nothing may be served from it meanwhile.
  await stopServing();
  const ok = await build();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (ok) {
    console.log(`dev: built in ${seconds} s; serving (the function prints where)`);
    serve();
  } else console.log(`dev: the build failed after ${seconds} s (see above); the site is not served until a change builds`);
  building = false;
  if (changedAgain) {
    const next = changedAgain;
    changedAgain = undefined;
    await rebuild(`${next} changed`);
  }
}

function changed(path: string): void {
  const what = relative(ROOT, path) || path;
  if (building) {
    changedAgain = what;
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(() => void rebuild(`${what} changed`), SETTLE_MS);
}

const watchers: FSWatcher[] = WATCHED.filter((path) => existsSync(path)).map((path) =>
  watch(path, { recursive: true }, (_event, file) => changed(file ? join(path, file.toString()) : path)),
);
console.log(
  `dev: watching ${WATCHED.filter((path) => existsSync(path))
    .map((path) => relative(ROOT, path) || path)
    .join(', ')}`,
);
void rebuild('starting');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const watcher of watchers) watcher.close();
    clearTimeout(timer);
    void stopServing().then(() => process.exit(0));
  });
}
