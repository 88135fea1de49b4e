import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileManifest } from '../build/file-manifest.ts';
import type { Searchers } from './search-data.ts';
import { routeOf, type Route } from './routes.ts';
import { API_HEADERS, cacheControlOf, contentTypeOf, detailLinks, markdownFileLinks } from './headers.ts';
import { negotiate, REPRESENTATION_TYPES, type Representation } from '../lib/negotiate.ts';
import { etagMatches } from '../lib/http-response.ts';
import { badRequest, methodNotAllowed, notAcceptable, notFound, PROBLEM_CONTENT_TYPE, type Problem } from '../lib/problem.ts';
import { jsonUrl, markdownUrl, pageUrl, type Collection } from '../lib/links.ts';

/**
 * The one server in front of everything: prebuilt files straight from the build
 * output (with their manifest ETags and token counts), Accept negotiation of the
 * detail pages, and the search endpoints handed to Astro's handler. In the
 * adapter's standalone server, prerendered files are served before any Astro
 * code runs, so negotiation has to live here, in front.
 */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: App.Locals) => Promise<void> | void;

/**
 * Decides whether a request the function answers may go on. The rate limiter
 * goes here: return false after answering (429) to stop the request.
 */
export type FunctionGate = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FrontServerOptions {
  clientDir: string;
  /** The build manifest; a promise so that the server can listen (and search) before it is parsed. */
  manifest: FileManifest | Promise<FileManifest>;
  searchers: Searchers;
  astroHandler: AstroHandler;
  gate?: FunctionGate;
}

type Headers = Record<string, string | number>;

export function createFrontServer(options: FrontServerOptions) {
  const { clientDir, searchers, astroHandler, gate = () => true } = options;
  let manifest: FileManifest | undefined;
  const manifestReady = Promise.resolve(options.manifest).then((m) => (manifest = m));
  const locals: App.Locals = { searchers };

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
    const info = (manifest ?? (await manifestReady)).files[file];
    if (!info) return false;
    const common: Headers = { ...headers, ETag: info.etag, 'Cache-Control': cacheControlOf(file) };
    if (info.tokens !== undefined) common['x-markdown-tokens'] = info.tokens;
    if (etagMatches(req.headers['if-none-match'], info.etag)) {
      res.writeHead(304, common);
      res.end();
      return true;
    }
    const full = { ...common, 'Content-Type': contentTypeOf(file), 'Content-Length': info.bytes };
    if (req.method === 'HEAD') {
      res.writeHead(200, full);
      res.end();
      return true;
    }
    // The path comes from the manifest, never from the request.
    const body = await readFile(join(clientDir, file));
    res.writeHead(200, full);
    res.end(body);
    return true;
  }

  async function sendNegotiated(req: IncomingMessage, res: ServerResponse, collection: Collection, slug: string): Promise<void> {
    const files: Record<Representation, string> = {
      html: `${pageUrl(collection, slug)}.html`,
      markdown: markdownUrl(collection, slug),
      json: `${jsonUrl(collection, slug)}.json`,
    };
    if (!(manifest ?? (await manifestReady)).files[files.html]) return sendProblem(res, notFound(pageUrl(collection, slug)), { Vary: 'Accept' });
    const headers: Headers = { Vary: 'Accept', Link: detailLinks(collection, slug) };
    const representation = negotiate(req.headers.accept);
    if (representation === null) return sendProblem(res, notAcceptable(Object.values(REPRESENTATION_TYPES)), headers);
    if (representation !== 'html') headers['Access-Control-Allow-Origin'] = '*';
    await sendFile(req, res, files[representation], headers);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendProblem(res, badRequest('The request target is not a valid URL path.'));
    }
    const route: Route = routeOf(url.pathname, url.searchParams);
    const apiHeaders = url.pathname.startsWith('/api/') ? API_HEADERS : {};
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendProblem(res, methodNotAllowed(req.method ?? ''), { ...apiHeaders, Allow: 'GET, HEAD' });
    }
    switch (route.kind) {
      case 'function':
        if (!gate(req, res)) return;
        for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
        return astroHandler(req, res, undefined, locals);
      case 'negotiated':
        return sendNegotiated(req, res, route.collection, route.slug);
      case 'file': {
        const headers: Headers = { ...apiHeaders };
        if (route.markdownOf) {
          headers.Link = markdownFileLinks(route.markdownOf.collection, route.markdownOf.slug);
          headers['Access-Control-Allow-Origin'] = '*';
        }
        if (await sendFile(req, res, route.file, headers)) return;
        if (!route.api && !route.markdownOf && (await sendFile(req, res, `${route.file}.html`, headers))) return;
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
      if (!res.headersSent) sendProblem(res, { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'The server failed to answer this request.' });
      else res.destroy();
    });
  };
}
