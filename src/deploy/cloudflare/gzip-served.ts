/**
 * Build files too large for one Cloudflare static asset (25 MiB), answered by
 * the Worker from their gzip twin (`/api/bulk/cards.ndjson` from
 * `/api/bulk/cards.ndjson.gz`, which the build writes and its bulk manifest
 * names with `gzipOf`). The plain file is not uploaded (src/deploy/cloudflare.ts
 * decides which files, before anything is written); its URL, its bytes once
 * decoded, and so its ETag and the bulk manifest's SHA-256, stay what the
 * function serves.
 *
 * A client that accepts gzip gets the twin's bytes as they are, with
 * `Content-Encoding: gzip`; any other gets them inflated on the way
 * (DecompressionStream), with the plain file's Content-Length. Why not parts:
 * docs/deploy-cloudflare.md.
 */

/** A file the Worker answers from its gzip twin: file → twin, both paths of the build manifest. */
export type GzipServed = Record<string, string>;

/** What the Worker does for one request to such a file. */
export interface GzipAnswer {
  /** The twin whose bytes are read. */
  gzip: string;
  /** The twin's size: the Content-Length of the encoded answer. */
  gzipBytes: number;
  /** Whether the client takes the twin's bytes as they are (gzip), or needs them inflated. */
  encoded: boolean;
}

/**
 * Whether an Accept-Encoding value lets gzip through (RFC 9110 §12.5.3): `gzip`, `x-gzip` or `*` with a weight
 * above 0, unless gzip itself is refused with `q=0`. An empty or absent value is read as identity only: a client
 * that names no coding is sent none.
 * @example acceptsGzip('gzip, deflate, br') // true
 * @example acceptsGzip('br;q=1, gzip;q=0') // false
 */
export function acceptsGzip(header: string | undefined): boolean {
  let named: boolean | undefined;
  let star = false;
  for (const element of (header ?? '').split(',')) {
    const [coding, ...params] = element.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const weight = params.find((param) => param.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') named = (named ?? false) || accepted;
    else if (coding === '*') star = accepted;
  }
  return named ?? star;
}

/**
 * The Accept-Encoding the client sent. On Cloudflare a Worker's `Accept-Encoding` is always `br, gzip` (the edge
 * decodes for clients that cannot); the client's own value is `request.cf.clientAcceptEncoding`
 * (https://developers.cloudflare.com/fundamentals/reference/http-request-headers/#accept-encoding).
 */
export function clientAcceptEncoding(request: Request): string | undefined {
  const cf = (request as Request & { cf?: { clientAcceptEncoding?: string } }).cf;
  return cf?.clientAcceptEncoding ?? request.headers.get('accept-encoding') ?? undefined;
}

/** workerd's stream of a declared length: what lets a streamed body keep its Content-Length. */
declare class FixedLengthStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(length: number);
}

/** The plain file's bytes from its twin's, inflated as they arrive and sent with the plain file's length. */
export function inflated(gzip: ReadableStream<Uint8Array>, bytes: number): ReadableStream<Uint8Array> {
  return gzip.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>).pipeThrough(new FixedLengthStream(bytes));
}

/**
 * The policy's answer for such a file, as this client gets it: `Vary: Accept-Encoding` either way (the answer
 * differs by it); encoded, `Content-Encoding: gzip`, the twin's length and the ETag made weak (the bytes sent are
 * not the plain file's, whose strong ETag this is; If-None-Match compares weakly, so either form still matches).
 * Other statuses (a 503 with the assets away, a 405) are left as they are.
 */
export function gzipServedHeaders(status: number, headers: Headers, answer: GzipAnswer): void {
  if (status !== 200 && status !== 304) return;
  const vary = headers.get('vary');
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!answer.encoded) return;
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  if (status === 200) {
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(answer.gzipBytes));
  }
}
