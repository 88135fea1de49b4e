import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_WINDOW_DAYS } from '../../src/catalogue/price-change.ts';
import { changesInWords, changeWords, priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import type { PriceSeries } from '../../src/catalogue/price-history.ts';
import { assertMatches, SCHEMA_DIR } from '../support/schemas.ts';

/** The history of tests/unit/price-change.test.ts: weekly closes (one null) from 2025-09-07, daily days to 2025-10-20 with gaps. */
const daily = Array.from({ length: 29 }, (_, i) => 20 + i * 0.5) as (number | null)[];
daily[0] = null;
daily[1] = null;
daily[15] = null;
const history: PriceSeries = {
  weekly: { start: '2025-09-07', end: '2025-09-21', market: [10, null, 16] },
  start: '2025-09-22',
  end: '2025-10-20',
  market: daily,
};

describe("a record's change fields", () => {
  it('give every window in one shape: the figures changeOver computes, or nulls and the reason', () => {
    const change = priceChangesOf({ history });
    expect(change).toEqual({
      '7d': { fromUsd: 31, fromDate: '2025-10-14', changeUsd: 3, changePct: 9.7, reason: null },
      '30d': { fromUsd: 16, fromDate: '2025-09-21', changeUsd: 18, changePct: 112.5, reason: null },
      '90d': { fromUsd: null, fromDate: null, changeUsd: null, changePct: null, reason: 'history-too-short' },
      '365d': { fromUsd: null, fromDate: null, changeUsd: null, changePct: null, reason: 'history-too-short' },
    });
    assertMatches('price-changes.json', change, 'the change fields');
  });

  it('without a history are too short for a priced value, and have no price now for an unpriced one', () => {
    expect(Object.values(priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } })).map((c) => c.reason)).toEqual(Array(4).fill('history-too-short'));
    expect(Object.values(priceChangesOf({})).map((c) => c.reason)).toEqual(Array(4).fill('no-price-now'));
  });

  it('are keyed by the windows of CHANGE_WINDOW_DAYS, as the schema names them', () => {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'price-changes.json'), 'utf8')) as { required: string[]; properties: object };
    const keys = CHANGE_WINDOW_DAYS.map((days) => `${days}d`);
    expect(schema.required).toEqual(keys);
    expect(Object.keys(schema.properties)).toEqual(keys);
    expect(Object.keys(priceChangesOf({ history }))).toEqual(keys);
  });
});

describe('a change in words', () => {
  it('says the window, the direction, the percentage, the dollars and the price it is from', () => {
    expect(changesInWords(priceChangesOf({ history }), history)).toEqual([
      '7 days: up 9.7% (+$3.00) since 2025-10-14 ($31.00)',
      '30 days: up 112.5% (+$18.00) since 2025-09-21 ($16.00)',
      '90 and 365 days: the price history starts 2025-09-07',
    ]);
  });

  it('says once what windows next to each other share, and apart what they do not', () => {
    expect(changesInWords(priceChangesOf({}), undefined)).toEqual(['7, 30, 90 and 365 days: no price is known now']);
    const { '7d': known, '90d': tooShort } = priceChangesOf({ history });
    const noPriceThen = { ...tooShort, reason: 'no-price-then' as const };
    expect(changesInWords({ '7d': noPriceThen, '30d': known, '90d': noPriceThen, '365d': tooShort }, history)).toEqual([
      '7 days: no price was known then',
      '30 days: up 9.7% (+$3.00) since 2025-10-14 ($31.00)',
      '90 days: no price was known then',
      '365 days: the price history starts 2025-09-07',
    ]);
  });

  it('says a fall as down with a minus, and no move as unchanged', () => {
    expect(changeWords(30, { fromUsd: 40, fromDate: '2025-09-21', changeUsd: -10, changePct: -25, reason: null }, history)).toBe(
      '30 days: down 25% (-$10.00) since 2025-09-21 ($40.00)',
    );
    expect(changeWords(7, { fromUsd: 5, fromDate: '2025-10-14', changeUsd: 0, changePct: 0, reason: null }, history)).toBe(
      '7 days: unchanged since 2025-10-14 ($5.00)',
    );
    expect(changeWords(7, { fromUsd: 22.22, fromDate: '2025-10-14', changeUsd: -0.01, changePct: 0, reason: null }, history)).toBe(
      '7 days: down less than 0.1% (-$0.01) since 2025-10-14 ($22.22)',
    );
  });

  it('says why a change is not known', () => {
    const none = { fromUsd: null, fromDate: null, changeUsd: null, changePct: null };
    expect(changeWords(7, { ...none, reason: 'no-price-then' }, history)).toBe('7 days: no price was known then');
    expect(changeWords(7, { ...none, reason: 'no-price-now' }, history)).toBe('7 days: no price is known now');
    expect(changeWords(90, { ...none, reason: 'history-too-short' }, undefined)).toBe('90 days: no price history');
  });
});
