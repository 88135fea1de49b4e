import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { ROOT } from './fixture-site.ts';

/**
 * Ajv loaded with the JSON Schemas of schemas/api/ — the same files /openapi.json
 * is generated from — so every test checks responses against the published contract.
 */
export const SCHEMA_DIR = join(ROOT, 'schemas', 'api');

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
  ajv.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')));
}

/** Throws with Ajv's messages when `data` does not match the schema of `file` (e.g. `card-detail.json`). */
export function assertMatches(file: string, data: unknown, where = ''): void {
  const validate = ajv.getSchema(file);
  if (!validate) throw new Error(`no schema ${file} in ${SCHEMA_DIR}`);
  if (!validate(data)) throw new Error(`${where} does not match ${file}: ${ajv.errorsText(validate.errors)}`);
}

/** The problem JSON (RFC 9457) a response carries, checked: its status, its media type and its schema. */
export async function problemOf(res: Response, status: number, where = 'the problem'): Promise<Record<string, unknown> & { detail: string }> {
  expect(res.status, where).toBe(status);
  expect(res.headers.get('content-type'), where).toBe('application/problem+json');
  const body = await res.json();
  assertMatches('problem.json', body, where);
  return body;
}

export function schemaFiles(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}
