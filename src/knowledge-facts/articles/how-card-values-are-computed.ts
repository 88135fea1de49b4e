import { primaryPriceOf } from '../../catalogue/card-value.ts';
import { PRICE_STALE_AFTER_DAYS } from '../../catalogue/price-status.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { valued } from '../catalogue.ts';
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
      stale_after_days: PRICE_STALE_AFTER_DAYS,
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
  quotes: [
    {
      in: 'answer',
      text: "A card's valueUsd is the TCGplayer market price of its primary printing (holofoil first, then normal, then the other variants in a fixed order), taken from the price import dated {prices_as_of}; {cards_with_value|n} of our {cards_total|n} cards get a value this way and {cards_by_status.unpriced|n} stay unpriced.",
    },
    {
      in: 'body',
      text: '[Charizard from Base Set](/cards/charizard-base1-4) has two lines: the unlimited holo (product {example.productId}, primary) with a market of **{example.valueUsd|usd}**, and the Shadowless holo (a separate product, not primary) at {example.ignored_line.market|usd}. Its value is {example.valueUsd|usd}, which puts it in the *{example.valueBand}* band',
    },
    {
      in: 'body',
      text: 'In all, {cards_by_status.unpriced|n} cards end up unpriced: they have no primary line with a market price. {unpriced_cards.newer_sets|n} of them are from the sets released after {prices_as_of}, which have no prices yet.',
    },
    {
      in: 'body',
      text: "The prices are TCGplayer's as of {prices_as_of} ({second_source.cards|n} cards carry a {second_source.updated_at} figure from a second source)",
    },
  ],
  constants: ['$500'],
};

export default article;
