import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FUNCTION_DATA_PREFIX } from '../../src/deploy/cloudflare/function-assets.ts';
import { cloudflareDeployment, WORKER_DATA_FILES } from '../../src/deploy/cloudflare.ts';
import { readFunctionData } from '../../src/deploy/cloudflare-output.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { partFileOf } from '../../src/server/asset-data.ts';
import { MEMORY_STORE_NOTICE } from '../../src/server/rate-limit/limiter.ts';
import { generateAgentJwk, signAgentRequest } from '../../src/web-bot-auth/index.ts';
import { manifestOf } from '../support/built-files.ts';
import { type CloudflareTarget, readWranglerConfig, startCloudflareTarget } from '../support/cloudflare-target.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * What is the all-in-one Worker's own (scripts/deploy-cloudflare.ts without --function), run in Miniflare: its
 * configuration, the function's data among the assets and out of the public's reach, and the rate limit counted
 * in the Durable Object every isolate of the deployment shares. The HTTP contract itself runs through it in the
 * `cloudflare` project (tests/http/, CONTRACT_TARGET=cloudflare). What Miniflare cannot show: Cloudflare's
 * network and edge (its header limits, its placement of objects near clients), and an isolate's real memory
 * accounting (docs/deploy-cloudflare.md says what was measured instead).
 */
const QUOTA = 3;
const AGENT = 'https://bot.example';
const { privateJwk, publicJwk } = generateAgentJwk();

let dist: string;
let manifest: FileManifest;
let cf: CloudflareTarget;
beforeAll(async () => {
  dist = inject('fixtureDist');
  manifest = manifestOf(dist);
  cf = await startCloudflareTarget(dist, {
    vars: { RATE_LIMIT: `${QUOTA}/60` },
    twoIsolates: true,
    verifiedAgents: { [AGENT]: { keys: [publicJwk] } },
  });
});
afterAll(() => cf?.stop());

/** A request to one of the deployment's two isolates, as a client at `address` (the edge's CF-Connecting-IP). */
async function fetchFrom(isolate: 'edge' | 'edge-2', path: string, address: string, headers: Record<string, string> = {}): Promise<Response> {
  // Miniflare types the Worker's fetcher with workerd's own Request, which the DOM types here do not know.
  const worker = (await cf.mf.getWorker(isolate)) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> };
  return worker.fetch(`https://cards.example${path}`, { headers: { 'CF-Connecting-IP': address, ...headers } });
}

