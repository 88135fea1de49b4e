import { createPrivateKey, createPublicKey, sign as cryptoSign, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { type InnerList, parseDictionary } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VERIFIED_AGENTS, loadVerifiedAgents } from '../../src/server/verified-agents.ts';
import { agentDirectoryOf, createAgentVerifier, generateAgentJwk, jwkThumbprint, type MessageParts, signAgentRequest } from '../../src/web-bot-auth/index.ts';
import { componentValue, signatureBaseOf } from '../../src/web-bot-auth/signature-base.ts';

/** RFC 9421 Appendix B.1.4 "test-key-ed25519" (d from the RFC's PKCS#8 PEM). Public: never allowlist it outside tests. */
const RFC_KEY = {
  kty: 'OKP',
  crv: 'Ed25519',
  d: 'n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU',
  x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
} as const;
const RFC_KEYID = 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U';
const RFC_PRIVATE = createPrivateKey({ key: RFC_KEY, format: 'jwk' });
const AGENT = 'https://agent.example';
const CREATED = 1735689600;
const EXPIRES = 1735689900;

/** The known answer: Ed25519 is deterministic, so these bytes are fixed. */
const KAT = {
  signature: 'sig1=:CVy+a2bV9l+FppC+MMRwkIiAFqzOQuFTgSWxTkMF39miWiWmkN0YxakWsYbz4ktFOm90BrqVqPfau7rvcQbjBg==:',
  'signature-input': `sig1=("@authority" "signature-agent";key="sig1");created=${CREATED};expires=${EXPIRES};keyid="${RFC_KEYID}";alg="ed25519";tag="web-bot-auth"`,
  'signature-agent': `sig1="${AGENT}"`,
};

const directory = agentDirectoryOf({ [AGENT]: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: RFC_KEY.x }] } }, 'test allowlist');
const verifierAt = (seconds: number) => createAgentVerifier(directory, { now: () => seconds * 1000 });
const verifyNow = verifierAt(CREATED + 100);

function request(headers: Record<string, string | undefined>, parts: Partial<Omit<MessageParts, 'header'>> = {}): MessageParts {
  return { method: 'GET', scheme: 'https', authority: 'cards.example', target: '/api/cards?q=pikachu', header: (name) => headers[name], ...parts };
}

const sign = (overrides: Partial<Parameters<typeof signAgentRequest>[0]> = {}) =>
  signAgentRequest({ privateJwk: RFC_KEY, agent: AGENT, authority: 'cards.example', created: CREATED, expires: EXPIRES, ...overrides });

/**
 * Signs any Signature-Input member the way a (possibly misbehaving) agent
 * would, so tests can offer signatures the canonical signer never writes.
 */
function signMember(member: string, message: MessageParts, key: KeyObject = RFC_PRIVATE): { input: string; signature: string } {
  const [label, value] = [...parseDictionary(member)][0];
  const [components, params] = value as InnerList;
  const base = signatureBaseOf(components, params, message);
  if ('reason' in base) throw new Error(base.reason);
  return { input: member, signature: `${label}=:${cryptoSign(null, Buffer.from(base.base), key).toString('base64')}:` };
}

const params = (extra = '') => `;created=${CREATED};expires=${EXPIRES};keyid="${RFC_KEYID}"${extra};tag="web-bot-auth"`;

/** A request whose one signature is the member given, signed over that same request. */
function signedRequest(member: string, agentField = KAT['signature-agent'], parts: Partial<Omit<MessageParts, 'header'>> = {}, key?: KeyObject) {
  const headers: Record<string, string | undefined> = { 'signature-agent': agentField, date: 'Tue, 20 Apr 2021 02:07:55 GMT' };
  const message = request(headers, parts);
  const { input, signature } = signMember(member, message, key);
  headers['signature-input'] = input;
  headers.signature = signature;
  return message;
}

