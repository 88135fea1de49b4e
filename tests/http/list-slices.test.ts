import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { COLLECTION_LIMITS } from '../../src/http/limits.ts';
import { createFetchHandler, type FetchHandler } from '../../src/server/fetch-handler.ts';
import { diskFiles, fsData } from '../../src/server/fs-data.ts';
import { LIST_WORKER_FILE } from '../../src/server/function-paths.ts';
import type { ListRenderContext } from '../../src/server/list-render.ts';
import { createSlicedValuer, toEventLoop } from '../../src/server/list-slices.ts';
import { createListValuer, LIST_WORK, type ListValuer } from '../../src/server/list-valuer.ts';
import { problemOf } from '../support/schemas.ts';

/**
 * Lists valued without threads (src/server/list-slices.ts), as createFetchHandler values them by default for
 * Workers, Netlify and Vercel: the same answers, byte for byte, as the list worker's; a search sent while the
 * largest list is valued answered before that list; the same refusal when the lines admitted are taken. Order
 * and counts, never times: what a slice costs in milliseconds is the benchmark's (npm run bench:abuse -- --only sliced).
 */
const dist = inject('fixtureDist');
const serverDir = join(dist, 'server');
const ORIGIN = 'https://cards.example';

const valuers: ListValuer[] = [];
const kept = (valuer: ListValuer) => {
  valuers.push(valuer);
  return valuer;
};
/** Notes in `order` when a request's answer came. */
const noted = (order: string[], name: string) => (res: Response) => {
  order.push(name);
  return res;
};
afterAll(() => Promise.all(valuers.map((valuer) => valuer.close())));

/** The fetch handler over the fixture build with the valuer `valuer` makes (createFetchHandler's own when none). */
const handlerWith = (valuer?: (context: Required<ListRenderContext>) => ListValuer): FetchHandler =>
  createFetchHandler({ data: fsData(serverDir), files: diskFiles(join(dist, 'client')), publicOrigin: ORIGIN, ...(valuer && { valuer }) });
/** Every list to the list worker, none inline, as a list of more than ten lines goes on Node. */
const threaded = (limits: Partial<typeof LIST_WORK> = {}) =>
  handlerWith(() =>
    kept(createListValuer({ serverDir, workerFile: pathToFileURL(join(serverDir, LIST_WORKER_FILE)), limits: { ...LIST_WORK, inlineLines: 0, ...limits } })),
  );

const post = (path: string, body: string, headers: Record<string, string> = { 'Content-Type': 'text/plain' }) =>
  new Request(ORIGIN + path, { method: 'POST', headers, body });
