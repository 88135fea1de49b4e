import type { CardEntry, CardPrice } from '../schemas/card.ts';

/**
 * The order in which a card's primary printings stand for it when picking its
 * one value: the holofoil if it has one, else the plain (normal) printing, as the
 * price source documents; cards printed only in other finishes fall back through
 * the rest of this list.
 */
export const PRIMARY_VARIANT_ORDER = [
  'holofoil',
  'normal',
  'unlimitedHolofoil',
  'unlimited',
  '1stEditionHolofoil',
  '1stEditionNormal',
  '1stEdition',
  'reverseHolofoil',
];

/** Whether a line's printing is a staff stamp: the copies handed to an event's staff, not the card people get. */
const isStaff = (line: CardPrice) => line.printing?.split('/').includes('staff') ?? false;

/**
 * The price line a card's value comes from: the first primary line with a market
 * price, in PRIMARY_VARIANT_ORDER (unknown variants last). A promo that exists only
 * stamped has a primary line per stamp; its staff stamp stands for it only when it
 * has no other (the price source says to take the line without `staff` for the
 * ordinary card). Equal lines keep their order in content. Null when no primary
 * line has a market price; such a card is unpriced.
 *
 * @example primaryPriceOf(charizard)?.variant // "holofoil"
 */
export function primaryPriceOf(card: Pick<CardEntry, 'prices'>): CardPrice | null {
  const rank = (variant: string) => {
    const i = PRIMARY_VARIANT_ORDER.indexOf(variant);
    return i === -1 ? PRIMARY_VARIANT_ORDER.length : i;
  };
  const candidates = card.prices
    .filter((p) => p.primary && p.market !== null)
    .sort(
      (a, b) => Number(isStaff(a)) - Number(isStaff(b)) || rank(a.variant) - rank(b.variant) || (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0),
    );
  return candidates[0] ?? null;
}
