import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loopbackClients, send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedAsTestAgent, testAgentsFile } from '../support/test-agent.ts';

/**
 * The MCP endpoint's HTTP rules that need a server of their own: the rate limit (a tool call counts like a
 * search, a list by its size, the protocol's own messages not at all), a verified agent never counted, and a
 * function behind a proxy, which takes any Host.
 */
const dist = inject('fixtureDist');
const QUOTA = 3;

let server: RunningServer;
let proxied: RunningServer;
/** Each test speaks from its own loopback address: its own client, with a full bucket. */
const newClient = loopbackClients();

beforeAll(async () => {
  [server, proxied] = await Promise.all([
    startServer(dist, { RATE_LIMIT: `${QUOTA}/60`, VERIFIED_AGENTS: testAgentsFile() }),
    startServer(dist, { TRUST_PROXY: '1' }),
  ]);
});
afterAll(() => Promise.all([server?.stop(), proxied?.stop()]));

const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const post = (
  message: unknown,
  { localAddress, headers = {}, base = server.url }: { localAddress?: string; headers?: Record<string, string>; base?: string } = {},
) => send(base, '/mcp', { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(message), localAddress });
const call = (name: string, args: Record<string, unknown>, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('the rate limit on /mcp', () => {
  it('counts each tool call like a search, and past the quota answers 429 problem JSON at the HTTP layer', async () => {
    const localAddress = newClient();
    const remaining = [];
    for (let i = 0; i < QUOTA; i++) {
      const res = await post(call('search_cards', { q: 'charizard' }), { localAddress });
      expect(res.status).toBe(200);
      expect(res.headers['request-cost']).toBe('1');
      remaining.push(/;r=(\d+);/.exec(String(res.headers.ratelimit))?.[1]);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await post(call('get_card', { slug: 'charizard-base1-4' }), { localAddress });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = JSON.parse(refused.body);
    assertMatches('problem.json', body);
    expect(body['violated-policies']).toEqual(['default']);
  });

  it('does not count the protocol’s own messages: initialize, tools/list, resources/list, ping', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA + 2; i++) {
      for (const method of ['initialize', 'tools/list', 'resources/list', 'ping']) {
        const params = method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } : {};
        const res = await post({ jsonrpc: '2.0', id: 1, method, params }, { localAddress });
        expect(res.status, method).toBe(200);
        expect(res.headers.ratelimit, method).toBeUndefined();
      }
    }
    expect((await post(call('search_cards', { q: 'mew' }), { localAddress })).headers.ratelimit).toMatch(/;r=2;/);
  });

  it('counts a list to value by its size, one point per 50 lines, and a resource read as one', async () => {
    const localAddress = newClient();
    const list = Array.from({ length: 101 }, (_, i) => `base1-${i + 1}`).join('\n');
    const valued = await post(call('value_collection', { list }), { localAddress });
    expect(valued.status).toBe(200);
    expect(valued.headers['request-cost']).toBe('3');
    expect(valued.headers.ratelimit).toMatch(/;r=0;/);
    const read = await post({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'card-values:/llms.txt' } }, { localAddress });
    expect(read.status).toBe(429);
  });

  it('refuses a list it cannot afford, saying what it would have cost and what is left, which buys the searches', async () => {
    const localAddress = newClient();
    expect((await post(call('search_cards', { q: 'mew' }), { localAddress })).headers.ratelimit).toMatch(/;r=2;/);
    const list = Array.from({ length: 101 }, (_, i) => `base1-${i + 1}`).join('\n');
    const refused = await post(call('value_collection', { list }), { localAddress });
    expect(refused.status).toBe(429);
    expect(refused.headers['request-cost']).toBe('3');
    expect(refused.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
    const search = await post(call('search_cards', { q: 'mew' }), { localAddress });
    expect(search.status).toBe(200);
    expect(search.headers.ratelimit).toMatch(/;r=1;/);
  });

  it('does not charge a call of a tool that does not exist: the message is refused for its shape (-32602)', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA + 1; i++) {
      const res = await post(call('nope', {}), { localAddress });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).error).toMatchObject({ code: -32602 });
      expect(res.headers['request-cost']).toBeUndefined();
      expect(res.headers.ratelimit).toBeUndefined();
    }
    expect((await post(call('search_cards', { q: 'mew' }), { localAddress })).headers.ratelimit).toMatch(/;r=2;/);
  });

  it('never counts a verified agent (Web Bot Auth on the POST), not even past the quota', async () => {
    const localAddress = newClient();
    for (let i = 0; i < QUOTA * 3; i++) {
      const signed = signedAsTestAgent(new URL(server.url).host);
      const res = await post(call('search_cards', { q: 'charizard' }, i), { localAddress, headers: signed });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBeUndefined();
    }
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('answers any Host and Origin: the service is public, its data read-only, and no credential rides on a request', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { base: proxied.url, headers: { Host: 'cards.example', Origin: 'https://app.example' } });
    expect(res.status).toBe(200);
  });
});
