import type { HttpRequest, HttpResponse, RequestBody } from '../http/exchange.ts';
import { type FileManifest, MANIFEST_FILE, readFileManifest } from '../http/file-manifest.ts';
import { functionUnavailable, problemResponse } from '../http/problem.ts';
import { RETRY_AFTER_SECONDS } from '../http/serve.ts';
import { createFunction, type FunctionHandler } from './function-core.ts';
import { type FunctionData, onceFrom } from './function-data.ts';
import type { FunctionGate } from './function-gate.ts';
import { historiesOf, type ListRenderContext } from './list-render.ts';
import { createSlicedValuer } from './list-slices.ts';
import type { ListValuer } from './list-work.ts';
import { createListingPages } from './listing-pages.ts';
import { searchersFrom } from './searchers.ts';
import type { StaticFiles } from './static-files.ts';

/**
 * The function as a web fetch handler, `(Request) => Promise<Response>`, for the runtimes that speak the fetch
 * API: Cloudflare Workers, Netlify Functions (v2), Vercel Functions, Deno, Bun. The same function node:http
 * serves (function-core.ts), with what a runtime must supply given here. Nothing is read until the first
 * request: then the searchers, the manifest and the pages' frame are made once for the instance, and every
 * request after shares them.
 */
export interface FetchHandlerOptions {
  /** The function's own files (dist/server): fs-data.ts where the function has a file system, asset-data.ts over an asset store. */
  data: FunctionData;
  /** Where the bytes of prebuilt files (dist/client) come from. */
  files: StaticFiles;
  /** The build manifest, when the runtime has it at hand (bundled); otherwise read from `data`. */
  manifest?: FileManifest;
  /**
   * Where lists are valued, made once the searchers are loaded from what values a list on the request's own
   * thread (`inline`). By default in slices on this thread (list-slices.ts), as a runtime without threads must;
   * on Node, createListValuer (list-valuer.ts) values them in a worker thread.
   */
  valuer?(inline: Required<ListRenderContext>): ListValuer;
  /** The rate limiter and agent verifier (function-gate.ts); without one nothing is counted. */
  gate?: FunctionGate;
  /**
   * Where the public reaches the site (PUBLIC_ORIGIN), which the feeds' URLs start with; unset, the build's
   * SITE_URL. Never the request's Host: a feed is kept by shared caches whatever Host asked for it.
   */
  publicOrigin?: string;
}

/** What a runtime saw of the client that the Request does not carry: its address (a platform's client IP). */
export interface FetchClient {
  address?: string;
}

export type FetchHandler = (request: Request, client?: FetchClient) => Promise<Response>;

/** Where feeds point when no origin is configured: a placeholder that says so, never a client's Host. */
const UNCONFIGURED_ORIGIN = 'http://localhost';

/**
 * @example
 * const handler = createFetchHandler({ data: fsData('dist/server'), files: diskFiles('dist/client') });
 * const response = await handler(new Request('https://cards.example/api/cards?q=charizard'));
 */
export function createFetchHandler(options: FetchHandlerOptions): FetchHandler {
  const answer = createFunctionFromData(options);
  return async (request, client = {}) => responseOf(request, await answer(httpRequestOf(request, client)));
}

/**
 * The same function one step short of the fetch API: a request as the function reads every runtime's
 * (httpRequestOf) to its answer, the body still bytes. For a runtime that makes its own Response from the answer
 * (the all-in-one Worker, src/deploy/cloudflare/all-in-one.ts): a Response made here only to be read back would
 * put every answer's bytes through a stream, which in workerd took a third of the isolate's time for a warm search,
 * more than the search itself (docs/performance.md#the-worker-path).
 */
export function createFunctionFromData(options: FetchHandlerOptions): FunctionHandler {
  const ready = onceFrom(() => assemble(options));
  return async (request) => {
    let answer: FunctionHandler;
    try {
      answer = await ready();
    } catch (error) {
      // The build's data could not be read (a deployment without it, a store that failed): said, and retried next time.
      console.error('card-values: the function could not load its data:', error);
      return problemResponse(functionUnavailable(), { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    }
    return answer(request);
  };
}

async function assemble({
  data,
  files,
  manifest,
  valuer = (context) => createSlicedValuer({ context }),
  gate,
  publicOrigin,
}: FetchHandlerOptions): Promise<FunctionHandler> {
  const [searchers, manifestRead] = await Promise.all([searchersFrom(data), manifest ?? data.text(MANIFEST_FILE).then(readFileManifest)]);
  const listingPages = createListingPages(data, searchers);
  const origin = publicOrigin ?? searchers.collection.siteOrigin;
  if (!origin) console.warn(`card-values: feeds link to ${UNCONFIGURED_ORIGIN}; set PUBLIC_ORIGIN (or SITE_URL at build) to where the public reaches the site`);
  return createFunction({
    files,
    manifest: manifestRead,
    data,
    searchers,
    listingPages,
    valuer: valuer({ searchers, shell: listingPages.shell, histories: historiesOf(data) }),
    gate,
    // A platform's function is reached through the platform, never as this machine's alone.
    mcp: { localOnly: false },
    feedOrigin: () => origin ?? UNCONFIGURED_ORIGIN,
  });
}

/** A fetch Request as the function reads every runtime's (src/http/exchange.ts). */
export function httpRequestOf(request: Request, client: FetchClient): HttpRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    // The path and query alone, whatever the host, as node:http's target is read.
    target: `${url.pathname}${url.search}`,
    // A Request made from a URL need not carry Host: its URL's authority is what the client addressed.
    header: (name) => request.headers.get(name) ?? (name === 'host' ? url.host : undefined),
    clientAddress: client.address,
    encrypted: url.protocol === 'https:',
    ...(request.body && { body: bodyOf(request.body) }),
  };
}

/** A fetch body's chunks, read on demand; a reader that stops early cancels the rest. */
function bodyOf(stream: ReadableStream<Uint8Array>): RequestBody {
  return {
    chunks: {
      async *[Symbol.asyncIterator]() {
        const reader = stream.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            yield value;
          }
        } finally {
          // Past the end this is nothing; stopped early, the runtime drops what is still on its way.
          await reader.cancel().catch(() => {});
        }
      },
    },
  };
}

/** No body for HEAD, nor where a status has none (204, 304), as node:http sends none. */
function responseOf(request: Request, { status, headers, body }: HttpResponse): Response {
  const bodiless = request.method === 'HEAD' || status === 204 || status === 304;
  return new Response(bodiless ? null : body, { status, headers });
}
