// @ts-check

import { join, resolve } from 'node:path';
import { defineConfig } from 'astro/config';
import { buildOutput } from './src/integrations/build-output.ts';
import { functionBundle } from './src/integrations/function-bundle.ts';

/**
 * The build's output, in two folders: `client/` is what a static host serves (every page and file, built by
 * Astro as a static site: no adapter, nothing is rendered on request by Astro), and `server/` is the function
 * (dist/server/function.mjs, bundled by functionBundle from src/server/main.ts) with what it reads (the
 * manifest, the search packs). OUT_DIR and CACHE_DIR let the tests build fixture sites beside the real one
 * without sharing Astro's content cache (see tests/support/fixture-site.ts).
 */
const out = resolve(process.env.OUT_DIR ?? 'dist');
const output = { clientDir: join(out, 'client'), serverDir: join(out, 'server') };

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: output.clientDir,
  cacheDir: process.env.CACHE_DIR ?? 'node_modules/.astro',
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // A highlighter colours code with inline style attributes, which the pages' CSP refuses (each a console error):
  // code blocks stay plain <pre><code>, styled by public/styles.css.
  markdown: { syntaxHighlight: false },
  integrations: [buildOutput(output), functionBundle(output)],
});
