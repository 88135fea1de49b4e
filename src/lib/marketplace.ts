/**
 * The marketplace product page of a TCGplayer product id.
 * @example marketUrlOf(42382) // "https://www.tcgplayer.com/product/42382"
 */
export function marketUrlOf(productId: number): string {
  return `https://www.tcgplayer.com/product/${productId}`;
}
