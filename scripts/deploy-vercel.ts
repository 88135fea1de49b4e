/**
 * Writes the Vercel configuration for publishing a build: `vercel.json` with
 * rewrites (searches to --function, extensionless JSON to its file, detail
 * pages negotiated by Accept where a rule decides exactly, every other Accept
 * to --function) and header rules (the contract's headers of every file).
 * Put it at the root of the Vercel project whose output directory is
 * DIST/client; docs/deploy-vercel.md explains.
 *
 * Usage:  node scripts/deploy-vercel.ts --dist DIST --function URL --out OUTDIR
 *         e.g. node scripts/deploy-vercel.ts --dist dist --function https://fn.example --out .
 * Exit:   0 written (past 15,000 files a note says to deploy with --archive=tgz; a file over Hobby's 100 MB a
 *         warning says Pro is needed), 1 the manifest is unreadable, a file is over Pro's 1 GB or the rules cannot be
 *         derived from it,
 *         2 usage: a missing or malformed argument
 */

import { vercelFileSizeProblems, vercelUploadNote } from '../src/deploy/host-capacity.ts';
import { vercelFiles } from '../src/deploy/vercel.ts';
import { functionBase } from '../src/http/host-rules.ts';
import { deployCli, readBuildManifest, writeGenerated } from './lib/deploy-cli.ts';

const USAGE = 'usage: node scripts/deploy-vercel.ts --dist DIST --function URL --out OUTDIR';

const { values: args, exit } = deployCli('deploy-vercel', USAGE, { dist: { type: 'string' }, function: { type: 'string' }, out: { type: 'string' } }, [
  'dist',
  'function',
  'out',
]);

try {
  functionBase(args.function);
} catch (error) {
  exit(2, (error as Error).message);
}

const manifest = readBuildManifest(args.dist, exit);
// A file past the upload limit fails the deploy after the upload began: refuse before anything is written.
const sizes = vercelFileSizeProblems(manifest);
for (const warning of sizes.warnings) console.warn(`deploy-vercel: warning: ${warning}`);
if (sizes.errors.length > 0) exit(1, sizes.errors.join('\n'));
try {
  const files = vercelFiles(manifest, { functionUrl: args.function });
  writeGenerated(args.out, files);
  const note = vercelUploadNote(manifest);
  if (note) console.warn(`deploy-vercel: ${note}`);
} catch (error) {
  exit(1, (error as Error).message);
}
