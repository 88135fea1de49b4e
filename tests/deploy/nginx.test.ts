import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nginxConf } from '../../src/deploy/nginx.ts';
import { classifyAccept } from '../../src/http/accept-classes.ts';
import { manifestOf } from '../support/built-files.ts';
import { ROOT, scratchDir } from '../support/fixture-site.ts';
import { type RawResponse, send } from '../support/http-client.ts';
import { type NginxDeployment, nginxBinary, startNginxDeployment } from '../support/nginx.ts';
import { assertMatches } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * nginx with the generated configuration in front of the function (which runs
 * from dist/server alone), compared with the function serving everything by
 * itself: for every build file and every way of asking for it, the same
 * status, headers and bytes. Skipped, saying so, where nginx is not installed.
 */
const dist = inject('fixtureDist');
const manifest = manifestOf(dist);
const files = Object.keys(manifest.files).sort();
const pages = [...files.flatMap((f) => /^\/(?:cards|sealed|knowledge|sets)\/[a-z0-9-]+\.html$/.exec(f)?.[0].slice(0, -5) ?? []), '/sets'];

/**
 * What must be equal. Left out: what differs by transport (Date, Server,
 * Connection, framing), the limiter's headers (nginx's own answers are never
 * counted), and on a 304 the Content-Type and `Content-Length: 0` that nginx's
 * `return 304` adds.
 */
function comparable(response: RawResponse) {
  const skip = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding', 'ratelimit', 'ratelimit-policy']);
  if (response.status === 304) skip.add('content-type').add('content-length');
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !skip.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return { status: response.status, headers, body: response.body };
}

