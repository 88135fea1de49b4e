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
 * Exit:   0 written, 1 the manifest is unreadable or the rules cannot be derived from it,
 *         2 usage: a missing or malformed argument
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type FileManifest, MANIFEST_FILE } from '../src/build/file-manifest.ts';
import { functionBase } from '../src/deploy/netlify.ts';
import { vercelFiles } from '../src/deploy/vercel.ts';

const USAGE = 'usage: node scripts/deploy-vercel.ts --dist DIST --function URL --out OUTDIR';

function exit(code: number, message: string): never {
  console.error(`deploy-vercel: ${message}`);
  process.exit(code);
}

function parse() {
  try {
    return parseArgs({
      options: {
        dist: { type: 'string' },
        function: { type: 'string' },
        out: { type: 'string' },
      },
    }).values;
  } catch (error) {
    return exit(2, `${(error as Error).message}\n${USAGE}`);
  }
}

const args = parse();
if (!args.dist || !args.function || !args.out) exit(2, `--dist, --function and --out are required\n${USAGE}`);
try {
  functionBase(args.function);
} catch (error) {
  exit(2, (error as Error).message);
}

let manifest: FileManifest;
try {
  manifest = JSON.parse(readFileSync(join(args.dist, 'server', MANIFEST_FILE), 'utf8'));
} catch (error) {
  exit(1, `cannot read the build manifest: ${(error as Error).message}`);
}
try {
  const files = vercelFiles(manifest, { functionUrl: args.function });
  mkdirSync(args.out, { recursive: true });
  for (const file of files) {
    writeFileSync(join(args.out, file.path), file.text);
    console.log(`wrote ${join(args.out, file.path)} (${Buffer.byteLength(file.text)} bytes)`);
  }
} catch (error) {
  exit(1, (error as Error).message);
}
