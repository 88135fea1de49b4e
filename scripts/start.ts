/**
 * `npm start`: builds the site when the build is missing or older than anything
 * it is made from, then runs the built function (dist/server/function.mjs, the
 * bundle of src/server/main.ts) on it, with its V8 flags
 * (src/server/node-flags.ts), passing signals on.
 *
 * Usage:  node scripts/start.ts    (PORT, HOST honoured; default http://localhost:4321)
 * Exit:   the build's exit code when it fails; otherwise runs until stopped
 */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { functionOf } from '../src/server/function-paths.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const ROOT = join(import.meta.dirname, '..');
const MANIFEST = join(ROOT, 'dist', 'server', 'manifest.json');
const FUNCTION = functionOf(join(ROOT, 'dist'));
// config/: the build copies the allowlist beside the function.
const SOURCES = ['content', 'src', 'schemas', 'config', 'astro.config.mjs', 'package.json'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true })) newest = Math.max(newest, statSync(join(path, String(entry))).mtimeMs);
  return newest;
}

// A build from before the function was bundled has a manifest but no function.mjs: build again.
const builtAt = existsSync(MANIFEST) && existsSync(FUNCTION) ? statSync(MANIFEST).mtimeMs : 0;
const changedAt = Math.max(
  ...SOURCES.map((s) => join(ROOT, s))
    .filter(existsSync)
    .map(newestChange),
);
if (changedAt > builtAt) {
  console.log(builtAt ? 'start: sources changed since the last build; building' : 'start: no build yet; building');
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.ts')], { stdio: 'inherit', cwd: ROOT });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, FUNCTION], { stdio: 'inherit', cwd: ROOT });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
