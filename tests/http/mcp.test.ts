import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MCP_PROTOCOL_VERSIONS, TOKENS_META } from '../../src/describe/mcp/protocol.ts';
import { TOOL_LIST_TOKENS_MAX } from '../../src/describe/mcp/tools.ts';
import { COLLECTION_LIMITS, countText, LOOKUP_MAX_IDS } from '../../src/http/limits.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { send as sendRaw } from '../support/http-client.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { CONTRACT_TARGET, useContractTarget } from '../support/target.ts';

/**
 * The MCP endpoint (`POST /mcp`) with the official SDK's client over real HTTP, on the fixture build: each
 * protocol version, every tool against the HTTP API's answer for the same parameters, resources, bad
 * arguments, and the HTTP rules around the protocol. Run against the function alone, through nginx and
 * through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get, send, url } = useContractTarget(dist);

const ACCEPT = 'application/json, text/event-stream';
/** The tools' input schemas, compiled as a client would check its arguments by them (they carry `format: date`). */
const toolInputs = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(toolInputs);
const rpc = (message: unknown, headers: Record<string, string> = {}) =>
  send('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers }, body: JSON.stringify(message) });
const initialize = (protocolVersion: string) =>
  rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'tests', version: '1' } } });

const problem = (res: Response, status: number) => problemOf(res, status);

let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'card-values-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url())));
  // Once it has listed the tools, the SDK's client checks every structuredContent against the tool's outputSchema.
  await client.listTools();
});
afterAll(() => client?.close());

type Text = { type: 'text'; text: string; _meta?: Record<string, unknown> };
const textOf = (result: Record<string, unknown>) => (result.content as Text[])[0];

