import { describe, expect, it } from 'vitest';
import type { PriceSeries } from '../../src/catalogue/price-history.ts';
import { finish } from '../../src/catalogue/steps.ts';
import { asOfOf, priceThen } from '../../src/collection/as-of.ts';
import { firstPriceDay, readHistoryStore, writeHistoryStore } from '../../src/collection/history-store.ts';
import { listSeriesSteps, seriesDays, seriesOf, usdOn } from '../../src/collection/list-series.ts';

/**
 * The history store (src/collection/history-store.ts): what the build writes of every printing's and product's
 * known prices (its latest record and its history) for a list valued as of a date or over time and for the feeds,
 * read back as it was given; and `asOf` read against the build's range (src/collection/as-of.ts); a list's total
 * over time (src/collection/list-series.ts).
 */
const weekly: PriceSeries = {
  weekly: { start: '2025-09-07', end: '2025-09-21', market: [10, null, 16.5] },
  start: '2025-09-22',
  end: '2025-09-26',
  market: [null, 17.01, 16.99, 250_000.37, 0],
};
const daily: PriceSeries = { start: '2025-10-18', end: '2025-10-20', market: [450, null, 458.29] };
const sealed: PriceSeries = { start: '2025-10-13', end: '2025-10-14', market: [610, 600] };
const latest = { date: '2025-10-20', usd: 458.29 };
/** A printing priced without a history, as 1,411 of the catalogue's are (the Shadowless Holofoils of Base). */
const shadowless = { date: '2025-10-20', usd: 1997.59 };

const store = () =>
  readHistoryStore(
    writeHistoryStore(
      [
        {
          id: 'base1-4',
          valuePrinting: 'holofoil',
          printings: [
            { id: 'shadowless-holofoil', latest: shadowless },
            { id: 'holofoil', history: daily, latest },
            { id: 'reverse-holofoil', history: weekly },
            { id: 'first-edition-holofoil', latest: { date: '2025-10-20', usd: null } },
          ],
        },
        { id: 'fix1-1', printings: [] },
        { id: 'fix1-2', printings: [{ id: 'normal', history: daily }] },
      ],
      [{ productId: 242437, history: sealed, latest: { date: '2025-10-14', usd: 600 } }],
    ),
  );

describe('the history store', () => {
  it('gives back each printing’s known prices as written: weekly closes, nulls, rises and falls, to the cent, and its latest record', () => {
    expect(store().card('base1-4', 'reverse-holofoil')).toEqual({ history: weekly });
    expect(store().card('base1-4', 'holofoil')).toEqual({ history: daily, latest });
    expect(store().sealed(242437)).toEqual({ history: sealed, latest: { date: '2025-10-14', usd: 600 } });
  });

  it('keeps a printing priced without a history (its latest record alone), and one whose latest record has no price', () => {
    expect(store().card('base1-4', 'shadowless-holofoil')).toEqual({ latest: shadowless });
    expect(store().card('base1-4', 'first-edition-holofoil')).toEqual({ latest: { date: '2025-10-20', usd: null } });
  });

  it('gives a card’s value printing’s prices when no printing is named, and none for a card without a value printing', () => {
    expect(store().card('base1-4')).toEqual({ history: daily, latest });
    expect(store().valuePrinting('base1-4')).toBe('holofoil');
    expect(store().card('fix1-2')).toBeUndefined();
    expect(store().card('fix1-2', 'normal')).toEqual({ history: daily });
  });

  it('has nothing for an unknown card, printing or product, or a card with no printing', () => {
    expect(store().card('base1-99')).toBeUndefined();
    expect(store().card('base1-4', 'staff-holofoil')).toBeUndefined();
    expect(store().card('fix1-1')).toBeUndefined();
    expect(store().sealed(1)).toBeUndefined();
  });

  it('counts its series and values', () => {
    expect(store().size).toEqual({ series: 6, values: 3 + 8 + 3 + 2 });
  });

  it('writes the same bytes for the same histories, about a byte a value', () => {
    const write = () => writeHistoryStore([{ id: 'a', valuePrinting: 'x', printings: [{ id: 'x', history: daily }] }], []);
    expect(write()).toEqual(write());
    const flat: PriceSeries = { start: '2025-01-01', end: '2025-04-10', market: Array.from({ length: 100 }, (_, i) => 12.5 + (i % 3) * 0.01) };
    const bytes = writeHistoryStore([{ id: 'a', valuePrinting: 'x', printings: [{ id: 'x', history: flat }] }], []);
    const empty = writeHistoryStore([{ id: 'a', valuePrinting: 'x', printings: [{ id: 'x', history: { ...flat, end: '2025-01-01', market: [12.5] } }] }], []);
    expect(bytes.byteLength - empty.byteLength).toBeLessThanOrEqual(100);
  });

  it('opens the days a list may be valued as of at the first day a history reaches, whatever older latest record a printing without one has', () => {
    const stale = { id: 'base1-2', printings: [{ id: 'holofoil', latest: { date: '2025-07-08', usd: 40 } }] };
    const cards = [stale, { id: 'base1-4', printings: [{ id: 'reverse-holofoil', history: weekly }] }];
    expect(firstPriceDay(cards, [{ productId: 1, history: sealed }], '2025-10-20')).toBe('2025-09-07');
    expect(firstPriceDay([stale], [], '2025-10-20')).toBe('2025-10-20');
  });

  it('refuses bytes that are not a store', () => {
    expect(() => readHistoryStore(new TextEncoder().encode('CVSEARCH…'))).toThrow(/not a history store/);
  });
});

