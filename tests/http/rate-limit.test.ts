/**
 * The rate limit over HTTP, on the real server with a low limit: what a client
 * sees as it spends its quota, what other clients see meanwhile, and that a
 * verified agent (Web Bot Auth) is never counted.
 */

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MEMORY_STORE_NOTICE } from '../../src/server/rate-limit/limiter.ts';
import { loopbackClients, send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedAsTestAgent, testAgentsFile } from '../support/test-agent.ts';

const dist = inject('fixtureDist');
const QUOTA = 4;

let server: RunningServer;
let proxied: RunningServer;
/** Each test speaks from its own loopback address: its own client, with a full bucket. */
const newClient = loopbackClients();

beforeAll(async () => {
  const agents = testAgentsFile();
  [server, proxied] = await Promise.all([
    startServer(dist, { RATE_LIMIT: `${QUOTA}/60`, VERIFIED_AGENTS: agents }),
    startServer(dist, { RATE_LIMIT: `${QUOTA}/60`, TRUST_PROXY: '1', VERIFIED_AGENTS: agents }),
  ]);
});
afterAll(() => Promise.all([server?.stop(), proxied?.stop()]));

const signedHeaders = (base: string) => signedAsTestAgent(new URL(base).host);

describe('the operator', () => {
  it('is told at start that the buckets are this instance’s alone when no shared store is set', () => {
    expect(server.logs()).toContain(`card-values: ${MEMORY_STORE_NOTICE}`);
    expect(server.logs()).toContain(`rate limit ${QUOTA}/60 s per client (this instance only)`);
  });
});

describe('an anonymous client', () => {
  it('sees the policy and its remaining requests count down on every search', async () => {
    const localAddress = newClient();
    const seen = [];
    for (let i = 0; i < QUOTA; i++) {
      const res = await send(server.url, '/api/cards?q=charizard', { localAddress });
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe(`"default";q=${QUOTA};w=60`);
      seen.push(res.headers.ratelimit);
    }
    expect(seen.map((h) => /;r=(\d+);/.exec(String(h))?.[1])).toEqual(['3', '2', '1', '0']);
    expect(seen.every((h) => /^"default";r=\d+;t=\d+$/.test(String(h)))).toBe(true);
  });

  it('past the quota gets a 429 problem naming the policy, with Retry-After, no-store and CORS', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA; i++) await send(server.url, '/api/sealed?q=booster', { localAddress });
    const res = await send(server.url, '/api/cards?q=pikachu', { localAddress });
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
    const body = JSON.parse(res.body);
    assertMatches('problem.json', body);
    expect(body).toMatchObject({ status: 429, type: 'https://iana.org/assignments/http-problem-types#quota-exceeded', 'violated-policies': ['default'] });
  });

  it('spends a point per 50 lines of a list to value, says what it cost, and is refused a list it cannot afford', async () => {
    const localAddress = newClient();
    const list = (lines: number) => `/api/collection?list=${encodeURIComponent(Array.from({ length: lines }, (_, i) => `base1-${i}`).join('\n'))}`;
    const first = await send(server.url, list(120), { localAddress });
    expect(first.status).toBe(200);
    expect(first.headers['request-cost']).toBe('3');
    expect(first.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);
    const second = await send(server.url, list(51), { localAddress });
    expect(second.status).toBe(429);
    // What the refused list would have cost, and the point it left untouched.
    expect(second.headers['request-cost']).toBe('2');
    expect(second.headers.ratelimit).toMatch(/^"default";r=1;t=\d+$/);
    // What is left still buys a one-point search.
    const search = await send(server.url, '/api/cards?q=mew', { localAddress });
    expect(search.status).toBe(200);
    expect(search.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('spends the same quota on negotiated pages, whose 429 keeps Vary: Accept', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA; i++) {
      const res = await send(server.url, '/cards/charizard-base1-4', { localAddress, headers: { Accept: 'text/markdown' } });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBeDefined();
    }
    const res = await send(server.url, '/cards/charizard-base1-4', { localAddress, headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(429);
    expect(res.headers.vary).toBe('Accept');
  });

  it('is not counted for prebuilt files, which a static host would serve', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await send(server.url, '/api/cards/charizard-base1-4', { localAddress });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBeUndefined();
    }
    expect((await send(server.url, '/api/cards?q=mew', { localAddress })).headers.ratelimit).toMatch(/;r=3;/);
  });

  it("does not spend other clients' quotas", async () => {
    const spent = newClient();
    for (let i = 0; i <= QUOTA; i++) await send(server.url, '/api/cards?q=mew', { localAddress: spent });
    expect((await send(server.url, '/api/cards?q=mew', { localAddress: spent })).status).toBe(429);
    const other = await send(server.url, '/api/cards?q=mew', { localAddress: newClient() });
    expect(other.status).toBe(200);
    expect(other.headers.ratelimit).toMatch(/;r=3;/);
  });

  it('cannot pick another identity with X-Forwarded-For unless a proxy is trusted', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA; i++) await send(server.url, '/api/cards?q=mew', { localAddress, headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
    expect((await send(server.url, '/api/cards?q=mew', { localAddress, headers: { 'X-Forwarded-For': '198.51.100.99' } })).status).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('counts the client the proxy names in X-Forwarded-For', async () => {
    const via = (client: string) => ({ localAddress: '127.0.0.1', headers: { 'X-Forwarded-For': `203.0.113.250, ${client}` } });
    for (let i = 0; i < QUOTA; i++) await send(proxied.url, '/api/cards?q=mew', via('192.0.2.1'));
    expect((await send(proxied.url, '/api/cards?q=mew', via('192.0.2.1'))).status).toBe(429);
    expect((await send(proxied.url, '/api/cards?q=mew', via('192.0.2.2'))).status).toBe(200);
  });
});

describe('a verified agent', () => {
  it('is answered past the quota, uncounted and never told r=0', async () => {
    const localAddress = newClient();
    for (let i = 0; i <= QUOTA; i++) await send(server.url, '/api/cards?q=mew', { localAddress });
    expect((await send(server.url, '/api/cards?q=mew', { localAddress })).status).toBe(429);
    for (let i = 0; i < QUOTA + 2; i++) {
      const res = await send(server.url, '/api/cards?q=charizard', { localAddress, headers: signedHeaders(server.url) });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBeUndefined();
    }
    const page = await send(server.url, '/cards/charizard-base1-4', { localAddress, headers: { ...signedHeaders(server.url), Accept: 'text/markdown' } });
    expect(page.status).toBe(200);
  });

  it('with a tampered signature is limited like anyone else', async () => {
    const localAddress = newClient();
    const headers = signedHeaders(server.url);
    const tampered = { ...headers, signature: headers.signature.replace(/:(.)/, (_, c) => `:${c === 'A' ? 'B' : 'A'}`) };
    for (let i = 0; i < QUOTA; i++) expect((await send(server.url, '/api/cards?q=mew', { localAddress, headers: tampered })).status).toBe(200);
    expect((await send(server.url, '/api/cards?q=mew', { localAddress, headers: tampered })).status).toBe(429);
  });

  it('signed for another host is not verified', async () => {
    const localAddress = newClient();
    const headers = signedAsTestAgent('elsewhere.example');
    for (let i = 0; i < QUOTA; i++) await send(server.url, '/api/cards?q=mew', { localAddress, headers });
    expect((await send(server.url, '/api/cards?q=mew', { localAddress, headers })).status).toBe(429);
  });
});
