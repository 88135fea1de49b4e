import { primaryPriceOf } from '../../catalogue/card-value.ts';
import type { ArticleFacts } from '../article-facts.ts';

type Line = { low: number | null; high: number | null; market: number | null };
type Outside = { priced: number; market_below_low: number; market_above_high: number };

/** How many of the lines with a market price have it below their lowest listing, or (else) above their highest. */
function outside(lines: readonly Line[]): Outside {
  const priced = lines.filter((l) => l.market !== null);
  return {
    priced: priced.length,
    market_below_low: priced.filter((l) => l.low !== null && l.market! < l.low).length,
    market_above_high: priced.filter((l) => !(l.low !== null && l.market! < l.low) && l.high !== null && l.market! > l.high).length,
  };
}

/**
 * The items the article shows, each with the figures it quotes (its prose is wrapped by hand, so each quote
 * keeps to one of its lines).
 */
const CARD_EXAMPLES = ['ex13-104', 'sm9-170'];
const SEALED_EXAMPLE = 248124;

const article: ArticleFacts = {
  slug: 'value-outside-listings',
  facts(catalogue) {
    const lineOf = (id: string) => {
      const card = catalogue.card(id);
      if (!card) throw new Error(`the example card ${id} is not in content`);
      return primaryPriceOf(card.entry);
    };
    const product = catalogue.sealed.find((p) => p.entry.productId === SEALED_EXAMPLE)?.entry.price;
    return {
      prices_as_of: catalogue.pricesAsOf,
      cards: outside(catalogue.cards.flatMap((c) => primaryPriceOf(c.entry) ?? [])),
      sealed: outside(catalogue.sealed.flatMap((p) => p.entry.price ?? [])),
      examples: [
        ...CARD_EXAMPLES.map((id) => ({ id, market: lineOf(id)?.market ?? null, low: lineOf(id)?.low ?? null, high: lineOf(id)?.high ?? null })),
        { productId: SEALED_EXAMPLE, market: product?.market ?? null, low: product?.low ?? null, high: product?.high ?? null },
      ],
    };
  },
};

export default article;
