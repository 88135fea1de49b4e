import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import type { Collection } from '../../src/http/links.ts';
import { AUTOCOMPLETE_PATH, allowedMethodsOf, type SearchEndpoint } from '../../src/http/routes.ts';
import { SHELL_FILE, SHELL_MAIN, SHELL_TITLE } from '../../src/render/pages/page-shell.ts';
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MIN_LENGTH } from '../../src/search/autocomplete.ts';
import { queryTokens } from '../../src/search/normalize.ts';
import { manifestOf } from '../support/built-files.ts';
import { ROOT } from '../support/fixture-site.ts';
import {
  type BuiltSite,
  createRawClient,
  describeExchange,
  type HostileArbitraries,
  headBytes,
  hostileArbitraries,
  isHttp09,
  MAX_HEADER_BYTES,
  NORMAL_HOST,
  type RawClient,
  type RawRequest,
  type RawResponse,
  reachesHandler,
  readBuiltSite,
  strictEncode,
} from '../support/hostile-requests.ts';
import { assertMatches } from '../support/schemas.ts';
import type { RunningServer } from '../support/server.ts';
import { CONTRACT_TARGET, refusedInFront, skippedOnTheWorker, startTarget, targetAsRead, WORKERD_PARSES_THE_BYTES } from '../support/target.ts';

/**
 * Property-based hostile input against the real server (src/server/main.ts) on
 * the built fixture site: generated paths, queries, headers and methods, sent
 * as raw bytes, and the contract's invariants (../shared/spec/API.md,
 * "Errors" and "Other headers") asserted for every answer. Rate limiting is off
 * so that no answer is a 429. Each property sends batches of up to 24 requests,
 * 16 in flight, so that a failure shrinks to one request.
 *
 * `HOSTILE_SURVEY=1 npx vitest run tests/http/hostile.test.ts` lists every
 * distinct violation with its shortest example instead of stopping at the first.
 */
const dist = inject('fixtureDist');
const BATCH = 24;
/** Runs per property: about 12 requests a run, over 14,000 requests in all. */
const RUNS = { answers: 250, outside: 180, contract: 180, head: 120, oversized: 60, nosniff: 80, irrelevant: 120, methods: 100, search: 180, mcp: 120 };
/**
 * The least number of answers that must reach each deep check of a property (see `reached`): about a third of what
 * a run reached on the function alone and through nginx (counted on 2026-11-28), and never so near it that chance
 * alone could fail a run; a floor of a few where a check is reached a few dozen times.
 */
const FLOORS = {
  answers: { problem: 800, success: 60 },
  outside: { named: 20 },
  contract: { html: 60, json: 100, markdown: 18 },
  head: { success: 20, other: 200 },
  oversized: { refused: 200 },
  nosniff: { answer: 280 },
  irrelevant: { success: 100, other: 70 },
  methods: { refused: 110, preflight: 40 },
  // A look-up by ids or by TCGplayer product (about 25 and 10 a run): most draw a bad key or another parameter beside.
  search: { refused: 240, autocomplete: 150, knowledge: 130, 'look-up': 10, search: 100 },
  collection: { refused: 200, valued: 400, empty: 45 },
  mcp: { refused: 300, 'json-rpc': 130, 'tool result': 7 },
};
const TIMEOUT_MS = 120_000;
/** How far from the head-size limit a request must stay to be on one side of it through any proxy in front (nginx adds its own fields). */
const HEAD_MARGIN = 1024;

let server: RunningServer;
let client: RawClient;
let site: BuiltSite;
let arb: HostileArbitraries;
let oracle: Oracle;

beforeAll(async () => {
  server = await startTarget(dist, { RATE_LIMIT: 'off' });
  client = createRawClient(server.url, { concurrency: 16 });
  site = readBuiltSite(dist);
  arb = hostileArbitraries(site);
  oracle = createOracle();
});
afterAll(async () => {
  client?.close();
  await server?.stop();
  console.info(`hostile.test.ts: ${client?.sent ?? 0} requests sent`);
  if (SURVEY) {
    const lines = [...surveyed].sort().map(([key, { count, example }]) => `● ${key} (×${count})\n${example}`);
    console.info(`${surveyed.size} distinct violations:\n\n${lines.join('\n\n')}`);
  }
});

// ---------------------------------------------------------------------------
// What the build may serve, and what it must never serve
// ---------------------------------------------------------------------------

const DETAIL_SCHEMAS: Record<Collection, string> = {
  cards: 'card-detail.json',
  sealed: 'sealed-detail.json',
  knowledge: 'knowledge-detail.json',
  sets: 'set-detail.json',
};
/** The negotiated index pages (`/sets`) and the schema of their JSON. */
const INDEX_SCHEMAS: Partial<Record<Collection, string>> = { sets: 'set-list.json' };
const SEARCH_SCHEMAS: Record<SearchEndpoint, string> = {
  cards: 'card-search.json',
  sealed: 'sealed-search.json',
  knowledge: 'knowledge-list.json',
  autocomplete: 'autocomplete.json',
};
const SEARCH_PARAMETERS: Record<SearchEndpoint, string[]> = {
  cards: ['q', 'limit', 'offset', 'band', 'sort', 'tcgplayer', 'ids'],
  sealed: ['q', 'limit', 'offset', 'kind', 'sort', 'ids'],
  knowledge: ['q', 'tag'],
  autocomplete: ['q'],
};
const SEARCH_PATHS: Record<SearchEndpoint, string> = {
  cards: '/api/cards',
  sealed: '/api/sealed',
  knowledge: '/api/knowledge',
  autocomplete: AUTOCOMPLETE_PATH,
};
const DETAIL_PAGE = /^\/(?:(?:cards|sealed|knowledge|sets)\/[a-z0-9]+(?:-[a-z0-9]+)*|sets)$/;
const STACK_TRACE = /^\s+at .+:\d+:\d+\)?$/m;

/** What a path names: a build file, a negotiated detail page, or a search; null for nothing. */
type Resource =
  | { kind: 'file'; file: string; schema?: string }
  /** A negotiated page: a detail page, or without a slug the collection's index (`/sets`). */
  | { kind: 'page'; collection: Collection; slug?: string }
  | { kind: 'search'; endpoint: SearchEndpoint; query: URLSearchParams }
  /** A list to value (`/api/collection?list=`). */
  | { kind: 'collection'; query: URLSearchParams }
  /** The MCP endpoint, which takes only a POST (its messages: the property on MCP messages below). */
  | { kind: 'mcp' }
  /** A page for people the function renders (`/search`, `/sealed?…`, `/collection`): the site's page shell, filled in. */
  | { kind: 'search-page'; query: URLSearchParams };

