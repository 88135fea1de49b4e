import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDay, readPriceContent, setHistoryDay } from '../../scripts/lib/price-import.ts';
import { readTcgcsvDays, variantOf } from '../../scripts/lib/tcgcsv-days.ts';
import { pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { DAILY_DAYS, foldHistory, HISTORY_MAX_DAYS, type HistorySeries } from '../../src/catalogue/price-history.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { dailyHistory } from '../../src/schemas/common.ts';
import { addDays, daysBetween } from '../../src/schemas/dates.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { contentCopy, type LaterDay, laterDays, TCGCSV_SAMPLE } from '../support/tcgcsv-days.ts';

/**
 * The daily price import (`npm run import -- --tcgcsv DIR`) on real tcgcsv files (tests/fixtures/tcgcsv-sample)
 * and days made from them, into copies of the fixture content.
 */
const scratch = (name: string) => scratchDir(`price-import-${name}`);
afterAll(() => {
  for (const name of readdirSync(join(ROOT, '.cache', 'tmp')).filter((n) => n.startsWith('price-import-') && n.endsWith(`-${process.pid}`))) {
    rmSync(join(ROOT, '.cache', 'tmp', name), { recursive: true, force: true });
  }
});

function runImport(dir: string, content: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', dir, '--out', content, ...flags], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const filesOf = (dir: string) =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => [join(d.parentPath, d.name).slice(dir.length), readFileSync(join(d.parentPath, d.name), 'utf8')]),
  );

const cardOf = (content: string, id: string): CardEntry =>
  (JSON.parse(readFileSync(join(content, 'cards', `${id.split('-')[0]}.json`), 'utf8')) as CardEntry[]).find((c) => c.id === id)!;
const sealedOf = (content: string, productId: number) =>
  (
    JSON.parse(readFileSync(join(content, 'sealed', '2848-swsh07-evolving-skies.json'), 'utf8')).products as {
      productId: number;
      price: Record<string, unknown>;
      history?: { start: string; end: string; market: (number | null)[] };
    }[]
  ).find((p) => p.productId === productId)!;

/** Charizard's Holofoil (product 42382) at $520 and the Evolving Skies booster box (242436) at $2,700, on `date`. */
const repriced = (date: string): LaterDay => ({
  from: '2025-10-20',
  date,
  row: (row) =>
    row.productId === 42382 && row.subTypeName === 'Holofoil'
      ? { ...row, marketPrice: 520, lowPrice: 410 }
      : row.productId === 242436
        ? { ...row, marketPrice: 2700 }
        : row,
});

describe('reading tcgcsv days', () => {
  it('reads a folder of days oldest first, and a single day folder', () => {
    expect(readTcgcsvDays(TCGCSV_SAMPLE).map((d) => d.date)).toEqual(['2025-10-19', '2025-10-20']);
    const [day] = readTcgcsvDays(join(TCGCSV_SAMPLE, '2025-10-20'));
    expect(day.groups.map((g) => g.groupId)).toEqual([604, 2848]);
    expect(day.groups[0].rows).toContainEqual({
      productId: 42382,
      subTypeName: 'Holofoil',
      lowPrice: 327.99,
      midPrice: 466,
      highPrice: 1000,
      marketPrice: 458.29,
      directLowPrice: null,
    });
  });

  it.each([
    ['Normal', 'normal'],
    ['Holofoil', 'holofoil'],
    ['Reverse Holofoil', 'reverseHolofoil'],
    ['1st Edition Holofoil', '1stEditionHolofoil'],
    ['1st Edition', '1stEdition'],
    ['Unlimited Holofoil', 'unlimitedHolofoil'],
  ])('names the printing %s as content does: %s', (subTypeName, variant) => {
    expect(variantOf(subTypeName)).toBe(variant);
  });
});

describe('importing a day', () => {
  it('lands each product on the printing that holds it, with its prices, date and source', () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('land'));
    const days = laterDays(scratch('land-days'), [repriced('2025-10-21')]);
    expect(runImport(days, content, '--write').status).toBe(0);
    const charizard = cardOf(content, 'base1-4');
    expect(charizard.prices.find((p) => p.variant === 'holofoil')).toMatchObject({
      productId: 42382,
      low: 410,
      mid: 466,
      high: 1000,
      market: 520,
      directLow: null,
      updatedAt: '2025-10-21',
      source: 'tcgcsv',
    });
    // The sample has no 1st Edition row for 42382 that day: that printing keeps its prices and date.
    expect(charizard.prices.find((p) => p.variant === '1stEditionHolofoil')).toMatchObject({ updatedAt: '2025-10-20' });
    // A product of another group (1663) that the day does not hold is untouched.
    expect(charizard.prices.find((p) => p.productId === 106999)?.updatedAt).toBe('2025-10-20');
    expect(sealedOf(content, 242436).price).toMatchObject({ market: 2700, mid: 3240, updatedAt: '2025-10-21', source: 'tcgcsv' });
  });

  it('appends one history day per product a day, and records what changed', () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('history'));
    const before = cardOf(content, 'base1-4').history[0];
    const days = laterDays(scratch('history-days'), [repriced('2025-10-21'), { from: '2025-10-20', date: '2025-10-22' }]);
    const result = runImport(days, content, '--write');
    expect(result.status).toBe(0);
    const after = cardOf(content, 'base1-4').history[0];
    expect(after).toEqual({ ...before, end: '2025-10-22', market: [...before.market, 520, 458.29] });
    const box = sealedOf(content, 242436).history!;
    expect(box.end).toBe('2025-10-22');
    expect(box.market.slice(-2)).toEqual([2700, 2589.86]);
    // A product first priced by the import starts its history that day.
    expect(sealedOf(content, 242438).history).toEqual({ start: '2025-10-21', end: '2025-10-22', market: [60.2, 60.2] });
    const record = JSON.parse(readFileSync(join(content, 'changes', '2025-10-21.json'), 'utf8'));
    expect(record).toMatchObject({ asOf: '2025-10-21', previousAsOf: '2025-10-20' });
    expect(record.cards.repriced).toContainEqual(expect.objectContaining({ id: 'base1-4', fromUsd: 458.29, toUsd: 520 }));
    expect(result.output).toMatch(/Charizard \(Base 4\/102\): \$458\.29 → \$520\.00 \(\+13\.5%\)/);
  });

  it('is a no-op the second time: the same day imported again writes the same bytes', () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('again'));
    const days = laterDays(scratch('again-days'), [repriced('2025-10-21')]);
    expect(runImport(days, content, '--write').status).toBe(0);
    const once = filesOf(content);
    const again = runImport(days, content, '--write');
    expect(again.status).toBe(0);
    expect(again.output).toMatch(/0 price lines repriced, 0 confirmed; 0 history days set/);
    expect(again.output).toMatch(/files: 0 added, 0 changed/);
    expect(filesOf(content)).toEqual(once);
  });

  it('lists the products the content does not hold, by group, and lands none of them', () => {
    const content = readPriceContent(FIXTURE_CONTENT);
    const [day] = readTcgcsvDays(join(TCGCSV_SAMPLE, '2025-10-20'));
    const report = applyDay(content, day);
    const base = report.unknownProducts.get(604)!;
    expect(base).toContain(42346); // Alakazam: the fixture holds only a few Base Set cards
    expect(base).not.toContain(42382);
    expect(report.unknownProducts.get(2848)).not.toContain(242436);
    // The fixture lists Blastoise (42350) as holofoil; TCGplayer reports only its Normal printing: not guessed onto it.
    expect(report.unknownPrintings).toEqual([{ productId: 42350, subTypeName: 'Normal' }]);
    const productIds = (c: typeof content) => [...c.cardFiles.values()].flat().flatMap((card) => card.prices.map((p) => p.productId));
    expect(productIds(content)).toEqual(productIds(readPriceContent(FIXTURE_CONTENT)));
  });

  it('prices a line the catalogue sync listed, dated after the day, and the listing moves no as-of date', () => {
    const content = readPriceContent(FIXTURE_CONTENT);
    const alakazam: CardEntry = {
      ...cardOf(FIXTURE_CONTENT, 'base1-4'),
      id: 'base1-1',
      name: 'Alakazam',
      number: '1',
      history: [],
      graded: undefined,
      prices: [
        {
          variant: 'holofoil',
          printing: null,
          primary: true,
          productId: 42346,
          groupId: 604,
          low: null,
          mid: null,
          high: null,
          market: null,
          directLow: null,
          updatedAt: '2025-10-25',
          source: 'tcgdex',
        },
      ],
    };
    content.cardFiles.get('cards/base1.json')!.push(alakazam);
    expect(pricesAsOfOf([alakazam], [])).toBe('');
    const [day] = readTcgcsvDays(join(TCGCSV_SAMPLE, '2025-10-20'));
    const report = applyDay(content, day);
    expect(report.unknownProducts.get(604)).not.toContain(42346);
    expect(alakazam.prices[0]).toMatchObject({ market: expect.any(Number), updatedAt: '2025-10-20', source: 'tcgcsv' });
    expect(alakazam.history[0]).toMatchObject({ productId: 42346, start: '2025-10-20' });
    expect(report.changes?.cards.status).toContainEqual(expect.objectContaining({ id: 'base1-1', from: 'unpriced', to: 'priced' }));
  });

  it('refuses a day older than the content, unless asked, and then only fills in history', () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('older'));
    const days = laterDays(scratch('older-days'), [{ from: '2025-10-19', date: '2025-10-17' }]);
    const refused = runImport(days, content, '--write');
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/2025-10-17 is older than the content's prices \(2025-10-20\).*--allow-older/s);
    expect(refused.output).toMatch(/nothing was written/);
    expect(filesOf(content)).toEqual(filesOf(FIXTURE_CONTENT));
    expect(runImport(days, content, '--write', '--allow-older').status).toBe(0);
    const charizard = cardOf(content, 'base1-4');
    expect(charizard.prices.find((p) => p.variant === 'holofoil')?.updatedAt).toBe('2025-10-20');
    expect(charizard.history[0].start).toBe('2025-10-17');
    expect(charizard.history[0].market[0]).toBe(458.29);
  });
});

