import { createHash } from 'node:crypto';

/**
 * A strong ETag from the exact bytes of a file or answer: the same bytes always give the same tag, on any
 * machine and in any build.
 * @example etagOf('{}') // '"RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o"'
 */
export function etagOf(body: string | Uint8Array): string {
  return etagOfSha256(createHash('sha256').update(body).digest());
}

/** etagOf of bytes whose SHA-256 is known (a file hashed as it was read, not held). */
export function etagOfSha256(sha256: Buffer): string {
  return `"${sha256.toString('base64url')}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored,
 * `*` matches any current representation.
 * @example etagMatches('W/"a", "b"', '"b"') // true
 */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
