/**
 * The marketplace product page of a TCGplayer product id.
 * @example marketUrlOf(42382) // "https://www.tcgplayer.com/product/42382"
 */
export function marketUrlOf(productId: number): string {
  return `https://www.tcgplayer.com/product/${productId}`;
}

/**
 * The marketplace page of a card: its TCGplayer product when the price line names
 * one, else the Pokémon TCG API's redirect from the card id to the same page.
 * @example cardMarketUrlOf(null, 'base4-82') // "https://prices.pokemontcg.io/tcgplayer/base4-82"
 */
export function cardMarketUrlOf(productId: number | null, cardId: string): string {
  return productId === null ? `https://prices.pokemontcg.io/tcgplayer/${encodeURIComponent(cardId)}` : marketUrlOf(productId);
}