describe('connecting', () => {
  it.each(MCP_PROTOCOL_VERSIONS)('agrees on protocol version %s, without a session', async (version) => {
    const res = await initialize(version);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = await res.json();
    expect(body.result).toMatchObject({ protocolVersion: version, serverInfo: { name: 'card-values' }, capabilities: { tools: {}, resources: {} } });
    expect(body.result.instructions).toMatch(/search_cards/);
  });

  it('answers a version it does not speak with its newest, as the specification says', async () => {
    for (const version of ['2024-11-05', '1999-01-01']) {
      const body = await (await initialize(version)).json();
      expect(body.result.protocolVersion).toBe(MCP_PROTOCOL_VERSIONS[0]);
    }
  });

  it('answers any call without an initialize first: every POST stands alone', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_cards', arguments: { q: 'charizard', limit: 1 } } });
    expect(res.status).toBe(200);
    expect((await res.json()).result.structuredContent.results).toHaveLength(1);
  });

  it('accepts a notification with 202 and no body, and answers ping', async () => {
    const notified = await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notified.status).toBe(202);
    expect(await notified.text()).toBe('');
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe('tools', () => {
  it(`lists nine read-only tools, each with an input and an output schema, in at most ${countText(TOOL_LIST_TOKENS_MAX)} o200k tokens`, async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const { result } = await res.json();
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual([
      'search_cards',
      'get_card',
      'search_sealed',
      'get_sealed_product',
      'value_collection',
      'search_knowledge',
      'get_article',
      'list_sets',
      'get_set',
    ]);
    for (const tool of result.tools) {
      expect(tool.annotations.readOnlyHint, tool.name).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.description.length).toBeGreaterThan(20);
    }
    expect(countTokensExactly(JSON.stringify(result))).toBeLessThanOrEqual(TOOL_LIST_TOKENS_MAX);
  });

  it('takes the HTTP API parameters as arguments: search_cards has q, band, limit, offset, sort, ids and tcgplayer', async () => {
    const { tools } = await client.listTools();
    const search = tools.find((t) => t.name === 'search_cards')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['q', 'band', 'limit', 'offset', 'sort', 'ids', 'tcgplayer']);
    expect((search.inputSchema.properties as Record<string, { enum?: string[] }>).band.enum).toEqual(['grail', 'chase', 'mid', 'budget']);
  });

  // Each tool call, and the HTTP request whose JSON its structuredContent must be.
  const SAME_AS_HTTP: [string, Record<string, unknown>, string, string][] = [
    ['search_cards', { q: 'charizard', limit: 5 }, '/api/cards?q=charizard&limit=5', 'card-search.json'],
    ['search_cards', { q: 'charizard shadowless' }, '/api/cards?q=charizard%20shadowless', 'card-search.json'],
    ['search_cards', { ids: 'base1-4,charizard-ex-fix1-107,nope-1' }, '/api/cards?ids=base1-4,charizard-ex-fix1-107,nope-1', 'card-search.json'],
    ['search_cards', { tcgplayer: '42382' }, '/api/cards?tcgplayer=42382', 'card-search.json'],
    ['search_cards', { sort: 'value-asc', limit: 3, offset: 1 }, '/api/cards?sort=value-asc&limit=3&offset=1', 'card-search.json'],
    ['search_sealed', { q: 'booster box' }, '/api/sealed?q=booster%20box', 'sealed-search.json'],
    ['search_sealed', { ids: '242436' }, '/api/sealed?ids=242436', 'sealed-search.json'],
    ['get_card', { slug: 'charizard-base1-4' }, '/api/cards/charizard-base1-4.json', 'card-detail.json'],
    ['get_sealed_product', { slug: 'evolving-skies-booster-box-242436' }, '/api/sealed/evolving-skies-booster-box-242436.json', 'sealed-detail.json'],
    ['get_article', { slug: 'what-is-a-grail' }, '/api/knowledge/what-is-a-grail.json', 'knowledge-detail.json'],
    ['list_sets', {}, '/api/sets', 'set-list.json'],
    ['get_set', { setId: 'base1' }, '/api/sets/base1.json', 'set-detail.json'],
  ];

  it.each(SAME_AS_HTTP)('%s %j answers the JSON of GET %s as structuredContent', async (name, args, path, schema) => {
    const [result, http] = await Promise.all([client.callTool({ name, arguments: args }), get(path)]);
    expect(result.isError ?? false).toBe(false);
    expect(http.status).toBe(200);
    expect(result.structuredContent).toEqual(await http.json());
    assertMatches(schema, result.structuredContent, `${name} ${JSON.stringify(args)}`);
    const text = textOf(result);
    expect(text.type).toBe('text');
    expect(text._meta?.[TOKENS_META]).toBe(countTokensExactly(text.text));
  });

  // Calls each tool answers whose arguments reach past what an HTTP query would carry: a list of the most lines a
  // call takes (raw text, seven times the 6 KB a GET list may be), a look-up of the most ids.
  const mostLines = Array.from({ length: COLLECTION_LIMITS.lines }, (_, i) => `base1-${(i % 102) + 1}`).join('\n');
  const mostIds = Array.from({ length: LOOKUP_MAX_IDS }, (_, i) => `base1-${i + 1}`).join(',');
  const ANSWERED: [string, Record<string, unknown>][] = [
    ...SAME_AS_HTTP.map(([name, args]): [string, Record<string, unknown>] => [name, args]),
    ['value_collection', { list: mostLines }],
    ['value_collection', { list: '2x charizard 4/102\nmoonbreon psa 10', asOf: '2025-10-01', series: '30d' }],
    ['search_cards', { ids: mostIds }],
    ['get_card', { slug: 'base1-4' }],
    ['search_knowledge', { tag: 'grail' }],
  ];

  it.each(ANSWERED.map(([name, args]) => [name, JSON.stringify(args).slice(0, 60), args] as const))(
    'says in its input schema what %s takes: arguments it answers (%s) are valid there',
    async (name, _shown, args) => {
      const { tools } = await client.listTools();
      const validate = toolInputs.compile(tools.find((tool) => tool.name === name)!.inputSchema);
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError ?? false, textOf(result).text.slice(0, 200)).toBe(false);
      expect(validate(args), toolInputs.errorsText(validate.errors)).toBe(true);
    },
  );

  it('takes value_collection’s list as text, one item per line as written, never URL-decoded, as its schema says', async () => {
    const { tools } = await client.listTools();
    const list = (tools.find((tool) => tool.name === 'value_collection')!.inputSchema.properties as Record<string, { description: string }>).list;
    expect(list).toEqual({ type: 'string', description: expect.stringContaining('(not URL-encoded)') });
    expect(list.description).toContain(`${countText(COLLECTION_LIMITS.lines)} lines`);
    const asWritten = await client.callTool({ name: 'value_collection', arguments: { list: 'base1%2D4\nbase1-4' } });
    const entries = (asWritten.structuredContent as { entries: { text: string; status: string }[] }).entries;
    // Read as written: the escaped line is not the id it would decode to (the search finds it only loosely).
    expect(entries.map(({ text }) => text)).toEqual(['base1%2D4', 'base1-4']);
    expect(entries[0].status).not.toBe('matched');
    expect(entries[1].status).toBe('matched');
  });

  it('answers search_knowledge as the knowledge list, all of it without arguments', async () => {
    for (const [args, path] of [
      [{}, '/api/knowledge'],
      [{ q: 'grail' }, '/api/knowledge?q=grail'],
    ] as const) {
      const result = await client.callTool({ name: 'search_knowledge', arguments: args });
      const http = await (await get(path)).json();
      expect(result.structuredContent).toEqual({ results: http });
      assertMatches('knowledge-list.json', (result.structuredContent as { results: unknown }).results);
    }
  });

  it('gives a record its Markdown file as text, with the token count the file is served with', async () => {
    const result = await client.callTool({ name: 'get_card', arguments: { slug: 'charizard-base1-4' } });
    const file = await get('/cards/charizard-base1-4.md');
    expect(textOf(result).text).toBe(await file.text());
    expect(textOf(result)._meta?.[TOKENS_META]).toBe(Number(file.headers.get('x-markdown-tokens')));
  });

  it('gives a search compact Markdown: a table row per result, each linking its page', async () => {
    const result = await client.callTool({ name: 'search_cards', arguments: { q: 'charizard shadowless' } });
    const { text } = textOf(result);
    expect(text).toMatch(/\[Charizard \(Base 4\/102\)\]\(\/cards\/charizard-base1-4\)/);
    expect(text).toContain('$1,997.59 (Shadowless Holofoil)');
  });

  it('finds a card by its id as well as its slug', async () => {
    const [byId, bySlug] = await Promise.all([
      client.callTool({ name: 'get_card', arguments: { slug: 'base1-4' } }),
      client.callTool({ name: 'get_card', arguments: { slug: 'charizard-base1-4' } }),
    ]);
    expect(byId.structuredContent).toEqual(bySlug.structuredContent);
  });

  it('values a list as POST /api/collection does', async () => {
    const list = '2x base1-4\nfix1-107\nzzqx not a card\nevolving skies booster box x3';
    const [result, http] = await Promise.all([
      client.callTool({ name: 'value_collection', arguments: { list } }),
      send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: list }),
    ]);
    expect(result.structuredContent).toEqual(await http.json());
    expect((result.structuredContent as { totalUsd: number }).totalUsd).toBe(9336.16);
    expect(textOf(result).text).toMatch(/Total: \$9,336\.16/);
  });

  const overLong = Array.from({ length: 5001 }, (_, i) => `base1-${i}`).join('\n');
  it.each([
    ['search_cards', { limit: 'ten' }, /limit must be an integer/],
    ['search_cards', { band: 'priceless' }, /band must be one of grail, chase, mid, budget/],
    ['search_cards', { q: 'x'.repeat(201) }, /at most 200/],
    ['search_cards', { ids: 'base1-4', q: 'mew' }, /takes no q/],
    ['search_cards', { colour: 'red' }, /search_cards takes the arguments q, band/],
    ['search_cards', { q: ['charizard'] }, /q must be a string or a number, not an array/],
    ['get_card', {}, /get_card needs slug/],
    ['get_card', { slug: 'no-such-card-zz9-1' }, /No card has the slug "no-such-card-zz9-1"; search_cards lists them/],
    ['get_card', { slug: '../../server/manifest' }, /No card has the slug/],
    ['get_set', { setId: 'nosuchset' }, /No set has the setId "nosuchset"; list_sets lists them/],
    ['get_article', { slug: 'Not A Slug' }, /No article has the slug/],
    ['search_knowledge', { tag: 'not-a-tag' }, /tag must be one of/],
    ['value_collection', { list: overLong }, /at most 5,000 lines/],
    ['list_sets', { page: 2 }, /list_sets takes no arguments/],
  ])('answers %s with bad arguments (%#) with a tool error saying what is wrong', async (name, args, message) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result).text).toMatch(message);
  });

  // A call is answered the same alone, in a batch of one (the array of its one answer: the request speaks
  // 2025-03-26, having no MCP-Protocol-Version), and with a progress token (accepted, and never used).
  it.each([
    ['search_cards', { q: 'charizard', limit: 3 }],
    ['search_sealed', { q: 'booster box' }],
    ['search_knowledge', {}],
    ['get_card', { slug: 'base1-4' }],
    ['get_set', { setId: 'base1' }],
    ['list_sets', undefined],
    ['value_collection', { list: '2x base1-4\nzzqx not a card' }],
    ['search_cards', { band: 'priceless' }],
    ['get_card', { slug: 'no-such-card-zz9-1' }],
  ])('answers %s (%#) the same alone, in a batch and with a progress token', async (name, args) => {
    const call = { jsonrpc: '2.0', id: 'call-1', method: 'tools/call', params: { name, arguments: args } };
    const withProgress = { ...call, params: { ...call.params, _meta: { progressToken: 5 } } };
    const [plain, batched, progress] = await Promise.all([rpc(call), rpc([call]), rpc(withProgress)]);
    for (const res of [plain, batched, progress]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const body = await plain.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 'call-1' });
    expect(await batched.json()).toEqual([body]);
    expect(await progress.json()).toEqual(body);
  });

  it('answers a tool that does not exist with the protocol error, not a crash', async () => {
    const body = await (await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'drop_tables', arguments: {} } })).json();
    expect(body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool: drop_tables/) });
  });
});

