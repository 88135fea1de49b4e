/**
 * The Cloudflare Worker in front of the build's static assets: the fetch API's
 * adapter to the request policy (src/http/serve.ts), so that it answers every
 * prebuilt file and negotiated page exactly as the function does, and hands
 * the function's routes to whoever answers them: the function itself inside
 * this Worker (./all-in-one.ts, the default deployment), or the function at
 * FUNCTION_ORIGIN, proxied (`deploy:cloudflare --function URL`).
 *
 * The Worker runs before the asset server on every path (`run_worker_first:
 * true`): Cloudflare's asset server would send its own ETag and no token count,
 * so the asset server here is only the store the Worker reads bodies from,
 * through the ASSETS binding. Headers never come from it: they come from the
 * build manifest, which is bundled into the Worker (see src/deploy/cloudflare.ts).
 * So only the manifest's files reach the public: anything else the assets hold
 * (the all-in-one function's data) is a 404 like any unknown path.
 *
 * A file over the 25 MiB a static asset may hold is not among the assets: the
 * Worker answers it from its gzip twin (./gzip-served.ts).
 *
 * Proxying, it neither rate-limits nor verifies agents: those stay the
 * function's, for the searches it still answers, and negotiated pages are
 * files here, as on any static host, and are not counted. All in one, the
 * function's gate stands before negotiated pages too, as on Node.
 */
import type { GateDecision, HttpRequest, HttpResponse } from '../../http/exchange.ts';
import type { FileInfo } from '../../http/file-manifest.ts';
import { API_HEADERS } from '../../http/headers.ts';
import { functionUnavailable, PROBLEM_CONTENT_TYPE, problemResponse } from '../../http/problem.ts';
import { type FunctionRoute, fileOfRoute, requestUrlOf, routeOf } from '../../http/routes.ts';
import { createRequestPolicy, FileUnavailable, RETRY_AFTER_SECONDS } from '../../http/serve.ts';
import { acceptsGzip, clientAcceptEncoding, type GzipAnswer, type GzipServed, gzipServedHeaders, inflated } from './gzip-served.ts';

/** What the Worker is bound to (wrangler.jsonc `assets.binding` and `vars`). */
export interface Env {
  /** The static assets of this Worker version: dist/client (and, all in one, the function's data). */
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** Proxying: where the function listens, e.g. https://fn.example (no trailing slash needed). */
  FUNCTION_ORIGIN?: string;
}

export interface WorkerRequest<E extends Env = Env> extends HttpRequest {
  incoming: Request;
  env: E;
  /** Set when the request names a file answered from its gzip twin. */
  fromGzip?: GzipAnswer;
}

export type Body = ReadableStream<Uint8Array>;

/** Who answers the function's routes (searches, lists, MCP, feeds), and what stands before negotiated pages. */
export interface FunctionSide<E extends Env> {
  answer(route: FunctionRoute, url: URL, request: WorkerRequest<E>): Promise<HttpResponse<Body>>;
  /** The rate limit and agent verification of a negotiated page; none when the function is elsewhere. */
  gate?(request: WorkerRequest<E>): Promise<GateDecision>;
}

/** The function at FUNCTION_ORIGIN answers its routes: `deploy:cloudflare --function URL`. */
export const proxiedFunction: FunctionSide<Env> = { answer: (_route, url, request) => proxy(request, url) };

/** How long a search may take before the client gets a 503 instead. */
const FUNCTION_TIMEOUT_MS = 10_000;
/**
 * Request headers never passed on to the function: hop-by-hop ones, the host
 * (fetch sets the function's own), Cloudflare's, and forwarded ones a client
 * may have written itself (the Worker writes its own below).
 */
const NOT_FORWARDED =
  /^(?:host|connection|keep-alive|te|trailer|transfer-encoding|upgrade|proxy-.*|content-length|forwarded|x-forwarded-.*|x-real-ip|cf-.*|cdn-loop)$/i;

/** The function cannot answer: 503 with the API's headers, never a proxy's own error page. */
const functionDown = (): HttpResponse<Body> => problemResponse(functionUnavailable(), { ...API_HEADERS, 'Retry-After': String(RETRY_AFTER_SECONDS) });

