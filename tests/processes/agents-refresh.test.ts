import { execFile } from 'node:child_process';
import { createHash, sign as cryptoSign } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentDirectoriesOf,
  checkDirectoryResponse,
  DIRECTORY_MEDIA_TYPE,
  type RefreshOptions,
  refreshVerifiedAgents,
} from '../../scripts/lib/directory-refresh.ts';
import { agentDirectoryOf } from '../../src/web-bot-auth/agent-directory.ts';
import { generateAgentJwk, privateAgentKeyOf } from '../../src/web-bot-auth/jwk.ts';
import { UNREACHABLE_ORIGIN } from '../support/http-client.ts';

type Route = { status?: number; headers?: OutgoingHttpHeaders; body?: string } | 'hang';
type AgentKeys = ReturnType<typeof generateAgentJwk>;

const NOW = Math.floor(Date.now() / 1000);
const AGENT = 'https://agent.example';
const WELL_KNOWN = '/.well-known/http-message-signatures-directory';
const FAST: RefreshOptions = { timeoutMs: 500 };

/** The local directory server: each test serves its directories at paths of its own. */
const routes = new Map<string, Route>();
let server: Server;
let origin: string;
let authority: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (route === 'hang') return;
    if (!route) return void res.writeHead(404).end();
    res.writeHead(route.status ?? 200, route.headers).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  authority = new URL(origin).host;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

interface DirectoryOptions {
  contentType?: string;
  created?: number;
  expires?: number;
  /** The authority the signatures cover; the server's own by default. */
  signedAuthority?: string;
  /** Signs with this key while naming the key the signer claims (a forged signature). */
  signingKey?: JsonWebKey;
}

/**
 * A directory as the draft has a server send it: the JWKS, its Content-Digest,
 * and one signature per signer over `"@authority";req` and `content-digest`
 * with `tag="http-message-signatures-directory"`. The signature base is
 * written out here as RFC 9421 §2.5 lays it down, not built by the code under
 * test. (sign.ts signs requests only: its components and tag are the request
 * profile's, so the directory's signature is made here with the key jwk.ts reads.)
 */
function directory(jwks: unknown, signers: AgentKeys[], options: DirectoryOptions = {}): Route {
  const { contentType = DIRECTORY_MEDIA_TYPE, created = NOW - 10, expires = NOW + 300, signedAuthority = authority, signingKey } = options;
  const body = JSON.stringify(jwks);
  const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
  const inputs: string[] = [];
  const signatures: string[] = [];
  signers.forEach(({ privateJwk, keyid }, i) => {
    const params = `("@authority";req "content-digest");created=${created};expires=${expires};keyid="${keyid}";alg="ed25519";tag="http-message-signatures-directory"`;
    const base = `"@authority";req: ${signedAuthority}\n"content-digest": ${digest}\n"@signature-params": ${params}`;
    const key = privateAgentKeyOf(signingKey ?? privateJwk).key;
    inputs.push(`binding${i}=${params}`);
    signatures.push(`binding${i}=:${cryptoSign(null, Buffer.from(base), key).toString('base64')}:`);
  });
  const signed = signers.length > 0 ? { 'signature-input': inputs.join(', '), signature: signatures.join(', ') } : {};
  return { headers: { 'content-type': contentType, 'content-digest': digest, ...signed }, body };
}

let served = 0;
/** Serves a route at a fresh path and returns its URL. */
function serve(route: Route): string {
  const path = `/directory-${++served}`;
  routes.set(path, route);
  return `${origin}${path}`;
}

const listOf = (directories: Record<string, string>) =>
  agentDirectoriesOf(Object.fromEntries(Object.entries(directories).map(([agent, url]) => [agent, { $source: 'the test', directory: url }])), 'test list');

