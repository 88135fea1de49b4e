/**
 * Refreshes the allowlist from the agents' own key directories, as the
 * directory draft (draft-meunier-http-message-signatures-directory, since
 * folded into the webbotauth protocol draft) describes them. Only
 * `npm run agents:refresh` calls this: the server reads the snapshot at start
 * and never fetches.
 *
 * A directory counts only when every check passes: HTTP 200 without a
 * redirect, within the time and size limits, the directory media type, a JWKS
 * of Ed25519 public keys, and, where it is signed, a valid signature
 * (`tag="http-message-signatures-directory"`, covering the authority it was
 * fetched from) by each key it keeps. A directory that passes replaces the
 * agent's keys, minus those outside their `nbf`/`exp` window. One that fails
 * changes nothing but dropping expired keys: an outage or a bad deploy at the
 * agent must not revoke it here, and must not put unchecked keys in git.
 */
import { createHash, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { type Dictionary, type InnerList, type Item, isInnerList, type Parameters, parseDictionary } from 'structured-headers';
import { agentUrlKey } from '../../src/web-bot-auth/agent-directory.ts';
import { type Ed25519PublicJwk, isRecord, jwkThumbprint, publicAgentKeyOf } from '../../src/web-bot-auth/jwk.ts';
import { type MessageParts, signatureBaseOf } from '../../src/web-bot-auth/signature-base.ts';
import { bodyWithin } from './source-replies.ts';

/** One agent of the list: its Signature-Agent URL and where its directory is. */
export interface ListedAgent {
  agent: string;
  directory: string;
}

/** A key as the snapshot keeps it; `exp` is kept so that a later refresh can expire it even when the fetch fails. */
type SnapshotKey = Ed25519PublicJwk & { exp?: number };

/** A fetched directory, as the checks see it. */
export interface DirectoryResponse {
  url: URL;
  header(name: string): string | undefined;
  body: Uint8Array;
}

/** What one refresh did to one agent. */
export type AgentOutcome =
  | { agent: string; status: 'refreshed'; added: string[]; dropped: string[]; unchanged: string[]; notes: string[] }
  | { agent: string; status: 'failed'; reason: string; kept: string[]; dropped: string[] }
  | { agent: string; status: 'unlisted' };

export interface RefreshOptions {
  /** Injectable for tests; the global fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** The clock, in ms since the epoch. */
  now?: () => number;
  /** Wall-clock limit of one directory fetch, body included. */
  timeoutMs?: number;
  /** Largest directory body accepted. */
  maxBytes?: number;
}

export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
// The draft's name for the type until June 2025 (cloudflare/web-bot-auth#34 added "+json"); it says the same thing.
const MEDIA_TYPES = new Set([DIRECTORY_MEDIA_TYPE, 'application/http-message-signatures-directory']);
const DIRECTORY_TAG = 'http-message-signatures-directory';
const WELL_KNOWN_PATH = '/.well-known/http-message-signatures-directory';
/** The draft asks verifiers to cap the key count; real directories hold one to three keys. */
const MAX_KEYS = 32;
const MAX_SKEW_SECONDS = 60;
// RFC 9421 B.1.4: its private key is printed in the RFC, so a directory publishing it lets anyone sign as the agent.
const RFC9421_TEST_KEYID = 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U';

const isoTime = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString();
};
// TLS is what binds a directory to its origin, so only a loopback address (tests, local trials) may go without it.
const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '[::1]' || url.hostname.startsWith('127.');

/**
 * Parses the list of agents (config/agent-directories.json): each Signature-Agent
 * URL mapped to `{ "$source": "…" }`, with `"directory"` when the directory is not
 * at the origin's well-known URI. Throws an Error naming `source` and the field.
 *
 * @example
 * agentDirectoriesOf({ 'https://chatgpt.com': { $source: 'https://help.openai.com/…' } }, 'list');
 * // [{ agent: 'https://chatgpt.com', directory: 'https://chatgpt.com/.well-known/http-message-signatures-directory' }]
 */
