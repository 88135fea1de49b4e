import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import type { BulkManifest } from '../../src/schemas/api-types.ts';
import { generateAgentJwk, signAgentRequest } from '../../src/web-bot-auth/index.ts';
import { manifestOf } from '../support/built-files.ts';
import { type CloudflareTarget, readWranglerConfig, startCloudflareTarget } from '../support/cloudflare-target.ts';
import { UNREACHABLE_ORIGIN } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The proxying Cloudflare deployment (scripts/deploy-cloudflare.ts --function URL) of the fixture build, run in
 * Miniflare with Workers static assets, in front of the real function on the same build: the same answers, header
 * for header. The HTTP contract itself (negotiation, files, searches, lists, MCP) runs against the all-in-one
 * Worker in the `cloudflare` project (tests/http/, CONTRACT_TARGET=cloudflare), and what is the all-in-one's own
 * in cloudflare-all-in-one.test.ts; here is what is the proxying Worker's own: its configuration, what it passes
 * to the function and how, what it answers with the function down, and a file served from its gzip twin (the
 * same Worker code in both modes).
 */
let dist: string;
let manifest: FileManifest;
let fn: RunningServer;
let cf: CloudflareTarget;
beforeAll(async () => {
  dist = inject('fixtureDist');
  manifest = manifestOf(dist);
  fn = await startServer(dist);
  cf = await startCloudflareTarget(dist, { functionUrl: fn.url });
});
afterAll(async () => {
  await cf?.stop();
  await fn?.stop();
});

type Init = { headers?: Record<string, string>; method?: string; body?: string };

/** No compression, so that bodies and Content-Length compare byte for byte (the edge's compression is its own business). */
const get = (base: string, path: string, { headers = {}, method = 'GET', body }: Init = {}) =>
  fetch(base + path, { method, headers: { 'Accept-Encoding': 'identity', ...headers }, redirect: 'manual', body });

/** Headers that belong to the connection, the platform or the function's rate limiter, not to the contract. */
const IGNORED = /^(?:date|server|connection|keep-alive|transfer-encoding|ratelimit|ratelimit-policy|cf-.*|report-to|nel|alt-svc)$/;
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !IGNORED.test(name)));

async function answer(base: string, path: string, init?: Init) {
  const res = await get(base, path, init);
  return { status: res.status, headers: headersOf(res), body: await res.text() };
}

const CARD = '/cards/charizard-base1-4';
/** Accept headers the negotiation tells apart (what each gets is the contract's: tests/http/server.test.ts). */
const ACCEPTS: (string | undefined)[] = [
  undefined,
  '*/*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/markdown',
  'text/markdown, text/html',
  'text/markdown, text/html;q=0.9, */*;q=0.8',
  'text/markdown;q=0, */*',
  'application/json',
];

