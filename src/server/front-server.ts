import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type Answer, etagMatches } from '../http/answer.ts';
import type { FileManifest } from '../http/file-manifest.ts';
import {
  API_HEADERS,
  CORS_HEADERS,
  directFileHeaders,
  fileHeaders,
  negotiatedHeaders,
  PREFLIGHT_HEADERS,
  representationFile,
  SECURITY_HEADERS,
} from '../http/headers.ts';
import { type Collection, pageUrl } from '../http/links.ts';
import { negotiate, REPRESENTATION_TYPES } from '../http/negotiate.ts';
import {
  ALLOWED_METHODS,
  badRequest,
  functionUnavailable,
  methodNotAllowed,
  notAcceptable,
  notFound,
  PROBLEM_CONTENT_TYPE,
  type Problem,
} from '../http/problem.ts';
import { fileOfRoute, type Route, requestUrlOf, routeExists, routeOf } from '../http/routes.ts';
import type { FunctionGate } from './function-gate.ts';
import type { ListingPages } from './listing-pages.ts';
import type { Searchers } from './search-data.ts';
import { answerSearch } from './search-endpoints.ts';
import { ORIGIN_FETCH_HEADER, type StaticFiles, StaticFileUnavailable } from './static-files.ts';

/**
 * The one server in front of everything: prebuilt files straight from the build
 * output (with their manifest ETags and token counts), Accept negotiation of the
 * detail pages, and the search endpoints (search-endpoints.ts, the same code as
 * Astro's routes in src/pages/api/). In the adapter's standalone server,
 * prerendered files are served before any Astro code runs, so negotiation has
 * to live here, in front. Astro's handler is loaded only when a request is
 * routed to it (a function route that is no search; none today), so no search
 * ever waits for Astro's server entry.
 *
 * Routing reads the request target alone: the Host header never changes which
 * resource answers, and Astro is handed a request rebuilt from the routed path
 * and query with a fixed host, so nothing a client writes in Host or the
 * forwarded headers can steer it (or its cache keys) elsewhere.
 */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: App.Locals) => Promise<void> | void;

export interface FrontServerOptions {
  /** Where the bytes of prebuilt files come from (dist/client, or the static host in front). */
  files: StaticFiles;
  /** The build manifest; a promise so that the server can listen (and search) before it is parsed. */
  manifest: FileManifest | Promise<FileManifest>;
  searchers: Searchers;
  /** The search pages for people (`/search`, `/sealed?…`). */
  listingPages: ListingPages;
  /** Loads Astro's handler (dist/server/entry.mjs); called on the first request routed to Astro, not before. */
  loadAstro: () => Promise<AstroHandler>;
  /** The rate limiter and agent verifier, before every answer the function computes. */
  gate?: FunctionGate;
}

type Headers = Record<string, string | number>;

/** The host Astro sees on every request it is handed (see above). */
const ASTRO_HOST = 'localhost';
const FORWARDED_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', 'forwarded'];
const openGate: FunctionGate = async () => ({ go: true, headers: {} });

