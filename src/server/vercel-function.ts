/**
 * The function as a Vercel Function (Node.js runtime), as main.ts is it on Node: bundled by
 * scripts/lib/vercel-output.ts into
 * `.vercel/output/functions/_card-values.func/index.mjs` with its files beside it: the build's function data in
 * `server/` (fs-data.ts reads them as on Node) and gzip copies of the prebuilt files it answers with in `client/`. Vercel's Node
 * launcher imports this module and, since it exports web handlers named by method, calls them with a `Request`
 * and sends the `Response`; the fetch handler (src/server/fetch-handler.ts) loads the data on the first request
 * and every later request of the instance shares it. Lists are valued in slices on the request's thread, the
 * fetch handler's default.
 *
 * Settings, from the project's environment variables as `npm start` reads them (src/server/config.ts):
 * RATE_LIMIT, REDIS_URL (the buckets shared by every instance; without it each instance counts alone, which is
 * logged), VERIFIED_AGENTS, PUBLIC_ORIGIN. The client is the address in `x-real-ip`, which Vercel's edge sets to
 * the address the request came from, replacing any the client sent; leave TRUST_PROXY unset.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgentVerifier } from '../web-bot-auth/verify.ts';
import { serverConfigOf } from './config.ts';
import { createFetchHandler } from './fetch-handler.ts';
import { fsData, gzipDiskFiles } from './fs-data.ts';
import { createFunctionGate } from './function-gate.ts';
import { VERCEL_FUNCTION_DIRS } from './function-paths.ts';
import { createLimiter, MEMORY_STORE_NOTICE } from './rate-limit/limiter.ts';
import { loadVerifiedAgents } from './verified-agents.ts';

/** The request header Vercel sets to the client's address. */
export const CLIENT_ADDRESS_HEADER = 'x-real-ip';

const here = dirname(fileURLToPath(import.meta.url));

function handlerFromEnvironment(env: NodeJS.ProcessEnv) {
  const config = serverConfigOf(env);
  const limiter = config.ratePolicy && createLimiter(config.ratePolicy, { redisUrl: config.redisUrl });
  if (!limiter) console.log('card-values: rate limit off (RATE_LIMIT=off)');
  else if (limiter.store === 'memory') console.warn(`card-values: ${MEMORY_STORE_NOTICE}`);
  else console.log(`card-values: rate limits shared in ${limiter.store}`);
  const gate = createFunctionGate({ limiter, verifyAgent: createAgentVerifier(loadVerifiedAgents(env)), trustProxy: config.trustProxy });
  return createFetchHandler({
    data: fsData(join(here, VERCEL_FUNCTION_DIRS.data)),
    files: gzipDiskFiles(join(here, VERCEL_FUNCTION_DIRS.client)),
    gate,
    publicOrigin: config.publicOrigin,
  });
}

let handler: ReturnType<typeof createFetchHandler>;
try {
  handler = handlerFromEnvironment(process.env);
} catch (error) {
  // A setting that does not parse: said in the function's log, and every request fails until it is fixed.
  console.error(`card-values: ${(error as Error).message}`);
  throw error;
}

/** One request: the launcher's second argument (its context) is not the client; the client is Vercel's header. */
const answer = (request: Request): Promise<Response> => handler(request, { address: request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined });

// Every method the launcher dispatches: the function answers each itself (405 with Allow, OPTIONS preflights).
export { answer as DELETE, answer as GET, answer as HEAD, answer as OPTIONS, answer as PATCH, answer as POST, answer as PUT };