describe('resources', () => {
  it('lists llms.txt, the sets index and every knowledge article', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris.slice(0, 2)).toEqual(['card-values:/llms.txt', 'card-values:/sets.md']);
    expect(uris).toContain('card-values:/knowledge/what-is-a-grail.md');
    expect(resources.find((r) => r.uri.endsWith('what-is-a-grail.md'))?.title).toMatch(/grail/i);
  });

  it('offers templates for the Markdown of cards, sealed products and sets, and reads them as the files are served', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'card-values:/cards/{slug}.md',
      'card-values:/sealed/{slug}.md',
      'card-values:/sets/{slug}.md',
    ]);
    for (const path of ['/cards/charizard-base1-4.md', '/sets/base1.md', '/llms.txt', '/knowledge/what-is-a-grail.md']) {
      const { contents } = await client.readResource({ uri: `card-values:${path}` });
      expect((contents[0] as { text: string }).text, path).toBe(await (await get(path)).text());
    }
  });

  it.each([
    'card-values:/cards/no-such-card.md',
    'card-values:/api/cards/charizard-base1-4.json',
    'card-values:/cards/../server/manifest.json',
    'card-values:/server/manifest.json',
    'file:///etc/passwd',
    'https://cards.example/llms.txt',
  ])('answers %s as a resource not found', async (uri) => {
    const body = await (await rpc({ jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri } })).json();
    expect(body.error).toMatchObject({ code: -32002 });
  });
});

