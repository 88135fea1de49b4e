import { copyFile, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type BuildOptions, build, type Plugin, stop } from 'esbuild';
import { imageHostDefine } from '../schemas/image-host.ts';
import { FUNCTION_CHUNKS_DIR, FUNCTION_FILE, LIST_WORKER_FILE, VERIFIED_AGENTS_COPY } from '../server/function-paths.ts';

/**
 * Beside Astro's build: the function (src/server/main.ts and all it imports, our code and its pure-JS packages) as one
 * precompiled ES module, dist/server/function.mjs (what it imports only on first need, the MCP endpoint, in
 * dist/server/chunks/), with a copy of config/verified-agents.json (its default allowlist). So the function starts
 * without stripping types or resolving its modules, and a copy of dist/server runs alone: no src/, no node_modules.
 *
 * `import … from 'node:http'` costs the function's start far more than `require('node:http')`: Node builds an ES
 * module facade of a built-in by reading every export, and node:http's include lazy getters that load all of undici
 * (fetch, WebSocket). So every import of a built-in becomes a require in the bundle.
 */
const builtinsRequired: Plugin = {
  name: 'card-values:builtins-required',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, ({ path, kind }) => (kind === 'import-statement' ? { path, namespace: 'node-builtin' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => ({ contents: `module.exports = require(${JSON.stringify(path)});`, loader: 'js' }));
  },
};

/**
 * The first lines of every file of a bundle of the function: where it was made from, and the `require` that
 * builtinsRequired needs (Node's built-ins are required, never imported; an ES module has no `require` of its own).
 */
export function bundleBanner(from: string, by = 'src/integrations/function-bundle.ts'): string {
  return [
    `// The card-values function, bundled by ${by} from ${from}: see there.`,
    "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
  ].join('\n');
}

/** How every bundle of the function is made (npm start's here, the Netlify function's in scripts/lib/netlify-bundle.ts). */
export function functionBuildOptions(): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [builtinsRequired],
    // The image host the pages were built with: the function's Content-Security-Policy must allow it.
    define: imageHostDefine(),
    legalComments: 'eof',
    logLevel: 'silent',
  };
}

export function functionBundle(output: { serverDir: string }): AstroIntegration {
  let root: string;
  const { serverDir } = output;
  /** What the bundling made, said when the build is done. */
  let summary = '';
  return {
    name: 'card-values:function-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      /**
       * Bundled as Astro's build starts: the bundle needs nothing the build makes, and esbuild's process then runs
       * while the build holds little, not beside its peak at the end.
       */
      'astro:build:start': async ({ logger }) => {
        const started = performance.now();
        const outfile = join(serverDir, FUNCTION_FILE);
        // Chunks are named by their hash: a previous build's would otherwise stay beside this one's.
        await rm(join(serverDir, FUNCTION_CHUNKS_DIR), { recursive: true, force: true });
        const shared: BuildOptions & { metafile: true } = { ...functionBuildOptions(), metafile: true };
        const [result, worker] = await Promise.all([
          build({
            ...shared,
            entryPoints: { [FUNCTION_FILE.replace(/\.mjs$/, '')]: join(root, 'src', 'server', 'main.ts') },
            outdir: serverDir,
            outExtension: { '.js': '.mjs' },
            // What is imported on first need (the MCP endpoint and its SDK) is a chunk of its own, loaded then.
            splitting: true,
            chunkNames: `${FUNCTION_CHUNKS_DIR}/[name]-[hash]`,
            banner: { js: bundleBanner('src/server/main.ts') },
          }),
          // The list worker on its own, one file: it shares no chunk (nor any module state) with the function.
          build({
            ...shared,
            entryPoints: [join(root, 'src', 'server', 'list-worker.ts')],
            outfile: join(serverDir, LIST_WORKER_FILE),
            banner: { js: bundleBanner('src/server/list-worker.ts') },
          }),
        ]);
        // esbuild keeps its process for later calls; none come (a later one would start it again).
        await stop();
        result.warnings.push(...worker.warnings);
        for (const warning of result.warnings) logger.warn(`${warning.location?.file ?? ''}: ${warning.text}`);
        await copyFile(join(root, 'config', 'verified-agents.json'), join(serverDir, VERIFIED_AGENTS_COPY));
        const modules = Object.keys(result.metafile.inputs).length;
        const kb = Math.round((await stat(outfile)).size / 1024);
        const chunks = Object.entries(result.metafile.outputs).filter(([path]) => path.includes(`/${FUNCTION_CHUNKS_DIR}/`) && path.endsWith('.mjs'));
        const chunkKb = Math.round(chunks.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024);
        const workerKb = Math.round((await stat(join(serverDir, LIST_WORKER_FILE))).size / 1024);
        summary = `${modules} modules, ${kb} KB, and ${chunks.length} chunks loaded on first need, ${chunkKb} KB; ${LIST_WORKER_FILE} ${workerKb} KB (bundled in ${Math.round(performance.now() - started)} ms)`;
      },
      'astro:build:done': ({ logger }) => logger.info(`${relative(root, join(serverDir, FUNCTION_FILE))}: ${summary}`),
    },
  };
}
