import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changeListOf, changesByItem, servedChangeRecord } from '../../src/catalogue/change-feed.ts';
import { API_VERSION } from '../../src/describe/api-version.ts';
import { readChangeContent } from '../../src/loaders/change-content.ts';
import type { ChangeRecord, CollectionChanges } from '../../src/schemas/changes.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';

const dir = scratchDir('change-content');
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A content folder with the fixture's change records, one of them replaced by `edit` of it. */
function contentWith(name: string, edit: (record: ChangeRecord) => unknown): string {
  mkdirSync(dir, { recursive: true });
  cpSync(join(FIXTURE_CONTENT, 'changes'), join(dir, 'changes'), { recursive: true });
  const record = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'changes', '2025-10-20.json'), 'utf8'));
  writeFileSync(join(dir, 'changes', name), JSON.stringify(edit(record)));
  return dir;
}

describe('content/changes/ is read and checked at build', () => {
  it('reads every record, newest first; a missing folder is no change', () => {
    expect(readChangeContent(FIXTURE_CONTENT).map((r) => r.asOf)).toEqual(['2025-10-20', '2025-10-13']);
    expect(readChangeContent(join(dir, 'nowhere'))).toEqual([]);
  });

  it('a malformed record fails naming the file and the field', () => {
    const content = contentWith('2025-10-20.json', (r) => {
      Object.assign(r.cards.repriced[0], { changePct: 'a lot' });
      return r;
    });
    expect(() => readChangeContent(content)).toThrow(/changes\/2025-10-20\.json: cards\.repriced\[0\]\.changePct: /);
  });

  it('an unknown field, a bad date and a missing member are each named', () => {
    const content = contentWith('2025-10-20.json', (r) => {
      r.asOf = '20 October';
      delete (r.sealed as Partial<CollectionChanges>).band;
      Object.assign(r.cards.added[0], { price: 1 });
      return r;
    });
    const message = (() => {
      try {
        readChangeContent(content);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/2025-10-20\.json: asOf: a date YYYY-MM-DD/);
    expect(message).toMatch(/2025-10-20\.json: sealed\.band: /);
    expect(message).toMatch(/2025-10-20\.json: cards\.added\[0\]: .*price/);
  });

  it('a file must be named after its asOf', () => {
    const content = contentWith('2025-10-21.json', (r) => r);
    expect(() => readChangeContent(content)).toThrow(/changes\/2025-10-21\.json: asOf: "2025-10-20"/);
  });

  it('lists imports with counts, and gives each item the imports that changed it', () => {
    const records = readChangeContent(FIXTURE_CONTENT);
    expect(changeListOf(records)[0]).toEqual({
      asOf: '2025-10-20',
      previousAsOf: '2025-10-13',
      counts: {
        cards: { added: 1, removed: 1, repriced: 1, band: 0, status: 0 },
        sealed: { added: 0, removed: 0, repriced: 1, band: 0, status: 0 },
        printings: { repriced: 1 },
      },
      url: '/api/changes/2025-10-20',
    });
    expect(changesByItem(records, 'cards').get('base1-4')).toEqual([
      { asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] },
      { asOf: '2025-10-13', url: '/api/changes/2025-10-13', what: ['band'] },
    ]);
    expect(changesByItem(records, 'sealed').get('242436')).toEqual([{ asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] }]);
    expect(changesByItem(records, 'cards').get('base1-2')).toBeUndefined();
  });
});

describe('a served change record spells each price change as the API does, and as 1.0.0 did', () => {
  const [newer, older] = readChangeContent(FIXTURE_CONTENT).map(servedChangeRecord);

  it('a repriced item and a repriced printing carry fromUsd, toUsd and changePct, and the same values as from, to and changePercent', () => {
    assertMatches('change-record.json', newer, 'the 2025-10-20 record as served');
    expect(newer.cards.repriced[0]).toMatchObject({ fromUsd: 399.99, toUsd: 458.29, changePct: 14.6, from: 399.99, to: 458.29, changePercent: 14.6 });
    expect(newer.printings?.repriced[0]).toMatchObject({ fromUsd: 1500, toUsd: 1997.59, changePct: 33.2, from: 1500, to: 1997.59, changePercent: 33.2 });
  });

  it("a value band's from and to are not prices: they keep their one spelling, and a record without printings stays without", () => {
    assertMatches('change-record.json', older, 'the 2025-10-13 record as served');
    expect(older.cards.band[0]).toEqual({
      id: 'base1-4',
      slug: 'charizard-base1-4',
      name: 'Charizard (Base 4/102)',
      valueUsd: 399.99,
      from: 'chase',
      to: 'grail',
    });
    expect(older).not.toHaveProperty('printings');
  });

  it("docs/api.md's versions section says what the current version changed", () => {
    const versions =
      readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8')
        .split('\n## Versions\n')[1]
        ?.split('\n## ')[0] ?? '';
    expect(versions).toContain(`**${API_VERSION}: `);
  });
});