describe('HTTP around the protocol', () => {
  it.each(['GET', 'DELETE', 'HEAD', 'PUT'])('refuses %s with 405 and Allow: POST, OPTIONS', async (method) => {
    const res = await send('/mcp', { method, headers: { Accept: ACCEPT } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    if (method !== 'HEAD') await problem(res, 405);
  });

  it('answers a browser preflight with the headers an MCP client sends', async () => {
    const res = await send('/mcp', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type, Mcp-Protocol-Version/);
  });

  it('lets any origin read its answers, never to be cached', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 5, method: 'ping' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a body that is not JSON with 415, and a protocol version it does not speak with 400 naming the header', async () => {
    const text = await send('/mcp', { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: ACCEPT }, body: '{}' });
    expect((await problem(text, 415)).allowed).toEqual(['application/json']);
    const version = await rpc({ jsonrpc: '2.0', id: 6, method: 'ping' }, { 'MCP-Protocol-Version': '2024-11-05' });
    expect(await problem(version, 400)).toMatchObject({ parameter: 'MCP-Protocol-Version', allowed: [...MCP_PROTOCOL_VERSIONS] });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1024 * 1024) } });
    const res = await send('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: ACCEPT }, body: big });
    await problem(res, 413);
  });

  it('answers JSON that is not a message with the protocol parse error', async () => {
    const res = await send('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: ACCEPT }, body: '{"jsonrpc": ' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });
});

describe.runIf(CONTRACT_TARGET === 'function')('on a loopback address (DNS rebinding)', () => {
  const port = () => new URL(url()).port;
  // node:http, not fetch: fetch writes the Host header itself.
  const ping = (headers: Record<string, string>) =>
    sendRaw(url(), '/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  it.each<Record<string, string>>([
    { Host: 'evil.example' },
    { Origin: 'http://evil.example' },
    { Host: 'localhost.evil.example' },
    { Origin: 'null' },
    { Host: '127.0.0.1.nip.io' },
  ])('refuses %j with a 403 problem', async (headers) => {
    const res = await ping(headers);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body).detail).toMatch(/DNS rebinding/);
  });

  it('answers a loopback Host and Origin, by name or address', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const res = await ping({ Host: `${host}:${port()}`, Origin: `http://${host}:${port()}` });
      expect(res.status, host).toBe(200);
    }
  });
});
