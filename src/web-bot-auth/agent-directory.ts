/**
 * The allowlist of verified agents: each Signature-Agent URL mapped to the JWKS
 * its key directory publishes, snapshotted into a file editors keep in git.
 * Keys are found by the pair (agent URL, keyid), never by keyid alone: a key is
 * only trusted for the agent that published it, so an agent cannot borrow
 * another's standing by naming itself while signing with someone else's key id.
 * Everything costly (thumbprints, KeyObjects) happens here, once, at start-up.
 */
import type { KeyObject } from 'node:crypto';
import { isRecord, publicAgentKeyOf } from './jwk.ts';

/** The parsed allowlist, ready for lookups at request time. */
export interface AgentDirectory {
  /** The agents as the file spells them, each with the key ids of its keys. */
  readonly agents: ReadonlyArray<{ readonly url: string; readonly keyids: readonly string[] }>;
  /**
   * The key for this (Signature-Agent URL, keyid) pair, or undefined. The URL is
   * compared in WHATWG-normalised form, so `https://Agent.example` and
   * `https://agent.example/` name the same agent.
   */
  lookup(agentUrl: string, keyid: string): { agent: string; key: KeyObject } | undefined;
}

/**
 * The lookup form of an agent URL, or undefined when it is no http(s) URL.
 * Agents are named by where their key directory lives, which is fetchable
 * only over http(s); data: and other schemes cannot be allowlisted.
 *
 * @example
 * agentUrlKey('https://Agent.example'); // 'https://agent.example/'
 */
export function agentUrlKey(url: string): string | undefined {
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : undefined;
}

/**
 * Parses the allowlist JSON (already read from `source`, which only names it in
 * errors). Members whose name starts with `$` (e.g. `$comment`) are notes and
 * are skipped. Throws an Error naming `source` and the bad field, so a broken
 * file stops the server at start-up instead of silently verifying no one.
 *
 * @example
 * const directory = agentDirectoryOf(
 *   { 'https://agent.example': { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }] } },
 *   'config/verified-agents.json',
 * );
 * directory.lookup('https://agent.example', 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U')?.agent; // 'https://agent.example'
 */
export function agentDirectoryOf(json: unknown, source: string): AgentDirectory {
  const fail = (field: string, problem: string): never => {
    throw new Error(`${source}: ${field} ${problem}`);
  };
  if (!isRecord(json)) fail('the top level', 'must be an object mapping agent URLs to JWKS');
  const byUrl = new Map<string, { agent: string; keys: Map<string, KeyObject> }>();
  // The common case, the agent spelled exactly as in the file, is found without parsing a URL.
  const exact = new Map<string, { agent: string; keys: Map<string, KeyObject> }>();
  for (const [agent, jwks] of Object.entries(json as Record<string, unknown>)) {
    if (agent.startsWith('$')) continue;
    const field = JSON.stringify(agent);
    const urlKey = agentUrlKey(agent) ?? fail(field, 'must be an http(s) URL (the agent as its Signature-Agent header names it)');
    const twin = byUrl.get(urlKey);
    if (twin) fail(field, `names the same agent as ${JSON.stringify(twin.agent)}`);
    if (!isRecord(jwks) || !Array.isArray(jwks.keys)) fail(field, 'must be a JWKS: { "keys": [ … ] }');
    const keys = new Map<string, KeyObject>();
    (jwks as { keys: unknown[] }).keys.forEach((jwk, i) => {
      const keyField = `${field}.keys[${i}]`;
      // A private key in a file kept in git is a leak; refuse it loudly rather than use its public half.
      if (isRecord(jwk) && 'd' in jwk) fail(keyField, 'holds a private key ("d"); publish only the public key');
      try {
        const { keyid, key } = publicAgentKeyOf(jwk);
        keys.set(keyid, key);
      } catch (error) {
        fail(keyField, (error as Error).message);
      }
    });
    byUrl.set(urlKey, { agent, keys });
    exact.set(agent, { agent, keys });
  }
  const agents = [...byUrl.values()].map(({ agent, keys }) => ({ url: agent, keyids: [...keys.keys()] }));
  return {
    agents,
    lookup(agentUrl, keyid) {
      const entry = exact.get(agentUrl) ?? byUrl.get(agentUrlKey(agentUrl) ?? '');
      const key = entry?.keys.get(keyid);
      return key && entry ? { agent: entry.agent, key } : undefined;
    },
  };
}
