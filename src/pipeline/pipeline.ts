/**
 * The build, in the order it happens. Astro drives it; its route (src/pages/emit/[batch].ndjson.ts) and integration
 * (src/integrations/build-output.ts) only call what is here.
 *
 *  1. Read the content: Astro's content collections validate every record as it loads (src/content.config.ts,
 *     src/loaders/); the catalogue (catalogue.ts) reads the records and fails on what ties them together.
 *  2. Start: `startBuild` moves the previous output's client folder to the staging folder where this build writes
 *     (a rename), so that Astro builds its own few files into an empty one.
 *  3. Plan: each batch (emit-files.ts, set-files.ts) lists its files in groups, each with the key of what it is
 *     made from: a record's pages, or a whole-catalogue output (search data, open-data files, movers …), which joins
 *     what it takes from each card from pieces cached per card file (card-pieces.ts).
 *  4. Render what changed and write it: `runBatch` keeps a group whose key the previous build had (build-state.ts),
 *     renders and writes the others (Markdown in a worker thread), and does not write again a file whose bytes did
 *     not change. Its answer lists every group and every file it made (a kept group's files keep their manifest
 *     entries; its server-folder files stay as they are).
 *  5. Finish: `finishBuild` gathers the batches' lists, joins Astro's files, removes what is no longer made, and
 *     writes the manifest (ETags, sizes, token counts: what the function serves from) and the state for the next build.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { etagOf } from '../http/etag.ts';
import { type FileManifest, MANIFEST_FILE } from '../http/file-manifest.ts';
import type { BuildPaths } from './build-paths.ts';
import {
  type BuildState,
  type GroupLine,
  hashOf,
  isRecordGroup,
  type PreviousBuild,
  readPreviousBuild,
  readPreviousFiles,
  SERVER_FILE,
  serverFileOf,
  writeBuildState,
} from './build-state.ts';
import type { Catalogue } from './catalogue.ts';
import { emitBatch, makesMarkdown } from './emit-files.ts';
import type { EmittedFile, MarkdownFile, PageRenderer } from './emit-items.ts';
import { createFileSink, type WrittenFile } from './file-sink.ts';
import { createMarkdownOffload, type MarkdownOffload } from './markdown-offload.ts';

/** Where Astro leaves the answers of the build routes (its client folder's `emit/`). */
const BATCH_DIR = 'emit';

// ---------------------------------------------------------------------------------------------------------
// 2. Start

/** Moves the previous client folder to the staging folder (`paths.clientDir`), or makes an empty one. */
export async function startBuild(paths: BuildPaths, astroClientDir: string): Promise<void> {
  // A staging folder still there is from a build that failed half-way: its files cannot be trusted.
  if (existsSync(paths.clientDir)) {
    await rm(paths.clientDir, { recursive: true });
    await rm(paths.stateFile, { force: true });
  }
  if (existsSync(astroClientDir)) await rename(astroClientDir, paths.clientDir);
  else await mkdir(paths.clientDir, { recursive: true });
}

// ---------------------------------------------------------------------------------------------------------
// 3 and 4. Plan, render what changed, write

/** What every batch of one build shares: made on the first batch, kept for the rest. */
interface BatchRun {
  previous: PreviousBuild;
  /** The worker starts on the first Markdown file to make: a rebuild that keeps them all needs none. */
  markdown?: MarkdownOffload;
  /**
   * The manifest lines of the worker's files that are done and not yet in a batch's answer: a batch does not wait
   * for its Markdown (the worker catches up while the next batches render), the last waits for all of it.
   */
  markdownDone: string[];
  markdownFailed?: Error;
}
let run: BatchRun | undefined;

/**
 * Makes one batch's files, or keeps them, and returns the route's answer: a line per file made (its manifest entry)
 * and per group (its key and files, and whether they were kept). After the `last` batch, what the batches shared
 * (the previous build's state, the Markdown worker) is let go.
 */
