/**
 * Starts the service on a finished build: reads its settings (config.ts), loads
 * the manifest and the search data, builds the search indexes, wires the rate
 * limiter and agent verifier (the gate) and Astro's handler behind the front
 * server, and answers one search before it reports ready so the first real
 * request is fast.
 *
 * Usage: node src/server/main.ts   (PORT, HOST, DIST_DIR, RATE_LIMIT, TRUST_PROXY, REDIS_URL, VERIFIED_AGENTS, STATIC_ORIGIN)
 *        With STATIC_ORIGIN the function needs only dist/server: it reads prebuilt files from that host.
 * Exit:  1 when a setting is invalid or the address is taken
 */

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FileManifest, MANIFEST_FILE } from '../build/file-manifest.ts';
import { createAgentVerifier } from '../lib/web-bot-auth/verify.ts';
import { answerClientError, answerConnect } from './client-error.ts';
import { type ServerConfig, serverConfigOf } from './config.ts';
import { type AstroHandler, createFrontServer } from './front-server.ts';
import { createFunctionGate } from './function-gate.ts';
import { createLimiter } from './rate-limit/limiter.ts';
import { loadSearchers } from './search-data.ts';
import { diskFiles, originFiles } from './static-files.ts';
import { loadVerifiedAgents } from './verified-agents.ts';

const started = performance.now();
let config: ServerConfig;
try {
  config = serverConfigOf(process.env);
} catch (error) {
  console.error(`card-values: ${(error as Error).message}`);
  process.exit(1);
}
const { dist, port, host } = config;

// Searching needs no manifest: it is read while the rest starts, and files wait for it.
const manifest = readFile(join(dist, 'server', MANIFEST_FILE), 'utf8').then((text) => JSON.parse(text) as FileManifest);
// Astro's files load while the card index builds.
const astro = import(pathToFileURL(join(dist, 'server', 'entry.mjs')).href) as Promise<{ handler: AstroHandler }>;
const searchers = loadSearchers(join(dist, 'server', 'search'));
const limiter = config.ratePolicy && createLimiter(config.ratePolicy, { redisUrl: config.redisUrl });
let verifyAgent: ReturnType<typeof createAgentVerifier>;
try {
  verifyAgent = createAgentVerifier(loadVerifiedAgents(process.env));
} catch (error) {
  console.error(`card-values: ${(error as Error).message}`);
  process.exit(1);
}
// The warm-up request below is ours, not a client's: a secret only this process knows keeps it out of the count.
const warmUp = { name: 'x-card-values-warm-up', token: randomUUID() };
const gate = createFunctionGate({ limiter, verifyAgent, trustProxy: config.trustProxy, uncounted: (req) => req.headers[warmUp.name] === warmUp.token });
const { handler } = await astro;

// Nothing here speaks another protocol: an Upgrade request is answered as the plain request it also is.
// A missing Host is the front server's to answer (Node's own answer is an empty 400).
const server = createServer(
  { shouldUpgradeCallback: () => false, requireHostHeader: false },
  createFrontServer({
    files: config.staticOrigin ? originFiles(config.staticOrigin) : diskFiles(join(dist, 'client')),
    manifest,
    searchers,
    astroHandler: handler,
    gate,
  }),
);
server.keepAliveTimeout = 5_000;
server.on('clientError', answerClientError);
server.on('connect', answerConnect);
server.on('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EADDRINUSE' ? 'the address is in use (set PORT to another port)' : error.message;
  console.error(`card-values: cannot listen on ${host}:${port}: ${why}`);
  process.exit(1);
});
server.listen(port, host, async () => {
  const address = server.address();
  const where = typeof address === 'object' && address ? `http://${host}:${address.port}` : `http://${host}:${port}`;
  const warm = (path: string) =>
    fetch(`${where}${path}`, { headers: { [warmUp.name]: warmUp.token } })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  // One request through the whole path compiles the hot code before anyone waits on it.
  await warm('/api/cards?q=charizard&limit=1');
  await Promise.all([manifest, limiter?.ready]);
  const limits = config.ratePolicy
    ? `${config.ratePolicy.quota}/${config.ratePolicy.windowSeconds} s per client${config.redisUrl ? ' (shared in Redis)' : ''}`
    : 'off';
  const from = config.staticOrigin ? ` (prebuilt files from ${config.staticOrigin})` : '';
  console.log(`card-values: serving ${dist}${from} at ${where} (ready in ${Math.round(performance.now() - started)} ms; rate limit ${limits})`);
  // The orders other than value are built on first use (~20 ms each on the bundled catalogue): build them now, after ready.
  for (const sort of ['name', 'value-asc']) for (const api of ['cards', 'sealed']) await warm(`/api/${api}?q=a&sort=${sort}&limit=1`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => void limiter?.close().finally(() => process.exit(0))));
}
