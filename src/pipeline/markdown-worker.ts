/**
 * A worker thread that writes, tags and token-counts every Markdown file of the
 * build, and makes the cards' twins itself, while the main thread renders HTML:
 * the build has two cores, and Markdown (serialising, counting, hashing) was a
 * third of the rendering phase. All counting happens here, so only this thread
 * loads the tokenizer. It runs the project's own modules under Node, outside
 * Vite's bundle, and answers each file with its manifest entry.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cardToMarkdown } from '../render/markdown/card-markdown.ts';
import type { CardDetail } from '../schemas/api-types.ts';
import type { BuildPaths } from './build-paths.ts';
import { takeProfile, time } from './build-profile.ts';
import { createFileSink } from './file-sink.ts';
import { readTokenCache } from './token-counter.ts';

export type MarkdownRequest =
  | { id: number; path: string; card: string; previousEtag?: string }
  | { id: number; path: string; markdown: string; previousEtag?: string }
  | { id: number; flush: true };

const paths = workerData as BuildPaths;
const sink = createFileSink({ client: paths.clientDir, server: paths.serverDir }, readTokenCache(paths.tokenCacheFile));

function cardMarkdownOf(json: string): string {
  const card = time('card: JSON parsed', () => JSON.parse(json) as CardDetail);
  return time('card: Markdown', () => cardToMarkdown(card));
}

parentPort!.on('message', async (request: MarkdownRequest) => {
  try {
    if ('flush' in request) {
      await sink.flush();
      // What this thread timed (build-profile.ts) goes back with the flush: the main thread reports it.
      parentPort!.postMessage({ id: request.id, profile: takeProfile() });
      return;
    }
    const body = 'card' in request ? cardMarkdownOf(request.card) : request.markdown;
    const file = await sink.write('client', request.path, body, request.previousEtag);
    parentPort!.postMessage({ id: request.id, file });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: String((error as Error).stack ?? error) });
  }
});