describe('files that are not right', () => {
  const broken = (name: string, write: (dir: string) => void) => {
    const days = laterDays(scratch(`${name}-days`), [{ from: '2025-10-20', date: '2025-10-21' }]);
    write(days);
    return days;
  };
  it.each([
    ['not JSON', (dir: string) => writeFileSync(join(dir, '2025-10-21/3/604/prices'), '{"success": true, "results": ['), /3\/604\/prices: not valid JSON/],
    [
      'a price that is text',
      (dir: string) => {
        const path = join(dir, '2025-10-21/3/2848/prices');
        const file = JSON.parse(readFileSync(path, 'utf8'));
        file.results[3].marketPrice = '12.50';
        writeFileSync(path, JSON.stringify(file));
      },
      /3\/2848\/prices: results\[3\]\.marketPrice: expected a price in dollars/,
    ],
    [
      'a failure reported by the source',
      (dir: string) => writeFileSync(join(dir, '2025-10-21/3/604/prices'), '{"success": false, "errors": ["rate limited"], "results": []}'),
      /success: is false.*rate limited/,
    ],
    ['a group without its file', (dir: string) => mkdirSync(join(dir, '2025-10-21/3/1663')), /3\/1663\/prices: missing/],
  ])('fails on %s, naming the file and field, and writes nothing', (name, write, message) => {
    const content = contentCopy(FIXTURE_CONTENT, scratch(`broken-${name.replaceAll(' ', '-')}`));
    const result = runImport(broken(name.replaceAll(' ', '-'), write), content, '--write');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(message);
    expect(result.output).toMatch(/nothing was written/);
    expect(filesOf(content)).toEqual(filesOf(FIXTURE_CONTENT));
  });

  it("fails on the day's change record when content holds a malformed one, naming the file and field, and writes nothing", () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('broken-record'));
    mkdirSync(join(content, 'changes'), { recursive: true });
    writeFileSync(join(content, 'changes', '2025-10-21.json'), JSON.stringify({ asOf: '2025-10-21', cards: 'none' }));
    const before = filesOf(content);
    const result = runImport(laterDays(scratch('broken-record-days'), [repriced('2025-10-21')]), content, '--write');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/changes\/2025-10-21\.json: cards: /);
    expect(filesOf(content)).toEqual(before);
  });

  it('fails on a folder that holds no day', () => {
    const result = runImport(join(ROOT, 'tests', 'fixtures', 'content'), scratch('no-days'));
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/holds no day folder/);
  });
});

