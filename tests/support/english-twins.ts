import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_CONTENT, ROOT } from './fixture-site.ts';

/**
 * The fixture content with English twins of its Japanese cards, copied into `dir`: tests/fixtures/english-twins holds
 * Paldea Evolved's Iono and Prismatic Evolutions' Umbreon ex and Budew (the English prints of the fixture's Clay
 * Burst Iono and Terastal Fest ex Umbreon ex), and Terastal Fest ex's Budew, with its Master Ball printing: real
 * records of content/, so the articles on Japanese cards have pairs to count. Kept apart from the fixture, whose
 * counts many tests state. Each file's records are added after the fixture's of the same file.
 */
export const ENGLISH_TWINS = join(ROOT, 'tests', 'fixtures', 'english-twins');

export function fixtureWithEnglishTwins(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, dir, { recursive: true });
  const add = (file: string) => {
    const target = join(dir, file);
    const records = [...(existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : []), ...JSON.parse(readFileSync(join(ENGLISH_TWINS, file), 'utf8'))];
    writeFileSync(target, `${JSON.stringify(records, null, 2)}\n`);
  };
  add('sets.json');
  for (const file of readdirSync(join(ENGLISH_TWINS, 'cards'))) add(join('cards', file));
  return dir;
}
