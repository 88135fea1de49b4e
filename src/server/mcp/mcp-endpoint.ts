import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import type { ListLine } from '../../collection/list-lines.ts';
import { MCP_BATCHING_VERSION, MCP_INSTRUCTIONS, MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO } from '../../describe/mcp/protocol.ts';
import { MCP_TOOLS_FILE, toolSpecsOf } from '../../describe/mcp/tools.ts';
import { parseAccept } from '../../http/accept.ts';
import type { Answer } from '../../http/answer.ts';
import type { HttpRequest } from '../../http/exchange.ts';
import { API_HEADERS } from '../../http/headers.ts';
import { countText, listCost, MCP_BATCH_MAX, MCP_JSON_VALUES_MAX, POST_BODY_MAX_BYTES, REQUEST_COST } from '../../http/limits.ts';
import { badParameter, forbidden, overLimit, problemResponse, tooManyLines, unsupportedMediaType } from '../../http/problem.ts';
import { concatBytes } from '../bytes.ts';
import type { FunctionData } from '../function-data.ts';
import type { FunctionGate } from '../function-gate.ts';
import type { ListOptions } from '../list-render.ts';
import { type ListTicket, type ListValuer, listWorkProblem } from '../list-work.ts';
import { bodyRefusal, readLimited } from '../request-body.ts';
import type { Searchers } from '../searchers.ts';
import type { BuildFiles } from './build-files.ts';
import { createResources } from './mcp-resources.ts';
import { createToolCalls, listLinesOf } from './mcp-tool-calls.ts';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless. Every POST is answered on its own,
 * as JSON (no session, no event stream), so any instance of the function, or a serverless one, answers any
 * call.
 *
 * Before the protocol, HTTP's own rules, each refused with problem JSON: the DNS-rebinding rule on a loopback
 * function, the body's size and type, the protocol version header; then what the transport requires (Accept,
 * JSON), the framing (a batch only where the protocol version has them), and what the request asks for in all:
 * its lists together hold at most one list's lines, admitted by the list worker and counted against the rate
 * limit (a tool call or resource read like one search, a list by its size) before any work starts, so a
 * refused request costs nothing. A verified agent is never counted.
 *
 * Tool calls are answered here, from the tools' answers as bytes (mcp-tool-calls.ts), lists by the list
 * worker: the SDK's Server and transport, made per request, cost six times the search itself, and would hold
 * a whole list's answer as objects. The SDK does the rest of the protocol (initialize, the lists, resources,
 * ping, notifications), one message at a time, over the resources (mcp-resources.ts).
 *
 * This module and the SDK are loaded on the first request to /mcp (function-routes.ts): the function starts,
 * and answers its first search, without them.
 */
export interface McpOptions {
  searchers: Searchers;
  gate: FunctionGate;
  files: BuildFiles;
  /** Where lists are valued. */
  valuer: ListValuer;
  /** The build's own files, the tool list among them. */
  data: FunctionData;
  /**
   * Whether the function serves only this machine (it listens on a loopback address, no proxy in front): then a
   * request must name a loopback Host and Origin, or a web page the user visits could reach it by DNS rebinding.
   */
  localOnly: boolean;
}

const JSON_TYPE = 'application/json';
/** Hosts a local server answers to, with any port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether a JSON text holds more than `max` values, counted without parsing it: each `{`, `[` and `,` outside
 * strings starts a value (a malformed text is the parser's to refuse).
 */
function jsonValuesOver(bytes: Uint8Array, max: number): boolean {
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // a backslash escapes the next byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if ((byte === 0x7b || byte === 0x5b || byte === 0x2c) && ++values > max) return true;
  }
  return false;
}

/** JSON-RPC 2.0's error codes this endpoint sends itself. */
const RPC = { parseError: -32700, invalidRequest: -32600, invalidParams: -32602, transport: -32000 } as const;

/** One message of a request, as read before answering: what it costs, and the lines of a list it values. */
interface Planned {
  message: unknown;
  cost: number;
  lines?: ListLine[];
  /** A tools/call request: answered here, not by the SDK. */
  toolCall?: ToolCall;
  /** The answer to a message that is no valid request (-32600), or whose params are not its method's (-32602). */
  refusal?: { status: number; body: Uint8Array<ArrayBuffer> };
}

/**
 * The params the SDK answers, checked before it sees them: the SDK reads a request that fails its schema as a
 * fault of its own (-32603, with the schema's whole report); the specification's code is -32602.
 */
const SDK_REQUESTS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
} as const;

interface ToolCall {
  id: string | number;
  /** The params, or why they are not a tool call's (answered as Invalid params). */
  params: { name: string; arguments?: Record<string, unknown> } | { invalid: string };
}

