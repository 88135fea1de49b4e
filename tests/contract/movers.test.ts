import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roundUsd } from '../../src/catalogue/money.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import type { Mover, Movers } from '../../src/schemas/api-types.ts';
import { dateOfDay, dayOf } from '../../src/schemas/dates.ts';
import { builtFiles, manifestOf } from '../support/built-files.ts';
import { FIXTURE_CONTENT } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * The price movers (`/api/movers`, `/movers.md`, `/movers`; issue 23) of the fixture build, checked against
 * the moves computed here from the fixture content's own history arrays, under the rules the answer states:
 * a floor of $5 at one end of the window, and a price on at least 5 of 7 (20 of 30) days.
 */
const dist = inject('fixtureDist');
const { read, readJson } = builtFiles(dist);

interface History {
  start: string;
  end: string;
  market: (number | null)[];
  weekly?: { start: string };
}
interface ContentCard {
  id: string;
  name: string;
  prices: { variant: string; productId: number | null; primary: boolean; market: number | null; updatedAt: string }[];
  history: (History & { variant: string; productId: number })[];
}
interface ContentProduct {
  productId: number;
  cleanName: string;
  price: { updatedAt: string } | null;
  history?: History;
}

const contentFiles = <T>(folder: string, records: (json: never) => T[]): T[] =>
  readdirSync(join(FIXTURE_CONTENT, folder)).flatMap((f) => records(JSON.parse(readFileSync(join(FIXTURE_CONTENT, folder, f), 'utf8')) as never));
const cards = contentFiles<ContentCard>('cards', (json: ContentCard[]) => json);
const sealed = contentFiles<ContentProduct>('sealed', (json: { products: ContentProduct[] }) => json.products);
/** The newest price date of the content: the end of every window. */
const pricesAsOf = [...cards.flatMap((c) => c.prices.map((p) => p.updatedAt)), ...sealed.flatMap((p) => (p.price ? [p.price.updatedAt] : []))].sort().at(-1)!;

const RULES = {
  floorUsd: 5,
  limit: 20,
  windows: [
    { days: 7, minKnownDays: 5 },
    { days: 30, minKnownDays: 20 },
  ],
};

/**
 * A card's value history: the history of its primary line with a market price. The fixture keeps a history for at
 * most one such line per card (checked here), but for Flabébé (fix1-061), whose Normal and Reverse Holofoil both
 * have one (for the feeds' two printings of a card): its value is the Normal, which the value rule ranks before
 * every printing but the Holofoil (PRIMARY_VARIANT_ORDER, src/catalogue/card-value.ts).
 */
function cardHistory(card: ContentCard): History | undefined {
  const lines = card.history.filter((h) => card.prices.some((p) => p.primary && p.market !== null && p.variant === h.variant && p.productId === h.productId));
  if (card.id === 'fix1-061') return lines.find((h) => h.variant === 'normal');
  expect(lines.length, `${card.id}: one value history at most`).toBeLessThanOrEqual(1);
  return lines[0];
}

interface Expected {
  id: string;
  days: number;
  fromUsd: number;
  toUsd: number;
  changePct: number;
  fromDate: string;
  toDate: string;
  knownDays: number;
  market: (number | null)[];
}

/**
 * The price on a day of a daily history: the last known in the week ending that day. The fixture's windows start
 * in the daily part of every history that reaches back to them (checked here), so no weekly close is read.
 */
function priceOnDay(history: History, day: number): { v: number; day: number } | undefined {
  if (day < dayOf(history.start)) throw new Error('a window of the fixture starts in the weekly part of a history');
  for (let d = day; d > day - 7 && d >= dayOf(history.start); d--) {
    const v = history.market[d - dayOf(history.start)];
    if (typeof v === 'number') return { v, day: d };
  }
  return undefined;
}

/**
 * How an item moved in a window of `days` days ending on pricesAsOf, with the known days it had: from the price on
 * its first day to the price on its last (none when the history starts after its first day).
 */
function moveIn(id: string, history: History | undefined, days: number) {
  if (!history) return undefined;
  const end = dayOf(pricesAsOf);
  const first = end - days + 1;
  const market = Array.from({ length: days }, (_, i) => history.market[first + i - dayOf(history.start)] ?? null);
  if (first < dayOf(history.weekly?.start ?? history.start) || end > dayOf(history.end)) return undefined;
  const [from, to] = [priceOnDay(history, first), priceOnDay(history, end)];
  if (!from || !to || from.v <= 0) return undefined;
  const fromUsd = roundUsd(from.v);
  const toUsd = roundUsd(to.v);
  const changePct = Math.round(((toUsd - fromUsd) / fromUsd) * 1000) / 10;
  if (changePct === 0) return undefined;
  return {
    id,
    days,
    fromUsd,
    toUsd,
    changePct,
    fromDate: dateOfDay(from.day),
    toDate: dateOfDay(to.day),
    knownDays: market.filter((v) => v !== null).length,
    market,
  } satisfies Expected;
}

