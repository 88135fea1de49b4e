/**
 * The signing side, for agents, tests and `scripts/agent-sign.ts`. It writes
 * the canonical form this verifier and the known-answer vector use:
 *
 *   Signature-Input: sig1=("@authority" "signature-agent";key="sig1");created=…;expires=…;keyid="…";alg="ed25519";tag="web-bot-auth"
 *
 * (an optional nonce goes just before tag). Ed25519 is deterministic, so the
 * same inputs always give the same signature.
 */
import { sign as cryptoSign } from 'node:crypto';
import { type Item, type Parameters, serializeDictionary } from 'structured-headers';
import { privateAgentKeyOf } from './jwk.ts';
import { signatureBaseOf } from './signature-base.ts';
import { WEB_BOT_AUTH_TAG } from './verify.ts';

export interface SignAgentRequestOptions {
  /** The agent's Ed25519 private key (`d`, and `x` which must match it if present). */
  privateJwk: JsonWebKey;
  /** The agent's URL, as its allowlist entry names it. */
  agent: string;
  /** Host[:port] the request is addressed to, without the scheme's default port. */
  authority: string;
  /** Seconds since the epoch. */
  created: number;
  /** Seconds since the epoch; at most 24 h after `created` to be accepted. */
  expires: number;
  /** The signature label, also the Signature-Agent member name; `sig1` by default. */
  label?: string;
  nonce?: string;
}

// RFC 8941 §3.1.2 key: a Dictionary member name.
const LABEL = /^[a-z*][a-z0-9_.*-]*$/;

/**
 * The three Web Bot Auth headers for one request, lower-case names. Throws on
 * arguments that could only produce a signature no verifier accepts.
 *
 * @example
 * signAgentRequest({ privateJwk, agent: 'https://agent.example', authority: 'cards.example', created: 1735689600, expires: 1735689900 });
 * // { signature: 'sig1=:CVy+a2bV…:', 'signature-input': 'sig1=("@authority" "signature-agent";key="sig1");created=1735689600;…',
 * //   'signature-agent': 'sig1="https://agent.example"' }
 */
export function signAgentRequest(options: SignAgentRequestOptions): { signature: string; 'signature-input': string; 'signature-agent': string } {
  const { privateJwk, agent, authority, created, expires, label = 'sig1', nonce } = options;
  if (!LABEL.test(label)) throw new Error(`label ${JSON.stringify(label)} is not a structured-field key`);
  if (!Number.isInteger(created) || !Number.isInteger(expires) || expires < created) {
    throw new Error('created and expires must be integer seconds with expires ≥ created');
  }
  if (!authority) throw new Error('authority is empty');
  const { key, keyid } = privateAgentKeyOf(privateJwk);
  const signatureAgent = serializeDictionary(new Map([[label, [agent, new Map()] as Item]]));
  const components: Item[] = [
    ['@authority', new Map()],
    ['signature-agent', new Map([['key', label]])],
  ];
  const params: Parameters = new Map<string, string | number>([
    ['created', created],
    ['expires', expires],
    ['keyid', keyid],
    ['alg', 'ed25519'],
    ...(nonce === undefined ? [] : [['nonce', nonce] as [string, string]]),
    ['tag', WEB_BOT_AUTH_TAG],
  ]);
  const message = {
    method: 'GET',
    scheme: 'https' as const,
    authority,
    target: '/',
    header: (name: string) => (name === 'signature-agent' ? signatureAgent : undefined),
  };
  const base = signatureBaseOf(components, params, message);
  if ('reason' in base) throw new Error(base.reason);
  const signature = cryptoSign(null, Buffer.from(base.base), key);
  return {
    signature: serializeDictionary(new Map([[label, [signature, new Map()] as Item]])),
    'signature-input': serializeDictionary(new Map([[label, [components, params]]])),
    'signature-agent': signatureAgent,
  };
}
