/**
 * The memory the function's data takes once loaded, as one instance of a platform's function holds it (a
 * Workers isolate has 128 MB for everything, shared by the requests it answers at once; issue 47 asks ≤ 100 MB).
 *
 * In a Node process of its own, under `--max-old-space-size=100` (V8's old space capped as an isolate's would be;
 * past it the process dies, which is a figure too), scripts/lib/function-heap.ts loads every part of the build's
 * data through the fetch handler over an asset store, as on Cloudflare: a search of each kind and each order, a
 * field filter, autocomplete, the knowledge search, a sealed kind, a TCGplayer look-up, a search page (shell,
 * trends), a price feed (history store), MCP's tool list (tool file, SDK), a short list valued, a prebuilt file
 * (manifest); a long list's own peak is not measured here.
 *
 * Target: used heap + array buffers, once everything is loaded, ≤ 100 MB.
 *
 * Usage:  npm run bench:function-heap        (= node scripts/bench-function-heap.ts; DIST_DIR honoured, default dist)
 * Exit codes: 0 figures printed (target met or not) · 2 the benchmark could not run (no build, a request failed,
 *             or the data does not fit in the 100 MB old space).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mb, printTable, runBenchmark, targetChecks } from './lib/bench-report.ts';
import { instanceBytes, measureFunctionHeap } from './lib/function-heap.ts';

const OLD_SPACE_MB = 100;
const TARGET_BYTES = 100 * 2 ** 20;

await runBenchmark(async () => {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) throw new Error(`no build in ${dist} (npm run build)`);
  const { baseline, loaded, asked } = measureFunctionHeap(dist, OLD_SPACE_MB);
  const { check, misses } = targetChecks(mb);
  console.log(
    `function heap: the full data of ${dist}, loaded through the asset-store data source (${asked} requests), under --max-old-space-size=${OLD_SPACE_MB}`,
  );
  printTable([
    ['', 'used heap', 'array buffers', 'heap + buffers', 'RSS'],
    ['Node and the code', mb(baseline.heapUsed), mb(baseline.arrayBuffers), mb(instanceBytes(baseline)), mb(baseline.rss)],
    ['everything loaded', mb(loaded.heapUsed), mb(loaded.arrayBuffers), check('heap + buffers', instanceBytes(loaded), TARGET_BYTES), mb(loaded.rss)],
    [
      'the data alone',
      mb(loaded.heapUsed - baseline.heapUsed),
      mb(loaded.arrayBuffers - baseline.arrayBuffers),
      mb(instanceBytes(loaded) - instanceBytes(baseline)),
      mb(loaded.rss - baseline.rss),
    ],
  ]);
  if (misses.length) console.log(`missed: ${misses.join('; ')}`);
});
