/**
 * Starts the service on Node on a finished build: reads its settings (config.ts), loads the search data from
 * dist/server (fs-data.ts, the function's data on Node), wires the rate limiter and agent verifier (the gate) and
 * the list valuer (inline or in the list worker) into the function (function-core.ts, the same function
 * createFetchHandler serves on other runtimes), serves it over node:http (node-http-server.ts), listens, and
 * answers one search before it reports ready so the first real request is fast. The manifest is parsed once that
 * search is answered (files wait for it).
 *
 * The build bundles this file and everything it imports into one file,
 * dist/server/function.mjs (src/integrations/function-bundle.ts): that is what
 * runs, with no TypeScript to strip and nothing from src/ or node_modules.
 *
 * Usage: node --max-semi-space-size=4 --max-old-space-size=128 dist/server/function.mjs   (the flags: node-flags.ts)
 *        node src/server/main.ts   (from source, for development)
 *        (PORT, HOST, DIST_DIR, RATE_LIMIT, TRUST_PROXY, REDIS_URL, VERIFIED_AGENTS, STATIC_ORIGIN, PUBLIC_ORIGIN; the built
 *        function's DIST_DIR defaults to the dist it lies in, see function-paths.ts)
 *        With STATIC_ORIGIN the function needs only dist/server: it reads prebuilt files from that host.
 * Exit:  1 when a setting is invalid or the address is taken
 */

import { randomUUID } from 'node:crypto';
import { createServer, get } from 'node:http';
import { join } from 'node:path';
import { MANIFEST_FILE, readFileManifest } from '../http/file-manifest.ts';
import { MAX_HEADER_BYTES } from '../http/limits.ts';
import { answerClientError, answerConnect, noteRequestArrived } from './client-error.ts';
import { feedOriginOf, type ServerConfig, serverConfigOf } from './config.ts';
import { diskFiles, fsData } from './fs-data.ts';
import { createFunction } from './function-core.ts';
import { functionGateOf } from './function-env.ts';
import type { FunctionGate } from './function-gate.ts';
import { LIST_WORKER_FILE } from './function-paths.ts';
import { createListValuer } from './list-valuer.ts';
import { createListingPages } from './listing-pages.ts';
import { createNodeHttpServer } from './node-http-server.ts';
import type { Limiter } from './rate-limit/limiter.ts';
import { searchersFrom } from './searchers.ts';
import { originFiles } from './static-files.ts';

/**
 * The start's steps, for the ready line (and npm run bench:http): milliseconds since the previous one.
 * performance.now() counts from the process's start, so the first step is Node's boot plus loading this code.
 */
const steps: [string, number][] = [];
let stepEnd = 0;
const step = (name: string) => {
  const now = performance.now();
  steps.push([name, now - stepEnd]);
  stepEnd = now;
};
step('node and code');
let config: ServerConfig;
try {
  config = serverConfigOf(process.env);
} catch (error) {
  console.error(`card-values: ${(error as Error).message}`);
  process.exit(1);
}
const { dist, port, host } = config;

// Searching needs no manifest: it is read while the rest starts and parsed once the first search is answered,
// so that search never waits behind it; files wait for it.
let firstSearchAnswered!: () => void;
const firstSearch = new Promise<void>((resolve) => (firstSearchAnswered = resolve));
// The function's own files, from dist/server (fs-data.ts): other runtimes give the function another source.
const data = fsData(join(dist, 'server'));
const manifestText = data.text(MANIFEST_FILE);
const manifest = firstSearch.then(() => manifestText).then(readFileManifest);
// From the disk the packs are read at once and each side file when first needed (searchers.ts).
const searchers = await searchersFrom(data);
step('search data');
// The warm-up request below is ours, not a client's: a secret only this process knows keeps it out of the count.
const warmUp = { name: 'x-card-values-warm-up', token: randomUUID() };
let gate: FunctionGate;
let limiter: Limiter | null;
try {
  ({ gate, limiter } = functionGateOf(config, process.env, { uncounted: (req) => req.header(warmUp.name) === warmUp.token }));
} catch (error) {
  console.error(`card-values: ${(error as Error).message}`);
  process.exit(1);
}

