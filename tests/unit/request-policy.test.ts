import { describe, expect, it } from 'vitest';
import type { GateDecision, HttpRequest, HttpResponse } from '../../src/http/exchange.ts';
import type { FileInfo } from '../../src/http/file-manifest.ts';
import { tooManyRequests } from '../../src/http/problem.ts';
import type { FunctionRoute } from '../../src/http/routes.ts';
import { createRequestPolicy, FileUnavailable, type ServeRuntime } from '../../src/http/serve.ts';

/**
 * The request policy every runtime shares (src/http/serve.ts), over a runtime made here: what it reads, what
 * it hands to the function and what it counts are recorded, so each rule is seen without a server.
 */
const FILES: Record<string, FileInfo> = {
  '/llms.txt': { etag: '"llms"', bytes: 5 },
  '/cards/mew-x1-1.html': { etag: '"html"', bytes: 4 },
  '/cards/mew-x1-1.md': { etag: '"md"', bytes: 2, tokens: 1 },
  '/api/cards/mew-x1-1.json': { etag: '"json"', bytes: 2 },
  '/gone.txt': { etag: '"gone"', bytes: 1 },
};

function runtime({ gate }: { gate?: (request: HttpRequest) => GateDecision } = {}) {
  const reads: string[] = [];
  const handed: FunctionRoute[] = [];
  const counted: string[] = [];
  const policy: ServeRuntime<HttpRequest, never> = {
    files: () => FILES,
    async readFile(file) {
      reads.push(file);
      if (file === '/gone.txt') throw new FileUnavailable('the static host is down');
      return new TextEncoder().encode(file);
    },
    async answerFunction(route) {
      handed.push(route);
      return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: new TextEncoder().encode('[]') };
    },
    ...(gate && {
      async gate(request: HttpRequest) {
        counted.push(request.target);
        return gate(request);
      },
    }),
  };
  return { serve: createRequestPolicy(policy), reads, handed, counted };
}

const request = (target: string, headers: Record<string, string> = {}, method = 'GET'): HttpRequest => ({
  method,
  target,
  header: (name) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1],
});
const text = (response: HttpResponse) => new TextDecoder().decode(response.body ?? new Uint8Array());
const problemOf = (response: HttpResponse) => JSON.parse(text(response)) as { status: number; detail: string };

