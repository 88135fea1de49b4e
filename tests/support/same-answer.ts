import { expect, it } from 'vitest';
import { MCP_PROTOCOL_VERSIONS } from '../../src/describe/mcp/protocol.ts';
import { assertMatches, problemOf } from './schemas.ts';

/**
 * What the tests of the function on another runtime (the fetch handler, the packaged Netlify function) compare
 * with npm start's node:http server: the same request's answers, status, headers and bytes.
 */

/** Headers of the connection, not of the answer: node:http adds them, a fetch Response has none. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));

/**
 * Asserts `other` answered as `node` did: status, every header but RateLimit's (each counts its own requests; both
 * must send it where one does), and the bytes. Returns `other`'s body.
 */
export async function expectSameAnswer(path: string, node: Response, other: Response): Promise<Buffer> {
  const [nodeBody, otherBody] = (await Promise.all([node.arrayBuffer(), other.arrayBuffer()])).map((bytes) => Buffer.from(bytes));
  expect(other.status, path).toBe(node.status);
  const { ratelimit: nodeCount, ...nodeHeaders } = answerHeaders(node);
  const { ratelimit: otherCount, ...otherHeaders } = answerHeaders(other);
  expect(otherHeaders, path).toEqual(nodeHeaders);
  expect(otherCount === undefined, `${path}: RateLimit sent by one only`).toBe(nodeCount === undefined);
  expect(otherBody.toString('utf8'), path).toBe(nodeBody.toString('utf8'));
  return otherBody;
}

/** Asserts both are the 429 problem, the same but for its detail (which says when to retry), with Retry-After. */
export async function expectSameRefusal(node: Response, other: Response): Promise<void> {
  const [nodeProblem, otherProblem] = [await problemOf(node, 429), await problemOf(other, 429)];
  assertMatches('quota-exceeded-problem.json', otherProblem, 'the 429');
  expect({ ...otherProblem, detail: undefined }).toEqual({ ...nodeProblem, detail: undefined });
  expect(other.headers.get('retry-after')).toMatch(/^\d+$/);
}

/** A JSON-RPC message POSTed to /mcp as an MCP client sends it. */
export const mcpPost = (message: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify(message),
});

/** An MCP client's `initialize` message. */
export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: MCP_PROTOCOL_VERSIONS[0], capabilities: {}, clientInfo: { name: 'tests', version: '1' } },
};

/** A request to npm start's server and to another runtime's function, asserted the same (expectSameAnswer): the other's answer. */
export type SameAnswer = (path: string, init?: RequestInit) => Promise<{ res: Response; body: Buffer }>;

const jsonOf = (body: Buffer) => JSON.parse(body.toString('utf8'));

/**
 * The answers every runtime of the function gives as npm start does, as tests of the calling `describe`: a search,
 * a card negotiated as Markdown, a POSTed list, MCP, a feed (its URLs from `origin`, the PUBLIC_ORIGIN both run with).
 * @returns the slug of a card the search found, for the caller's own tests (read once the search has run)
 */
export function itAnswersAsNpmStart(sameAnswer: SameAnswer, origin: string): () => string {
  let slug = '';

  it('a card search, as JSON of the search schema', async () => {
    const { res, body } = await sameAnswer('/api/cards?q=charizard&limit=3');
    expect(res.status).toBe(200);
    const search = jsonOf(body);
    assertMatches('card-search.json', search, 'the search');
    expect(search.results.length).toBeGreaterThan(0);
    slug = search.results[0].slug;
  });

  it('a card page negotiated as Markdown', async () => {
    const { res, body } = await sameAnswer(`/cards/${slug}`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(body.toString('utf8')).toContain('# ');
  });

  it('a POSTed list, valued as JSON of the collection schema', async () => {
    const init = { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: `2x ${slug}\ncharizard\nno such card at all` };
    const { res, body } = await sameAnswer('/api/collection', init);
    expect(res.status).toBe(200);
    const collection = jsonOf(body);
    assertMatches('collection.json', collection, 'the valued list');
    expect(collection.entries).toHaveLength(3);
  });

  it('an MCP initialize, and the tool list', async () => {
    const initialized = jsonOf((await sameAnswer('/mcp', mcpPost(MCP_INITIALIZE))).body);
    expect(initialized.result).toMatchObject({ protocolVersion: MCP_PROTOCOL_VERSIONS[0], serverInfo: { name: 'card-values' } });
    const listed = jsonOf((await sameAnswer('/mcp', mcpPost({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).body);
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toContain('search_cards');
  });

  it("a card's price feed, its URLs from the configured origin", async () => {
    const { res, body } = await sameAnswer(`/feeds/cards/${slug}.json`);
    expect(res.status).toBe(200);
    const feed = jsonOf(body);
    assertMatches('price-feed.json', feed, 'the feed');
    expect(feed.feed_url).toBe(`${origin}/feeds/cards/${slug}.json`);
  });

  return () => slug;
}
