import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_PATHS_MODULE, type BuildPaths } from '../build/build-paths.ts';
import { BUILD_STATE_FILE, type BuildState, type GroupLine, hashOf, readPreviousFiles, writeBuildState } from '../build/build-state.ts';
import { codeVersionOf } from '../build/code-version.ts';
import { etagOf } from '../build/etag.ts';
import { type FileManifest, MANIFEST_FILE } from '../build/file-manifest.ts';
import type { WrittenFile } from '../build/file-sink.ts';
import { writeTokenCache } from '../build/token-counter.ts';

/** Where the build routes (src/pages/emit/) leave the list of files they wrote. */
const BUNDLE_DIR = 'emit';

/**
 * Tells the build routes where to write (a virtual module), and after Astro has
 * rendered everything: gathers what they wrote, tags the remaining files (pages,
 * assets), keeps the token counts for the next build, and writes the manifest of
 * ETags and token counts the function serves from. Numbered phases, no line per file.
 *
 * Incremental builds (src/build/build-state.ts) keep the previous output's
 * files: at the start the output's client folder is moved aside whole (a
 * rename) to a staging folder, where the build routes write and leave what has
 * not changed; Astro meanwhile builds into an empty client folder (it lists
 * every file it finds there in its server bundle, and writes its few pages and
 * public files anew). At the end the files no route made any more go, Astro's
 * files join the staging folder (unless the same bytes are already there), and
 * the staging folder becomes the client folder again.
 */
export function buildOutput(): AstroIntegration {
  let paths: BuildPaths;
  let astroClientDir: string;
  /** Files of the server folder older than this are left from an earlier build (it is not emptied). */
  let buildStart = 0;
  return {
    name: 'card-values:build-output',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const projectRoot = fileURLToPath(config.root);
        const cacheDir = fileURLToPath(config.cacheDir);
        astroClientDir = fileURLToPath(config.build.client);
        paths = {
          projectRoot,
          clientDir: join(fileURLToPath(config.outDir), STAGING_DIR),
          serverDir: fileURLToPath(config.build.server),
          tokenCacheFile: join(cacheDir, 'markdown-tokens.json'),
          stateFile: join(cacheDir, BUILD_STATE_FILE),
          codeVersion: codeVersionOf(projectRoot),
        };
        const resolved = `\0${BUILD_PATHS_MODULE}`;
        updateConfig({
          vite: {
            // The output folder is kept (see above); what the build no longer makes is removed at the end.
            build: { emptyOutDir: false },
            plugins: [
              {
                name: 'card-values:build-paths',
                resolveId: (id: string) => (id === BUILD_PATHS_MODULE ? resolved : undefined),
                load: (id: string) => (id === resolved ? `export default ${JSON.stringify(paths)};` : undefined),
              },
            ],
          },
        });
      },
      'astro:build:start': async () => {
        buildStart = Date.now();
        // A staging folder still there is from a build that failed half-way: its files cannot be trusted.
        if (existsSync(paths.clientDir)) {
          await rm(paths.clientDir, { recursive: true });
          await rm(paths.stateFile, { force: true });
        }
        if (existsSync(astroClientDir)) await rename(astroClientDir, paths.clientDir);
        else await mkdir(paths.clientDir, { recursive: true });
      },
      'astro:build:done': async ({ logger }) => {
        const started = performance.now();
        const step = (n: number, text: string) => logger.info(`[${n}/3] ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

        const files: FileManifest['files'] = {};
        const groups: BuildState['groups'] = {};
        const tokens = new Map<string, number>();
        let counted = 0;
        let keptGroups = 0;
        const bundleDir = join(astroClientDir, BUNDLE_DIR);
        for (const name of (await readdir(bundleDir)).sort()) {
          for (const line of (await readFile(join(bundleDir, name), 'utf8')).split('\n')) {
            if (!line) continue;
            const entry = JSON.parse(line) as WrittenFile | GroupLine;
            if ('group' in entry) {
              groups[entry.group] = [entry.key, entry.files];
              if (entry.kept) keptGroups++;
              continue;
            }
            const { path, tokenKey, counted: fresh, ...info } = entry;
            files[path] = info;
            if (tokenKey !== undefined) tokens.set(tokenKey, info.tokens!);
            if (fresh) counted++;
          }
        }
        await rm(bundleDir, { recursive: true });
        writeTokenCache(paths.tokenCacheFile, tokens);
        step(
          1,
          `${Object.keys(files).length} files from the build routes (${keptGroups} of ${Object.keys(groups).length} records unchanged, their files kept); counted tokens of ${counted} Markdown files, ${tokens.size - counted} from cache`,
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
        // The staging folder holds the previous build's files: those the manifest no longer lists go. When the
        // previous build is not known (no state, or another output), every file is looked at.
        const previous = readPreviousFiles(paths.stateFile, paths.serverDir);
        const removed = await removeUnlisted(paths.clientDir, files, previous);
        await removeOlder(paths.serverDir, buildStart);
        await rm(astroClientDir, { recursive: true });
        await rename(paths.clientDir, astroClientDir);
        step(2, `tagged ${others} other files (pages, assets); removed ${removed} files the previous build made and this one did not`);

        // Sorted, so that the same output gives the same manifest however much of it was reused.
        const manifest: FileManifest = { files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
        const manifestText = JSON.stringify(manifest);
        await writeFile(join(paths.serverDir, MANIFEST_FILE), manifestText);
        writeBuildState(paths.stateFile, { codeVersion: paths.codeVersion, manifestHash: hashOf(manifestText), groups });
        step(3, `manifest of ${Object.keys(files).length} files written to ${relative(process.cwd(), join(paths.serverDir, MANIFEST_FILE))}`);
      },
    },
  };
}

/** Where the client files are built (inside the output folder, so that moving them is a rename). */
const STAGING_DIR = '.client-staging';

/** Every file under `dir`, with its URL path. */
async function filesUnder(dir: string): Promise<{ path: string; url: string }[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
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

/** Deletes the files under `dir` written before `time` (ms): the server folder is written whole by every build. */
async function removeOlder(dir: string, time: number): Promise<void> {
  for (const { path } of await filesUnder(dir)) if ((await stat(path)).mtimeMs < time) await rm(path);
}