describe('the known-answer vector (RFC 9421 test key)', () => {
  it('the RFC private key derives the published public key and thumbprint', () => {
    expect(createPublicKey(RFC_PRIVATE).export({ format: 'jwk' }).x).toBe(RFC_KEY.x);
    expect(jwkThumbprint(RFC_KEY.x)).toBe(RFC_KEYID);
  });

  it('the signer reproduces the vector byte for byte', () => {
    expect(sign()).toEqual(KAT);
  });

  it.each([
    ['at created', CREATED],
    ['inside the window', CREATED + 150],
    ['at expires', EXPIRES],
    ['60 s before created (clock skew)', CREATED - 60],
    ['60 s after expires (clock skew)', EXPIRES + 60],
  ])('the vector verifies %s', (_, now) => {
    expect(verifierAt(now)(request(KAT))).toEqual({ outcome: 'verified', agent: AGENT, keyid: RFC_KEYID });
  });

  it.each([
    ['61 s before created', CREATED - 61, /created is in the future/],
    ['61 s after expires', EXPIRES + 61, /expired/],
  ])('the vector is invalid %s', (_, now, reason) => {
    const verdict = verifierAt(now)(request(KAT));
    expect(verdict.outcome).toBe('invalid');
    expect(verdict).toMatchObject({ reason: expect.stringMatching(reason) });
  });

  it('the signer refuses a private key whose x is not the public half of its d', () => {
    expect(() => sign({ privateJwk: { ...RFC_KEY, d: 'n4Ni-HpISpVObnQMW0wOhCGVE-lz9uqL-9TH4fmRpOw' } })).toThrow(/does not match/);
  });
});

describe('the signature base agrees with independent implementations', () => {
  it('RFC 9421 B.2.6 (date, @method, @path, @authority, content-type, content-length) verifies with the test key', () => {
    const headers: Record<string, string> = { date: 'Tue, 20 Apr 2021 02:07:55 GMT', 'content-type': 'application/json', 'content-length': '18' };
    const message = request(headers, { method: 'POST', authority: 'example.com', target: '/foo?param=Value&Pet=dog' });
    const input = 'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"';
    const signature = 'wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==';
    const [components, params] = parseDictionary(input).get('sig-b26') as InnerList;
    const base = signatureBaseOf(components, params, message);
    expect(base).toHaveProperty('base');
    expect(cryptoVerify(null, Buffer.from((base as { base: string }).base), createPublicKey(RFC_PRIVATE), Buffer.from(signature, 'base64'))).toBe(true);
  });

  it("Cloudflare's draft vector with a Signature-Agent member named apart from the label verifies with the test key", () => {
    const input = `sig2=("@authority" "signature-agent";key="agent2");created=1735689600;keyid="${RFC_KEYID}";alg="ed25519";expires=4889289600;nonce="n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==";tag="web-bot-auth"`;
    const signature = 'RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==';
    const message = request({ 'signature-agent': 'agent2="https://signature-agent.test"' }, { authority: 'example.com', target: '/path/to/resource' });
    const [components, params] = parseDictionary(input).get('sig2') as InnerList;
    const base = signatureBaseOf(components, params, message) as { base: string };
    expect(cryptoVerify(null, Buffer.from(base.base), createPublicKey(RFC_PRIVATE), Buffer.from(signature, 'base64'))).toBe(true);
  });
});

describe('derived component values', () => {
  const message = request(
    { 'signature-agent': 'sig1="https://a.example";type=directory, other="x"' },
    { method: 'POST', authority: 'Cards.Example:443', target: '/p%20q?a=1&b' },
  );
  it.each<[string, string, string]>([
    ['@method is the method as sent', '"@method"', 'POST'],
    ['@authority is lower-cased without the default port', '"@authority"', 'cards.example'],
    ['@scheme is the scheme', '"@scheme"', 'https'],
    ['@target-uri is rebuilt from scheme, authority and target', '"@target-uri"', 'https://cards.example/p%20q?a=1&b'],
    ['@path is the path as sent, undecoded', '"@path"', '/p%20q'],
    ['@query keeps its leading ?', '"@query"', '?a=1&b'],
    ['@request-target is the target as sent', '"@request-target"', '/p%20q?a=1&b'],
    ['a dictionary member is its serialised value with parameters', '"signature-agent";key="sig1"', '"https://a.example";type=directory'],
  ])('%s', (_, id, value) => {
    const [component] = (parseDictionary(`x=(${id})`).get('x') as InnerList)[0];
    expect(componentValue(component, message)).toEqual({ value });
  });

  it('@query of a target without a query is a lone ?', () => {
    expect(componentValue(['@query', new Map()], request({}, { target: '/api' }))).toEqual({ value: '?' });
  });

  it('a non-default port stays in @authority', () => {
    expect(componentValue(['@authority', new Map()], request({}, { scheme: 'http', authority: 'localhost:4321' }))).toEqual({ value: 'localhost:4321' });
  });

  it('an absolute-form target gives the same @path and @query as its origin form', () => {
    const absolute = request({}, { target: 'https://cards.example/api?q=1' });
    expect(componentValue(['@path', new Map()], absolute)).toEqual({ value: '/api' });
    expect(componentValue(['@query', new Map()], absolute)).toEqual({ value: '?q=1' });
  });
});

