/**
 * A worker thread that makes, writes, tags and counts the Markdown twins of
 * cards while the main thread renders their HTML: the build has two cores, and
 * Markdown (serialising, token counting, hashing) was a third of the rendering
 * phase. It runs this project's own modules under Node, outside Vite's bundle,
 * and answers each card with the manifest entry of the file it wrote.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cardToMarkdown } from '../lib/markdown/card-markdown.ts';
import { createFileSink } from './file-sink.ts';
import { readTokenCache } from './token-counter.ts';
import type { BuildPaths } from './build-paths.ts';
import type { CardDetail } from '../lib/card-record.ts';

export type MarkdownRequest = { id: number; path: string; json: string } | { id: number; flush: true };

const paths = workerData as BuildPaths;
const sink = createFileSink({ client: paths.clientDir, server: paths.serverDir }, readTokenCache(paths.tokenCacheFile));

parentPort!.on('message', async (request: MarkdownRequest) => {
  try {
    if ('flush' in request) {
      await sink.flush();
      parentPort!.postMessage({ id: request.id });
      return;
    }
    const card = JSON.parse(request.json) as CardDetail;
    const file = await sink.write('client', request.path, cardToMarkdown(card));
    parentPort!.postMessage({ id: request.id, file });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: String((error as Error).stack ?? error) });
  }
});
