/**
 * The build's folders, handed from the build-output integration to the build routes through the virtual module
 * `virtual:card-values/build-paths` (the routes run inside Vite's bundle and cannot see Astro's config otherwise).
 */
export interface BuildPaths {
  /** The project's root, where src/ is (the Markdown worker runs from there). */
  projectRoot: string;
  clientDir: string;
  serverDir: string;
  /** The token counts of the Markdown's pieces, kept between builds (src/pipeline/token-counter.ts). */
  tokenCountsFile: string;
  /** Where the build keeps what the next build may reuse (src/pipeline/build-state.ts). */
  stateFile: string;
  /** What the catalogue derived from each card file (src/pipeline/card-file-cache.ts). */
  cardFileCacheDir: string;
  /** The hash of the code that renders the files (src/pipeline/code-version.ts). */
  codeVersion: string;
}

export const BUILD_PATHS_MODULE = 'virtual:card-values/build-paths';
