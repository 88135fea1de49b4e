import { percentOf, sumUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, eraOf, valued } from '../priced-content.ts';

const article: ArticleFacts = {
  slug: 'why-most-cards-are-budget',
  facts(catalogue) {
    const cards = valued(catalogue.cards);
    const values = cards.map((c) => c.summary.valueUsd!).sort((a, b) => b - a);
    const bands = bandCounts(cards);
    const totalOf = (band?: string) => sumUsd(cards.filter((c) => !band || c.summary.valueBand === band).map((c) => c.summary.valueUsd!));
    const lowest = values.at(-1)!;
    // The top 1%: the count rounded down, so "the top 1%" never holds more than 1% of the cards.
    const top = Math.floor(cards.length / 100);
    const modern = cards.filter((c) => eraOf(c.entry.set) === 'modern');
    return {
      prices_as_of: catalogue.pricesAsOf,
      cards_with_value: cards.length,
      budget_cards: bands.budget,
      budget_share_pct: percentOf(bands.budget, cards.length),
      cards_under_1_usd: values.filter((v) => v < 1).length,
      cards_under_0_25_usd: values.filter((v) => v < 0.25).length,
      median_card_usd: catalogue.summary.medianCardUsd,
      lowest_value_usd: lowest,
      cards_at_lowest_value: values.filter((v) => v === lowest).length,
      grail_cards: bands.grail,
      total_value_usd: { all: totalOf(), grail: totalOf('grail'), chase: totalOf('chase'), mid: totalOf('mid'), budget: totalOf('budget') },
      grail_to_budget_value: Math.round((totalOf('grail') / totalOf('budget')) * 100) / 100,
      top_1_pct: { cards: top, share_of_total_value_pct: percentOf(sumUsd(values.slice(0, top)), totalOf()) },
      modern: { cards_with_value: modern.length, budget: bandCounts(modern).budget },
    };
  },
};

export default article;
