import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'astro/zod';

/**
 * The answers of a public source (TCGdex's API, tcgcsv.com), read from the network or from a folder of saved
 * answers laid out like the URLs: one reader, so that a test on saved answers runs the code the daily job runs.
 * Every answer is checked against the schema of what is read of it before anything is written, and a malformed
 * one fails naming the file or URL and the field (AnswerError); a source that does not answer fails naming the
 * URL (SourceFailed).
 */

/** A source that failed: an HTTP error after the retries, a timeout, a refused connection. */
export class SourceFailed extends Error {}
/** An answer that is missing from a folder, is not JSON, or has a field of the wrong kind. */
export class AnswerError extends Error {}

const TIMEOUT_MS = 30_000;
const RETRIES = 2;

/**
 * GET a URL's text, one request at a time, with a timeout and two retries (a client error but 429 is not
 * retried: it will not mend itself).
 * @throws SourceFailed naming the URL and the last failure
 */
export async function getText(url: string, userAgent: string): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, 1000 * 2 ** attempt));
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': userAgent, Accept: 'application/json, text/plain' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.ok) return body;
      last = `HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      last = (error as Error).message;
    }
  }
  throw new SourceFailed(`${url}: ${last}`);
}

/** Where answers come from: a base URL (each path fetched) or a folder of saved answers (each path a file). */
export interface AnswerSource {
  /** The answer at `path` (a URL path under the base), or in the folder at `file`; parsed and checked by `schema`. */
  read<T extends z.ZodType>(schema: T, path: string, file: string): Promise<z.infer<T>>;
  /** Where that answer is, as messages name it: the URL, or the file. */
  where(path: string, file: string): string;
}

/**
 * An answer source: `location` is an http(s) base URL or a folder.
 * @example answerSource('https://api.tcgdex.net/v2/en', agent).read(setList, 'sets', 'sets.json')
 */
export function answerSource(location: string, userAgent: string): AnswerSource {
  const remote = /^https?:\/\//.test(location);
  const base = location.replace(/\/+$/, '');
  const where = (path: string, file: string) => (remote ? `${base}/${path}` : relative(process.cwd(), join(base, file)) || join(base, file));
  return {
    where,
    async read(schema, path, file) {
      const at = where(path, file);
      let text: string;
      if (remote) text = await getText(at, userAgent);
      else {
        if (!existsSync(join(base, file))) throw new AnswerError(`${at}: missing (the saved answer to GET ${path})`);
        text = readFileSync(join(base, file), 'utf8');
      }
      return parseAnswer(schema, text, at);
    },
  };
}

/**
 * An answer's text parsed and checked; the first problem names where it came from and the field.
 * @throws AnswerError e.g. `sets/sv08.5.json: cards[3].localId: Invalid input: expected string, received number`
 */
export function parseAnswer<T extends z.ZodType>(schema: T, text: string, where: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AnswerError(`${where}: not JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AnswerError(`${where}: ${fieldPath(issue.path) || '(answer)'}: ${issue.message}`);
}

/**
 * A field's path as a message names it.
 * @example fieldPath(['cards', 3, 'localId']) // "cards[3].localId"
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}