export function agentDirectoriesOf(json: unknown, source: string): ListedAgent[] {
  const fail = (field: string, problem: string): never => {
    throw new Error(`${source}: ${field} ${problem}`);
  };
  if (!isRecord(json)) return fail('the top level', 'must be an object mapping agent URLs to { "$source": … }');
  const seen = new Map<string, string>();
  const listed: ListedAgent[] = [];
  for (const [agent, entry] of Object.entries(json)) {
    if (agent.startsWith('$')) continue;
    const field = JSON.stringify(agent);
    const urlKey = agentUrlKey(agent) ?? fail(field, 'must be an http(s) URL (the agent as its Signature-Agent header names it)');
    if (seen.has(urlKey)) fail(field, `names the same agent as ${JSON.stringify(seen.get(urlKey))}`);
    seen.set(urlKey, agent);
    if (!isRecord(entry)) return fail(field, 'must be an object: { "$source": "…" }');
    // An agent is listed on the word of its operator, so the list keeps where that word was found.
    if (typeof entry.$source !== 'string' || !entry.$source) fail(`${field}.$source`, 'must say where the directory is published');
    const unknown = Object.keys(entry).find((name) => !name.startsWith('$') && name !== 'directory');
    if (unknown) fail(`${field}.${unknown}`, 'is not a known member (only "directory", and $ notes)');
    const url = new URL(urlKey);
    let directory: URL;
    if (entry.directory === undefined) {
      if (url.pathname !== '/' || url.search || url.hash) fail(field, 'is not an origin, so it has no well-known directory; give "directory"');
      directory = new URL(WELL_KNOWN_PATH, url.origin);
    } else {
      directory = (typeof entry.directory === 'string' && URL.parse(entry.directory)) || fail(`${field}.directory`, 'must be a URL');
    }
    if (directory.protocol !== 'https:' && !(directory.protocol === 'http:' && isLoopback(directory))) {
      fail(`${field}.directory`, 'must be https (plain http only on a loopback address)');
    }
    listed.push({ agent, directory: directory.href });
  }
  return listed;
}

interface DirectoryKey {
  keyid: string;
  key: KeyObject;
  jwk: SnapshotKey;
  nbf?: number;
}

/** The Ed25519 public keys of a JWKS body, or why the body is no directory to trust. */
function directoryKeysOf(body: Uint8Array): { keys: Map<string, DirectoryKey>; notes: string[] } | { reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { reason: 'the body is not JSON' };
  }
  if (!isRecord(json) || !Array.isArray(json.keys)) return { reason: 'the body is not a JWKS ({ "keys": [ … ] })' };
  if (json.keys.length > MAX_KEYS) return { reason: `the directory holds ${json.keys.length} keys, more than ${MAX_KEYS}` };
  const keys = new Map<string, DirectoryKey>();
  const notes: string[] = [];
  for (const [i, jwk] of json.keys.entries()) {
    const field = `keys[${i}]`;
    if (!isRecord(jwk)) return { reason: `${field} is not a JWK` };
    // A directory that publishes a private key has leaked it: nothing it says can be trusted any more.
    if ('d' in jwk) return { reason: `${field} holds a private key ("d")` };
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') {
      notes.push(`${field} skipped: not an Ed25519 key (kty ${JSON.stringify(jwk.kty)}, crv ${JSON.stringify(jwk.crv)})`);
      continue;
    }
    if (jwk.use !== undefined && jwk.use !== 'sig') {
      notes.push(`${field} skipped: its use is ${JSON.stringify(jwk.use)}, not "sig"`);
      continue;
    }
    const { nbf, exp } = jwk;
    if ((nbf !== undefined && typeof nbf !== 'number') || (exp !== undefined && typeof exp !== 'number')) {
      return { reason: `${field}: nbf and exp must be numbers of seconds` };
    }
    let agentKey: ReturnType<typeof publicAgentKeyOf>;
    try {
      agentKey = publicAgentKeyOf(jwk);
    } catch (error) {
      return { reason: `${field}: ${(error as Error).message}` };
    }
    // Only the members the allowlist uses are kept: kid, use and alg say nothing the thumbprint does not.
    const snapshotKey: SnapshotKey = { kty: 'OKP', crv: 'Ed25519', x: (jwk as unknown as Ed25519PublicJwk).x, ...(exp === undefined ? {} : { exp }) };
    if (!keys.has(agentKey.keyid)) keys.set(agentKey.keyid, { ...agentKey, jwk: snapshotKey, nbf });
  }
  if (keys.size === 0) return { reason: 'the directory publishes no Ed25519 public key' };
  return { keys, notes };
}

/**
 * The RFC 9421 signature base of a directory signature. It differs from the
 * request profile's (signature-base.ts) in one component: `"@authority";req`,
 * the authority of the request the directory answered, which is the one it was
 * fetched from, valued as the plain `"@authority"`; the rest is the shared signatureBaseOf.
 */
