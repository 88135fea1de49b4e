import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Searchers, searchersOf } from './searchers.ts';

/**
 * The searchers of a build's dist/server/search/ read straight from the disk, each side file when first needed:
 * for tools and tests on Node. The function reads its data through its runtime's FunctionData
 * (searchers.ts searchersFrom).
 * @example const searchers = loadSearchers('dist/server/search')
 */
export function loadSearchers(searchDir: string): Searchers {
  const serverDir = join(searchDir, '..');
  return searchersOf({
    bytes: (file) => readFileSync(join(serverDir, file)),
    json: (file) => JSON.parse(readFileSync(join(serverDir, file), 'utf8')),
  });
}
