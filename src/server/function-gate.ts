import type { GateDecision, HttpRequest } from '../http/exchange.ts';
import { tooManyRequests } from '../http/problem.ts';
import type { AgentVerdict, MessageParts } from '../web-bot-auth/verify.ts';
import { authorityOf, clientAddressOf, limiterKeyOf, schemeOf } from './client.ts';
import type { Limiter, RateDecision } from './rate-limit/limiter.ts';
import { POLICY_NAME, rateLimitHeader, rateLimitPolicyHeader } from './rate-limit/policy.ts';

/**
 * What stands before every answer the function computes (searches and
 * negotiated detail pages): a verified agent (Web Bot Auth) goes on uncounted;
 * everyone else, invalid signatures included, is counted against the policy
 * (one point a request; a list to value by its size) and told where they stand.
 */
/** A gate's refusal: the 429 problem and the headers that go with it. */
type Refusal = Extract<GateDecision, { go: false }>;

export interface FunctionGate {
  /** `cost`: the request's rate-limit points (src/http/limits.ts). */
  (req: HttpRequest, cost: number): Promise<GateDecision>;
  /**
   * The 429 a counted client would get now whatever its request costs, if this instance refused it a moment ago and
   * not even one point fits yet (Limiter.refusedNow): asked before work that only finds a request's cost.
   */
  refusedNow(req: HttpRequest): Refusal | undefined;
}

export interface GateOptions {
  /** null when RATE_LIMIT=off. */
  limiter: Limiter | null;
  verifyAgent: (message: MessageParts) => AgentVerdict;
  trustProxy: number;
  /** Requests of the server's own (its warm-up), never counted. */
  uncounted?: (req: HttpRequest) => boolean;
}

const SIGNATURE_HEADERS = ['signature', 'signature-input', 'signature-agent'] as const;

export function createFunctionGate({ limiter, verifyAgent, trustProxy, uncounted = () => false }: GateOptions): FunctionGate {
  const policyHeader = limiter ? rateLimitPolicyHeader(limiter.policy) : '';

  function verdictOf(req: HttpRequest): AgentVerdict {
    if (!SIGNATURE_HEADERS.some((name) => req.header(name) !== undefined)) return { outcome: 'unverified' };
    return verifyAgent({
      method: req.method,
      scheme: schemeOf(req, trustProxy),
      authority: authorityOf(req, trustProxy),
      target: req.target || '/',
      header: (name) => req.header(name),
    });
  }

  const gate = async (req: HttpRequest, cost: number): Promise<GateDecision> => {
    // Nothing to count, nothing to exempt: no signature is checked (the gate's dearest step when one is offered).
    if (!limiter || uncounted(req) || verdictOf(req).outcome === 'verified') return { go: true, headers: {} };
    return decisionOf(await limiter.take(limiterKeyOf(clientAddressOf(req, trustProxy)), cost));
  };
  gate.refusedNow = (req: HttpRequest): Refusal | undefined => {
    const refusal = limiter?.refusedNow(limiterKeyOf(clientAddressOf(req, trustProxy)));
    if (!refusal || uncounted(req) || verdictOf(req).outcome === 'verified') return undefined;
    return decisionOf(refusal) as Refusal;
  };
  return gate;

  function decisionOf(decision: RateDecision | null): GateDecision {
    const headers: Record<string, string> = { 'RateLimit-Policy': policyHeader };
    if (!decision) return { go: true, headers };
    headers.RateLimit = rateLimitHeader(decision.remaining, decision.resetSeconds);
    if (decision.allowed) return { go: true, headers };
    headers['Retry-After'] = String(decision.retryAfterSeconds);
    return { go: false, headers, problem: tooManyRequests(POLICY_NAME, decision.retryAfterSeconds) };
  }
}
