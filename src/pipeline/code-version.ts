import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A hash of everything that renders the build's files: the project's source,
 * the API schemas, the public files, the configuration, and the exact versions
 * of every installed package (the lockfile; Astro's among them). An incremental
 * build reuses an earlier build's files only when this is the same, so a change
 * to any renderer, schema or dependency renders everything again (and rewrites
 * only the files whose bytes then differ). Coarse by design: tracing which
 * module renders which file would be a second build system.
 */
const SOURCES = ['src', 'schemas', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

function filesUnder(root: string, path: string): string[] {
  const abs = join(root, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/**
 * Hashed once per process and root: both build integrations need it (build-output.ts for the build's state,
 * function-bundle.ts for the bundle's key), and the code does not change while a build runs.
 */
const versions = new Map<string, string>();

/** @example codeVersionOf(process.cwd()) // "k3Jx…" (base64url SHA-256) */
export function codeVersionOf(root: string): string {
  let version = versions.get(root);
  if (version === undefined) versions.set(root, (version = hashSources(root)));
  return version;
}

function hashSources(root: string): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesUnder(root, source)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('base64url');
}
