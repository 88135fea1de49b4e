import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSync } from '../../scripts/lib/catalogue-sync.ts';
import { readPriceContent } from '../../scripts/lib/price-import.ts';
import { parseReply, type ReplySource } from '../../scripts/lib/source-replies.ts';
import { tcgdexReader } from '../../scripts/lib/tcgdex-replies.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { FIXTURE_CONTENT, ROOT } from '../support/fixture-site.ts';

/**
 * The catalogue sync's plan, called as a function on replies made on demand (the sync run as a user runs it, on
 * saved replies: tests/processes/catalogue-sync.test.ts).
 */
const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');

describe('a sync is linear in the cards it reads', () => {
  /** TCGdex replies made on demand (no folder): a set of `size` cards, each card's reply a copy of Sproutle's. */
  function bigSet(size: number): ReplySource {
    const tcgdex = join(NEW_SET, 'tcgdex');
    const set = JSON.parse(readFileSync(join(tcgdex, 'sets', 'me08.5.json'), 'utf8'));
    const sproutle = readFileSync(join(tcgdex, 'cards', 'me08.5-001.json'), 'utf8');
    const localIds = Array.from({ length: size }, (_, i) => String(i + 1).padStart(5, '0'));
    const texts = new Map<string, string>([
      ['sets.json', JSON.stringify([{ id: 'me09', name: 'Fixture Flood' }])],
      [
        'sets/me09.json',
        JSON.stringify({ ...set, id: 'me09', name: 'Fixture Flood', cards: localIds.map((localId) => ({ id: `me09-${localId}`, localId, name: 'Sproutle' })) }),
      ],
    ]);
    return {
      where: (_path, file) => file,
      async read(schema, _path, file) {
        const localId = /^cards\/me09-(\d+)\.json$/.exec(file)?.[1];
        const text = localId
          ? sproutle.replaceAll('me08.5-001', `me09-${localId}`).replace('"localId": "001"', `"localId": "${localId}"`).replaceAll('me08.5', 'me09')
          : texts.get(file);
        if (text === undefined) throw new Error(`${file}: not made`);
        return parseReply(schema, text, file);
      },
    };
  }

  it('adds a set of 50,000 cards, each once', { timeout: 120_000 }, async () => {
    const { files, report } = await planSync(readPriceContent(FIXTURE_CONTENT), tcgdexReader(bigSet(50_000)), null, {
      date: '2025-10-21',
      changeRecordOf: () => undefined,
    });
    expect(report.setsAdded).toEqual([{ id: 'me9', name: 'Fixture Flood', cards: 50_000 }]);
    const added = JSON.parse(files.get('cards/me9.json')!) as CardEntry[];
    expect(new Set(added.map((card) => card.id)).size).toBe(50_000);
    expect(added.at(-1)).toMatchObject({ id: 'me9-50000', tcgdexId: 'me09-50000', name: 'Sproutle' });
  });
});
