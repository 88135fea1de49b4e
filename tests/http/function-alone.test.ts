import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The function deployed without the static files (a copy of dist/server
 * only): it reads a prebuilt file's bytes from the static host (STATIC_ORIGIN)
 * when it must answer one itself, and keeps the manifest's headers. Here the
 * host is a plain Node file server, so the test needs no nginx.
 *
 * The copy lies outside the project, where no node_modules or src/ can be
 * reached, and runs there with no DIST_DIR and no VERIFIED_AGENTS: the built
 * function (dist/server/function.mjs) needs nothing but what is beside it.
 */
const dist = inject('fixtureDist');
const functionDist = mkdtempSync(join(tmpdir(), 'card-values-function-alone-'));
let host: Server;
let hostUrl: string;
/** What the host serves instead of a file, to play a host that is mid-deploy or down. */
const tampered = new Map<string, string | number | 'proxy back'>();
let fn: RunningServer;

beforeAll(async () => {
  host = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    const override = tampered.get(path);
    if (override === 'proxy back') {
      // A host whose catch-all rule sends the path on to the function, headers and all.
      const answer = await fetch(`${fn.url}${path}`, { headers: req.headers as Record<string, string> });
      return void res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
    }
    if (typeof override === 'number') return void res.writeHead(override).end();
    try {
      res.end(override ?? readFileSync(join(dist, 'client', path)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
  cpSync(join(dist, 'server'), join(functionDist, 'server'), { recursive: true });
  fn = await startServer(functionDist, { STATIC_ORIGIN: hostUrl, DIST_DIR: undefined }, { cwd: functionDist });
});
afterAll(async () => {
  await fn?.stop();
  host?.close();
  rmSync(functionDist, { recursive: true, force: true });
});

describe('the function without the static files on its disk', () => {
  it('runs from the copy of dist/server alone, with its build and allowlist found beside it', async () => {
    for (let folder = functionDist; folder !== parse(folder).root; folder = dirname(folder)) {
      expect(existsSync(join(folder, 'node_modules')), `${folder}/node_modules`).toBe(false);
    }
    expect(readdirSync(functionDist)).toEqual(['server']);
    expect(fn.logs()).toContain(`serving ${realpathSync(functionDist)} (prebuilt files from ${hostUrl})`);
  });

  it('answers negotiated pages and files with the bytes from the static host and the headers from its manifest', async () => {
    const page = await send(fn.url, '/cards/charizard-base1-4', { headers: { Accept: 'text/markdown;q=0.9, application/json;q=0.5' } });
    expect(page.status).toBe(200);
    expect(page.body).toBe(readFileSync(join(dist, 'client', 'cards', 'charizard-base1-4.md'), 'utf8'));
    expect(page.headers['x-markdown-tokens']).toMatch(/^\d+$/);
    expect(page.headers.vary).toBe('Accept');
    const json = await send(fn.url, '/api/cards/charizard-base1-4');
    assertMatches('card-detail.json', JSON.parse(json.body));
  });

  it('searches need nothing from the host', async () => {
    tampered.set('/llms.txt', 500);
    const res = await send(fn.url, '/api/cards?q=charizard');
    expect(JSON.parse(res.body).total).toBe(2);
    tampered.clear();
  });

  it('never pairs another build’s bytes with this build’s headers: a changed or missing file is a 503 problem', async () => {
    for (const [file, override] of [
      ['/cards/charizard-base1-4.md', '# Another build\n'],
      ['/cards/charizard-base1-4.md', 404],
    ] as const) {
      tampered.set(file, override);
      const res = await send(fn.url, '/cards/charizard-base1-4', { headers: { Accept: 'text/markdown' } });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.headers.vary).toBe('Accept');
      assertMatches('problem.json', JSON.parse(res.body));
      expect(fn.logs()).toContain(file);
    }
    tampered.clear();
    expect((await send(fn.url, '/cards/charizard-base1-4', { headers: { Accept: 'text/markdown' } })).status).toBe(200);
  });

  it('a host that sends file paths back to the function gets one 503, not a loop', async () => {
    tampered.set('/cards/charizard-base1-4.md', 'proxy back');
    const res = await send(fn.url, '/cards/charizard-base1-4', { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(503);
    expect(fn.logs()).toContain('must serve file paths itself');
    tampered.clear();
  });

  it('a 304 and a HEAD need no bytes at all', async () => {
    tampered.set('/api/content.json', 500);
    const head = await send(fn.url, '/api/content', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const again = await send(fn.url, '/api/content', { headers: { 'If-None-Match': String(head.headers.etag) } });
    expect(again.status).toBe(304);
    tampered.clear();
  });
});