const cardItems = cards.map((c) => ({ id: c.id, history: cardHistory(c) }));
const sealedItems = sealed.map((p) => ({ id: String(p.productId), history: p.history }));

/** The lists the rules make of a window, computed here: ids with their figures, in order. */
function expectedLists(items: { id: string; history?: History }[], window: { days: number; minKnownDays: number }) {
  const ranked = items
    .map((item) => moveIn(item.id, item.history, window.days))
    .filter((m): m is Expected => m !== undefined && m.knownDays >= window.minKnownDays && Math.max(m.fromUsd, m.toUsd) >= RULES.floorUsd);
  const changeUsd = (m: Expected) => m.toUsd - m.fromUsd;
  return {
    rises: ranked
      .filter((m) => m.changePct > 0)
      .sort((a, b) => b.changePct - a.changePct || changeUsd(b) - changeUsd(a) || (a.id < b.id ? -1 : 1))
      .slice(0, RULES.limit),
    falls: ranked
      .filter((m) => m.changePct < 0)
      .sort((a, b) => a.changePct - b.changePct || changeUsd(a) - changeUsd(b) || (a.id < b.id ? -1 : 1))
      .slice(0, RULES.limit),
  };
}

/** A built entry as the expectation reads it (sealed products are named by product id in content). */
const asExpected = (m: Mover, days: number): Expected => ({
  id: m.url.startsWith('/sealed/') ? m.slug.split('-').at(-1)! : m.id,
  days,
  fromUsd: m.fromUsd,
  toUsd: m.toUsd,
  changePct: m.changePct,
  fromDate: m.fromDate,
  toDate: m.toDate,
  knownDays: m.knownDays,
  market: m.history.market,
});

let movers: Movers;
let manifest: FileManifest;

beforeAll(() => {
  movers = readJson('api/movers.json');
  manifest = manifestOf(dist);
});

