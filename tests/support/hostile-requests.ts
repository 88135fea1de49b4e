import { readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { builtPackItems } from '../../scripts/lib/built-packs.ts';
import { VALUE_BAND_IDS } from '../../src/catalogue/value-bands.ts';
import { SORTS } from '../../src/http/limits.ts';
import { COLLECTIONS, type Collection } from '../../src/http/links.ts';
import { FACILITY_TAGS } from '../../src/schemas/knowledge-taxonomy.ts';
import type { CardSearchRecord } from '../../src/search/card-searcher.ts';
import type { SealedSearchRecord } from '../../src/search/sealed-searcher.ts';

/**
 * Hostile HTTP requests for the property tests of tests/http/hostile.test.ts:
 * a raw client that puts bytes on the wire exactly as generated (fetch and
 * node:http refuse or normalise dot segments, `//`, NULs, odd Host values and
 * unknown methods), and fast-check arbitraries built from the real routes and
 * slugs of a build.
 */

export interface RawRequest {
  method: string;
  /** The request target as it goes on the wire: path and query, never normalised. */
  target: string;
  /** In order. Host is among them unless a generator leaves it out on purpose. */
  headers: [string, string][];
  body?: string;
}

export interface RawResponse {
  /** 0 when the server closed the connection, or stayed silent, without answering. */
  status: number;
  /** Lower-case names; a repeated field's values joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** Why there is no answer, when status is 0. */
  error?: string;
  /** The connection closed after bytes that are no HTTP/1.x answer: an HTTP/0.9 answer is a bare body. */
  bare?: boolean;
}

/** The largest request head the function accepts (src/server/client-error.ts, Node's default). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The size the limit is counted on, as Node's parser counts it: the request target and every header name and
 * value, in bytes (not the method, the spaces, the colons or the line ends).
 * @example headBytes({ method: 'GET', target: '/x', headers: [['Host', 'a']] }) // 7
 */
export function headBytes(request: RawRequest): number {
  return Buffer.byteLength(request.target) + request.headers.reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
}

/** @example serialise({ method: 'GET', target: '/', headers: [['Host', 'x']] }).toString() // 'GET / HTTP/1.1\r\nHost: x\r\n\r\n' */
export function serialise(request: RawRequest): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  if (request.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(request.body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`, 'utf8');
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * Whether Node's HTTP parser lets the request through to the server's handler:
 * a method it knows (CONNECT aside: Node hands it to a separate event), a target
 * in origin form of visible ASCII, header names that are tokens, values without control
 * characters, a head within the size limit. Invariants about routing apply only
 * to these; every other request must still get a problem JSON answer.
 */
export function reachesHandler(request: RawRequest): boolean {
  return (
    METHODS.includes(request.method) &&
    request.method !== 'CONNECT' &&
    /^\/[\x21-\x7e]*$/.test(request.target) &&
    request.headers.every(([name, value]) => TOKEN.test(name) && !CONTROL.test(value)) &&
    serialise({ ...request, body: undefined }).length < MAX_HEADER_BYTES - 512
  );
}

/**
 * Whether the request line ends before any HTTP version (a line feed in the target): that is an HTTP/0.9
 * request, which has no headers and whose answer would be a bare body. Node's parser refuses one with a 400
 * as HTTP/1.1; nginx in front closes the connection.
 * @example isHttp09({ method: 'GET', target: '/x?q=\n', headers: [] }) // true
 */
export function isHttp09(request: RawRequest): boolean {
  const line = serialise({ ...request, body: undefined }).toString('latin1');
  const end = line.indexOf('\n');
  return !/ HTTP\/\d/.test(line.slice(0, end < 0 ? line.length : end));
}

/** One line per request and answer, for counterexample messages. */
export function describeExchange(request: RawRequest, response: RawResponse): string {
  const body = response.body.subarray(0, 300).toString('utf8');
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text);
  return [
    `${request.method} ${JSON.stringify(cut(request.target))}`,
    `  headers ${JSON.stringify(request.headers.map(([name, value]) => [name, cut(value)]))}${request.body === undefined ? '' : ` body ${JSON.stringify(request.body)}`}`,
    `  → ${response.status || `no answer (${response.error})`} ${JSON.stringify(response.headers)}`,
    `  body ${JSON.stringify(body)}${response.body.length > 300 ? '…' : ''}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------
// The raw client
// ---------------------------------------------------------------------------

type Parsed = { response: RawResponse; keepAlive: boolean } | null;

/** Decodes a chunked body; null until all of it has arrived. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = Number.parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size)) throw new Error(`bad chunk size at ${at}`);
    if (size === 0) return data.indexOf('\r\n\r\n', eol) >= 0 || data.length >= eol + 4 ? Buffer.concat(parts) : null;
    if (data.length < eol + 2 + size + 2) return null;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Parses one response from the bytes so far; null while it is incomplete. */
function parseResponse(data: Buffer, head: boolean, ended: boolean): Parsed {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP response: ${JSON.stringify(statusLine)}`);
  const rest = data.subarray(end + 4);
  if (status >= 100 && status < 200) return parseResponse(rest, head, ended);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const close = /\bclose\b/i.test(headers.connection ?? '');
  const answer = (body: Buffer, keepAlive: boolean): Parsed => ({ response: { status, headers, body }, keepAlive: keepAlive && !close && !ended });
  if (head || status === 204 || status === 304) return answer(Buffer.alloc(0), true);
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest);
    return body ? answer(body, true) : null;
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? answer(rest.subarray(0, length), true) : null;
  }
  return ended ? answer(rest, false) : null;
}

export interface RawClient {
  /** Sends one request (at most `concurrency` at a time, over kept-alive sockets) and reads its answer. */
  send(request: RawRequest): Promise<RawResponse>;
  /** Requests sent so far. */
  readonly sent: number;
  close(): void;
}

/**
 * @example const client = createRawClient('http://127.0.0.1:4321'); await client.send({ method: 'GET', target: '//llms.txt', headers: [['Host', 'x']] })
 */
export function createRawClient(url: string, { concurrency = 16, timeoutMs = 10_000 } = {}): RawClient {
  const { hostname, port } = new URL(url);
  const idle = new Set<Socket>();
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let sent = 0;

  function open(): Socket {
    const socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    socket.on('error', () => undefined); // reported through 'close'
    socket.on('close', () => idle.delete(socket));
    return socket;
  }

  function exchange(socket: Socket, bytes: Buffer, head: boolean): Promise<{ response: RawResponse; keepAlive: boolean; silent: boolean }> {
    return new Promise((resolve) => {
      let data = Buffer.alloc(0);
      const finish = (response: RawResponse, keepAlive: boolean, silent = false) => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve({ response, keepAlive, silent });
      };
      const attempt = (ended: boolean) => {
        let parsed: Parsed;
        try {
          parsed = parseResponse(data, head, ended);
        } catch (error) {
          return finish({ status: 0, headers: {}, body: data, error: (error as Error).message }, false);
        }
        if (parsed) finish(parsed.response, parsed.keepAlive);
        else if (ended && data.length > 0 && !data.subarray(0, 5).equals(Buffer.from('HTTP/')))
          finish({ status: 0, headers: {}, body: data, error: 'a bare body, with no status line or headers', bare: true }, false);
        else if (ended)
          finish(
            { status: 0, headers: {}, body: data, error: data.length ? 'the connection closed mid-answer' : 'the connection closed' },
            false,
            data.length === 0,
          );
      };
      const onData = (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        attempt(false);
      };
      const onClose = () => attempt(true);
      const timer = setTimeout(() => finish({ status: 0, headers: {}, body: data, error: `no answer within ${timeoutMs} ms` }, false), timeoutMs);
      socket.on('data', onData);
      socket.on('close', onClose);
      socket.write(bytes);
    });
  }

  async function send(request: RawRequest): Promise<RawResponse> {
    if (inFlight >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else inFlight++;
    sent++;
    try {
      const bytes = serialise(request);
      const head = request.method === 'HEAD';
      let socket = idle.values().next().value;
      const reused = socket !== undefined;
      if (socket) idle.delete(socket);
      else socket = open();
      let outcome = await exchange(socket, bytes, head);
      // A kept-alive socket may close (keepAliveTimeout) just as we write: that is no answer of the server's.
      if (outcome.silent && reused) {
        socket = open();
        outcome = await exchange(socket, bytes, head);
      }
      if (outcome.keepAlive && !socket.destroyed) idle.add(socket);
      else socket.destroy();
      return outcome.response;
    } finally {
      // Hand the slot straight to the next waiter, so that at most `concurrency` are ever in flight.
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    }
  }

  return {
    send,
    get sent() {
      return sent;
    },
    close() {
      for (const socket of idle) socket.destroy();
      idle.clear();
    },
  };
}

// ---------------------------------------------------------------------------
// What a build serves, read from its output
// ---------------------------------------------------------------------------

export interface BuiltSite {
  slugs: Record<Collection, string[]>;
  /** Where card images are served from: the one other origin the HTML pages may load images from. */
  imageOrigin: string;
  kinds: string[];
  /** Every ETag in the build manifest. */
  etags: string[];
}

/** Slugs, kinds and ETags of a build, from the files the server itself reads. */
export function readBuiltSite(dist: string): BuiltSite {
  const read = (...parts: string[]) => JSON.parse(readFileSync(join(dist, 'server', ...parts), 'utf8'));
  const manifest = read('manifest.json') as { files: Record<string, { etag: string }> };
  const cards = builtPackItems<CardSearchRecord>(dist, 'cards.pack');
  return {
    imageOrigin: new URL(cards[0].summary.imageSmall).origin,
    slugs: {
      cards: cards.map((c) => c.summary.slug),
      sealed: builtPackItems<SealedSearchRecord>(dist, 'sealed.pack').map((p) => p.summary.slug),
      knowledge: (read('search', 'knowledge.json') as { id: string }[]).map((a) => a.id),
      sets: Object.keys(manifest.files).flatMap((f) => /^\/api\/sets\/([a-z0-9]+)\.json$/.exec(f)?.[1] ?? []),
    },
    kinds: read('search', 'kinds.json') as string[],
    etags: Object.values(manifest.files).map((f) => f.etag),
  };
}

// ---------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------

/** Query parameters the contract knows, on any endpoint. */
export const PARAMETERS = ['q', 'limit', 'offset', 'band', 'kind', 'sort', 'tag', 'tcgplayer', 'ids'] as const;

/** Bytes that no field value may carry on the wire: CR and LF would end the field. */
const fieldValue = (value: string) => value.replace(/[\r\n]/g, ' ');
/** A field value Node's parser accepts: no control characters but HTAB. */
const cleanFieldValue = (value: string) => value.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ');

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every UTF-8 byte but the unreserved ones (lone surrogates become U+FFFD). */
export function strictEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Leaves `%`, `&`, `=`, `+` and the like as they are; encodes only what cannot go on the wire in a target. */
function looseEncode(text: string): string {
  return [...text].map((c) => (/^[\x21-\x7e]$/.test(c) && c !== '#' ? c : c === ' ' ? '+' : strictEncode(c))).join('');
}

type Encoding = 'strict' | 'loose' | 'raw';
const encode = (text: string, how: Encoding) => (how === 'strict' ? strictEncode(text) : how === 'loose' ? looseEncode(text) : text);

/** Path mutations: each takes the path, a position and a choice, and returns the hostile path. */
const SLASH_SWAPS = ['%2f', '%2F', '\\', '%5c', '//', '/./', '/%2e/', '/;/', '%252f', '///'];
const DOT_SEGMENTS = ['/.', '/..', '/%2e', '/%2e%2e', '/.%2e', '/%2E.', '/x/..', '/x/%2e%2e', '/%c0%ae%c0%ae', '/..;', '/...', '/..%00', '/..%2f..'];
const PREFIXES = ['//', '///', '/\\', '/./', '/../', '/%2e%2e/', '/%2f', '\\', '//evil.example', '//localhost:1', '//127.0.0.1', '/..%2f'];
const SUFFIXES = [
  '/',
  '/.',
  '/..',
  '%00',
  '%00.md',
  '.md',
  '.json',
  '.html',
  '.md.md',
  '%20',
  ';',
  ';x=1',
  '#frag',
  '?',
  '%',
  '%2',
  '%zz',
  '%ff',
  '%c0%ae',
  '%ed%a0%80',
  '~',
  '.',
  '..',
  '/index.html',
  '%2f',
  '%2e',
  '.json.md',
];
const INSERTS = [
  '%00',
  '%ff',
  '%c0%af',
  '%c0%ae',
  '%e2%80%ae',
  '%0a',
  '%0d%0a',
  '%25',
  '%2525',
  '%',
  '%zz',
  ';',
  '~',
  '%7e',
  '+',
  '%20',
  '@',
  ':',
  '%2e',
  '%2E%2E',
  '%u002e',
];
/** Raw bytes: most make Node's parser refuse the request line. */
const RAW_BYTES = ['\0', ' ', '\t', '\x7f', 'é', '\u{1f525}', '\x01', '"', '<', '{', '\x0b', '\u00a0'];
const LONG = [255, 1024, 4096, 8000, 17_000, 70_000];

const MUTATIONS = {
  'encode-char': (path: string, at: number, pick: number) => {
    const i = at % path.length;
    if (path[i] === '/' || path.charCodeAt(i) > 0x7e) return path;
    const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
    return `${path.slice(0, i)}%${pick % 2 ? hex.toUpperCase() : hex}${path.slice(i + 1)}`;
  },
  'swap-slash': (path: string, at: number, pick: number) => {
    const slashes = [...path].flatMap((c, i) => (c === '/' ? [i] : []));
    if (!slashes.length) return path;
    const i = slashes[at % slashes.length];
    return `${path.slice(0, i)}${SLASH_SWAPS[pick % SLASH_SWAPS.length]}${path.slice(i + 1)}`;
  },
  'dot-segment': (path: string, at: number, pick: number) => {
    const slashes = [...path].flatMap((c, i) => (c === '/' ? [i] : [])).concat(path.length);
    const i = slashes[at % slashes.length];
    return `${path.slice(0, i)}${DOT_SEGMENTS[pick % DOT_SEGMENTS.length]}${path.slice(i)}`;
  },
  prefix: (path: string, _at: number, pick: number) => `${PREFIXES[pick % PREFIXES.length]}${path}`,
  suffix: (path: string, _at: number, pick: number) => `${path}${SUFFIXES[pick % SUFFIXES.length]}`,
  insert: (path: string, at: number, pick: number) => {
    const i = at % (path.length + 1);
    return `${path.slice(0, i)}${INSERTS[pick % INSERTS.length]}${path.slice(i)}`;
  },
  'raw-byte': (path: string, at: number, pick: number) => {
    const i = at % (path.length + 1);
    return `${path.slice(0, i)}${RAW_BYTES[pick % RAW_BYTES.length]}${path.slice(i)}`;
  },
  upper: (path: string) => path.toUpperCase(),
  long: (path: string, at: number, pick: number) => {
    const i = at % (path.length + 1);
    return `${path.slice(0, i)}${'a'.repeat(LONG[pick % LONG.length])}${path.slice(i)}`;
  },
} satisfies Record<string, (path: string, at: number, pick: number) => string>;

export type MutationName = keyof typeof MUTATIONS;

/** Paths of files outside dist/client, relative to the project root or to dist. */
const OUTSIDE = [
  'server/manifest.json',
  'server/function.mjs',
  'server/verified-agents.json',
  'server/search/cards.pack',
  'server/search/kinds.json',
  'package.json',
  'src/server/main.ts',
  'src/http/problem.ts',
  'tsconfig.json',
  'etc/passwd',
  '.env',
  'client/llms.txt',
  'server/chunks',
];
const UPWARDS = ['..', '%2e%2e', '.%2e', '%2e.', '%2E%2E', '%c0%ae%c0%ae', '%252e%252e', '..;', '...', '%uff0e%uff0e', '.\u2024'];
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%252f', '//'];
const ESCAPE_BASES = ['', '/cards', '/api', '/api/cards', '/knowledge', '/_astro', '/cards/charizard-base1-4'];

export interface HostileArbitraries {
  method: fc.Arbitrary<string>;
  /** Methods Node's parser knows, other than GET and HEAD (CONNECT included). */
  otherMethod: fc.Arbitrary<string>;
  /** A real route of the build, with real and unknown slugs. */
  routePath: fc.Arbitrary<string>;
  /** A route with up to three mutations. */
  mutatedPath: fc.Arbitrary<string>;
  /** A path that climbs out of dist/client towards a file that must never be served. */
  escapePath: fc.Arbitrary<string>;
  anyPath: fc.Arbitrary<string>;
  /** `?…` or the empty string: known parameters with arbitrary values, repeated, odd encodings. */
  query: fc.Arbitrary<string>;
  /** A query for the search endpoints: well-encoded, so that the server sees exactly the pairs generated. */
  searchPairs: fc.Arbitrary<[string, string][]>;
  /** A value of a query parameter: text in many alphabets, numbers, known values, id lists. */
  searchValue: fc.Arbitrary<string>;
  /**
   * Header fields: Accept, If-None-Match, one arbitrary field and, when `hostile`, Host, signatures and
   * X-Forwarded-For (else Host is the normal one). `clean` keeps to values Node's parser accepts.
   */
  headers: (options: { clean: boolean; hostile: boolean }) => fc.Arbitrary<[string, string][]>;
  accept: fc.Arbitrary<string>;
  ifNoneMatch: fc.Arbitrary<string>;
  /** Header fields that must never change the answer: Host, X-Forwarded-For, Signature, Signature-Input, Signature-Agent. */
  irrelevantHeaders: fc.Arbitrary<[string, string][]>;
}

/** The Host every well-behaved request in these tests sends. */
export const NORMAL_HOST = 'localhost';

export function hostileArbitraries(site: BuiltSite): HostileArbitraries {
  const realSlug = (collection: Collection) => fc.constantFrom(...site.slugs[collection]);
  const slugLike = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,8}){0,3}$/);
  const detail = fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...COLLECTIONS.map((c) => realSlug(c).map((slug) => [c, slug] as const))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...COLLECTIONS), slugLike) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...COLLECTIONS),
        fc.string({ maxLength: 12 }).map((s) => strictEncode(s)),
      ),
    },
  );
  const routePath = fc.oneof(
    fc.constantFrom(
      '/api/cards',
      '/api/cards/autocomplete',
      '/api/sealed',
      '/api/knowledge',
      '/api/collection',
      '/collection',
      '/mcp',
      '/sets',
      '/api/sets',
      '/search',
      '/sealed',
      '/api/content',
      '/llms.txt',
      '/openapi.json',
      '/',
      '/knowledge',
      '/styles.css',
      '/index.html',
      '/404.html',
      '/api/knowledge.json',
      '/api/content.json',
    ),
    fc.tuple(detail, fc.constantFrom('', '.md', '.html', '.json')).map(([[collection, slug], ext]) => `/${collection}/${slug}${ext}`),
    fc.tuple(detail, fc.constantFrom('', '.json', '.md')).map(([[collection, slug], ext]) => `/api/${collection}/${slug}${ext}`),
  );
  const mutation = fc.tuple(fc.constantFrom(...(Object.keys(MUTATIONS) as MutationName[])), fc.nat(), fc.nat());
  const mutatedPath = fc
    .tuple(routePath, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([path, mutations]) => mutations.reduce((p, [name, at, pick]) => MUTATIONS[name](p, at, pick), path));
  const escapePath = fc
    .tuple(
      fc.constantFrom(...ESCAPE_BASES),
      fc.integer({ min: 1, max: 9 }),
      fc.constantFrom(...UPWARDS),
      fc.constantFrom(...SEPARATORS),
      fc.constantFrom(...OUTSIDE),
      fc.boolean(),
    )
    .map(
      ([base, depth, up, sep, target, leadingSeparator]) =>
        `${base}${leadingSeparator ? sep : '/'}${`${up}${sep}`.repeat(depth)}${target.replaceAll('/', sep)}`,
    );
  const anyPath = fc.oneof(
    { weight: 3, arbitrary: routePath },
    { weight: 4, arbitrary: mutatedPath },
    { weight: 2, arbitrary: escapePath },
    { weight: 1, arbitrary: fc.webPath().map((p) => p || '/') },
  );

  const numberish = fc.oneof(
    fc.integer().map(String),
    fc.nat(400).map(String),
    fc.double().map(String),
    fc.bigInt().map(String),
    fc.nat().map((n) => `0x${n.toString(16)}`),
    fc.constantFrom(
      '1e3',
      '-0',
      '+1',
      '1_000',
      ' 5',
      '5 ',
      '05',
      'NaN',
      'Infinity',
      '-Infinity',
      '１２',
      '١٢',
      '9007199254740993',
      '1e309',
      '0.0',
      '2.',
      '.5',
      '00000000000000000000000001',
      '18446744073709551616',
      '-1',
      '201',
      '200',
      '0',
      '',
    ),
  );
  const words = fc.constantFrom(
    'charizard',
    'Flabébé',
    'pokémon',
    'CHARIZARD',
    "farfetch'd",
    'evolving skies',
    '  ',
    '',
    'ｃｈａｒｉｚａｒｄ',
    'чаризард',
    'リザードン',
    '🔥',
    '?!',
    '...',
    'booster box',
    'grail psa',
  );
  const symbols = fc.string({
    unit: fc.constantFrom(
      '🔥',
      '🃏',
      '!',
      '?',
      '…',
      '—',
      '·',
      '🇺🇸',
      '👩‍👩‍👧',
      '%',
      '&',
      '+',
      '#',
      '"',
      "'",
      '\u0000',
      '\u200b',
      '\ufeff',
      '\u202e',
      ' ',
      '\t',
      '©',
      '★',
    ),
    minLength: 1,
    maxLength: 10,
  });
  // Field filters of q (src/search/field-filters.ts), well and badly written, alone or several with words.
  const filterTerm = fc
    .tuple(
      fc.constantFrom('', '-', '--'),
      fc.constantFrom(
        'set',
        'SET',
        't',
        'type',
        'r',
        'artist',
        'value',
        'usd',
        'hp',
        'pokedex',
        'is',
        'kind',
        'ppp',
        'packs',
        'year',
        'colour',
        'x1',
        'printing',
        'number',
      ),
      fc.constantFrom(':', '=', '<', '<=', '>', '>=', '=>', '::', ''),
      fc.constantFrom(
        'base1',
        'fire',
        '"rare holo"',
        '"mitsuhiro arita',
        '100',
        '$5',
        '-1',
        '1e309',
        'NaN',
        'graded',
        'priced',
        'booster-box',
        '',
        '""',
        'nosuchset',
        'ｆｉｒｅ',
      ),
    )
    .map((parts) => parts.join(''));
  const filters = fc.array(fc.oneof(filterTerm, words), { minLength: 1, maxLength: 6 }).map((terms) => terms.join(' '));
  const text = fc.oneof(
    filters,
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    symbols,
    words,
    fc.string({ minLength: 195, maxLength: 210 }),
    fc.string({ unit: 'grapheme', minLength: 195, maxLength: 210 }),
  );
  const known = fc.constantFrom(...VALUE_BAND_IDS, ...site.kinds, ...FACILITY_TAGS.slice(0, 12), ...SORTS, 'GRAIL', 'Etb', ' grail', 'value_desc');
  // Lists of product ids, real (the fixture's Shadowless Charizard) and not, well and badly formed.
  const productIds = fc
    .array(fc.oneof(fc.constantFrom('106999', '42382', '500001', '0', '-1', ' 7', 'x'), fc.nat().map(String)), { minLength: 1, maxLength: 6 })
    .chain((ids) => fc.constantFrom(',', ', ', ',,').map((separator) => ids.join(separator)));
  // Lists of item ids and slugs, real (cards, sealed products) and not, in any case, well and badly formed.
  const itemKeys = fc
    .array(
      fc.oneof(
        fc.constantFrom(...site.slugs.cards, ...site.slugs.sealed, 'base1-4', 'FIX1-107', '242436', 'nope-1', 'ex10-!', 'a;b', '../x', ''),
        fc.string({ maxLength: 12 }),
        fc.string({ minLength: 118, maxLength: 124 }).map((s) => s.replace(/[^a-z0-9]/g, 'a')),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .chain((ids) => fc.constantFrom(',', ', ', ',,').map((separator) => ids.join(separator)));
  const value = fc.oneof(text, numberish, known, productIds, itemKeys);
  const name = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...PARAMETERS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom('Q', 'LIMIT', 'q[]', 'limit ', 'utm_source', '', 'q.', '__proto__', 'constructor') },
  );
  const encoding = fc.constantFrom<Encoding>('strict', 'strict', 'loose', 'raw');
  const query = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom('', '?', '?&', '?=', '?&=&', '??q=x', '?q', '?q=&q=') },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(name, value, encoding), { maxLength: 5 })
        .map((pairs) => (pairs.length ? `?${pairs.map(([n, v, how]) => `${encode(n, how)}=${encode(v, how)}`).join('&')}` : '')),
    },
  );
  // The look-ups given their own kind of list now and then: any value with any parameter alone reached a
  // look-up's checks in 1 request of 1,000 (tcgplayer) or 100 (ids).
  const searchPairs = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...PARAMETERS), value) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('tcgplayer'), productIds) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('ids'), itemKeys) },
    ),
    { maxLength: 4 },
  );

  const mediaRange = fc.constantFrom(
    'text/html',
    'text/markdown',
    'application/json',
    '*/*',
    'text/*',
    'application/*',
    'image/png',
    'TEXT/MARKDOWN',
    'text/x-markdown',
    'application/problem+json',
    'application/xhtml+xml',
    '*/html',
    'text',
    '',
    'text/markdown;charset=utf-8',
    'text/markdown;level=1',
    '*',
    'text/plain',
  );
  const qValue = fc.oneof(
    fc.constantFrom('0', '0.0', '0.000', '1', '1.0', '1.000', '0.5', '0.001', '1.001', '2', '-1', 'abc', '', '.5', '0.0001', '1e0', 'NaN', '"0.5"'),
    fc.double().map(String),
  );
  const qName = fc.constantFrom('q', 'Q', ' q', 'q ');
  const structuredAccept = fc
    .tuple(
      fc.array(fc.tuple(mediaRange, fc.option(fc.tuple(qName, qValue), { nil: undefined })), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(', ', ',', ' , '),
    )
    .map(([ranges, separator]) => ranges.map(([range, q]) => (q ? `${range};${q[0]}=${q[1]}` : range)).join(separator));
  const accept = fc.oneof(
    structuredAccept,
    structuredAccept,
    fc.string({ maxLength: 40 }),
    fc.constantFrom(', ,', ';;;', ';q=1', 'text/markdown;q=', '*/*;q=0', 'text/markdown;q=0, text/html;q=0, application/json;q=0'),
  );

  const etag = fc.constantFrom(...site.etags);
  const ifNoneMatch = fc.oneof(
    etag,
    etag.map((t) => `W/${t}`),
    fc
      .array(
        fc.oneof(
          etag,
          fc.string({ maxLength: 8 }).map((s) => `"${s}"`),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((tags) => tags.join(', ')),
    etag.map((t) => t.slice(1, -1)),
    fc.constantFrom('*', ' * ', '*, "x"', '""', '"', 'W/', ',', 'W/"*"'),
    fc.string({ maxLength: 30 }),
  );

  const host = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        'x/api/sealed?limit=1#',
        '[::1',
        'a b',
        'localhost:99999',
        'évil.example',
        '127.0.0.1:1/api/knowledge?q=grail#',
        'user@host',
        '::1',
        '[::1]:80',
        '%2f',
        '/',
        '//',
        '?',
        '#',
        'localhost\t',
        'x:y:z',
        'localhost/../../',
        'a/cards/charizard-base1-4?',
        '[',
        ']',
        '0',
        '-',
        'localhost:0',
        'localhost:-1',
        'http://evil',
        '..',
      ),
    },
    fc.string({ maxLength: 30 }),
    fc.domain(),
    fc.webAuthority({ withPort: true, withUserInfo: true, withIPv6: true }),
  );
  const base64 = fc.base64String({ maxLength: 90 });
  const signature = fc.oneof(
    fc.string({ maxLength: 60 }),
    base64.map((s) => `sig1=:${s}:`),
    fc.constantFrom('sig1=::', 'sig1=:', '=', 'sig1=:AAAA:, sig2=:BBBB:', ':::', 'sig1=:!!!:'),
  );
  const signatureInput = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc
      .tuple(
        fc.integer(),
        fc.integer(),
        fc.string({ maxLength: 12 }),
        fc.constantFrom('ed25519', 'rsa-pss-sha512', '', 'ED25519'),
        fc.constantFrom('web-bot-auth', '', 'x'),
        fc.constantFrom('("@authority" "signature-agent")', '("@authority")', '()', '("signature-agent";key="x")', '('),
      )
      .map(
        ([created, expires, keyid, alg, tag, components]) =>
          `sig1=${components};created=${created};expires=${expires};keyid="${keyid}";alg="${alg}";tag="${tag}"`,
      ),
    fc.constantFrom(
      'sig1=(',
      'sig1=()',
      'sig1=("@authority"',
      '("@authority")',
      'sig1=("@authority");created=1e99',
      'sig1=("@authority");created=-1;expires=99999999999999999999',
    ),
  );
  const signatureAgent = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.webUrl().map((u) => `"${u}"`),
    fc.constantFrom('"https://agent.example"', 'https://agent.example', '""', '"', 'sig1="https://agent.example"', 'agent=:aGk=:'),
  );
  const forwardedFor = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.ipV4(),
    fc.ipV6(),
    fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 10 })), { maxLength: 6 }).map((a) => a.join(', ')),
    fc.constantFrom('', 'unknown', ',,,', '::1', '127.0.0.1', '999.999.999.999', '[::1]:80', '1.2.3.4, 5.6.7.8'),
  );
  const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
  const irrelevant = (clean: boolean) => {
    const field = clean ? cleanFieldValue : fieldValue;
    return fc
      .record({ host: opt(host), forwarded: opt(forwardedFor), signature: opt(signature), input: opt(signatureInput), agent: opt(signatureAgent) })
      .map(({ host: h, forwarded, signature: s, input, agent }) => {
        const fields: [string, string][] = [];
        if (h !== undefined) fields.push(['Host', field(h)]);
        if (forwarded !== undefined) fields.push(['X-Forwarded-For', field(forwarded)]);
        if (s !== undefined) fields.push(['Signature', field(s)]);
        if (input !== undefined) fields.push(['Signature-Input', field(input)]);
        if (agent !== undefined) fields.push(['Signature-Agent', field(agent)]);
        return fields;
      });
  };
  const headers = ({ clean, hostile }: { clean: boolean; hostile: boolean }) => {
    const field = clean ? cleanFieldValue : fieldValue;
    const extraName = clean
      ? fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
      : fc.oneof(
          fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/),
          fc
            .string({ minLength: 1, maxLength: 10 })
            .map((s) => s.replace(/[\r\n:]/g, ''))
            .filter(Boolean),
        );
    return fc
      .record({
        accept: opt(accept),
        ifNoneMatch: opt(ifNoneMatch),
        irrelevant: hostile ? irrelevant(clean) : fc.constant([] as [string, string][]),
        // HTTP/1.1 without Host is refused before any route runs: that answer must be problem JSON too.
        dropHost: clean || !hostile ? fc.constant(false) : fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        extra: fc.option(fc.tuple(extraName, fc.string({ maxLength: 30 })), { nil: undefined, freq: 4 }),
        // Around and over the 16 KB head Node accepts (431 beyond it).
        padding: fc.option(fc.constantFrom(1000, 8000, 17_000), { nil: undefined, freq: 12 }),
      })
      .map(({ accept: a, ifNoneMatch: inm, irrelevant: fields, dropHost, extra, padding }) => {
        const out: [string, string][] = [];
        if (!dropHost && !fields.some(([n]) => n === 'Host')) out.push(['Host', NORMAL_HOST]);
        out.push(...fields);
        if (a !== undefined) out.push(['Accept', field(a)]);
        if (inm !== undefined) out.push(['If-None-Match', field(inm)]);
        if (extra) out.push([extra[0], field(extra[1])]);
        if (padding) out.push(['X-Padding', 'a'.repeat(padding)]);
        return out;
      });
  };

  const otherMethod = fc.constantFrom(...METHODS.filter((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS'));
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('GET', 'HEAD') },
    { weight: 3, arbitrary: fc.constantFrom('OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH') },
    { weight: 1, arbitrary: otherMethod },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~0-9-]{1,12}$/) },
    {
      weight: 1,
      arbitrary: fc
        .string({ minLength: 1, maxLength: 8 })
        .map((s) => s.replace(/[\r\n]/g, ''))
        .filter(Boolean),
    },
  );

  return {
    method,
    otherMethod,
    routePath,
    mutatedPath,
    escapePath,
    anyPath,
    query,
    searchPairs,
    searchValue: value,
    headers,
    accept,
    ifNoneMatch,
    irrelevantHeaders: irrelevant(true),
  };
}