describe('freshness', () => {
  it('marks what a day no longer reports as stale, in the change record, once it falls behind', () => {
    const content = contentCopy(FIXTURE_CONTENT, scratch('stale'));
    // Four days on, the booster box 242438 is no longer reported.
    const days = laterDays(scratch('stale-days'), [{ from: '2025-10-20', date: '2025-10-24', row: (row) => (row.productId === 242438 ? null : row) }]);
    expect(runImport(days, content, '--write').status).toBe(0);
    const record = JSON.parse(readFileSync(join(content, 'changes', '2025-10-24.json'), 'utf8'));
    expect(record.sealed.status).toContainEqual(expect.objectContaining({ id: '242438', from: 'priced', to: 'stale' }));
    expect(sealedOf(content, 242438).price.updatedAt).toBe('2025-10-20');
  });
});

describe('history policy, as the daily import applies it day by day (its rule: tests/unit/price-history.test.ts)', () => {
  it('keeps a series bounded however long the daily import runs: 90 to 96 daily values, nothing older than two years', () => {
    const series: HistorySeries = { start: '2024-01-03', end: '2024-01-03', market: [1] };
    for (let day = 1; day < 1000; day++) {
      setHistoryDay(series, addDays('2024-01-03', day), day % 17 === 0 ? null : 1 + day / 100);
      if (day < DAILY_DAYS) continue;
      expect(series.market.length).toBeGreaterThanOrEqual(DAILY_DAYS);
      expect(series.market.length).toBeLessThanOrEqual(DAILY_DAYS + 6);
      expect(dailyHistory.safeParse(series).success).toBe(true);
    }
    expect(daysBetween(series.weekly!.start, series.end)).toBeLessThan(HISTORY_MAX_DAYS);
    expect(daysBetween(series.weekly!.start, series.end)).toBeGreaterThanOrEqual(HISTORY_MAX_DAYS - 7);
    expect(series.weekly!.market.length).toBeLessThanOrEqual(Math.ceil((HISTORY_MAX_DAYS - DAILY_DAYS) / 7));
    // The close of a week is its Sunday's price (every day of this series is known but every 17th).
    const sunday = series.weekly!.end;
    expect(series.weekly!.market.at(-1)).toBe(1 + daysBetween('2024-01-03', sunday) / 100);
  });

  it('drops leading weeks that had no price, and does not set a day from before the daily values once weeks precede them', () => {
    const series: HistorySeries = { start: '2025-06-02', end: '2025-10-20', market: Array.from({ length: 141 }, (_, i) => (i < 14 ? null : i)) };
    foldHistory(series);
    expect(series.weekly).toMatchObject({ start: '2025-06-22', market: [20, 27, 34, 41, 48] });
    const before = structuredClone(series);
    expect(setHistoryDay(series, '2025-07-01', 5)).toBe(false);
    expect(series).toEqual(before);
  });

  it('fills the days a series missed with null, and sets a day inside it in place', () => {
    const series = { start: '2025-10-01', end: '2025-10-02', market: [1, 2] };
    setHistoryDay(series, '2025-10-05', 5);
    expect(series).toEqual({ start: '2025-10-01', end: '2025-10-05', market: [1, 2, null, null, 5] });
    expect(setHistoryDay(series, '2025-10-03', 3)).toBe(true);
    expect(setHistoryDay(series, '2025-10-03', 3)).toBe(false);
    expect(series.market).toEqual([1, 2, 3, null, 5]);
  });
});
