import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ALIAS_FILES } from '../schemas/aliases.ts';
import type { AliasContent } from '../search/aliases.ts';
import { readValidatedJson } from './validated-json.ts';

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
    return readValidatedJson(path, schema) as AliasContent[K];
  };
  return {
    sets: read('sets'),
    products: read('products'),
    rarities: read('rarities'),
    nicknames: read('nicknames'),
    ignored: read('ignored'),
    printings: read('printings'),
    arts: read('arts'),
  };
}
