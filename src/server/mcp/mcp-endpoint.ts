import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { Answer } from '../../http/answer.ts';
import { API_HEADERS } from '../../http/headers.ts';
import { badParameter, forbidden, POST_BODY_MAX_BYTES, postBodyTooLarge, problemResponse, unsupportedMediaType } from '../../http/problem.ts';
import { linesOfText } from '../../lib/collection/list-lines.ts';
import { MCP_INSTRUCTIONS, MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO } from '../../lib/mcp/protocol.ts';
import { MCP_TOOLS_FILE, toolSpecsOf } from '../../lib/mcp/tools.ts';
import { COLLECTION_LIMITS, collectionCost } from '../collection-endpoint.ts';
import type { FunctionGate } from '../function-gate.ts';
import { readLimited } from '../request-body.ts';
import type { Searchers } from '../search-data.ts';
import type { BuildFiles } from './build-files.ts';
import { createResources } from './mcp-resources.ts';
import { createToolCalls } from './mcp-tool-calls.ts';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless. Every POST is answered on its own,
 * as JSON (no session, no event stream), so any instance of the function, or a serverless one, answers any
 * call. The official SDK does the protocol: a Server and a transport are made for each request (a stateless
 * transport serves one), over the tools (mcp-tool-calls.ts) and resources (mcp-resources.ts).
 *
 * Before the protocol, HTTP's own rules, each refused with problem JSON: the DNS-rebinding rule on a loopback
 * function, the body's size and type, the protocol version header, and the rate limit, which counts each tool
 * call and resource read like one search (a list to value by its size) and never a verified agent.
 *
 * This module and the SDK are loaded on the first request to /mcp (function-routes.ts): the function starts,
 * and answers its first search, without them.
 */
export interface McpOptions {
  searchers: Searchers;
  gate: FunctionGate;
  files: BuildFiles;
  /** dist/server, where the build wrote the tool list. */
  serverDir: string;
  /**
   * Whether the function serves only this machine (it listens on a loopback address, no proxy in front): then a
   * request must name a loopback Host and Origin, or a web page the user visits could reach it by DNS rebinding.
   */
  localOnly: boolean;
}

type Message = { method?: unknown; params?: { name?: unknown; arguments?: { list?: unknown } } };

const JSON_TYPE = 'application/json';
/** Hosts a local server answers to, with any port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export async function createMcpEndpoint({ searchers, gate, files, serverDir, localOnly }: McpOptions) {
  const tools = JSON.parse(await readFile(join(serverDir, MCP_TOOLS_FILE), 'utf8')) as { name: string }[];
  const toolCalls = createToolCalls(toolSpecsOf(searchers.kinds), { searchers, files });
  const resources = createResources({ searchers, files });
  // A Server makes its own JSON Schema validator (Ajv, for elicitation, which this server never asks for) unless
  // given one: made per request it was a quarter of a tool call's time.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  /** A Server for one request: its handlers answer from this build. */
  function serverOf(): Server {
    const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: MCP_INSTRUCTIONS, jsonSchemaValidator });
    // The SDK would also accept 2024-11-05, a version without Streamable HTTP: this endpoint speaks its three.
    server.setRequestHandler(InitializeRequestSchema, ({ params }) => ({
      protocolVersion: (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(params.protocolVersion) ? params.protocolVersion : MCP_PROTOCOL_VERSIONS[0],
      capabilities: { tools: {}, resources: {} },
      serverInfo: MCP_SERVER_INFO,
      instructions: MCP_INSTRUCTIONS,
    }));
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }) as never);
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const result = await toolCalls.call(params.name, params.arguments);
      if (!result) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name.slice(0, 80)}`);
      return result;
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => resources.list());
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => resources.templates());
    server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
      const read = await resources.read(params.uri);
      // -32002, the specification's "resource not found".
      if (!read) throw new McpError(-32002, 'Resource not found', { uri: params.uri.slice(0, 200) });
      return read;
    });
    return server;
  }

  return async (req: IncomingMessage): Promise<Answer> => {
    // Read to the end before any answer, as the collection's POST is (collection-endpoint.ts).
    const body = await readLimited(req, POST_BODY_MAX_BYTES);
    const refused = (problem: Parameters<typeof problemResponse>[0], headers: Record<string, string> = {}) =>
      problemResponse(problem, { ...API_HEADERS, ...headers });
    if (localOnly && !fromThisMachine(req)) {
      return refused(
        forbidden(
          'This MCP server listens on a loopback address and answers only requests whose Host and Origin are loopback (localhost, 127.0.0.1, [::1]): ' +
            'anything else may be a web page reaching it by DNS rebinding.',
        ),
      );
    }
    if (body === null) return refused(postBodyTooLarge());
    const type = req.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (type !== JSON_TYPE) return refused(unsupportedMediaType([JSON_TYPE], req.headers['content-type']));
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !(MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(version)) {
      const detail = `MCP-Protocol-Version ${String(version).slice(0, 40)} is not one this server speaks: ${MCP_PROTOCOL_VERSIONS.join(', ')}.`;
      return refused(badParameter('MCP-Protocol-Version', detail, [...MCP_PROTOCOL_VERSIONS]));
    }

    // The body once parsed, for its cost; what does not parse is the protocol's error, the transport's to send.
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    let counted: Record<string, string> = {};
    const cost = costOf(parsed);
    if (cost > 0) {
      const decision = await gate(req, cost);
      counted = { ...decision.headers, 'Request-Cost': String(cost) };
      if (!decision.go) return refused(decision.problem, counted);
    }

    const quick = plainToolCall(parsed, req.headers.accept);
    if (quick) {
      const result = await toolCalls.callJson(quick.params.name, quick.params.arguments);
      if (result !== undefined) {
        const text = Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(quick.id)},"result":`), result, CLOSING_BRACE]);
        const headers = { ...API_HEADERS, ...counted, 'Cache-Control': 'no-store', 'Content-Type': JSON_TYPE, 'Content-Length': String(text.byteLength) };
        return { status: 200, headers, body: text };
      }
    }

    // Not closed after: a stateless transport that answers in JSON holds no stream or timer, and closing one
    // builds a "connection closed" error (with its stack) for nothing. Both are garbage once answered.
    const server = serverOf();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const request = new Request('http://localhost/mcp', {
      method: 'POST',
      headers: headersOf(req),
      body: parsed === undefined ? new Uint8Array(body) : null,
    });
    const response = await transport.handleRequest(request, parsed === undefined ? undefined : { parsedBody: parsed });
    const text = response.status === 202 ? null : Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = { ...API_HEADERS, ...counted, 'Cache-Control': 'no-store' };
    response.headers.forEach((value, name) => {
      headers[name === 'content-type' ? 'Content-Type' : name] = value;
    });
    if (text) headers['Content-Length'] = String(text.byteLength);
    return { status: response.status, headers, body: text };
  };
}