describe('the request policy', () => {
  it('serves a build file with its manifest headers, a 304 for its ETag, and reads no bytes for HEAD or a 304', async () => {
    const { serve, reads } = runtime();
    const got = await serve(request('/llms.txt'));
    expect([got.status, text(got), got.headers.ETag, got.headers['Content-Length']]).toEqual([200, '/llms.txt', '"llms"', '5']);
    const head = await serve(request('/llms.txt', {}, 'HEAD'));
    expect([head.status, head.body, head.headers['Content-Length']]).toEqual([200, null, '5']);
    const notModified = await serve(request('/llms.txt', { 'If-None-Match': 'W/"llms"' }));
    expect([notModified.status, notModified.body, notModified.headers['Content-Type']]).toEqual([304, null, undefined]);
    expect(reads).toEqual(['/llms.txt']);
  });

  it('answers a file whose bytes cannot be had with a 503 problem and Retry-After, never a 500', async () => {
    const { serve } = runtime();
    const answer = await serve(request('/gone.txt'));
    expect([answer.status, answer.headers['Retry-After'], answer.headers['Content-Type']]).toEqual([503, '5', 'application/problem+json']);
  });

  it('negotiates a detail page by Accept with Vary: Accept, and lists what it has in a 406', async () => {
    const { serve } = runtime();
    const markdown = await serve(request('/cards/mew-x1-1', { Accept: 'text/markdown' }));
    expect([markdown.status, text(markdown), markdown.headers.Vary, markdown.headers['x-markdown-tokens']]).toEqual([200, '/cards/mew-x1-1.md', 'Accept', '1']);
    expect(text(await serve(request('/cards/mew-x1-1')))).toBe('/cards/mew-x1-1.html');
    const none = await serve(request('/cards/mew-x1-1', { Accept: 'image/png' }));
    expect([none.status, none.headers.Vary]).toEqual([406, 'Accept']);
    expect(JSON.parse(text(none)).available).toEqual(['text/html', 'text/markdown', 'application/json']);
    expect((await serve(request('/cards/nothing-x1-2'))).status).toBe(404);
  });

  it('counts negotiated pages at the gate, where there is one, and answers its refusal with the gate’s headers', async () => {
    const refused = runtime({ gate: () => ({ go: false, headers: { 'Retry-After': '7' }, problem: tooManyRequests('default', 7) }) });
    const answer = await refused.serve(request('/cards/mew-x1-1'));
    expect([answer.status, answer.headers['Retry-After'], answer.headers.Vary]).toEqual([429, '7', 'Accept']);
    expect(refused.counted).toEqual(['/cards/mew-x1-1']);
    expect(refused.reads).toEqual([]);
    const allowed = runtime({ gate: () => ({ go: true, headers: { RateLimit: '"default";r=9;t=1' } }) });
    expect((await allowed.serve(request('/cards/mew-x1-1'))).headers.RateLimit).toBe('"default";r=9;t=1');
    // Files asked for by their own path are never counted: a static host would serve them.
    await allowed.serve(request('/cards/mew-x1-1.md'));
    expect(allowed.counted).toEqual(['/cards/mew-x1-1']);
  });

  it('hands the function’s routes to whoever answers them in this runtime', async () => {
    const { serve, handed, reads } = runtime();
    await serve(request('/api/cards?q=mew'));
    await serve(request('/search?q=mew'));
    await serve(request('/sealed?kind=etb'));
    expect(handed).toEqual([
      { kind: 'function', endpoint: 'cards' },
      { kind: 'function', page: 'cards' },
      { kind: 'function', page: 'sealed' },
    ]);
    expect(reads).toEqual([]);
  });

  it('answers a preflight where a route leads somewhere, 404 elsewhere, and 405 with Allow to other methods', async () => {
    const { serve, handed } = runtime();
    expect((await serve(request('/api/cards', {}, 'OPTIONS'))).status).toBe(204);
    expect((await serve(request('/nothing', {}, 'OPTIONS'))).status).toBe(404);
    const post = await serve(request('/api/cards?q=mew', {}, 'POST'));
    expect([post.status, post.headers.Allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect(handed).toEqual([]);
  });

  it('hands a POST to the function on the paths that take one (a list to value), and names POST where it is allowed', async () => {
    const { serve, handed } = runtime();
    expect((await serve(request('/api/collection', {}, 'POST'))).status).toBe(200);
    expect(handed).toEqual([{ kind: 'function', endpoint: 'collection' }]);
    const put = await serve(request('/api/collection', {}, 'PUT'));
    expect([put.status, put.headers.Allow]).toEqual([405, 'GET, HEAD, POST, OPTIONS']);
    const preflight = await serve(request('/api/collection', {}, 'OPTIONS'));
    expect(preflight.headers['Access-Control-Allow-Methods']).toBe('GET, HEAD, POST');
    expect(preflight.headers['Access-Control-Allow-Headers']).toMatch(/Content-Type/);
    expect((await serve(request('/api/cards', {}, 'OPTIONS'))).headers['Access-Control-Allow-Methods']).toBe('GET, HEAD');
  });

  it('refuses a request without a path, or HTTP/1.1 without Host, with a 400 problem saying which', async () => {
    const { serve } = runtime();
    expect(problemOf(await serve(request('*'))).detail).toMatch(/not a path/);
    expect(problemOf(await serve({ ...request('/llms.txt'), missingHost: true })).detail).toMatch(/Host/);
  });

  it('answers a fault of the runtime with a 500 problem that tells nothing of it', async () => {
    const serve = createRequestPolicy<HttpRequest, never>({
      files: () => FILES,
      readFile: () => Promise.reject(new Error('secret path /etc/x')),
      answerFunction: () => Promise.reject(new Error('secret')),
    });
    const answer = await serve(request('/llms.txt'));
    expect([answer.status, text(answer).includes('secret')]).toEqual([500, false]);
  });

  it('sends X-Content-Type-Options: nosniff with every answer, once', async () => {
    const { serve } = runtime();
    for (const target of ['/llms.txt', '/nothing', '/api/cards?q=mew', '/cards/mew-x1-1']) {
      const names = Object.keys((await serve(request(target))).headers).filter((name) => name.toLowerCase() === 'x-content-type-options');
      expect(names, target).toHaveLength(1);
    }
  });
});
