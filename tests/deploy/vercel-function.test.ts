import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getTransformedRoutes, normalizeRoutes, type Route, type RouteWithSrc, routesSchema } from '@vercel/routing-utils';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type VercelBuildOutput, writeVercelBuildOutput } from '../../scripts/lib/vercel-output.ts';
import {
  routesToFunction,
  VERCEL_FUNCTION_CONFIG,
  VERCEL_FUNCTION_HANDLER,
  VERCEL_FUNCTION_LIMITS,
  VERCEL_FUNCTION_NAME,
  VERCEL_OUTPUT_DIR,
  vercelConfig,
  vercelFunctionProblems,
} from '../../src/deploy/vercel.ts';
import { classifyAccept } from '../../src/http/accept-classes.ts';
import { SECURITY_HEADERS } from '../../src/http/headers.ts';
import { FUNCTION_FOLDERS, FUNCTION_PATHS } from '../../src/http/host-rules.ts';
import { POST_BODY_MAX_BYTES } from '../../src/http/limits.ts';
import { BULK_DIR } from '../../src/pipeline/bulk-files.ts';
import { gzipCopyOf } from '../../src/server/fs-data.ts';
import { FUNCTION_DATA_FILES } from '../../src/server/function-data.ts';
import { VERCEL_FUNCTION_DIRS, VERIFIED_AGENTS_COPY } from '../../src/server/function-paths.ts';
import { MEMORY_STORE_NOTICE } from '../../src/server/rate-limit/limiter.ts';
import { manifestOf } from '../support/built-files.ts';
import { ROOT, scratchDir } from '../support/fixture-site.ts';
import { type Answer, expectSame429, itAnswersTheContract, problemIn, sameAnswer } from '../support/same-answers.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { startVercelFunction } from '../support/vercel-launcher.ts';

/**
 * Function mode of deploy:vercel on the fixture build: the Build Output API (v3) folder checked against the
 * API's layout and Vercel's own route schema, and its function started exactly as packaged (its `.func` folder,
 * its handler, nothing else) by Vercel's Node launcher from @vercel/node, answering the HTTP contract as
 * `npm start` does on the same build.
 *
 * What these tests cannot show: Vercel's edge itself (its route matching is evaluated here from the routes, as
 * the Vercel tests of netlify-vercel.test.ts do; that a routed function sees the client's path and query, and
 * that x-real-ip is the client's, are Vercel's documented behaviour, not run here); the production launcher, of
 * which @vercel/node's is the open counterpart `vercel dev` uses; Redis (tests/http/redis-limit.test.ts covers the
 * store); the upload; cold starts and limits measured on Vercel.
 */
const dist = inject('fixtureDist');
const manifest = manifestOf(dist);
const scratch = scratchDir('deploy-vercel-function');
const ORIGIN = 'https://cards.example';
const FN = 'https://fn.example';
/** Headers as Vercel's edge sends them to a function: the client's address, the host it asked for. */
const VERCEL_HEADERS = { 'x-real-ip': '203.0.113.7', 'x-forwarded-host': 'cards.example', 'x-forwarded-proto': 'https' };