function directorySignatureBase(components: Item[], params: Parameters, message: MessageParts): { base: string } | { reason: string } {
  return signatureBaseOf(components, params, message, ([name, p]) =>
    name === '@authority' && p.size === 1 && p.get('req') === true ? ['@authority', new Map()] : [name, p],
  );
}

/** RFC 9530: whether Content-Digest holds a sha-256 or sha-512 digest of the body, and every such digest matches. */
function contentDigestProblem(field: string | undefined, body: Uint8Array): string | undefined {
  let digests: Dictionary;
  try {
    digests = parseDictionary(field ?? '');
  } catch {
    return 'Content-Digest is not a structured dictionary';
  }
  const known = (['sha-256', 'sha-512'] as const).filter((name) => digests.has(name));
  if (known.length === 0) return 'Content-Digest has no sha-256 or sha-512 digest';
  for (const name of known) {
    const [value] = digests.get(name) as Item;
    const actual = createHash(name.replace('-', '')).update(body).digest();
    if (!(value instanceof ArrayBuffer) || !actual.equals(Buffer.from(value))) return `Content-Digest ${name} does not match the body`;
  }
  return undefined;
}

/** Why one directory signature fails, or undefined when it verifies with `key`. */
function signatureProblem(label: string, [components, params]: InnerList, signatures: Dictionary, response: DirectoryResponse, key: KeyObject, now: number) {
  const created = params.get('created');
  const expires = params.get('expires');
  if (!Number.isInteger(created) || !Number.isInteger(expires)) return 'created and expires must both be integers';
  // The draft orders evidence by created, so a future-dated signature would outrank every later fetch.
  if ((expires as number) < (created as number)) return 'expires before it is created';
  if ((created as number) > now + MAX_SKEW_SECONDS) return 'created is in the future';
  if ((expires as number) < now - MAX_SKEW_SECONDS) return 'expired';
  // `req` is what the draft asks for; directories signed plain "@authority" before it said so, and on a
  // directory response both can only mean the authority it was fetched from.
  const authority = components.find(([name, p]) => name === '@authority' && (p.size === 0 || (p.size === 1 && p.get('req') === true)));
  if (!authority) return 'does not cover @authority';
  const signature = signatures.get(label);
  if (!signature || isInnerList(signature) || !(signature[0] instanceof ArrayBuffer)) return 'has no signature of that label';
  if (signature[0].byteLength !== 64) return 'is not 64 bytes (Ed25519)';
  const { url } = response;
  const message: MessageParts = {
    method: 'GET',
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    authority: url.host,
    target: `${url.pathname}${url.search}`,
    header: response.header,
  };
  const base = directorySignatureBase(components, params, message);
  if ('reason' in base) return base.reason;
  if (components.some(([name]) => name === 'content-digest')) {
    const problem = contentDigestProblem(response.header('content-digest'), response.body);
    if (problem) return problem;
  }
  const verified = cryptoVerify(null, Buffer.from(base.base), key, new Uint8Array(signature[0]));
  return verified ? undefined : 'does not match (signed for another authority, or by another key?)';
}

/**
 * The key ids the directory's own signatures vouch for, or why they fail. A
 * directory without any is accepted as unsigned (TLS still binds it to its
 * origin); one with a signature that fails is refused whole.
 */
function directorySignatures(response: DirectoryResponse, keys: Map<string, DirectoryKey>, now: number): { signed: Set<string> } | { reason: string } {
  const signed = new Set<string>();
  const input = response.header('signature-input');
  if (input === undefined) return { signed };
  let inputs: Dictionary;
  let signatures: Dictionary;
  try {
    inputs = parseDictionary(input);
    signatures = parseDictionary(response.header('signature') ?? '');
  } catch {
    return { reason: 'its Signature or Signature-Input is not a structured dictionary' };
  }
  const labels = [...inputs].filter(([, value]) => isInnerList(value) && value[1].get('tag') === DIRECTORY_TAG);
  if (labels.length > MAX_KEYS) return { reason: `it carries ${labels.length} directory signatures, more than ${MAX_KEYS}` };
  for (const [label, value] of labels) {
    const [, params] = value as InnerList;
    const { keyid, alg } = Object.fromEntries(params);
    // Keys of other algorithms are never kept, so their signatures need no checking.
    if (alg !== undefined && alg !== 'ed25519') continue;
    if (typeof keyid !== 'string') return { reason: `directory signature ${label} has no keyid` };
    const key = keys.get(keyid);
    if (!key) return { reason: `directory signature ${label} is by key ${keyid}, which the directory does not publish` };
    const problem = signatureProblem(label, value as InnerList, signatures, response, key.key, now);
    if (problem) return { reason: `directory signature ${label} ${problem}` };
    signed.add(keyid);
  }
  return { signed };
}

