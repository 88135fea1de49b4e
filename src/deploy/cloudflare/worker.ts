/**
 * The Cloudflare Worker in front of the build's static assets: the same
 * answers as the function's front server (src/server/front-server.ts) for
 * every prebuilt file and negotiated page, made from the same header rules
 * (src/http/headers.ts), routes and negotiation, and the searches passed on
 * to the function.
 *
 * The Worker runs before the asset server on every path (`run_worker_first:
 * true`): Cloudflare's asset server would send its own ETag and no token count,
 * so the asset server here is only the store the Worker reads bodies from,
 * through the ASSETS binding. Headers never come from it: they come from the
 * build manifest, which is bundled into the Worker (see src/deploy/cloudflare.ts).
 *
 * What it does not do: rate limiting and agent verification. Those stay the
 * function's, for the searches it still answers; negotiated pages are files
 * here, as on any static host, and are not counted.
 */

import { etagMatches } from '../../http/answer.ts';
import type { FileInfo } from '../../http/file-manifest.ts';
import { API_HEADERS, directFileHeaders, fileHeaders, negotiatedHeaders, PREFLIGHT_HEADERS, representationFile, SECURITY_HEADERS } from '../../http/headers.ts';
import { pageUrl } from '../../http/links.ts';
import { negotiate, REPRESENTATION_TYPES } from '../../http/negotiate.ts';
import {
  ALLOWED_METHODS,
  badRequest,
  functionUnavailable,
  methodNotAllowed,
  notAcceptable,
  notFound,
  PROBLEM_CONTENT_TYPE,
  type Problem,
} from '../../http/problem.ts';
import { fileOfRoute, type Route, requestUrlOf, routeExists, routeOf } from '../../http/routes.ts';

/** What the Worker is bound to (wrangler.jsonc `assets.binding` and `vars`). */
export interface Env {
  /** The static assets of this Worker version: dist/client. */
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** Where the function listens, e.g. https://fn.example (no trailing slash needed). */
  FUNCTION_ORIGIN: string;
}

type Files = Record<string, FileInfo>;
type HeaderMap = Record<string, string>;

/** How long a search may take before the client gets a 503 instead. */
const FUNCTION_TIMEOUT_MS = 10_000;
/** What a client may retry after when the function or the assets are unavailable, in seconds. */
const RETRY_AFTER = '5';
/**
 * Request headers never passed on to the function: hop-by-hop ones, the host
 * (fetch sets the function's own), Cloudflare's, and forwarded ones a client
 * may have written itself (the Worker writes its own below).
 */
const NOT_FORWARDED =
  /^(?:host|connection|keep-alive|te|trailer|transfer-encoding|upgrade|proxy-.*|content-length|forwarded|x-forwarded-.*|x-real-ip|cf-.*|cdn-loop)$/i;