interface Oracle {
  clientFiles: Map<string, Buffer>;
  manifest: FileManifest;
  /** The first 200 bytes of every file outside dist/client that no answer may contain. */
  prefixes: { file: string; bytes: Buffer }[];
  /** Files outside dist/client whose records the searches serve: no answer may be one of them whole. */
  wholes: { file: string; bytes: Buffer }[];
  /** The frame of the search pages (dist/server/pages/shell.html) around its title and main markers. */
  shell: { head: string; tail: string };
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

function shellOf(text: string): Oracle['shell'] {
  return { head: text.slice(0, text.indexOf(SHELL_TITLE)), tail: text.slice(text.indexOf(SHELL_MAIN) + SHELL_MAIN.length) };
}

function createOracle(): Oracle {
  const clientDir = join(dist, 'client');
  const clientFiles = new Map(filesUnder(clientDir).map((file) => [`/${relative(clientDir, file)}`, readFileSync(file)]));
  const searchDir = join(dist, 'server', 'search');
  const outside = [
    ...filesUnder(join(dist, 'server')),
    ...filesUnder(join(ROOT, 'src')),
    ...filesUnder(join(ROOT, 'scripts')),
    ...['package.json', 'package-lock.json', 'tsconfig.json', 'astro.config.mjs'].map((f) => join(ROOT, f)),
  ];
  const served = [...clientFiles.values()];
  return {
    clientFiles,
    manifest: manifestOf(dist),
    // The search data's records are what the searches answer with, so their prefixes are fair game: those files are checked whole.
    prefixes: outside
      .filter((file) => !file.startsWith(searchDir))
      .map((file) => ({ file, bytes: readFileSync(file).subarray(0, 200) }))
      .filter(({ bytes }) => bytes.length >= 32 && !served.some((s) => s.includes(bytes))),
    wholes: outside.filter((file) => file.startsWith(searchDir)).map((file) => ({ file, bytes: readFileSync(file) })),
    shell: shellOf(readFileSync(join(dist, 'server', SHELL_FILE), 'utf8')),
  };
}

/**
 * The path and query a target names, parsed as a path on a fixed origin (so `//x` stays a path):
 * dot segments (`..`, `%2e%2e`) and backslashes resolve as in every URL parser, escaped unreserved
 * characters are decoded and repeated slashes collapse. Null for a target that is not a path.
 */
function pathOf(target: string): { pathname: string; query: URLSearchParams; exact: string } | null {
  if (!target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(`http://${NORMAL_HOST}${target}`);
  } catch {
    return null;
  }
  const pathname = url.pathname
    .replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : encoded;
    })
    .replace(/\/{2,}/g, '/');
  return { pathname, query: url.searchParams, exact: url.pathname };
}

function schemaOfFile(file: string): string | undefined {
  if (file === '/api/knowledge.json') return 'knowledge-list.json';
  if (file === '/api/content.json') return 'content-summary.json';
  if (file === '/api/bulk/manifest.json') return 'bulk-manifest.json';
  if (file === '/api/changes.json') return 'change-list.json';
  if (/^\/api\/changes\/[^/]+\.json$/.test(file)) return 'change-record.json';
  if (file === '/api/sets.json') return 'set-list.json';
  const detail = /^\/api\/(cards|sealed|knowledge|sets)\/[^/]+\.json$/.exec(file);
  return detail ? DETAIL_SCHEMAS[detail[1] as Collection] : undefined;
}

function resourceOf(target: string): Resource | null {
  const parsed = pathOf(target);
  if (!parsed) return null;
  const { pathname: path, query } = parsed;
  const file = (name: string): Resource => ({ kind: 'file', file: name, schema: schemaOfFile(name) });
  if (path === '/api/cards' || path === '/api/sealed') return { kind: 'search', endpoint: path.slice(5) as SearchEndpoint, query };
  // Before the card files: it looks like one (/api/cards/{slug}).
  if (path === AUTOCOMPLETE_PATH) return { kind: 'search', endpoint: 'autocomplete', query };
  if (path === '/api/collection') return { kind: 'collection', query };
  if (path === '/mcp') return { kind: 'mcp' };
  if (path === '/search' || path === '/collection' || (path === '/sealed' && query.size > 0)) return { kind: 'search-page', query };
  if (path === '/api/knowledge') return query.has('q') || query.has('tag') ? { kind: 'search', endpoint: 'knowledge', query } : file('/api/knowledge.json');
  if (path === '/api/content') return file('/api/content.json');
  if (path === '/api/bulk/manifest') return file('/api/bulk/manifest.json');
  if (path === '/api/changes') return file('/api/changes.json');
  if (path === '/api/sets') return file('/api/sets.json');
  if (path === '/sets' && oracle.clientFiles.has('/sets.html')) return { kind: 'page', collection: 'sets' };
  const change = /^\/api\/changes\/(\d{4}-\d{2}-\d{2})(?:\.json)?$/.exec(path);
  if (change && oracle.clientFiles.has(`/api/changes/${change[1]}.json`)) return file(`/api/changes/${change[1]}.json`);
  const api = /^\/api\/(cards|sealed|knowledge|sets)\/([^/]+?)(?:\.json)?$/.exec(path);
  if (api && oracle.clientFiles.has(`/api/${api[1]}/${api[2]}.json`)) return file(`/api/${api[1]}/${api[2]}.json`);
  const page = /^\/(cards|sealed|knowledge|sets)\/([^/.]+)$/.exec(path);
  if (page && oracle.clientFiles.has(`${path}.html`)) return { kind: 'page', collection: page[1] as Collection, slug: page[2] };
  if (path === '/') return file('/index.html');
  if (oracle.clientFiles.has(path)) return file(path);
  if (!path.startsWith('/api/') && oracle.clientFiles.has(`${path}.html`)) return file(`${path}.html`);
  return null;
}

