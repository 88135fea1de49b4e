/**
 * Writes the Netlify configuration for publishing a build: `_redirects` (the
 * function's paths proxied to --function, extensionless JSON rewritten to its
 * file, detail pages to the function or to their HTML) and `_headers` (the
 * contract's headers of every file Netlify serves). Copy both into DIST/client
 * (the publish directory) before deploying; docs/deploy-netlify.md explains.
 *
 * Usage:  node scripts/deploy-netlify.ts --dist DIST --function URL --out OUTDIR [--negotiation function|html]
 *         e.g. node scripts/deploy-netlify.ts --dist dist --function https://fn.example --out dist/client
 * Exit:   0 written, 1 the manifest is unreadable, the rules cannot be derived from it, or a folder holds more
 *         files than a Netlify deploy takes (src/deploy/host-capacity.ts; nothing written),
 *         2 usage: a missing or malformed argument
 */
import { netlifyProblems } from '../src/deploy/host-capacity.ts';
import { type Negotiation, netlifyFiles } from '../src/deploy/netlify.ts';
import { functionBase } from '../src/http/host-rules.ts';
import { deployCli, readBuildManifest, writeGenerated } from './lib/deploy-cli.ts';

const USAGE = 'usage: node scripts/deploy-netlify.ts --dist DIST --function URL --out OUTDIR [--negotiation function|html]';

const { values: args, exit } = deployCli(
  'deploy-netlify',
  USAGE,
  {
    dist: { type: 'string' },
    function: { type: 'string' },
    out: { type: 'string' },
    negotiation: { type: 'string', default: 'function' },
  },
  ['dist', 'function', 'out'],
);

if (args.negotiation !== 'function' && args.negotiation !== 'html') exit(2, `--negotiation must be function or html\n${USAGE}`);
try {
  functionBase(args.function);
} catch (error) {
  exit(2, (error as Error).message);
}

const manifest = readBuildManifest(args.dist, exit);
// A folder past Netlify's limit fails the deploy after the upload began: refuse before anything is written.
const problems = netlifyProblems(manifest);
if (problems.length > 0) exit(1, problems.join('\n'));
try {
  const files = netlifyFiles(manifest, { functionUrl: args.function, negotiation: args.negotiation as Negotiation });
  writeGenerated(args.out, files);
} catch (error) {
  exit(1, (error as Error).message);
}
