import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { type FunctionData, functionDataFile } from './function-data.ts';
import type { StaticFiles } from './static-files.ts';

/** A Buffer's bytes as the plain array every runtime's code takes (no copy). */
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;

/**
 * The function's data from the file system (Node, and the platforms whose functions ship files with them):
 * dist/server beside the function.
 * @example const data = fsData('dist/server'); const tools = await data.text('mcp-tools.json')
 */
export function fsData(serverDir: string): Required<FunctionData> {
  const pathOf = (file: string) => join(serverDir, functionDataFile(file));
  return {
    // Bytes (the packs, the history store) are read in one call: fs/promises reads a file in 512 KB steps through
    // the thread pool, which made the start's 26 MB of packs slower.
    bytes: async (file) => bytesOf(readFileSync(pathOf(file))),
    bytesNow: (file) => bytesOf(readFileSync(pathOf(file))),
    text: (file) => readFile(pathOf(file), 'utf8'),
  };
}

/** The prebuilt files' bytes from dist/client beside the function (one process serves all). */
export function diskFiles(clientDir: string): StaticFiles {
  // The path comes from the manifest, never from the request.
  return { read: async (file) => bytesOf(await readFile(join(clientDir, file))), remote: false };
}

/** Where a prebuilt file's gzip copy lies below the folder gzipDiskFiles reads. @example gzipCopyOf('/llms.txt') // "/llms.txt.gz" */
export const gzipCopyOf = (file: string) => `${file}.gz`;

const inflate = promisify(gunzip);

/**
 * The prebuilt files' bytes from gzip copies of them (gzipCopyOf), inflated on each read: how a function whose
 * size is limited carries every file it may answer with (a Vercel Function: 250 MB; the bundled catalogue's pages
 * are about a third of their size compressed).
 */
export function gzipDiskFiles(clientDir: string): StaticFiles {
  return { read: async (file) => bytesOf(await inflate(await readFile(join(clientDir, gzipCopyOf(file))))), remote: false };
}
