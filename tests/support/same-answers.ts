import { expect, it } from 'vitest';
import { MCP_PROTOCOL_VERSIONS } from '../../src/describe/mcp/protocol.ts';
import { assertMatches, problemOf } from './schemas.ts';

/**
 * What the tests that hold a runtime of the function to `npm start` share (the fetch handler called directly, the
 * Vercel Function under Vercel's launcher, the Netlify Function as packaged): how two answers are compared, and the
 * requests of the contract every runtime must answer alike.
 */

/** An answer of the runtime under test, its body read. */
export interface Answer {
  res: Response;
  body: Buffer;
}

/** Sends the same request to npm start's server and to the runtime under test; asserts they answer alike (sameAnswer). */
export type SameAnswer = (path: string, init?: RequestInit) => Promise<Answer>;

/** Headers of the connection, not of the answer: node:http adds them, a fetch Response has none. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));

/**
 * Asserts `other` answers as npm start's `node` did: status, every header but RateLimit's (each counts its own
 * requests; both must send it where one does), and the bytes. Returns the other's answer.
 */
export async function sameAnswer(path: string, node: Response, other: Response): Promise<Answer> {
  const [nodeBody, otherBody] = (await Promise.all([node.arrayBuffer(), other.arrayBuffer()])).map((bytes) => Buffer.from(bytes));
  expect(other.status, path).toBe(node.status);
  const { ratelimit: nodeCount, ...nodeHeaders } = answerHeaders(node);
  const { ratelimit: otherCount, ...otherHeaders } = answerHeaders(other);
  expect(otherHeaders, path).toEqual(nodeHeaders);
  expect(otherCount === undefined, `${path}: RateLimit sent by one only`).toBe(nodeCount === undefined);
  expect(otherBody.toString('utf8'), path).toBe(nodeBody.toString('utf8'));
  return { res: other, body: otherBody };
}

export const jsonOf = (body: Buffer) => JSON.parse(body.toString('utf8'));

/** The problem an answer read by sameAnswer carries, checked as every test checks one. */
export const problemIn = ({ res, body }: Answer, status: number) =>
  problemOf(new Response(new Uint8Array(body), { status: res.status, headers: res.headers }), status);

/** A JSON-RPC message POSTed to /mcp as an MCP client sends it. */
export const mcpPost = (message: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify(message),
});

/**
 * Registers the contract's requests every runtime answers alike: a search (its schema), a card negotiated as
 * Markdown, a POSTed list, MCP's
 * initialize and tool list, a price feed whose URLs start at `origin`. Returns the slug of the card the search
 * found, for the caller's own tests (set once the first test has run).
 */
export function itAnswersTheContract(same: SameAnswer, origin: string): () => string {
  let slug: string;

  it('a card search, as JSON of the search schema', async () => {
    const { res, body } = await same('/api/cards?q=charizard&limit=3');
    expect(res.status).toBe(200);
    const search = jsonOf(body);
    assertMatches('card-search.json', search, 'the search');
    expect(search.results.length).toBeGreaterThan(0);
    slug = search.results[0].slug;
  });

  it('a card page negotiated as Markdown', async () => {
    const { res, body } = await same(`/cards/${slug}`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(body.toString('utf8')).toContain('# ');
  });

  it('a POSTed list, valued as JSON of the collection schema', async () => {
    const init = { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: `2x ${slug}\ncharizard\nno such card at all` };
    const { res, body } = await same('/api/collection', init);
    expect(res.status).toBe(200);
    const collection = jsonOf(body);
    assertMatches('collection.json', collection, 'the valued list');
    expect(collection.entries).toHaveLength(3);
  });

  it('an MCP initialize, and the tool list', async () => {
    const params = { protocolVersion: MCP_PROTOCOL_VERSIONS[0], capabilities: {}, clientInfo: { name: 'tests', version: '1' } };
    const initialized = jsonOf((await same('/mcp', mcpPost({ jsonrpc: '2.0', id: 1, method: 'initialize', params }))).body);
    expect(initialized.result).toMatchObject({ protocolVersion: MCP_PROTOCOL_VERSIONS[0], serverInfo: { name: 'card-values' } });
    const listed = jsonOf((await same('/mcp', mcpPost({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).body);
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toContain('search_cards');
  });

  it("a card's price feed, its URLs from the configured origin", async () => {
    const { res, body } = await same(`/feeds/cards/${slug}.json`);
    expect(res.status).toBe(200);
    const feed = jsonOf(body);
    assertMatches('price-feed.json', feed, 'the feed');
    expect(feed.feed_url).toBe(`${origin}/feeds/cards/${slug}.json`);
  });

  return () => slug;
}

/**
 * Sends three searches from one client to npm start's server (`node`) and to the runtime under test (`other`),
 * both limited to 2 a minute, and asserts both refuse the third with the same 429 problem and policy.
 */
export async function expectSame429(node: (path: string) => Promise<Response>, other: (path: string) => Promise<Response>): Promise<void> {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await Promise.all([node('/api/cards?q=pikachu'), other('/api/cards?q=pikachu')]));
  expect(answers.map(([viaNode]) => viaNode.status)).toEqual([200, 200, 429]);
  expect(answers.map(([, viaOther]) => viaOther.status)).toEqual([200, 200, 429]);
  const [viaNode, viaOther] = answers[2];
  await expectSameRefusal(viaNode, viaOther);
}

/** Asserts both are the 429 problem, the same but for its detail (which says when to retry), with Retry-After and the same policy. */
export async function expectSameRefusal(node: Response, other: Response): Promise<void> {
  const [nodeProblem, otherProblem] = [await problemOf(node, 429), await problemOf(other, 429)];
  assertMatches('quota-exceeded-problem.json', otherProblem, 'the 429');
  expect({ ...otherProblem, detail: undefined }).toEqual({ ...nodeProblem, detail: undefined });
  expect(other.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(other.headers.get('ratelimit-policy')).toBe(node.headers.get('ratelimit-policy'));
}