describe('agents:refresh', () => {
  it('a good signed directory lands in the allowlist, and the server loader accepts it', async () => {
    const agent = generateAgentJwk();
    const url = serve(directory({ keys: [agent.publicJwk] }, [agent]));
    const { snapshot, outcomes } = await refreshVerifiedAgents(listOf({ [AGENT]: url }), { $comment: 'kept as it is' }, FAST);
    expect(outcomes).toEqual([{ agent: AGENT, status: 'refreshed', added: [agent.keyid], dropped: [], unchanged: [], notes: [] }]);
    expect(snapshot).toEqual({ $comment: 'kept as it is', [AGENT]: { keys: [agent.publicJwk] } });
    expect(agentDirectoryOf(snapshot, 'refreshed').lookup(AGENT, agent.keyid)?.agent).toBe(AGENT);
  });

  it('an agent named by its origin is fetched at the well-known URI of that origin', async () => {
    const agent = generateAgentJwk();
    routes.set(WELL_KNOWN, directory({ keys: [agent.publicJwk] }, [agent]));
    const listed = agentDirectoriesOf({ [origin]: { $source: 'the test' } }, 'test list');
    expect(listed).toEqual([{ agent: origin, directory: `${origin}${WELL_KNOWN}` }]);
    const { snapshot } = await refreshVerifiedAgents(listed, {}, FAST);
    expect(snapshot).toEqual({ [origin]: { keys: [agent.publicJwk] } });
  });

  it('an unsigned directory is accepted: the draft lets a verifier use keys it fetched itself', async () => {
    const agent = generateAgentJwk();
    const { snapshot } = await refreshVerifiedAgents(listOf({ [AGENT]: serve(directory({ keys: [agent.publicJwk] }, [])) }), {}, FAST);
    expect(snapshot).toEqual({ [AGENT]: { keys: [agent.publicJwk] } });
  });

  it('a key whose exp has passed is dropped, and so is one whose nbf is still ahead', async () => {
    const [good, expired, early] = [generateAgentJwk(), generateAgentJwk(), generateAgentJwk()];
    const keys = [
      { ...good.publicJwk, exp: NOW + 86_400 },
      { ...expired.publicJwk, exp: NOW - 60 },
      { ...early.publicJwk, nbf: NOW + 3600 },
    ];
    const { snapshot, outcomes } = await refreshVerifiedAgents(listOf({ [AGENT]: serve(directory({ keys }, [good, expired, early])) }), {}, FAST);
    expect(snapshot).toEqual({ [AGENT]: { keys: [{ ...good.publicJwk, exp: NOW + 86_400 }] } });
    const [outcome] = outcomes;
    expect(outcome.status === 'refreshed' && outcome.notes).toEqual([
      expect.stringMatching(new RegExp(`^key ${expired.keyid} skipped: expired `)),
      expect.stringMatching(new RegExp(`^key ${early.keyid} skipped: is not valid before `)),
    ]);
  });

  it('a key without a directory signature is dropped when the directory is signed', async () => {
    const [signed, unsigned] = [generateAgentJwk(), generateAgentJwk()];
    const url = serve(directory({ keys: [signed.publicJwk, unsigned.publicJwk] }, [signed]));
    const { snapshot } = await refreshVerifiedAgents(listOf({ [AGENT]: url }), {}, FAST);
    expect(snapshot).toEqual({ [AGENT]: { keys: [signed.publicJwk] } });
  });

  it('a kept key is dropped once its exp has passed, even when its directory cannot be fetched', async () => {
    const old = generateAgentJwk();
    const current = { [AGENT]: { keys: [{ ...old.publicJwk, exp: NOW + 60 }] } };
    const later = { ...FAST, now: () => (NOW + 120) * 1000 };
    const { snapshot, outcomes } = await refreshVerifiedAgents(listOf({ [AGENT]: `${origin}/nowhere` }), current, later);
    expect(snapshot).toEqual({});
    expect(outcomes).toEqual([{ agent: AGENT, status: 'failed', reason: 'HTTP 404', kept: [], dropped: [old.keyid] }]);
  });

  it('an agent the list does not name is kept as it is', async () => {
    const other = generateAgentJwk();
    const current = { 'https://hand-added.example': { keys: [other.publicJwk] } };
    const { snapshot, outcomes } = await refreshVerifiedAgents([], current, FAST);
    expect(snapshot).toEqual(current);
    expect(outcomes).toEqual([{ agent: 'https://hand-added.example', status: 'unlisted' }]);
  });

  describe('a directory that fails keeps the last good snapshot and is reported', () => {
    const old = generateAgentJwk();
    const fresh = generateAgentJwk();
    const forger = generateAgentJwk();
    const good = { keys: [fresh.publicJwk] };
    const cases: [string, () => string, RegExp, RefreshOptions?][] = [
      ['a wrong media type', () => serve(directory(good, [fresh], { contentType: 'application/json' })), /^its media type is application\/json, not /],
      ['a body that is not JSON', () => serve({ headers: { 'content-type': DIRECTORY_MEDIA_TYPE }, body: '<html>' }), /^the body is not JSON$/],
      ['a body that is no JWKS', () => serve(directory({ keys: 'none' }, [])), /^the body is not a JWKS/],
      [
        'a key that is not Ed25519',
        () =>
          serve(
            directory(
              { keys: [{ kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' }] },
              [],
            ),
          ),
        /^the directory publishes no Ed25519 public key$/,
      ],
      ['a private key ("d")', () => serve(directory({ keys: [fresh.privateJwk] }, [fresh])), /^keys\[0\] holds a private key \("d"\)$/],
      [
        'a directory signature by a key other than the one it names',
        () => serve(directory(good, [fresh], { signingKey: forger.privateJwk })),
        /^directory signature binding0 does not match/,
      ],
      [
        'a directory signed for another authority',
        () => serve(directory(good, [fresh], { signedAuthority: 'agent.example' })),
        /^directory signature binding0 does not match/,
      ],
      [
        'a key set swapped after it was signed',
        () => {
          const route = directory(good, [fresh]) as { headers: OutgoingHttpHeaders; body: string };
          return serve({ ...route, body: JSON.stringify({ keys: [forger.publicJwk] }) });
        },
        /^directory signature binding0 is by key .*, which the directory does not publish$/,
      ],
      [
        'a Content-Digest that does not match the body',
        () => {
          const route = directory(good, [fresh]) as { headers: OutgoingHttpHeaders; body: string };
          return serve({ ...route, body: `${route.body} ` });
        },
        /^directory signature binding0 Content-Digest sha-256 does not match the body$/,
      ],
      [
        'an expired directory signature',
        () => serve(directory(good, [fresh], { created: NOW - 900, expires: NOW - 600 })),
        /^directory signature binding0 expired$/,
      ],
      ['a 404', () => `${origin}/no-such-directory`, /^HTTP 404$/],
      [
        'a redirect, which is not followed',
        () => serve({ status: 302, headers: { location: serve(directory(good, [fresh])) } }),
        /^HTTP 302 \(redirects are not followed\)$/,
      ],
      ['a server that never answers', () => serve('hang'), /^timed out after 0.3 s$/, { timeoutMs: 300 }],
      ['an unreachable server', () => `${UNREACHABLE_ORIGIN}${WELL_KNOWN}`, /^unreachable: ECONNREFUSED$/],
      ['a body over the size limit', () => serve(directory(good, [fresh])), /^the body exceeds 64 bytes$/, { maxBytes: 64 }],
    ];

    it.each(cases)('%s', async (_name, url, reason, options = FAST) => {
      const current = { $comment: 'the allowlist', [AGENT]: { keys: [old.publicJwk] } };
      const { snapshot, outcomes } = await refreshVerifiedAgents(listOf({ [AGENT]: url() }), current, options);
      expect(snapshot).toEqual(current);
      expect(outcomes).toEqual([{ agent: AGENT, status: 'failed', reason: expect.stringMatching(reason), kept: [old.keyid], dropped: [] }]);
    });
  });

  it('verifies the directory signature of Cloudflare\'s live example (plain "@authority"), then refuses its key, the RFC 9421 test key', () => {
    // The response cloudflare/web-bot-auth's directory validator logged on 2025-06-27 (crates/http-signature-directory/README.md).
    const headers: Record<string, string> = {
      'content-type': DIRECTORY_MEDIA_TYPE,
      signature: 'binding0=:kgzhyjU+BoBv/I0xF5vGipUbYL4CqNA5G1fxPk61bC3ZBxjM3PnwcySgHzFCSbX5d5DU8Mjd8l/O3Nl4yV0gCw==:',
      'signature-input':
        'binding0=("@authority");created=1751040636;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1751040936;tag="http-message-signatures-directory"',
    };
    const response = {
      url: new URL(`https://http-message-signatures-example.research.cloudflare.com${WELL_KNOWN}`),
      header: (name: string) => headers[name],
      body: Buffer.from(JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }] })),
    };
    expect(checkDirectoryResponse(response, 1751040700)).toEqual({
      keys: [],
      notes: ['key poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U skipped: is the RFC 9421 test key, whose private key is public'],
    });
    const copied = { ...response, url: new URL(`https://copy.example${WELL_KNOWN}`) };
    expect(checkDirectoryResponse(copied, 1751040700)).toEqual({ reason: expect.stringMatching(/^directory signature binding0 does not match/) });
  });

  it.each([
    ['an agent without a $source', { [AGENT]: {} }, /\$source must say where/],
    ['an agent URL with a path and no directory', { 'https://agent.example/bot': { $source: 's' } }, /is not an origin/],
    ['a directory over plain http', { [AGENT]: { $source: 's', directory: 'http://agent.example/keys' } }, /must be https/],
    ['an unknown member', { [AGENT]: { $source: 's', keys: [] } }, /\.keys is not a known member/],
  ])('the list refuses %s', (_name, json, message) => {
    expect(() => agentDirectoriesOf(json, 'list')).toThrow(message);
  });

  describe('npm run agents:refresh', () => {
    const run = promisify(execFile);
    const refresh = (...args: string[]) => run(process.execPath, ['scripts/agents-refresh.ts', ...args], { cwd: join(import.meta.dirname, '../..') });

    it('a second refresh with nothing changed writes identical bytes', async () => {
      const agent = generateAgentJwk();
      const dir = mkdtempSync(join(tmpdir(), 'agents-refresh-'));
      const [list, out] = [join(dir, 'agent-directories.json'), join(dir, 'verified-agents.json')];
      const listed = {
        $comment: 'test',
        [AGENT]: { $source: 'the test', directory: serve(directory({ keys: [agent.publicJwk] }, [agent])) },
        'https://down.example': { $source: 'the test', directory: `${origin}/down` },
      };
      writeFileSync(list, JSON.stringify(listed));
      writeFileSync(out, '{\n  "$comment": "kept"\n}\n');
      const first = await refresh('--directories', list, '--out', out);
      const written = readFileSync(out, 'utf8');
      expect(written).toBe(
        `{\n  "$comment": "kept",\n  "${AGENT}": {\n    "keys": [\n      ${JSON.stringify(agent.publicJwk, null, 2).replaceAll('\n', '\n      ')}\n    ]\n  }\n}\n`,
      );
      expect(first.stdout).toMatch(/written: 1 agents, 1 keys/);
      expect(first.stdout).toMatch(/https:\/\/down\.example: FAILED \(HTTP 404\)/);
      const second = await refresh('--directories', list, '--out', out);
      expect(readFileSync(out, 'utf8')).toBe(written);
      expect(second.stdout).toMatch(/unchanged: 1 agents, 1 keys/);
      await expect(refresh('--directories', list, '--out', out, '--strict')).rejects.toMatchObject({ code: 1 });
    });

    it('exits 1 when every listed agent failed, and 2 on a malformed list', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agents-refresh-'));
      const [list, out] = [join(dir, 'agent-directories.json'), join(dir, 'verified-agents.json')];
      writeFileSync(list, JSON.stringify({ [AGENT]: { $source: 'the test', directory: `${origin}/down` } }));
      await expect(refresh('--directories', list, '--out', out)).rejects.toMatchObject({ code: 1 });
      writeFileSync(list, JSON.stringify({ [AGENT]: { directory: `${origin}/down` } }));
      await expect(refresh('--directories', list, '--out', out)).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/\$source/) });
    });
  });
});