describe.skipIf(nginxBinary.skipReason)('nginx in front of the function', () => {
  let deployment: NginxDeployment;
  let direct: RunningServer;

  beforeAll(async () => {
    [deployment, direct] = await Promise.all([startNginxDeployment(dist), startServer(dist)]);
  });
  afterAll(async () => {
    await Promise.all([deployment?.stop(), direct?.stop()]);
  });

  async function expectSameAnswer(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
    const [viaNginx, fromFunction] = await Promise.all([send(deployment.url, path, options), send(direct.url, path, options)]);
    expect(comparable(viaNginx), `${options.method ?? 'GET'} ${path} ${JSON.stringify(options.headers ?? {})}`).toEqual(comparable(fromFunction));
    return viaNginx;
  }

  it('serves every build file by every path that names it with the function’s status, headers and bytes, and answers If-None-Match with 304', async () => {
    const paths = new Set(files);
    for (const file of files) {
      if (/^\/api\/(?:cards|sealed|knowledge|changes|sets)\/[a-z0-9-]+\.json$/.test(file)) paths.add(file.slice(0, -5));
      if (file.endsWith('.html') && !file.startsWith('/api/')) paths.add(file === '/index.html' ? '/' : file.slice(0, -5));
    }
    for (const path of [
      ...paths,
      '/api/content',
      '/api/bulk/manifest',
      '/api/changes',
      '/api/sets',
      '/api/catalog',
      '/api/catalog/kinds',
      '/api/catalog/nothing',
      '/api/movers',
      '/api/knowledge',
      '/nothing-here',
      '/api/cards/missingno-base1-0',
      '/api/cards/autocomplete?q=char',
      '/api/cards/autocomplete.json',
      '/api/sets/nothing1',
      '/sets/nothing1.md',
      '/cards/missingno-base1-0.md',
    ]) {
      const first = await expectSameAnswer(path);
      await expectSameAnswer(path, { method: 'HEAD' });
      await expectSameAnswer(path, { method: 'OPTIONS' });
      if (first.headers.etag) {
        const again = await expectSameAnswer(path, { headers: { 'If-None-Match': `"stale", W/${first.headers.etag}` } });
        expect(again.status).toBe(304);
      }
    }
  });

  it('negotiates every detail page exactly as the function on generated Accept and If-None-Match headers', async () => {
    const range = fc.constantFrom(
      'text/html',
      'text/markdown',
      'application/json',
      'TEXT/Markdown',
      '*/*',
      'text/*',
      'application/*',
      'image/png',
      'text/plain',
    );
    const param = fc.constantFrom('', ';q=0', ';q=0.5', ';q=1', ';level=1', ';q=x');
    const accept = fc.oneof(
      fc.constant(undefined),
      fc.array(fc.tuple(fc.constantFrom('', ' '), range, param), { maxLength: 4 }).map((els) => els.map(([ws, r, p]) => `${ws}${r}${p}`).join(',')),
    );
    const page = fc.constantFrom(...pages, '/cards/missingno-base1-0', '/sets/nothing1');
    const etags = Object.values(manifest.files).map((f) => f.etag);
    const ifNoneMatch = fc.option(fc.oneof(fc.constantFrom(...etags), fc.constant('*')), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(page, accept, ifNoneMatch, async (path, acceptHeader, tag) => {
        const headers: Record<string, string> = {};
        if (acceptHeader !== undefined) headers.Accept = acceptHeader;
        if (tag !== undefined) headers['If-None-Match'] = tag;
        await expectSameAnswer(path, { headers });
      }),
      { numRuns: 300 },
    );
  });

  it('hands the function only the Accept headers a regex cannot decide, and the searches', async () => {
    // The function counts what it answers, so its RateLimit header says who answered.
    const answeredByFunction = async (path: string, accept?: string) =>
      (await send(deployment.url, path, { headers: accept === undefined ? {} : { Accept: accept } })).headers.ratelimit !== undefined;
    for (const accept of [undefined, '*/*', 'text/markdown', 'application/json', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']) {
      expect(classifyAccept(accept)).toBeDefined();
      expect(await answeredByFunction(pages[0], accept), String(accept)).toBe(false);
    }
    expect(await answeredByFunction(pages[0], 'text/markdown;q=0.9, application/json')).toBe(true);
    expect(await answeredByFunction('/api/cards?q=charizard')).toBe(true);
    // Autocomplete is the function's, though it looks like a card's JSON (/api/cards/{slug}).
    expect(await answeredByFunction('/api/cards/autocomplete?q=char')).toBe(true);
    expect(await answeredByFunction('/api/cards/autocomplete')).toBe(true);
    expect(await answeredByFunction('/llms.txt')).toBe(false);
  });

  it('the CLI prints the configuration nginx accepts, and refuses bad arguments with exit 2', () => {
    const cli = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts', 'deploy-nginx.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
    const args = ['--root', join(dist, 'client'), '--function', 'http://127.0.0.1:4321', '--listen', '127.0.0.1:8080', '--full'];
    const printed = cli(args);
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(
      nginxConf({ manifest, root: join(dist, 'client'), functionUrl: 'http://127.0.0.1:4321', listen: '127.0.0.1:8080', full: true }),
    );
    const file = join(scratchDir('nginx-cli'), 'nginx.conf');
    spawnSync('mkdir', ['-p', join(scratchDir('nginx-cli'), 'logs')]);
    writeFileSync(file, printed.stdout);
    const tested = spawnSync(nginxBinary.path!, ['-t', '-p', scratchDir('nginx-cli'), '-c', file, '-e', join(scratchDir('nginx-cli'), 'logs', 'error.log')], {
      encoding: 'utf8',
    });
    expect(tested.status, tested.stderr).toBe(0);
    // The snippet form is the same server, without the main context.
    expect(cli(args.slice(0, -1)).stdout).not.toMatch(/^daemon|^events/m);
    expect(cli(['--root', join(dist, 'client')]).status).toBe(2);
    expect(cli([...args.slice(0, 4), '--listen', 'not a port']).status).toBe(2);
    expect(cli([...args.slice(0, 2), '--function', 'https://fn.example/path', '--listen', '80']).status).toBe(1);
  });

  // Last: it stops the function.
  it('keeps serving every prebuilt file while the function is down, and answers its paths with a 503 problem', async () => {
    await deployment.fn.stop();
    for (const file of files) {
      const res = await send(deployment.url, file);
      expect(res.status, file).toBe(200);
      expect(res.body, file).toBe(readFileSync(join(dist, 'client', file), 'utf8'));
    }
    expect((await send(deployment.url, pages[0], { headers: { Accept: 'text/markdown' } })).status).toBe(200);
    for (const [path, accept] of [
      ['/api/cards?q=charizard', undefined],
      ['/api/knowledge?tag=grading', undefined],
      [pages[0], 'text/markdown;q=0.5, application/json'],
    ] as const) {
      const res = await send(deployment.url, path, { headers: accept ? { Accept: accept } : {} });
      expect(res.status, path).toBe(503);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.headers['retry-after']).toBe('5');
      assertMatches('problem.json', JSON.parse(res.body));
    }
    expect((await send(deployment.url, '/api/cards?q=x')).headers['access-control-allow-origin']).toBe('*');
  });
});
