/**
 * The request policy, written once for every runtime that answers for the
 * site: route → preflight → method (GET and HEAD; POST where a path takes one) → a build file (with its manifest headers,
 * 304 and HEAD) → a negotiated page → the function's own answers → 404. Each
 * runtime supplies only what differs (a `ServeRuntime`): where a file's bytes
 * come from, who answers the function's routes, and whether negotiated pages
 * are counted. The Node function (src/server/node-http-server.ts) and the
 * Cloudflare Worker (src/deploy/cloudflare/worker.ts) are thin adapters
 * around it, as Hono's runtimes each supply only a `getContent` to one
 * serve-static.
 *
 * Routing reads the request target alone: the Host header never changes which
 * resource answers. Only strings built from validated slugs or plain static
 * paths, and listed in the build manifest, ever name a file (routes.ts).
 */
import { etagMatches } from './etag.ts';
import type { GateDecision, HttpRequest, HttpResponse } from './exchange.ts';
import type { FileInfo, FileManifest } from './file-manifest.ts';
import {
  API_HEADERS,
  CORS_HEADERS,
  directFileHeaders,
  fileHeaders,
  negotiatedHeaders,
  preflightHeadersOf,
  representationFile,
  SECURITY_HEADERS,
} from './headers.ts';
import { type Collection, pageUrl } from './links.ts';
import { negotiate, REPRESENTATION_TYPES } from './negotiate.ts';
import { badRequest, functionUnavailable, internalError, methodNotAllowed, notAcceptable, notFound, problemResponse } from './problem.ts';
import { allowedMethodsOf, allowsMethod, type FunctionRoute, fileOfRoute, requestUrlOf, routeExists, routeOf } from './routes.ts';

/** The file's bytes cannot be had just now: the client gets a 503 with Retry-After, never another build's bytes. */
export class FileUnavailable extends Error {}

export interface ServeRuntime<Request extends HttpRequest, Body> {
  /** The build's files by URL path; a promise the first time when the manifest is still being read. */
  files(): FileManifest['files'] | Promise<FileManifest['files']>;
  /** The bytes of a build file the manifest lists (never called for HEAD or a 304); throws FileUnavailable. */
  readFile(file: string, info: FileInfo, request: Request): Promise<Body | Uint8Array<ArrayBuffer>>;
  /** Answers what the function computes: the searches and the search pages. */
  answerFunction(route: FunctionRoute, url: URL, request: Request): Promise<HttpResponse<Body>>;
  /** Counts a negotiated page against the client's limit; absent where pages are files no one counts (a CDN). */
  gate?(request: Request): Promise<GateDecision>;
}

/** What a client may retry after when the prebuilt files are unavailable, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The policy over one runtime: a function from a request to its answer, which never throws (a fault of ours
 * is logged and answered 500 without details).
 * @example const serve = createRequestPolicy(runtime); const response = await serve(request);
 */
export function createRequestPolicy<Request extends HttpRequest, Body>(runtime: ServeRuntime<Request, Body>) {
  type Response = HttpResponse<Body>;

  /** A build file with its manifest headers: 304 on a matching If-None-Match, the bytes read only for a GET. */
  async function serveFile(request: Request, file: string, info: FileInfo, extra: Record<string, string>): Promise<Response> {
    const { 'Content-Type': contentType, ...common } = { ...extra, ...fileHeaders(file, info) };
    if (etagMatches(request.header('if-none-match'), info.etag)) return { status: 304, headers: common, body: null };
    const headers = { ...common, 'Content-Type': contentType, 'Content-Length': String(info.bytes) };
    if (request.method === 'HEAD') return { status: 200, headers, body: null };
    try {
      return { status: 200, headers, body: await runtime.readFile(file, info, request) };
    } catch (error) {
      if (!(error instanceof FileUnavailable)) throw error;
      console.error(`serve: ${error.message}`);
      return problemResponse(functionUnavailable('The prebuilt files are unavailable for a moment; retry shortly.'), {
        ...extra,
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
  }

  async function serveNegotiated(request: Request, collection: Collection, slug: string | undefined): Promise<Response> {
    let counted: Record<string, string> = {};
    if (runtime.gate) {
      const decision = await runtime.gate(request);
      if (!decision.go) return problemResponse(decision.problem, { Vary: 'Accept', ...CORS_HEADERS, ...decision.headers });
      counted = decision.headers;
    }
    const vary = { ...counted, Vary: 'Accept' };
    const files = await runtime.files();
    if (!files[representationFile(collection, slug, 'html')]) return problemResponse(notFound(pageUrl(collection, slug)), vary);
    const representation = negotiate(request.header('accept'));
    if (representation === null) {
      const { Link } = negotiatedHeaders(collection, slug, 'html');
      return problemResponse(notAcceptable(Object.values(REPRESENTATION_TYPES)), { ...vary, Link });
    }
    const file = representationFile(collection, slug, representation);
    if (!files[file]) return problemResponse(notFound(pageUrl(collection, slug)), vary);
    return serveFile(request, file, files[file], { ...counted, ...negotiatedHeaders(collection, slug, representation) });
  }

  async function answer(request: Request): Promise<Response> {
    if (request.missingHost) return problemResponse(badRequest('An HTTP/1.1 request must carry a Host header.'));
    if (request.repeatedHost) return problemResponse(badRequest('A request must carry one Host header, not several.'));
    const url = requestUrlOf(request.target);
    if (!url) return problemResponse(badRequest('The request target is not a path (it must start with "/").'));
    const route = routeOf(url.pathname, url.searchParams);
    const apiHeaders: Record<string, string> = url.pathname.startsWith('/api/') ? API_HEADERS : {};
    const allowed = allowedMethodsOf(url.pathname);
    if (request.method === 'OPTIONS') {
      if (!routeExists(route, await runtime.files())) return problemResponse(notFound(url.pathname), apiHeaders);
      return { status: 204, headers: preflightHeadersOf(url.pathname), body: null };
    }
    if (!allowsMethod(url.pathname, request.method)) {
      return problemResponse(methodNotAllowed(request.method, allowed), { ...apiHeaders, Allow: allowed });
    }
    switch (route.kind) {
      case 'function':
        return runtime.answerFunction(route, url, request);
      case 'negotiated':
        return serveNegotiated(request, route.collection, route.slug);
      case 'file': {
        const files = await runtime.files();
        const file = fileOfRoute(route, files);
        if (file) return serveFile(request, file, files[file], directFileHeaders(file));
        return problemResponse(notFound(url.pathname), apiHeaders);
      }
      case 'not-found':
        return problemResponse(notFound(url.pathname), apiHeaders);
    }
  }

  return async (request: Request): Promise<Response> => {
    let response: Response;
    try {
      response = await answer(request);
    } catch (error) {
      // A fault of ours, never of the input: log it, answer without details.
      console.error(`serve: ${request.method} ${request.target}:`, error);
      response = problemResponse(internalError());
    }
    return withSecurityHeaders(response);
  };
}

/** Every response carries the security headers; a function's answer passed on (the Worker's) already does. */
function withSecurityHeaders<T extends HttpResponse<unknown>>(response: T): T {
  for (const name of Object.keys(response.headers)) if (name.toLowerCase() === 'x-content-type-options') return response;
  return { ...response, headers: { ...SECURITY_HEADERS, ...response.headers } };
}
