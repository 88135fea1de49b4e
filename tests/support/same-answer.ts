import { expect } from 'vitest';
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
