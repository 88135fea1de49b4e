import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_PATHS_MODULE, type BuildPaths } from '../build/build-paths.ts';
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
 */
export function buildOutput(): AstroIntegration {
  let paths: BuildPaths;
  return {
    name: 'card-values:build-output',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        paths = {
          projectRoot: fileURLToPath(config.root),
          clientDir: fileURLToPath(config.build.client),
          serverDir: fileURLToPath(config.build.server),
          tokenCacheFile: join(fileURLToPath(config.cacheDir), 'markdown-tokens.json'),
        };
        const resolved = `\0${BUILD_PATHS_MODULE}`;
        updateConfig({
          vite: {
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
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const started = performance.now();
        const step = (n: number, text: string) => logger.info(`[${n}/3] ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

        const manifest: FileManifest = { files: {} };
        const tokens = new Map<string, number>();
        let counted = 0;
        const bundleDir = join(clientDir, BUNDLE_DIR);
        for (const name of (await readdir(bundleDir)).sort()) {
          for (const line of (await readFile(join(bundleDir, name), 'utf8')).split('\n')) {
            if (!line) continue;
            const { path, tokenKey, counted: fresh, ...info } = JSON.parse(line) as WrittenFile;
            manifest.files[path] = info;
            if (tokenKey !== undefined) tokens.set(tokenKey, info.tokens!);
            if (fresh) counted++;
          }
        }
        await rm(bundleDir, { recursive: true });
        writeTokenCache(paths.tokenCacheFile, tokens);
        step(
          1,
          `${Object.keys(manifest.files).length} files written by the build routes; counted tokens of ${counted} Markdown files, ${tokens.size - counted} from cache`,
        );

        let others = 0;
        const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
        for (const entry of entries.filter((e) => e.isFile())) {
          const path = relative(clientDir, join(entry.parentPath, entry.name));
          const url = `/${path.split(sep).join('/')}`;
          if (manifest.files[url]) continue;
          const body = await readFile(join(clientDir, path));
          manifest.files[url] = { etag: etagOf(body), bytes: body.length };
          others++;
        }
        step(2, `tagged ${others} other files (pages, assets)`);

        await writeFile(join(paths.serverDir, MANIFEST_FILE), JSON.stringify(manifest));
        step(3, `manifest of ${Object.keys(manifest.files).length} files written to ${relative(process.cwd(), join(paths.serverDir, MANIFEST_FILE))}`);
      },
    },
  };
}
