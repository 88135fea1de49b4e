// @ts-check

import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { buildOutput } from './src/integrations/build-output.ts';
import { functionBundle } from './src/integrations/function-bundle.ts';

// OUT_DIR and CACHE_DIR let the tests build fixture sites beside the real one
// without sharing Astro's content cache (see tests/support/fixture-site.ts).
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist',
  cacheDir: process.env.CACHE_DIR ?? 'node_modules/.astro',
  // The front server (src/server/front-server.ts) is the standalone server: it
  // negotiates and serves the prebuilt files and answers the searches itself; a
  // request routed to Astro would reach the adapter's handler with per-request
  // locals. The function runs as dist/server/function.mjs (functionBundle).
  adapter: node({ mode: 'middleware' }),
  // Nothing here has a user session; without this the adapter would store sessions on disk. (Astro's
  // /_image endpoint cannot be switched off, but the front server never routes a request to it.)
  session: false,
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // A highlighter colours code with inline style attributes, which the pages' CSP refuses (each a console error):
  // code blocks stay plain <pre><code>, styled by public/styles.css.
  markdown: { syntaxHighlight: false },
  integrations: [buildOutput(), functionBundle()],
});
