/**
 * Regression tests for the holes a review of the running function found
 * (issue 8): each test is one hole, asserted the way a client would notice it.
 */

import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { send } from '../support/http-client.ts';
import { assertMatches } from '../support/schemas.ts';
import {
  CONTRACT_TARGET,
  refusedInFront,
  skippedOnTheWorker,
  THE_EDGE_LIMITS_THE_HEAD,
  useContractTarget,
  WORKERD_PARSES_THE_BYTES,
} from '../support/target.ts';

const dist = inject('fixtureDist');
const { url, logs } = useContractTarget(dist);
/** A test of what the front's parser does with malformed bytes: skipped through the Worker (WORKERD_PARSES_THE_BYTES). */
const itOnTheWire = skippedOnTheWorker(WORKERD_PARSES_THE_BYTES) ? it.skip : it;

/**
 * Bytes straight onto a socket (what no HTTP client library would send); resolves with all the server wrote back.
 * By default the client half-closes at once (so the server ends the exchange); `waitForAnswer` keeps writing open
 * until the first bytes of the answer, as a browser would.
 */
function rawExchange(bytes: string, { waitForAnswer = false } = {}): Promise<string> {
  const { port } = new URL(url());
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
      if (waitForAnswer) socket.end();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer; got so far: ${answer.slice(0, 200)}`)));
    if (waitForAnswer) socket.write(bytes);
    else socket.end(bytes);
  });
}

/** Splits a raw HTTP/1.1 answer into its status, headers (lower-cased names) and body. */
function parseAnswer(text: string) {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('the Host header never changes which resource answers', () => {
  itOnTheWire('a Host smuggling a path still gets the cards it asked for, byte for byte', async () => {
    const plain = await send(url(), '/api/cards?q=pikachu&limit=1');
    const smuggled = await send(url(), '/api/cards?q=pikachu&limit=1', { headers: { Host: 'x/api/sealed?limit=1#' } });
    // nginx refuses a Host that is not host[:port] (RFC 9112 §3.2): a refusal, never the sealed products.
    if (refusedInFront(smuggled)) return assertMatches('problem.json', JSON.parse(smuggled.body));
    expect(smuggled.status).toBe(200);
    assertMatches('card-search.json', JSON.parse(smuggled.body));
    expect(smuggled.body).toBe(plain.body);
  });

  itOnTheWire.each(['[::1', '', 'a b', 'evil.example', 'localhost:1/api/sealed'])('Host %j gets the same answer as a plain one', async (host) => {
    for (const path of ['/llms.txt', '/api/cards?q=charizard', '/cards/charizard-base1-4']) {
      const plain = await send(url(), path);
      const odd = await send(url(), path, { headers: { Host: host } });
      if (refusedInFront(odd)) {
        assertMatches('problem.json', JSON.parse(odd.body));
        continue;
      }
      expect(odd.status, path).toBe(plain.status);
      expect(odd.body, path).toBe(plain.body);
    }
  });

  it('forwarded headers do not reach the search either', async () => {
    const plain = await send(url(), '/api/sealed?q=booster');
    const forwarded = await send(url(), '/api/sealed?q=booster', { headers: { 'X-Forwarded-Host': 'x/api/cards?', 'X-Forwarded-Proto': 'gopher' } });
    expect(forwarded.body).toBe(plain.body);
  });

  it.each(['/_image?href=/favicon.svg&w=10&f=png', '/_image', '/_actions/x', '/_server-islands/x'])(
    '%s (an endpoint the site does not use) is a 404 problem',
    async (path) => {
      const res = await send(url(), path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/problem+json');
    },
  );
});

describe('request targets', () => {
  it('a path beginning with // is a path, not a host: //llms.txt is a 404, not the home page', async () => {
    const res = await send(url(), '//llms.txt');
    expect(res.status).toBe(404);
    assertMatches('problem.json', JSON.parse(res.body));
  });

  itOnTheWire('an absolute-form target is routed on its path alone', async () => {
    const res = await send(url(), 'http://evil.example/api/cards/charizard-base1-4');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).id).toBe('base1-4');
  });

  it('the HTML file of a page is served at /cards/{slug}.html', async () => {
    const res = await send(url(), '/cards/charizard-base1-4.html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Charizard');
  });
});

describe('a q with no searchable word', () => {
  it.each(['😀', '!!!', '%00', 'שלום', '東京'])('q=%s matches nothing on cards, sealed and knowledge', async (q) => {
    const encoded = q === '%00' ? q : encodeURIComponent(q);
    for (const [path, schema] of [
      ['/api/cards', 'card-search.json'],
      ['/api/sealed', 'sealed-search.json'],
    ] as const) {
      const res = await send(url(), `${path}?q=${encoded}`);
      expect(res.status, path).toBe(200);
      const body = JSON.parse(res.body);
      assertMatches(schema, body, path);
      expect(body.total, path).toBe(0);
    }
    const knowledge = JSON.parse((await send(url(), `/api/knowledge?q=${encoded}`)).body);
    assertMatches('knowledge-list.json', knowledge);
    expect(knowledge).toEqual([]);
  });

  it('a word beside the emoji still finds its cards', async () => {
    expect(JSON.parse((await send(url(), `/api/cards?q=${encodeURIComponent('😀 charizard')}`)).body).total).toBeGreaterThan(0);
  });
});

describe('requests Node rejects before any route runs', () => {
  itOnTheWire('an unknown method gets a 405 problem with Allow', async () => {
    const answer = parseAnswer(await rawExchange('FOO /api/cards HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    assertMatches('problem.json', JSON.parse(answer.body));
  });

  itOnTheWire('CONNECT (which Node hands to no route) gets a 405 problem', async () => {
    const answer = parseAnswer(await rawExchange('CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n'));
    // nginx's parser refuses CONNECT itself, with the 400 problem.
    expect(answer.status).toBe(CONTRACT_TARGET === 'nginx' ? 400 : 405);
    assertMatches('problem.json', JSON.parse(answer.body));
  });

  it('an Upgrade request is answered as the plain request it also is', async () => {
    const request = 'GET /api/content HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n';
    const answer = parseAnswer(await rawExchange(request, { waitForAnswer: true }));
    expect(answer.status).toBe(200);
  });

  itOnTheWire('an HTTP/1.1 request without Host gets a 400 problem', async () => {
    const answer = parseAnswer(await rawExchange('GET /api/content HTTP/1.1\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    assertMatches('problem.json', JSON.parse(answer.body));
  });

  itOnTheWire('a malformed request line gets a 400 problem', async () => {
    const answer = parseAnswer(await rawExchange('GET /api/cards HTTP/9.Z\r\nHost: x\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  /** Sends `bytes` in pieces cut at `cuts`, waiting between them, so that the server reads them in several reads. */
  async function piecewiseExchange(bytes: string, cuts: number[]): Promise<string> {
    const { port } = new URL(url());
    const socket = connect(Number(port), '127.0.0.1');
    socket.setNoDelay(true);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined); // the server may close before the last piece: the answer is what counts
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      if (socket.destroyed) break;
      socket.write(bytes.slice(from, cut));
      from = cut;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.end();
    await closed;
    return answer;
  }

  itOnTheWire('a bad byte past 16 KB of head is a 431 however the bytes arrive; one before it is a 400', async () => {
    // A NUL in the request target is malformed (to nginx in front as well). The parser looks at the head's size
    // only where a run of bytes ends, so a NUL 18 KB into a long target was a 400 when the target arrived in one
    // read and a 431 when a read ended before the NUL.
    const targetWithNulAt = (at: number) => `/api/cards?q=${'a'.repeat(at)}\x00${'a'.repeat(20_000 - at)}`;
    const late = `GET ${targetWithNulAt(18_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const early = `GET ${targetWithNulAt(100)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    for (const cuts of [[], [10], [8_000], [16_500], [17_900], [5_000, 12_000, 17_000]]) {
      const [lateAnswer, earlyAnswer] = [parseAnswer(await piecewiseExchange(late, cuts)), parseAnswer(await piecewiseExchange(early, cuts))];
      expect([lateAnswer.status, earlyAnswer.status], `cut at ${cuts}`).toEqual([431, 400]);
      assertMatches('problem.json', JSON.parse(lateAnswer.body));
    }
  });

  itOnTheWire('an HTTP/0.9 request gets nothing of the site: the 400 problem from the function, a closed connection from nginx', async () => {
    for (const request of ['GET /llms.txt\n', 'GET /api/cards?q=mew\n', 'GET /cards/charizard-base1-4\n']) {
      const raw = await rawExchange(request);
      if (CONTRACT_TARGET === 'nginx') expect(raw, request).toBe('');
      else expect(parseAnswer(raw).status, request).toBe(400);
    }
  });

  itOnTheWire('an HTTP/0.9 request with a bad byte before its line feed, or past 16 KB, is a problem from nginx and the function alike', async () => {
    // nginx refuses the NUL or the long line before it has read a version, so it answers as HTTP/1.1, with headers
    for (const [request, status] of [
      ['GET /api/cards?q=\u0000\n', 400],
      [`GET /${'A'.repeat(17_000)}/api/cards?q=\n`, 431],
    ] as const) {
      const answer = parseAnswer(await rawExchange(request));
      expect(answer.status, request.slice(0, 40)).toBe(status);
      assertMatches('problem.json', JSON.parse(answer.body));
    }
  });

  it.skipIf(skippedOnTheWorker(THE_EDGE_LIMITS_THE_HEAD))('headers over 16 KB get a 431 problem', async () => {
    const answer = parseAnswer(await rawExchange(`GET /api/cards HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    assertMatches('problem.json', JSON.parse(answer.body));
  });
});

