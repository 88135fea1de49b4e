import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest } from '../http/exchange.ts';
import type { FileManifest } from '../http/file-manifest.ts';
import { REQUEST_COST } from '../http/limits.ts';
import { createRequestPolicy, FileUnavailable } from '../http/serve.ts';
import type { FunctionGate } from './function-gate.ts';
import { createFunctionRoutes, type McpSettings } from './function-routes.ts';
import type { ListValuer } from './list-valuer.ts';
import type { ListingPages } from './listing-pages.ts';
import { buildFilesOf } from './mcp/build-files.ts';
import type { Searchers } from './search-data.ts';
import { ORIGIN_FETCH_HEADER, type StaticFiles } from './static-files.ts';

/**
 * The function's HTTP server: node:http's adapter to the request policy
 * (src/http/serve.ts), which answers every request as every runtime does. What
 * is the function's own: the bytes of prebuilt files come from dist/client or
 * the static host in front (static-files.ts), the searches and search pages are
 * answered here (function-routes.ts), and negotiated pages pass the gate too.
 */
export interface NodeHttpServerOptions {
  /** Where the bytes of prebuilt files come from (dist/client, or the static host in front). */
  files: StaticFiles;
  /** The build manifest; a promise so that the server can listen (and search) before it is parsed. */
  manifest: FileManifest | Promise<FileManifest>;
  searchers: Searchers;
  /** The search pages for people (`/search`, `/sealed?…`). */
  listingPages: ListingPages;
  /** Where lists are valued: the list worker (list-valuer.ts). */
  valuer: ListValuer;
  /** The rate limiter and agent verifier, before every answer the function computes. */
  gate?: FunctionGate;
  /** Where the MCP endpoint finds its tool list, and whether it serves only this machine. */
  mcp: McpSettings;
  /** The origin the feeds' absolute URLs start with (config.ts feedOriginOf), known once the server listens. */
  feedOrigin: () => string;
}

interface NodeRequest extends HttpRequest {
  req: IncomingMessage;
}

const openGate: FunctionGate = Object.assign(async () => ({ go: true as const, headers: {} }), { refusedNow: () => undefined });

export function createNodeHttpServer(options: NodeHttpServerOptions) {
  const { files: staticFiles, gate = openGate } = options;
  let manifest: FileManifest | undefined;
  const manifestReady = Promise.resolve(options.manifest).then((m) => (manifest = m));
  const files = () => manifest?.files ?? manifestReady.then((m) => m.files);
  const answerFunction = createFunctionRoutes({
    searchers: options.searchers,
    listingPages: options.listingPages,
    valuer: options.valuer,
    gate,
    files: buildFilesOf(files, (file, info) => staticFiles.read(file, info)),
    mcp: options.mcp,
    feedOrigin: options.feedOrigin,
  });
  const serve = createRequestPolicy<NodeRequest, Buffer>({
    files,
    readFile(file, info, { req }) {
      if (staticFiles.remote && req.headers[ORIGIN_FETCH_HEADER]) {
        throw new FileUnavailable(`the static host sent ${file} back to the function: it must serve file paths itself (STATIC_ORIGIN would loop)`);
      }
      return staticFiles.read(file, info);
    },
    answerFunction: (route, url, { req }) => answerFunction(route, url, req),
    gate: ({ req }) => gate(req, REQUEST_COST.page),
  });

  return (req: IncomingMessage, res: ServerResponse): void => {
    const request: NodeRequest = {
      method: req.method ?? 'GET',
      target: req.url ?? '',
      header: (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      },
      missingHost: req.headers.host === undefined && req.httpVersion === '1.1',
      repeatedHost: hostFields(req.rawHeaders) > 1,
      req,
    };
    serve(request).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body ?? undefined);
      },
      (error: unknown) => {
        console.error(`front-server: ${req.method} ${req.url}:`, error);
        res.destroy();
      },
    );
  };
}

/** How many Host fields a request carries: node:http keeps the first in `headers` and drops the rest. */
function hostFields(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') count++;
  return count;
}
