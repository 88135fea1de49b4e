/**
 * The memory the function's data takes once loaded, measured in a Node process of its own: the fetch handler
 * (src/server/fetch-handler.ts) made over the build's data read from an asset store (src/server/asset-data.ts, as
 * on Cloudflare; the store here reads dist/server from the disk), then asked what makes it load every part of its
 * data (scripts/lib/data-loading-requests.ts). After two full garbage collections: V8's used heap and the array
 * buffers (the search packs and history store are bytes outside the heap, but inside an isolate's memory), and
 * both before the handler loaded anything (Node and the code), so that the data's own share is their difference.
 * Lists are valued in the process (no list worker), as they would be in an isolate.
 *
 * The measuring process is this file run as a script (`import.meta.main`), so that what the caller loaded is not
 * counted and the old space can be capped as an isolate's would be.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataLoadingRequests } from './data-loading-requests.ts';

export interface FunctionHeap {
  /** Node and the code, before the handler loaded anything. */
  baseline: NodeJS.MemoryUsage;
  /** After every part of the data was loaded. */
  loaded: NodeJS.MemoryUsage;
  /** How many requests loaded it. */
  asked: number;
}

/** What one instance holds: V8's used heap and the array buffers. */
export const instanceBytes = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;

/**
 * Measures the heap of `dist`'s function data once loaded, in a process whose old space is capped at
 * `oldSpaceMb` (past it the process dies, and this throws saying so).
 */
export function measureFunctionHeap(dist: string, oldSpaceMb: number): FunctionHeap {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${oldSpaceMb}`, '--expose-gc', import.meta.filename, resolve(dist)], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`the measuring process failed (exit ${run.status ?? run.signal}):\n${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as FunctionHeap;
}

/** In the measuring process: the memory before and after the handler loaded every part of its data. */
async function measure(dist: string): Promise<FunctionHeap> {
  const { createFetchHandler } = await import('../../src/server/fetch-handler.ts');
  const { assetData } = await import('../../src/server/asset-data.ts');
  const { diskFiles } = await import('../../src/server/fs-data.ts');
  const { createListValuer, LIST_WORK } = await import('../../src/server/list-valuer.ts');
  const { LIST_WORKER_FILE } = await import('../../src/server/function-paths.ts');
  const serverDir = join(dist, 'server');
  const gc = (globalThis as { gc?: () => void }).gc!;
  const settled = () => {
    gc();
    gc();
    return process.memoryUsage();
  };
  const prefix = '/_function/';
  const handler = createFetchHandler({
    data: assetData({ fetch: async (request) => new Response(await readFile(join(serverDir, new URL(request.url).pathname.slice(prefix.length)))) }, prefix),
    files: diskFiles(join(dist, 'client')),
    // Every list valued in this thread, as in an isolate without threads (none here is valued through time).
    valuer: (inline) =>
      createListValuer({ serverDir, workerFile: pathToFileURL(join(serverDir, LIST_WORKER_FILE)), inline, limits: { ...LIST_WORK, inlineLines: Infinity } }),
    publicOrigin: 'https://cards.example',
  });
  const baseline = settled();
  const origin = 'https://cards.example';
  const search = (await (await handler(new Request(`${origin}/api/cards?q=charizard&limit=1`))).json()) as { results: { slug: string }[] };
  const slug = search.results[0].slug;
  const requests = dataLoadingRequests(origin, slug);
  for (const request of requests) {
    const response = await handler(request);
    await response.arrayBuffer();
    // A refused request may not have loaded what it was sent for.
    if (response.status !== 200) throw new Error(`${request.method} ${request.url} answered ${response.status}`);
  }
  return { baseline, loaded: settled(), asked: requests.length + 1 };
}

if (import.meta.main) console.log(JSON.stringify(await measure(process.argv[2])));
