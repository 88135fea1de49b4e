import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';
import { contentCopy, laterDays } from '../support/tcgcsv-days.ts';

/**
 * End to end: two days of tcgcsv prices (made from the real sample files, dates moved on, Charizard repriced)
 * imported into a copy of the fixture content, then the site built from it: the card's JSON, Markdown, chart
 * and the change feed show the new prices, and the catalogue says how fresh they are.
 */
const content = scratchDir('daily-import-content');
const days = scratchDir('daily-import-days');
let client: string;

beforeAll(() => {
  contentCopy(FIXTURE_CONTENT, content);
  laterDays(days, [
    { from: '2025-10-19', date: '2025-10-21', row: (row) => (row.productId === 42382 && row.subTypeName === 'Holofoil' ? { ...row, marketPrice: 470 } : row) },
    { from: '2025-10-20', date: '2025-10-22', row: (row) => (row.productId === 42382 && row.subTypeName === 'Holofoil' ? { ...row, marketPrice: 520 } : row) },
  ]);
  const imported = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', days, '--out', content, '--write'], {
    encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(`the import failed:\n${imported.stdout}${imported.stderr}`);
  const built = buildSite('daily-import-site', content);
  if (built.status !== 0) throw new Error(`the build failed:\n${built.output.slice(-3000)}`);
  client = join(built.dist, 'client');
}, 240_000);

afterAll(() => {
  for (const dir of [content, days, scratchDir('daily-import-site')]) rmSync(dir, { recursive: true, force: true });
});

const json = (path: string) => JSON.parse(readFileSync(join(client, path), 'utf8'));
const text = (path: string) => readFileSync(join(client, path), 'utf8');

describe('a daily import, built', () => {
  it("gives the card's JSON the new price, its date and the days in its history", () => {
    const card = json('api/cards/charizard-base1-4.json');
    assertMatches('card-detail.json', card, 'the card');
    expect(card.market).toMatchObject({ marketPrice: 520, updatedAt: '2025-10-22' });
    expect(card.valueUsd).toBe(520);
    expect(card.priceStatus).toBe('priced');
    expect(card.history.end).toBe('2025-10-22');
    expect(card.history.market.slice(-2)).toEqual([470, 520]);
    expect(card.printings.find((p: { id: string }) => p.id === 'holofoil')).toMatchObject({ marketPrice: 520, updatedAt: '2025-10-22' });
    expect(card.changes[0]).toMatchObject({ asOf: '2025-10-22' });
  });

  it('writes the new price into the Markdown and the chart', () => {
    const markdown = text('cards/charizard-base1-4.md');
    expect(markdown).toMatch(/Value: \*\*\$520\.00\*\*/);
    expect(markdown).toMatch(/\| Holofoil +\| +\$520\.00 \|.*\| 2025-10-22 \|/);
    expect(markdown).toMatch(/to 2025-10-22/);
    expect(text('cards/charizard-base1-4.html')).toMatch(/aria-label="Market price of the Holofoil printing, 2025-10-18 to 2025-10-22: \$450\.00 to \$520\.00/);
  });

  it('lists each imported day in the change feed, with the repricing', () => {
    const feed = json('api/changes.json');
    expect(feed.map((entry: { asOf: string }) => entry.asOf).slice(0, 2)).toEqual(['2025-10-22', '2025-10-21']);
    const record = json('api/changes/2025-10-22.json');
    expect(record.previousAsOf).toBe('2025-10-21');
    expect(record.cards.repriced).toContainEqual(expect.objectContaining({ id: 'base1-4', fromUsd: 470, toUsd: 520 }));
  });

  it('says the prices are as of the newest day, and marks what fell behind as stale', () => {
    const summary = json('api/content.json');
    expect(summary.pricesAsOf).toBe('2025-10-22');
    expect(json('api/bulk/manifest.json').pricesAsOf).toBe('2025-10-22');
    // The shadowless Charizard (product 106999, group 1663) is in no imported file: still 2025-10-20, 2 days behind.
    const shadowless = json('api/cards/charizard-base1-4.json').printings.find((p: { id: string }) => p.id === 'shadowless-holofoil');
    expect(shadowless).toMatchObject({ updatedAt: '2025-10-20', priceStatus: 'priced' });
    // Farfetch'd was last priced on 2025-08-01, Energy Removal on 2025-10-10: more than 3 days behind.
    expect(json('api/cards/farfetchd-fix1-012.json')).toMatchObject({ priceStatus: 'stale', valueUsd: expect.any(Number) });
    expect(json('api/cards/energy-removal-base1-92.json').priceStatus).toBe('stale');
  });
});
