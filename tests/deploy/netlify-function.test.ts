import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { HISTORY_STORE_FILE } from '../../src/collection/history-store.ts';
import { netlifyFunctionPaths } from '../../src/deploy/netlify-function.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { directFileHeaders, fileHeaders, SECURITY_HEADERS } from '../../src/http/headers.ts';
import { FUNCTION_FOLDERS, FUNCTION_PATHS } from '../../src/http/host-rules.ts';
import { COLLECTIONS } from '../../src/http/links.ts';
import { INDEX_PAGES } from '../../src/http/routes.ts';
import { FUNCTION_DATA_FILES } from '../../src/server/function-data.ts';
import { deployOrigin } from '../../src/server/netlify-function.ts';
import { MEMORY_STORE_NOTICE } from '../../src/server/rate-limit/limiter.ts';
import { ROOT, scratchDir } from '../support/fixture-site.ts';
import { FunctionsHandler, Reactive, zipFunctions } from '../support/netlify-tooling.ts';
import { type Answer, expectSameRefusal, itAnswersTheContract, jsonOf, mcpPost, sameAnswer as sameAnswerOf } from '../support/same-answers.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { unzip } from '../support/unzip.ts';

/**
 * `deploy:netlify` without --function: the function as a Netlify Function (v2), packaged by Netlify's own
 * packager (@netlify/zip-it-and-ship-it) from the generated netlify/functions/ with netlify.toml's settings, as
 * Netlify's build packages it; the archive unpacked, its entry found as Netlify's runtime finds it (the packager's
 * manifest), and asked what a client asks: each answer the same as npm start's for the same build.
 *
 * What this cannot show (docs/deploy-netlify.md): Netlify's edge and its routing of the deployed paths (the
 * routes are checked as declared, not as served), the Lambda bootstrap between them and the function, cold
 * starts on Netlify, and Redis reached from Netlify.
 */
const fixtureDist = inject('fixtureDist');
const ORIGIN = 'https://cards.example';
const scratch = scratchDir('netlify-function');
/** The site's base directory: the build inside it, as a checkout holds it. */
const site = join(scratch, 'site');
const dist = join(site, 'dist');

/** A route as the packager writes it: a literal path, or a URLPattern compiled to a regular expression. */
interface PackagedRoute {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
  prefer_static?: boolean;
}
interface PackagedFunction {
  name: string;
  mainFile: string;
  path: string;
  runtime: string;
  buildData: { runtimeAPIVersion: number };
  routes: PackagedRoute[];
  excludedRoutes?: PackagedRoute[];
}
/** What this test reads of the generated netlify.toml: the functions folder, and each function's packaging. */
interface NetlifyToml {
  functions: { directory: string } & Record<string, { included_files: string[]; node_bundler: 'nft' | 'esbuild' }>;
}
type NetlifyHandler = (request: Request, context: { ip?: string }) => Promise<Response>;

let deployOutput: string;
let packaged: PackagedFunction;
let unpacked: string;
let zippedEstimate: number;
let entryUrl: string;
let server: RunningServer;
let deployHost: Server;
let handler: NetlifyHandler;
const logged: string[] = [];

/** Whether Netlify sends `path` to the function: a route of the packager's manifest matches it and no excluded one does. */
function routedToFunction(path: string): boolean {
  const matches = (route: PackagedRoute) => (route.literal !== undefined ? route.literal === path : new RegExp(route.expression!).test(path));
  return packaged.routes.some(matches) && !(packaged.excludedRoutes ?? []).some(matches);
}

/** The packaged function's default export, as Netlify's runtime calls it: a fresh instance of the module per `instance`. */
async function netlifyFunction(instance: string): Promise<NetlifyHandler> {
  return (await import(`${entryUrl}?instance=${instance}`)).default as NetlifyHandler;
}

beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(fixtureDist, dist, { recursive: true });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'deploy-netlify.ts'), '--dist', dist, '--out', site], { cwd: ROOT, encoding: 'utf8' });
  deployOutput = `${run.stdout}${run.stderr}`;
  expect(run.status, deployOutput).toBe(0);
  zippedEstimate = Number(/MB zipped \((\d+) bytes/.exec(run.stdout)?.[1]);

  // As Netlify's build does: netlify.toml's [functions] settings given to the packager, keys in its casing.
  const toml = parseToml(readFileSync(join(site, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
  const { directory, ...perFunction } = toml.functions;
  const config = Object.fromEntries(
    Object.entries(perFunction).map(([name, settings]) => [name, { includedFiles: settings.included_files, nodeBundler: settings.node_bundler }]),
  );
  const zips = join(scratch, 'zips');
  await zipFunctions(join(site, directory), zips, { basePath: site, repositoryRoot: site, config, manifest: join(zips, 'manifest.json') });
  const manifest = JSON.parse(readFileSync(join(zips, 'manifest.json'), 'utf8')) as { functions: PackagedFunction[] };
  expect(manifest.functions).toHaveLength(1);
  packaged = manifest.functions[0];
  unpacked = join(scratch, 'unpacked');
  unzip(packaged.path, unpacked);
  // The packager's entry (___netlify-entry-point.mjs) hands the module of `mainFile` to Netlify's bootstrap, which
  // calls its default export with a Request and a Context: that module, at its place in the archive.
  entryUrl = pathToFileURL(join(unpacked, packaged.mainFile.slice(site.length + 1))).href;

  server = await startServer(fixtureDist, { PUBLIC_ORIGIN: ORIGIN });
  // The deploy's static files, as Netlify serves them to the function (STATIC_ORIGIN stands for the deploy's permalink).
  deployHost = createServer((req, res) => {
    readFile(join(dist, 'client', decodeURIComponent(new URL(req.url!, 'http://x').pathname))).then(
      (bytes) => res.end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((listening) => deployHost.listen(0, '127.0.0.1', listening));
  vi.stubEnv('STATIC_ORIGIN', `http://127.0.0.1:${(deployHost.address() as AddressInfo).port}`);
  vi.stubEnv('PUBLIC_ORIGIN', ORIGIN);
  vi.stubEnv('RATE_LIMIT', '100000/60');
  vi.stubEnv('REDIS_URL', '');
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void logged.push(String(line)));
  handler = await netlifyFunction('main');
  // Settings are read at the first request: made here, with this environment.
  await handler(new Request(`${ORIGIN}/api/cards?q=a&limit=1`), { ip: '127.0.0.1' });
}, 300_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server?.stop();
  deployHost?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The same request to npm start's server and to the packaged Netlify function: asserts the same answer (sameAnswerOf); the function's. */
async function sameAnswer(path: string, init: RequestInit = {}): Promise<Answer> {
  const [viaNode, viaNetlify] = await Promise.all([fetch(server.url + path, init), handler(new Request(ORIGIN + path, init), { ip: '127.0.0.1' })]);
  return sameAnswerOf(path, viaNode, viaNetlify);
}
const asResponse = ({ res, body }: Answer) => new Response(new Uint8Array(body), { status: res.status, headers: res.headers });

describe('deploy:netlify without --function', () => {
  it('writes netlify.toml, the function and the static rules, and says how large the function is zipped', () => {
    for (const file of ['netlify.toml', 'netlify/functions/card-values/card-values.mjs', 'netlify/functions/card-values/function.mjs']) {
      expect(existsSync(join(site, file)), file).toBe(true);
    }
    for (const file of ['_redirects', '_headers']) expect(existsSync(join(dist, 'client', file)), file).toBe(true);
    expect(zippedEstimate).toBeGreaterThan(0);
  });

  it("leaves the function's paths out of _redirects: no proxy, the extensionless JSON rules kept", () => {
    const rules = readFileSync(join(dist, 'client', '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(rules.filter((rule) => rule.includes('http'))).toEqual([]);
    expect(rules).toContain('/api/cards/:slug  /api/cards/:slug.json  200');
    expect(rules.map((rule) => rule.split(/\s+/)[0])).not.toContain('/feeds/*');
  });

  it("is packaged by Netlify's packager as a v2 function with its build's data, and none of the public files", () => {
    expect(packaged.name).toBe('card-values');
    expect(packaged.runtime).toBe('js');
    expect(packaged.buildData.runtimeAPIVersion).toBe(2);
    for (const file of FUNCTION_DATA_FILES) expect(existsSync(join(unpacked, 'dist', 'server', file)), file).toBe(true);
    // The prebuilt files it answers with are read from the deploy, where Netlify serves them.
    expect(readdirSync(join(unpacked, 'dist'))).toEqual(['server']);
  });

  it("estimates the zipped size it checks against Netlify's limit no lower than the packager's archive, and within 10% of it", () => {
    const actual = statSync(packaged.path).size;
    console.info(`netlify function (fixture build): ${actual} bytes zipped, estimated ${zippedEstimate}`);
    expect(zippedEstimate).toBeGreaterThanOrEqual(actual);
    expect(zippedEstimate).toBeLessThanOrEqual(actual * 1.1);
  });

  it('refuses a build whose function would be over 50 MB zipped, saying so and writing nothing', () => {
    const big = join(scratch, 'big-site');
    cpSync(fixtureDist, join(big, 'dist'), { recursive: true });
    // Bytes that do not compress, in a data file the function ships with.
    writeFileSync(join(big, 'dist', 'server', HISTORY_STORE_FILE), randomBytes(51_000_000));
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'deploy-netlify.ts'), '--dist', join(big, 'dist'), '--out', big], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/about 5\d\.\d MB: a Netlify function is at most 50\.0 MB zipped; use --function URL/);
    expect(existsSync(join(big, 'netlify.toml'))).toBe(false);
    expect(existsSync(join(big, 'dist', 'client', '_redirects'))).toBe(false);
  });

  it("routes every function path of the contract to the function, and nothing else (as the packager reads the entry's config)", () => {
    const expected = [
      ...FUNCTION_PATHS,
      ...FUNCTION_FOLDERS.map((folder) => `${folder}/*`),
      ...Object.keys(INDEX_PAGES),
      ...COLLECTIONS.map((collection) => `/${collection}/*`),
    ];
    const declared = packaged.routes.map((route) => route.literal ?? route.pattern);
    expect(new Set(declared)).toEqual(new Set(expected));
    expect(declared).toHaveLength(expected.length);
    expect(packaged.routes.every((route) => !route.prefer_static)).toBe(true);
    // In html mode the detail pages are Netlify's own files.
    expect(netlifyFunctionPaths('html')).toEqual([...FUNCTION_PATHS, ...FUNCTION_FOLDERS.map((folder) => `${folder}/*`)]);
  });

  it('sends the searches, feeds and negotiated pages to the function, and no file of the build (which it reads from the deploy)', () => {
    const toFunction = [
      '/api/cards',
      '/api/cards/autocomplete',
      '/mcp',
      '/sealed',
      '/feeds/cards/x.json',
      '/sets',
      '/cards/x',
      '/sealed/x',
      '/knowledge/x',
      '/sets/x',
    ];
    for (const path of toFunction) expect(routedToFunction(path), path).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as FileManifest;
    const files = Object.keys(manifest.files);
    expect(files.filter((file) => /^\/cards\/.+\.md$/.test(file)).length).toBeGreaterThan(0);
    expect(files.filter(routedToFunction)).toEqual([]);
  });

  it('gives the detail pages it leaves to Netlify their contract headers in _headers, less the ETag', async () => {
    const { headers, errors } = await parseAllHeaders({ headersFiles: [join(dist, 'client', '_headers')], configHeaders: [], minimal: false });
    expect(errors).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as FileManifest;
    const details = Object.entries(manifest.files).filter(([file]) => /^\/(cards|sealed|knowledge|sets)\/[^/]+\.(md|html)$/.test(file));
    expect(details.length).toBeGreaterThan(0);
    for (const [file, info] of details) {
      const served: Record<string, string> = {};
      for (const block of headers as { forRegExp: RegExp; values: Record<string, string> }[]) {
        if (!block.forRegExp.test(file)) continue;
        for (const [name, value] of Object.entries(block.values)) served[name.toLowerCase()] = value;
      }
      const expected = Object.fromEntries(
        Object.entries({ ...SECURITY_HEADERS, ...fileHeaders(file, info), ...directFileHeaders(file) })
          .map(([name, value]) => [name.toLowerCase(), value])
          .filter(([name]) => name !== 'etag'),
      );
      expect(served, file).toEqual(expected);
    }
  });

  it("reads the deploy's files from its own permalink, which serves that deploy whatever is published", () => {
    expect(deployOrigin({ deploy: { id: '6650c1f2e4' }, site: { name: 'cards' } })).toBe('https://6650c1f2e4--cards.netlify.app');
    expect(deployOrigin({})).toBeUndefined();
  });

  it('says, with no REDIS_URL, that its rate limits are counted in memory', () => {
    expect(logged).toContain(`card-values: ${MEMORY_STORE_NOTICE}`);
  });
});

describe('the packaged Netlify function answers as npm start does', () => {
  const slugFound = itAnswersTheContract(sameAnswer, ORIGIN);

  it("a card's record through MCP and the article list, read from the deploy's static files", async () => {
    const called = jsonOf(
      (await sameAnswer('/mcp', mcpPost({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_card', arguments: { slug: slugFound() } } }))).body,
    );
    expect(called.result.structuredContent.slug).toBe(slugFound());
    const { res, body } = await sameAnswer('/api/knowledge');
    expect(res.status).toBe(200);
    assertMatches('knowledge-list.json', jsonOf(body), 'the article list');
    expect(jsonOf(body).length).toBeGreaterThan(0);
  });

  it('a card that does not exist, as the 404 problem', async () => {
    await problemOf(asResponse(await sameAnswer('/cards/no-such-card-at-all', { headers: { Accept: 'application/json' } })), 404);
    await problemOf(asResponse(await sameAnswer('/feeds/cards/no-such-card-at-all.json')), 404);
  });

  it('a client past its limit, refused with the 429 problem as npm start refuses it', async () => {
    const limited = await startServer(fixtureDist, { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: '2/60' });
    vi.stubEnv('RATE_LIMIT', '2/60');
    try {
      const strict = await netlifyFunction('limited');
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const [viaNode, viaNetlify] = await Promise.all([
          fetch(`${limited.url}/api/cards?q=pikachu`),
          strict(new Request(`${ORIGIN}/api/cards?q=pikachu`), { ip: '192.0.2.7' }),
        ]);
        answers.push({ viaNode, viaNetlify });
      }
      expect(answers.map(({ viaNode }) => viaNode.status)).toEqual([200, 200, 429]);
      expect(answers.map(({ viaNetlify }) => viaNetlify.status)).toEqual([200, 200, 429]);
      const { viaNode, viaNetlify } = answers[2];
      await expectSameRefusal(viaNode, viaNetlify);
      // Another client (another context.ip) is counted on its own.
      expect((await strict(new Request(`${ORIGIN}/api/cards?q=pikachu`), { ip: '192.0.2.8' })).status).toBe(200);
    } finally {
      vi.stubEnv('RATE_LIMIT', '100000/60');
      await limited.stop();
    }
  });
});

describe("the function served by Netlify's local emulation (@netlify/functions-dev)", () => {
  let emulation: InstanceType<typeof FunctionsHandler>;
  beforeAll(async () => {
    // As `netlify dev` serves it: the functions folder and netlify.toml's settings, the function built by the packager and run in a worker.
    const toml = parseToml(readFileSync(join(site, 'netlify.toml'), 'utf8'));
    emulation = new FunctionsHandler({
      projectRoot: site,
      destPath: join(scratch, 'functions-serve'),
      config: new Reactive(toml),
      settings: {},
      geolocation: {
        city: 'Nowhere',
        country: { code: 'US', name: 'United States' },
        subdivision: { code: 'CA', name: 'California' },
        longitude: 0,
        latitude: 0,
        timezone: 'UTC',
      },
      userFunctionsPath: join(site, 'netlify', 'functions'),
    });
  });

  /** The emulation's answer to a request, or undefined when no function's route takes its path. */
  async function viaEmulation(path: string, init: RequestInit = {}): Promise<Response | undefined> {
    const request = new Request(`http://localhost:8888${path}`, init);
    const match = await emulation.match(request);
    const res = await match?.handle(request);
    if (!res) return undefined;
    // The emulation's own bookkeeping (x-nf-invocation-metadata, x-nf-start-timestamp), which Netlify's edge
    // keeps to itself: not the function's answer.
    const headers = [...res.headers].filter(([name]) => !name.startsWith('x-nf-'));
    return new Response(res.body, { status: res.status, headers });
  }

  it("routes the function's paths to it and leaves the files to Netlify", async () => {
    expect(await viaEmulation('/llms.txt')).toBeUndefined();
    expect(await viaEmulation('/api/cards/base1-4.json')).toBeUndefined();
    const manifest = JSON.parse(readFileSync(join(dist, 'server', 'manifest.json'), 'utf8')) as FileManifest;
    const markdown = Object.keys(manifest.files).find((file) => /^\/cards\/.+\.md$/.test(file))!;
    expect(await viaEmulation(markdown)).toBeUndefined();
    expect(await viaEmulation(markdown.slice(0, -3), { headers: { Accept: 'text/markdown' } })).toBeDefined();
  }, 60_000);

  it('answers a search, a negotiated card page and a missing card as npm start does', async () => {
    const search = '/api/cards?q=charizard&limit=3';
    const viaNetlify = (await viaEmulation(search))!;
    const { body } = await sameAnswerOf(search, await fetch(server.url + search), viaNetlify);
    const slug = JSON.parse(body.toString('utf8')).results[0].slug;
    const accept = { headers: { Accept: 'text/markdown' } };
    await sameAnswerOf(`/cards/${slug}`, await fetch(`${server.url}/cards/${slug}`, accept), (await viaEmulation(`/cards/${slug}`, accept))!);
    await problemOf((await viaEmulation('/feeds/cards/no-such-card-at-all.json'))!, 404);
  }, 180_000); // the emulation starts the function afresh for each request, which loads its data each time
});