describe('security headers', () => {
  it.each([
    ['/api/cards?q=charizard', {}],
    ['/api/cards/charizard-base1-4', {}],
    ['/cards/charizard-base1-4', { Accept: 'text/markdown' }],
    ['/cards/charizard-base1-4.md', {}],
    ['/llms.txt', {}],
    ['/nothing-here', {}],
    ['/api/cards?limit=x', {}],
    ['/', {}],
  ])('%s carries X-Content-Type-Options: nosniff', async (path, headers) => {
    expect((await send(url(), path, { headers })).headers['x-content-type-options']).toBe('nosniff');
  });

  it('HTML pages carry a Content-Security-Policy and a Referrer-Policy', async () => {
    for (const path of ['/', '/cards/charizard-base1-4', '/knowledge']) {
      const res = await send(url(), path);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' https://images.pokemontcg.io");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('CORS preflight', () => {
  it.each(['/api/cards', '/api/cards/charizard-base1-4', '/cards/charizard-base1-4', '/cards/charizard-base1-4.md', '/api/knowledge'])(
    'OPTIONS %s is a 204 preflight allowing conditional and signed requests',
    async (path) => {
      const res = await send(url(), path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match, signature' },
      });
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const header of ['if-none-match', 'signature', 'signature-input', 'signature-agent']) expect(allowed).toContain(header);
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    },
  );

  it('an API response lets a browser app read its caching and limit headers', async () => {
    const exposed = String((await send(url(), '/api/cards?q=mew')).headers['access-control-expose-headers']).toLowerCase();
    for (const header of ['etag', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-markdown-tokens']) expect(exposed).toContain(header);
  });

  it('OPTIONS on a path that does not exist is a 404 problem', async () => {
    expect((await send(url(), '/nothing-here', { method: 'OPTIONS' })).status).toBe(404);
  });
});

describe('pipelining', () => {
  it('40 searches pipelined on one connection are all answered, in order, without a listener warning', async () => {
    const queries = Array.from({ length: 40 }, (_, i) => `pipelined${i}`);
    const bytes = queries
      .map((q, i) => `GET /api/cards?q=${q}&limit=${i % 3} HTTP/1.1\r\nHost: x\r\n${i === queries.length - 1 ? 'Connection: close\r\n' : ''}\r\n`)
      .join('');
    const answer = await rawExchange(bytes);
    // Answers follow one another directly: a body framed by Content-Length ends where the next status line begins.
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual(queries.map(() => 200));
    const limits = [...answer.matchAll(/"limit":(\d+)/g)].map((m) => Number(m[1]));
    expect(limits).toEqual(queries.map((_, i) => i % 3));
    await new Promise((r) => setTimeout(r, 100));
    expect(logs()).not.toMatch(/MaxListenersExceededWarning/);
  });
});
