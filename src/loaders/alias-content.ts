import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AliasContent } from '../lib/search/aliases.ts';
import { ALIAS_FILES } from '../schemas/aliases.ts';

/** `[3].aliases[1]` from a validation path. */
const pathText = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');

/**
 * The files of <content>/aliases/, each validated against its schema. A missing
 * file means no aliases of that kind (a content tree may have none); a malformed
 * one fails with the file, the entry and the field named.
 * @example readAliasContent('content').nicknames[0] // { nickname: 'moonbreon', cards: ['swsh7-215'] }
 */
export function readAliasContent(contentDir: string): AliasContent {
  const read = <K extends keyof typeof ALIAS_FILES>(kind: K): AliasContent[K] => {
    const { file, schema } = ALIAS_FILES[kind];
    const path = join(contentDir, 'aliases', file);
    if (!existsSync(path)) return [] as AliasContent[K];
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path}: not valid JSON: ${(error as Error).message}`);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${path}: ${pathText(issue.path).replace(/^\./, '') || '(file)'}: ${issue.message}`);
      throw new Error(problems.join('\n'));
    }
    return parsed.data as AliasContent[K];
  };
  return { sets: read('sets'), products: read('products'), rarities: read('rarities'), nicknames: read('nicknames'), ignored: read('ignored') };
}
