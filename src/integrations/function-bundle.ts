import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type BuildOptions, build, type Plugin, stop } from 'esbuild';
import { cacheOff } from '../pipeline/cache-switch.ts';
import { codeVersionOf } from '../pipeline/code-version.ts';
import { imageHostDefine } from '../schemas/image-host.ts';
import { FUNCTION_CHUNKS_DIR, FUNCTION_FILE, LIST_WORKER_FILE, VERIFIED_AGENTS_COPY } from '../server/function-home.ts';

/**
 * Beside Astro's build: the function (src/server/main.ts and all it imports, our
 * code and its pure-JS packages) as one precompiled ES module,
 * dist/server/function.mjs (what it imports only on first need, the MCP endpoint, in dist/server/chunks/), and beside it a copy of config/verified-agents.json
 * (its default allowlist). So the function starts without stripping types or
 * resolving ~60 modules, and a copy of dist/server runs alone: no src/, no
 * node_modules. Only Node's built-ins stay outside.
 */
/**
 * `import … from 'node:http'` costs ~25 ms at start where `require('node:http')`
 * costs ~3: Node builds an ES module facade of a built-in by reading every
 * export, and node:http's include lazy getters that load all of undici (fetch,
 * WebSocket). So every import of a built-in becomes a require in the bundle.
 */
const builtinsRequired: Plugin = {
  name: 'card-values:builtins-required',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, ({ path, kind }) => (kind === 'import-statement' ? { path, namespace: 'node-builtin' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => ({ contents: `module.exports = require(${JSON.stringify(path)});`, loader: 'js' }));
  },
};

/**
 * The bundle's files, kept in CACHE_DIR/function-bundle/ under the key of what they are made from (the code,
 * the allowlist, the image host): a build whose key is the previous one's copies them instead of bundling
 * again, which a rebuild after a price edit would otherwise spend a tenth of its time on.
 */
const BUNDLE_CACHE_DIR = 'function-bundle';
const BUNDLE_KEY_FILE = 'key';
const BUNDLE_FILES = [FUNCTION_FILE, FUNCTION_CHUNKS_DIR, LIST_WORKER_FILE, VERIFIED_AGENTS_COPY];

async function bundleKeyOf(root: string): Promise<string> {
  return createHash('sha256')
    .update(codeVersionOf(root))
    .update('\0')
    .update(await readFile(join(root, 'config', 'verified-agents.json')))
    .update('\0')
    .update(JSON.stringify(imageHostDefine()))
    .digest('base64url');
}

/** Copies the bundle's files from one folder to another (the server folder, the cache). */
async function copyBundle(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await rm(join(to, FUNCTION_CHUNKS_DIR), { recursive: true, force: true });
  for (const name of BUNDLE_FILES) await cp(join(from, name), join(to, name), { recursive: true });
}

export function functionBundle(output: { serverDir: string }): AstroIntegration {
  let root: string;
  let serverDir: string;
  let cacheDir: string;
  /** Whether the cache held the bundle of this code, and else what the bundling made. */
  let reused = false;
  let summary = '';
  return {
    name: 'card-values:function-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        serverDir = output.serverDir;
        cacheDir = join(fileURLToPath(config.cacheDir), BUNDLE_CACHE_DIR);
      },
      /**
       * Bundled before Astro's build, into the cache folder, and copied into the server folder after it: the
       * bundle needs nothing the build makes, and esbuild's process (~150 MB) then runs while the build holds
       * little, not beside its peak at the end. A build whose key is the previous one's bundles nothing.
       */
      'astro:build:start': async ({ logger }) => {
        const started = performance.now();
        const key = await bundleKeyOf(root);
        const keyFile = join(cacheDir, BUNDLE_KEY_FILE);
        const outfile = join(cacheDir, FUNCTION_FILE);
        if (existsSync(keyFile) && (await readFile(keyFile, 'utf8')) === key && !cacheOff('function-bundle')) {
          reused = true;
          return;
        }
        reused = false;
        // Chunks are named by their hash: a previous build's would otherwise stay beside this one's.
        await rm(cacheDir, { recursive: true, force: true });
        const shared: BuildOptions & { metafile: true } = {
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node22',
          plugins: [builtinsRequired],
          // The image host the pages were built with: the function's Content-Security-Policy must allow it.
          define: imageHostDefine(),
          legalComments: 'eof',
          metafile: true,
          logLevel: 'silent',
        };
        // Node's built-ins are required, never imported (builtinsRequired); an ES module has no `require` of its own.
        // Every file of the bundle, chunks too, gets the banner.
        const banner = (from: string) =>
          [
            `// The card-values function, bundled by src/integrations/function-bundle.ts from ${from}: see there.`,
            "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
          ].join('\n');
        const [result, worker] = await Promise.all([
          build({
            ...shared,
            entryPoints: { [FUNCTION_FILE.replace(/\.mjs$/, '')]: join(root, 'src', 'server', 'main.ts') },
            outdir: cacheDir,
            outExtension: { '.js': '.mjs' },
            // What is imported on first need (the MCP endpoint and its SDK) is a chunk of its own, loaded then.
            splitting: true,
            chunkNames: `${FUNCTION_CHUNKS_DIR}/[name]-[hash]`,
            banner: { js: banner('src/server/main.ts') },
          }),
          // The list worker on its own, one file: it shares no chunk (nor any module state) with the function.
          build({
            ...shared,
            entryPoints: [join(root, 'src', 'server', 'list-worker.ts')],
            outfile: join(cacheDir, LIST_WORKER_FILE),
            banner: { js: banner('src/server/list-worker.ts') },
          }),
        ]);
        // esbuild keeps its process for later calls; none come (a later one would start it again).
        await stop();
        result.warnings.push(...worker.warnings);
        for (const warning of result.warnings) logger.warn(`${warning.location?.file ?? ''}: ${warning.text}`);
        await copyFile(join(root, 'config', 'verified-agents.json'), join(cacheDir, VERIFIED_AGENTS_COPY));
        // The key is written last: a cache cut short by a failed build is not taken.
        await writeFile(keyFile, key);
        const modules = Object.keys(result.metafile.inputs).length;
        const kb = Math.round((await stat(outfile)).size / 1024);
        const chunks = Object.entries(result.metafile.outputs).filter(([path]) => path.includes(`/${FUNCTION_CHUNKS_DIR}/`) && path.endsWith('.mjs'));
        const chunkKb = Math.round(chunks.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024);
        const workerKb = Math.round((await stat(join(cacheDir, LIST_WORKER_FILE))).size / 1024);
        summary = `${modules} modules, ${kb} KB, and ${chunks.length} chunks loaded on first need, ${chunkKb} KB; ${LIST_WORKER_FILE} ${workerKb} KB (bundled in ${Math.round(performance.now() - started)} ms)`;
      },
      'astro:build:done': async ({ logger }) => {
        await copyBundle(cacheDir, serverDir);
        const outfile = relative(root, join(serverDir, FUNCTION_FILE));
        logger.info(reused ? `${outfile}: the code is unchanged, the previous bundle reused` : `${outfile}: ${summary}`);
      },
    },
  };
}
