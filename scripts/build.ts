/**
 * Builds the site (astro build) with readable output: numbered phases, Astro's
 * own lines and every warning and error pass through, and rendering shows its
 * progress as one line per build bundle (a route per page would print tens of
 * thousands of lines; a page route added later is counted, not printed). Ends
 * with a summary line.
 *
 * Usage:  node scripts/build.ts            (CONTENT_DIR, OUT_DIR, CACHE_DIR honoured)
 * Exit:   astro's exit code: 0 built, 1 failed (the error names file and field)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROUTE_LINE = /^\s*\S*\s*[├└]─ /;
// Astro colours its output when it thinks a terminal (or CI) is watching; match on the plain text.
const ANSI = /\x1b\[[0-9;]*m/g;
const started = performance.now();
/**
 * The build's main heap holds 130–180 MB on the bundled catalogue, but V8 grows
 * the old space far past that; a cap makes it collect instead of growing. What
 * stays live grows with the catalogue (a summary per card, a manifest entry per
 * file), so the cap does too: 640 MB up to ~30 MB of card files (the bundled
 * catalogue has 27), then 5 MB more per MB of them (100k cards, ~150 MB: ~1.3 GB).
 * BUILD_MAX_OLD_SPACE_MB overrides it. Young-generation semi-spaces are capped
 * at 8 MB: Node 24's default let the build's two isolates hold ~200 MB more.
 */
const cardFolder = join(resolve(process.env.CONTENT_DIR ?? 'content'), 'cards');
const cardMegabytes = existsSync(cardFolder) ? readdirSync(cardFolder).reduce((sum, name) => sum + statSync(join(cardFolder, name)).size, 0) / 2 ** 20 : 0;
const oldSpaceMb = process.env.BUILD_MAX_OLD_SPACE_MB ?? String(Math.round(640 + 5 * Math.max(0, cardMegabytes - 30)));
const BUILD_NODE_FLAGS = [`--max-old-space-size=${oldSpaceMb}`, `--max-semi-space-size=${process.env.BUILD_SEMI_SPACE_MB ?? 8}`];
// Astro's bin starts with `#!/usr/bin/env node`, which may be an older Node than ours.
const astro = join(import.meta.dirname, '..', 'node_modules', 'astro', 'bin', 'astro.mjs');
/**
 * Astro draws a random key per build to encrypt server islands' props and writes it into the server bundle,
 * so no two builds were ever the same bytes. The site has no server islands (the key protects nothing), and a
 * build must be reproducible: an incremental build is checked against a clean one byte for byte. A key set in
 * ASTRO_KEY is honoured.
 */
const REPRODUCIBLE_ASTRO_KEY = createHash('sha256').update('card-values: no server islands').digest('base64');
/**
 * Vite bundles with rolldown, whose allocator (mimalloc) keeps the memory of a finished bundling for reuse
 * that never comes: ~130 MB of the build's peak on the bundled catalogue. With no delay it hands freed pages
 * back at once (no slower, measured over clean builds).
 */
const NATIVE_MEMORY_ENV = { MIMALLOC_PURGE_DELAY: '0' };
const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, astro, 'build', ...process.argv.slice(2)], {
  env: { ASTRO_KEY: REPRODUCIBLE_ASTRO_KEY, ...NATIVE_MEMORY_ENV, ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});

let routes = 0;
let phase = 0;
const PHASES: [RegExp, string][] = [
  [/Syncing content/, 'loading and validating content'],
  [/Building server entrypoints/, 'bundling the function and build routes'],
  [/prerendering static routes/, 'rendering and writing JSON, Markdown and HTML'],
  [/Waiting for integration|build-output\] \[1\//, 'gathering the manifest of ETags and token counts'],
];
function relay(stream: NodeJS.ReadableStream, out: NodeJS.WriteStream): void {
  createInterface({ input: stream }).on('line', (line) => {
    const plain = line.replace(ANSI, '');
    if (ROUTE_LINE.test(plain)) {
      routes++;
      const bundle = /\/emit\/(\S+)\.ndjson/.exec(plain);
      if (bundle) out.write(`   rendered and wrote bundle ${bundle[1]} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
      return;
    }
    const next = PHASES.findIndex(([pattern], i) => i >= phase && pattern.test(plain));
    if (next >= phase && next !== -1) {
      phase = next + 1;
      out.write(`\n== [${phase}/${PHASES.length}] ${PHASES[next][1]}\n`);
    }
    out.write(`${line}\n`);
  });
}
relay(child.stdout!, process.stdout);
relay(child.stderr!, process.stderr);
child.on('close', (code) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(code === 0 ? `\nbuild: done in ${seconds} s (${routes} prerendered routes)` : `\nbuild: FAILED after ${seconds} s`);
  process.exit(code ?? 1);
});
