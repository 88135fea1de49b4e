import { describe, expect, it } from 'vitest';
import { newestAlerts, priceAlerts } from '../../src/catalogue/price-alerts.ts';
import type { PriceSeries } from '../../src/catalogue/price-history.ts';
import { feedIdOf, itemIdOf, itemText, itemTitle, type PriceFeedItem } from '../../src/render/price-feed.ts';

/**
 * The feeds' alerts (issue 34, item 5): a day on which the change over the window, as changeOver gives it, first
 * reaches the threshold in a direction. Hand-computed on a history with weekly closes (Sundays 08-31 $100, 09-07
 * $100, 09-14 $120) then daily days 09-15 to 09-21 ($120 × 6, then $100).
 */
const history: PriceSeries = {
  start: '2025-09-15',
  end: '2025-09-21',
  market: [120, 120, 120, 120, 120, 120, 100],
  weekly: { start: '2025-08-31', end: '2025-09-14', market: [100, 100, 120] },
};

describe('priceAlerts', () => {
  it('finds a crossing in the weekly part and one in the daily part, newest first, each on its first day', () => {
    expect(priceAlerts({ history }, 7, 10)).toEqual([
      {
        date: '2025-09-21',
        direction: 'down',
        days: 7,
        from: { date: '2025-09-15', usd: 120 },
        to: { date: '2025-09-21', usd: 100 },
        changeUsd: -20,
        changePct: -16.7,
      },
      // 09-14: the week's close ($120) against the close of the week ending 09-07 ($100); it stays past 10% until 09-19, one alert.
      {
        date: '2025-09-14',
        direction: 'up',
        days: 7,
        from: { date: '2025-09-07', usd: 100 },
        to: { date: '2025-09-14', usd: 120 },
        changeUsd: 20,
        changePct: 20,
      },
    ]);
  });

  it('a threshold is reached at equality and not below it', () => {
    expect(priceAlerts({ history }, 7, 20).map((a) => [a.date, a.direction])).toEqual([['2025-09-14', 'up']]);
    expect(priceAlerts({ history }, 7, 20.1)).toEqual([]);
  });

  it('a window longer than the history gives no alert', () => {
    expect(priceAlerts({ history }, 30, 1)).toEqual([]);
  });

  it('a move that falls back and reaches the threshold again is a second alert', () => {
    const daily: PriceSeries = { start: '2025-10-01', end: '2025-10-14', market: [10, 10, 10, 10, 10, 10, 12, 10, 10, 10, 10, 10, 10, 12] };
    // 10-07: 10 → 12 (+20%); 10-08: 10 → 10 (no move); 10-13: the window starts on 10-07's $12, −16.7%; 10-14: 10 → 12 again.
    expect(priceAlerts({ history: daily }, 7, 10).map((a) => [a.date, a.direction, a.changePct])).toEqual([
      ['2025-10-14', 'up', 20],
      ['2025-10-13', 'down', -16.7],
      ['2025-10-07', 'up', 20],
    ]);
  });

  it('merges several cards’ alerts newest first, capped', () => {
    const [down, up] = priceAlerts({ history }, 7, 10);
    const merged = newestAlerts([[{ alert: up, card: 'a' }], [{ alert: down, card: 'b' }]], 1);
    expect(merged).toEqual([{ alert: down, card: 'b' }]);
  });
});

describe('the feed items', () => {
  const [down, up] = priceAlerts({ history }, 7, 10);
  const cardItem = (printing: { id: string; label: string }): PriceFeedItem => ({
    alert: up,
    subject: { kind: 'card', slug: 'charizard-base1-4', name: 'Charizard (Base 4/102)', printing, pageUrl: '/cards/charizard-base1-4' },
  });
  const holofoil = cardItem({ id: 'holofoil', label: 'Holofoil' });

  it('an item is titled with the card and its printing (or the product), its direction, its percentage and its window', () => {
    expect(itemTitle(holofoil)).toBe('Charizard (Base 4/102) Holofoil up 20% in 7 days');
    const box: PriceFeedItem = { alert: up, subject: { kind: 'sealed', slug: 'x-box-1', name: 'Evolving Skies Booster Box', pageUrl: '/sealed/x-box-1' } };
    expect(itemTitle(box)).toBe('Evolving Skies Booster Box up 20% in 7 days');
  });

  it('an item says the move in dollars and percent with the sign the pages write: "+" for a rise, "-" (not "−") for a fall', () => {
    expect(itemText(holofoil)).toBe('Charizard (Base 4/102) Holofoil: $100.00 on 2025-09-07 to $120.00 on 2025-09-14, +$20.00 (+20%) over 7 days.');
    expect(itemText({ ...holofoil, alert: down })).toBe(
      'Charizard (Base 4/102) Holofoil: $120.00 on 2025-09-15 to $100.00 on 2025-09-21, -$20.00 (-16.7%) over 7 days.',
    );
  });

  it('two printings of a card crossing on the same day are two ids; the same printing has the same id in every build', () => {
    const reverse = cardItem({ id: 'reverse-holofoil', label: 'Reverse Holofoil' });
    expect(itemIdOf(reverse)).not.toBe(itemIdOf(holofoil));
    // Made from the names alone (slug, printing id, window, direction, day), so a build that changes nothing else keeps it.
    expect(itemIdOf(holofoil)).toBe(feedIdOf('charizard-base1-4/holofoil/7d/up/2025-09-14'));
  });

  it('an id is a name-based UUID URN, the same for the same name', () => {
    expect(feedIdOf('x')).toBe(feedIdOf('x'));
    expect(feedIdOf('x')).not.toBe(feedIdOf('y'));
    expect(feedIdOf('x')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