/** A problem, with its Content-Length also on HEAD (as the function sends it), never cached. */
function problemResponse(request: Request, problem: Problem, headers: HeaderMap = {}): Response {
  const body = new TextEncoder().encode(JSON.stringify(problem));
  return new Response(request.method === 'HEAD' ? null : body, {
    status: problem.status,
    headers: {
      ...SECURITY_HEADERS,
      ...headers,
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': String(body.byteLength),
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * The Worker's handlers over one build's manifest.
 * @example export default createWorker(manifest.files);
 */
export function createWorker(files: Files) {
  /** A build file with its manifest headers: 304 on a matching If-None-Match, the body read from the assets only for a GET. */
  async function serveFile(request: Request, env: Env, file: string, extra: HeaderMap, notFoundPath: string): Promise<Response> {
    const info = files[file];
    if (!info) return problemResponse(request, notFound(notFoundPath), extra);
    const headers: HeaderMap = { ...SECURITY_HEADERS, ...extra, ...fileHeaders(file, info) };
    const { 'Content-Type': contentType, ...common } = headers;
    if (etagMatches(request.headers.get('if-none-match'), info.etag)) return new Response(null, { status: 304, headers: common });
    const full = { ...common, 'Content-Type': contentType, 'Content-Length': String(info.bytes) };
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers: full });
    // The path comes from the manifest, never from the request; no conditional headers, since the asset server's ETags are not ours.
    const asset = await env.ASSETS.fetch(new Request(new URL(file, request.url), { method: 'GET' }));
    if (asset.status !== 200) {
      await asset.body?.cancel();
      return problemResponse(request, functionUnavailable('The prebuilt files are unavailable for a moment; retry shortly.'), {
        ...extra,
        'Retry-After': RETRY_AFTER,
      });
    }
    return new Response(asset.body, { status: 200, headers: full });
  }

  function serveNegotiated(request: Request, env: Env, route: Extract<Route, { kind: 'negotiated' }>): Promise<Response> | Response {
    const { collection, slug } = route;
    const vary = { Vary: 'Accept' };
    if (!files[representationFile(collection, slug, 'html')]) return problemResponse(request, notFound(pageUrl(collection, slug)), vary);
    const representation = negotiate(request.headers.get('accept'));
    if (representation === null) {
      const { Link } = negotiatedHeaders(collection, slug, 'html');
      return problemResponse(request, notAcceptable(Object.values(REPRESENTATION_TYPES)), { ...vary, Link });
    }
    const file = representationFile(collection, slug, representation);
    return serveFile(request, env, file, negotiatedHeaders(collection, slug, representation), pageUrl(collection, slug));
  }

  /** Passes a request the function must answer (a search) on to it, and its answer back as it is. */
  async function proxy(request: Request, env: Env, url: URL): Promise<Response> {
    const headers = new Headers();
    for (const [name, value] of request.headers) if (!NOT_FORWARDED.test(name)) headers.set(name, value);
    // The function counts clients by the address a trusted proxy saw (TRUST_PROXY=1): the one Cloudflare saw.
    const client = request.headers.get('cf-connecting-ip');
    if (client) headers.set('X-Forwarded-For', client);
    const incoming = new URL(request.url);
    // Web Bot Auth signatures cover the authority the agent addressed: ours, not the function's.
    headers.set('X-Forwarded-Host', incoming.host);
    headers.set('X-Forwarded-Proto', incoming.protocol.slice(0, -1));
    const target = `${env.FUNCTION_ORIGIN.replace(/\/+$/, '')}${url.pathname}${url.search}`;
    let response: Response;
    try {
      response = await fetch(target, { method: request.method, headers, redirect: 'manual', signal: AbortSignal.timeout(FUNCTION_TIMEOUT_MS) });
    } catch {
      return problemResponse(request, functionUnavailable(), { ...API_HEADERS, 'Retry-After': RETRY_AFTER });
    }
    // A proxy's own error page (a load balancer's 502, Cloudflare's 52x) is not the function's answer.
    if (response.status >= 500 && response.headers.get('content-type') !== PROBLEM_CONTENT_TYPE) {
      await response.body?.cancel();
      return problemResponse(request, functionUnavailable(), { ...API_HEADERS, 'Retry-After': RETRY_AFTER });
    }
    return new Response(response.body, response);
  }

  async function handle(request: Request, env: Env): Promise<Response> {
    const incoming = new URL(request.url);
    // Read as the function reads a request target: the path and query alone, whatever the host.
    const url = requestUrlOf(`${incoming.pathname}${incoming.search}`);
    if (!url) return problemResponse(request, badRequest('The request target is not a path (it must start with "/").'));
    const route = routeOf(url.pathname, url.searchParams);
    const apiHeaders: HeaderMap = url.pathname.startsWith('/api/') ? { ...API_HEADERS } : {};
    if (request.method === 'OPTIONS') {
      if (!routeExists(route, files)) return problemResponse(request, notFound(url.pathname), apiHeaders);
      return new Response(null, { status: 204, headers: { ...SECURITY_HEADERS, ...PREFLIGHT_HEADERS } });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return problemResponse(request, methodNotAllowed(request.method), { ...apiHeaders, Allow: ALLOWED_METHODS });
    }
    switch (route.kind) {
      case 'function':
        return proxy(request, env, url);
      case 'negotiated':
        return serveNegotiated(request, env, route);
      case 'file': {
        const file = fileOfRoute(route, files);
        if (!file) return problemResponse(request, notFound(url.pathname), apiHeaders);
        return serveFile(request, env, file, directFileHeaders(file), url.pathname);
      }
      case 'not-found':
        return problemResponse(request, notFound(url.pathname), apiHeaders);
    }
  }

  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      try {
        return await handle(request, env);
      } catch (error) {
        // A fault of ours, never of the input: log it, answer without details.
        console.error(`worker: ${request.method} ${request.url}:`, error);
        return problemResponse(request, {
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
          detail: 'The server failed to answer this request.',
        });
      }
    },
  };
}
