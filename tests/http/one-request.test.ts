import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MCP_BATCH_MAX } from '../../src/http/limits.ts';
import { loopbackClients, send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * One request cannot take the service down (issue 31): each probe of the review that found a request which could
 * crash the function, hold other clients, or be answered otherwise than the docs say, as a client sees it, on a
 * function with the default rate limit (120 points a minute). Each test speaks from a loopback address of its
 * own, so each is a client with a full bucket.
 */
const dist = inject('fixtureDist');
const QUOTA = 120;
let server: RunningServer;
const newClient = loopbackClients('127.0.1');

beforeAll(async () => {
  server = await startServer(dist, { RATE_LIMIT: `${QUOTA}/60` });
});
afterAll(() => server?.stop());

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const mcp = (body: unknown, { localAddress = newClient(), headers = {} as Record<string, string> } = {}) =>
  send(server.url, '/mcp', {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    localAddress,
  });
const call = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const valueCall = (id: number, lines: number) => call(id, 'value_collection', { list: Array.from({ length: lines }, () => 'mew').join('\n') });
/** Points left in a client's bucket, by spending one on a search. */
const remaining = async (localAddress: string) =>
  Number(/;r=(\d+);/.exec(String((await send(server.url, '/api/cards?q=mew', { localAddress })).headers.ratelimit))?.[1]) + 1;
const problem = (body: string) => {
  const parsed = JSON.parse(body);
  assertMatches('problem.json', parsed);
  return parsed;
};

describe('an MCP request does no more work than one list, and is charged for it before any', () => {
  it('refuses a batch whose lists together pass 5,000 lines with 413, before valuing or counting anything', async () => {
    const localAddress = newClient();
    const res = await mcp(
      [1, 2, 3, 4, 5].map((id) => valueCall(id, 5000)),
      { localAddress },
    );
    expect(res.status).toBe(413);
    expect(problem(res.body)).toMatchObject({ limit: 'lines ≤ 5,000', detail: expect.stringMatching(/25,000/) });
    expect(await remaining(localAddress)).toBe(QUOTA);
  });

  it('charges a batch of lists for every line in it, as one list of them all', async () => {
    const res = await mcp([valueCall(1, 120), valueCall(2, 120), call(3, 'search_cards', { q: 'mew' })]);
    expect(res.status).toBe(200);
    expect(res.headers['request-cost']).toBe(String(3 + 3 + 1));
    const answers = JSON.parse(res.body);
    expect(answers.map((answer: { id: number }) => answer.id).sort()).toEqual([1, 2, 3]);
  });

  it(`refuses a batch of more than ${MCP_BATCH_MAX} messages with the JSON-RPC Invalid Request, at no cost`, async () => {
    const localAddress = newClient();
    const res = await mcp(
      Array.from({ length: 60 }, (_, i) => valueCall(i, 120)),
      { localAddress },
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/at most 20 messages/) } });
    expect(res.headers['request-cost']).toBeUndefined();
    expect(await remaining(localAddress)).toBe(QUOTA);
  });

  it.each(['2025-06-18', '2025-11-25'])('refuses any batch under MCP-Protocol-Version %s, which has none', async (version) => {
    const res = await mcp([call(1, 'search_cards', { q: 'mew' })], { headers: { 'MCP-Protocol-Version': version } });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ code: -32600, message: expect.stringMatching(/no batches/) });
  });

  it('refuses an empty batch and a batch holding initialize', async () => {
    expect(JSON.parse((await mcp([])).body).error.code).toBe(-32600);
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const res = await mcp([init, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.message).toMatch(/initialize must be sent alone/);
  });

  it('answers each element of a 2025-03-26 batch, an element that is no message with Invalid Request', async () => {
    const res = await mcp([{ jsonrpc: '2.0', id: 1, method: 'ping' }, 5, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } },
    ]);
  });

  it('refuses a body of more JSON values than any message holds with 413, whatever its shape', async () => {
    const res = await mcp(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":[${'{},'.repeat(20_000)}{}]}}`);
    expect(res.status).toBe(413);
    expect(problem(res.body).limit).toMatch(/JSON values/);
  });
});

describe('every argument shape is the protocol’s answer, never a 500', () => {
  it('answers arguments nested 5,000 deep with a tool error', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await mcp(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_cards","arguments":{"q":${deep}}}}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/q must be a string or a number/) }] });
  });

  it.each([
    ['arguments that are an array', { name: 'search_cards', arguments: [1, 2] }, /arguments must be an object/],
    ['arguments that are a string', { name: 'search_cards', arguments: 'q=mew' }, /arguments must be an object/],
    ['no name', { arguments: {} }, /params.name/],
    ['a progress token that is an object', { name: 'search_cards', _meta: { progressToken: {} } }, /progressToken/],
  ])('answers a tools/call with %s with Invalid params (-32602)', async (_, params, message) => {
    const res = await mcp({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringMatching(message) } });
    expect(res.headers['request-cost']).toBeUndefined();
  });

  it('answers the SDK’s own methods with Invalid params (-32602) when their params are not theirs', async () => {
    const res = await mcp({ jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: { nested: true } } });
    expect(JSON.parse(res.body)).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -32602, message: expect.stringMatching(/params\.uri/) } });
  });

  it.each(['application/jsonx, text/event-stream', 'application/json;q=0, text/event-stream', 'application/json', '*/*'])(
    'reads Accept as media ranges: %j does not accept both types the transport needs (406)',
    async (accept) => {
      const res = await mcp({ jsonrpc: '2.0', id: 1, method: 'ping' }, { headers: { Accept: accept } });
      expect(res.status).toBe(406);
      expect(JSON.parse(res.body).error.code).toBe(-32000);
    },
  );
});