// Nothing here speaks another protocol: an Upgrade request is answered as the plain request it also is.
// A missing Host is the front server's to answer (Node's own answer is an empty 400).
const listingPages = createListingPages(data, searchers);
// Lists are valued in a worker thread of their own (list-valuer.ts), a short one here: built, its bundle lies beside this one.
const valuer = createListValuer({
  serverDir: join(dist, 'server'),
  workerFile: new URL(import.meta.url.endsWith('.ts') ? './list-worker.ts' : `./${LIST_WORKER_FILE}`, import.meta.url),
  inline: { searchers, shell: listingPages.shell },
});

// The feeds' origin needs the port listened on (PORT=0 picks one): read once the server listens.
let feedOrigin: { origin: string; configured: boolean } | undefined;
const server = createServer(
  { shouldUpgradeCallback: () => false, requireHostHeader: false, maxHeaderSize: MAX_HEADER_BYTES },
  createNodeHttpServer(
    createFunction({
      files: config.staticOrigin ? originFiles(config.staticOrigin) : diskFiles(join(dist, 'client')),
      manifest,
      data,
      searchers,
      listingPages,
      valuer,
      gate,
      // On a loopback address with no proxy in front the function is this machine's alone, and /mcp guards against DNS rebinding.
      mcp: { localOnly: isLoopback(host) && config.trustProxy === 0 },
      feedOrigin: () => feedOrigin!.origin,
    }),
  ),
);
server.keepAliveTimeout = 5_000;
server.on('request', (req) => noteRequestArrived(req.socket));
server.on('clientError', answerClientError);
server.on('connect', answerConnect);
server.on('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EADDRINUSE' ? 'the address is in use (set PORT to another port)' : error.message;
  console.error(`card-values: cannot listen on ${host}:${port}: ${why}`);
  process.exit(1);
});
server.listen(port, host, async () => {
  step('gate and listen');
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const where = `http://${host}:${listening}`;
  feedOrigin = feedOriginOf(config, searchers.collection.siteOrigin, listening);
  // node:http, not fetch: fetch's first use loads undici on the way to the first answer.
  const warm = (path: string) =>
    new Promise<void>((done) => {
      const req = get(`${where}${path}`, { agent: false, headers: { [warmUp.name]: warmUp.token } }, (res) => res.resume().once('close', done));
      req.once('error', () => done());
    });
  // One request through the whole path compiles the hot code before anyone waits on it.
  await warm('/api/cards?q=charizard&limit=1');
  step('first search');
  firstSearchAnswered();
  await Promise.all([manifest, limiter?.ready]);
  step('manifest and limiter store');
  const limits =
    config.ratePolicy && limiter
      ? `${config.ratePolicy.quota}/${config.ratePolicy.windowSeconds} s per client (${limiter.store === 'memory' ? 'this instance only' : 'shared in Redis'})`
      : 'off';
  const from = config.staticOrigin ? ` (prebuilt files from ${config.staticOrigin})` : '';
  const took = steps.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
  console.log(`card-values: serving ${dist}${from} at ${where} (ready in ${Math.round(stepEnd)} ms: ${took}; rate limit ${limits})`);
  if (!feedOrigin.configured)
    console.log(`card-values: feeds link to ${feedOrigin.origin}; set PUBLIC_ORIGIN (or SITE_URL at build) to where the public reaches the site`);
  // The orders other than value are built on first use: build them now, after ready.
  for (const sort of ['name', 'value-asc']) for (const api of ['cards', 'sealed']) await warm(`/api/${api}?q=a&sort=${sort}&limit=1`);
});

/** Whether a listening address is this machine's alone. */
function isLoopback(address: string): boolean {
  return /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(address);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => void Promise.allSettled([limiter?.close(), valuer.close()]).finally(() => process.exit(0))));
}
