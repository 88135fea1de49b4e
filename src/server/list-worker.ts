/**
 * The list worker: a worker thread that values lists and writes their answers (list-render.ts), one at a time,
 * for the function's main thread (list-valuer.ts), which keeps answering searches meanwhile. It reads the same
 * search data as the main thread, from the build's dist/server (workerData.serverDir), and sends each answer
 * back as bytes it gives up (transferred, not copied).
 *
 * The build bundles it on its own into dist/server/list-worker.mjs (src/integrations/function-bundle.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { type PageShell, pageShellOf, SHELL_FILE } from '../render/pages/page-shell.ts';
import { renderList } from './list-render.ts';
import type { ListJob, ListJobOutcome } from './list-valuer.ts';
import { historyStoreOf, loadSearchers } from './search-data.ts';

const { serverDir } = workerData as { serverDir: string };
const searchers = loadSearchers(join(serverDir, 'search'));
let shell: Promise<PageShell> | undefined;
const context = {
  searchers,
  shell: () => (shell ??= readFile(join(serverDir, SHELL_FILE), 'utf8').then(pageShellOf)),
  histories: historyStoreOf(join(serverDir, 'search')),
};

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
