import { LANGUAGE_NAMES, type Language, languageOfId } from '../schemas/language.ts';

/**
 * The marketplace product page of a TCGplayer product id. TCGplayer's product ids are one numbering across its
 * categories, so a "Pokemon Japan" (category 85) product has its page at the same path as an English one (tcgcsv's
 * own record of product 565236, category 85, gives https://www.tcgplayer.com/product/565236/pokemon-japan-sv3-…; the
 * name after the id is cosmetic). A Japanese product's page asks for listings in every language: its listings are
 * Japanese, and a page left to a visitor's language filter (English) could show none, which is why collectors' sites
 * link Japanese products with `Language=all`.
 * @example marketUrlOf(42382) // "https://www.tcgplayer.com/product/42382"
 * @example marketUrlOf(602681, 'ja') // "https://www.tcgplayer.com/product/602681?Language=all"
 */
export function marketUrlOf(productId: number, language: Language = 'en'): string {
  const page = `https://www.tcgplayer.com/product/${productId}`;
  return language === 'ja' ? `${page}?Language=all` : page;
}

/**
 * The marketplace page of a card: its TCGplayer product when the price line names
 * one, else the Pokémon TCG API's redirect from the card id to the same page (English cards only: a Japanese card's
 * every price line names its product, src/schemas/card.ts).
 * @example cardMarketUrlOf(null, 'base4-82') // "https://prices.pokemontcg.io/tcgplayer/base4-82"
 */
export function cardMarketUrlOf(productId: number | null, cardId: string): string {
  return productId === null ? `https://prices.pokemontcg.io/tcgplayer/${encodeURIComponent(cardId)}` : marketUrlOf(productId, languageOfId(cardId));
}

/**
 * How the pages name a card's product at the marketplace: a Japanese card's is the Japanese product, so that a
 * collector does not take its listings for the English card's; an English card's pages say what they always said.
 * @example marketProductWords('ja').link('TCGplayer') // "View the Japanese product on TCGplayer"
 */
export function marketProductWords(language: Language): { link: (source: string) => string; page: string; column: string } {
  if (language === 'en') return { link: (source) => `View on ${source}`, page: 'marketplace page', column: 'Product' };
  const product = `${LANGUAGE_NAMES[language]} product`;
  return { link: (source) => `View the ${product} on ${source}`, page: `${product} page`, column: product };
}