/** The /collection form with a CSV file, as a browser posts it. */
const postedForm = (csv: string) => {
  const form = new FormData();
  form.set('list', '');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'export.csv');
  return new Request(`${ORIGIN}/collection`, { method: 'POST', body: form });
};
const mcpCall = (args: Record<string, unknown>) =>
  new Request(`${ORIGIN}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'value_collection', arguments: args } }),
  });

const PASTED = '2x base1-4\nfix1-107\n242437\ncharizard\nmew\nmoonbreon psa 10\nzzqx not a card\n3x charizard 4/102';
const CSV = 'Quantity,Name,Set,Card Number,TCGplayer Id\r\n3,Charizard,Base,4/102,\r\n1,,,,242437\r\n2,Mew,,,\r\n';
/** The worst list the limits allow for time: the most lines, each of words no card has (a vocabulary walk each). */
const WORST = Array.from({ length: COLLECTION_LIMITS.lines }, (_, i) => `zzqx wobbuffetz qqvx ${i}`).join('\n');

const WIDE = Array.from({ length: COLLECTION_LIMITS.lines }, (_, i) => `ピカチュウ 🃏${'é'.repeat(i % 5)} ${i}`).join('\n');

describe('a list valued in slices', () => {
  const viaWorker = threaded();
  const sliced = handlerWith();
  /** Each request, and what its answer holds (so that two equal refusals cannot pass for two equal answers). */
  const requests: [string, () => Request, string][] = [
    ['a pasted list as JSON', () => post('/api/collection', PASTED), '"counts":{"matched":'],
    ['a pasted list as Markdown', () => post('/api/collection', PASTED, { 'Content-Type': 'text/plain', Accept: 'text/markdown' }), '# Collection value'],
    ['a CSV export as CSV', () => post('/api/collection?format=csv', CSV, { 'Content-Type': 'text/csv' }), 'line,quantity,status'],
    ['a CSV export on the page', () => postedForm(CSV), '<h2 id="total">Total:'],
    ['a list as of a date', () => post('/api/collection?asOf=2025-10-19', PASTED), '"asOf":"2025-10-19"'],
    ['a list over a window, on the page', () => new Request(`${ORIGIN}/collection?list=${encodeURIComponent(PASTED)}&series=90d`), '<svg'],
    ['the MCP tool, as of a date and over a window', () => mcpCall({ list: PASTED, asOf: '2025-10-01', series: '30d' }), '"structuredContent":{'],
    ['the largest list as JSON', () => post('/api/collection', WORST), `"quantity":${COLLECTION_LIMITS.lines},"counts"`],
    // Its answer encoded a run of characters at a time: text of two and four UTF-8 bytes across the runs' ends.
    [
      'the most lines of Japanese and emoji as Markdown',
      () => post('/api/collection', WIDE, { 'Content-Type': 'text/plain', Accept: 'text/markdown' }),
      'ピカチュウ 🃏',
    ],
  ];

  it.each(requests)('answers %s with the bytes and headers the list worker gives', async (_, request, holds) => {
    const [worker, slices] = await Promise.all([viaWorker(request()), sliced(request())]);
    expect(slices.status).toBe(200);
    expect(worker.status).toBe(200);
    expect(Object.fromEntries(slices.headers)).toEqual(Object.fromEntries(worker.headers));
    const body = Buffer.from(await slices.arrayBuffer());
    expect(body.equals(Buffer.from(await worker.arrayBuffer()))).toBe(true);
    expect(body.toString('utf8')).toContain(holds);
  });

  it('answers a search sent while the largest list is valued before that list, pausing at least once every few lines', async () => {
    let pauses = 0;
    let searchSent: Promise<Response> | undefined;
    const finished: string[] = [];
    const handler = handlerWith((context) =>
      kept(
        createSlicedValuer({
          context,
          pause: () => {
            pauses++;
            // The search goes out once the list is under way: then only a pause lets it in.
            searchSent ??= handler(new Request(`${ORIGIN}/api/cards?q=charizard`)).then(noted(finished, 'search'));
            return toEventLoop();
          },
        }),
      ),
    );
    await (await handler(new Request(`${ORIGIN}/api/cards?q=pikachu`))).arrayBuffer(); // the data loaded
    const list = await handler(post('/api/collection', WORST)).then(noted(finished, 'list'));
    expect(list.status).toBe(200);
    expect((await list.json()).entries).toHaveLength(COLLECTION_LIMITS.lines);
    expect((await searchSent!).status).toBe(200);
    expect(finished).toEqual(['search', 'list']);
    // A slice is LIST_WORK.sliceSteps steps at most, and each of the list's lines is a step.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(COLLECTION_LIMITS.lines / LIST_WORK.sliceSteps));
  });

  it('refuses a list while every admitted line is taken, with the problem the list worker sends', async () => {
    const limits = { admittedLines: 100 };
    const full = async (valuerOf: (context: Required<ListRenderContext>) => ListValuer) => {
      let valuer: ListValuer | undefined;
      const handler = handlerWith((context) => (valuer = kept(valuerOf(context))));
      await (await handler(new Request(`${ORIGIN}/api/cards?q=pikachu`))).arrayBuffer();
      const ticket = valuer!.admit(100);
      const refused = await handler(post('/api/collection', PASTED));
      if ('release' in ticket) ticket.release();
      return refused;
    };
    const worker = await full(() =>
      createListValuer({ serverDir, workerFile: pathToFileURL(join(serverDir, LIST_WORKER_FILE)), limits: { ...LIST_WORK, ...limits } }),
    );
    const slices = await full((context) => createSlicedValuer({ context, limits: { ...LIST_WORK, ...limits } }));
    expect(Object.fromEntries(slices.headers)).toEqual(Object.fromEntries(worker.headers));
    expect(await problemOf(slices, 503)).toEqual(await problemOf(worker, 503));
    expect(slices.headers.get('retry-after')).toBe('1');
  });

  it('ends a list that runs past the time limit at its next pause, with a 503, and values the next', async () => {
    const limits = { ...LIST_WORK, jobTimeoutMs: 0 };
    const handler = handlerWith((context) => kept(createSlicedValuer({ context, limits })));
    await problemOf(await handler(post('/api/collection', WORST)), 503);
    limits.jobTimeoutMs = LIST_WORK.jobTimeoutMs;
    expect((await handler(post('/api/collection', 'base1-4'))).status).toBe(200);
  });
});
