// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { buildOutput } from './src/integrations/build-output.ts';

// OUT_DIR and CACHE_DIR let the tests build fixture sites beside the real one
// without sharing Astro's content cache (see tests/support/fixture-site.ts).
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist',
  cacheDir: process.env.CACHE_DIR ?? 'node_modules/.astro',
  adapter: node({ mode: 'standalone' }),
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  integrations: [buildOutput()],
});
