import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crosswalkOf } from '../../src/catalogue/crosswalk.ts';
import { TCGDEX_SERIES } from '../../src/catalogue/tcgdex-ids.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { ROOT } from '../support/fixture-site.ts';

/** The id crosswalk (src/catalogue/crosswalk.ts) on the committed catalogue: where the inverse id rule gives an id, and where not. */
const CONTENT = join(ROOT, 'content');
const sets: SetEntry[] = JSON.parse(readFileSync(join(CONTENT, 'sets.json'), 'utf8'));
const cardsOf = (set: string): CardEntry[] => JSON.parse(readFileSync(join(CONTENT, 'cards', `${set}.json`), 'utf8'));

describe('the id crosswalk of the catalogue', () => {
  it('derives a TCGdex id for every card of the Scarlet & Violet and Mega Evolution series, unique, and none for the others', () => {
    const followed = sets.filter((set) => set.language === 'en' && TCGDEX_SERIES[set.series]);
    const cards = followed.flatMap((set) => cardsOf(set.id).map((card) => ({ card, set })));
    const ids = cards.map(({ card, set }) => crosswalkOf(card, set).tcgdexId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => /^(sv|me)[a-z0-9.]*-\d{3}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // A card the catalogue sync added carries TCGdex's own id: the rule gives that same id.
    for (const { card, set } of cards.filter(({ card }) => card.tcgdexId))
      expect(crosswalkOf({ ...card, tcgdexId: undefined }, set).tcgdexId, card.id).toBe(card.tcgdexId);
    const base = sets.find((set) => set.id === 'base1')!;
    expect(cardsOf('base1').every((card) => crosswalkOf(card, base).tcgdexId === '')).toBe(true);
  });

  it("gives every Japanese card TCGdex's Japanese id: its set's TCGdex id, in TCGdex's case, and its number as printed", () => {
    const japanese = sets.filter((set) => set.language === 'ja');
    expect(japanese).toHaveLength(39);
    const rows = japanese.flatMap((set) => cardsOf(set.id).map((card) => ({ card, row: crosswalkOf(card, set) })));
    expect(rows).toHaveLength(5601);
    for (const { card, row } of rows) {
      // jp-sv8a-217 → SV8a-217: the id without jp-, in TCGdex's case, is the card's own id.
      expect(row.tcgdexId.toLowerCase(), card.id).toBe(card.id.slice('jp-'.length).toLowerCase());
    }
    expect(rows.find(({ card }) => card.id === 'jp-sv8a-217')?.row.tcgdexId).toBe('SV8a-217');
  });
});