describe('createAgentVerifier', () => {
  const expectInvalid = (message: MessageParts, reason: RegExp, verify = verifyNow) => {
    const verdict = verify(message);
    expect(verdict.outcome).toBe('invalid');
    expect((verdict as { reason: string }).reason).toMatch(reason);
  };

  it('a request without signature headers is unverified', () => {
    expect(verifyNow(request({}))).toEqual({ outcome: 'unverified' });
  });

  it('a Signature without Signature-Input is unverified', () => {
    expect(verifyNow(request({ signature: KAT.signature, 'signature-agent': KAT['signature-agent'] }))).toEqual({ outcome: 'unverified' });
  });

  it('a signature tagged for another protocol leaves the request unverified', () => {
    const message = signedRequest(`sig1=("@authority" "signature-agent";key="sig1");created=${CREATED};expires=${EXPIRES};keyid="${RFC_KEYID}";tag="other"`);
    expect(verifyNow(message)).toEqual({ outcome: 'unverified' });
  });

  it('an expired signature is invalid', () => {
    expectInvalid(request(sign({ created: CREATED - 1000, expires: CREATED - 100 })), /expired/);
  });

  it('a signature created more than the skew in the future is invalid', () => {
    expectInvalid(request(sign({ created: CREATED + 200, expires: CREATED + 500 })), /created is in the future/);
  });

  it('a lifetime over 24 h is invalid', () => {
    expectInvalid(request(sign({ created: CREATED, expires: CREATED + 86_401 })), /lifetime 86401 s exceeds 86400 s/);
  });

  it('a lifetime of exactly 24 h verifies', () => {
    expect(verifyNow(request(sign({ created: CREATED, expires: CREATED + 86_400 }))).outcome).toBe('verified');
  });

  it('a signature for another authority is invalid', () => {
    expectInvalid(request(KAT, { authority: 'other.example' }), /does not match/);
  });

  it('the authority is compared lower-cased and without the default port', () => {
    expect(verifyNow(request(KAT, { authority: 'CARDS.example:443' })).outcome).toBe('verified');
    expectInvalid(request(KAT, { authority: 'cards.example:8443' }), /does not match/);
  });

  it('a tampered signature is invalid', () => {
    const tampered = KAT.signature.replace('CVy+', 'CVz+');
    expectInvalid(request({ ...KAT, signature: tampered }), /does not match/);
  });

  it('an allowlisted key signing for an agent URL not on the allowlist is invalid', () => {
    expectInvalid(request(sign({ agent: 'https://impostor.example' })), /"https:\/\/impostor.example" with key .* is not on the allowlist/);
  });

  it('a key the allowlisted agent does not publish is invalid', () => {
    expectInvalid(request(sign({ privateJwk: generateAgentJwk().privateJwk })), /is not on the allowlist/);
  });

  it('the allowlist matches agent URLs in normalised form', () => {
    expect(verifyNow(request(sign({ agent: 'https://AGENT.example/' })))).toMatchObject({ outcome: 'verified', agent: AGENT });
  });

  it.each([
    ['rsa-pss-sha512', ';alg="rsa-pss-sha512"'],
    ['hmac-sha256', ';alg="hmac-sha256"'],
    ['a token instead of a string', ';alg=ed25519'],
  ])('alg %s is invalid', (_, alg) => {
    expectInvalid(signedRequest(`sig1=("@authority" "signature-agent";key="sig1")${params(alg)}`), /alg .* is not ed25519/);
  });

  it('a signature without alg verifies (the key decides the algorithm)', () => {
    expect(verifyNow(signedRequest(`sig1=("@authority" "signature-agent";key="sig1")${params()}`)).outcome).toBe('verified');
  });

  it('a signature that does not cover signature-agent is invalid', () => {
    expectInvalid(signedRequest(`sig1=("@authority")${params()}`), /does not cover signature-agent/);
  });

  it('a signature covering neither @authority nor @target-uri is invalid', () => {
    expectInvalid(signedRequest(`sig1=("@path" "signature-agent";key="sig1")${params()}`), /neither @authority nor @target-uri/);
  });

  it('@target-uri may stand in for @authority', () => {
    expect(verifyNow(signedRequest(`sig1=("@target-uri" "signature-agent";key="sig1")${params()}`)).outcome).toBe('verified');
  });

  it('every supported derived component and a plain header may be covered too', () => {
    const member = `sig1=("@method" "@authority" "@scheme" "@target-uri" "@path" "@query" "@request-target" "date" "signature-agent";key="sig1")${params()}`;
    expect(verifyNow(signedRequest(member)).outcome).toBe('verified');
  });

  it.each([
    ['@status', '"@status"'],
    ['@query-param', '"@query-param";name="q"'],
    ['a derived component with a parameter', '"@authority";req'],
    ['a header with the sf parameter', '"date";sf'],
    ['an upper-case header name', '"Date"'],
  ])('covering %s is invalid: it cannot be verified', (_, id) => {
    const member = `sig1=("@authority" ${id} "signature-agent";key="sig1")${params()}`;
    const message = request({ 'signature-input': member, signature: KAT.signature, 'signature-agent': KAT['signature-agent'] });
    expectInvalid(message, /cannot cover|not a lower-case field name/);
  });

  it('covering a header the request lacks is invalid', () => {
    const member = `sig1=("@authority" "x-missing" "signature-agent";key="sig1")${params()}`;
    expectInvalid(request({ 'signature-input': member, signature: KAT.signature, 'signature-agent': KAT['signature-agent'] }), /does not have/);
  });

  it('covering a component twice is invalid', () => {
    const member = `sig1=("@authority" "@authority" "signature-agent";key="sig1")${params()}`;
    expectInvalid(request({ 'signature-input': member, signature: KAT.signature, 'signature-agent': KAT['signature-agent'] }), /twice/);
  });

  it('two signatures where only the second verifies make the request verified', () => {
    const impostor = generateAgentJwk();
    const first = sign({ privateJwk: impostor.privateJwk, label: 'sig1' });
    const second = sign({ label: 'sig2' });
    const message = request({
      'signature-input': `${first['signature-input']}, ${second['signature-input']}`,
      signature: `${first.signature}, ${second.signature}`,
      'signature-agent': `${first['signature-agent']}, ${second['signature-agent']}`,
    });
    expect(verifyNow(message)).toEqual({ outcome: 'verified', agent: AGENT, keyid: RFC_KEYID });
  });

  it('only the first four web-bot-auth labels are tried', () => {
    const labels = ['a', 'b', 'c', 'd', 'e'].map((label, i) => sign({ label, ...(i < 4 ? { privateJwk: generateAgentJwk().privateJwk } : {}) }));
    const join = (name: keyof typeof KAT) => labels.map((h) => h[name]).join(', ');
    const verdict = verifyNow(
      request({ 'signature-input': join('signature-input'), signature: join('signature'), 'signature-agent': join('signature-agent') }),
    );
    expect(verdict.outcome).toBe('invalid');
    expect((verdict as { reason: string }).reason).not.toMatch(/\be:/);
  });

  it('the legacy bare-string Signature-Agent verifies when covered whole', () => {
    expect(verifyNow(signedRequest(`sig1=("@authority" "signature-agent")${params(';alg="ed25519"')}`, `"${AGENT}"`))).toMatchObject({ outcome: 'verified' });
  });

  it('a dictionary Signature-Agent covered whole, without key, is invalid', () => {
    expectInvalid(signedRequest(`sig1=("@authority" "signature-agent")${params()}`), /not a single string/);
  });

  it('a sign → verify round trip with a new key, a nonce and another label verifies', () => {
    const { privateJwk, publicJwk, keyid } = generateAgentJwk();
    const own = agentDirectoryOf({ 'https://bot.example/': { keys: [publicJwk] } }, 'round trip');
    const now = Math.floor(Date.now() / 1000);
    const headers = signAgentRequest({
      privateJwk,
      agent: 'https://bot.example/',
      authority: 'localhost:4321',
      created: now,
      expires: now + 300,
      label: 'crawler',
      nonce: 'bm9uY2U=',
    });
    expect(headers['signature-input']).toMatch(/;nonce="bm9uY2U=";tag="web-bot-auth"$/);
    const verdict = createAgentVerifier(own)(request(headers, { scheme: 'http', authority: 'LOCALHOST:4321' }));
    expect(verdict).toEqual({ outcome: 'verified', agent: 'https://bot.example/', keyid });
  });

  it.each([
    ['Signature-Input that is no dictionary', { 'signature-input': '(((', signature: KAT.signature }, /Signature-Input is not/],
    ['Signature that is no dictionary', { 'signature-input': KAT['signature-input'], signature: ':::' }, /Signature is not/],
    ['a missing Signature', { 'signature-input': KAT['signature-input'], 'signature-agent': KAT['signature-agent'] }, /no signature of that label/],
    ['a signature of the wrong length', { ...KAT, signature: 'sig1=:AAAA:' }, /not 64 bytes/],
    ['a missing Signature-Agent', { 'signature-input': KAT['signature-input'], signature: KAT.signature }, /does not have/],
    ['a Signature-Agent without the member', { ...KAT, 'signature-agent': 'other="https://agent.example"' }, /no member "sig1"/],
    ['a field over 8 KiB', { ...KAT, 'signature-agent': `${KAT['signature-agent']}, x="${'a'.repeat(9000)}"` }, /too long/],
  ])('%s is invalid', (_, headers, reason) => {
    expectInvalid(request(headers), reason);
  });

  it('arbitrary strings in the three headers never throw and never verify', () => {
    const field = fc.option(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'sig1=("@authority";key)"signature-agent":AB+/, '.split('')) })), {
      nil: undefined,
    });
    fc.assert(
      fc.property(field, field, field, (signature, input, agent) => {
        const verdict = verifyNow(request({ signature, 'signature-input': input, 'signature-agent': agent }));
        expect(['invalid', 'unverified']).toContain(verdict.outcome);
      }),
      { numRuns: 2000 },
    );
  });

  it('the vector with one header replaced by an arbitrary string never throws and never verifies', () => {
    fc.assert(
      fc.property(fc.constantFrom('signature', 'signature-input', 'signature-agent'), fc.string(), (name, value) => {
        fc.pre(value.trim() !== KAT[name as keyof typeof KAT]);
        expect(verifyNow(request({ ...KAT, [name]: value })).outcome).not.toBe('verified');
      }),
      { numRuns: 1000 },
    );
  });

  it('a clock skew over 60 s cannot be configured', () => {
    expect(() => createAgentVerifier(directory, { maxSkewSeconds: 61 })).toThrow(RangeError);
    expect(() => createAgentVerifier(directory, { maxLifetimeSeconds: 86_401 })).toThrow(RangeError);
  });
});

