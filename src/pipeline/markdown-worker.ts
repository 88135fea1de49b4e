/**
 * A worker thread that writes, tags and token-counts every Markdown file of the build, and makes the twins of cards,
 * sealed products and sets itself from their JSON (writing that JSON file too), while the main thread renders HTML:
 * the build has two cores. All counting happens here, so only this thread loads the tokenizer. It runs the project's
 * own modules under Node, outside Vite's bundle, and answers each request with the manifest entries of its files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cardToMarkdown } from '../render/markdown/card-markdown.ts';
import { sealedToMarkdown } from '../render/markdown/sealed-markdown.ts';
import { setToMarkdown } from '../render/markdown/set-markdown.ts';
import type { CardDetail, SealedDetail, SetDetail } from '../schemas/api-types.ts';
import type { BuildPaths } from './build-paths.ts';
import type { FileTarget, MarkdownFromJson } from './emit-items.ts';
import { createFileSink, type WrittenFile } from './file-sink.ts';
import { readPreTokenCounts, writePreTokenCounts } from './token-counter.ts';

export type MarkdownRequest =
  | { id: number; kind: MarkdownFromJson; json: string; jsonFile: FileTarget; markdownFile: FileTarget }
  | { id: number; markdown: string; markdownFile: FileTarget }
  | { id: number; flush: true };

const MARKDOWN_OF: Record<MarkdownFromJson, (record: never) => string> = {
  card: (card: CardDetail) => cardToMarkdown(card),
  sealed: (product: SealedDetail) => sealedToMarkdown(product),
  set: (set: SetDetail) => setToMarkdown(set),
};

const paths = workerData as BuildPaths;
const sink = createFileSink({ client: paths.clientDir, server: paths.serverDir }, { markdown: true });
readPreTokenCounts(paths.tokenCountsFile);

/** A record's Markdown twin, made from its JSON. */
const markdownOf = (kind: MarkdownFromJson, json: string): string => MARKDOWN_OF[kind](JSON.parse(json) as never);

parentPort!.on('message', async (request: MarkdownRequest) => {
  try {
    if ('flush' in request) {
      await sink.flush();
      writePreTokenCounts(paths.tokenCountsFile);
      parentPort!.postMessage({ id: request.id, files: [] });
      return;
    }
    const files: WrittenFile[] = [];
    const write = async ({ path, previous }: FileTarget, body: string) => files.push((await sink.write('client', path, body, previous))!);
    if ('kind' in request) await write(request.jsonFile, request.json);
    const body = 'kind' in request ? markdownOf(request.kind, request.json) : request.markdown;
    await write(request.markdownFile, body);
    parentPort!.postMessage({ id: request.id, files });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: String((error as Error).stack ?? error) });
  }
});
