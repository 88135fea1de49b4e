/**
 * Byte arrays joined into one, as Buffer.concat joins them, in any runtime.
 * @example concatBytes([new TextEncoder().encode('{"a":'), json, new TextEncoder().encode('}')])
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}
