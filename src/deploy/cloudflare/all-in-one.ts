/**
 * The all-in-one Cloudflare Worker: the build's files and the function in one Worker, with no server of the
 * operator's own (`deploy:cloudflare` without `--function`). The files are answered as the proxying Worker
 * answers them (./worker.ts); the function's routes (searches, search pages, lists, MCP, feeds, autocomplete,
 * catalogs) by the function itself, through its fetch adapter (src/server/fetch-handler.ts), in this isolate.
 *
 * What the function reads of its build (dist/server: search packs, histories, filters, MCP tools) is uploaded
 * among the static assets under FUNCTION_DATA_PREFIX and read through the ASSETS binding (asset-data.ts), at
 * fixed paths only. The public never reaches them: the Worker runs first on every path and answers only the
 * manifest's files, so those paths are a 404 like any unknown one.
 *
 * Per isolate, on its first request (the module's own scope does nothing but parse what is bundled, well inside
 * Workers' 1 s start-up limit): the data is read once and shared by every request the isolate serves after.
 *
 * The gate is the function's: the rate limit counted in a Durable Object per client (the RATE_LIMITER binding,
 * class RateLimitBucket, exported here so that wrangler finds it), shared by every isolate of the deployment;
 * without the binding, in this isolate's memory, said in the log. Verified agents (Web Bot Auth, the allowlist
 * bundled at generation) go uncounted. The client is the address Cloudflare's edge reports (CF-Connecting-IP).
 */
import { compactFiles, type FileInfo } from '../../http/file-manifest.ts';
import { REQUEST_COST } from '../../http/limits.ts';
import { publicOriginOf } from '../../http/links.ts';
import { FileUnavailable } from '../../http/serve.ts';
import { assetData, type DataParts } from '../../server/asset-data.ts';
import { createFunctionFromData, httpRequestOf } from '../../server/fetch-handler.ts';
import type { FunctionHandler } from '../../server/function-core.ts';
import { createFunctionGate, type FunctionGate } from '../../server/function-gate.ts';
import type { BucketNamespace } from '../../server/rate-limit/durable-object-store.ts';
import { createLimiter, MEMORY_STORE_NOTICE } from '../../server/rate-limit/limiter.ts';
import { ratePolicyOf } from '../../server/rate-limit/policy.ts';
import type { StaticFiles } from '../../server/static-files.ts';
import { agentDirectoryOf } from '../../web-bot-auth/agent-directory.ts';
import { createAgentVerifier } from '../../web-bot-auth/verify.ts';
import { FUNCTION_DATA_PREFIX } from './function-assets.ts';
import { type GzipServed, inflated } from './gzip-served.ts';
import { createWorker, type Env, type FunctionSide } from './worker.ts';

export { RateLimitBucket } from '../../server/rate-limit/bucket-object.ts';

/** What the all-in-one Worker is bound to (wrangler.jsonc): the assets, the rate limit's objects, its settings. */
export interface AllInOneEnv extends Env {
  /** The Durable Object namespace of RateLimitBucket; unbound, each isolate counts in its own memory. */
  RATE_LIMITER?: BucketNamespace;
  /** `<requests>/<seconds>` or `off`, as the function's RATE_LIMIT; unset, the default (src/http/limits.ts). */
  RATE_LIMIT?: string;
  /** Where the public reaches the site, which the feeds' URLs start with; unset, the build's SITE_URL. */
  PUBLIC_ORIGIN?: string;
}

/** The function of one isolate: made on its first request, from the bindings that request brought. */
interface Isolate {
  answer: FunctionHandler;
  gate: FunctionGate;
}

/**
 * The Worker's handlers over one build: its manifest's files, the files answered from their gzip twin, the
 * verified agents' allowlist (the build's dist/server copy) and the data files stored in parts, all bundled.
 * @example export default createAllInOneWorker(manifest.files, {}, agents);
 */
export function createAllInOneWorker(parsedFiles: Record<string, FileInfo>, gzipServed: GzipServed, verifiedAgents: unknown, dataParts: DataParts = {}) {
  // Held compactly, the parsed record let go: 84,000 files take 8 MB of the isolate's 128, not 12 (file-manifest.ts).
  const files = compactFiles(parsedFiles);
  const directory = agentDirectoryOf(verifiedAgents, 'the verified agents bundled into the Worker');
  let isolate: Isolate | undefined;

  function isolateOf(env: AllInOneEnv): Isolate {
    if (isolate) return isolate;
    // A wrong setting throws here, on every request until it is fixed, with the setting named in the Worker's log.
    const policy = ratePolicyOf(env.RATE_LIMIT || undefined);
    const limiter = policy && createLimiter(policy, { durableObject: env.RATE_LIMITER });
    if (limiter?.store === 'memory') console.warn(`card-values: ${MEMORY_STORE_NOTICE}`);
    const gate = createFunctionGate({ limiter, verifyAgent: createAgentVerifier(directory), trustProxy: 0 });
    const answer = createFunctionFromData({
      data: assetData(env.ASSETS, FUNCTION_DATA_PREFIX, dataParts),
      files: assetFiles(env, files, gzipServed),
      manifest: { files },
      gate,
      publicOrigin: env.PUBLIC_ORIGIN ? publicOriginOf(env.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN') : undefined,
    });
    isolate = { answer, gate };
    return isolate;
  }

  const side: FunctionSide<AllInOneEnv> = {
    // The function's answer as it is, its body bytes: this Worker makes the one Response (worker.ts).
    answer: (_route, _url, request) => isolateOf(request.env).answer(httpRequestOf(request.incoming, { address: request.clientAddress })),
    gate: (request) => isolateOf(request.env).gate(request, REQUEST_COST.page),
  };
  return createWorker<AllInOneEnv>(files, gzipServed, side);
}

/**
 * The prebuilt files' bytes for what the function reads of them (MCP's resources and tool answers), from the
 * assets; a file over the per-asset limit from its gzip twin, inflated.
 */
function assetFiles(env: Env, files: Record<string, FileInfo>, gzipServed: GzipServed): StaticFiles {
  return {
    remote: false,
    async read(file, info) {
      const stored = Object.hasOwn(gzipServed, file) ? gzipServed[file] : file;
      if (!Object.hasOwn(files, stored)) throw new FileUnavailable(`${file} is not a file of this build`);
      const asset = await env.ASSETS.fetch(new Request(new URL(stored, 'https://assets.invalid'), { method: 'GET' }));
      if (asset.status !== 200 || !asset.body) {
        await asset.body?.cancel();
        throw new FileUnavailable(`the asset server answered ${asset.status} for ${stored}`);
      }
      const body = stored === file ? asset.body : inflated(asset.body, info.bytes);
      return new Uint8Array(await new Response(body).arrayBuffer());
    },
  };
}