interface PlainToolCall {
  id: string | number;
  params: { name: string; arguments?: Record<string, unknown> };
}

/**
 * A tools/call the SDK would hand to the tool as it is, answered without it: one request (no batch), a JSON-RPC
 * id, a tool name and plain arguments, nothing else (no task, no unknown member), sent by a client that accepts
 * what the transport requires. The SDK's Server and transport, made per request, were six times the cost of
 * the search itself (docs/performance.md); the answer is the same bytes the SDK would send, from the answer's
 * remembered JSON (tests/http/mcp.test.ts sends each call both ways). Anything else, the SDK answers.
 */
function plainToolCall(parsed: unknown, accept: string | undefined): PlainToolCall | undefined {
  if (!accept?.includes(JSON_TYPE) || !accept.includes('text/event-stream')) return undefined;
  if (!isPlainObject(parsed) || parsed.jsonrpc !== '2.0' || parsed.method !== 'tools/call' || !onlyKeys(parsed, MESSAGE_KEYS)) return undefined;
  const { id, params } = parsed;
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  if (!isPlainObject(params) || typeof params.name !== 'string' || !onlyKeys(params, PARAMS_KEYS)) return undefined;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return undefined;
  return { id: id as string | number, params: params as PlainToolCall['params'] };
}

const CLOSING_BRACE = Buffer.from('}');
const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
/** Without `_meta` (a progress token, which the SDK checks): a call that sends one is the SDK's to answer. */
const PARAMS_KEYS = new Set(['name', 'arguments']);
const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, keys: Set<string>) => Object.keys(value).every((key) => keys.has(key));

/** The request headers the transport reads (it checks Accept and Content-Type, and the protocol version). */
function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Host, and Origin when sent, are this machine's. */
function fromThisMachine(req: IncomingMessage): boolean {
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const url = URL.parse(origin);
  return url !== null && LOOPBACK_HOST.test(url.host);
}

/**
 * What a body costs against the rate limit: one point a tool call or resource read, a list to value one per 50
 * lines (as /api/collection counts it); nothing for the protocol's own messages (initialize, lists, ping).
 */
function costOf(parsed: unknown): number {
  const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Message[];
  let cost = 0;
  for (const message of messages) {
    if (message === null || typeof message !== 'object') continue;
    if (message.method === 'resources/read') cost += 1;
    if (message.method !== 'tools/call') continue;
    const list = message.params?.name === 'value_collection' ? message.params.arguments?.list : undefined;
    const lines = typeof list === 'string' ? Math.min(linesOfText(list).length, COLLECTION_LIMITS.lines) : 1;
    cost += collectionCost(lines);
  }
  return cost;
}
