import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDay, readPriceContent } from '../../scripts/lib/price-import.ts';
import { readTcgcsvDays } from '../../scripts/lib/tcgcsv-days.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { contentCopy, laterDays } from '../support/tcgcsv-days.ts';

/**
 * The daily price import of the Japanese cards: a day of TCGplayer's "Pokemon Japan" category (85) in tcgcsv's
 * layout (tests/fixtures/tcgcsv-japan, made from ../shared/data/japanese/prices), alone or beside the English
 * category's groups, imported into copies of the fixture content (its jp-sv8a and jp-sv2d cards).
 */
const JAPAN_DAY = join(ROOT, 'tests', 'fixtures', 'tcgcsv-japan');
const content = scratchDir('japanese-price-import-content');
const days = scratchDir('japanese-price-import-days');
afterAll(() => {
  for (const dir of [content, days]) rmSync(dir, { recursive: true, force: true });
});

function runImport(dir: string) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', dir, '--out', content, '--write'], {
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}
const cardOf = (id: string): CardEntry =>
  (JSON.parse(readFileSync(join(content, 'cards', `${id.replace(/-[^-]+$/, '')}.json`), 'utf8')) as CardEntry[]).find((c) => c.id === id)!;

describe('a day of Pokemon Japan prices', () => {
  it("moves a Japanese card's price and appends the day to its history, beside the English groups of the same day", () => {
    contentCopy(FIXTURE_CONTENT, content);
    laterDays(days, [{ from: '2025-10-20', date: '2025-10-21' }]);
    cpSync(join(JAPAN_DAY, '2025-10-21', '85'), join(days, '2025-10-21', '85'), { recursive: true });
    const { status, output } = runImport(days);
    expect(status, output).toBe(0);
    const umbreon = cardOf('jp-sv8a-217');
    expect(umbreon.prices[0]).toMatchObject({ market: 352, updatedAt: '2025-10-21', source: 'tcgcsv', productId: 602681 });
    expect(umbreon.history[0]).toMatchObject({ end: '2025-10-21' });
    expect(umbreon.history[0].market.slice(-2)).toEqual([310.67, 352]);
    // Iono's last row was 2025-09-29: her first price since then, and a history day.
    expect(cardOf('jp-sv2d-096').prices[0]).toMatchObject({ market: 249.99, updatedAt: '2025-10-21' });
    expect(cardOf('jp-sv2d-096').history[0].end).toBe('2025-10-21');
    // The English cards of the same day are imported as before.
    expect(cardOf('base1-4').prices.find((line) => line.productId === 42382)?.updatedAt).toBe('2025-10-21');
    expect(output).toMatch(
      /Japanese sets \(Pokemon Japan, category 85\): 2 groups, 4 rows; 2 price lines repriced, 1 confirmed; 3 history days set; 1 products not in content/,
    );
    expect(output).toMatch(/group 23909: products not in content: 602682/);
    const record = JSON.parse(readFileSync(join(content, 'changes', '2025-10-21.json'), 'utf8'));
    expect(record.cards.repriced).toContainEqual(expect.objectContaining({ id: 'jp-sv8a-217', fromUsd: 310.67, toUsd: 352 }));
  });

  it('is imported alone: a day that holds only the Japanese category', () => {
    contentCopy(FIXTURE_CONTENT, content);
    const { status, output } = runImport(JAPAN_DAY);
    expect(status, output).toBe(0);
    expect(cardOf('jp-sv8a-217').prices[0]).toMatchObject({ market: 352, updatedAt: '2025-10-21' });
    expect(cardOf('base1-4').prices.find((line) => line.productId === 42382)?.updatedAt).toBe('2025-10-20');
  });

  it("gives a line the catalogue sync listed on a Japanese card TCGplayer's finish, and reports it; an English card's is not guessed", () => {
    const synced = readPriceContent(FIXTURE_CONTENT);
    const umbreon = synced.cardFiles.get('cards/jp-sv8a.json')!.find((card) => card.id === 'jp-sv8a-217')!;
    // As the sync lists it from TCGdex, which calls this Double Rare's printing normal; TCGplayer sells it as Holofoil.
    Object.assign(umbreon, { history: [] });
    Object.assign(umbreon.prices[0], { variant: 'normal', low: null, mid: null, high: null, market: null, directLow: null, source: 'tcgdex' });
    const [day] = readTcgcsvDays(JAPAN_DAY);
    const report = applyDay(synced, day);
    expect(report.finishesTaken).toEqual([{ cardId: 'jp-sv8a-217', productId: 602681, from: 'normal', to: 'holofoil' }]);
    expect(umbreon.prices[0]).toMatchObject({ variant: 'holofoil', market: 352, source: 'tcgcsv' });
    expect(umbreon.history[0]).toMatchObject({ variant: 'holofoil', productId: 602681, start: '2025-10-21' });
    // A line that was priced keeps its finish: a row of another is reported, as an English card's is.
    const priced = readPriceContent(FIXTURE_CONTENT);
    const korrina = priced.cardFiles.get('cards/jp-sv8a.json')!.find((card) => card.id === 'jp-sv8a-190')!;
    korrina.prices[0].variant = 'normal';
    const again = applyDay(priced, day);
    expect(again.finishesTaken).toEqual([]);
    expect(again.unknownPrintings).toContainEqual({ productId: 602654, subTypeName: 'Holofoil' });
  });
});
