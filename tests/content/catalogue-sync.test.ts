import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { contentCopy } from '../support/tcgcsv-days.ts';

/**
 * The catalogue sync held against the committed catalogue: a real-shaped TCGdex reply (Prismatic Evolutions,
 * tests/fixtures/catalogue-sync/prismatic) adds the card the import holds as the import holds it.
 */
const CONTENT = join(ROOT, 'content');
const PRISMATIC = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'prismatic');
const sets: SetEntry[] = JSON.parse(readFileSync(join(CONTENT, 'sets.json'), 'utf8'));
const cardsOf = (set: string): CardEntry[] => JSON.parse(readFileSync(join(CONTENT, 'cards', `${set}.json`), 'utf8'));
const scratch = scratchDir('catalogue-sync-real');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a real-shaped TCGdex reply, synced', () => {
  it('adds the card a set content holds lacks (Umbreon ex 161) as the import holds it, reading no card content already prices', () => {
    const prismatic = cardsOf('sv8pt5');
    const held = prismatic.find((card) => card.id === 'sv8pt5-161')!;
    contentCopy(FIXTURE_CONTENT, scratch);
    const fixtureSets = JSON.parse(readFileSync(join(scratch, 'sets.json'), 'utf8'));
    writeFileSync(join(scratch, 'sets.json'), JSON.stringify([...fixtureSets, sets.find((set) => set.id === 'sv8pt5')]));
    writeFileSync(join(scratch, 'cards', 'sv8pt5.json'), JSON.stringify(prismatic.filter((card) => card !== held)));
    // The saved replies hold one card, 161: a sync that read any other would fail on its missing reply.
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts', 'catalogue-sync.ts'), '--content', scratch, '--tcgdex', PRISMATIC, '--no-sealed', '--date', '2025-10-21', '--write'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/added 1 cards to sets content held: sv8pt5-161/);
    const added = (JSON.parse(readFileSync(join(scratch, 'cards', 'sv8pt5.json'), 'utf8')) as CardEntry[]).find((card) => card.id === 'sv8pt5-161')!;
    for (const field of ['id', 'set', 'name', 'number', 'supertype', 'types', 'rarity', 'artist', 'hp', 'nationalPokedexNumbers', 'regulationMark'] as const) {
      expect(added[field], field).toEqual(held[field]);
    }
    // TCGdex does not record the Scarlet & Violet mechanics (Tera, Ancient, Future): the one documented difference.
    expect(added.subtypes).toEqual(held.subtypes.filter((subtype) => subtype !== 'Tera'));
    const printing = (line: CardEntry['prices'][number]) => [line.variant, line.printing, line.primary, line.productId, line.groupId];
    expect(added.prices.map(printing)).toEqual(held.prices.map(printing));
    expect(added.prices.every((line) => line.market === null && line.source === 'tcgdex')).toBe(true);
  });
});