/** The build file a 200 for this resource must be, by the type it was served as; undefined for a search. */
function expectedFile(resource: Resource, contentType: string): string | undefined {
  if (resource.kind === 'file') return resource.file;
  if (resource.kind === 'search' || resource.kind === 'search-page' || resource.kind === 'collection' || resource.kind === 'mcp') return undefined;
  const { collection, slug } = resource;
  const page = slug === undefined ? `/${collection}` : `/${collection}/${slug}`;
  if (contentType.startsWith('text/markdown')) return `${page}.md`;
  if (contentType.startsWith('application/json')) return `/api${page}.json`;
  return `${page}.html`;
}

function schemaOf(resource: Resource): string | undefined {
  if (resource.kind === 'search') return SEARCH_SCHEMAS[resource.endpoint];
  if (resource.kind === 'collection') return 'collection.json';
  if (resource.kind === 'search-page' || resource.kind === 'mcp') return undefined;
  if (resource.kind === 'page') return resource.slug === undefined ? INDEX_SCHEMAS[resource.collection] : DETAIL_SCHEMAS[resource.collection];
  return resource.schema;
}

// ---------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------

class Violation extends Error {}

/**
 * HOSTILE_SURVEY=1 records every distinct violation (with its first example) and prints them at the
 * end instead of failing at the first: for whoever fixes the server, one run lists all that is left.
 */
const SURVEY = process.env.HOSTILE_SURVEY === '1';
const surveyed = new Map<string, { count: number; example: string }>();

/** Throws with the request and its answer spelled out, so that fast-check's counterexample says what came back. */
function ensure(condition: unknown, why: string, request: RawRequest, response: RawResponse): asserts condition {
  if (condition) return;
  const message = `${why}\n${describeExchange(request, response)}`;
  if (SURVEY) {
    const key = `${expect.getState().currentTestName?.split(' > ').at(-1)?.slice(0, 40)}… | ${why.split('\n')[0].replace(/\d+/g, '#').slice(0, 120)}`;
    const entry = surveyed.get(key) ?? { count: 0, example: message };
    entry.count++;
    if (message.length < entry.example.length) entry.example = message; // the shortest example is the clearest
    surveyed.set(key, entry);
  }
  throw new Violation(message);
}

// biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, of whatever shape the server sent; the invariants check it
function jsonOf(request: RawRequest, response: RawResponse): any {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    ensure(false, 'the body is not JSON', request, response);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: valid against `schema`, which is what the callers read it by
function ensureMatches(schema: string, request: RawRequest, response: RawResponse): any {
  const body = jsonOf(request, response);
  try {
    assertMatches(schema, body, 'the body');
  } catch (error) {
    ensure(false, (error as Error).message, request, response);
  }
  return body;
}

/** A search page is HTML in the site's own frame: the shell's head before the title, its tail after main. */
function ensureSearchPage(request: RawRequest, response: RawResponse): void {
  ensure(response.headers['content-type'] === 'text/html; charset=utf-8', 'a search page that is not UTF-8 HTML', request, response);
  const body = response.body.toString('utf8');
  ensure(body.startsWith(oracle.shell.head) && body.endsWith(oracle.shell.tail), 'a search page outside the site’s page shell', request, response);
}

function ensureProblem(request: RawRequest, response: RawResponse): void {
  ensure(
    /^application\/problem\+json\s*(;|$)/.test(response.headers['content-type'] ?? ''),
    `a ${response.status} that is not application/problem+json`,
    request,
    response,
  );
  if (request.method === 'HEAD') return;
  const body = ensureMatches('problem.json', request, response);
  ensure(body.status === response.status, `the problem's status ${body.status} is not the HTTP status`, request, response);
}

/**
 * The answers of one property that reached each of its deepest checks. A property returns early for answers its
 * checks do not apply to (a refusal, a 404, a HEAD); were every answer to stop there (a generator that no longer
 * reaches a route, a refusal taken for granted), it would pass having checked nothing. So each property counts
 * the answers that reached each deep check and holds the counts to a floor, as the import scanner's test does.
 */
function reached() {
  const counts = new Map<string, number>();
  return {
    count: (check: string) => {
      counts.set(check, (counts.get(check) ?? 0) + 1);
    },
    /** Floors well under what a run reaches (about a third), so that only a check no longer reached fails them. */
    expectAtLeast: (floors: Record<string, number>) => {
      const got = Object.fromEntries(Object.keys(floors).map((check) => [check, counts.get(check) ?? 0]));
      const short = Object.keys(floors).filter((check) => got[check] < floors[check]);
      expect(short, `answers that reached each check: ${JSON.stringify(got)}; floors: ${JSON.stringify(floors)}`).toEqual([]);
    },
  };
}

const batch = <T>(arbitrary: fc.Arbitrary<T>) => fc.array(arbitrary, { minLength: 1, maxLength: BATCH, size: 'max' });

/** Checks every item of a batch at once (the client keeps 16 requests in flight). */
async function forEach<T>(items: T[], check: (item: T) => Promise<void>): Promise<void> {
  await Promise.all(
    items.map((item) =>
      check(item).catch((error: unknown) => {
        if (!(SURVEY && error instanceof Violation)) throw error;
      }),
    ),
  );
}

/**
 * An HTTP/0.9 request (a line feed in the target ends the request line before any version) has no status line
 * or headers to be answered with. The function's parser refuses it with the 400 problem, as HTTP/1.1; nginx in
 * front closes the connection without a byte, or, for a 0.9 request it cannot even parse, sends the 400
 * problem as a bare body (src/deploy/nginx.ts). When a bad byte (a NUL) comes before the line feed, or the
 * line is longer than its buffers (16 KB), nginx refuses it before it knows the version and answers its 4xx
 * problem (400, 431) as HTTP/1.1, headers and all.
 * Never a page, a file or a search; no other property applies.
 */
function refusedAsHttp09(request: RawRequest, response: RawResponse): boolean {
  if (CONTRACT_TARGET !== 'nginx' || !isHttp09(request)) return false;
  const closed = response.status === 0 && response.body.length === 0;
  const problemStatus = () => (JSON.parse(response.body.toString('utf8')) as { status?: number }).status;
  if (response.bare) ensure(problemStatus() === 400, 'nginx answered an HTTP/0.9 request with a bare body that is not its 400 problem', request, response);
  else if (!closed) {
    ensure(response.status >= 400 && response.status < 500, 'nginx answered an HTTP/0.9 request with more than a 4xx problem', request, response);
    ensureProblem(request, response);
  }
  return true;
}

const sendAll = (requests: RawRequest[], check: (request: RawRequest, response: RawResponse) => void) =>
  forEach(requests, async (request) => {
    const response = await client.send(request);
    if (!refusedAsHttp09(request, response)) check(request, response);
  });

const withBody = fc.option(fc.string({ maxLength: 40 }), { nil: undefined, freq: 4 });

/** Any request at all: every method, path, query and header the generators know. */
const anyRequest = () =>
  fc
    .record({ method: arb.method, path: arb.anyPath, query: arb.query, headers: arb.headers({ clean: false, hostile: true }), body: withBody })
    .map(({ method, path, query, headers, body }): RawRequest => ({ method, target: path + query, headers, ...(body === undefined ? {} : { body }) }));

/** A property over malformed bytes as well: skipped through the Worker (WORKERD_PARSES_THE_BYTES). */
const itOnTheWire = skippedOnTheWorker(WORKERD_PARSES_THE_BYTES) ? it.skip : it;

describe('hostile requests against the real server', () => {
  itOnTheWire(
    'every generated request gets an answer: never a 5xx, every 4xx a problem JSON whose status is the HTTP status',
    async () => {
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(anyRequest()), (requests) =>
          sendAll(requests, (request, response) => {
            ensure(response.status !== 0, 'no answer', request, response);
            ensure(response.status < 500, `a ${response.status}`, request, response);
            if (response.status >= 400) {
              ensureProblem(request, response);
              reach.count('problem');
            } else reach.count('success');
          }),
        ),
        { numRuns: RUNS.answers },
      );
      reach.expectAtLeast(FLOORS.answers);
    },
    TIMEOUT_MS,
  );

  itOnTheWire(
    'nothing outside dist/client is ever served: a success is always the build file or search its path names',
    async () => {
      const request = fc
        .record({
          method: fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') }),
          path: fc.oneof({ weight: 3, arbitrary: arb.escapePath }, { weight: 2, arbitrary: arb.mutatedPath }, { weight: 1, arbitrary: arb.routePath }),
          query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: arb.query }),
          headers: arb.headers({ clean: false, hostile: true }),
        })
        .map(({ method, path, query, headers }): RawRequest => ({ method, target: path + query, headers }));
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            for (const { file, bytes } of oracle.prefixes)
              ensure(!response.body.includes(bytes), `the body contains the start of ${relative(ROOT, file)}`, request, response);
            for (const { file, bytes } of oracle.wholes) ensure(!response.body.equals(bytes), `the body is ${relative(ROOT, file)}`, request, response);
            ensure(!response.body.includes(ROOT), 'the body names a path on the server', request, response);
            ensure(!STACK_TRACE.test(response.body.toString('utf8')), 'the body holds a stack trace', request, response);
            if (!((response.status >= 200 && response.status < 300) || response.status === 304)) return;
            const resource = resourceOf(targetAsRead(request.target));
            ensure(resource, `a ${response.status} for a path that names nothing in the build`, request, response);
            if (request.method === 'HEAD' || response.status !== 200) return;
            const file = expectedFile(resource, response.headers['content-type'] ?? '');
            if (file) ensure(response.body.equals(oracle.clientFiles.get(file)!), `the body is not ${file}, the file the path names`, request, response);
            else if (resource.kind === 'search-page') ensureSearchPage(request, response);
            else ensureMatches(schemaOf(resource)!, request, response);
            reach.count('named');
          }),
        ),
        { numRuns: RUNS.outside },
      );
      reach.expectAtLeast(FLOORS.outside);
    },
    TIMEOUT_MS,
  );

  it(
    'every answer keeps the contract of its route: JSON matches its schema, Markdown its token count, negotiated pages Vary, the API CORS, HTML its CSP',
    async () => {
      const request = fc
        .record({
          path: fc.oneof({ weight: 4, arbitrary: arb.routePath }, { weight: 1, arbitrary: arb.mutatedPath }),
          query: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: arb.query }),
          headers: arb.headers({ clean: true, hostile: false }),
        })
        .map(({ path, query, headers }): RawRequest => ({ method: 'GET', target: path + query, headers }));
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            const target = targetAsRead(request.target);
            const exact = pathOf(target)?.exact;
            const type = response.headers['content-type'] ?? '';
            const resource = resourceOf(target);
            const servedPage = (response.status === 200 || response.status === 304) && resource?.kind === 'page';
            if (refusedInFront(response)) return ensureProblem(request, response);
            if ((exact && DETAIL_PAGE.test(exact) && reachesHandler(request)) || servedPage) {
              const vary = (response.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());
              ensure(vary.includes('accept'), 'a negotiated page without Vary: Accept', request, response);
            }
            if (response.status === 406) ensure(Array.isArray(jsonOf(request, response).available), 'a 406 without the available types', request, response);
            const cors = response.headers['access-control-allow-origin'];
            if (exact?.startsWith('/api/') && reachesHandler(request))
              ensure(cors === '*', 'an /api/ answer without Access-Control-Allow-Origin: *', request, response);
            if (response.status !== 200 || !resource) return; // a 200 for no resource: the property above fails it
            if (type.startsWith('text/html')) {
              const csp = (response.headers['content-security-policy'] ?? '').split(';').map((d) => d.trim().split(/\s+/));
              const directive = (name: string) => csp.find(([n]) => n === name)?.slice(1) ?? [];
              ensure(directive('default-src').includes("'self'"), "an HTML page without Content-Security-Policy: default-src 'self'", request, response);
              ensure(directive('frame-ancestors').join(' ') === "'none'", "an HTML page without frame-ancestors 'none'", request, response);
              ensure(
                directive('img-src').includes(site.imageOrigin),
                `an HTML page whose CSP does not allow images from ${site.imageOrigin}`,
                request,
                response,
              );
              ensure(response.headers['referrer-policy'], 'an HTML page without Referrer-Policy', request, response);
              reach.count('html');
            }
            if (type.startsWith('application/json') && !(resource.kind === 'file' && resource.file === '/openapi.json')) {
              const schema = schemaOf(resource);
              ensure(schema, 'JSON served for a route that has none', request, response);
              ensureMatches(schema, request, response);
              reach.count('json');
            }
            if (type.startsWith('text/markdown')) {
              ensure(type === 'text/markdown; charset=utf-8', 'Markdown with another Content-Type', request, response);
              ensure(cors === '*', 'Markdown without Access-Control-Allow-Origin: *', request, response);
              if (resource.kind === 'collection') {
                // Made per request, counted as it is made (tests/http/collection.test.ts recounts it).
                ensure(/^\d+$/.test(response.headers['x-markdown-tokens'] ?? ''), 'a valued list as Markdown without its token count', request, response);
              } else {
                const tokens = oracle.manifest.files[expectedFile(resource, type)!]?.tokens;
                ensure(response.headers['x-markdown-tokens'] === String(tokens), `x-markdown-tokens is not ${tokens}`, request, response);
              }
              reach.count('markdown');
            }
          }),
        ),
        { numRuns: RUNS.contract },
      );
      reach.expectAtLeast(FLOORS.contract);
    },
    TIMEOUT_MS,
  );

  it(
    'HEAD answers exactly like GET without a body',
    async () => {
      // Date and the connection's own fields differ by nature; Transfer-Encoding frames a body HEAD does not send.
      const ignored = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
      const comparable = (headers: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(headers)
            .filter(([name]) => !ignored.has(name))
            .sort(),
        );
      const request = fc
        .record({ path: arb.anyPath, query: arb.query, headers: arb.headers({ clean: false, hostile: true }) })
        .map(({ path, query, headers }): RawRequest => ({ method: 'GET', target: path + query, headers }));
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: BATCH / 2, size: 'max' }), (requests) =>
          forEach(requests, async (get) => {
            const head = { ...get, method: 'HEAD' };
            const [getResponse, headResponse] = await Promise.all([client.send(get), client.send(head)]);
            if (refusedAsHttp09(get, getResponse) && refusedAsHttp09(head, headResponse)) return;
            const asGet = `\nGET:\n${describeExchange(get, getResponse)}\nHEAD:`;
            ensure(headResponse.status === getResponse.status, `HEAD is a ${headResponse.status}, GET a ${getResponse.status}${asGet}`, head, headResponse);
            const [headFields, getFields] = [comparable(headResponse.headers), comparable(getResponse.headers)];
            const differ = [...new Set([...Object.keys(headFields), ...Object.keys(getFields)])].filter((name) => headFields[name] !== getFields[name]);
            ensure(differ.length === 0, `HEAD and GET differ in ${differ.join(', ')}${asGet}`, head, headResponse);
            ensure(headResponse.body.length === 0, 'HEAD with a body', head, headResponse);
            reach.count(getResponse.status === 200 ? 'success' : 'other');
          }),
        ),
        { numRuns: RUNS.head },
      );
      reach.expectAtLeast(FLOORS.head);
    },
    TIMEOUT_MS,
  );

  itOnTheWire(
    'an oversized request is a 431 problem whatever its method, its Host and the bytes after the limit',
    async () => {
      const request = fc
        .record({
          method: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE'),
          // Well-formed up to the limit (a malformed byte before it is a 400, as the hardening tests show).
          target: fc
            .tuple(arb.routePath, fc.oneof(fc.constant(''), arb.query))
            .map(([path, query]) => path + query)
            .filter((target) => /^\/[\x21-\x7e]*$/.test(target)),
          before: arb.headers({ clean: true, hostile: false }),
          // One field line longer than the limit: nginx in front refuses a line over its 16 KB buffer the same way.
          over: fc.integer({ min: MAX_HEADER_BYTES + 1, max: 3 * MAX_HEADER_BYTES }),
          // Whatever comes after it (Host among them, control characters and all) is past the limit.
          after: arb.headers({ clean: false, hostile: true }),
        })
        .map(
          ({ method, target, before, over, after }): RawRequest => ({
            method,
            target,
            headers: [...before.filter(([name]) => name !== 'Host' && name !== 'X-Padding'), ['X-Over', 'a'.repeat(over)], ...after],
          }),
        );
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            ensure(response.status === 431, `an oversized ${request.method} is a ${response.status || 'no answer'}, not a 431`, request, response);
            ensureProblem(request, response);
            ensure(response.headers['x-content-type-options'] === 'nosniff', 'a 431 without X-Content-Type-Options: nosniff', request, response);
            reach.count('refused');
          }),
        ),
        { numRuns: RUNS.oversized },
      );
      reach.expectAtLeast(FLOORS.oversized);
    },
    TIMEOUT_MS,
  );

  itOnTheWire(
    'every response carries X-Content-Type-Options: nosniff',
    async () => {
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(anyRequest()), (requests) =>
          sendAll(requests, (request, response) => {
            ensure(response.headers['x-content-type-options'] === 'nosniff', 'no X-Content-Type-Options: nosniff', request, response);
            reach.count('answer');
          }),
        ),
        { numRuns: RUNS.nosniff },
      );
      reach.expectAtLeast(FLOORS.nosniff);
    },
    TIMEOUT_MS,
  );

  itOnTheWire(
    'Host, X-Forwarded-For and the signature headers never change the answer',
    async () => {
      const pair = fc
        .record({
          method: fc.constantFrom('GET', 'HEAD'),
          // The searches most of all: the function answers them, and its gate reads Host, the forwarded and signature headers.
          path: fc.oneof(
            { weight: 3, arbitrary: arb.routePath },
            { weight: 2, arbitrary: fc.constantFrom('/api/cards', '/api/sealed', '/api/knowledge', AUTOCOMPLETE_PATH, '/search', '/sealed') },
            { weight: 1, arbitrary: arb.mutatedPath },
          ),
          query: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: arb.query }),
          headers: arb.headers({ clean: true, hostile: false }),
          irrelevant: arb.irrelevantHeaders.filter((fields) => fields.length > 0),
        })
        .map(({ method, path, query, headers, irrelevant }) => {
          const normal: RawRequest = { method, target: path + query, headers };
          const host = irrelevant.find(([name]) => name === 'Host');
          const others = irrelevant.filter(([name]) => name !== 'Host');
          const hostile: RawRequest = { ...normal, headers: [...headers.map(([n, v]): [string, string] => (n === 'Host' && host ? host : [n, v])), ...others] };
          return { normal, hostile };
        })
        // Size is the one thing these fields may change: a head near the limit that they push over it is a 431 by
        // right (the property below holds oversized requests to that). Pairs keep clear of the limit, on one side.
        .filter(
          ({ normal, hostile }) =>
            [normal, hostile].every((r) => Math.abs(headBytes(r) - MAX_HEADER_BYTES) > HEAD_MARGIN) &&
            headBytes(normal) < MAX_HEADER_BYTES === headBytes(hostile) < MAX_HEADER_BYTES,
        );
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: BATCH / 2, size: 'max' }), (pairs) =>
          forEach(pairs, async ({ normal, hostile }) => {
            const [expected, actual] = await Promise.all([client.send(normal), client.send(hostile)]);
            if (refusedAsHttp09(normal, expected) && refusedAsHttp09(hostile, actual)) return;
            // nginx refuses a Host that is not a valid host[:port] (RFC 9112 §3.2): a refusal, never another resource.
            if (refusedInFront(actual)) return ensureProblem(hostile, actual);
            const same =
              actual.status === expected.status &&
              actual.body.equals(expected.body) &&
              actual.headers['content-type'] === expected.headers['content-type'] &&
              actual.headers.etag === expected.headers.etag;
            ensure(
              same,
              `the answer differs from the one with Host: ${NORMAL_HOST} and no other such field\n${describeExchange(normal, expected)}\nwith them:`,
              hostile,
              actual,
            );
            reach.count(expected.status === 200 ? 'success' : 'other');
          }),
        ),
        { numRuns: RUNS.irrelevant },
      );
      reach.expectAtLeast(FLOORS.irrelevant);
    },
    TIMEOUT_MS,
  );

  itOnTheWire(
    'other methods get a 405 problem with Allow: GET, HEAD, OPTIONS (and POST where a path takes one); OPTIONS on the API and the detail pages is a CORS preflight',
    async () => {
      const preflight = fc
        .tuple(fc.boolean(), fc.constantFrom('if-none-match', 'signature, signature-input, signature-agent', 'If-None-Match, Signature'))
        .map(([withOrigin, names]): [string, string][] =>
          withOrigin
            ? [
                ['Origin', 'https://example.com'],
                ['Access-Control-Request-Method', 'GET'],
                ['Access-Control-Request-Headers', names],
              ]
            : [],
        );
      const request = fc
        .record({
          method: fc.oneof(fc.constant('OPTIONS'), arb.otherMethod),
          path: fc.oneof({ weight: 4, arbitrary: arb.routePath }, { weight: 1, arbitrary: arb.mutatedPath }),
          query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: arb.query }),
          headers: arb.headers({ clean: true, hostile: false }),
          preflight,
          body: withBody,
        })
        .map(
          ({ method, path, query, headers, preflight: fields, body }): RawRequest => ({
            method,
            target: path + query,
            headers: [...headers, ...(method === 'OPTIONS' ? fields : [])],
            ...(body === undefined ? {} : { body }),
          }),
        );
      const list = (value = '') =>
        value
          .split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean);
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            // CONNECT included: Node hands it to a separate event, but it is a method like the others to the contract.
            if (refusedInFront(response)) return ensureProblem(request, response);
            if (!reachesHandler({ ...request, method: 'GET' })) return;
            const target = targetAsRead(request.target);
            const path = pathOf(target);
            // The paths that take a POST (a list to value) answer it themselves (tests/http/collection.test.ts).
            const allowed = allowedMethodsOf(path?.exact ?? '');
            if (request.method === 'POST' && allowed.includes('POST')) return;
            if (request.method !== 'OPTIONS') {
              ensure(response.status === 405, `${request.method} is a ${response.status || 'no answer'}, not a 405`, request, response);
              ensure(response.headers.allow === allowed, `a 405 without Allow: ${allowed}`, request, response);
              ensureProblem(request, response);
              reach.count('refused');
              return;
            }
            // Only canonical paths: `//api/…` may be a path of its own that names nothing.
            const resource = resourceOf(target);
            const corsPath = path?.exact === path?.pathname && resource && (resource.kind !== 'file' || resource.file.startsWith('/api/'));
            if (!corsPath) return;
            ensure(response.status === 204, `OPTIONS on the API or a detail page is a ${response.status}, not a 204 preflight`, request, response);
            ensure(response.headers['access-control-allow-origin'] === '*', 'a preflight without Access-Control-Allow-Origin: *', request, response);
            ensure(
              list(response.headers['access-control-allow-methods']).join(', ') === list(allowed.replace(', OPTIONS', '')).join(', '),
              `a preflight without Access-Control-Allow-Methods: ${allowed.replace(', OPTIONS', '')}`,
              request,
              response,
            );
            const allowedHeaders = list(response.headers['access-control-allow-headers']);
            ensure(
              allowedHeaders.includes('*') || ['if-none-match', 'signature', 'signature-input', 'signature-agent'].every((h) => allowedHeaders.includes(h)),
              'Access-Control-Allow-Headers misses If-None-Match or a signature field',
              request,
              response,
            );
            ensure(/^\d+$/.test(response.headers['access-control-max-age'] ?? ''), 'a preflight without Access-Control-Max-Age', request, response);
            reach.count('preflight');
          }),
        ),
        { numRuns: RUNS.methods },
      );
      reach.expectAtLeast(FLOORS.methods);
    },
    TIMEOUT_MS,
  );

  it(
    'searches answer 200 within their envelope or 400 naming a parameter; a q with no searchable word matches nothing',
    async () => {
      const totals: Record<SearchEndpoint, number> = {
        cards: site.slugs.cards.length,
        sealed: site.slugs.sealed.length,
        knowledge: site.slugs.knowledge.length,
        autocomplete: 0,
      };
      const endpoints = Object.keys(SEARCH_PATHS) as SearchEndpoint[];
      const request = fc.tuple(fc.constantFrom(...endpoints), arb.searchPairs).map(
        ([endpoint, pairs]): RawRequest => ({
          method: 'GET',
          target: `${SEARCH_PATHS[endpoint]}${pairs.length ? `?${pairs.map(([n, v]) => `${n}=${strictEncode(v)}`).join('&')}` : ''}`,
          headers: [['Host', NORMAL_HOST]],
        }),
      );
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            const { pathname, query } = pathOf(request.target)!;
            const endpoint = endpoints.find((e) => SEARCH_PATHS[e] === pathname)!;
            const known = SEARCH_PARAMETERS[endpoint];
            ensure(response.status === 200 || response.status === 400, `a search answered ${response.status}`, request, response);
            if (response.status === 400) {
              const problem = jsonOf(request, response);
              ensure(known.includes(problem.parameter), `a 400 that names no parameter of ${pathname}`, request, response);
              ensure(
                typeof problem.detail === 'string' && problem.detail.includes(problem.parameter),
                'a 400 whose detail does not name its parameter',
                request,
                response,
              );
              reach.count('refused');
              return;
            }
            const body = ensureMatches(SEARCH_SCHEMAS[endpoint], request, response);
            for (const name of known) ensure(query.getAll(name).length <= 1, `${name} given twice, yet a 200`, request, response);
            const value = (name: string) => query.get(name) ?? undefined;
            if (endpoint === 'autocomplete') {
              const q = value('q') ?? '';
              ensure(body.results.length <= AUTOCOMPLETE_LIMIT, `more than ${AUTOCOMPLETE_LIMIT} suggestions`, request, response);
              if ([...q.trim()].length < AUTOCOMPLETE_MIN_LENGTH) ensure(body.results.length === 0, 'suggestions for a q too short', request, response);
              const labels = body.results.map((r: { kind: string; label: string }) => `${r.kind} ${r.label}`);
              ensure(new Set(labels).size === labels.length, 'a name or set suggested twice', request, response);
              reach.count('autocomplete');
              return;
            }
            if (endpoint === 'knowledge') {
              const tag = value('tag');
              if (tag !== undefined)
                ensure(
                  body.every((a: { facility_tags: string[] }) => a.facility_tags.includes(tag)),
                  `an article without tag ${tag}`,
                  request,
                  response,
                );
              reach.count('knowledge');
              return;
            }
            ensure(body.count === body.results.length, 'count is not the number of results', request, response);
            const ids = value('ids');
            if (ids !== undefined) {
              // A look-up by id or slug: each key asked for is a result that it names, or in notFound.
              const asked = ids.split(',').map((key) => key.trim().toLowerCase());
              ensure(body.results.length + body.notFound.length === asked.length, 'a look-up that answered other than once per key', request, response);
              ensure(
                body.results.every((r: { id: string; slug: string; productId?: number }) =>
                  [r.id, r.slug, String(r.productId)].some((key) => asked.includes(key.toLowerCase())),
                ),
                'a look-up result that no key asked for names',
                request,
                response,
              );
              ensure(
                body.notFound.every((key: string) => asked.includes(key.toLowerCase())),
                'a look-up that did not find a key it was not asked for',
                request,
                response,
              );
              reach.count('look-up');
              return;
            }
            const tcgplayer = endpoint === 'cards' ? value('tcgplayer') : undefined;
            if (tcgplayer !== undefined) {
              // A look-up by product: every result is a printing of a product asked for, and only ids asked for are not found.
              const asked = tcgplayer.split(',').map((id) => Number(id.trim()));
              ensure(
                body.results.every((c: { printing?: { productId: number } }) => c.printing && asked.includes(c.printing.productId)),
                'a look-up result that is no printing of a product asked for',
                request,
                response,
              );
              ensure(
                body.notFound.every((id: string) => asked.includes(Number(id))),
                'a look-up that did not find an id it was not asked for',
                request,
                response,
              );
              reach.count('look-up');
              return;
            }
            ensure(body.results.length <= 200, 'more than 200 results', request, response);
            const limit = value('limit');
            if (limit !== undefined && /^\d+$/.test(limit)) ensure(body.results.length <= Number(limit), `more results than limit=${limit}`, request, response);
            const band = value('band');
            if (band !== undefined && endpoint === 'cards')
              ensure(
                body.results.every((c: { valueBand: string }) => c.valueBand === band),
                `a result outside band ${band}`,
                request,
                response,
              );
            const kind = value('kind');
            if (kind !== undefined && endpoint === 'sealed')
              ensure(
                body.results.every((p: { kind: string }) => p.kind === kind),
                `a result of another kind than ${kind}`,
                request,
                response,
              );
            const q = value('q');
            // "No searchable word" is the search's own tokenizer's verdict: symbols such as ★ or ♀ are words on cards.
            if (q !== undefined && q.trim() !== '' && queryTokens(q).length === 0) {
              ensure(body.total === 0, `a q with no searchable word matches ${body.total}: q=${JSON.stringify(q)}`, request, response);
            }
            if ((q === undefined || q.trim() === '') && !(endpoint === 'cards' ? band : kind)) {
              ensure(body.total === totals[endpoint], `without q or a filter, total is not every item (${totals[endpoint]})`, request, response);
            }
            reach.count('search');
          }),
        ),
        { numRuns: RUNS.search },
      );
      reach.expectAtLeast(FLOORS.search);
    },
    TIMEOUT_MS,
  );

  it(
    'a list to value, however written and however sent, is valued line by line with totals that add up, or refused with a problem',
    async () => {
      const line = fc.oneof(
        arb.searchValue,
        fc.constantFrom('2x base1-4', 'x3 charizard', 'charizard 4/102 psa 10', '=cmd|"/c calc"!A1', '0x', '99999x mew', 'bgs 9.5', ',,,', '"', '\t'),
      );
      const list = fc.array(line, { maxLength: 12 }).chain((lines) => fc.constantFrom('\n', '\r\n', '\r').map((end) => lines.join(end)));
      const request = fc.oneof(
        list.map((text): RawRequest => ({ method: 'GET', target: `/api/collection?list=${strictEncode(text)}`, headers: [['Host', NORMAL_HOST]] })),
        fc.tuple(list, fc.constantFrom('text/plain', 'text/csv', 'text/plain; charset=utf-8', 'application/json', 'multipart/form-data', '')).map(
          ([text, type]): RawRequest => ({
            method: 'POST',
            target: '/api/collection',
            headers: [['Host', NORMAL_HOST], ...(type ? ([['Content-Type', type]] as [string, string][]) : [])],
            body: text,
          }),
        ),
      );
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            if (refusedInFront(response)) return ensureProblem(request, response);
            if (response.status !== 200) {
              ensure([400, 413, 414, 415].includes(response.status), `a list answered ${response.status}`, request, response);
              ensureProblem(request, response);
              reach.count('refused');
              return;
            }
            const body = ensureMatches('collection.json', request, response);
            const cents = (usd: number | null) => Math.round((usd ?? 0) * 100);
            const entries = body.entries as { status: string; quantity: number; unitValueUsd: number | null; lineValueUsd: number | null }[];
            ensure(
              cents(body.totalUsd) === entries.reduce((sum, e) => sum + cents(e.lineValueUsd), 0),
              'the total is not the sum of the lines',
              request,
              response,
            );
            ensure(body.quantity === entries.reduce((sum, e) => sum + e.quantity, 0), 'the quantity is not the sum of the lines', request, response);
            for (const status of ['matched', 'ambiguous', 'not-found', 'unpriced'])
              ensure(body.counts[status] === entries.filter((e) => e.status === status).length, `counts.${status} does not count the lines`, request, response);
            for (const e of entries)
              ensure(
                (e.unitValueUsd === null) === (e.lineValueUsd === null) && cents(e.lineValueUsd) === Math.round(cents(e.unitValueUsd) * e.quantity),
                'a line value that is not its unit value times its quantity',
                request,
                response,
              );
            reach.count(entries.length > 0 ? 'valued' : 'empty');
          }),
        ),
        { numRuns: RUNS.search },
      );
      reach.expectAtLeast(FLOORS.collection);
    },
    TIMEOUT_MS,
  );

  it(
    "an MCP message, however written, is a JSON-RPC answer, a tool error or a problem; a tool result is the API's JSON",
    async () => {
      const TOOLS = ['search_cards', 'search_sealed', 'search_knowledge', 'get_card', 'get_set', 'value_collection', 'list_sets', 'no_such_tool'];
      const argument = fc.oneof(
        arb.searchValue,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
        fc.object({ maxDepth: 1 }),
      );
      const names = fc.constantFrom(
        'q',
        'limit',
        'offset',
        'sort',
        'band',
        'ids',
        'tcgplayer',
        'kind',
        'slug',
        'setId',
        'list',
        'tag',
        '__proto__',
        'constructor',
      );
      // Any arguments to any tool, and now and then a tool's own arguments with hostile values: with any arguments
      // alone, about 1 message in 150 came back a tool result for the deepest check to hold to the API's schema.
      const own = fc.oneof(
        fc.record({ name: fc.constantFrom('search_cards', 'search_sealed'), args: fc.record({ q: arb.searchValue }) }),
        fc.record({ name: fc.constant('get_card'), args: fc.record({ slug: fc.oneof(fc.constantFrom(...site.slugs.cards), arb.searchValue) }) }),
        fc.record({ name: fc.constant('get_set'), args: fc.record({ setId: fc.oneof(fc.constantFrom(...site.slugs.sets), arb.searchValue) }) }),
        fc.record({
          name: fc.constant('value_collection'),
          args: fc.record({ list: fc.array(arb.searchValue, { maxLength: 4 }).map((lines) => lines.join('\n')) }),
        }),
        fc.record({ name: fc.constant('list_sets'), args: fc.constant({}) }),
      );
      const call = fc
        .oneof(
          { weight: 2, arbitrary: fc.record({ name: fc.constantFrom(...TOOLS), args: fc.dictionary(names, argument, { maxKeys: 3 }) }) },
          { weight: 1, arbitrary: own },
        )
        .map(({ name, args }) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }));
      const other = fc.oneof(
        fc
          .constantFrom('tools/list', 'resources/list', 'ping', 'prompts/list', 'initialize', 'resources/read', 'logging/setLevel')
          .map((method) => JSON.stringify({ jsonrpc: '2.0', id: 'x', method, params: method === 'resources/read' ? { uri: 'card-values:/llms.txt' } : {} })),
        fc.json({ maxDepth: 2 }),
        fc.string({ maxLength: 40 }),
      );
      const request = fc
        .record({
          body: fc.oneof({ weight: 3, arbitrary: call }, { weight: 1, arbitrary: other }),
          type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', ''),
          accept: fc.constantFrom('application/json, text/event-stream', 'application/json', '*/*', ''),
          version: fc.constantFrom('', '2025-11-25', '2025-03-26', '2024-11-05', 'x'),
        })
        .map(({ body, type, accept, version }): RawRequest => {
          const headers: [string, string][] = [['Host', NORMAL_HOST]];
          if (type) headers.push(['Content-Type', type]);
          if (accept) headers.push(['Accept', accept]);
          if (version) headers.push(['MCP-Protocol-Version', version]);
          return { method: 'POST', target: '/mcp', headers, body };
        });
      // What each tool's structured result is, when it is not an error.
      const schemaOfTool: Record<string, string> = {
        search_cards: 'card-search.json',
        search_sealed: 'sealed-search.json',
        get_card: 'card-detail.json',
        get_set: 'set-detail.json',
        value_collection: 'collection.json',
        list_sets: 'set-list.json',
      };
      const reach = reached();
      await fc.assert(
        fc.asyncProperty(batch(request), (requests) =>
          sendAll(requests, (request, response) => {
            if (refusedInFront(response)) return ensureProblem(request, response);
            ensure(response.status < 500, `an MCP message answered ${response.status}`, request, response);
            if (response.status === 202) return;
            if (/^application\/problem\+json/.test(response.headers['content-type'] ?? '')) {
              ensure([400, 403, 413, 415].includes(response.status), `a ${response.status} problem on /mcp`, request, response);
              ensureProblem(request, response);
              reach.count('refused');
              return;
            }
            const body = jsonOf(request, response);
            // A batch (2025-03-26 only) is answered with the array of its messages' answers.
            const answers = Array.isArray(body) ? body : [body];
            ensure(answers.length > 0 && answers.every((answer) => answer?.jsonrpc === '2.0'), 'an answer that is not JSON-RPC 2.0', request, response);
            reach.count('json-rpc');
            if (Array.isArray(body) || response.status !== 200 || body.error) return;
            const sent = JSON.parse(String(request.body));
            const schema = sent.method === 'tools/call' ? schemaOfTool[sent.params.name] : undefined;
            if (!schema || body.result.isError) return;
            try {
              assertMatches(schema, body.result.structuredContent, 'the structured result');
            } catch (error) {
              ensure(false, (error as Error).message, request, response);
            }
            reach.count('tool result');
          }),
        ),
        { numRuns: RUNS.mcp },
      );
      reach.expectAtLeast(FLOORS.mcp);
    },
    TIMEOUT_MS,
  );

  it('the server still answers a plain search after all of it', async () => {
    const request: RawRequest = { method: 'GET', target: '/api/cards?q=charizard', headers: [['Host', NORMAL_HOST]] };
    const response = await client.send(request);
    ensure(response.status === 200, 'the server no longer answers', request, response);
    expect(ensureMatches('card-search.json', request, response).total).toBe(2);
  });
});
