/**
 * Starts the service on a finished build: loads the manifest and the search data,
 * builds the search indexes, wires Astro's handler behind the front server, and
 * answers one search before it reports ready so the first real request is fast.
 *
 * Usage: node src/server/main.ts   (PORT, HOST, DIST_DIR honoured)
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSearchers } from './search-data.ts';
import { createFrontServer, type AstroHandler } from './front-server.ts';
import { MANIFEST_FILE, type FileManifest } from '../build/file-manifest.ts';

const started = performance.now();
const dist = resolve(process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

// Searching needs no manifest: it is read while the rest starts, and files wait for it.
const manifest = readFile(join(dist, 'server', MANIFEST_FILE), 'utf8').then((text) => JSON.parse(text) as FileManifest);
// Astro's files load while the card index builds.
const astro = import(pathToFileURL(join(dist, 'server', 'entry.mjs')).href) as Promise<{ handler: AstroHandler }>;
const searchers = loadSearchers(join(dist, 'server', 'search'));
const { handler } = await astro;

const server = createServer(createFrontServer({ clientDir: join(dist, 'client'), manifest, searchers, astroHandler: handler }));
server.keepAliveTimeout = 5_000;
server.on('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EADDRINUSE' ? 'the address is in use (set PORT to another port)' : error.message;
  console.error(`card-values: cannot listen on ${host}:${port}: ${why}`);
  process.exit(1);
});
server.listen(port, host, async () => {
  const address = server.address();
  const where = typeof address === 'object' && address ? `http://${host}:${address.port}` : `http://${host}:${port}`;
  // One request through the whole path compiles the hot code before anyone waits on it.
  await fetch(`${where}/api/cards?q=charizard&limit=1`).then((r) => r.arrayBuffer()).catch(() => undefined);
  await manifest;
  console.log(`card-values: serving ${dist} at ${where} (ready in ${Math.round(performance.now() - started)} ms)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