let output: VercelBuildOutput;
let folder: string;
let funcDir: string;
beforeAll(async () => {
  output = await writeVercelBuildOutput(dist, manifest, scratch);
  folder = output.folder;
  funcDir = join(folder, 'functions', `${VERCEL_FUNCTION_NAME}.func`);
  console.log(
    `vercel function on the fixture build: ${output.functionBytes} bytes unzipped in ${output.functionFiles} files (module ${output.moduleBytes} bytes)`,
  );
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('the Build Output API (v3) layout', () => {
  it('writes config.json of version 3 whose routes Vercel’s route schema and normaliser accept', () => {
    const config = readJson(join(folder, 'config.json'));
    expect(config.version).toBe(3);
    // The schema documents its fields with `example`, a keyword Ajv does not know unless told.
    const validate = new Ajv({ allErrors: true, keywords: ['example'] }).compile(routesSchema);
    expect(validate(config.routes), JSON.stringify(validate.errors)).toBe(true);
    expect(normalizeRoutes(config.routes).error).toBeNull();
  });

  it('writes the function’s .vc-config.json for the Node launcher, with its handler and package.json beside it', () => {
    const vc = readJson(join(funcDir, '.vc-config.json'));
    expect(vc).toEqual(VERCEL_FUNCTION_CONFIG);
    expect(vc).toMatchObject({ runtime: 'nodejs24.x', launcherType: 'Nodejs', handler: VERCEL_FUNCTION_HANDLER, supportsResponseStreaming: true });
    expect(statSync(join(funcDir, vc.handler)).size).toBe(output.moduleBytes);
    expect(readJson(join(funcDir, 'package.json'))).toEqual({ type: 'module' });
  });

  it('puts every public file in static/, and the function’s data and gzip copies of the files it answers with in its folder', () => {
    for (const [file, info] of Object.entries(manifest.files)) expect(statSync(join(folder, 'static', file)).size, file).toBe(info.bytes);
    for (const file of FUNCTION_DATA_FILES) expect(existsSync(join(funcDir, VERCEL_FUNCTION_DIRS.data, file)), file).toBe(true);
    expect(existsSync(join(funcDir, VERIFIED_AGENTS_COPY))).toBe(true);
    const bulk = Object.keys(manifest.files).filter((file) => file.startsWith(`${BULK_DIR}/`));
    expect(bulk.length).toBeGreaterThan(0);
    for (const file of Object.keys(manifest.files)) {
      const copy = join(funcDir, VERCEL_FUNCTION_DIRS.client, gzipCopyOf(file));
      if (bulk.includes(file)) expect(existsSync(copy), file).toBe(false);
      else expect(gunzipSync(readFileSync(copy)).equals(readFileSync(join(dist, 'client', file))), file).toBe(true);
    }
    // What Vercel counts against its 250 MB: every byte in the function's folder.
    const inFolder = readdirSync(funcDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(inFolder.reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0)).toBe(output.functionBytes);
    expect(inFolder).toHaveLength(output.functionFiles);
  });

  it('is what npm run deploy:vercel writes without --function, which says what it wrote', () => {
    const out = join(scratch, 'cli');
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'deploy-vercel.ts'), '--dist', dist, '--out', out], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`wrote ${join(out, VERCEL_OUTPUT_DIR)}: config.json, static/ (${Object.keys(manifest.files).length} files)`);
    expect(run.stdout).toContain(`the function ${(output.functionBytes / 1e6).toFixed(1)} MB unzipped in ${output.functionFiles} files`);
    expect(readFileSync(join(out, VERCEL_OUTPUT_DIR, 'config.json'), 'utf8')).toBe(readFileSync(join(folder, 'config.json'), 'utf8'));
    const usage = spawnSync(process.execPath, [join(ROOT, 'scripts', 'deploy-vercel.ts'), '--dist', dist], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--out required');
  });

  it('refuses a function over 250 MB unzipped, or one taking bodies Vercel would not pass, naming the limit', () => {
    expect(vercelFunctionProblems({ functionBytes: output.functionBytes })).toEqual([]);
    expect(vercelFunctionProblems({ functionBytes: VERCEL_FUNCTION_LIMITS.bundleBytes + 1 })).toEqual([
      expect.stringMatching(/the function is 250\.0 MB unzipped .* at most 250\.0 MB/),
    ]);
    expect(vercelFunctionProblems({ functionBytes: 1, postBodyBytes: 5_000_000 })).toEqual([expect.stringMatching(/5\.0 MB: Vercel passes at most 4\.5 MB/)]);
    // The list endpoint's and MCP's body limit fits Vercel's.
    expect(POST_BODY_MAX_BYTES).toBeLessThanOrEqual(VERCEL_FUNCTION_LIMITS.requestBodyBytes);
  });
});