describe('the generated deployment', () => {
  it('runs the Worker first everywhere, binds the assets folder beside it as ASSETS, and names the function', () => {
    const config = readWranglerConfig(cf.outDir);
    expect(config.main).toBe('worker.js');
    expect(config.no_bundle).toBe(true);
    expect(config.assets).toMatchObject({ binding: 'ASSETS', run_worker_first: true, html_handling: 'none', not_found_handling: 'none' });
    expect(resolve(cf.outDir, config.assets.directory)).toBe(join(cf.outDir, 'assets'));
    expect(config.vars.FUNCTION_ORIGIN).toBe(new URL(fn.url).origin);
  });

  it('holds every file of the build in the assets folder as a hard link to the build’s own (nothing copied), and nothing else', () => {
    const assets = join(cf.outDir, 'assets');
    const held = readdirSync(assets, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(held.length).toBe(Object.keys(manifest.files).length);
    for (const file of Object.keys(manifest.files)) expect(statSync(join(assets, file)).ino, file).toBe(statSync(join(dist, 'client', file)).ino);
  });

  it('writes nothing into the build output', () => {
    const files = readdirSync(join(dist, 'client'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBe(Object.keys(manifest.files).length);
  });
});

describe('the same answers as the function', () => {
  const requests: [string, Init?][] = [
    ...ACCEPTS.map((accept): [string, Init] => [CARD, { headers: accept === undefined ? {} : { Accept: accept } }]),
    [CARD, { headers: { Accept: 'image/png' } }],
    ['/cards/missingno-base1-0', { headers: { Accept: 'text/markdown' } }],
    ['/sealed/evolving-skies-booster-box-242436', { headers: { Accept: 'application/json' } }],
    ['/knowledge/what-is-a-grail', { headers: { Accept: 'text/markdown' } }],
    ['/sets/base1', { headers: { Accept: 'text/markdown' } }],
    ['/sets/base1', { headers: { Accept: 'application/json' } }],
    ['/sets/base1'],
    ['/sets/nothing1', { headers: { Accept: 'text/markdown' } }],
    ['/sets', { headers: { Accept: 'text/markdown' } }],
    ['/sets', { headers: { Accept: 'application/json' } }],
    ['/sets', { headers: { Accept: 'image/png' } }],
    ['/sets'],
    ['/sets.md'],
    ['/sets/base1.md'],
    ['/api/sets'],
    ['/api/sets/base1'],
    ['/api/sets/base1.json'],
    ['/cards/charizard-base1-4.md'],
    ['/cards/charizard-base1-4.html'],
    ['/knowledge/sealed-per-pack.md'],
    ['/sealed/nothing-1.md'],
    ['/api/cards/charizard-base1-4'],
    ['/api/cards/charizard-base1-4.json'],
    ['/api/sealed/evolving-skies-booster-box-242436'],
    ['/api/knowledge/what-is-a-grail'],
    ['/api/cards/missingno-base1-0'],
    ['/api/content'],
    ['/api/changes'],
    ['/api/changes/2025-10-20'],
    ['/changes/2025-10-20.md'],
    ['/api/catalog'],
    ['/api/catalog/artists'],
    ['/catalog/artists.md'],
    ['/api/movers'],
    ['/movers.md'],
    ['/movers'],
    ['/api/bulk/manifest'],
    ['/api/bulk/cards.ndjson.gz'],
    ['/api/bulk/cards.csv'],
    ['/api/knowledge'],
    ['/api/nothing'],
    ['/llms.txt'],
    ['/openapi.json'],
    ['/styles.css'],
    ['/'],
    ['/index.html'],
    ['/knowledge'],
    ['/404.html'],
    ['/nothing'],
    ['/server/manifest.json'],
    ['/cards/charizard-base1-4/extra'],
    [CARD, { method: 'HEAD', headers: { Accept: 'text/markdown' } }],
    ['/api/cards/charizard-base1-4', { method: 'HEAD' }],
    ['/llms.txt', { method: 'HEAD' }],
    ['/api/nothing', { method: 'HEAD' }],
    ['/cards/missingno-base1-0', { method: 'HEAD' }],
    [CARD, { method: 'HEAD', headers: { Accept: 'image/png' } }],
    ['/api/cards', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' } }],
    [CARD, { method: 'OPTIONS' }],
    ['/cards/missingno-base1-0', { method: 'OPTIONS' }],
    ['/api/nothing', { method: 'OPTIONS' }],
    ...['POST', 'PUT', 'DELETE', 'PATCH'].flatMap((method): [string, Init][] => [
      ['/api/cards', { method }],
      [CARD, { method }],
      ['/llms.txt', { method }],
    ]),
    // Searches: the function answers them through the Worker.
    ['/api/cards?q=charizard'],
    ['/api/sealed?q=booster&sort=value-desc&limit=2'],
    ['/api/knowledge?q=psa'],
    ['/api/knowledge?tag=grading'],
    ['/api/cards?limit=ten'],
    ['/api/cards?q=charizard', { method: 'HEAD' }],
    // Autocomplete, where a card's JSON would be (/api/cards/{slug}).
    ['/api/cards/autocomplete?q=char'],
    ['/api/cards/autocomplete?q=c'],
    ['/api/cards/autocomplete?q=ch&q=char'],
    ['/api/cards/autocomplete.json'],
    // Field filters in q, and their 400; the search syntax, catalogues and movers, prebuilt.
    ['/api/cards?q=set%3Abase1%20t%3Afire'],
    ['/api/cards?q=colour%3Ared'],
    ['/search/help'],
    ['/api/catalog/artists'],
    ['/catalog/artists.md'],
    ['/api/movers'],
    ['/movers'],
  ];

  it.each(requests)('%s %j', async (path, init) => {
    const [expected, actual] = await Promise.all([answer(fn.url, path, init), answer(cf.url, path, init)]);
    expect(actual).toEqual(expected);
  });

  it.each([
    [CARD, { Accept: 'text/markdown' }],
    [CARD, { Accept: 'application/json' }],
    [CARD, {}],
    ['/cards/charizard-base1-4.md', {}],
    ['/cards/charizard-base1-4.html', {}],
    ['/api/sealed/evolving-skies-booster-box-242436', {}],
    ['/api/cards/charizard-base1-4', {}],
    ['/api/content', {}],
    ['/llms.txt', {}],
    ['/api/cards?q=charizard', {}],
  ])('%s %j answers If-None-Match with the same 304 as the function', async (path, headers) => {
    const etag = (await get(cf.url, path, { headers })).headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const match of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const init = { headers: { ...headers, 'If-None-Match': match } };
      const [expected, actual] = await Promise.all([answer(fn.url, path, init), answer(cf.url, path, init)]);
      expect(actual.status).toBe(304);
      expect(actual.body).toBe('');
      expect(actual).toEqual(expected);
    }
  });
});

describe('files by their own path', () => {
  it('/api/cards/{slug} without an extension is the .json file, with its ETag', async () => {
    const bare = await get(cf.url, '/api/cards/charizard-base1-4');
    const file = await get(cf.url, '/api/cards/charizard-base1-4.json');
    expect(bare.headers.get('etag')).toBe(manifest.files['/api/cards/charizard-base1-4.json'].etag);
    expect(bare.headers.get('etag')).toBe(file.headers.get('etag'));
    const body = await bare.text();
    expect(body).toBe(await file.text());
    assertMatches('card-detail.json', JSON.parse(body));
  });

  it('never the asset server’s own ETag', async () => {
    for (const [file, info] of Object.entries(manifest.files)) {
      const res = await get(cf.url, file, { method: 'HEAD' });
      expect(res.headers.get('etag'), file).toBe(info.etag);
      expect(res.headers.get('content-length'), file).toBe(String(info.bytes));
    }
  });
});

/** A stand-in function that echoes what reached it; `q=fail` answers like a load balancer with the function gone. */
async function startEcho(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url?.includes('q=fail')) {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return void res.end('<h1>Bad gateway</h1>');
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Echo': 'yes' });
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('searches go to the function', () => {
  let echo: { url: string; server: Server };
  let viaEcho: CloudflareTarget;
  beforeAll(async () => {
    echo = await startEcho();
    viaEcho = await startCloudflareTarget(dist, { functionUrl: echo.url });
  });
  afterAll(async () => {
    await viaEcho?.stop();
    await new Promise((done) => echo?.server.close(done));
  });

  it('with the method, path and query, the client’s headers, and the client address Cloudflare saw', async () => {
    const signed = {
      Accept: 'application/json',
      'If-None-Match': '"abc"',
      Signature: 'sig1=:AAAA:',
      'Signature-Input': 'sig1=("@authority");tag="web-bot-auth"',
      'Signature-Agent': 'sig1="https://bot.example"',
      'X-Forwarded-For': '203.0.113.66',
      'X-Forwarded-Host': 'evil.example',
    };
    const res = await get(viaEcho.url, '/api/cards?q=mew&limit=2', { headers: signed });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    const seen = await res.json();
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/api/cards?q=mew&limit=2');
    expect(seen.headers).toMatchObject({
      accept: 'application/json',
      'if-none-match': '"abc"',
      signature: signed.Signature,
      'signature-input': signed['Signature-Input'],
      'signature-agent': signed['Signature-Agent'],
      host: new URL(echo.url).host,
      'x-forwarded-host': new URL(viaEcho.url).host,
      'x-forwarded-proto': 'http',
    });
    // What a client writes in X-Forwarded-For never reaches the function: only the address Cloudflare saw (CF-Connecting-IP).
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    // The platform's own on every subrequest (CF-Worker names the zone); none of the client's cf-* headers.
    expect(Object.keys(seen.headers).filter((h) => h.startsWith('cf-') && h !== 'cf-worker')).toEqual([]);
  });

  it('HEAD stays HEAD, and /api/knowledge only with q or tag', async () => {
    const head = await get(viaEcho.url, '/api/sealed?q=etb', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-echo')).toBe('yes');
    expect((await get(viaEcho.url, '/api/knowledge?tag=grading')).headers.get('x-echo')).toBe('yes');
    const list = await get(viaEcho.url, '/api/knowledge');
    expect(list.headers.get('x-echo')).toBeNull();
    expect(list.headers.get('etag')).toBe(manifest.files['/api/knowledge.json'].etag);
  });

  it('a proxy’s own 5xx page is not passed on: the client gets the 503 problem', async () => {
    const res = await get(viaEcho.url, '/api/cards?q=fail');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    assertMatches('problem.json', await res.json());
  });
});

describe('the function behind the Worker (TRUST_PROXY=1)', () => {
  const QUOTA = 3;
  const AGENT = 'https://bot.example';
  const { privateJwk, publicJwk } = generateAgentJwk();
  let limited: RunningServer;
  let front: CloudflareTarget;
  let agentsDir: string;
  beforeAll(async () => {
    agentsDir = mkdtempSync(join(tmpdir(), 'agents-'));
    const agents = join(agentsDir, 'verified-agents.json');
    writeFileSync(agents, JSON.stringify({ [AGENT]: { keys: [publicJwk] } }));
    limited = await startServer(dist, { RATE_LIMIT: `${QUOTA}/60`, TRUST_PROXY: '1', VERIFIED_AGENTS: agents });
    front = await startCloudflareTarget(dist, { functionUrl: limited.url });
  });
  afterAll(async () => {
    await front?.stop();
    await limited?.stop();
    if (agentsDir) rmSync(agentsDir, { recursive: true, force: true });
  });

  it('counts the client Cloudflare saw, whatever X-Forwarded-For it writes, and its 429 comes back whole', async () => {
    const seen: number[] = [];
    for (let i = 0; i <= QUOTA; i++) {
      const res = await get(front.url, '/api/cards?q=mew', { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
      seen.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.headers.get('ratelimit-policy')).toBe(`"default";q=${QUOTA};w=60`);
        assertMatches('problem.json', await res.json());
      } else await res.body?.cancel();
    }
    expect(seen).toEqual([200, 200, 200, 429]);
  });

  it('verifies an agent that signed the Worker’s host, not the function’s', async () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signAgentRequest({ privateJwk, agent: AGENT, authority: new URL(front.url).host, created: now, expires: now + 60 });
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await get(front.url, '/api/cards?q=charizard', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
      await res.body?.cancel();
    }
  });

  it('never limits prebuilt files or negotiated pages: they are files on Cloudflare', async () => {
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await get(front.url, CARD, { headers: { Accept: 'text/markdown' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
      await res.body?.cancel();
    }
  });
});

describe('with the function down', () => {
  let down: CloudflareTarget;
  beforeAll(async () => {
    down = await startCloudflareTarget(dist, { functionUrl: UNREACHABLE_ORIGIN });
  });
  afterAll(() => down?.stop());

  it.each(['/api/cards?q=charizard', '/api/cards/autocomplete?q=char', '/api/sealed', '/api/knowledge?q=psa'])(
    '%s is a 503 problem with the API headers, never cached',
    async (path) => {
      const res = await get(down.url, path);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('link')).toBe('</openapi.json>; rel="service-desc"; type="application/openapi+json"');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await res.json();
      assertMatches('problem.json', body);
      expect(body.status).toBe(503);
    },
  );

  it.each([
    [CARD, { Accept: 'text/markdown' }],
    [CARD, {}],
    ['/api/cards/charizard-base1-4', {}],
    ['/api/content', {}],
    ['/api/knowledge', {}],
    ['/llms.txt', {}],
  ])('%s %j is still served, as with the function up', async (path, headers) => {
    const [expected, actual] = await Promise.all([answer(fn.url, path, { headers }), answer(down.url, path, { headers })]);
    expect(actual).toEqual(expected);
  });
});

/** A request whose answer is read as sent: Node's fetch would inflate a gzip body and hide what came over the wire. */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a bulk file over the per-asset limit (lowered to just under /api/bulk/cards.ndjson for the fixture)', () => {
  const FILE = '/api/bulk/cards.ndjson';
  const GZIP = `${FILE}.gz`;
  /** What clients send: a browser, curl --compressed, a client that names no coding, and ones that refuse gzip. */
  const GZIP_CLIENTS = ['gzip, deflate, br, zstd', 'gzip', 'x-gzip', '*'];
  const PLAIN_CLIENTS: (string | undefined)[] = ['identity', undefined, 'br', 'gzip;q=0, br', '*, gzip;q=0'];
  let big: CloudflareTarget;
  let plain: Buffer;
  let twin: Buffer;
  let listed: BulkManifest['files'][number];
  beforeAll(async () => {
    big = await startCloudflareTarget(dist, { functionUrl: fn.url, assetFileBytes: manifest.files[FILE].bytes - 1, allowErrors: true });
    plain = readFileSync(join(dist, 'client', FILE));
    twin = readFileSync(join(dist, 'client', GZIP));
    const bulk = JSON.parse(readFileSync(join(dist, 'client', '/api/bulk/manifest.json'), 'utf8')) as BulkManifest;
    listed = bulk.files.find((entry) => entry.path === FILE)!;
  });
  afterAll(() => big?.stop());
  const headersFor = (encoding: string | undefined): Record<string, string> => (encoding === undefined ? {} : { 'Accept-Encoding': encoding });

  it('is left out of the uploaded assets and answered from its gzip twin; a file over the limit with no twin is refused by name', () => {
    expect(big.deployment.measured.servedFromGzip).toEqual([{ file: FILE, bytes: plain.length, gzip: GZIP, gzipBytes: twin.length }]);
    expect(big.deployment.assets).not.toContain(FILE);
    expect(existsSync(join(big.outDir, 'assets', FILE))).toBe(false);
    expect(existsSync(join(big.outDir, 'assets', GZIP))).toBe(true);
    // The fixture's /openapi.json is over a limit lowered this far too, and has no twin: the generator names it (and the script would write nothing).
    const over = Object.entries(manifest.files).filter(([file, info]) => file !== FILE && info.bytes >= plain.length);
    expect(big.deployment.errors).toEqual(
      over.map(([file]) =>
        expect.stringMatching(new RegExp(`^${file.replaceAll('.', '\\.')} is .*: one asset may be at most .*, and the build has no gzip of it`)),
      ),
    );
    expect(over.length).toBeGreaterThan(0);
  });

  it.each(GZIP_CLIENTS)(
    'Accept-Encoding: %s gets the twin’s bytes as they are, Content-Encoding gzip, inflating to the bulk manifest’s SHA-256',
    async (encoding) => {
      const res = await rawGet(big.url, FILE, { 'Accept-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-length']).toBe(String(twin.length));
      expect(res.body.equals(twin)).toBe(true);
      expect(sha256(gunzipSync(res.body))).toBe(listed.sha256);
      expect(res.headers['content-type']).toBe(listed.mediaType);
      expect(res.headers.etag).toBe(`W/${manifest.files[FILE].etag}`);
      expect(res.headers.vary).toBe('Accept-Encoding');
    },
  );

  it.each(PLAIN_CLIENTS)('Accept-Encoding: %s gets the plain bytes, inflated on the way, with the function’s headers and Vary', async (encoding) => {
    const [expected, actual] = await Promise.all([rawGet(fn.url, FILE, headersFor(encoding)), rawGet(big.url, FILE, headersFor(encoding))]);
    expect(actual.status).toBe(200);
    expect(actual.headers['content-encoding']).toBeUndefined();
    expect(actual.body.equals(plain)).toBe(true);
    expect(sha256(actual.body)).toBe(listed.sha256);
    expect(actual.body.equals(expected.body)).toBe(true);
    const keep = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([name]) => !IGNORED.test(name)));
    expect(keep(actual.headers)).toEqual({ ...keep(expected.headers), vary: 'Accept-Encoding' });
  });

  it('answers HEAD with the headers its GET would carry, and no body', async () => {
    const gzip = await rawGet(big.url, FILE, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(gzip.status).toBe(200);
    expect(gzip.body.length).toBe(0);
    expect(gzip.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-length': String(twin.length),
      etag: `W/${manifest.files[FILE].etag}`,
      vary: 'Accept-Encoding',
    });
    const identity = await rawGet(big.url, FILE, { 'Accept-Encoding': 'identity' }, 'HEAD');
    expect(identity.body.length).toBe(0);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers).toMatchObject({ 'content-length': String(plain.length), etag: manifest.files[FILE].etag, vary: 'Accept-Encoding' });
  });

  it.each([...GZIP_CLIENTS.slice(0, 1), 'identity'])('Accept-Encoding: %s revalidates with either form of the ETag: 304, no body', async (encoding) => {
    const { etag } = manifest.files[FILE];
    for (const match of [etag, `W/${etag}`, `"other", W/${etag}`]) {
      const res = await rawGet(big.url, FILE, { 'Accept-Encoding': encoding, 'If-None-Match': match });
      expect(res.status, match).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(encoding === 'identity' ? etag : `W/${etag}`);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
    const changed = await rawGet(big.url, FILE, { 'Accept-Encoding': encoding, 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('ignores Range as the function does: the whole file, 200', async () => {
    const headers = { 'Accept-Encoding': 'identity', Range: 'bytes=0-99' };
    const [expected, actual] = await Promise.all([rawGet(fn.url, FILE, headers), rawGet(big.url, FILE, headers)]);
    expect(expected.status).toBe(200);
    expect(actual.status).toBe(200);
    expect(actual.body.equals(plain)).toBe(true);
  });

  it('leaves every other file as it was: the twin itself is application/gzip with no Content-Encoding', async () => {
    const res = await rawGet(big.url, GZIP, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers.etag).toBe(manifest.files[GZIP].etag);
    expect(res.body.equals(twin)).toBe(true);
  });
});
