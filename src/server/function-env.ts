import type { HttpRequest } from '../http/exchange.ts';
import { createAgentVerifier } from '../web-bot-auth/verify.ts';
import type { ServerConfig } from './config.ts';
import { createFunctionGate, type FunctionGate } from './function-gate.ts';
import { createLimiter, type Limiter, MEMORY_STORE_NOTICE } from './rate-limit/limiter.ts';
import { loadVerifiedAgents } from './verified-agents.ts';

/**
 * The gate every runtime that reads its settings from the environment puts before the function (npm start's
 * server, the Netlify function): the rate limit of RATE_LIMIT, its buckets in Redis when REDIS_URL is set and in
 * this instance's memory otherwise (said once, MEMORY_STORE_NOTICE), the allowlist of VERIFIED_AGENTS, and
 * TRUST_PROXY. Throws when the allowlist cannot be read.
 */
export function functionGateOf(
  config: Pick<ServerConfig, 'ratePolicy' | 'redisUrl' | 'trustProxy'>,
  env: NodeJS.ProcessEnv,
  { uncounted, log = console.log }: { uncounted?: (req: HttpRequest) => boolean; log?: (line: string) => void } = {},
): { gate: FunctionGate; limiter: Limiter | null } {
  const limiter = config.ratePolicy && createLimiter(config.ratePolicy, { redisUrl: config.redisUrl });
  if (limiter?.store === 'memory') log(`card-values: ${MEMORY_STORE_NOTICE}`);
  const verifyAgent = createAgentVerifier(loadVerifiedAgents(env));
  return { gate: createFunctionGate({ limiter, verifyAgent, trustProxy: config.trustProxy, uncounted }), limiter };
}
