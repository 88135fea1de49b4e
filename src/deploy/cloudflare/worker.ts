/**
 * The Cloudflare Worker in front of the build's static assets: the fetch API's
 * adapter to the request policy (src/http/serve.ts), so that it answers every
 * prebuilt file and negotiated page exactly as the function does, and passes
 * the function's routes on to the function.
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
import type { HttpRequest, HttpResponse } from '../../http/exchange.ts';
import type { FileInfo } from '../../http/file-manifest.ts';
import { API_HEADERS } from '../../http/headers.ts';
import { functionUnavailable, PROBLEM_CONTENT_TYPE, problemResponse } from '../../http/problem.ts';
import { createRequestPolicy, FileUnavailable, RETRY_AFTER_SECONDS } from '../../http/serve.ts';

/** What the Worker is bound to (wrangler.jsonc `assets.binding` and `vars`). */
export interface Env {
  /** The static assets of this Worker version: dist/client. */
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** Where the function listens, e.g. https://fn.example (no trailing slash needed). */
  FUNCTION_ORIGIN: string;
}

interface WorkerRequest extends HttpRequest {
  incoming: Request;
  env: Env;
}

type Body = ReadableStream<Uint8Array>;

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
async function proxy({ incoming, env }: WorkerRequest, url: URL): Promise<HttpResponse<Body>> {
  const headers = new Headers();
  for (const [name, value] of incoming.headers) if (!NOT_FORWARDED.test(name)) headers.set(name, value);
  // The function counts clients by the address a trusted proxy saw (TRUST_PROXY=1): the one Cloudflare saw.
  const client = incoming.headers.get('cf-connecting-ip');
  if (client) headers.set('X-Forwarded-For', client);
  const origin = new URL(incoming.url);
  // Web Bot Auth signatures cover the authority the agent addressed: ours, not the function's.
  headers.set('X-Forwarded-Host', origin.host);
  headers.set('X-Forwarded-Proto', origin.protocol.slice(0, -1));
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
async function readAsset(file: string, { incoming, env }: WorkerRequest): Promise<Body | Uint8Array<ArrayBuffer>> {
  // No conditional headers: the asset server's ETags are not ours.
  const asset = await env.ASSETS.fetch(new Request(new URL(file, incoming.url), { method: 'GET' }));
  if (asset.status !== 200) {
    await asset.body?.cancel();
    throw new FileUnavailable(`the asset server answered ${asset.status} for ${file}`);
  }
  return asset.body ?? new Uint8Array(0);
}

/**
 * The Worker's handlers over one build's manifest.
 * @example export default createWorker(manifest.files);
 */
export function createWorker(files: Record<string, FileInfo>) {
  const serve = createRequestPolicy<WorkerRequest, Body>({
    files: () => files,
    readFile: (file, _info, request) => readAsset(file, request),
    answerFunction: (_route, url, request) => proxy(request, url),
  });
  return {
    async fetch(incoming: Request, env: Env): Promise<Response> {
      const url = new URL(incoming.url);
      const { status, headers, body } = await serve({
        method: incoming.method,
        // Read as the function reads a request target: the path and query alone, whatever the host.
        target: `${url.pathname}${url.search}`,
        header: (name) => incoming.headers.get(name) ?? undefined,
        incoming,
        env,
      });
      return new Response(incoming.method === 'HEAD' ? null : body, { status, headers });
    },
  };
}
