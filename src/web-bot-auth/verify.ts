/**
 * The Web Bot Auth verifier: RFC 9421 HTTP Message Signatures as the IETF
 * webbotauth drafts profile them (Ed25519, `tag="web-bot-auth"`, a short-lived
 * signature covering `@authority` and the Signature-Agent), checked against the
 * allowlist. Pure and synchronous; no outbound fetch, ever.
 *
 * Three outcomes, kept apart: `verified`; `invalid` (a web-bot-auth signature
 * was offered but fails a check, including a malformed header); `unverified`
 * (nothing offered). The verifier never throws on request input.
 */
import { verify as cryptoVerify } from 'node:crypto';
import { type Dictionary, type Item, isInnerList, type Parameters, parseDictionary } from 'structured-headers';
import type { AgentDirectory } from './agent-directory.ts';
import { agentOfSignature } from './signature-agent.ts';
import { type MessageParts, signatureBaseOf } from './signature-base.ts';

export type { MessageParts } from './signature-base.ts';

/** What a request's Web Bot Auth headers establish. */
export type AgentVerdict = { outcome: 'verified'; agent: string; keyid: string } | { outcome: 'invalid'; reason: string } | { outcome: 'unverified' };

export interface AgentVerifierOptions {
  /** The clock, in ms since the epoch; injectable for tests. */
  now?: () => number;
  /** Clock difference tolerated on `created` and `expires`, 0–60 s. */
  maxSkewSeconds?: number;
  /** Longest accepted `expires − created`, up to 24 h: a leaked signature is replayable for that long. */
  maxLifetimeSeconds?: number;
}

export const WEB_BOT_AUTH_TAG = 'web-bot-auth';
/** Labels tried per request: enough for an agent rotating keys, too few to make garbage expensive. */
export const MAX_LABELS = 4;
/** Longer signature fields are refused unparsed; four real signatures with nonces take about 1 KB. */
export const MAX_FIELD_LENGTH = 8192;
const ED25519_SIGNATURE_BYTES = 64;
const UNVERIFIED: AgentVerdict = { outcome: 'unverified' };

const invalid = (reason: string): AgentVerdict => ({ outcome: 'invalid', reason });
// Reasons may reach logs: request-supplied text in them is quoted and cut short.
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * A verifier over the allowlist. Crypto runs only for labels whose (agent URL,
 * keyid) pair is on the allowlist, after every cheap check has passed, and for
 * at most `MAX_LABELS` labels: a request verifies when any one of them does.
 *
 * @example
 * const verifyAgent = createAgentVerifier(directory);
 * verifyAgent({ method: 'GET', scheme: 'https', authority: 'cards.example', target: '/api/cards', header: (n) => headers[n] });
 * // { outcome: 'verified', agent: 'https://agent.example', keyid: 'poqk…' }
 */
export function createAgentVerifier(directory: AgentDirectory, options: AgentVerifierOptions = {}): (message: MessageParts) => AgentVerdict {
  const { now = Date.now, maxSkewSeconds = 60, maxLifetimeSeconds = 86_400 } = options;
  if (!(maxSkewSeconds >= 0 && maxSkewSeconds <= 60)) throw new RangeError(`maxSkewSeconds must be 0–60, not ${maxSkewSeconds}`);
  if (!(maxLifetimeSeconds > 0 && maxLifetimeSeconds <= 86_400)) throw new RangeError(`maxLifetimeSeconds must be 1–86400, not ${maxLifetimeSeconds}`);

  /** Why a label's parameters fail, or undefined when they pass. */
  function paramsProblem(params: Parameters, nowSeconds: number): string | undefined {
    const { created, expires, keyid, alg, nonce } = Object.fromEntries(params);
    if (alg !== undefined && alg !== 'ed25519') return `alg ${quote(String(alg))} is not ed25519`;
    if (typeof keyid !== 'string') return 'keyid is missing';
    if (nonce !== undefined && typeof nonce !== 'string') return 'nonce is not a string';
    if (!Number.isInteger(created) || !Number.isInteger(expires)) return 'created and expires must both be integers';
    const [from, until] = [created as number, expires as number];
    if (until < from) return 'expires before created';
    if (until - from > maxLifetimeSeconds) return `lifetime ${until - from} s exceeds ${maxLifetimeSeconds} s`;
    if (from > nowSeconds + maxSkewSeconds) return 'created is in the future';
    if (until < nowSeconds - maxSkewSeconds) return 'expired';
    return undefined;
  }

  function checkLabel(label: string, components: Item[], params: Parameters, signatures: Dictionary, message: MessageParts, nowSeconds: number) {
    const problem = paramsProblem(params, nowSeconds);
    if (problem) return { reason: problem };
    // Without the target covered, one signature would open every site that trusts the agent.
    if (!components.some(([name, p]) => (name === '@authority' || name === '@target-uri') && p.size === 0)) {
      return { reason: 'covers neither @authority nor @target-uri' };
    }
    const agent = agentOfSignature(components, message.header('signature-agent'));
    if ('reason' in agent) return agent;
    const keyid = params.get('keyid') as string;
    const known = directory.lookup(agent.agent, keyid);
    if (!known) return { reason: `agent ${quote(agent.agent)} with key ${quote(keyid)} is not on the allowlist` };
    const signature = signatures.get(label);
    if (!signature || isInnerList(signature) || !(signature[0] instanceof ArrayBuffer)) return { reason: 'no signature of that label' };
    if (signature[0].byteLength !== ED25519_SIGNATURE_BYTES) return { reason: 'the signature is not 64 bytes' };
    const base = signatureBaseOf(components, params, message);
    if ('reason' in base) return base;
    if (!cryptoVerify(null, Buffer.from(base.base), known.key, new Uint8Array(signature[0]))) return { reason: 'the signature does not match' };
    return { agent: known.agent, keyid };
  }

  function verdictOf(message: MessageParts): AgentVerdict {
    const input = message.header('signature-input');
    if (input === undefined) return UNVERIFIED;
    const fields = [input, message.header('signature') ?? '', message.header('signature-agent') ?? ''];
    if (fields.some((field) => field.length > MAX_FIELD_LENGTH)) return invalid('a signature field is too long');
    let inputs: Dictionary;
    try {
      inputs = parseDictionary(input);
    } catch {
      return invalid('Signature-Input is not a structured dictionary');
    }
    // Labels with another tag belong to other protocols; they are nobody's business here.
    const labels = [...inputs].filter(([, value]) => isInnerList(value) && value[1].get('tag') === WEB_BOT_AUTH_TAG).slice(0, MAX_LABELS);
    if (labels.length === 0) return UNVERIFIED;
    let signatures: Dictionary;
    try {
      signatures = parseDictionary(message.header('signature') ?? '');
    } catch {
      return invalid('Signature is not a structured dictionary');
    }
    const nowSeconds = now() / 1000;
    // A broken clock (NaN) would make every time comparison false, and so pass.
    if (!Number.isFinite(nowSeconds)) return invalid('the clock gives no time');
    const reasons: string[] = [];
    for (const [label, value] of labels) {
      const [components, params] = value as [Item[], Parameters];
      const result = checkLabel(label, components, params, signatures, message, nowSeconds);
      if ('agent' in result) return { outcome: 'verified', agent: result.agent, keyid: result.keyid };
      reasons.push(`${label}: ${result.reason}`);
    }
    return invalid(reasons.join('; '));
  }

  return (message) => {
    try {
      return verdictOf(message);
    } catch {
      // The parsers are the only expected throwers and are caught above; this keeps the promise for anything else.
      return invalid('unreadable signature headers');
    }
  };
}