describe('a body is refused as soon as it passes its limit', () => {
  it('answers an endless chunked body with 413 while it is still being sent', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status: number; stillSending: boolean }>((resolve, reject) => {
      let sending = true;
      const req = request(
        { hostname: '127.0.0.1', port, path: '/api/collection', method: 'POST', headers: { 'Content-Type': 'text/plain' }, agent: false },
        (res) => {
          resolve({ status: res.statusCode!, stillSending: sending });
          sending = false;
          res.resume();
          req.destroy();
        },
      );
      req.on('error', (error) => (sending ? reject(error) : undefined));
      const chunk = Buffer.alloc(64 * 1024, 'mew\n');
      const write = () => {
        while (sending && req.write(chunk));
        if (sending) req.once('drain', write);
      };
      write();
    });
    expect(answer).toEqual({ status: 413, stillSending: true });
  });

  it('measures a GET list as sent: a space sent as + is one byte', async () => {
    // Short words, many spaces: 4.5 KB as sent with +, 8 KB if each space were counted as %20.
    const lines = Array.from({ length: 250 }, () => 'x y z w v u t s');
    const query = lines.map((line) => line.replaceAll(' ', '+')).join('%0A');
    expect(query.length).toBeLessThanOrEqual(6144);
    expect(encodeURIComponent(lines.join('\n')).length).toBeGreaterThan(6144);
    const res = await send(server.url, `/api/collection?list=${query}`, { localAddress: newClient() });
    expect(res.status).toBe(200);
    const long = `/api/collection?list=${'mew+'.repeat(1600)}`;
    const refused = await send(server.url, long, { localAddress: newClient() });
    expect(refused.status).toBe(414);
    expect(problem(refused.body).detail).toMatch(/^list is 6,400 bytes as sent/);
  });
});

describe('numbers, quantities and headers are what they say', () => {
  it.each(['value>$', 'value>0x10', 'value>0b101', 'value>0o17', 'value>1e3'])('refuses the filter %s: it compares numbers', async (q) => {
    const res = await send(server.url, `/api/cards?q=${encodeURIComponent(q)}`, { localAddress: newClient() });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toMatchObject({ parameter: 'q' });
  });

  it('accepts the filters people write: value>100, value>=$12.50, value<.5', async () => {
    for (const q of ['value>100', 'value>=$12.50', 'value<.5']) {
      expect((await send(server.url, `/api/cards?q=${encodeURIComponent(q)}`, { localAddress: newClient() })).status, q).toBe(200);
    }
  });

  it('says so when a quantity is counted as less than written', async () => {
    const res = await send(server.url, `/api/collection?list=${encodeURIComponent('12000x base1-4\n2x base1-4')}`, { localAddress: newClient() });
    const { entries } = JSON.parse(res.body);
    expect(entries[0]).toMatchObject({ quantity: 9999, note: expect.stringMatching(/12,000 was counted as 9,999/) });
    expect(entries[1].note).toBeUndefined();
  });

  it('refuses a request with two Host fields', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.end('GET /api/cards?q=mew HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/one Host header/);
  });

  it('tells a client refused after a costly list when its bucket is full again, not later', async () => {
    const localAddress = newClient();
    const list = Array.from({ length: 5000 }, () => 'base1-4').join('\n');
    const post = () => send(server.url, '/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: list, localAddress });
    const first = await post();
    expect(first.headers['request-cost']).toBe('100');
    const t = Number(/;t=(\d+)$/.exec(String(first.headers.ratelimit))?.[1]);
    expect(t).toBeGreaterThan(40);
    const refused = await post();
    expect(refused.status).toBe(429);
    // The bucket fills in t seconds, whatever this refused list would have cost; Retry-After says when 100 points fit.
    const after = Number(/;t=(\d+)$/.exec(String(refused.headers.ratelimit))?.[1]);
    expect(after).toBeLessThanOrEqual(t);
    expect(Number(refused.headers['retry-after'])).toBeLessThan(after);
    // Sent again at once, it is refused as before, and the points it did not take are still there to say (not r=0).
    const left = (answer: typeof refused) => Number(/;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1]);
    expect(left(refused)).toBeGreaterThanOrEqual(20);
    const again = await post();
    expect(again.status).toBe(429);
    expect(again.headers['request-cost']).toBe('100');
    expect(left(again)).toBeGreaterThanOrEqual(left(refused));
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('the function after all of the above', () => {
  it('is still up, and answers a search', async () => {
    const res = await send(server.url, '/api/cards?q=charizard', { localAddress: newClient() });
    expect(res.status).toBe(200);
    expect(server.logs()).not.toMatch(/heap out of memory|front-server:/);
  });
});
