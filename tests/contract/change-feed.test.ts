import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { builtFiles, manifestOf } from '../support/built-files.ts';
import { assertMatches } from '../support/schemas.ts';

/** The change feed of the fixture site (tests/fixtures/content/changes/), as built. */

/** A served record without the price changes' deprecated names: what content/changes/ holds. */
const withoutDeprecatedNames = (record: unknown) =>
  JSON.parse(JSON.stringify(record), (key, value) => (['from', 'to', 'changePercent'].includes(key) && typeof value === 'number' ? undefined : value));
const dist = inject('fixtureDist');
const { read, readJson } = builtFiles(dist);
let manifest: FileManifest;

beforeAll(() => {
  manifest = manifestOf(dist);
});

describe('the change feed files', () => {
  it('api/changes.json lists every import, newest first, and matches change-list.json', () => {
    const list = readJson('api/changes.json');
    assertMatches('change-list.json', list, 'api/changes.json');
    expect(list.map((i: { asOf: string; url: string }) => [i.asOf, i.url])).toEqual([
      ['2025-10-20', '/api/changes/2025-10-20'],
      ['2025-10-13', '/api/changes/2025-10-13'],
    ]);
    expect(list[0].counts.cards).toEqual({ added: 1, removed: 1, repriced: 1, band: 0, status: 0 });
    // The older record was made before printings were compared: it counts none.
    expect(list.map((i: { counts: { printings: { repriced: number } } }) => i.counts.printings.repriced)).toEqual([1, 0]);
  });

  it('each import has its record, the content file as served, matching change-record.json', () => {
    for (const date of ['2025-10-20', '2025-10-13']) {
      const record = readJson(`api/changes/${date}.json`);
      assertMatches('change-record.json', record, date);
      expect(withoutDeprecatedNames(record)).toEqual(
        JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'content', 'changes', `${date}.json`), 'utf8')),
      );
    }
  });

  it('each price change is served as fromUsd, toUsd and changePct, and under the names of 1.0.0 with the same values', () => {
    const record = readJson('api/changes/2025-10-20.json');
    const moves: Record<string, unknown>[] = [...record.cards.repriced, ...record.sealed.repriced, ...record.printings.repriced];
    expect(moves.map((m) => [m.fromUsd, m.toUsd, m.changePct])).toEqual([
      [399.99, 458.29, 14.6],
      [2200, 2589.86, 17.7],
      [1500, 1997.59, 33.2],
    ]);
    for (const move of moves) expect([move.from, move.to, move.changePercent], String(move.id)).toEqual([move.fromUsd, move.toUsd, move.changePct]);
  });

  it('the Markdown twins are in the manifest with a fresh token count, and link their items', () => {
    for (const path of ['/changes.md', '/changes/2025-10-20.md', '/changes/2025-10-13.md']) {
      expect(manifest.files[path]?.tokens, path).toBe(countTokensExactly(read(path.slice(1))));
    }
    expect(read('changes.md')).toContain('[2025-10-20](/changes/2025-10-20.md)');
    const record = read('changes/2025-10-20.md');
    expect(record).toContain('[Charizard (Base 4/102)](/cards/charizard-base1-4): $399.99 → $458.29 (+14.6%)');
    expect(record).toContain('- Gone (Base 99/102): $1.50'); // removed: named, not linked
    expect(record).toContain('## Printings repriced (1)');
    expect(record).toContain('[Charizard (Base 4/102)](/cards/charizard-base1-4), Shadowless Holofoil: $1,500.00 → $1,997.59 (+33.2%)');
    expect(read('changes/2025-10-13.md')).toContain('This import did not compare printings.');
  });
});

describe('details list the imports that changed them', () => {
  it('a card named in a record lists each import, newest first, in JSON and Markdown', () => {
    const card = readJson('api/cards/charizard-base1-4.json');
    assertMatches('card-detail.json', card, 'charizard-base1-4');
    expect(card.changes).toEqual([
      { asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] },
      { asOf: '2025-10-13', url: '/api/changes/2025-10-13', what: ['band'] },
    ]);
    expect(read('cards/charizard-base1-4.md')).toContain(
      'Changed by imports: [2025-10-20](/changes/2025-10-20.md) (repriced), [2025-10-13](/changes/2025-10-13.md) (band).',
    );
  });

  it('a card no record names has none', () => {
    const card = readJson('api/cards/blastoise-base1-2.json');
    expect(card.changes).toEqual([]);
    expect(read('cards/blastoise-base1-2.md')).not.toContain('Changed by imports');
  });

  it('a sealed product named by its product id lists its import', () => {
    const product = readJson('api/sealed/evolving-skies-booster-box-242436.json');
    assertMatches('sealed-detail.json', product, 'evolving-skies-booster-box-242436');
    expect(product.changes).toEqual([{ asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] }]);
  });

  it('llms.txt points at the change feed', () => {
    expect(read('llms.txt')).toContain('[Catalogue changes](/api/changes)');
  });
});