export function createFrontServer(options: FrontServerOptions) {
  const { files: staticFiles, searchers, gate = openGate, listingPages } = options;
  let astro: Promise<AstroHandler> | undefined;
  /** Astro's handler, loaded once; a failed load is logged by the request that waited for it and tried again by the next. */
  const astroHandler = (): Promise<AstroHandler> =>
    (astro ??= options.loadAstro().catch((error: unknown) => {
      astro = undefined;
      throw error;
    }));
  let manifest: FileManifest | undefined;
  const manifestReady = Promise.resolve(options.manifest).then((m) => (manifest = m));
  /** The files of the build (once the manifest is read; at once after that). */
  const buildFiles = async (): Promise<FileManifest['files']> => (manifest ?? (await manifestReady)).files;
  const locals: App.Locals = { searchers };
  /**
   * Pipelined requests of one connection reach Astro one at a time. Astro
   * watches the socket once per request in flight (to abort on disconnect), so
   * dozens pipelined at once would pile dozens of listeners on one socket; their
   * answers leave in order anyway, so waiting costs nothing.
   */
  const astroQueues = new WeakMap<Socket, Promise<void>>();

  function sendProblem(res: ServerResponse, problem: Problem, headers: Headers = {}): void {
    const body = JSON.stringify(problem);
    res.writeHead(problem.status, {
      ...headers,
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  /** Sends a build file listed in the manifest; false when the manifest has no such file. */
  async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Headers): Promise<boolean> {
    const info = (await buildFiles())[file];
    if (!info) return false;
    const { 'Content-Type': contentType, ...common } = { ...headers, ...fileHeaders(file, info) };
    if (etagMatches(req.headers['if-none-match'], info.etag)) {
      res.writeHead(304, common);
      res.end();
      return true;
    }
    const full = { ...common, 'Content-Type': contentType, 'Content-Length': info.bytes };
    if (req.method === 'HEAD') {
      res.writeHead(200, full);
      res.end();
      return true;
    }
    let body: Buffer;
    try {
      if (staticFiles.remote && req.headers[ORIGIN_FETCH_HEADER]) {
        throw new StaticFileUnavailable(`the static host sent ${file} back to the function: it must serve file paths itself (STATIC_ORIGIN would loop)`);
      }
      body = await staticFiles.read(file, info);
    } catch (error) {
      if (!(error instanceof StaticFileUnavailable)) throw error;
      console.error(`front-server: ${error.message}`);
      sendProblem(res, functionUnavailable('The prebuilt files are unavailable for a moment; retry shortly.'), { ...headers, 'Retry-After': 5 });
      return true;
    }
    res.writeHead(200, full);
    res.end(body);
    return true;
  }

  async function sendNegotiated(
    req: IncomingMessage,
    res: ServerResponse,
    collection: Collection,
    slug: string | undefined,
    gateHeaders: Headers,
  ): Promise<void> {
    const vary: Headers = { ...gateHeaders, Vary: 'Accept' };
    if (!(await buildFiles())[representationFile(collection, slug, 'html')]) return sendProblem(res, notFound(pageUrl(collection, slug)), vary);
    const representation = negotiate(req.headers.accept);
    if (representation === null) {
      const { Link } = negotiatedHeaders(collection, slug, 'html');
      return sendProblem(res, notAcceptable(Object.values(REPRESENTATION_TYPES)), { ...vary, Link });
    }
    await sendFile(req, res, representationFile(collection, slug, representation), { ...gateHeaders, ...negotiatedHeaders(collection, slug, representation) });
  }

  function handToAstro(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    req.url = `${url.pathname}${url.search}`;
    req.headers.host = ASTRO_HOST;
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const finished = new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    });
    const socket = req.socket;
    const turn = (astroQueues.get(socket) ?? Promise.resolve()).then(async () => (await astroHandler())(req, res, undefined, locals));
    astroQueues.set(
      socket,
      turn.then(
        () => finished,
        () => finished,
      ),
    );
    return turn;
  }

  /**
   * Writes an endpoint's answer after the headers already set (security, API, the gate's). Framed as
   * Astro's handler framed it (chunked, no Content-Length), so the bytes on the wire are the same.
   */
  function sendAnswer(res: ServerResponse, { status, headers, body }: Answer): void {
    res.writeHead(status, headers);
    res.end(body ?? undefined);
  }

  /** Asks the gate: the headers to add when the request may go on, else null after answering 429 with `refusalHeaders`. */
  async function passGate(req: IncomingMessage, res: ServerResponse, refusalHeaders: Headers): Promise<Headers | null> {
    const decision = await gate(req);
    if (decision.go) return decision.headers;
    sendProblem(res, decision.problem, { ...refusalHeaders, ...decision.headers });
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // HTTP/1.1 requires Host (RFC 9112 §3.2), though routing never reads it.
    if (req.headers.host === undefined && req.httpVersion === '1.1') return sendProblem(res, badRequest('An HTTP/1.1 request must carry a Host header.'));
    const url = requestUrlOf(req.url ?? '');
    if (!url) return sendProblem(res, badRequest('The request target is not a path (it must start with "/").'));
    const route: Route = routeOf(url.pathname, url.searchParams);
    const apiHeaders: Headers = url.pathname.startsWith('/api/') ? { ...API_HEADERS } : {};
    if (req.method === 'OPTIONS') {
      if (!routeExists(route, await buildFiles())) return sendProblem(res, notFound(url.pathname), apiHeaders);
      res.writeHead(204, PREFLIGHT_HEADERS);
      return void res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendProblem(res, methodNotAllowed(req.method), { ...apiHeaders, Allow: ALLOWED_METHODS });
    }
    switch (route.kind) {
      case 'function': {
        if (route.page) {
          const limits = await passGate(req, res, {});
          if (!limits) return;
          for (const [name, value] of Object.entries(limits)) res.setHeader(name, value);
          return sendAnswer(res, await listingPages.answer(route.page, url.searchParams, req.headers['if-none-match']));
        }
        const limits = await passGate(req, res, API_HEADERS);
        if (!limits) return;
        for (const [name, value] of Object.entries({ ...API_HEADERS, ...limits })) res.setHeader(name, value);
        if (route.endpoint) return sendAnswer(res, answerSearch(searchers, route.endpoint, url.searchParams, req.headers['if-none-match']));
        return handToAstro(req, res, url);
      }
      case 'negotiated': {
        const limits = await passGate(req, res, { Vary: 'Accept', ...CORS_HEADERS });
        if (!limits) return;
        return sendNegotiated(req, res, route.collection, route.slug, limits);
      }
      case 'file': {
        const file = fileOfRoute(route, await buildFiles());
        if (file && (await sendFile(req, res, file, directFileHeaders(file)))) return;
        return sendProblem(res, notFound(url.pathname), apiHeaders);
      }
      case 'not-found':
        return sendProblem(res, notFound(url.pathname), apiHeaders);
    }
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      // A fault of ours, never of the input: log it, answer without details.
      console.error(`front-server: ${req.method} ${req.url}:`, error);
      if (!res.headersSent)
        sendProblem(res, { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'The server failed to answer this request.' });
      else res.destroy();
    });
  };
}
