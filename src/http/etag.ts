import { createHash } from 'node:crypto';

/**
 * A strong ETag from the exact bytes of a file: the same bytes always give the
 * same tag, on any machine and in any build.
 * @example etagOf('{}') // '"RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o"'
 */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}
