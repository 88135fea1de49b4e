import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_QUOTES, buildFactsOf, reviewBuildFigures } from '../../scripts/lib/build-figures.ts';

/**
 * The docs' figures of a build (scripts/lib/build-figures.ts): what `npm run facts -- --write` rewrites from dist/,
 * and what the smoke test holds the real build to.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const file = (path: string, records: number, bytes: number) => ({ path: `/api/bulk/${path}`, records, bytes });
/** The real build's bulk files of 2026-11 (the cards' NDJSON had grown from 37 MB to 64.7 MB, as issue 46 found). */
const MANIFEST = {
  files: [
    file('cards.ndjson', 20608, 64684923),
    file('cards.ndjson.gz', 20608, 4295573),
    file('cards.csv', 20608, 5307131),
    file('printings.csv', 34086, 8416463),
    file('crosswalk.csv', 20608, 410229),
    file('sealed.ndjson', 1590, 3105891),
    file('sealed.ndjson.gz', 1590, 435108),
    file('knowledge.ndjson', 56, 255220),
  ],
};
/** Three cards: one with a TCGdex id and products, one with products alone, one with neither. */
const CROSSWALK = 'id,tcgdexId,tcgplayerProductIds,cardmarketProductIds\nsv8pt5-161,sv08.5-161,610516|610517,\nbase1-4,,42382,\nxy0-1,,,\n';
const facts = { ...buildFactsOf(MANIFEST, [], CROSSWALK), tool_list_tokens: 2325 };
const crosswalkCounts = (rows: string, tcgdex: string, tcgplayer: string) =>
  `On the bundled catalogue: ${rows} rows, ${tcgdex} with a TCGdex id, ${tcgplayer} with TCGplayer products.`;
const sizes = (cards: string, gz: string, crosswalk = crosswalkCounts('20,608', '1', '2')) =>
  `the cards' NDJSON is about ${cards} MB (${gz} MB gzipped), the sealed products' 3.1 MB\n` +
  "(0.44 MB gzipped), the articles' 0.26 MB, the cards CSV 5.3 MB, the printings CSV 8.4 MB, the crosswalk 0.41 MB.\n" +
  '{ "path": "/api/bulk/cards.ndjson", "mediaType": "application/x-ndjson", "records": 20608, "bytes": 64684923,\n' +
  '{ "path": "/api/bulk/cards.ndjson.gz", "mediaType": "application/gzip", "records": 20608, "bytes": 4295573,\n' +
  '{ "path": "/api/bulk/cards.csv", "mediaType": "text/csv; charset=utf-8", "records": 20608, "bytes": 5307131, "sha256": "e39b" }\n' +
  crosswalk;

describe("the docs' figures of a build", () => {
  it('writes each bulk file as MB to two significant figures, with its records and bytes', () => {
    expect(facts).toMatchObject({ cards_ndjson: '65', cards_ndjson_gz: '4.3', sealed_ndjson_gz: '0.44', crosswalk_csv: '0.41' });
    expect(facts).toMatchObject({ cards_ndjson_records: 20608, cards_ndjson_bytes: 64684923 });
  });

  it('counts the crosswalk rows that carry a TCGdex id and those that carry TCGplayer products', () => {
    expect(facts).toMatchObject({ crosswalk_csv_records: 20608, crosswalk_tcgdex_ids: 1, crosswalk_tcgplayer_ids: 2 });
  });

  it("rewrites the crosswalk's counts when the catalogue has moved them past 10%", () => {
    const review = reviewBuildFigures('docs/data.md', sizes('65', '4.3', crosswalkCounts('20,608', '4,738', '18,258')), facts);
    expect(review.text).toBe(sizes('65', '4.3'));
    expect(review.differences).toEqual([{ was: crosswalkCounts('20,608', '4,738', '18,258'), now: crosswalkCounts('20,608', '1', '2') }]);
  });

  it('rewrites a size the build has outgrown (37 MB stated, 64.7 MB served), keeping every other word', () => {
    const review = reviewBuildFigures('docs/data.md', `Before.\n${sizes('37', '3.1')}\nAfter.`, facts);
    expect(review.text).toBe(`Before.\n${sizes('65', '4.3')}\nAfter.`);
    expect(review.differences).toHaveLength(1);
    expect(review.differences[0].was).toContain('about 37 MB (3.1 MB gzipped)');
  });

  it('keeps a figure within 10% of the build’s: a day’s prices move a size a little', () => {
    const data = sizes('62', '4.5');
    expect(reviewBuildFigures('docs/data.md', data, facts)).toEqual({ text: data, differences: [], problems: [] });
    const mcp = 'The whole answer costs about 2,400 o200k tokens.';
    expect(reviewBuildFigures('docs/mcp.md', mcp, facts)).toEqual({ text: mcp, differences: [], problems: [] });
    expect(reviewBuildFigures('docs/mcp.md', 'The whole answer costs about 2,620 o200k tokens.', facts).text).toBe(
      'The whole answer costs about 2,325 o200k tokens.',
    );
  });

  it('names the doc whose sentence it cannot find', () => {
    const review = reviewBuildFigures('docs/data.md', "The cards' NDJSON is big.", facts);
    expect(review.problems[0]).toMatch(/^docs\/data\.md: no sentence of the form "the cards' NDJSON is about/);
  });

  it('finds every figure it writes in the docs as they are, each once', () => {
    for (const doc of Object.keys(BUILD_QUOTES)) {
      expect(reviewBuildFigures(doc, readFileSync(join(ROOT, doc), 'utf8'), facts).problems).toEqual([]);
    }
  });
});