export async function runBatch(
  batch: string,
  paths: BuildPaths,
  catalogue: Catalogue,
  schemas: Record<string, unknown>,
  render: PageRenderer,
  { last = false } = {},
): Promise<string> {
  run ??= {
    previous: readPreviousBuild(paths.stateFile, paths.serverDir, paths.codeVersion),
    markdownDone: [],
  };
  const shared = run;
  const { previous } = shared;
  // The batches that make no Markdown come last: the worker (a heap of its own) goes before their big files are made,
  // unless it is still busy (the last batch waits for it then).
  if (!makesMarkdown(batch) && shared.markdown?.idle()) await closeMarkdown(shared);
  const sink = createFileSink({ client: paths.clientDir, server: paths.serverDir });
  const lines: string[] = [];
  const previousOf = (path: string) => previous.file(`/${path}`);
  /** Makes a file (or, for Markdown made from JSON, the two), and returns the URL paths made. */
  const make = async (item: EmittedFile | MarkdownFile): Promise<string[]> => {
    if (Array.isArray(item)) {
      const [target, path, body] = item;
      const written = await sink.write(target, path, body, previousOf(path));
      if (written) lines.push(JSON.stringify(written));
      return [target === 'server' ? `${SERVER_FILE}/${path}` : `/${path}`];
    }
    const markdown = (shared.markdown ??= createMarkdownOffload(paths));
    // Bounded, so that a clean build never holds more than a few thousand cards' JSON in the worker's queue.
    await markdown.backlog();
    // Not awaited: the worker works beside this thread.
    const answer =
      item.markdown === 'text'
        ? markdown.markdown(item.path, item.body, previousOf(item.path))
        : markdown.fromJson(item.markdown, { path: item.jsonPath, previous: previousOf(item.jsonPath) }, item.body, {
            path: item.path,
            previous: previousOf(item.path),
          });
    answer.then(
      (files) => shared.markdownDone.push(...files.map((file) => JSON.stringify(file))),
      (error: Error) => {
        shared.markdownFailed ??= error;
      },
    );
    return item.markdown === 'text' ? [`/${item.path}`] : [`/${item.jsonPath}`, `/${item.path}`];
  };
  for await (const item of emitBatch(batch, catalogue, schemas, render, {
    dir: dirname(paths.stateFile),
    cardFiles: paths.cardFileCacheDir,
  })) {
    if (!('group' in item)) {
      await make(item);
      continue;
    }
    const kept = previous.group(item.group, item.key);
    const files = kept ?? [];
    if (!kept) for await (const file of item.files()) files.push(...(await make(file)));
    lines.push(JSON.stringify({ group: item.group, key: item.key, files, kept: kept !== undefined } satisfies GroupLine));
  }
  await sink.flush();
  if (last) await closeMarkdown(shared);
  if (shared.markdownFailed) throw shared.markdownFailed;
  lines.push(...shared.markdownDone.splice(0));
  if (last) run = undefined;
  return `${lines.join('\n')}\n`;
}

/** Waits for every Markdown file handed to the worker, then stops it. */
async function closeMarkdown(shared: BatchRun): Promise<void> {
  if (!shared.markdown) return;
  await shared.markdown.flush();
  await shared.markdown.close();
  shared.markdown = undefined;
}

// ---------------------------------------------------------------------------------------------------------
// 5. Finish

/**
 * Gathers the batches' answers into the manifest, moves Astro's files into the staging folder (unless the same bytes
 * are there already), removes what this build did not make, turns the staging folder back into the client folder,
 * and writes the manifest and the state. `buildStart`: the server folder's files older than this are an earlier
 * build's. `log` prints a step.
 */
