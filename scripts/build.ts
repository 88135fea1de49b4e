/**
 * Builds the site (astro build) with the settings the build needs (below): the
 * project's integration prints its numbered phases and a line per batch of files
 * (src/pipeline/build-log.ts), and Astro's own lines and every warning and error
 * pass through as they are.
 *
 * Usage:  node scripts/build.ts            (CONTENT_DIR, OUT_DIR, CACHE_DIR honoured)
 * Exit:   astro's exit code: 0 built, 1 failed (the error names file and field)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * V8 grows the build's old space far past what stays live in it; a cap makes it collect instead of growing. What
 * stays live grows with the catalogue (a summary per card, a manifest entry per file), so the cap does too: a
 * floor, then a share of the card files' size beyond the bundled catalogue's. BUILD_MAX_OLD_SPACE_MB overrides
 * it. Young-generation semi-spaces are capped too (BUILD_SEMI_SPACE_MB): Node's default let the build's two
 * isolates hold much more, and a smaller cap made the main thread scavenge the same survivors more often, slower
 * and no lower at the peak (docs/performance.md has the figures).
 */
const cardFolder = join(resolve(process.env.CONTENT_DIR ?? 'content'), 'cards');
const cardMegabytes = existsSync(cardFolder) ? readdirSync(cardFolder).reduce((sum, name) => sum + statSync(join(cardFolder, name)).size, 0) / 2 ** 20 : 0;
const oldSpaceMb = process.env.BUILD_MAX_OLD_SPACE_MB ?? String(Math.round(640 + 5 * Math.max(0, cardMegabytes - 30)));
const BUILD_NODE_FLAGS = [`--max-old-space-size=${oldSpaceMb}`, `--max-semi-space-size=${process.env.BUILD_SEMI_SPACE_MB ?? 16}`];
// Astro's bin starts with `#!/usr/bin/env node`, which may be an older Node than ours.
const astro = join(import.meta.dirname, '..', 'node_modules', 'astro', 'bin', 'astro.mjs');
/**
 * Astro draws a random key per build to encrypt server islands' props and writes it into the server bundle,
 * so no two builds were ever the same bytes. The site has no server islands (the key protects nothing), and a
 * build must be reproducible: an incremental build is checked against a clean one byte for byte. A key set in
 * ASTRO_KEY is honoured.
 */
const REPRODUCIBLE_ASTRO_KEY = createHash('sha256').update('card-values: no server islands').digest('base64');
/**
 * Vite bundles with rolldown, whose allocator (mimalloc) keeps the memory of a finished bundling for reuse
 * that never comes, through the build's peak. With no delay it hands freed pages back at once, no slower.
 */
const NATIVE_MEMORY_ENV = { MIMALLOC_PURGE_DELAY: '0' };
/**
 * The build creates tens of thousands of files through libuv's thread pool. Its default four threads create them
 * in the same few folders at once, and the kernel then spends its time contending for those folders' locks: one
 * thread made a clean build faster and halved its system time. Nothing else the build does on the pool (gzip of
 * the open-data files, Vite's reads) needed more.
 */
const FILE_THREADS_ENV = { UV_THREADPOOL_SIZE: '1' };
/**
 * Node's compile cache (the code V8 compiled, kept by each module file's contents, which Node checks): every build
 * starts Astro, Vite and rolldown and loads the build's routes, and compiling them again is a measurable part of a
 * rebuild (docs/performance.md, the caches). It is kept with the installed packages, where the unit tier's scripts
 * keep theirs (vitest.config.ts), not in CACHE_DIR: it is a cache of the code, not of a build, and a clean build
 * uses it too. The first build after an install makes it.
 */
const COMPILE_CACHE_ENV = { NODE_COMPILE_CACHE: join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile-cache') };
const env = {
  ASTRO_KEY: REPRODUCIBLE_ASTRO_KEY,
  ...NATIVE_MEMORY_ENV,
  ...FILE_THREADS_ENV,
  ...COMPILE_CACHE_ENV,
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
};
const argv = [...BUILD_NODE_FLAGS, astro, 'build', ...process.argv.slice(2)];
/**
 * This process becomes the build (execve): a parent left waiting for it held its own Node and TypeScript stripper
 * through the build's peak. Where execve is missing (Windows), the build is a child instead.
 */
if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...argv], env);
const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'inherit', 'inherit'] });
child.on('close', (code) => process.exit(code ?? 1));
