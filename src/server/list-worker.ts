/**
 * The list worker: a worker thread that values lists and writes their answers (list-render.ts), one at a time,
 * for the function's main thread (list-valuer.ts), which keeps answering searches meanwhile. It reads the same
 * search data as the main thread, from the build's dist/server (workerData.serverDir), and sends each answer
 * back as bytes it gives up (transferred, not copied).
 *
 * The build bundles it on its own into dist/server/list-worker.mjs (src/integrations/function-bundle.ts).
 */
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { fsData } from './fs-data.ts';
import { listRenderContextOf, renderList } from './list-render.ts';
import type { ListJob, ListJobOutcome } from './list-work.ts';
import { loadSearchers } from './search-data.ts';

const { serverDir } = workerData as { serverDir: string };
// A worker thread is Node's alone: its searchers read each side file from the disk when first needed.
const context = listRenderContextOf(fsData(serverDir), loadSearchers(join(serverDir, 'search')));

parentPort!.on('message', async ({ id, lines, output, options }: ListJob) => {
  let outcome: ListJobOutcome;
  try {
    const rendered = await renderList(lines, output, context, options);
    const bytes = new TextEncoder().encode(rendered.text);
    outcome = { id, ok: true, bytes, tokens: rendered.tokens };
    parentPort!.postMessage(outcome, [bytes.buffer]);
  } catch (error) {
    // A fault of ours (valueList itself never throws on a line): the main thread logs it and answers 500.
    outcome = { id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    parentPort!.postMessage(outcome);
  }
});
