import { join } from 'node:path';
import { fsData } from './fs-data.ts';
import { type Searchers, searchersReadingNow } from './searchers.ts';

/**
 * The searchers of a build's dist/server/search/ read straight from the disk, each side file when first needed:
 * for the list worker, tools and tests on Node. The function reads its data through its runtime's FunctionData
 * (searchers.ts searchersFrom).
 * @example const searchers = loadSearchers('dist/server/search')
 */
export function loadSearchers(searchDir: string): Searchers {
  return searchersReadingNow(fsData(join(searchDir, '..')).bytesNow);
}
