import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileInfo } from '../http/file-manifest.ts';
import type { BuildPaths } from './build-paths.ts';
import type { FileTarget, MarkdownFromJson } from './emit-items.ts';
import type { WrittenFile } from './file-sink.ts';
import type { MarkdownRequest } from './markdown-worker.ts';

/**
 * The main thread's side of src/pipeline/markdown-worker.ts: hands it a record's JSON (the worker writes it and makes
 * its Markdown twin from it) or a Markdown body, and gets back the manifest entries of the files the worker wrote.
 */
export interface MarkdownOffload {
  /** A record's JSON file and its Markdown twin, made from that JSON. */
  fromJson(kind: MarkdownFromJson, jsonFile: FileTarget, json: string, markdownFile: FileTarget): Promise<WrittenFile[]>;
  /** Markdown made on the main thread, to be written, tagged and counted. */
  markdown(path: string, body: string, previous?: FileInfo): Promise<WrittenFile[]>;
  /** Resolves at once, or when the files handed over and not yet answered are few enough to hand over more. */
  backlog(): Promise<void>;
  /** Whether every file handed over so far is answered. */
  idle(): boolean;
  /** Resolves when every file handed over so far is answered and on disk. */
  flush(): Promise<void>;
  /** Stops the worker (after a flush): the last batch is done, and its heap and tokenizer can go. */
  close(): Promise<void>;
}

/** Files handed over and not yet answered, at most: a few thousand cards' JSON. */
const MAX_QUEUED = 4000;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function createMarkdownOffload(paths: BuildPaths): MarkdownOffload {
  const worker = new Worker(join(paths.projectRoot, 'src', 'pipeline', 'markdown-worker.ts'), {
    workerData: paths,
    // Its live heap is the tokenizer's ranks and a few files in flight; without caps V8 lets it grow freely.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 },
  });
  // The build ends when Astro is done; an idle worker must not hold the process open.
  worker.unref();
  const pending = new Map<number, { resolve: (answer: WrittenFile[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  /** Who waits for the queue to shrink (backlog) or to empty (flush). */
  let waiters: { below: number; resolve: () => void }[] = [];
  const wake = () => {
    const ready = waiters.filter((w) => pending.size <= w.below);
    waiters = waiters.filter((w) => pending.size > w.below);
    for (const w of ready) w.resolve();
  };
  const queueAtMost = (below: number) => (pending.size <= below ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ below, resolve })));
  worker.on('message', ({ id, files, error }: { id: number; files?: WrittenFile[]; error?: string }) => {
    const waiting = pending.get(id)!;
    pending.delete(id);
    if (error) waiting.reject(new Error(`Markdown worker: ${error}`));
    else waiting.resolve(files!);
    wake();
  });
  let failed: Error | undefined;
  worker.on('error', (error: Error) => {
    failed = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    wake();
  });
  // A file's answer is its manifest entry; a flush's is empty.
  const send = (request: DistributiveOmit<MarkdownRequest, 'id'>) =>
    new Promise<WrittenFile[]>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    fromJson: (kind, jsonFile, json, markdownFile) => send({ kind, json, jsonFile, markdownFile }),
    markdown: (path, body, previous) => send({ markdownFile: { path, previous }, markdown: body }),
    backlog: () => queueAtMost(MAX_QUEUED),
    idle: () => pending.size === 0,
    // The worker answers each file when it is handed to its sink; its sink's flush then waits for the disk.
    flush: () => queueAtMost(0).then(() => send({ flush: true }).then(() => undefined)),
    close: () => worker.terminate().then(() => undefined),
  };
}