describe('the price movers', () => {
  it('match movers.json and state their rules: the floor, the list size, each window with its minimum of known days', () => {
    assertMatches('movers.json', movers, 'api/movers.json');
    expect(movers.pricesAsOf).toBe(pricesAsOf);
    expect({ floorUsd: movers.floorUsd, limit: movers.limit, windows: movers.windows.map((w) => ({ days: w.days, minKnownDays: w.minKnownDays })) }).toEqual(
      RULES,
    );
    expect(movers.windows.map((w) => [w.start, w.end])).toEqual([
      ['2025-10-14', '2025-10-20'],
      ['2025-09-21', '2025-10-20'],
    ]);
  });

  it.each(RULES.windows.map((w) => [w.days, w] as const))('%i days: the lists are the moves computed from the content histories', (days, window) => {
    const built = movers.windows.find((w) => w.days === days)!;
    for (const [kind, items] of [
      ['cards', cardItems],
      ['sealed', sealedItems],
    ] as const) {
      const expected = expectedLists(items, window);
      expect(
        built[kind].rises.map((m) => asExpected(m, days)),
        `${kind} rises`,
      ).toEqual(expected.rises);
      expect(
        built[kind].falls.map((m) => asExpected(m, days)),
        `${kind} falls`,
      ).toEqual(expected.falls);
      for (const m of [...built[kind].rises, ...built[kind].falls]) expect(m.history).toMatchObject({ start: built.start, end: built.end });
    }
  });

  it('the fixture has movers of each kind: a card that rose over 30 days and fell over 7, sealed products both ways', () => {
    const [week, month] = movers.windows;
    // The Japanese Umbreon ex of the fixture rose too, over its 30 days of real history.
    expect(month.cards.rises.map((m) => [m.id, m.changePct])).toEqual([
      ['fix1-107', 30],
      ['jp-sv8a-217', 14],
    ]);
    expect(week.cards.falls.map((m) => [m.id, m.fromUsd, m.toUsd, m.changePct])).toEqual([['fix1-107', 700, 650, -7.1]]);
    expect(week.sealed.rises.map((m) => m.slug)).toEqual(['evolving-skies-elite-trainer-box-242437']);
    expect(week.sealed.falls.map((m) => m.slug)).toEqual(['evolving-skies-booster-box-242436']);
    expect(week.cards.falls[0]).toMatchObject({
      name: 'Charizard-EX',
      setName: 'Fixture Flashfire',
      url: '/cards/charizard-ex-fix1-107',
      changeUsd: -50,
      knownDays: 6,
    });
    expect(week.sealed.rises[0]).not.toHaveProperty('setName');
  });

  it('leaves out an item under the floor at both ends, however far it moved', () => {
    const flabebe = moveIn('fix1-061', cardItems.find((c) => c.id === 'fix1-061')!.history, 7)!;
    expect(flabebe).toMatchObject({ fromUsd: 0.05, toUsd: 0.12, changePct: 140, knownDays: 7 });
    const listed = movers.windows.flatMap((w) => [...w.cards.rises, ...w.cards.falls, ...w.sealed.rises, ...w.sealed.falls]);
    expect(listed.map((m) => m.id)).not.toContain('fix1-061');
    for (const m of listed) expect(Math.max(m.fromUsd, m.toUsd)).toBeGreaterThanOrEqual(movers.floorUsd);
  });

  it('leaves out an item whose history starts after the window does, and lists none with too few known days, however much it is worth', () => {
    const [week, month] = movers.windows;
    // Charizard: 3 days of history, from 10-18, for a window from 10-14; the Elite Trainer Box: weekly closes from
    // 09-28, for a window from 09-21; the booster box: 7 days. Their change over the window is not known.
    expect(moveIn('base1-4', cardItems.find((c) => c.id === 'base1-4')!.history, 7)).toBeUndefined();
    expect([...week.cards.rises, ...week.cards.falls].map((m) => m.id)).not.toContain('base1-4');
    expect(moveIn('242437', sealedItems.find((p) => p.id === '242437')!.history, 30)).toBeUndefined();
    expect([...month.sealed.rises, ...month.sealed.falls]).toEqual([]);
    for (const window of movers.windows) {
      for (const m of [...window.cards.rises, ...window.cards.falls, ...window.sealed.rises, ...window.sealed.falls]) {
        expect(m.knownDays).toBeGreaterThanOrEqual(window.minKnownDays);
        expect(m.history.market.filter((v) => v !== null)).toHaveLength(m.knownDays);
      }
    }
  });

  it('the Markdown twin states the rules and lists the same items, linked to their pages, with a fresh token count', () => {
    const md = read('movers.md');
    expect(manifest.files['/movers.md']?.tokens).toBe(countTokensExactly(md));
    expect(md).toMatch(/^# Price movers\n/);
    expect(md).toContain(
      'items worth at least $5 at the start or the end of the window, with a known market price on at least 5 of its 7 days (20 of 30 for 30 days)',
    );
    expect(md).toContain('## Last 7 days (2025-10-14 to 2025-10-20)');
    expect(md).toContain(
      '| [Charizard-EX](/cards/charizard-ex-fix1-107) | Fixture Flashfire | $700.00 (2025-10-14) | $650.00 (2025-10-20) |  -7.1% |          6 |',
    );
    const linked = [...md.matchAll(/^\| \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]);
    expect(linked).toEqual(movers.windows.flatMap((w) => [w.cards.rises, w.cards.falls, w.sealed.rises, w.sealed.falls].flat().map((m) => m.url)));
    expect(md).toContain('[/api/movers](/api/movers)');
  });

  it('the page draws a row with a sparkline per mover, links its twins, and the home page and llms.txt link it', () => {
    const html = read('movers.html');
    const listed = movers.windows.flatMap((w) => [w.cards.rises, w.cards.falls, w.sealed.rises, w.sealed.falls].flat());
    expect(html.match(/<svg [^>]*class="sparkline"/g)).toHaveLength(listed.length);
    expect([...html.matchAll(/<td><a href="([^"]+)">/g)].map((m) => m[1])).toEqual(listed.map((m) => m.url));
    expect(html).toMatch(/aria-label="Charizard-EX, market price 2025-10-14 to 2025-10-20: \$700\.00 to \$650\.00"/);
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/movers.md">');
    expect(html).toContain('<link rel="alternate" type="application/json" href="/api/movers">');
    expect(html).not.toMatch(/ style=/);
    expect(read('index.html')).toContain('<a href="/movers">price movers</a>');
    expect(read('llms.txt')).toContain('[Price movers](/movers.md)');
  });
});
