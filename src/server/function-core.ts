import type { HttpRequest, HttpResponse } from '../http/exchange.ts';
import type { FileManifest } from '../http/file-manifest.ts';
import { REQUEST_COST } from '../http/limits.ts';
import { createRequestPolicy, FileUnavailable } from '../http/serve.ts';
import type { FunctionData } from './function-data.ts';
import type { FunctionGate } from './function-gate.ts';
import { createFunctionRoutes, type McpSettings } from './function-routes.ts';
import type { ListValuer } from './list-work.ts';
import type { ListingPages } from './listing-pages.ts';
import { buildFilesOf } from './mcp/build-files.ts';
import type { Searchers } from './searchers.ts';
import { ORIGIN_FETCH_HEADER, type StaticFiles } from './static-files.ts';

/**
 * The function, whole, in any runtime: a request (src/http/exchange.ts) in, its answer out, through the request
 * policy every runtime shares (src/http/serve.ts). What is the function's own: the bytes of prebuilt files come
 * from `files` (dist/client, the static host in front, an asset store), the searches, lists, MCP, feeds and search
 * pages are answered here (function-routes.ts), and negotiated pages pass the gate too. It imports nothing of
 * Node's: node:http (node-http-server.ts) and the fetch API (fetch-handler.ts) are its adapters, and what only a
 * runtime has (its files, its data, where lists are valued, the rate limiter's store) is given to it.
 */
export interface FunctionParts {
  /** Where the bytes of prebuilt files come from. */
  files: StaticFiles;
  /** The build manifest; a promise so that a runtime can listen (and search) before it is parsed. */
  manifest: FileManifest | Promise<FileManifest>;
  /** The build's own files (history store, MCP tool list …), read on first need. */
  data: FunctionData;
  searchers: Searchers;
  /** The search pages for people (`/search`, `/sealed?…`). */
  listingPages: ListingPages;
  /** Where lists are valued (list-work.ts): on Node, inline or in the list worker (list-valuer.ts). */
  valuer: ListValuer;
  /** The rate limiter and agent verifier, before every answer the function computes. */
  gate?: FunctionGate;
  /** Whether the MCP endpoint serves only this machine. */
  mcp: McpSettings;
  /** The origin the feeds' absolute URLs start with (config.ts feedOriginOf). */
  feedOrigin: () => string;
}

/** The function's answer to a request; never throws (a fault of ours is answered 500). */
export type FunctionHandler = (request: HttpRequest) => Promise<HttpResponse>;

const openGate: FunctionGate = Object.assign(async () => ({ go: true as const, headers: {} }), { refusedNow: () => undefined });

export function createFunction(parts: FunctionParts): FunctionHandler {
  const { files: staticFiles, gate = openGate } = parts;
  let manifest: FileManifest | undefined;
  const manifestReady = Promise.resolve(parts.manifest).then((m) => (manifest = m));
  const files = () => manifest?.files ?? manifestReady.then((m) => m.files);
  const answerFunction = createFunctionRoutes({
    data: parts.data,
    searchers: parts.searchers,
    listingPages: parts.listingPages,
    valuer: parts.valuer,
    gate,
    files: buildFilesOf(files, (file, info) => staticFiles.read(file, info)),
    mcp: parts.mcp,
    feedOrigin: parts.feedOrigin,
  });
  return createRequestPolicy<HttpRequest, never>({
    files,
    readFile(file, info, request) {
      if (staticFiles.remote && request.header(ORIGIN_FETCH_HEADER)) {
        throw new FileUnavailable(`the static host sent ${file} back to the function: it must serve file paths itself (STATIC_ORIGIN would loop)`);
      }
      return staticFiles.read(file, info);
    },
    answerFunction,
    gate: (request) => gate(request, REQUEST_COST.page),
  });
}
