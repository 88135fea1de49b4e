import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { logPhase, logStep } from '../pipeline/build-log.ts';
import { BUILD_PATHS_MODULE, type BuildPaths } from '../pipeline/build-paths.ts';
import { BUILD_STATE_FILE } from '../pipeline/build-state.ts';
import { codeVersionOf } from '../pipeline/code-version.ts';
import { finishBuild, startBuild } from '../pipeline/pipeline.ts';

/**
 * The build pipeline's adapter to Astro (src/pipeline/pipeline.ts): tells the build routes where to write (a virtual
 * module), moves the previous output aside when the build starts, and finishes the build (manifest, state) when Astro
 * is done. Astro builds its own few files (public/, the 404 page, the routes' answers) into an empty client folder;
 * the routes write to a staging folder, the previous output moved aside, that becomes the client folder at the end.
 * Its hooks also say which phase the build is in (build-log.ts).
 */
export function buildOutput(output: { clientDir: string; serverDir: string }): AstroIntegration {
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
        astroClientDir = output.clientDir;
        paths = {
          projectRoot,
          clientDir: join(output.clientDir, '..', STAGING_DIR),
          serverDir: output.serverDir,
          tokenCountsFile: join(cacheDir, 'markdown-pieces.json'),
          stateFile: join(cacheDir, BUILD_STATE_FILE),
          cardFileCacheDir: join(cacheDir, 'card-files'),
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
      // Astro syncs the content collections right after its configuration is done.
      'astro:config:done': () => logPhase(1),
      'astro:build:start': async () => {
        logPhase(2);
        buildStart = Date.now();
        await startBuild(paths, astroClientDir);
      },
      'astro:build:done': async () => {
        logPhase(4);
        await finishBuild(paths, astroClientDir, buildStart, logStep);
      },
    },
  };
}

/** Where the client files are built (inside the output folder, so that moving them is a rename). */
const STAGING_DIR = '.client-staging';
