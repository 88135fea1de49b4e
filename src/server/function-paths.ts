import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the function lies, and so what its path settings default to. Built, it
 * is one file, dist/server/function.mjs (src/integrations/function-bundle.ts),
 * which needs nothing beside it but the build's server files: its build is the
 * dist it lies in, and its allowlist the copy of config/verified-agents.json the
 * build puts beside it, wherever dist/server is copied. Run from source
 * (`node src/server/main.ts`, for development) they are ./dist and the
 * checkout's config/verified-agents.json, as before there was a bundle.
 */
export const FUNCTION_FILE = 'function.mjs';
/** The list worker (src/server/list-worker.ts), bundled on its own beside the function: list-valuer.ts starts it. */
export const LIST_WORKER_FILE = 'list-worker.mjs';
/** Where in dist/server the parts of the function loaded on first need lie (the MCP endpoint and its SDK). */
export const FUNCTION_CHUNKS_DIR = 'chunks';
/** The copy of the allowlist in dist/server. */
export const VERIFIED_AGENTS_COPY = 'verified-agents.json';
/**
 * Packaged as a Vercel Function (vercel-function.ts), the folders beside its module: the build's function data
 * (dist/server's) and gzip copies of the prebuilt files it answers with (dist/client's); the allowlist's copy lies
 * beside the module itself, where DEFAULT_VERIFIED_AGENTS looks.
 */
export const VERCEL_FUNCTION_DIRS = { data: 'server', client: 'client' } as const;

/** The built function of a build. @example functionOf('dist') // "dist/server/function.mjs" */
export function functionOf(dist: string): string {
  return join(dist, 'server', FUNCTION_FILE);
}

// This module's own folder: src/server, or dist/server when it is part of function.mjs.
const here = dirname(fileURLToPath(import.meta.url));
const bundled = !import.meta.url.endsWith('.ts');

/** DIST_DIR when unset (from source: relative to the working directory). */
export const DEFAULT_DIST_DIR = bundled ? dirname(here) : 'dist';

/** VERIFIED_AGENTS when unset. */
export const DEFAULT_VERIFIED_AGENTS = bundled ? join(here, VERIFIED_AGENTS_COPY) : join(here, '..', '..', 'config', 'verified-agents.json');
