import { readFileSync } from 'node:fs';
import type { z } from 'astro/zod';

/** `cards.repriced[1].from` from a validation path. */
const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/**
 * A JSON file of content read and checked against its schema; a malformed one
 * fails with the file, and each problem with its entry and field, named.
 * @example readValidatedJson('content/aliases/sets.json', setAliasesSchema)[0].set // "base1"
 */
export function readValidatedJson<S extends z.ZodType>(path: string, schema: S): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${path}: ${pathText(issue.path) || '(file)'}: ${issue.message}`).join('\n'));
  return parsed.data;
}
