/**
 * The worst requests the limits allow, the steady client that searches beside them, and the goal its searches
 * are held to (docs/limits.md): shared by npm run bench:abuse (the Node function, the fetch handler in slices)
 * and npm run bench:worker --only lists (the all-in-one Worker in workerd), so that both value the same lists.
 * Every time is taken by the client, around the whole exchange: workerd's own clock stands still while code runs.
 */
import { type Agent, request } from 'node:http';
import { HOST, REALISTIC_QUERIES, sleep } from './bench-server.ts';

/** While lists are valued, a search answered within these (issue 31; issue 47 item 3 in workerd too). */
export const SEARCH_GOALS = { searchP95Ms: 50, searchMaxMs: 250 };

export interface Reply {
  status: number;
  ms: number;
}

/** One request on a kept-alive agent (or a fresh connection), from a local address: its status and time. */
function send(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
    agent,
  }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; agent?: Agent },
): Promise<Reply> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request({ host: HOST, port, path, method, headers, localAddress, agent: agent ?? false }, (res) => {
      res.resume().once('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.once('error', () => done({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** A body that never ends (chunked), until the function answers or cuts it. */
function endless(port: number, localAddress: string): Promise<Reply> {
  const started = performance.now();
  return new Promise((done) => {
    let sending = true;
    const req = request(
      { host: HOST, port, path: '/api/collection', method: 'POST', headers: { 'Content-Type': 'text/plain' }, localAddress, agent: false },
      (res) => {
        sending = false;
        res.resume();
        req.destroy();
        done({ status: res.statusCode ?? 0, ms: performance.now() - started });
      },
    );
    req.once('error', () => sending && done({ status: 0, ms: performance.now() - started }));
    const chunk = Buffer.alloc(64 * 1024, 'mew\n');
    const write = () => {
      while (sending && req.write(chunk));
      if (sending) req.once('drain', write);
    };
    write();
  });
}

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
const unknownWords = lines(5000, (i) => `zqx${i} vorp${(i * 7919) % 100_003}`);
const ambiguous = lines(5000, () => 'mew');
const longNoted = lines(5000, (i) => `9999x pikachu ${Array.from({ length: 14 }, (_, k) => `zz${(i * 14 + k) % 9973}q`).join(' ')}`.slice(0, 200));
const MCP = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const toolCall = (id: number, list: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'value_collection', arguments: { list } } });
// Every body made once: the benchmark shares the machine's two cores with the function, and should spend little.
const BODIES = {
  largest: JSON.stringify(toolCall(1, ambiguous)),
  page: `list=${encodeURIComponent(longNoted)}`,
  batch: JSON.stringify(
    Array.from({ length: 20 }, (_, i) =>
      toolCall(
        i,
        lines(250, (k) => `zqx${i}${k} vorp`),
      ),
    ),
  ),
  values: `{"jsonrpc":"2.0","id":1,"method":"ping","params":[${'{},'.repeat(20_000)}{}]}`,
};

/** The worst requests, one kind per abusing client (round robin). */
export const WORST: { name: string; send(port: number, localAddress: string): Promise<Reply> }[] = [
  {
    name: 'slowest list (5,000 unknown lines)',
    send: (port, localAddress) =>
      send(port, '/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: unknownWords, localAddress }),
  },
  {
    name: 'largest answer (MCP, 5,000 ambiguous)',
    send: (port, localAddress) => send(port, '/mcp', { method: 'POST', headers: MCP, body: BODIES.largest, localAddress }),
  },
  {
    name: 'page of 5,000 long lines',
    send: (port, localAddress) =>
      send(port, '/collection', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: BODIES.page, localAddress }),
  },
  {
    name: 'MCP batch, 20 lists of 250',
    send: (port, localAddress) => send(port, '/mcp', { method: 'POST', headers: MCP, body: BODIES.batch, localAddress }),
  },
  { name: 'endless chunked body', send: (port, localAddress) => endless(port, localAddress) },
  {
    name: '20,000 JSON values',
    send: (port, localAddress) => send(port, '/mcp', { method: 'POST', headers: MCP, body: BODIES.values, localAddress }),
  },
];

let query = 0;
/**
 * The steady client: one new search at a time until `until`, each from the next of 250 addresses (so that its
 * rate limit never refuses it: a refused search would say nothing of the time a search takes), or all from
 * `localAddress` where the limit is set too high to refuse (one client, as a person searching is).
 */
export async function search(port: number, until: number, localAddress?: string): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) {
    const q = `${REALISTIC_QUERIES[query % REALISTIC_QUERIES.length]} ${query++}`;
    const reply = await send(port, `/api/cards?q=${encodeURIComponent(q)}&limit=10`, {
      localAddress: localAddress ?? `127.0.9.${(query % 250) + 1}`,
    });
    if (reply.status !== 200) throw new Error(`a search was answered ${reply.status}`);
    times.push(reply.ms);
    await sleep(20);
  }
  return times;
}

/** Abusers, each from its own address, each looping its kind of worst request until `until`. */
export async function abuse(
  port: number,
  count: number,
  kinds: typeof WORST,
  until: number,
  freshAddresses = false,
): Promise<Map<string, Map<number, number>>> {
  const got = new Map<string, Map<number, number>>();
  let address = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const kind = kinds[i % kinds.length];
      const statuses = got.get(kind.name) ?? new Map<number, number>();
      got.set(kind.name, statuses);
      while (performance.now() < until) {
        // An address of its own (its own bucket), or with --fresh-addresses a new one each time: a full bucket
        // every time, as a client with unbounded addresses has, so that only the limits hold it.
        const reply = await kind.send(port, `127.0.${10 + i}.${freshAddresses ? (address++ % 250) + 1 : 1}`);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    }),
  );
  return got;
}
