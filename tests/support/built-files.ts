import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileManifest } from '../../src/http/file-manifest.ts';

/**
 * A build's public files (dist/client), read by their path below it as text or as JSON.
 * @example const { readJson } = builtFiles(dist); readJson('api/sets.json')
 */
export function builtFiles(dist: string) {
  const client = join(dist, 'client');
  const read = (path: string) => readFileSync(join(client, path), 'utf8');
  const readJson = (path: string) => JSON.parse(read(path));
  return { client, read, readJson };
}

/** A build's manifest (dist/server/manifest.json): every public file's ETag, size and token count. */
export function manifestOf(dist: string): FileManifest {
  return JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as FileManifest;
}
