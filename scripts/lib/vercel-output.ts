/**
 * The disk side of function mode (vercel.ts is the pure side): the Build Output API (v3) folder for one build,
 * `.vercel/output`, with the function bundled from src/server/vercel-function.ts and checked against Vercel's
 * limits: past them nothing is left written. Shared by scripts/deploy-vercel.ts and the tests, so that what is tested is
 * what is deployed.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { linkOrCopy } from '../../src/deploy/link-or-copy.ts';
import {
  VERCEL_FUNCTION_CONFIG,
  VERCEL_FUNCTION_HANDLER,
  VERCEL_FUNCTION_NAME,
  VERCEL_OUTPUT_DIR,
  vercelBuildOutputConfig,
  vercelFunctionProblems,
} from '../../src/deploy/vercel.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { BULK_DIR } from '../../src/pipeline/bulk-files.ts';
import { imageHostDefine } from '../../src/schemas/image-host.ts';
import { gzipCopyOf } from '../../src/server/fs-data.ts';
import { FUNCTION_DATA_FILES } from '../../src/server/function-data.ts';
import { VERCEL_FUNCTION_DIRS, VERIFIED_AGENTS_COPY } from '../../src/server/function-paths.ts';

/**
 * The prebuilt files the function may answer with (a page whose Accept only it decides, `/sealed` without a
 * query, what MCP reads): every file of the build but the bulk downloads, which only the static host serves.
 */
export function vercelFunctionClientFiles(manifest: FileManifest): string[] {
  return Object.keys(manifest.files).filter((file) => !file.startsWith(`${BULK_DIR}/`));
}

export interface VercelBuildOutput {
  /** `.vercel/output` inside the folder written to. */
  folder: string;
  /** The function's bytes unzipped (its module, data and prebuilt files: what Vercel's 250 MB counts) and its files. */
  functionBytes: number;
  functionFiles: number;
  /** The bundled module alone. */
  moduleBytes: number;
  staticFiles: number;
  /** Why Vercel would refuse it; when any, the folder was removed. */
  problems: string[];
}

/**
 * The function module: vercel-function.ts and all it imports (our code and its pure-JS packages) as one ES module,
 * for Node 24. Built-ins stay imports; the packages' own `require` calls get one made for the module. The image
 * host is the one set when it is bundled, as for the build's own function.
 */
export async function bundleVercelFunction(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, '..', '..', 'src', 'server', 'vercel-function.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    define: imageHostDefine(),
    banner: {
      js: [
        '// The card-values Vercel Function, bundled by scripts/lib/vercel-output.ts from src/server/vercel-function.ts; do not edit.',
        "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
      ].join('\n'),
    },
    write: false,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Writes function mode's Build Output for the build in `dist` into `<out>/.vercel/output` (emptied first: a file of
 * a previous build must not be deployed). Static files are hard links to the build's (copies across file
 * systems); the function's prebuilt files are gzip copies (gzipDiskFiles reads them), its data links. The build is
 * never written to. When Vercel would refuse the function (its size is known once its files are compressed), the
 * folder is removed again and the problems said: nothing is left to deploy.
 */
export async function writeVercelBuildOutput(dist: string, manifest: FileManifest, out: string): Promise<VercelBuildOutput> {
  const folder = join(out, VERCEL_OUTPUT_DIR);
  if (overlaps(resolve(dist), resolve(folder))) throw new Error(`the output folder ${folder} overlaps the build ${dist}: choose a folder outside the build`);
  const module = await bundleVercelFunction();
  const serverFiles = [...FUNCTION_DATA_FILES, VERIFIED_AGENTS_COPY];
  const clientFiles = vercelFunctionClientFiles(manifest);
  const own = {
    '.vc-config.json': `${JSON.stringify(VERCEL_FUNCTION_CONFIG, null, 2)}\n`,
    // The module is ES: Node reads `.mjs` as one anyway, the package.json says so for anything else in the folder.
    'package.json': `${JSON.stringify({ type: 'module' })}\n`,
    [VERCEL_FUNCTION_HANDLER]: module,
  };

  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'config.json'), `${JSON.stringify(vercelBuildOutputConfig(manifest), null, 2)}\n`);
  const fn = join(folder, 'functions', `${VERCEL_FUNCTION_NAME}.func`);
  const files = new FileWriter();
  for (const file of Object.keys(manifest.files)) files.link(join(dist, 'client', file), join(folder, 'static', file));
  let functionBytes = 0;
  for (const file of clientFiles) {
    functionBytes += files.write(join(fn, VERCEL_FUNCTION_DIRS.client, gzipCopyOf(file)), gzipSync(readFileSync(join(dist, 'client', file))));
  }
  for (const file of FUNCTION_DATA_FILES) functionBytes += files.link(join(dist, 'server', file), join(fn, VERCEL_FUNCTION_DIRS.data, file));
  // The allowlist lies beside the module, where the bundled function looks for it (function-paths.ts).
  functionBytes += files.link(join(dist, 'server', VERIFIED_AGENTS_COPY), join(fn, VERIFIED_AGENTS_COPY));
  for (const [name, text] of Object.entries(own)) functionBytes += files.write(join(fn, name), text);

  const problems = vercelFunctionProblems({ functionBytes });
  if (problems.length > 0) rmSync(folder, { recursive: true, force: true });
  return {
    folder,
    functionBytes,
    functionFiles: Object.keys(own).length + serverFiles.length + clientFiles.length,
    moduleBytes: Buffer.byteLength(module),
    staticFiles: Object.keys(manifest.files).length,
    problems,
  };
}

/** Files written folder by folder, each returning its size: hard links (a copy where the file systems differ or links are refused), or bytes. */
class FileWriter {
  private readonly made = new Set<string>();

  link(from: string, to: string): number {
    this.folderOf(to);
    linkOrCopy(from, to);
    return statSync(to).size;
  }

  write(to: string, contents: string | Uint8Array): number {
    this.folderOf(to);
    writeFileSync(to, contents);
    return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  private folderOf(file: string): void {
    const folder = dirname(file);
    if (!this.made.has(folder)) mkdirSync(folder, { recursive: true });
    this.made.add(folder);
  }
}

/** Whether one folder is the other or inside it. */
function overlaps(a: string, b: string): boolean {
  const inside = (parent: string, child: string) => !relative(parent, child).startsWith('..');
  return inside(a, b) || inside(b, a);
}