export async function createMcpEndpoint({ searchers, gate, files, valuer, data, localOnly }: McpOptions) {
  const tools = JSON.parse(await data.text(MCP_TOOLS_FILE)) as { name: string }[];
  const toolNames = new Set(tools.map((tool) => tool.name));
  const toolCalls = createToolCalls(toolSpecsOf(searchers.kinds), { searchers, files });
  const resources = createResources({ searchers, files });
  // A Server makes its own JSON Schema validator (Ajv, for elicitation, which this server never asks for) unless
  // given one: made per request it was a quarter of a tool call's time. The SDK's @cfworker/json-schema one, not
  // Ajv: Ajv compiles a schema into code (new Function), which a Cloudflare Worker may not do; this one interprets.
  const jsonSchemaValidator = new CfWorkerJsonSchemaValidator();

  /** A Server for one message: its handlers answer from this build. */
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

  /** One message answered by the SDK: its answer's status, headers and bytes (none for a notification). */
  async function bySdk(message: unknown, req: HttpRequest): Promise<{ status: number; headers: Headers; body: Uint8Array<ArrayBuffer> | null }> {
    // Not closed after: a stateless transport that answers in JSON holds no stream or timer, and closing one
    // builds a "connection closed" error (with its stack) for nothing. Both are garbage once answered.
    const server = serverOf();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const request = new Request('http://localhost/mcp', { method: 'POST', headers: headersOf(req) });
    const response = await transport.handleRequest(request, { parsedBody: message });
    const body = response.status === 202 ? null : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  }

  /** A tools/call, answered here: the JSON-RPC response as bytes. */
  async function byTools({ id, params }: ToolCall, ticket: ListTicket | undefined): Promise<Uint8Array<ArrayBuffer>> {
    if ('invalid' in params) return rpcError(id, RPC.invalidParams, `Invalid params: ${params.invalid}`);
    const lists = async (lines: ListLine[], options: ListOptions) => {
      if (!ticket) throw new Error('a list to value was not admitted');
      return (await ticket.run(lines, { kind: 'tool-result' }, options)).bytes;
    };
    const result = await toolCalls.callJson(params.name, params.arguments, lists);
    if (!result) return rpcError(id, RPC.invalidParams, `Unknown tool: ${params.name.slice(0, 80)}`);
    return concat([`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, result, '}']);
  }

  return async (req: HttpRequest): Promise<Answer> => {
    // Read to the end before any answer (but one over the limit), as the collection's POST is (collection-endpoint.ts).
    const read = await readLimited(req.body, POST_BODY_MAX_BYTES);
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
    if ('refused' in read) return bodyRefusal(read, API_HEADERS);
    const { body } = read;
    const type = req.header('content-type')?.split(';')[0].trim().toLowerCase();
    if (type !== JSON_TYPE) return refused(unsupportedMediaType([JSON_TYPE], req.header('content-type')));
    const header = req.header('mcp-protocol-version');
    if (header !== undefined && !(MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(header)) {
      const detail = `MCP-Protocol-Version ${String(header).slice(0, 40)} is not one this server speaks: ${MCP_PROTOCOL_VERSIONS.join(', ')}.`;
      return refused(badParameter('MCP-Protocol-Version', detail, [...MCP_PROTOCOL_VERSIONS]));
    }
    if (!acceptsBoth(req.header('accept'))) {
      return rpcAnswer(406, rpcError(null, RPC.transport, 'Not Acceptable: Client must accept both application/json and text/event-stream'));
    }
    if (jsonValuesOver(body, MCP_JSON_VALUES_MAX)) {
      const detail = `An MCP request may hold at most ${countText(MCP_JSON_VALUES_MAX)} JSON values (objects, arrays and their members); this one holds more.`;
      return refused(overLimit(413, detail, `JSON values ≤ ${countText(MCP_JSON_VALUES_MAX)}`));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return rpcAnswer(400, rpcError(null, RPC.parseError, 'Parse error: Invalid JSON'));
    }
    const framing = framingProblem(parsed, typeof header === 'string' ? header : MCP_BATCHING_VERSION);
    if (framing) return rpcAnswer(400, rpcError(null, RPC.invalidRequest, `Invalid Request: ${framing}`));

    // Refusals known before a list is read: the client was refused a moment ago, or no list at all would be admitted.
    const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
    const methods = messages.map((message) => (isPlainObject(message) ? message.method : undefined));
    const refusedNow = methods.some((method) => method === 'tools/call' || method === 'resources/read') ? gate.refusedNow(req) : undefined;
    if (refusedNow) return refused(refusedNow.problem, refusedNow.headers);
    const valuesList = messages.some((message) => isPlainObject(message) && isPlainObject(message.params) && message.params.name === 'value_collection');
    const full = valuesList ? valuer.full() : undefined;
    if (full) return withApiHeaders(listWorkProblem(full));
    const plan = messages.map((message) => planOf(message, toolNames));
    const lines = plan.reduce((sum, { lines }) => sum + (lines?.length ?? 0), 0);
    const tooLong = tooManyLines(lines, 'The lists of one request together');
    if (tooLong) return refused(tooLong);
    const ticket = plan.some((planned) => planned.lines) ? valuer.admit(lines) : undefined;
    if (ticket && !('run' in ticket)) return withApiHeaders(listWorkProblem(ticket));
    try {
      let counted: Record<string, string> = {};
      const cost = plan.reduce((sum, { cost }) => sum + cost, 0);
      if (cost > 0) {
        const decision = await gate(req, cost);
        counted = { ...decision.headers, 'Request-Cost': String(cost) };
        if (!decision.go) return refused(decision.problem, counted);
      }
      let answered: Answered;
      try {
        answered = await answerAll(plan, ticket, req, Array.isArray(parsed));
      } catch (error) {
        // A list the worker could not value (out of time or memory): the request's answer is that problem.
        const problem = listWorkProblem(error);
        return withApiHeaders({ ...problem, headers: { ...counted, ...problem.headers } });
      }
      const { status, body: bytes, contentType } = answered;
      const headers: Record<string, string> = { ...API_HEADERS, ...counted, 'Cache-Control': 'no-store' };
      if (bytes) Object.assign(headers, { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) });
      return { status, headers, body: bytes };
    } finally {
      if (ticket && 'run' in ticket) ticket.release();
    }
  };

  /**
   * Every message answered in turn, one at a time (a batch is no faster than its messages sent one by one, and
   * holds one list's answer at a time): one message's answer as it is, a batch's as the array of its answers
   * (202 and no body when it held only notifications).
   */
  async function answerAll(plan: Planned[], ticket: ListTicket | undefined, req: HttpRequest, batch: boolean): Promise<Answered> {
    const answers: Answered[] = [];
    for (const { message, toolCall, refusal } of plan) {
      if (refusal) answers.push({ ...refusal, contentType: JSON_TYPE });
      else if (toolCall) answers.push({ status: 200, body: await byTools(toolCall, ticket), contentType: JSON_TYPE });
      else {
        const { status, headers, body } = await bySdk(message, req);
        answers.push({ status, body, contentType: headers.get('content-type') ?? JSON_TYPE });
      }
    }
    if (!batch) return answers[0];
    const bodies = answers.flatMap(({ body }) => (body ? [body] : []));
    if (bodies.length === 0) return { status: 202, body: null, contentType: JSON_TYPE };
    return { status: 200, body: concat(['[', ...bodies.flatMap((body, i) => (i === 0 ? [body] : [',', body])), ']']), contentType: JSON_TYPE };
  }
}

/** A request's answer before the headers every answer shares. */
interface Answered {
  status: number;
  body: Uint8Array<ArrayBuffer> | null;
  contentType: string;
}

/**
 * What a message costs, the list it values, and who answers it: a tool call is answered here, a message that is
 * not a JSON-RPC 2.0 request, notification or response is refused here (-32600, as the JSON-RPC specification
 * has it, in a batch too), and so are a known method's invalid params (-32602); the SDK answers the rest. A
 * message refused for its shape costs nothing, a call of a tool not in `toolNames` included.
 */
function planOf(message: unknown, toolNames: ReadonlySet<string>): Planned {
  const invalid = (why: string, id: string | number | null = null): Planned => ({
    message,
    cost: 0,
    refusal: { status: 400, body: rpcError(id, RPC.invalidRequest, `Invalid Request: ${why}`) },
  });
  if (!isPlainObject(message)) return invalid('a message must be a JSON-RPC 2.0 object');
  const id = isRequestId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0"', id);
  if (message.id !== undefined && id === null) return invalid('id must be a string or an integer', null);
  if (message.method === undefined) {
    // A response to a request of ours (we send none): the SDK takes it, and answers nothing.
    return id !== null && ('result' in message || 'error' in message)
      ? { message, cost: REQUEST_COST.protocolMessage }
      : invalid('a message needs a method, or a result or error', id);
  }
  if (typeof message.method !== 'string') return invalid('method must be a string', id);
  if (id === null) return { message, cost: REQUEST_COST.protocolMessage }; // a notification
  if (message.method === 'tools/call') {
    const params = toolCallParams(message.params);
    const lines = 'invalid' in params ? undefined : listLinesOf(params.name, params.arguments);
    // A list over the limit is the tool's error (it says so, and costs nothing), never valued.
    if (lines && tooManyLines(lines.length)) return { message, cost: 0, toolCall: { id, params } };
    const cost = 'invalid' in params || !toolNames.has(params.name) ? 0 : lines ? listCost(lines.length) : REQUEST_COST.toolCall;
    return { message, cost, lines, toolCall: { id, params } };
  }
  const schema = SDK_REQUESTS[message.method as keyof typeof SDK_REQUESTS];
  const checked = schema?.safeParse(message);
  if (checked && !checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.').slice(0, 80)}: ` : '';
    return {
      message,
      cost: 0,
      refusal: { status: 200, body: rpcError(id, RPC.invalidParams, `Invalid params: ${where}${issue?.message ?? 'not this method’s'}`) },
    };
  }
  return { message, cost: message.method === 'resources/read' ? REQUEST_COST.resourceRead : REQUEST_COST.protocolMessage };
}

/**
 * A tools/call's params as the specification has them: a `name`, `arguments` an object if given, `_meta` an
 * object whose `progressToken` (if any) is a string or an integer. A progress token is accepted and never used:
 * answers are JSON, with no stream to report progress on. Other members (a task, where the client asks for
 * one this server does not offer) are left aside.
 */
function toolCallParams(params: unknown): ToolCall['params'] {
  if (!isPlainObject(params)) return { invalid: 'a tools/call needs params, an object with the tool’s name' };
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string') return { invalid: 'params.name must be the tool’s name, a string' };
  if (args !== undefined && !isPlainObject(args)) return { invalid: 'params.arguments must be an object of the tool’s arguments' };
  if (meta !== undefined && (!isPlainObject(meta) || (meta.progressToken !== undefined && !isRequestId(meta.progressToken)))) {
    return { invalid: 'params._meta must be an object, its progressToken a string or an integer' };
  }
  return { name, ...(args !== undefined && { arguments: args }) };
}

/**
 * Why a body's framing is refused, if it is: a batch where the protocol version has none (2025-06-18 removed
 * them; a request without the header speaks 2025-03-26, as the specification has a server assume), an empty
 * batch, one over MCP_BATCH_MAX, or one holding an initialize, which 2025-03-26 has sent alone.
 */
function framingProblem(parsed: unknown, version: string): string | undefined {
  if (!Array.isArray(parsed)) return undefined;
  if (version !== MCP_BATCHING_VERSION) return `MCP ${version} has no batches (2025-06-18 removed them); send one message per request`;
  if (parsed.length === 0) return 'an empty batch';
  if (parsed.length > MCP_BATCH_MAX) return `a batch may hold at most ${MCP_BATCH_MAX} messages; this one holds ${parsed.length}`;
  if (parsed.some((message) => isPlainObject(message) && message.method === 'initialize')) return 'initialize must be sent alone, not in a batch';
  return undefined;
}

/** Recent Accept headers and whether each accepts both types: a client sends the same one every time. */
const acceptsBothOf = new Map<string, boolean>();

/** Accept lists both types the transport requires, each with a weight above 0 (a list of media ranges, not a substring). */
function acceptsBoth(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let both = acceptsBothOf.get(accept);
  if (both === undefined) {
    const ranges = parseAccept(accept);
    both = ['application/json', 'text/event-stream'].every((type) => ranges.some((r) => `${r.type}/${r.subtype}` === type && r.q > 0));
    if (acceptsBothOf.size >= 64) acceptsBothOf.clear();
    acceptsBothOf.set(accept, both);
  }
  return both;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** A JSON-RPC id as MCP allows it: a string or an integer (never null). */
const isRequestId = (value: unknown): value is string | number => typeof value === 'string' || Number.isSafeInteger(value);

const encoder = new TextEncoder();
const concat = (parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> =>
  concatBytes(parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part)));

/** A JSON-RPC error response, as bytes. */
function rpcError(id: string | number | null, code: number, message: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

/** A JSON-RPC error as the whole answer (the transport's own refusals: 400, 406). */
function rpcAnswer(status: number, body: Uint8Array<ArrayBuffer>): Answer {
  const headers = { ...API_HEADERS, 'Cache-Control': 'no-store', 'Content-Type': JSON_TYPE, 'Content-Length': String(body.byteLength) };
  return { status, headers, body };
}

const withApiHeaders = (answer: Answer): Answer => ({ ...answer, headers: { ...API_HEADERS, ...answer.headers } });

/** The request headers the transport reads (it checks Accept and Content-Type, and the protocol version). */
function headersOf(req: HttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) {
    const value = req.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** Host, and Origin when sent, are this machine's. */
function fromThisMachine(req: HttpRequest): boolean {
  if (!LOOPBACK_HOST.test(req.header('host') ?? '')) return false;
  const origin = req.header('origin');
  if (origin === undefined) return true;
  const url = URL.parse(origin);
  return url !== null && LOOPBACK_HOST.test(url.host);
}
