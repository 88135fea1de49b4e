import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * Searching Japanese cards over HTTP where the shared fixture has nothing to show it, on a copy of the fixture
 * content built apart (so that the fixture's counts stay as other tests know them), with:
 * - an English set whose id is the Japanese Clay Burst's printed code (sv2d), as sv8 is Surging Sparks here and
 *   Super Electric Breaker in Japan;
 * - a card whose Japanese name holds Iono's (ナンジャモのタイカイデン, Iono's Kilowattrel) and is worth more than Iono;
 * - a collector's name of Terastal Fest ex in content/aliases/sets.json, with its source.
 */
const CONTENT = scratchDir('japanese-search-content');
const SITE = 'japanese-search';

type Json = Record<string, unknown>;
const edit = (file: string, change: (data: Json[]) => Json[]) =>
  writeFileSync(join(CONTENT, file), JSON.stringify(change(JSON.parse(readFileSync(join(CONTENT, file), 'utf8')))));

beforeAll(() => {
  rmSync(CONTENT, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, CONTENT, { recursive: true });
  edit('sets.json', (sets) => [
    ...sets,
    { id: 'sv2d', name: 'Fixture Sparks', language: 'en', series: 'Scarlet & Violet', printedTotal: 0, total: 0, releaseDate: '2024-11-08' },
  ]);
  edit('aliases/sets.json', (aliases) => [
    ...aliases.map((entry) =>
      entry.set === 'jp-sv8a'
        ? { ...entry, aliases: ['terastal festival'], source: "TCGdex's English names of Japanese sets (jp_set_translations.ts)" }
        : entry,
    ),
    { set: 'sv2d', aliases: [] },
  ]);
  edit('cards/jp-sv2d.json', ([iono]) => {
    const productId = 565959;
    const history = iono.history as Json[];
    return [
      iono,
      {
        ...iono,
        id: 'jp-sv2d-097',
        name: "Iono's Kilowattrel",
        nameJa: 'ナンジャモのタイカイデン',
        number: '097',
        supertype: 'Pokémon',
        subtypes: ['Stage 1'],
        types: ['Lightning'],
        tcgdexId: 'SV2D-097',
        prices: (iono.prices as Json[]).map((line) => ({ ...line, productId, market: 288.5 })),
        history: history.map((line) => ({ ...line, productId, market: (line.market as (number | null)[]).map((usd) => (usd === null ? null : 288.5)) })),
      },
    ];
  });
  const build = buildSite(SITE, CONTENT);
  if (build.status !== 0) throw new Error(`the fixture copy did not build:\n${build.output}`);
}, 300_000);
afterAll(() => rmSync(CONTENT, { recursive: true, force: true }));

const { get } = useContractTarget(join(scratchDir(SITE), 'dist'));
const search = async (q: string) => {
  const res = await get(`/api/cards?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  const body = await res.json();
  assertMatches('card-search.json', body, q);
  return body as { total: number; results: { id: string; match?: { alias?: Record<string, string> } }[] };
};
const ids = async (q: string) => (await search(q)).results.map((c) => c.id);

describe('a Japanese name typed whole', () => {
  it('lists the cards of exactly that name before a longer name that holds it and is worth more', async () => {
    // Iono ($252.24) before Iono's Kilowattrel ($288.50).
    expect(await ids('ナンジャモ')).toEqual(['jp-sv2d-096', 'jp-sv2d-097']);
    // A part of both names is the whole of neither: value order.
    expect(await ids('ジャモ')).toEqual(['jp-sv2d-097', 'jp-sv2d-096']);
  });
});

describe('a set code an English set has as its id', () => {
  it('alone names the English set', async () => {
    expect((await search('sv2d iono')).total).toBe(0);
  });

  it('beside jp, japanese or lang:ja names the Japanese set that prints it, and the match reason says so', async () => {
    for (const q of ['sv2d iono jp', 'japanese sv2d iono', 'sv2d iono lang:ja']) {
      const { results } = await search(q);
      expect(
        results.map((c) => c.id),
        q,
      ).toEqual(['jp-sv2d-096', 'jp-sv2d-097']);
      expect(results[0].match?.alias?.sv2d, q).toBe('Clay Burst (set)');
    }
  });
});

describe("a Japanese set's English names", () => {
  it("a collector's name from content/aliases names the set, and TCGplayer's name without its closing ex, each saying which set", async () => {
    const festival = await search('terastal festival umbreon ex');
    expect(festival.results.map((c) => c.id)).toEqual(['jp-sv8a-217']);
    expect(festival.results[0].match?.alias).toEqual({ 'terastal festival': 'Terastal Fest ex (set)' });
    const fest = await search('terastal fest');
    expect(fest.results.map((c) => c.id)).toEqual(['jp-sv8a-217', 'jp-sv8a-190']);
    expect(fest.results[0].match?.alias).toEqual({ 'terastal fest': 'Terastal Fest ex (set)' });
  });
});
