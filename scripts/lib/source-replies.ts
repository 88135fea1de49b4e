import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { z } from 'astro/zod';

/**
 * The replies of a public source (TCGdex's API, tcgcsv.com), read from the network or from a folder of saved
 * replies laid out like the URLs: one reader, so that a test on saved replies runs the code the daily job runs.
 * Every reply is checked against the schema of what is read of it before anything is written, and a malformed
 * one fails naming the file or URL and the field (ReplyError); a source that does not reply fails naming the
 * URL (SourceFailed). Every reply is bounded before it is parsed (ReplyLimit: a card's reply is a few kB, so a
 * 100 MB one is refused, not held in memory), and a saved reply is read only from inside its folder.
 */

/** A source that failed: an HTTP error after the retries, a timeout, a refused connection. */
export class SourceFailed extends Error {}
/** A reply that is missing from a folder, is not JSON, or has a field of the wrong kind. */
export class ReplyError extends Error {}

/** The most bytes a reply of a kind may be, and the kind as messages name it ("a TCGdex card reply"). */
export interface ReplyLimit {
  bytes: number;
  what: string;
}

const TIMEOUT_MS = 30_000;
const count = (n: number) => n.toLocaleString('en-US');
/** A reply longer than its limit: not retried, it will not mend itself. */
class TooLarge extends Error {}
const RETRIES = 2;

/**
 * GET a URL's text, one request at a time, with a timeout and two retries (a client error but 429 is not
 * retried: it will not mend itself).
 * @throws SourceFailed naming the URL and the last failure
 */
export async function getText(url: string, userAgent: string, limit?: ReplyLimit): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, 1000 * 2 ** attempt));
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': userAgent, Accept: 'application/json, text/plain' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = limit ? await textWithin(response, limit.bytes) : await response.text();
      if (response.ok) return body;
      last = `HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      if (error instanceof TooLarge) throw new SourceFailed(`${url}: more than the ${count(limit!.bytes)} bytes ${limit!.what} may be`);
      last = (error as Error).message;
    }
  }
  throw new SourceFailed(`${url}: ${last}`);
}

/**
 * A response's body, counted as it arrives: undefined, and no more read, when it says or turns out to be longer than
 * `maxBytes` (the sources' replies here, the agents' key directories in directory-refresh.ts).
 */
export async function bodyWithin(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function textWithin(response: Response, maxBytes: number): Promise<string> {
  const bytes = await bodyWithin(response, maxBytes);
  if (bytes === undefined) throw new TooLarge();
  return Buffer.from(bytes).toString('utf8');
}

/** Where replies come from: a base URL (each path fetched) or a folder of saved replies (each path a file). */
export interface ReplySource {
  /**
   * The reply at `path` (a URL path under the base), or in the folder at `file`; no longer than `limit`, parsed
   * and checked by `schema`.
   */
  read<T extends z.ZodType>(schema: T, path: string, file: string, limit: ReplyLimit): Promise<z.infer<T>>;
  /** Where that reply is, as messages name it: the URL, or the file. */
  where(path: string, file: string): string;
}

/**
 * A reply source: `location` is an http(s) base URL or a folder.
 * @example replySource('https://api.tcgdex.net/v2/en', agent).read(setList, 'sets', 'sets.json', { bytes: 1e6, what: 'the list' })
 */
export function replySource(location: string, userAgent: string): ReplySource {
  const remote = /^https?:\/\//.test(location);
  const base = location.replace(/\/+$/, '');
  const where = (path: string, file: string) => (remote ? `${base}/${path}` : relative(process.cwd(), join(base, file)) || join(base, file));
  return {
    where,
    async read(schema, path, file, limit) {
      const at = where(path, file);
      if (remote) return parseReply(schema, await getText(at, userAgent, limit), at);
      const full = resolve(base, file);
      const inside = relative(resolve(base), full);
      if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
        throw new ReplyError(`${file}: not a file of the folder ${base}`);
      const size = statSync(full, { throwIfNoEntry: false });
      if (!size?.isFile()) throw new ReplyError(`${at}: missing (the saved reply to GET ${path})`);
      if (size.size > limit.bytes) throw new ReplyError(`${at}: ${count(size.size)} bytes, more than the ${count(limit.bytes)} ${limit.what} may be`);
      return parseReply(schema, readFileSync(full, 'utf8'), at);
    },
  };
}

/**
 * A reply's text parsed and checked; the first problem names where it came from and the field.
 * @throws ReplyError e.g. `sets/sv08.5.json: cards[3].localId: Invalid input: expected string, received number`
 */
export function parseReply<T extends z.ZodType>(schema: T, text: string, where: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ReplyError(`${where}: not JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ReplyError(`${where}: ${fieldPath(issue.path) || '(reply)'}: ${issue.message}`);
}

/**
 * A record converted from replies that the content schema refuses fails the sync, naming the reply and the field
 * (as content names it).
 * @throws ReplyError e.g. `cards/me08.5-002.json: rarity (converted): Invalid option …`
 */
export function checkConverted(schema: z.ZodType, record: unknown, where: string): void {
  const issue = schema.safeParse(record).error?.issues[0];
  if (issue) throw new ReplyError(`${where}: ${fieldPath(issue.path)} (converted): ${issue.message}`);
}

/**
 * A field's path as a message names it.
 * @example fieldPath(['cards', 3, 'localId']) // "cards[3].localId"
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}
