import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COLLECTION_LIMITS } from '../../src/http/limits.ts';
import { type AssetStore, assetData } from '../../src/server/asset-data.ts';
import { createFetchHandler, type FetchHandler } from '../../src/server/fetch-handler.ts';
import { diskFiles, fsData } from '../../src/server/fs-data.ts';
import { FUNCTION_DATA_FILES, type FunctionData, type FunctionDataFile } from '../../src/server/function-data.ts';
import { createFunctionGate } from '../../src/server/function-gate.ts';
import { LIST_WORKER_FILE } from '../../src/server/function-paths.ts';
import { createListValuer, type ListValuer } from '../../src/server/list-valuer.ts';
import { createLimiter } from '../../src/server/rate-limit/limiter.ts';
import { ratePolicyOf } from '../../src/server/rate-limit/policy.ts';
import { loadVerifiedAgents } from '../../src/server/verified-agents.ts';
import { createAgentVerifier } from '../../src/web-bot-auth/verify.ts';
import { type Answer, expectSame429, itAnswersTheContract, problemIn, sameAnswer } from '../support/same-answers.ts';
import { problemOf } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The function as a web fetch handler (src/server/fetch-handler.ts), the one Workers, Netlify and Vercel run,
 * called with a `Request` and read as a `Response`, no node:http in between, on the fixture build: each request
 * gets what `npm start`'s server (the built function over node:http) gives for it, status, headers and bytes.
 * And its data read from an asset store (Cloudflare's ASSETS binding) asks that store for the build's own files
 * alone, whatever path a client sends.
 */
const dist = inject('fixtureDist');
const serverDir = join(dist, 'server');
const ORIGIN = 'https://cards.example';
/** A client's address, as the platform reports it (node:http's socket says the same for the test's requests). */
const CLIENT = { address: '127.0.0.1' };

const valuers: ListValuer[] = [];
/** The fetch handler over the fixture build, its lists valued as npm start values them, counted by `rateLimit`. */
function handlerOf({ rateLimit = '100000/60', data = fsData(serverDir) as FunctionData } = {}): FetchHandler {
  return createFetchHandler({
    data,
    files: diskFiles(join(dist, 'client')),
    valuer: (inline) => {
      const valuer = createListValuer({ serverDir, workerFile: pathToFileURL(join(serverDir, LIST_WORKER_FILE)), inline });
      valuers.push(valuer);
      return valuer;
    },
    gate: createFunctionGate({ limiter: createLimiter(ratePolicyOf(rateLimit)!), verifyAgent: createAgentVerifier(loadVerifiedAgents()), trustProxy: 0 }),
    publicOrigin: ORIGIN,
  });
}

let server: RunningServer;
let handler: FetchHandler;
beforeAll(async () => {
  server = await startServer(dist, { PUBLIC_ORIGIN: ORIGIN });
  handler = handlerOf();
});
afterAll(async () => {
  await server?.stop();
  await Promise.all(valuers.map((valuer) => valuer.close()));
});

/** The same request to npm start's server and to the fetch handler, answered alike. */
async function same(path: string, init: RequestInit = {}): Promise<Answer> {
  const [viaNode, viaFetch] = await Promise.all([fetch(server.url + path, init), handler(new Request(ORIGIN + path, init), CLIENT)]);
  return sameAnswer(path, viaNode, viaFetch);
}

describe('the fetch handler answers as npm start does', () => {
  const slugFound = itAnswersTheContract(same, ORIGIN);

  it("a card page's 304 when the ETag matches", async () => {
    const etag = (await same(`/cards/${slugFound()}`, { headers: { Accept: 'text/markdown' } })).res.headers.get('etag')!;
    const { res: again, body } = await same(`/cards/${slugFound()}`, { headers: { Accept: 'text/markdown', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(body.byteLength).toBe(0);
  });

  it('a prebuilt file, and its HEAD without a body', async () => {
    expect((await same('/llms.txt')).res.status).toBe(200);
    const { res, body } = await same('/llms.txt', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(body.byteLength).toBe(0);
  });

  it('a path nobody serves, as the 404 problem', async () => {
    await problemIn(await same('/api/nothing-here'), 404);
  });

  it('a search page for people, in the site frame', async () => {
    const { res, body } = await same('/search?q=charizard');
    expect(res.status).toBe(200);
    expect(body.toString('utf8')).toMatch(/<html/i);
  });

  it('a POSTed list longer than the limit, refused with the 413 problem from the body as it streams', async () => {
    const init = { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x'.repeat(COLLECTION_LIMITS.postBytes + 1) };
    await problemIn(await same('/api/collection', init), 413);
  });
});

describe("the fetch handler's gate", () => {
  it('refuses a client past its limit with the 429 problem, as npm start does', async () => {
    const limited = await startServer(dist, { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: '2/60' });
    const strict = handlerOf({ rateLimit: '2/60' });
    try {
      await expectSame429(
        (path) => fetch(limited.url + path),
        (path) => strict(new Request(ORIGIN + path), CLIENT),
      );
    } finally {
      await limited.stop();
    }
  });

  it('counts each client by the address the platform reports', async () => {
    const strict = handlerOf({ rateLimit: '1/60' });
    const search = (address: string) => strict(new Request(`${ORIGIN}/api/cards?q=pikachu`), { address });
    expect((await search('192.0.2.1')).status).toBe(200);
    expect((await search('192.0.2.1')).status).toBe(429);
    expect((await search('192.0.2.2')).status).toBe(200);
  });
});

describe('the function data read from an asset store', () => {
  const PREFIX = '/_function';
  /** An asset store over the build's dist/server, as Cloudflare's ASSETS binding answers: what it was asked for is kept. */
  function recordingStore(): AssetStore & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      async fetch(request) {
        const { pathname } = new URL(request.url);
        asked.push(pathname);
        if (!pathname.startsWith(`${PREFIX}/`)) return new Response('not found', { status: 404 });
        try {
          return new Response(await readFile(join(serverDir, decodeURIComponent(pathname.slice(PREFIX.length + 1)))));
        } catch {
          return new Response('not found', { status: 404 });
        }
      },
    };
  }

  it('is asked for the build’s own files alone, whatever paths clients send', async () => {
    const store = recordingStore();
    const fromAssets = handlerOf({ data: assetData(store, PREFIX) });
    const hostile = [
      '/api/cards?q=charizard',
      '/_function/manifest.json',
      '/search/cards.pack',
      '/manifest.json',
      '/api/cards?q=../../manifest.json',
      '/feeds/cards/..%2F..%2Fmanifest.json.json',
      '/feeds/sets/..%2Fsearch%2Fhistories.bin.atom',
      '/pages/shell.html',
      '/mcp-tools.json',
      '/search?q=charizard',
      '/feeds/collection.json?list=charizard',
    ];
    // All at once, as an instance's first requests may come: they share one read of each file.
    await Promise.all(hostile.map((path) => fromAssets(new Request(ORIGIN + path), CLIENT)));
    const resourceRead = {
      jsonrpc: '2.0',
      id: 3,
      method: 'resources/read',
      params: { uri: 'card-values:/../search/cards.pack' },
    };
    await fromAssets(
      new Request(`${ORIGIN}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify(resourceRead),
      }),
      CLIENT,
    );
    const allowed = new Set(FUNCTION_DATA_FILES.map((file) => `${PREFIX}/${file}`));
    expect(store.asked.length).toBeGreaterThan(0);
    expect(store.asked.filter((path) => !allowed.has(path))).toEqual([]);
    // Each file once for the instance, however many requests needed it at once.
    expect(store.asked.length).toBe(new Set(store.asked).size);
  });

  it('answers as the file system does', async () => {
    const fromAssets = handlerOf({ data: assetData(recordingStore(), PREFIX) });
    for (const path of ['/api/cards?q=charizard&limit=3', '/api/sealed?q=booster', '/search?q=charizard']) {
      const [viaAssets, viaDisk] = await Promise.all([fromAssets(new Request(ORIGIN + path), CLIENT), handler(new Request(ORIGIN + path), CLIENT)]);
      expect(viaAssets.status, path).toBe(200);
      expect(await viaAssets.text(), path).toBe(await viaDisk.text());
    }
  });

  it('refuses a name that is not one of the build’s files before the store is asked', async () => {
    const store = recordingStore();
    const data = assetData(store, PREFIX);
    await expect(data.text('../../etc/passwd' as FunctionDataFile)).rejects.toThrow(/not one of the function's data files/);
    await expect(data.bytes('search/../manifest.json' as FunctionDataFile)).rejects.toThrow(/not one of the function's data files/);
    expect(store.asked).toEqual([]);
  });

  it('answers 503 with Retry-After when the store lacks the build’s data, and says why in the log', async () => {
    const empty: AssetStore = { fetch: async () => new Response('not found', { status: 404 }) };
    const res = await handlerOf({ data: assetData(empty, PREFIX) })(new Request(`${ORIGIN}/api/cards?q=charizard`), CLIENT);
    await problemOf(res.clone(), 503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