/**
 * Checks a fetched directory (status 200 already) and returns the keys to keep,
 * with notes on those it skipped, or the reason it is refused whole.
 *
 * @example
 * const checked = checkDirectoryResponse({ url, header: (n) => headers.get(n) ?? undefined, body }, Date.now() / 1000);
 * if ('reason' in checked) console.log(checked.reason); else console.log(checked.keys.length);
 */
export function checkDirectoryResponse(response: DirectoryResponse, now: number): { keys: SnapshotKey[]; notes: string[] } | { reason: string } {
  const type = response.header('content-type')?.split(';')[0].trim().toLowerCase();
  if (!type || !MEDIA_TYPES.has(type)) return { reason: `its media type is ${type ?? 'missing'}, not ${DIRECTORY_MEDIA_TYPE}` };
  const parsed = directoryKeysOf(response.body);
  if ('reason' in parsed) return parsed;
  const signatures = directorySignatures(response, parsed.keys, now);
  if ('reason' in signatures) return signatures;
  const { notes } = parsed;
  const keys: SnapshotKey[] = [];
  for (const [keyid, { jwk, nbf }] of parsed.keys) {
    let skip: string | undefined;
    if (keyid === RFC9421_TEST_KEYID) skip = 'is the RFC 9421 test key, whose private key is public';
    else if (signatures.signed.size > 0 && !signatures.signed.has(keyid)) skip = 'has no directory signature, though the directory is signed';
    else if (nbf !== undefined && nbf > now) skip = `is not valid before ${isoTime(nbf)}`;
    else if (jwk.exp !== undefined && jwk.exp <= now) skip = `expired ${isoTime(jwk.exp)}`;
    if (skip) notes.push(`key ${keyid} skipped: ${skip}`);
    else keys.push(jwk);
  }
  return { keys, notes };
}

