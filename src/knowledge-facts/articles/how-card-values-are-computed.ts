import { primaryPriceOf } from '../../catalogue/card-value.ts';
import { settings } from '../../schemas/settings.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { valued } from '../priced-content.ts';
import { secondSourceOf, unpricedCardsOf } from './priced-stale-unpriced.ts';

/** The article's worked example: Base Set Charizard, whose Shadowless line is dearer but not primary. */
const EXAMPLE = 'base1-4';

const article: ArticleFacts = {
  slug: 'how-card-values-are-computed',
  facts(catalogue) {
    const card = catalogue.card(EXAMPLE);
    if (!card) throw new Error(`the example card ${EXAMPLE} is not in content`);
    const line = primaryPriceOf(card.entry)!;
    const ignored = card.entry.prices.find((p) => !p.primary && p.printing === 'shadowless')!;
    return {
      prices_as_of: catalogue.pricesAsOf,
      stale_after_days: settings().priceStaleAfterDays,
      cards_total: catalogue.summary.totalCards,
      cards_with_value: valued(catalogue.cards).length,
      cards_by_status: catalogue.summary.cardsByPriceStatus,
      second_source: secondSourceOf(catalogue),
      unpriced_cards: unpricedCardsOf(catalogue),
      example: {
        card_id: EXAMPLE,
        variant: line.variant,
        productId: line.productId,
        valueUsd: card.summary.valueUsd,
        valueBand: card.summary.valueBand,
        ignored_line: { printing: ignored.printing, primary: ignored.primary, market: ignored.market },
      },
    };
  },
};

export default article;
