import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Random MCP requests against the real function with the default rate limit (issue 31): single messages and
 * batches of any size, under every protocol version, with arguments of any shape (nested thousands deep, lists
 * of up to 6,000 lines). Whatever comes, no answer is a 5xx but a list the worker could not take (503), no
 * request is charged more than the quota, the function stays up, and its resident memory stays under the
 * ceiling docs/limits.md states.
 */
const dist = inject('fixtureDist');
const QUOTA = 120;
/** docs/limits.md: the function's resident memory under the worst requests the limits allow. */
const RSS_CEILING_MB = 700;
const RUNS = 60;

let server: RunningServer;
let client = 0;
beforeAll(async () => {
  server = await startServer(dist, { RATE_LIMIT: `${QUOTA}/60` });
});
afterAll(() => server?.stop());

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const TOOLS = ['search_cards', 'get_card', 'search_sealed', 'value_collection', 'search_knowledge', 'list_sets', 'get_set', 'no_such_tool'];
const LINES = ['mew', 'charizard 4/102', '2x base1-4 psa 10', 'zzqx vorp', '12000x pikachu', 'evolving skies booster box', '# a comment', ''];
/** A list of 0 to 6,000 lines: over the limit sometimes, at it often. */
const list = fc
  .tuple(fc.constantFrom(...LINES), fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constantFrom(4999, 5000, 5001, 6000)))
  .map(([line, count]) => Array.from({ length: count }, () => line).join('\n'));
/** Any JSON, nested up to thousands deep (written as text: JSON.stringify would overflow the test's own stack). */
const nested = fc.integer({ min: 1, max: 5000 }).map((depth) => ({ text: `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}` }));
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  nested,
  list,
);
const args = fc.oneof(
  fc.dictionary(fc.constantFrom('q', 'list', 'slug', 'setId', 'limit', 'kind', 'tag', 'ids', '__proto__', 'x'), value, { maxKeys: 3 }),
  value,
  fc.constant(undefined),
);
/** A JSON value as text, keeping nested values as written. */
const text = (v: unknown): string => {
  if (v !== null && typeof v === 'object' && 'text' in v && Object.keys(v).length === 1) return (v as { text: string }).text;
  if (Array.isArray(v)) return `[${v.map(text).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${text(x)}`)
      .join(',')}}`;
  return v === undefined ? 'null' : JSON.stringify(v);
};
const id = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.string({ maxLength: 5 }), fc.constant(null), fc.double());
const message = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ id, name: fc.constantFrom(...TOOLS), args })
      .map(
        (m) =>
          `{"jsonrpc":"2.0","id":${text(m.id)},"method":"tools/call","params":{"name":"${m.name}"${m.args === undefined ? '' : `,"arguments":${text(m.args)}`}}}`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ id, l: list })
      .map(
        (m) => `{"jsonrpc":"2.0","id":${text(m.id)},"method":"tools/call","params":{"name":"value_collection","arguments":{"list":${JSON.stringify(m.l)}}}}`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        id,
        method: fc.constantFrom('ping', 'tools/list', 'resources/list', 'resources/read', 'initialize', 'notifications/initialized', 'nope'),
        params: value,
      })
      .map((m) => `{"jsonrpc":"2.0","id":${text(m.id)},"method":"${m.method}","params":${text(m.params)}}`),
  },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
);
const body = fc.oneof({ weight: 2, arbitrary: message }, { weight: 1, arbitrary: fc.array(message, { maxLength: 25 }).map((ms) => `[${ms.join(',')}]`) });
const request = fc.record({
  body,
  version: fc.constantFrom(undefined, '2025-03-26', '2025-06-18', '2025-11-25'),
  accept: fc.constantFrom('application/json, text/event-stream', 'text/event-stream;q=0.5, application/json', 'application/json'),
});

describe('random MCP requests, batches and argument shapes', () => {
  it('are never answered with a 5xx but a 503 for a busy list worker, never cost more than the quota, and leave the function up within its memory', async () => {
    let peakRss = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ body, version, accept }) => {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: accept };
        if (version) headers['MCP-Protocol-Version'] = version;
        // A client of its own each time: a full bucket, so the cost is what is checked, not the history.
        const res = await send(server.url, '/mcp', { method: 'POST', headers, body, localAddress: `127.0.2.${(client++ % 250) + 1}` });
        const what = `${res.status} for ${body.slice(0, 300)}\n→ ${res.body.slice(0, 300)}`;
        expect(res.status < 500 || res.status === 503, what).toBe(true);
        const cost = Number(res.headers['request-cost'] ?? 0);
        expect(cost, what).toBeLessThanOrEqual(QUOTA);
        if (/problem\+json/.test(String(res.headers['content-type']))) assertMatches('problem.json', JSON.parse(res.body));
        else if (res.status !== 202) {
          const answer = JSON.parse(res.body);
          for (const one of Array.isArray(answer) ? answer : [answer]) expect(one.jsonrpc, what).toBe('2.0');
        }
        peakRss = Math.max(peakRss, rssMb(server.pid));
      }),
      { numRuns: RUNS },
    );
    const after = await send(server.url, '/api/cards?q=charizard', { localAddress: '127.0.3.1' });
    expect(after.status).toBe(200);
    expect(server.logs()).not.toMatch(/heap out of memory|front-server:/);
    expect(peakRss).toBeLessThan(RSS_CEILING_MB);
  }, 180_000);
});
