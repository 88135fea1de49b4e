/**
 * Ed25519 keys as JWKs (RFC 8037): the key id Web Bot Auth uses (the RFC 7638
 * thumbprint) and Node KeyObjects made from them. Ed25519 only: the profile
 * signs with nothing else, and accepting one algorithm leaves no room for
 * algorithm confusion.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** An Ed25519 public key in JWK form: `x` is the base64url of its 32 bytes. */
export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/** A public key ready for verification, with its Web Bot Auth key id. */
export interface AgentKey {
  keyid: string;
  key: KeyObject;
}

// 32 bytes in unpadded base64url are 43 characters, the last one carrying 2 unused bits (so A, E, I … w).
const X_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

// RFC 8410 §7: the fixed DER header of an Ed25519 PKCS#8 private key, followed by the 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A JSON object (not null, not an array). The room imports nothing of ours, so src/schemas/is-record.ts has its own copy. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The RFC 7638 thumbprint of an Ed25519 key (RFC 8037 §2: members crv, kty, x
 * in that order, no whitespace), base64url: the `keyid` of Web Bot Auth.
 *
 * @example
 * jwkThumbprint('JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs');
 * // 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' (the RFC 9421 test key)
 */
export function jwkThumbprint(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
}

/**
 * Checks that a value is an Ed25519 public JWK and returns the problem, or
 * undefined when it is one. The canonical `x` matters: the thumbprint hashes
 * the string, so a non-canonical spelling of the same key would get another id.
 *
 * @example
 * ed25519JwkProblem({ kty: 'OKP', crv: 'Ed25519', x: 'short' }); // 'x must be the unpadded base64url of 32 bytes'
 */
export function ed25519JwkProblem(jwk: unknown): string | undefined {
  if (!isRecord(jwk)) return 'must be a JWK object';
  if (jwk.kty !== 'OKP') return 'kty must be "OKP" (only Ed25519 keys are supported)';
  if (jwk.crv !== 'Ed25519') return 'crv must be "Ed25519"';
  if (typeof jwk.x !== 'string' || !X_PATTERN.test(jwk.x)) return 'x must be the unpadded base64url of 32 bytes';
  return undefined;
}

/**
 * A verification key from an Ed25519 public JWK; throws an Error saying what
 * is wrong with it. Other JWK members (kid, use, alg …) are ignored.
 *
 * @example
 * publicAgentKeyOf({ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }).keyid;
 * // 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U'
 */
export function publicAgentKeyOf(jwk: unknown): AgentKey {
  const problem = ed25519JwkProblem(jwk);
  if (problem) throw new Error(problem);
  const { x } = jwk as Ed25519PublicJwk;
  return { keyid: jwkThumbprint(x), key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }) };
}

/**
 * A signing key from an Ed25519 private JWK (`d`, and `x` if known). When `x`
 * is given it must be the public half of `d`: Node would otherwise accept the
 * pair and sign with `d`, producing signatures no one holding `x` can verify.
 *
 * @example
 * const { keyid, key } = privateAgentKeyOf(generateAgentJwk().privateJwk);
 */
export function privateAgentKeyOf(jwk: JsonWebKey): AgentKey & { publicJwk: Ed25519PublicJwk } {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw new Error('the private key must be an Ed25519 JWK (kty "OKP", crv "Ed25519")');
  if (typeof jwk.d !== 'string' || !X_PATTERN.test(jwk.d)) throw new Error('the private key must have d, the base64url of 32 bytes');
  // Imported from d alone (RFC 8410 PKCS#8) so the public half is derived, never trusted.
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(jwk.d, 'base64url')]), format: 'der', type: 'pkcs8' });
  const x = createPublicKey(key).export({ format: 'jwk' }).x as string;
  if (jwk.x !== undefined && jwk.x !== x) throw new Error(`the private key's x does not match its d (d gives x = ${x})`);
  return { keyid: jwkThumbprint(x), key, publicJwk: { kty: 'OKP', crv: 'Ed25519', x } };
}

/**
 * A new Ed25519 key pair as JWKs, with the key id of its public half.
 *
 * @example
 * const { privateJwk, publicJwk, keyid } = generateAgentJwk();
 */
export function generateAgentJwk(): { privateJwk: JsonWebKey; publicJwk: Ed25519PublicJwk; keyid: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const { d, x } = privateKey.export({ format: 'jwk' }) as { d: string; x: string };
  return { privateJwk: { kty: 'OKP', crv: 'Ed25519', d, x }, publicJwk: { kty: 'OKP', crv: 'Ed25519', x }, keyid: jwkThumbprint(x) };
}