describe('asOf', () => {
  const range = { historyFrom: '2025-09-21', pricesAsOf: '2025-10-20' };

  it('is absent when not given, and a date from the first history to the prices’ date when given', () => {
    expect(asOfOf([], range)).toEqual({});
    expect(asOfOf(['2025-09-21'], range)).toEqual({ asOf: '2025-09-21' });
    expect(asOfOf(['2025-10-20'], range)).toEqual({ asOf: '2025-10-20' });
  });

  it.each([
    ['before every history', ['2025-09-20'], /before every price history, which start 2025-09-21/],
    ['after the prices’ date', ['2025-10-21'], /after the prices' date, 2025-10-20/],
    ['not a date', ['yesterday'], /YYYY-MM-DD/],
    ['a day no month has', ['2025-02-30'], /YYYY-MM-DD/],
    ['a month no year has', ['2025-13-01'], /YYYY-MM-DD/],
    ['written another way', ['20251001'], /YYYY-MM-DD/],
    ['given twice', ['2025-10-01', '2025-10-02'], /given 2 times/],
  ])('%s is a 400 naming asOf and the days allowed', (_, given, detail) => {
    const read = asOfOf(given, range);
    expect(read).toMatchObject({ problem: { status: 400, parameter: 'asOf', allowed: 'a date from 2025-09-21 to 2025-10-20, YYYY-MM-DD' } });
    expect('problem' in read && read.problem.detail).toMatch(detail);
  });
});

describe('the price then', () => {
  it('is priceOn’s, or why there was none', () => {
    expect(priceThen({ history: daily, latest }, '2025-10-19')).toEqual({ date: '2025-10-18', usd: 450 });
    expect(priceThen({ history: weekly }, '2025-09-18')).toEqual({ why: 'was known in the week ending 2025-09-18' });
    expect(priceThen({ history: daily }, '2025-10-01')).toEqual({ why: 'was known before 2025-10-18, where its history starts' });
    expect(priceThen(undefined, '2025-10-01')).toEqual({ why: 'is known for it' });
  });

  it('of a printing with no history is its latest record from the day it was recorded, and none before', () => {
    expect(priceThen({ latest: shadowless }, '2025-10-20')).toEqual(shadowless);
    const blastoise = { date: '2025-10-10', usd: 873.99 };
    expect(priceThen({ latest: blastoise }, '2025-10-19')).toEqual(blastoise);
    expect(priceThen({ latest: blastoise }, '2025-10-09')).toEqual({ why: 'was known before 2025-10-10, when it was recorded' });
    expect(priceThen({ latest: { date: '2025-10-20', usd: null } }, '2025-10-20')).toEqual({ why: 'was recorded on 2025-10-20 or since' });
  });
});

describe('a list’s total over time', () => {
  it('has a point a day in a window the policy keeps daily', () => {
    const days = seriesDays('30d', '2025-10-20');
    expect(days).toMatchObject({ weekly: [], dailyFrom: '2025-09-21' });
    expect(days.daily).toHaveLength(30);
    expect(seriesDays('90d', '2025-10-20').daily).toHaveLength(90);
  });

  it('has a point a week (each Sunday) before the last 90 to 96 days, and a day from the Monday that starts them', () => {
    const days = seriesDays('2y', '2025-10-20');
    expect(days.dailyFrom).toBe('2025-07-21');
    expect(days.weekly[0]).toBe('2023-10-22');
    expect(days.weekly.at(-1)).toBe('2025-07-20');
    expect(days.weekly).toHaveLength(92);
    expect(days.daily).toHaveLength(92);
    expect(seriesDays('1y', '2025-10-20').weekly[0]).toBe('2024-10-27');
  });

  it('sums each source’s price times its quantity a day, counts the lines that had one, and has no total when none had', () => {
    const sources = [
      { lines: 2, quantity: 3, priceOn: (date: string) => usdOn({ history: daily }, date) },
      { lines: 1, quantity: 1, priceOn: () => undefined },
    ];
    const series = finish(listSeriesSteps('30d', '2025-10-20', sources));
    expect(series).toMatchObject({ window: '30d', from: '2025-09-21', to: '2025-10-20', dailyFrom: '2025-09-21' });
    expect(series.points[0]).toEqual({ date: '2025-09-21', totalUsd: null, valuedLines: 0 });
    expect(series.points.slice(-3)).toEqual([
      { date: '2025-10-18', totalUsd: 1350, valuedLines: 2 },
      { date: '2025-10-19', totalUsd: 1350, valuedLines: 2 },
      { date: '2025-10-20', totalUsd: 1374.87, valuedLines: 2 },
    ]);
  });

  it('reads series as one of its windows, given once, or is a 400 naming it', () => {
    expect(seriesOf([])).toEqual({});
    expect(seriesOf(['2y'])).toEqual({ series: '2y' });
    for (const given of [['3y'], ['30D'], ['30d', '90d']]) expect(seriesOf(given)).toMatchObject({ problem: { status: 400, parameter: 'series' } });
  });
});
