import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import type { CardDetail, PriceChange, SealedDetail } from '../../src/schemas/api-types.ts';
import { builtFiles } from '../support/built-files.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * The change fields of the fixture build (issue 34, item 1): every card, printing and sealed product says how its
 * value moved over 7, 30, 90 and 365 days, computed here by hand from the fixture content's histories, in the JSON,
 * the Markdown, the HTML and the bulk CSVs alike.
 */
const dist = inject('fixtureDist');
const { read, readJson } = builtFiles(dist);

const known = (fromUsd: number, fromDate: string, changeUsd: number, changePct: number): PriceChange => ({
  fromUsd,
  fromDate,
  changeUsd,
  changePct,
  reason: null,
});
const unknown = (reason: NonNullable<PriceChange['reason']>): PriceChange => ({ fromUsd: null, fromDate: null, changeUsd: null, changePct: null, reason });

describe('the change fields of built records', () => {
  it("a card's is its value printing's: 30 days of history from 2025-09-21 give 7 and 30 days, not 90 or 365", () => {
    const card: CardDetail = readJson('api/cards/charizard-ex-fix1-107.json');
    assertMatches('card-detail.json', card, 'charizard-ex-fix1-107');
    // 10-14 (day 24 of 30) 700 → 10-20 650; 09-21 (day 1) 500 → 650.
    expect(card.change).toEqual({
      '7d': known(700, '2025-10-14', -50, -7.1),
      '30d': known(500, '2025-09-21', 150, 30),
      '90d': unknown('history-too-short'),
      '365d': unknown('history-too-short'),
    });
    expect(card.printings.find((p) => p.id === card.valuePrinting)!.change).toEqual(card.change);
  });

  it('a short history gives no window; a printing with no history has no change, and says why', () => {
    const card: CardDetail = readJson('api/cards/charizard-base1-4.json');
    expect(Object.values(card.change).map((c) => c.reason)).toEqual(Array(4).fill('history-too-short'));
    const unpriced = card.printings.find((p) => p.priceStatus === 'unpriced')!;
    expect(Object.values(unpriced.change).map((c) => c.reason)).toEqual(Array(4).fill('no-price-now'));
    for (const printing of card.printings) assertMatches('printing.json', printing, printing.id);
  });

  it("a sealed product's reads its daily values and its weekly closes", () => {
    const box: SealedDetail = readJson('api/sealed/evolving-skies-booster-box-242436.json');
    // 10-14 2800 → 10-20 2589.86: −210.14, −7.505%.
    expect(box.change['7d']).toEqual(known(2800, '2025-10-14', -210.14, -7.5));
    expect(box.change['30d']).toEqual(unknown('history-too-short'));
    const etb: SealedDetail = readJson('api/sealed/evolving-skies-elite-trainer-box-242437.json');
    assertMatches('sealed-detail.json', etb, 'the Elite Trainer Box');
    // 10-14 600 → 10-20 640; the 30 days from 09-21 start before its first weekly close (Sunday 09-28).
    expect(etb.change['7d']).toEqual(known(600, '2025-10-14', 40, 6.7));
    expect(etb.change['30d']).toEqual(unknown('history-too-short'));
  });

  it('the Markdown and the page say each window in words after the price history', () => {
    const lines = [
      '7 days: down 7.1% (-$50.00) since 2025-10-14 ($700.00)',
      '30 days: up 30% (+$150.00) since 2025-09-21 ($500.00)',
      '90 and 365 days: the price history starts 2025-09-21',
    ];
    const markdown = read('cards/charizard-ex-fix1-107.md');
    expect(markdown).toContain(lines.map((line) => `- ${line}`).join('\n'));
    expect(markdown.indexOf('- 7 days:')).toBeGreaterThan(markdown.indexOf('## Price history'));
    const html = read('cards/charizard-ex-fix1-107.html');
    expect(html).toContain(lines.map((line) => `<li>${line}</li>`).join(''));
    expect(read('cards/charizard-base1-4.md')).toContain('Change over 7, 30, 90 and 365 days: the price history starts 2025-10-18.');
  });

  it('the bulk CSVs have a column per window and figure, empty where the change is not known', () => {
    const rows = (path: string) => {
      const [header, ...body] = parse(read(path), { record_delimiter: '\r\n' }) as string[][];
      return body.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
    };
    const card = rows('api/bulk/cards.csv').find((row) => row.id === 'fix1-107')!;
    expect([card.change7dFromUsd, card.change7dFromDate, card.change7dUsd, card.change7dPct, card.change7dReason]).toEqual([
      '700',
      '2025-10-14',
      '-50',
      '-7.1',
      '',
    ]);
    expect([card.change90dFromUsd, card.change90dPct, card.change90dReason]).toEqual(['', '', 'history-too-short']);
    const printing = rows('api/bulk/printings.csv').find((row) => row.cardId === 'fix1-107' && row.primary === 'true')!;
    expect(printing.change30dPct).toBe('30');
  });
});
