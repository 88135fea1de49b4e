import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSearchers } from '../../src/server/search-data.ts';
import { searchOutcomeOf } from '../../src/server/search-endpoints.ts';
import { buildSite, FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';
import { contentCopy } from '../support/tcgcsv-days.ts';

/**
 * A new set carried end to end, as the daily job carries it: the catalogue sync adds a made-up set from saved
 * answers (tests/fixtures/catalogue-sync/new-set: TCGdex's set and cards, tcgcsv's product list), the price
 * import prices its products from a tcgcsv day, and the site built from the result finds it, values it, shows it
 * and lists it in the change feed.
 */
const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');
const content = scratchDir('catalogue-sync-e2e-content');
let dist: string;

function run(script: string, ...args: string[]): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}${result.stderr}`);
}

beforeAll(() => {
  contentCopy(FIXTURE_CONTENT, content);
  run('catalogue-sync.ts', '--content', content, '--tcgdex', join(NEW_SET, 'tcgdex'), '--tcgcsv', join(NEW_SET, 'tcgcsv'), '--date', '2025-10-21', '--write');
  run('import-catalogue.ts', '--tcgcsv', join(NEW_SET, 'prices'), '--out', content, '--write');
  const built = buildSite('catalogue-sync-e2e-site', content);
  if (built.status !== 0) throw new Error(`the build failed:\n${built.output.slice(-3000)}`);
  dist = built.dist;
}, 240_000);

afterAll(() => {
  for (const dir of [content, scratchDir('catalogue-sync-e2e-site')]) rmSync(dir, { recursive: true, force: true });
});

const json = (path: string) => JSON.parse(readFileSync(join(dist, 'client', path), 'utf8'));
const text = (path: string) => readFileSync(join(dist, 'client', path), 'utf8');
const search = (endpoint: 'cards' | 'sealed', query: string) => {
  const outcome = searchOutcomeOf(loadSearchers(join(dist, 'server', 'search')), endpoint, new URLSearchParams(query));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problem));
  return outcome.answer() as { results: { id: string; productId?: number; valueUsd: number | null }[] };
};

describe('a new set, synced, priced and built', () => {
  it('is found by search: its chase card by name and set, its ETB by words collectors use', () => {
    expect(search('cards', 'q=mega sproutle ex fixture tides').results[0]).toMatchObject({ id: 'me8pt5-6', valueUsd: 274.5 });
    expect(
      search('cards', 'q=set:me8pt5')
        .results.map((card) => card.id)
        .sort(),
    ).toEqual(['me8pt5-1', 'me8pt5-2', 'me8pt5-3', 'me8pt5-4', 'me8pt5-5', 'me8pt5-6']);
    expect(search('sealed', 'q=fixture tides etb').results[0]).toMatchObject({ productId: 992001, valueUsd: 55.49 });
  });

  it("is priced: each card's printings carry the day's TCGplayer prices, the chase card its value and band", () => {
    const chase = json('api/cards/mega-sproutle-ex-me8pt5-6.json');
    assertMatches('card-detail.json', chase, 'the chase card');
    expect(chase).toMatchObject({ valueUsd: 274.5, priceStatus: 'priced', rarity: 'Special Illustration Rare', setName: 'Fixture Tides' });
    expect(chase.market).toMatchObject({ source: 'TCGplayer', marketPrice: 274.5, updatedAt: '2025-10-21' });
    const whistle = json('api/cards/tidecallers-whistle-me8pt5-3.json');
    expect(whistle.printings.map((p: { id: string; valueUsd: number }) => [p.id, p.valueUsd])).toEqual([
      ['pokeball-holofoil', 1.45],
      ['reverse-holofoil', 0.11],
      ['normal', 0.05],
    ]);
    expect(json('api/sealed/fixture-tides-booster-bundle-992002.json')).toMatchObject({
      valueUsd: 29.75,
      totalPacks: 6,
      pricePerPack: 4.96,
      kind: 'booster-bundle',
    });
  });

  it("is shown: the card's page and Markdown with its value and TCGdex image, the set's page listing it", () => {
    const page = text('cards/mega-sproutle-ex-me8pt5-6.html');
    expect(page).toContain('$274.50');
    expect(page).toContain('<img src="https://assets.tcgdex.net/en/me/me08.5/006/low.webp"');
    expect(text('cards/mega-sproutle-ex-me8pt5-6.md')).toMatch(/Value: \*\*\$274\.50\*\*/);
    const set = json('api/sets/me8pt5.json');
    expect(set).toMatchObject({ id: 'me8pt5', name: 'Fixture Tides', series: 'Mega Evolution' });
    expect(set.cards[0]).toMatchObject({ id: 'me8pt5-6', valueUsd: 274.5 });
    expect(text('sets/me8pt5.html')).toContain('Mega Sproutle ex');
  });

  it('is in the change feed: the day names the set, its cards and products added, then priced', () => {
    const feed = json('api/changes.json');
    assertMatches('change-list.json', feed, 'the change feed');
    expect(feed[0]).toMatchObject({ asOf: '2025-10-21', counts: { sets: { added: 1 }, cards: { added: 6, status: 6 }, sealed: { added: 4 } } });
    const record = json('api/changes/2025-10-21.json');
    assertMatches('change-record.json', record, 'the change record');
    expect(record.sets.added).toEqual([{ id: 'me8pt5', name: 'Fixture Tides', cards: 6 }]);
    expect(text('changes/2025-10-21.md')).toMatch(/## Sets added \(1\)\n\n- \[Fixture Tides\]\(\/sets\/me8pt5\) \(me8pt5\): 6 cards/);
    expect(json('api/cards/mega-sproutle-ex-me8pt5-6.json').changes).toEqual([
      { asOf: '2025-10-21', url: '/api/changes/2025-10-21', what: ['added', 'band', 'status'] },
    ]);
  });

  it('is in the id crosswalk with the TCGdex id and the TCGplayer and Cardmarket products the sync recorded', () => {
    const rows = parse(text('api/bulk/crosswalk.csv'), { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(rows.find((row) => row.id === 'me8pt5-3')).toEqual({
      id: 'me8pt5-3',
      tcgdexId: 'me08.5-003',
      tcgplayerProductIds: '991003|991004',
      cardmarketProductIds: '881003|881004',
    });
    expect(rows.find((row) => row.id === 'base1-4')).toMatchObject({ tcgdexId: '', tcgplayerProductIds: '42382|106999' });
  });
});
