import type { CardEntry } from '../schemas/card.ts';
import type { SetEntry } from '../schemas/set.ts';
import { tcgdexCardIdOf } from './tcgdex-ids.ts';

/**
 * One row of the id crosswalk (/api/bulk/crosswalk.csv, docs/data.md "The id crosswalk"): a card's id (the
 * Pokémon TCG API's, which clients of that API store), its TCGdex id, and the marketplace products tied to it,
 * so that a client can move its ids when that API closes.
 */
export interface CrosswalkRow {
  id: string;
  /** TCGdex's id: recorded by the catalogue sync, else derived by the inverse rule (src/catalogue/tcgdex-ids.ts); empty where neither gives one. */
  tcgdexId: string;
  /** The TCGplayer products of the card's printings, ascending, joined with `|`. */
  tcgplayerProductIds: string;
  /** The Cardmarket products TCGdex ties to the card, where the catalogue sync recorded them, joined with `|`. */
  cardmarketProductIds: string;
}

/** The columns of crosswalk.csv, in this order. */
export const CROSSWALK_COLUMNS = ['id', 'tcgdexId', 'tcgplayerProductIds', 'cardmarketProductIds'] as const satisfies readonly (keyof CrosswalkRow)[];

/**
 * A card's crosswalk row.
 * @example crosswalkOf(umbreon, prismaticEvolutions) // { id: "sv8pt5-161", tcgdexId: "sv08.5-161", tcgplayerProductIds: "610516", cardmarketProductIds: "" }
 */
export function crosswalkOf(
  card: Pick<CardEntry, 'id' | 'number' | 'prices' | 'tcgdexId' | 'cardmarketIds'>,
  set: Pick<SetEntry, 'id' | 'series'>,
): CrosswalkRow {
  const products = [...new Set(card.prices.flatMap((line) => (line.productId === null ? [] : [line.productId])))].sort((a, b) => a - b);
  return {
    id: card.id,
    tcgdexId: card.tcgdexId ?? tcgdexCardIdOf(card, set) ?? '',
    tcgplayerProductIds: products.join('|'),
    cardmarketProductIds: (card.cardmarketIds ?? []).join('|'),
  };
}
