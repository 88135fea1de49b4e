import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { BuildPaths } from './build-paths.ts';
import type { WrittenFile } from './file-sink.ts';
import type { MarkdownRequest } from './markdown-worker.ts';

/**
 * The main thread's side of src/build/markdown-worker.ts: hands it a card (as
 * the JSON already made for the card's .json file) and gets back the manifest
 * entry of the Markdown file the worker wrote.
 */
export interface MarkdownOffload {
  card(path: string, json: string): Promise<WrittenFile>;
  /** Resolves when every file handed over so far is on disk. */
  flush(): Promise<void>;
}

export function createMarkdownOffload(paths: BuildPaths): MarkdownOffload {
  const worker = new Worker(join(paths.projectRoot, 'src', 'build', 'markdown-worker.ts'), { workerData: paths });
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
  const send = (request: Omit<MarkdownRequest, 'id'>) =>
    new Promise<WrittenFile>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    card: (path, json) => send({ path, json }),
    flush: () => send({ flush: true }).then(() => undefined),
  };
}
