/**
 * What each host is given of a finished build when the function runs there too (issue 47 item 7), beside what a
 * Node host runs (`npm start`): each generator run as an operator runs it (`deploy:cloudflare`, `deploy:netlify`,
 * `deploy:vercel` without --function) into a scratch folder, timed, and what it wrote measured against the host's
 * limit:
 *
 *   - Node: dist/server (the function's bundle, its list worker and data files) and the public files beside it;
 *   - Cloudflare, all in one: worker.js raw and gzipped (Workers Paid takes 10 MiB gzipped, Free 3 MiB) and the
 *     asset files (the public files and the function's data; Paid takes 100,000);
 *   - Netlify: the function's files and the generator's estimate of their zip (Netlify takes 50 MB zipped; the
 *     estimate is held within 10% of the packager's real archive by tests/deploy/netlify-function.test.ts), and
 *     the public files;
 *   - Vercel: the function folder unzipped (Vercel takes 250 MB) and the static files.
 *
 * The build is never written to: Netlify's generator writes into the build it deploys (netlify.toml beside it,
 * _redirects and _headers into its client folder), so it is given a copy made of hard links, whose new files are
 * its own. Sizes are bytes on disk as the host would upload them, not a platform's own accounting.
 *
 * Usage:  npm run bench:hosts            (= node scripts/bench-hosts.ts; DIST_DIR honoured, default dist)
 * Exit codes: 0 figures printed · 1 a generator refused the build (its message printed) · 2 no build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bytesUnder, filesCountUnder, printTable, runBenchmark, sec } from './lib/bench-report.ts';

const ROOT = join(import.meta.dirname, '..');

const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const MiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** Runs a deploy script as an operator would; its output, and how long it took. */
function generate(script: string, args: string[]): { out: string; ms: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - started;
  if (run.status !== 0) {
    console.error(`${script} refused the build (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
  return { out: run.stdout, ms };
}

await runBenchmark(() => {
  const dist = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'server', 'manifest.json'))) {
    console.error(`no build in ${dist}: run npm run build first`);
    return 2;
  }
  // Inside the project, on the build's file system, so that hard links (not copies) are what the generators make.
  const scratchRoot = join(ROOT, '.cache', 'tmp');
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(join(scratchRoot, 'bench-hosts-'));
  try {
    const manifest = JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as { files: Record<string, unknown> };
    const publicFiles = Object.keys(manifest.files).length;
    console.log(`What each host is given of ${dist} (${count(publicFiles)} public files), the function included ...`);
    const rows = [['host', 'generated in', 'the function', "host's limit", 'files uploaded']];

    rows.push([
      'Node (npm start)',
      '—',
      `dist/server ${MB(bytesUnder(join(dist, 'server')))}: its code and data, no node_modules`,
      'the machine’s',
      `${count(publicFiles)} public + ${count(filesCountUnder(join(dist, 'server')))} in dist/server`,
    ]);

    const cloudflare = join(scratch, 'cloudflare');
    const cf = generate('deploy-cloudflare.ts', ['--dist', dist, '--out', cloudflare]);
    const worker = readFileSync(join(cloudflare, 'worker.js'));
    rows.push([
      'Cloudflare, all in one',
      sec(cf.ms),
      `worker.js ${MiB(worker.length)}, ${MiB(gzipSync(worker).length)} gzipped`,
      '10 MiB gzipped (Free: 3 MiB)',
      `${count(filesCountUnder(join(cloudflare, 'assets')))} assets (public files and the function's data)`,
    ]);

    // Netlify writes into the build it is given: a copy of hard links, whose new files are its own.
    const site = join(scratch, 'netlify');
    mkdirSync(site);
    const copied = spawnSync('cp', ['-al', dist, join(site, 'dist')]);
    if (copied.status !== 0) throw new Error(`cp -al ${dist}: ${copied.stderr}`);
    const nf = generate('deploy-netlify.ts', ['--dist', join(site, 'dist'), '--out', site]);
    const zipped = /\((\d+) bytes; Netlify takes/.exec(nf.out);
    if (!zipped) throw new Error(`deploy-netlify said nothing of the function's size:\n${nf.out}`);
    rows.push([
      'Netlify Function',
      sec(nf.ms),
      `${MB(bytesUnder(join(site, 'netlify', 'functions')))} bundled + data files, about ${MB(Number(zipped[1]))} zipped`,
      '50 MB zipped',
      `${count(publicFiles)} public + the function`,
    ]);

    const vercel = join(scratch, 'vercel');
    const vf = generate('deploy-vercel.ts', ['--dist', dist, '--out', vercel]);
    const output = join(vercel, '.vercel', 'output');
    const fn = join(output, 'functions', '_card-values.func');
    rows.push([
      'Vercel Function',
      sec(vf.ms),
      `${MB(bytesUnder(fn))} unzipped in ${count(filesCountUnder(fn))} files`,
      '250 MB unzipped',
      `${count(filesCountUnder(join(output, 'static')))} static + the function`,
    ]);

    printTable(rows);
    console.log(
      'Bytes on disk as uploaded (MB = 10^6 bytes, MiB = 2^20), not a platform’s own accounting; one run: sizes do not vary, times are the machine’s.',
    );
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
