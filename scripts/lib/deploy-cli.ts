/**
 * What the deploy:* scripts share: their arguments (a usage error exits 2) and
 * the build manifest they generate from (an unreadable one exits 1).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { type FileManifest, MANIFEST_FILE } from '../../src/http/file-manifest.ts';
import { BULK_MANIFEST_PATH } from '../../src/pipeline/bulk-files.ts';
import type { BulkManifest } from '../../src/schemas/api-types.ts';

/**
 * Parses the arguments; a missing `required` one or a malformed one exits 2 with the usage.
 * `exit` prints `<name>: message` to stderr and exits with `code`.
 */
export function deployCli<const O extends ParseArgsOptionsConfig, const R extends keyof O & string>(name: string, usage: string, options: O, required: R[]) {
  const exit = (code: number, message: string): never => {
    console.error(`${name}: ${message}`);
    process.exit(code);
  };
  let values: ReturnType<typeof parseArgs<{ options: O }>>['values'];
  try {
    values = parseArgs({ options }).values;
  } catch (error) {
    return exit(2, `${(error as Error).message}\n${usage}`);
  }
  const given = values as Record<string, unknown>;
  const missing = required.filter((option) => typeof given[option] !== 'string' || given[option] === '');
  if (missing.length) exit(2, `${missing.map((m) => `--${m}`).join(', ')} required\n${usage}`);
  return { values: values as typeof values & Record<R, string>, exit };
}

/** The manifest of the build in `dist` (dist/server/manifest.json). */
export function readBuildManifest(dist: string, exit: (code: number, message: string) => never, file = join(dist, 'server', MANIFEST_FILE)): FileManifest {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FileManifest;
  } catch (error) {
    return exit(1, `cannot read the build manifest ${file} (is ${dist} a build? run npm run build): ${(error as Error).message}`);
  }
}

/** The build's gzip twins, gzip file → the file it inflates to, as its bulk manifest lists them (`gzipOf`; none without one). */
export function readGzipTwins(dist: string): Record<string, string> {
  const file = join(dist, 'client', BULK_MANIFEST_PATH);
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BulkManifest;
  return Object.fromEntries(manifest.files.flatMap((entry) => (entry.gzipOf ? [[entry.path, entry.gzipOf]] : [])));
}

/** Writes generated files into `out` (created if missing), saying what was written. */
export function writeGenerated(out: string, files: { path: string; text: string }[]): void {
  mkdirSync(out, { recursive: true });
  for (const file of files) {
    // A file may lie in a folder of its own (netlify/functions/…).
    mkdirSync(dirname(join(out, file.path)), { recursive: true });
    writeFileSync(join(out, file.path), file.text);
    console.log(`wrote ${join(out, file.path)} (${Buffer.byteLength(file.text)} bytes)`);
  }
}