describe('agentDirectoryOf', () => {
  const key = { kty: 'OKP', crv: 'Ed25519', x: RFC_KEY.x };
  it.each<[string, unknown, RegExp]>([
    ['a top level that is no object', [], /the top level must be an object/],
    ['an agent that is no URL', { 'agent.example': { keys: [key] } }, /"agent.example" must be an http\(s\) URL/],
    ['an agent without keys', { [AGENT]: {} }, /"https:\/\/agent.example" must be a JWKS/],
    ['a key of another type', { [AGENT]: { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }] } }, /"https:\/\/agent.example".keys\[0\] kty must be "OKP"/],
    ['a key with a bad x', { [AGENT]: { keys: [key, { ...key, x: 'not-a-key' }] } }, /"https:\/\/agent.example".keys\[1\] x must be/],
    ['a private key', { [AGENT]: { keys: [{ ...key, d: RFC_KEY.d }] } }, /keys\[0\] holds a private key/],
    ['two spellings of one agent', { [AGENT]: { keys: [key] }, [`${AGENT}/`]: { keys: [key] } }, /names the same agent/],
  ])('%s is rejected, naming the file and the field', (_, json, message) => {
    expect(() => agentDirectoryOf(json, 'agents.json')).toThrow(/^agents.json: /);
    expect(() => agentDirectoryOf(json, 'agents.json')).toThrow(message);
  });

  it('members starting with $ are notes and are skipped', () => {
    expect(agentDirectoryOf({ $comment: 'hello', [AGENT]: { keys: [key] } }, 'x').agents).toEqual([{ url: AGENT, keyids: [RFC_KEYID] }]);
  });

  it('a key is found only under the agent that publishes it', () => {
    expect(directory.lookup(AGENT, RFC_KEYID)?.agent).toBe(AGENT);
    expect(directory.lookup('https://other.example', RFC_KEYID)).toBeUndefined();
  });
});

describe('loadVerifiedAgents', () => {
  it('the allowlist kept in the repository loads and does not trust the RFC test key', () => {
    const shipped = loadVerifiedAgents({});
    expect(shipped.agents.flatMap((a) => a.keyids)).not.toContain(RFC_KEYID);
    expect(readFileSync(DEFAULT_VERIFIED_AGENTS, 'utf8')).not.toContain(RFC_KEY.x);
  });

  it('a malformed allowlist file is rejected naming the file and the field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agents-')), 'agents.json');
    writeFileSync(file, JSON.stringify({ [AGENT]: { keys: [{ kty: 'OKP', crv: 'Ed448', x: RFC_KEY.x }] } }));
    expect(() => loadVerifiedAgents({ VERIFIED_AGENTS: file })).toThrow(`verified agents ${file}: "https://agent.example".keys[0] crv must be "Ed25519"`);
  });

  it('an allowlist file that is not JSON is rejected naming the file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agents-')), 'agents.json');
    writeFileSync(file, '{ "https://agent.example": ');
    expect(() => loadVerifiedAgents({ VERIFIED_AGENTS: file })).toThrow(file);
  });
});
