/**
 * Which agent a signature speaks for: the Signature-Agent value the signature
 * itself covers. Only a covered value may name the agent, or anyone could move
 * a valid signature under another agent's name.
 *
 * Two forms of the header are accepted:
 * - the Dictionary of the current drafts, `Signature-Agent: sig1="https://agent.example"`,
 *   covered as `"signature-agent";key="sig1"`. The member is the one the `key`
 *   names; signers conventionally use the signature label, and the reference
 *   vectors (cloudflare/web-bot-auth) also use other names, which verify the same.
 * - the legacy bare string of the earlier drafts, `Signature-Agent: "https://agent.example"`,
 *   covered as plain `"signature-agent"`. Kept because deployed agents still send
 *   it and the reference implementation still accepts it, and it binds no less:
 *   the signature covers the whole field, the component list (with or without
 *   `key`) is itself signed in `@signature-params`, so one form cannot be passed
 *   off as the other, and the two never parse alike (a Dictionary member starts
 *   with a key, a String with a quote). The (URL, keyid) allowlist applies to both.
 */
import { type InnerList, type Item, isInnerList, parseDictionary, parseItem } from 'structured-headers';

/**
 * The agent URL a signature covers, from its covered components and the
 * Signature-Agent field, or why there is none.
 *
 * @example
 * agentOfSignature([['@authority', new Map()], ['signature-agent', new Map([['key', 'sig1']])]], 'sig1="https://agent.example"');
 * // { agent: 'https://agent.example' }
 */
export function agentOfSignature(components: Item[], field: string | undefined): { agent: string } | { reason: string } {
  const covered = components.filter(([name]) => name === 'signature-agent');
  if (covered.length === 0) return { reason: 'does not cover signature-agent' };
  // Two covered members would leave it open which agent is speaking.
  if (covered.length > 1) return { reason: 'covers signature-agent more than once' };
  if (field === undefined) return { reason: 'covers signature-agent, which the request does not have' };
  const params = covered[0][1];
  const key = params.get('key');
  if (params.size === 0) return legacyAgent(field);
  if (params.size > 1 || typeof key !== 'string') return { reason: 'covers signature-agent with unsupported parameters' };
  let member: Item | InnerList | undefined;
  try {
    member = parseDictionary(field).get(key);
  } catch {
    return { reason: 'Signature-Agent is not a structured dictionary' };
  }
  if (member === undefined) return { reason: `Signature-Agent has no member ${JSON.stringify(key)}` };
  if (isInnerList(member) || typeof member[0] !== 'string') return { reason: `Signature-Agent member ${JSON.stringify(key)} is not a string` };
  return { agent: member[0] };
}

function legacyAgent(field: string): { agent: string } | { reason: string } {
  try {
    const [value] = parseItem(field);
    if (typeof value === 'string') return { agent: value };
  } catch {
    // Most likely the Dictionary form, whose members must be covered by key.
  }
  return { reason: 'covers signature-agent without key, but Signature-Agent is not a single string' };
}