async function fetchDirectory(url: URL, options: Required<Omit<RefreshOptions, 'now'>>): Promise<DirectoryResponse | { reason: string }> {
  try {
    const response = await options.fetch(url, {
      headers: { accept: DIRECTORY_MEDIA_TYPE },
      // The draft forbids following redirects: a directory counts only where its agent says it is.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { reason: `HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : ''}` };
    }
    const body = await bodyWithin(response, options.maxBytes);
    if (!body) return { reason: `the body exceeds ${options.maxBytes} bytes` };
    return { url, header: (name) => response.headers.get(name) ?? undefined, body };
  } catch (error) {
    const { name, message, cause } = error as Error & { cause?: { code?: string; message?: string } };
    if (name === 'TimeoutError' || name === 'AbortError') return { reason: `timed out after ${options.timeoutMs / 1000} s` };
    return { reason: `unreachable: ${cause?.code ?? cause?.message ?? message}` };
  }
}

/** The keys of each agent in the current allowlist file (already checked by agentDirectoryOf), by lookup URL. */
function snapshotKeysOf(current: Record<string, unknown>): Map<string, SnapshotKey[]> {
  const byUrl = new Map<string, SnapshotKey[]>();
  for (const [agent, jwks] of Object.entries(current)) {
    if (agent.startsWith('$') || !isRecord(jwks) || !Array.isArray(jwks.keys)) continue;
    const keys = (jwks.keys as Record<string, unknown>[]).map(
      ({ x, exp }): SnapshotKey => ({ kty: 'OKP', crv: 'Ed25519', x: x as string, ...(typeof exp === 'number' ? { exp } : {}) }),
    );
    byUrl.set(agentUrlKey(agent) ?? agent, keys);
  }
  return byUrl;
}

const byKeyid = (keys: SnapshotKey[]) => new Map(keys.map((key) => [jwkThumbprint(key.x), key]));
const sortedByKeyid = (keys: Map<string, SnapshotKey>) => [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);

/**
 * Fetches and checks every listed agent's directory and returns the new
 * allowlist (the current file's `$` notes first, then agents in URL order,
 * keys in key id order, so that an unchanged refresh serialises to the same
 * bytes) with what happened to each agent. Agents the file holds but the list
 * does not name are kept as they are.
 *
 * @example
 * const { snapshot, outcomes } = await refreshVerifiedAgents(agentDirectoriesOf(list, 'list'), current);
 * writeFileSync('config/verified-agents.json', verifiedAgentsJson(snapshot));
 */
export async function refreshVerifiedAgents(
  listed: ListedAgent[],
  current: Record<string, unknown>,
  options: RefreshOptions = {},
): Promise<{ snapshot: Record<string, unknown>; outcomes: AgentOutcome[] }> {
  const { fetch = globalThis.fetch, now = Date.now, timeoutMs = 10_000, maxBytes = 65_536 } = options;
  const nowSeconds = now() / 1000;
  const previous = snapshotKeysOf(current);
  const refreshed = await Promise.all(
    listed.map(async ({ agent, directory }) => {
      const old = byKeyid(previous.get(agentUrlKey(agent) ?? agent) ?? []);
      const fetched = await fetchDirectory(new URL(directory), { fetch, timeoutMs, maxBytes });
      const checked = 'reason' in fetched ? fetched : checkDirectoryResponse(fetched, nowSeconds);
      if ('reason' in checked) {
        const live = new Map([...old].filter(([, key]) => key.exp === undefined || key.exp > nowSeconds));
        const dropped = [...old.keys()].filter((keyid) => !live.has(keyid));
        const outcome: AgentOutcome = { agent, status: 'failed', reason: checked.reason, kept: [...live.keys()], dropped };
        return { agent, keys: live, outcome };
      }
      const fresh = byKeyid(checked.keys);
      const added = [...fresh.keys()].filter((keyid) => !old.has(keyid));
      const dropped = [...old.keys()].filter((keyid) => !fresh.has(keyid));
      const unchanged = [...fresh.keys()].filter((keyid) => old.has(keyid));
      const outcome: AgentOutcome = { agent, status: 'refreshed', added, dropped, unchanged, notes: checked.notes };
      return { agent, keys: fresh, outcome };
    }),
  );
  const listedUrls = new Set(listed.map(({ agent }) => agentUrlKey(agent)));
  const agents = new Map<string, unknown>();
  const outcomes: AgentOutcome[] = [];
  for (const [agent, jwks] of Object.entries(current)) {
    if (agent.startsWith('$') || listedUrls.has(agentUrlKey(agent))) continue;
    agents.set(agent, jwks);
    outcomes.push({ agent, status: 'unlisted' });
  }
  for (const { agent, keys, outcome } of refreshed) {
    // An agent with no key to its name verifies no one; leaving it out keeps the file a list of usable keys.
    if (keys.size > 0) agents.set(agent, { keys: sortedByKeyid(keys) });
    outcomes.push(outcome);
  }
  const notes = Object.entries(current).filter(([name]) => name.startsWith('$'));
  const sortedAgents = [...agents].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { snapshot: Object.fromEntries([...notes, ...sortedAgents]), outcomes };
}

/**
 * The allowlist file's bytes: two-space JSON and a final newline, as the file
 * is kept in git, so that a refresh that changes nothing changes no byte.
 *
 * @example
 * verifiedAgentsJson({ $comment: 'Verified agents' }); // '{\n  "$comment": "Verified agents"\n}\n'
 */
export function verifiedAgentsJson(snapshot: Record<string, unknown>): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

const count = (keyids: string[], what: string) => `${keyids.length} ${what}${keyids.length ? ` (${keyids.join(', ')})` : ''}`;

/**
 * One agent's line of the refresh summary (notes on skipped keys indented below it).
 *
 * @example
 * outcomeSummary({ agent: 'https://chatgpt.com', status: 'failed', reason: 'HTTP 404', kept: ['abc'], dropped: [] });
 * // 'https://chatgpt.com: FAILED (HTTP 404), kept the last good snapshot: 1 kept (abc), 0 dropped as expired'
 */
export function outcomeSummary(outcome: AgentOutcome): string {
  switch (outcome.status) {
    case 'refreshed':
      return [
        `${outcome.agent}: refreshed: ${count(outcome.added, 'added')}, ${count(outcome.dropped, 'dropped')}, ${count(outcome.unchanged, 'unchanged')}`,
        ...outcome.notes.map((note) => `    ${note}`),
      ].join('\n');
    case 'failed':
      if (outcome.kept.length + outcome.dropped.length === 0) return `${outcome.agent}: FAILED (${outcome.reason}), no earlier snapshot to keep`;
      return `${outcome.agent}: FAILED (${outcome.reason}), kept the last good snapshot: ${count(outcome.kept, 'kept')}, ${count(outcome.dropped, 'dropped as expired')}`;
    case 'unlisted':
      return `${outcome.agent}: not in the list of directories, kept as it is`;
  }
}
