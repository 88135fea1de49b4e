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

/** The files that render the build's files, by path relative to `root`, sorted. */
function sourceFilesOf(root: string): string[] {
  return SOURCES.flatMap((source) => filesUnder(root, source)).sort();
}

/** The settings a source file reads from the environment, when the build runs it (every `process.env` read of a name). */
function settingsReadIn(file: string, bytes: Buffer): string[] {
  const shown = file.replaceAll('\\', '/');
  if (NOT_RUN_BY_THE_BUILD.some((dir) => shown.startsWith(dir))) return [];
  return [...bytes.toString('latin1').matchAll(SETTING_READ)].map(([, name]) => name);
}

/** The settings the build's code reads from the environment, sorted: what codeVersionOf hashes the values of. */
export function buildSettingNamesOf(root: string): string[] {
  return [...new Set(sourceFilesOf(root).flatMap((file) => settingsReadIn(file, readFileSync(join(root, file)))))].sort();
}

/** @example codeVersionOf(process.cwd()) // "k3Jx…" (base64url SHA-256) */
export function codeVersionOf(root: string): string {
  const hash = createHash('sha256');
  const settings = new Set<string>();
  for (const file of sourceFilesOf(root)) {
    const bytes = readFileSync(join(root, file));
    hash.update(`${file}\0`).update(bytes).update('\0');
    for (const name of settingsReadIn(file, bytes)) settings.add(name);
  }
  for (const name of [...settings].sort()) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('base64url');
}