describe('the generated deployment', () => {
  it('binds the rate limit’s Durable Object class and creates it with a migration, with no function to proxy to', () => {
    const config = readWranglerConfig(cf.outDir);
    expect(config.durable_objects).toEqual({ bindings: [{ name: 'RATE_LIMITER', class_name: 'RateLimitBucket' }] });
    expect(config.migrations).toEqual([{ tag: 'v1', new_sqlite_classes: ['RateLimitBucket'] }]);
    expect(config.vars).toEqual({ RATE_LIMIT: `${QUOTA}/60` });
    expect(config.assets).toMatchObject({ binding: 'ASSETS', run_worker_first: true });
    expect(config.compatibility_flags).toContain('nodejs_compat');
    expect(cf.deployment.mode).toBe('all-in-one');
  });

  it('uploads the function’s data with the assets as hard links to dist/server’s files, the manifest left in the Worker', () => {
    expect(cf.deployment.functionData).toEqual([...WORKER_DATA_FILES]);
    expect(WORKER_DATA_FILES).not.toContain('manifest.json');
    for (const file of WORKER_DATA_FILES)
      expect(statSync(join(cf.outDir, 'assets', FUNCTION_DATA_PREFIX, file)).ino, file).toBe(statSync(join(dist, 'server', file)).ino);
    expect(cf.deployment.measured.assetFiles).toBe(Object.keys(manifest.files).length + WORKER_DATA_FILES.length);
  });

  it('holds no code generation, which workerd refuses (Ajv left out), and says its size against Workers’ limits', () => {
    const worker = readFileSync(join(cf.outDir, 'worker.js'), 'utf8');
    expect(worker).not.toMatch(/new Function\(/);
    expect(worker).toMatch(/export\s*\{[^}]*RateLimitBucket/);
    expect(cf.deployment.measured.workerBytes).toBe(Buffer.byteLength(worker));
    expect(cf.deployment.measured.workerGzipBytes).toBeLessThan(cf.deployment.measured.workerBytes);
    // The fixture's Worker fits Workers Free (3 MiB gzipped): nothing to warn of.
    expect(cf.deployment.warnings).toEqual([]);
  });
});

describe('the function’s data is not public', () => {
  const paths = WORKER_DATA_FILES.flatMap((file) => [
    `${FUNCTION_DATA_PREFIX}/${file}`,
    `${FUNCTION_DATA_PREFIX}/${file.replaceAll('/', '%2F')}`,
    `/%5Ffunction-data/${file}`,
    `${FUNCTION_DATA_PREFIX}/./${file}`,
  ]);

  it.each(paths)('%s is a 404 problem, as any unknown path', async (path) => {
    const [res, unknown] = await Promise.all([fetch(cf.url + path), fetch(`${cf.url}/_nothing-here/search/cards.pack`)]);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    assertMatches('problem.json', await res.json());
    await unknown.body?.cancel();
  });

  it('nor through HEAD, nor as a search could name it', async () => {
    const head = await fetch(`${cf.url}${FUNCTION_DATA_PREFIX}/search/cards.pack`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('content-length')).not.toBe(String(statSync(join(dist, 'server', 'search', 'cards.pack')).size));
  });

  it('while the function reads it: a search is answered from the packs', async () => {
    const res = await fetch(`${cf.url}/api/cards?q=charizard`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number };
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('the rate limit in the deployment’s Durable Object', () => {
  it('counts one quota for a client across two isolates, with RateLimit headers, and a 429 past it', async () => {
    const client = '203.0.113.7';
    const answers: Response[] = [];
    for (let i = 0; i <= QUOTA; i++) answers.push(await fetchFrom(i % 2 === 0 ? 'edge' : 'edge-2', '/api/cards?q=charizard', client));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((res) => res.headers.get('ratelimit'))).toEqual([
      expect.stringMatching(/^"default";r=2;t=\d+$/),
      expect.stringMatching(/^"default";r=1;t=\d+$/),
      expect.stringMatching(/^"default";r=0;t=\d+$/),
      expect.stringMatching(/^"default";r=0;t=\d+$/),
    ]);
    expect(answers[0].headers.get('ratelimit-policy')).toBe(`"default";q=${QUOTA};w=60`);
    const refused = answers[QUOTA];
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    assertMatches('problem.json', await refused.json());
    // Another client has its own bucket; a negotiated page is counted as on Node.
    const other = await fetchFrom('edge-2', '/cards/charizard-base1-4', '198.51.100.9', { Accept: 'text/markdown' });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"default";r=2;/);
    expect(cf.logs()).not.toContain(MEMORY_STORE_NOTICE);
  });

  it('leaves a verified agent uncounted, in either isolate', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Miniflare hands the Worker its own address as Host (Cloudflare, the one the client addressed): the authority signed for.
    const headers = signAgentRequest({ privateJwk, agent: AGENT, authority: new URL(cf.url).host, created: now, expires: now + 60 });
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await fetchFrom(i % 2 === 0 ? 'edge' : 'edge-2', '/api/cards?q=charizard', '203.0.113.50', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
      await res.body?.cancel();
    }
  });
});

describe('a function data file over the per-asset limit', () => {
  const PACK = 'search/cards.pack';
  let split: CloudflareTarget;
  beforeAll(async () => {
    // The limit halved below the fixture's card pack: public files over it too are the generator's errors, not this test's.
    split = await startCloudflareTarget(dist, { assetFileBytes: Math.ceil(statSync(join(dist, 'server', PACK)).size / 2), allowErrors: true });
  });
  afterAll(() => split?.stop());

  it('is stored in parts, each under the limit, that join to the file, and is not refused', () => {
    const parts = split.deployment.functionDataParts[PACK];
    expect(parts).toBe(2);
    const read = Array.from({ length: parts! }, (_, i) => readFileSync(join(split.outDir, 'assets', FUNCTION_DATA_PREFIX, partFileOf(PACK, i))));
    for (const part of read) expect(part.byteLength).toBeLessThanOrEqual(Math.ceil(statSync(join(dist, 'server', PACK)).size / 2));
    expect(Buffer.concat(read).equals(readFileSync(join(dist, 'server', PACK)))).toBe(true);
    expect(split.deployment.errors.join('\n')).not.toContain(PACK);
  });

  it('is read whole by the function in the Worker: a search is answered from the joined pack', async () => {
    const res = await fetch(`${split.url}/api/cards?q=charizard`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; results: { name: string }[] };
    expect(body.total).toBeGreaterThan(0);
    expect(body.results[0].name).toMatch(/charizard/i);
  });
});

describe('what the generator refuses before writing', () => {
  it('a build without its function data, naming the file missing', async () => {
    const { functionDataBytes, verifiedAgents } = readFunctionData(dist);
    const { 'search/cards.pack': _left, ...rest } = functionDataBytes;
    const deployment = await cloudflareDeployment(manifest, { functionDataBytes: rest, verifiedAgents });
    expect(deployment.errors).toEqual([expect.stringMatching(/^dist\/server\/search\/cards\.pack is missing/)]);
  });

  it('a public file where the Worker keeps the function’s data', async () => {
    const clash = { ...manifest, files: { ...manifest.files, [`${FUNCTION_DATA_PREFIX}/x.json`]: { etag: '"x"', bytes: 1 } } };
    const deployment = await cloudflareDeployment(clash, readFunctionData(dist));
    expect(deployment.errors).toEqual([
      `${FUNCTION_DATA_PREFIX}/x.json is a public file under ${FUNCTION_DATA_PREFIX}/, where the Worker keeps the function's data`,
    ]);
  });

  it('an allowlist of verified agents that is not one, naming the field', async () => {
    const deployment = await cloudflareDeployment(manifest, { ...readFunctionData(dist), verifiedAgents: { [AGENT]: { keys: 'none' } } });
    expect(deployment.errors).toEqual([expect.stringMatching(/^dist\/server\/verified-agents\.json: /)]);
  });
});