export async function finishBuild(paths: BuildPaths, astroClientDir: string, buildStart: number, log: (text: string) => void): Promise<void> {
  const files: FileManifest['files'] = {};
  const groups: BuildState['groups'] = {};
  /** Markdown files whose tokens were counted in this build, and those whose count is the previous build's. */
  let counted = 0;
  let reused = 0;
  /** Records' groups (their pages' files) and whole-catalogue outputs' (search, bulk …): [kept, all]. */
  const records = [0, 0];
  const outputs = [0, 0];
  /** The server folder's files of kept groups: the previous build's, which stay. */
  const keptServerFiles = new Set<string>();
  // The previous build's manifest: the entries of kept groups' files, and what the staging folder holds.
  const previousFiles = readPreviousFiles(paths.stateFile, paths.serverDir);
  const batchDir = join(astroClientDir, BATCH_DIR);
  for (const name of (await readdir(batchDir)).sort()) {
    for (const line of (await readFile(join(batchDir, name), 'utf8')).split('\n')) {
      if (!line) continue;
      const entry = JSON.parse(line) as WrittenFile | GroupLine;
      if ('group' in entry) {
        groups[entry.group] = [entry.key, entry.files];
        const count = isRecordGroup(entry.group) ? records : outputs;
        count[1]++;
        if (!entry.kept) continue;
        count[0]++;
        for (const path of entry.files) {
          const server = serverFileOf(path);
          if (server !== undefined) {
            keptServerFiles.add(join(paths.serverDir, server));
            continue;
          }
          const info = previousFiles?.[path];
          if (!info) throw new Error(`build: ${entry.group} was kept, but the previous manifest has no ${path}`);
          files[path] = info;
          if (info.tokens !== undefined) reused++;
        }
        continue;
      }
      const { path, counted: fresh, ...info } = entry;
      files[path] = info;
      if (fresh) counted++;
      else if (fresh === false) reused++;
    }
  }
  await rm(batchDir, { recursive: true });
  log(
    `${Object.keys(files).length} files from the build routes (${records[0]} of ${records[1]} records unchanged, their files kept; ${outputs[0]} of ${outputs[1]} whole-catalogue outputs kept); counted tokens of ${counted} Markdown files, ${reused} from cache`,
  );

  let others = 0;
  for (const { path, url } of await filesUnder(astroClientDir)) {
    const body = await readFile(path);
    const etag = etagOf(body);
    const staged = join(paths.clientDir, relative(astroClientDir, path));
    if (!(existsSync(staged) && etagOf(await readFile(staged)) === etag)) {
      await mkdir(dirname(staged), { recursive: true });
      await rename(path, staged);
    }
    files[url] = { etag, bytes: body.length };
    others++;
  }
  // The staging folder holds the previous build's files: those no longer listed go (all are looked at if it is unknown).
  const previousPaths = previousFiles && Object.keys(previousFiles);
  const removed = await removeUnlisted(paths.clientDir, files, previousPaths);
  await removeOlder(paths.serverDir, buildStart, keptServerFiles);
  await rm(astroClientDir, { recursive: true });
  await rename(paths.clientDir, astroClientDir);
  log(`tagged ${others} other files (pages, assets); removed ${removed} files the previous build made and this one did not`);

  // Sorted, so that the same output gives the same manifest however much of it was reused.
  const manifest: FileManifest = { files: {} };
  for (const path of Object.keys(files).sort()) manifest.files[path] = files[path];
  const manifestText = JSON.stringify(manifest);
  await writeFile(join(paths.serverDir, MANIFEST_FILE), manifestText);
  writeBuildState(paths.stateFile, { codeVersion: paths.codeVersion, manifestHash: hashOf(manifestText), groups });
  log(`manifest of ${Object.keys(files).length} files written to ${relative(process.cwd(), join(paths.serverDir, MANIFEST_FILE))}`);
}

/** Every file under `dir`, with its URL path. */
async function filesUnder(dir: string): Promise<{ path: string; url: string }[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, url: `/${relative(dir, path).split(sep).join('/')}` };
    });
}

/**
 * Deletes the files under `dir` that `listed` does not name (by URL path), then the folders that leaves empty.
 * `present` lists what the folder holds when that is known (the previous build's manifest), else it is read.
 */
async function removeUnlisted(dir: string, listed: Record<string, unknown>, present: string[] | undefined): Promise<number> {
  const gone = (present ?? (await filesUnder(dir)).map((f) => f.url)).filter((url) => !listed[url]);
  const folders = new Set<string>();
  for (const url of gone) {
    const path = join(dir, ...url.split('/'));
    await rm(path, { force: true });
    folders.add(dirname(path));
  }
  for (const folder of [...folders].sort().reverse()) {
    if (folder.startsWith(dir + sep) && (await readdir(folder)).length === 0) await rm(folder, { recursive: true });
  }
  return gone.length;
}

/** Deletes the files under `dir` written before `time` (ms), but those `kept` names (absolute paths). */
async function removeOlder(dir: string, time: number, kept: Set<string>): Promise<void> {
  for (const { path } of await filesUnder(dir)) if (!kept.has(path) && (await stat(path)).mtimeMs < time) await rm(path);
}