describe('the routes', () => {
  let routes: Route[];
  beforeAll(() => {
    routes = readJson(join(folder, 'config.json')).routes;
  });

  it('are proxy mode’s routes, each that went to the Node function going to the deployment’s function instead', () => {
    const proxy = getTransformedRoutes(vercelConfig(manifest, { functionUrl: FN }) as never).routes!;
    const toNode = (route: Route) => 'dest' in route && route.dest?.startsWith(`${FN}/`);
    expect(routes.slice(0, proxy.length)).toEqual(proxy.map((route) => (toNode(route) ? { ...route, dest: `/${VERCEL_FUNCTION_NAME}` } : route)));
    expect(routes.filter(routesToFunction)).toHaveLength(proxy.filter(toNode).length);
    // What nothing answers: the build's 404 page, as Vercel serves a static output folder's.
    expect(routes.slice(proxy.length)).toEqual([{ handle: 'error' }, { src: '/.*', dest: '/404.html', status: 404 }]);
  });

  /** Where a GET of `path` goes: the first file, else the first rewrite whose source and conditions match. */
  function routed(path: string, headers: Record<string, string> = {}): 'function' | 'not-found' | { file: string } {
    const holds = (item: { type: string; key?: string; value?: unknown }) => {
      const actual = item.type === 'header' ? headers[item.key!.toLowerCase()] : undefined;
      return actual !== undefined && (item.value === undefined || new RegExp(`^(?:${String(item.value)})$`).test(actual));
    };
    let afterFilesystem = false;
    for (const route of routes) {
      if ('handle' in route) {
        if (route.handle === 'filesystem' && manifest.files[path]) return { file: path };
        if (route.handle === 'error') return 'not-found';
        afterFilesystem ||= route.handle === 'filesystem';
        continue;
      }
      if (!afterFilesystem || !new RegExp(route.src, 'i').test(path)) continue;
      if (!(route.has ?? []).every(holds) || (route.missing ?? []).some(holds)) continue;
      if (routesToFunction(route)) return 'function';
      const dest = route.dest!.replace(/\$(\d+)/g, (_, i) => new RegExp(route.src, 'i').exec(path)![Number(i)] ?? '');
      return manifest.files[dest] ? { file: dest } : 'not-found';
    }
    return 'not-found';
  }

  it('send every path of the function to it, and every public file to the file', () => {
    for (const path of [...FUNCTION_PATHS, ...FUNCTION_FOLDERS.map((folder) => `${folder}/cards/charizard-base1-4.json`)]) {
      expect(routed(path), path).toBe('function');
    }
    const card = Object.keys(manifest.files).find((file) => /^\/cards\/[^/]+\.html$/.test(file))!;
    // An Accept only the function decides (q-values): the function; one a rule decides: the file.
    expect(classifyAccept('text/html;q=0.5, text/markdown;q=0.9')).toBeUndefined();
    expect(routed(card.slice(0, -5), { accept: 'text/html;q=0.5, text/markdown;q=0.9' })).toBe('function');
    expect(routed(card.slice(0, -5), { accept: 'text/markdown' })).toEqual({ file: `${card.slice(0, -5)}.md` });
    for (const file of Object.keys(manifest.files)) expect(routed(file), file).toEqual({ file });
    expect(routed('/no/such/path')).toBe('not-found');
  });

  it('give the function’s answers no file’s headers, only the security headers every path gets', () => {
    const security = Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase());
    // The header rules: every route before the first phase (they carry headers and continue).
    const headerRules = routes.slice(
      0,
      routes.findIndex((route) => 'handle' in route),
    ) as RouteWithSrc[];
    for (const path of [...FUNCTION_PATHS, `${FUNCTION_FOLDERS[0]}/cards/charizard-base1-4.json`]) {
      const set = headerRules
        .filter((route) => !route.has && new RegExp(route.src, 'i').test(path))
        .flatMap((route) => Object.keys(route.headers ?? {}).map((name) => name.toLowerCase()));
      expect(
        set.filter((name) => !security.includes(name)),
        path,
      ).toEqual([]);
    }
  });
});

describe('the function, started by Vercel’s Node launcher from its .func folder, answers as npm start does', () => {
  let vercel: RunningServer;
  let node: RunningServer;
  beforeAll(async () => {
    [vercel, node] = await Promise.all([
      startVercelFunction(funcDir, VERCEL_FUNCTION_CONFIG.handler, { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: '100000/60' }),
      startServer(dist, { PUBLIC_ORIGIN: ORIGIN }),
    ]);
  });
  afterAll(async () => Promise.all([vercel?.stop(), node?.stop()]));

  /** The same request to npm start's server and, as Vercel's edge passes it, to the function, answered alike. */
  async function same(path: string, init: RequestInit = {}): Promise<Answer> {
    const [viaNode, viaVercel] = await Promise.all([
      fetch(node.url + path, init),
      fetch(vercel.url + path, { ...init, headers: { ...VERCEL_HEADERS, ...(init.headers as Record<string, string>) } }),
    ]);
    return sameAnswer(path, viaNode, viaVercel);
  }
  const slugFound = itAnswersTheContract(same, ORIGIN);

  it('a card page as Markdown, for an Accept header only the function decides', async () => {
    const slug = slugFound();
    const { res, body } = await same(`/cards/${slug}`, { headers: { Accept: 'text/html;q=0.5, text/markdown;q=0.9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(body.toString('utf8')).toBe(readFileSync(join(dist, 'client', 'cards', `${slug}.md`), 'utf8'));
  });

  it('the feed of a card nobody has, as the 404 problem', async () => {
    await problemIn(await same('/feeds/cards/no-such-card-anywhere.json'), 404);
  });

  it('says in its log where the rate limits are counted', () => {
    expect(vercel.logs()).toContain(MEMORY_STORE_NOTICE);
  });
});

describe('the function’s rate limit on Vercel', () => {
  it('refuses a client past its limit with the 429 problem npm start gives, counting clients by x-real-ip', async () => {
    const [vercel, node] = await Promise.all([
      startVercelFunction(funcDir, VERCEL_FUNCTION_CONFIG.handler, { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: '2/60' }),
      startServer(dist, { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: '2/60' }),
    ]);
    try {
      const asClient = (address: string) => ({ headers: { ...VERCEL_HEADERS, 'x-real-ip': address } });
      await expectSame429(
        (path) => fetch(node.url + path),
        (path) => fetch(vercel.url + path, asClient('192.0.2.1')),
      );
      // Another address is another client, whatever else the requests share.
      expect((await fetch(`${vercel.url}/api/cards?q=pikachu`, asClient('192.0.2.2'))).status).toBe(200);
    } finally {
      await Promise.all([vercel.stop(), node.stop()]);
    }
  });
});
