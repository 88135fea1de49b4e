import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardEntry } from '../../src/schemas/card.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { contentCopy } from '../support/tcgcsv-days.ts';

/**
 * `npm run catalogue:sync` reading TCGdex's Japanese answers (tests/fixtures/catalogue-sync/japanese: Terastal Fest
 * ex, which the fixture content holds in part, and Battle Partners, which it lacks) beside the English ones
 * (new-set: Fixture Tides), into copies of the fixture content.
 */
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'catalogue-sync');
const content = scratchDir('japanese-sync-content');
const replies = scratchDir('japanese-sync-replies');

afterAll(() => {
  for (const dir of [content, replies]) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  contentCopy(FIXTURE_CONTENT, content);
  rmSync(replies, { recursive: true, force: true });
  cpSync(join(FIXTURES, 'new-set'), replies, { recursive: true });
  cpSync(join(FIXTURES, 'japanese'), replies, { recursive: true });
});

function sync(...flags: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'scripts', 'catalogue-sync.ts'),
      ...['--content', content, '--tcgdex', join(replies, 'tcgdex'), '--tcgcsv', join(replies, 'tcgcsv'), '--date', '2025-10-21', ...flags],
    ],
    { encoding: 'utf8' },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}
const withJapanese = (...flags: string[]) => sync('--tcgdex-ja', join(replies, 'tcgdex-ja'), ...flags);
const json = (path: string) => JSON.parse(readFileSync(join(content, path), 'utf8'));
const cards = (set: string): CardEntry[] => json(`cards/${set}.json`);

describe('a sync of the Japanese sets', () => {
  it('adds a new Japanese set with its English name and group from TCGplayer, its Japanese name from TCGdex', () => {
    const { status, output } = withJapanese('--write');
    expect(status, output).toBe(0);
    expect(output).toMatch(
      /1b\. TCGdex \(Japanese\): 2 sets read \(SV, M\); 1 Japanese sets added \(jp-sv9\), 4 Japanese cards added \(1 with an English name, 3 with their Japanese name alone\), of which 1 to sets content held: jp-sv8a-093/,
    );
    expect(output).toMatch(/added set Battle Partners \(jp-sv9\), 3 cards/);
    expect(json('sets.json').find((set: { id: string }) => set.id === 'jp-sv9')).toEqual({
      id: 'jp-sv9',
      name: 'Battle Partners',
      language: 'ja',
      nameJa: 'バトルパートナーズ',
      tcgplayerGroupId: 24173,
      series: 'Scarlet & Violet',
      printedTotal: 100,
      total: 3,
      releaseDate: '2025-01-24',
    });
    // The English sync ran as before beside it.
    expect(json('sets.json').map((set: { id: string }) => set.id)).toEqual(['base1', 'fix1', 'jp-sv2a', 'jp-sv2d', 'jp-sv8a', 'me8pt5', 'jp-sv9']);
  });

  it('adds its cards as the Japanese import made them: Japanese names kept, no English name invented, a line per TCGplayer product', () => {
    withJapanese('--write');
    expect(cards('jp-sv9').map((c) => [c.id, c.name, c.language, c.nameJa, c.number, c.supertype, c.subtypes, c.rarity ?? null, c.tcgdexId])).toEqual([
      ['jp-sv9-001', 'キャタピー', 'ja', 'キャタピー', '001', 'Pokémon', ['Basic'], 'Common', 'SV9-001'],
      ['jp-sv9-115', 'リーリエのピッピex', 'ja', 'リーリエのピッピex', '115', 'Pokémon', ['Basic', 'ex'], null, 'SV9-115'],
      ['jp-sv9-132', 'スパイクエネルギー', 'ja', 'スパイクエネルギー', '132', 'Energy', ['Special'], null, 'SV9-132'],
    ]);
    const [caterpie] = cards('jp-sv9');
    expect(caterpie.images.small).toBe('https://assets.tcgdex.net/ja/SV/SV9/001/low.png');
    expect(caterpie.prices.map((l) => [l.variant, l.printing, l.primary, l.productId, l.groupId, l.market, l.source])).toEqual([
      ['normal', null, true, 614852, 24173, null, 'tcgdex'],
    ]);
  });

  it('recognises a Japanese set content holds: adds the card it lacks, with the English name its Japanese name has in content, and leaves the others alone', () => {
    const before = readFileSync(join(content, 'cards', 'jp-sv8a.json'), 'utf8');
    withJapanese('--write');
    const after = cards('jp-sv8a');
    expect(after.map((c) => c.id)).toEqual(['jp-sv8a-217', 'jp-sv8a-190', 'jp-sv8a-093']);
    expect(JSON.stringify(after.slice(0, 2))).toBe(JSON.stringify(JSON.parse(before)));
    expect(after[2]).toMatchObject({ name: 'Umbreon ex', nameJa: 'ブラッキーex', rarity: 'Double Rare', subtypes: ['Stage 1', 'ex'] });
    expect(after[2].prices).toMatchObject([{ variant: 'holofoil', productId: 602480, groupId: 23909 }]);
    expect(json('sets.json').filter((set: { id: string }) => set.id === 'jp-sv8a')).toHaveLength(1);
  });

  it('adds nothing the second time, and the check passes on what it wrote', () => {
    withJapanese('--write');
    const again = withJapanese('--write');
    expect(again.output).toMatch(/0 Japanese sets added \(none\), 0 Japanese cards added/);
    expect(again.output).toMatch(/files: 0 added, 0 changed/);
    const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-content.ts')], { encoding: 'utf8', env: { ...process.env, CONTENT_DIR: content } });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('reads no Japanese answer when saved English replies are given without Japanese ones, and says so', () => {
    const { status, output } = sync('--write');
    expect(status, output).toBe(0);
    expect(output).toMatch(/1b\. TCGdex \(Japanese\): not read/);
    expect(json('sets.json').map((set: { id: string }) => set.id)).not.toContain('jp-sv9');
  });

  it('fails on a malformed Japanese reply naming its file and field, and writes nothing', () => {
    const path = join(replies, 'tcgdex-ja', 'cards', 'SV9-001.json');
    const card = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...card, hp: 'fifty' }));
    const before = readFileSync(join(content, 'sets.json'), 'utf8');
    const { status, output } = withJapanese('--write');
    expect(status).toBe(1);
    expect(output).toMatch(/tcgdex-ja\/cards\/SV9-001\.json: hp: .*\nnothing was written/);
    expect(readFileSync(join(content, 'sets.json'), 'utf8')).toBe(before);
  });
});
