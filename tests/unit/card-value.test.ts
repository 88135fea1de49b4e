import { describe, expect, it } from 'vitest';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import type { CardPrice } from '../../src/schemas/card.ts';

const line = (variant: string, printing: string | null, market: number | null, primary = true): CardPrice => ({
  variant,
  printing,
  primary,
  productId: 1,
  groupId: 1,
  low: null,
  mid: null,
  high: null,
  market,
  directLow: null,
  updatedAt: '2025-10-20',
  source: 'tcgcsv-archive',
});

describe('the price line a card is valued by', () => {
  it('is the holofoil before the normal, and never a line that is not primary', () => {
    const card = { prices: [line('normal', null, 2), line('holofoil', null, 5), line('holofoil', 'masterball', 90, false)] };
    expect(primaryPriceOf(card)).toMatchObject({ variant: 'holofoil', printing: null, market: 5 });
  });

  it("is a stamped promo's ordinary stamp, not its staff stamp, whatever their finishes (mep-001: $13.97, not the staff's $80.90)", () => {
    expect(primaryPriceOf({ prices: [line('holofoil', 'set-logo/staff', 80.9), line('normal', 'set-logo', 13.97)] })).toMatchObject({ printing: 'set-logo' });
    expect(primaryPriceOf({ prices: [line('normal', 'staff/worlds-2023', 700.02), line('normal', 'worlds-2023', 549.99)] })).toMatchObject({
      printing: 'worlds-2023',
    });
  });

  it('is the staff stamp when the card has no other priced line', () => {
    expect(primaryPriceOf({ prices: [line('normal', 'set-logo', null), line('holofoil', 'set-logo/staff', 80.9)] })).toMatchObject({ market: 80.9 });
  });

  it('keeps the order of content between equal lines, and is null when no primary line has a market price', () => {
    const [first, second] = [line('holofoil', 'set-logo', 1.69), line('holofoil', 'cosmos', 27.01)];
    expect(primaryPriceOf({ prices: [first, second] })).toBe(first);
    expect(primaryPriceOf({ prices: [second, first] })).toBe(second);
    expect(primaryPriceOf({ prices: [line('holofoil', null, null), line('normal', null, 3, false)] })).toBeNull();
  });
});
