import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { linesOfText } from '../../src/collection/list-lines.ts';
import type { Collection } from '../../src/schemas/api-types.ts';
import { LIST_WORKER_FILE } from '../../src/server/function-paths.ts';
import type { ListRenderContext } from '../../src/server/list-render.ts';
import { createListValuer, LIST_WORK, type ListTicket, type ListValuer, ListWorkFailed } from '../../src/server/list-valuer.ts';
import { loadSearchers } from '../../src/server/search-data.ts';

/**
 * Where lists are valued (src/server/list-valuer.ts), with the worker the fixture build bundled: the bounds that
 * keep one list from taking the function down, each held here without a clock (admission, the worker's memory
 * ceiling and its time limit, a ticket's lines, the idle stop).
 */
const dist = inject('fixtureDist');
const workerFile = pathToFileURL(join(dist, 'server', LIST_WORKER_FILE));
const logged: string[] = [];
let valuer: ListValuer | undefined;
/** A valuer that sends every list to the worker (none valued inline), unless `inline` is given. */
const valuerWith = (limits: Partial<typeof LIST_WORK> = {}, inline?: ListRenderContext) =>
  (valuer = createListValuer({
    serverDir: join(dist, 'server'),
    workerFile,
    limits: { ...LIST_WORK, inlineLines: 0, ...limits },
    log: (m) => logged.push(m),
    inline,
  }));
afterEach(async () => {
  await valuer?.close();
  valuer = undefined;
  logged.length = 0;
});

const admitted = (v: ListValuer, lines: number): ListTicket => {
  const ticket = v.admit(lines);
  if (!('run' in ticket)) throw new Error(`not admitted: try again in ${ticket.retryAfterSeconds} s`);
  return ticket;
};
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as Collection;
/** A list whose answer is some megabytes: long lines that each name a card and carry a long note. */
const heavyList = Array.from({ length: 5000 }, (_, i) => `charizard ${'zzqx '.repeat(30)}${i}`).join('\n');

describe('the list worker', () => {
  it('values a list off the main thread and sends back the bytes of the answer asked for', async () => {
    const v = valuerWith();
    const ticket = admitted(v, 2);
    const lines = linesOfText('2x base1-4\nzzqx not a card');
    const [asJson, asMarkdown] = [await ticket.run(lines.slice(), { kind: 'json' }), await ticket.run([], { kind: 'markdown' })];
    ticket.release();
    expect(json(asJson.bytes)).toMatchObject({ totalUsd: 916.58, counts: { matched: 1, 'not-found': 1 } });
    expect(new TextDecoder().decode(asMarkdown.bytes)).toMatch(/^# Collection value/);
    expect(asMarkdown.tokens).toBeGreaterThan(0);
    expect(v.load).toEqual({ admittedLines: 0, workerRunning: true });
  });

  it('admits lines up to its bound, refuses the next request with a wait and keeps nothing of it, then admits again once released', async () => {
    const v = valuerWith({ admittedLines: 6000 });
    const first = admitted(v, 5000);
    const refused = v.admit(1001);
    expect(refused).toEqual({ retryAfterSeconds: expect.any(Number) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(v.load.admittedLines).toBe(5000);
    const small = admitted(v, 1000);
    first.release();
    first.release(); // releasing twice frees nothing twice
    expect(v.load.admittedLines).toBe(1000);
    small.release();
    expect(v.full()).toBeUndefined();
    const all = admitted(v, 6000);
    // With every line taken no list is even read: the endpoint asks before reading one.
    expect(v.full()).toEqual({ retryAfterSeconds: expect.any(Number) });
    all.release();
    expect(v.full()).toBeUndefined();
  });

  it('values a short list on the main thread, the same bytes the worker sends, and starts no worker for it', async () => {
    const shell = async () => ({ fill: (title: string, main: string) => `${title}${main}` });
    const v = valuerWith({ inlineLines: 10 }, { searchers: loadSearchers(join(dist, 'server', 'search')), shell });
    const ticket = admitted(v, 12);
    const short = await ticket.run(linesOfText('2x base1-4\nzzqx not a card'), { kind: 'tool-result' });
    expect(v.load.workerRunning).toBe(false);
    const long = await ticket.run(linesOfText(Array.from({ length: 10 }, () => 'base1-4').join('\n')), { kind: 'json' });
    expect(v.load.workerRunning).toBe(false);
    ticket.release();
    const viaWorker = valuerWith();
    const other = admitted(viaWorker, 2);
    expect((await other.run(linesOfText('2x base1-4\nzzqx not a card'), { kind: 'tool-result' })).bytes).toEqual(short.bytes);
    other.release();
    expect(json(long.bytes).totalUsd).toBe(4582.9);
  });

  it('always admits a lone request, even one larger than the bound', async () => {
    const v = valuerWith({ admittedLines: 10 });
    expect('run' in v.admit(5000)).toBe(true);
  });

  it('values no more lines under a ticket than it admitted, however the request frames its lists', async () => {
    const v = valuerWith();
    const ticket = admitted(v, 3);
    await expect(ticket.run(linesOfText('a\nb'), { kind: 'json' })).resolves.toBeDefined();
    await expect(ticket.run(linesOfText('c\nd'), { kind: 'json' })).rejects.toMatchObject({ reason: 'fault' });
    ticket.release();
  });

  it('ends a worker that runs out of its memory, fails only that list, and values the next in a new worker', async () => {
    const v = valuerWith({ heapMb: 24 });
    const ticket = admitted(v, 10_000);
    const failed = await ticket.run(linesOfText(heavyList), { kind: 'tool-result' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ListWorkFailed);
    expect((failed as ListWorkFailed).reason).toBe('memory');
    expect(logged.join('\n')).toMatch(/out of memory \(24 MB\)/);
    const next = await ticket.run(linesOfText('base1-4'), { kind: 'json' });
    expect(json(next.bytes).totalUsd).toBe(458.29);
    ticket.release();
  });

  it('ends a worker that runs past its time, fails that list, and values the next in a new worker', async () => {
    const limits = { ...LIST_WORK, inlineLines: 0, jobTimeoutMs: 1 };
    const v = (valuer = createListValuer({ serverDir: join(dist, 'server'), workerFile, limits, log: (m) => logged.push(m) }));
    const ticket = admitted(v, 2);
    await expect(ticket.run(linesOfText('base1-4'), { kind: 'json' })).rejects.toMatchObject({ reason: 'timeout' });
    expect(v.load.workerRunning).toBe(false);
    limits.jobTimeoutMs = LIST_WORK.jobTimeoutMs;
    expect(json((await ticket.run(linesOfText('base1-4'), { kind: 'json' })).bytes).totalUsd).toBe(458.29);
    ticket.release();
  });

  it('stops its worker when no list has come for a while, and starts one again for the next', async () => {
    const v = valuerWith({ idleMs: 0 });
    const ticket = admitted(v, 2);
    await ticket.run(linesOfText('base1-4'), { kind: 'json' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(v.load.workerRunning).toBe(false);
    expect(json((await ticket.run(linesOfText('base1-4'), { kind: 'json' })).bytes).totalUsd).toBe(458.29);
    ticket.release();
  });
});
