/**
 * The memory the function's data takes once loaded, as one instance of a platform's function holds it (a
 * Workers isolate has 128 MB for everything, shared by the requests it answers at once; issue 47 asks ≤ 100 MB).
 *
 * In a Node process of its own, under `--max-old-space-size=100` (V8's old space capped as an isolate's would be;
 * past it the process dies, which is a figure too), the fetch handler (src/server/fetch-handler.ts) is made over
 * the build's data read from an asset store (src/server/asset-data.ts, as on Cloudflare; the store here reads
 * dist/server from the disk), then asked what makes it load every part of its data: a search of each kind and
 * each order, a field filter, autocomplete, the knowledge search, a sealed kind, a TCGplayer look-up, a search
 * page (shell, trends), a price feed (history store), MCP's tool list (tool file, SDK), a short list valued, a
 * prebuilt file (manifest). After two full garbage collections: V8's used heap, the array buffers (the search
 * packs and history store are bytes outside the heap, but inside an isolate's memory), and both before the
 * handler loaded anything (Node and the code) so that the data's own share is their difference. Lists are valued
 * in the process (no list worker), as they would be in an isolate; a long list's own peak is not measured here.
 *
 * Target: used heap + array buffers, once everything is loaded, ≤ 100 MB.
 *
 * Usage:  npm run bench:function-heap        (= node scripts/bench-function-heap.ts; DIST_DIR honoured, default dist)
 * Exit codes: 0 figures printed (target met or not) · 2 the benchmark could not run (no build, a request failed,
 *             or the data does not fit in the 100 MB old space).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mb, printTable, runBenchmark, targetChecks } from './lib/bench-report.ts';
import { dataLoadingRequests } from './lib/data-loading-requests.ts';

const OLD_SPACE_MB = 100;
const TARGET_BYTES = 100 * 2 ** 20;
const CHILD = '--measure';

interface Measured {
  baseline: NodeJS.MemoryUsage;
  loaded: NodeJS.MemoryUsage;
  asked: number;
}

await runBenchmark(async () => {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) throw new Error(`no build in ${dist} (npm run build)`);
  if (process.argv.includes(CHILD)) {
    console.log(JSON.stringify(await measure(dist)));
    return;
  }
  const run = spawnSync(process.execPath, [`--max-old-space-size=${OLD_SPACE_MB}`, '--expose-gc', import.meta.filename, CHILD], {
    env: { ...process.env, DIST_DIR: dist },
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`the measuring process failed (exit ${run.status ?? run.signal}):\n${run.stderr.slice(-2000)}`);
  const { baseline, loaded, asked } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Measured;
  const instance = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
  const { check, misses } = targetChecks(mb);
  console.log(
    `function heap: the full data of ${dist}, loaded through the asset-store data source (${asked} requests), under --max-old-space-size=${OLD_SPACE_MB}`,
  );
  printTable([
    ['', 'used heap', 'array buffers', 'heap + buffers', 'RSS'],
    ['Node and the code', mb(baseline.heapUsed), mb(baseline.arrayBuffers), mb(instance(baseline)), mb(baseline.rss)],
    ['everything loaded', mb(loaded.heapUsed), mb(loaded.arrayBuffers), check('heap + buffers', instance(loaded), TARGET_BYTES), mb(loaded.rss)],
    [
      'the data alone',
      mb(loaded.heapUsed - baseline.heapUsed),
      mb(loaded.arrayBuffers - baseline.arrayBuffers),
      mb(instance(loaded) - instance(baseline)),
      mb(loaded.rss - baseline.rss),
    ],
  ]);
  if (misses.length) console.log(`missed: ${misses.join('; ')}`);
});

/** In the capped process: the memory before and after the handler loaded every part of its data. */
async function measure(dist: string): Promise<Measured> {
  const { createFetchHandler } = await import('../src/server/fetch-handler.ts');
  const { assetData } = await import('../src/server/asset-data.ts');
  const { diskFiles } = await import('../src/server/fs-data.ts');
  const { createListValuer, LIST_WORK } = await import('../src/server/list-valuer.ts');
  const { LIST_WORKER_FILE } = await import('../src/server/function-paths.ts');
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
