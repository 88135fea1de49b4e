/**
 * Writes the Vercel deployment of a build, in one of two modes.
 *
 * Function mode (no --function): the Build Output API (v3) folder OUTDIR/.vercel/output: config.json (the routes),
 * static/ (the build's public files) and functions/_card-values.func/ (the function, bundled, with its data and
 * the prebuilt files it answers with), so that `vercel deploy --prebuilt` from OUTDIR deploys files and function
 * with no server of one's own. Checked against Vercel's function limits (250 MB unzipped, 4.5 MB request bodies)
 * before anything is written.
 *
 * Proxy mode (--function URL): OUTDIR/vercel.json with rewrites (searches to the Node function at URL,
 * extensionless JSON to its file, detail pages negotiated by Accept where a rule decides exactly, every other
 * Accept to URL) and header rules (the contract's headers of every file), for a project whose output directory is
 * DIST/client.
 *
 * docs/deploy-vercel.md explains both.
 *
 * Usage:  node scripts/deploy-vercel.ts --dist DIST --out OUTDIR [--function URL]
 *         e.g. node scripts/deploy-vercel.ts --dist dist --out .deploy/vercel && cd .deploy/vercel && vercel deploy --prebuilt
 * Exit:   0 written (past 15,000 files a note says to deploy with --archive=tgz; a file over Hobby's 100 MB a
 *         warning says Pro is needed), 1 the manifest is unreadable, a file is over Pro's 1 GB, the function over
 *         Vercel's limits (nothing written) or the rules cannot be derived from it,
 *         2 usage: a missing or malformed argument
 */

import { vercelFileSizeProblems, vercelUploadNote } from '../src/deploy/host-capacity.ts';
import { vercelFiles } from '../src/deploy/vercel.ts';
import { functionBase } from '../src/http/host-rules.ts';
import { deployCli, readBuildManifest, writeGenerated } from './lib/deploy-cli.ts';
import { writeVercelBuildOutput } from './lib/vercel-output.ts';

const USAGE = 'usage: node scripts/deploy-vercel.ts --dist DIST --out OUTDIR [--function URL]';

const { values: args, exit } = deployCli('deploy-vercel', USAGE, { dist: { type: 'string' }, function: { type: 'string' }, out: { type: 'string' } }, [
  'dist',
  'out',
]);

if (args.function !== undefined) {
  try {
    functionBase(args.function);
  } catch (error) {
    exit(2, (error as Error).message);
  }
}

const manifest = readBuildManifest(args.dist, exit);
// A file past the upload limit fails the deploy after the upload began: refuse before anything is written.
const sizes = vercelFileSizeProblems(manifest);
for (const warning of sizes.warnings) console.warn(`deploy-vercel: warning: ${warning}`);
if (sizes.errors.length > 0) exit(1, sizes.errors.join('\n'));
try {
  if (args.function === undefined) {
    const output = await writeVercelBuildOutput(args.dist, manifest, args.out);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    if (output.problems.length > 0) exit(1, `nothing written:\n${output.problems.join('\n')}`);
    console.log(`wrote ${output.folder}: config.json, static/ (${output.staticFiles.toLocaleString('en-US')} files),`);
    console.log(
      `  the function ${mb(output.functionBytes)} unzipped in ${output.functionFiles.toLocaleString('en-US')} files (its module ${mb(output.moduleBytes)})`,
    );
  } else writeGenerated(args.out, vercelFiles(manifest, { functionUrl: args.function }));
  const note = vercelUploadNote(manifest);
  if (note) console.warn(`deploy-vercel: ${note}`);
} catch (error) {
  exit(1, (error as Error).message);
}
