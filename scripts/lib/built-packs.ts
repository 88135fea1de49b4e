import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSearchPackItems } from '../../src/search/search-pack.ts';

/**
 * Every item of a built search pack (`dist/server/search/<name>`), most valuable first: for the benchmarks and
 * tests that want the records the build searched. The pack reader itself is pure; the file is read here.
 * @example builtPackItems<CardSearchRecord>('dist', 'cards.pack').map((r) => r.summary.slug)
 */
export function builtPackItems<T>(dist: string, name: 'cards.pack' | 'sealed.pack'): T[] {
  const file = join(dist, 'server', 'search', name);
  return readSearchPackItems<T>(file, readFileSync(file));
}