/** Passes a request the function must answer (a search) on to it, and its answer back as it is. */
async function proxy({ incoming, env }: WorkerRequest<Env>, url: URL): Promise<HttpResponse<Body>> {
  const headers = new Headers();
  for (const [name, value] of incoming.headers) if (!NOT_FORWARDED.test(name)) headers.set(name, value);
  // The function counts clients by the address a trusted proxy saw (TRUST_PROXY=1): the one Cloudflare saw.
  const client = incoming.headers.get('cf-connecting-ip');
  if (client) headers.set('X-Forwarded-For', client);
  const origin = new URL(incoming.url);
  // Web Bot Auth signatures cover the authority the agent addressed: ours, not the function's.
  headers.set('X-Forwarded-Host', origin.host);
  headers.set('X-Forwarded-Proto', origin.protocol.slice(0, -1));
  if (!env.FUNCTION_ORIGIN) return functionDown();
  const target = `${env.FUNCTION_ORIGIN.replace(/\/+$/, '')}${url.pathname}${url.search}`;
  let response: Response;
  try {
    // A POST (a list to value) passes its body on as it arrives; the function reads it with its own limit.
    const body = incoming.method === 'POST' ? incoming.body : null;
    response = await fetch(target, { method: incoming.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(FUNCTION_TIMEOUT_MS) });
  } catch {
    return functionDown();
  }
  // A proxy's own error page (a load balancer's 502, Cloudflare's 52x) is not the function's answer.
  if (response.status >= 500 && response.headers.get('content-type') !== PROBLEM_CONTENT_TYPE) {
    await response.body?.cancel();
    return functionDown();
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body: response.body };
}

/** A file's bytes from the asset server: the path comes from the manifest, never from the request. */
async function readAsset(file: string, info: FileInfo, { incoming, env, fromGzip }: WorkerRequest<Env>): Promise<Body | Uint8Array<ArrayBuffer>> {
  const stored = fromGzip?.gzip ?? file;
  // No conditional headers: the asset server's ETags are not ours.
  const asset = await env.ASSETS.fetch(new Request(new URL(stored, incoming.url), { method: 'GET' }));
  if (asset.status !== 200) {
    await asset.body?.cancel();
    throw new FileUnavailable(`the asset server answered ${asset.status} for ${stored}`);
  }
  if (!fromGzip || fromGzip.encoded) return asset.body ?? new Uint8Array(0);
  if (!asset.body) throw new FileUnavailable(`the asset server sent no body for ${stored}`);
  return inflated(asset.body, info.bytes);
}

/** How this request is answered from a gzip twin, when the file it names is one of those (the route read as the policy reads it). */
function gzipAnswerOf(target: string, incoming: Request, files: Record<string, FileInfo>, gzipServed: GzipServed): GzipAnswer | undefined {
  const url = requestUrlOf(target);
  const route = url && routeOf(url.pathname, url.searchParams);
  const file = route?.kind === 'file' ? fileOfRoute(route, files) : undefined;
  const gzip = file && Object.hasOwn(gzipServed, file) ? gzipServed[file] : undefined;
  if (!gzip) return undefined;
  return { gzip, gzipBytes: files[gzip].bytes, encoded: acceptsGzip(clientAcceptEncoding(incoming)) };
}

/**
 * The Worker's handlers over one build's manifest, the files it answers from their gzip twin, and who answers the
 * function's routes (proxied by default).
 * @example export default createWorker(manifest.files, { '/api/bulk/cards.ndjson': '/api/bulk/cards.ndjson.gz' });
 */
export function createWorker<E extends Env = Env>(
  files: Record<string, FileInfo>,
  gzipServed: GzipServed = {},
  side: FunctionSide<E> = proxiedFunction as FunctionSide<E>,
) {
  const serve = createRequestPolicy<WorkerRequest<E>, Body>({
    files: () => files,
    readFile: (file, info, request) => readAsset(file, info, request),
    answerFunction: (route, url, request) => side.answer(route, url, request),
    ...(side.gate && { gate: side.gate }),
  });
  return {
    async fetch(incoming: Request, env: E): Promise<Response> {
      const url = new URL(incoming.url);
      // Read as the function reads a request target: the path and query alone, whatever the host.
      const target = `${url.pathname}${url.search}`;
      const fromGzip = gzipAnswerOf(target, incoming, files, gzipServed);
      const { status, headers, body } = await serve({
        method: incoming.method,
        target,
        header: (name) => incoming.headers.get(name) ?? undefined,
        // The client as Cloudflare's edge saw it; a client's own X-Forwarded-For proves nothing here (no trusted proxy).
        clientAddress: incoming.headers.get('cf-connecting-ip') ?? undefined,
        encrypted: url.protocol === 'https:',
        incoming,
        env,
        fromGzip,
      });
      const sent = new Headers(headers);
      if (fromGzip) gzipServedHeaders(status, sent, fromGzip);
      // 'manual': the body is already gzip; by default workerd would compress it again to match its Content-Encoding.
      const init = { status, headers: sent, encodeBody: fromGzip?.encoded && status === 200 ? 'manual' : 'automatic' };
      return new Response(incoming.method === 'HEAD' ? null : body, init);
    },
  };
}
