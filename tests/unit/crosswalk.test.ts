import { describe, expect, it } from 'vitest';
import { crosswalkOf } from '../../src/catalogue/crosswalk.ts';

/** A card's row of the id crosswalk (/api/bulk/crosswalk.csv, src/catalogue/crosswalk.ts). */
describe('the crosswalk row of a card', () => {
  const line = (productId: number | null, variant = 'holofoil') => ({
    variant,
    printing: null,
    primary: true,
    productId,
    groupId: null,
    low: null,
    mid: null,
    high: null,
    market: null,
    directLow: null,
    updatedAt: '2025-10-20',
    source: 'tcgcsv',
  });

  it('derives the TCGdex id where content records none, and lists each TCGplayer product once, ascending', () => {
    const row = crosswalkOf(
      { id: 'sv8pt5-1', number: '1', prices: [line(610536), line(610356, 'normal'), line(610356, 'reverseHolofoil')] },
      { id: 'sv8pt5', series: 'Scarlet & Violet' },
    );
    expect(row).toEqual({ id: 'sv8pt5-1', tcgdexId: 'sv08.5-001', tcgplayerProductIds: '610356|610536', cardmarketProductIds: '' });
  });

  it('keeps the TCGdex id and Cardmarket products the sync recorded, and leaves a cell empty that nothing gives', () => {
    const synced = crosswalkOf(
      { id: 'me8pt5-3', number: '3', prices: [line(991003)], tcgdexId: 'me08.5-003', cardmarketIds: [881003, 881004] },
      { id: 'me8pt5', series: 'Mega Evolution' },
    );
    expect(synced).toMatchObject({ tcgdexId: 'me08.5-003', cardmarketProductIds: '881003|881004' });
    expect(crosswalkOf({ id: 'base1-92', number: '92', prices: [line(null)] }, { id: 'base1', series: 'Base' })).toEqual({
      id: 'base1-92',
      tcgdexId: '',
      tcgplayerProductIds: '',
      cardmarketProductIds: '',
    });
  });
});
