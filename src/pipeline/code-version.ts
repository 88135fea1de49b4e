import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A hash of everything that renders the build's files: the project's source, the API schemas, the public files,
 * the configuration, the exact versions of every installed package (the lockfile; Astro's among them), and the
 * value of each setting the build's code reads from the environment (every `process.env.NAME` in it). An
 * incremental build reuses an earlier build's files only when this is the same, so a change to any renderer,
 * schema, dependency or setting renders everything again (and rewrites only the files whose bytes then differ).
 * Coarse by design: tracing which module renders which file would be a second build system.
 */
const SOURCES = ['src', 'schemas', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** The function's code and the hosts' configurations: bundled or written, never run by the build; their settings are read where they run. */
const NOT_RUN_BY_THE_BUILD = ['src/server/', 'src/deploy/'];
const SETTING_READ = /process\.env\.([A-Za-z_]\w*)/g;

function filesUnder(root: string, path: string): string[] {
  const abs = join(root, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** @example codeVersionOf(process.cwd()) // "k3Jx…" (base64url SHA-256) */
export function codeVersionOf(root: string): string {
  const hash = createHash('sha256');
  const settings = new Set<string>();
  for (const file of SOURCES.flatMap((source) => filesUnder(root, source)).sort()) {
    const bytes = readFileSync(join(root, file));
    hash.update(`${file}\0`).update(bytes).update('\0');
    const shown = file.replaceAll('\\', '/');
    if (!NOT_RUN_BY_THE_BUILD.some((dir) => shown.startsWith(dir))) for (const [, name] of bytes.toString('latin1').matchAll(SETTING_READ)) settings.add(name);
  }
  for (const name of [...settings].sort()) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('base64url');
}
