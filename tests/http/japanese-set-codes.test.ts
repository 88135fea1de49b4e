import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * A set code that an English set has as its id and a Japanese set prints on its cards (sv8 is Surging Sparks here,
 * Super Electric Breaker in Japan), over HTTP: the fixture content with an English set whose id is the Japanese
 * Clay Burst's code (sv2d), built apart so that the shared fixture keeps its sets.
 */
const CONTENT = scratchDir('japanese-set-codes-content');
const SITE = 'japanese-set-codes';

beforeAll(() => {
  rmSync(CONTENT, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, CONTENT, { recursive: true });
  const edit = (file: string, change: (data: { id?: string; set?: string }[]) => unknown[]) =>
    writeFileSync(join(CONTENT, file), JSON.stringify(change(JSON.parse(readFileSync(join(CONTENT, file), 'utf8')))));
  edit('sets.json', (sets) => [
    ...sets,
    { id: 'sv2d', name: 'Fixture Sparks', language: 'en', series: 'Scarlet & Violet', printedTotal: 0, total: 0, releaseDate: '2024-11-08' },
  ]);
  edit('aliases/sets.json', (aliases) => [...aliases, { set: 'sv2d', aliases: [] }]);
  const build = buildSite(SITE, CONTENT);
  if (build.status !== 0) throw new Error(`the fixture with an English set sv2d did not build:\n${build.output}`);
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
