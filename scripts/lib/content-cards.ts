import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardEntry } from '../../src/schemas/card.ts';

/**
 * Every card of the catalogue, read from content/cards/*.json, for scripts and
 * tests (the site itself reads cards through its content collection).
 *
 * @example loadCards().length // 20608
 */
export function loadCards(dir = join(import.meta.dirname, '../../content/cards')): CardEntry[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CardEntry[]);
}
