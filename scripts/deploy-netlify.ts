/**
 * Writes the Netlify configuration for publishing a build, in one of two modes (docs/deploy-netlify.md):
 *
 * - Without --function, the function runs on Netlify: OUTDIR is the site's base directory (where netlify.toml
 *   goes; the build must lie inside it), and this writes netlify.toml (the publish directory, and the data files
 *   the function ships with), netlify/functions/card-values/ (the Netlify Function: its entry with its routes, and
 *   its code bundled into one module), and DIST/client/_redirects and _headers. Then `netlify deploy` from OUTDIR.
 * - With --function URL, the function runs on a Node host of the operator's: `_redirects` (the function's paths
 *   proxied to URL, extensionless JSON rewritten to its file, detail pages to the function or to their HTML) and
 *   `_headers` (the contract's headers of every file Netlify serves), written into OUTDIR, to be copied into
 *   DIST/client (the publish directory) before deploying.
 *
 * Usage:  node scripts/deploy-netlify.ts --dist DIST --out OUTDIR [--function URL] [--negotiation function|html]
 *         e.g. node scripts/deploy-netlify.ts --dist dist --out .
 *              node scripts/deploy-netlify.ts --dist dist --function https://fn.example --out dist/client
 * Exit:   0 written, 1 the manifest is unreadable, the rules cannot be derived from it, a folder holds more files
 *         than a Netlify deploy takes, or the function zipped would be larger than Netlify takes
 *         (src/deploy/host-capacity.ts; nothing written), 2 usage: a missing or malformed argument
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { netlifyFunctionProblems, netlifyProblems } from '../src/deploy/host-capacity.ts';
import { type Negotiation, netlifyFiles } from '../src/deploy/netlify.ts';
import {
  functionFilePath,
  NETLIFY_FUNCTION_BUNDLE,
  NETLIFY_PACKAGER_ZIPPED_BYTES,
  type NetlifyFunctionOptions,
  netlifyFunctionFiles,
} from '../src/deploy/netlify-function.ts';
import { zippedBytes } from '../src/deploy/zip-estimate.ts';
import type { FileManifest } from '../src/http/file-manifest.ts';
import { functionBase } from '../src/http/host-rules.ts';
import { FUNCTION_DATA_FILES } from '../src/server/function-data.ts';
import { VERIFIED_AGENTS_COPY } from '../src/server/function-paths.ts';
import { deployCli, readBuildManifest, writeGenerated } from './lib/deploy-cli.ts';
import { bundleNetlifyFunction } from './lib/netlify-bundle.ts';

const USAGE = 'usage: node scripts/deploy-netlify.ts --dist DIST --out OUTDIR [--function URL] [--negotiation function|html]';

const { values: args, exit } = deployCli(
  'deploy-netlify',
  USAGE,
  {
    dist: { type: 'string' },
    function: { type: 'string' },
    out: { type: 'string' },
    negotiation: { type: 'string', default: 'function' },
  },
  ['dist', 'out'],
);

if (args.negotiation !== 'function' && args.negotiation !== 'html') exit(2, `--negotiation must be function or html\n${USAGE}`);
const negotiation = args.negotiation as Negotiation;
if (args.function !== undefined) {
  try {
    functionBase(args.function);
  } catch (error) {
    exit(2, (error as Error).message);
  }
}

const manifest = readBuildManifest(args.dist, exit);
// A folder past Netlify's limit fails the deploy after the upload began: refuse before anything is written.
const problems = netlifyProblems(manifest);
if (problems.length > 0) exit(1, problems.join('\n'));
if (args.function !== undefined) {
  try {
    writeGenerated(args.out, netlifyFiles(manifest, { functionUrl: args.function, negotiation }));
  } catch (error) {
    exit(1, (error as Error).message);
  }
} else {
  await writeFunctionSite(manifest);
}

/** The function mode: the function bundled and measured zipped with what it ships with, then everything written. */
async function writeFunctionSite(manifest: FileManifest): Promise<void> {
  const base = resolve(args.out);
  const dist = relative(base, resolve(args.dist));
  if (dist === '' || dist.startsWith('..') || isAbsolute(dist)) {
    exit(2, `--dist (${args.dist}) must lie inside --out (${args.out}), the site's base directory: Netlify ships only files under it with a function`);
  }
  const dataFiles = [...FUNCTION_DATA_FILES, VERIFIED_AGENTS_COPY];
  const options: NetlifyFunctionOptions = { dist: dist.split(sep).join('/'), negotiation, dataFiles };
  let files: ReturnType<typeof netlifyFunctionFiles>;
  let redirectsAndHeaders: ReturnType<typeof netlifyFiles>;
  try {
    files = netlifyFunctionFiles(options);
    redirectsAndHeaders = netlifyFiles(manifest, { negotiation, staticDetailFiles: true });
  } catch (error) {
    return exit(1, (error as Error).message);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'deploy-netlify-'));
  try {
    const bundle = join(scratch, NETLIFY_FUNCTION_BUNDLE);
    await bundleNetlifyFunction(bundle);
    const serverDir = join(base, options.dist, 'server');
    const shipped = [bundle, ...dataFiles.map((file) => join(serverDir, file))];
    const zipped = zippedBytes(base, shipped) + NETLIFY_PACKAGER_ZIPPED_BYTES;
    const tooLarge = netlifyFunctionProblems(zipped);
    if (tooLarge.length > 0) exit(1, tooLarge.join('\n'));
    writeGenerated(base, files);
    copyFileSync(bundle, join(base, functionFilePath(NETLIFY_FUNCTION_BUNDLE)));
    console.log(`wrote ${join(base, functionFilePath(NETLIFY_FUNCTION_BUNDLE))} (the function, bundled)`);
    writeGenerated(join(base, options.dist, 'client'), redirectsAndHeaders);
    console.log(
      `the function ships with ${shipped.length.toLocaleString('en-US')} files, about ${(zipped / 1e6).toFixed(1)} MB zipped (${zipped} bytes; Netlify takes 50 MB)`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
