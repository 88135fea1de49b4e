import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuildPaths } from './build-paths.ts';
import type { WrittenFile } from './file-sink.ts';
import type { MarkdownRequest } from './markdown-worker.ts';

/**
 * The main thread's side of src/build/markdown-worker.ts: hands it a card (as
 * the JSON already made for the card's .json file) or a finished Markdown body,
 * and gets back the manifest entry of the file the worker wrote.
 */
export interface MarkdownOffload {
  /** The card's twin, made from the JSON of its .json file. `previousEtag`: see FileSink.write. */
  card(path: string, json: string, previousEtag?: string): Promise<WrittenFile>;
  /** Markdown made on the main thread, to be written, tagged and counted. */
  markdown(path: string, body: string, previousEtag?: string): Promise<WrittenFile>;
  /** Resolves when every file handed over so far is on disk. */
  flush(): Promise<void>;
  /** Stops the worker (after a flush): the last bundle is done, and its heap and tokenizer can go. */
  close(): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function createMarkdownOffload(paths: BuildPaths): MarkdownOffload {
  const worker = new Worker(join(paths.projectRoot, 'src', 'build', 'markdown-worker.ts'), {
    workerData: paths,
    // Its live heap is the tokenizer's ranks and a few files in flight; without caps V8
    // lets a second heap grow as freely as the main one.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 },
  });
  // The build ends when Astro is done; an idle worker must not hold the process open.
  worker.unref();
  const pending = new Map<number, { resolve: (file: WrittenFile) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', ({ id, file, error }: { id: number; file?: WrittenFile; error?: string }) => {
    const waiting = pending.get(id)!;
    pending.delete(id);
    if (error) waiting.reject(new Error(`Markdown worker: ${error}`));
    else waiting.resolve(file!);
  });
  worker.on('error', (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  const send = (request: DistributiveOmit<MarkdownRequest, 'id'>) =>
    new Promise<WrittenFile>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    card: (path, json, previousEtag) => send({ path, card: json, previousEtag }),
    markdown: (path, body, previousEtag) => send({ path, markdown: body, previousEtag }),
    flush: () => send({ flush: true }).then(() => undefined),
    close: () => worker.terminate().then(() => undefined),
  };
}
