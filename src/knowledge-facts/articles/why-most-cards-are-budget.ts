import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, eraOf, percent, sumUsd, valued } from '../catalogue.ts';

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
      budget_share_pct: percent(bands.budget, cards.length),
      cards_under_1_usd: values.filter((v) => v < 1).length,
      cards_under_0_25_usd: values.filter((v) => v < 0.25).length,
      median_card_usd: catalogue.summary.medianCardUsd,
      lowest_value_usd: lowest,
      cards_at_lowest_value: values.filter((v) => v === lowest).length,
      grail_cards: bands.grail,
      total_value_usd: { all: totalOf(), grail: totalOf('grail'), chase: totalOf('chase'), mid: totalOf('mid'), budget: totalOf('budget') },
      grail_to_budget_value: Math.round((totalOf('grail') / totalOf('budget')) * 100) / 100,
      top_1_pct: { cards: top, share_of_total_value_pct: percent(sumUsd(values.slice(0, top)), totalOf()) },
      modern: { cards_with_value: modern.length, budget: bandCounts(modern).budget },
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'Because most printed cards are commons, uncommons and plain rares printed in large numbers: {budget_cards|n} of {cards_with_value|n} cards with a value ({budget_share_pct|pct}) are worth under $5, {cards_under_1_usd|n} are under $1, and the {grail_cards|n} grails alone are worth {grail_to_budget_value|x} times all budget cards together (TCGplayer, {prices_as_of}).',
    },
    { in: 'body', text: 'Most cards are worth less than $5: {budget_share_pct|pct} of those with a value.' },
    { in: 'body', text: '## The numbers (TCGplayer market, {prices_as_of})' },
    { in: 'body', text: '- **{budget_cards|n} of {cards_with_value|n}** cards with a value are budget ({budget_share_pct|pct}).' },
    { in: 'body', text: '- **{cards_under_1_usd|n}** are under $1, and **{cards_under_0_25_usd|n}** under 25 cents.' },
    { in: 'body', text: '- The median card is worth **{median_card_usd|usd}**.' },
    {
      in: 'body',
      text: '- The cheapest cards are {lowest_value_usd|usd} ({cards_at_lowest_value|n} of them); [Cottonee from Temporal Forces](/cards/cottonee-sv5-14) is {card:sv5-14|usd}.',
    },
    {
      in: 'body',
      text: "Add every card's value together and you get {total_value_usd.all|usd} for one copy of the whole catalogue. The {budget_cards|n} budget cards account for only {total_value_usd.budget|usd} of that. The {grail_cards|n} grails account for {total_value_usd.grail|usd}, {grail_to_budget_value|x} times as much. The top 1% of cards ({top_1_pct.cards|n}) hold {top_1_pct.share_of_total_value_pct|pct} of the total.",
    },
    {
      in: 'body',
      text: '- **Print volume.** Modern sets are printed in huge quantities, and {modern.budget|n} of {modern.cards_with_value|n} Sword & Shield, Scarlet & Violet and Mega Evolution cards with a value are budget. Even [Pikachu from 151](/cards/pikachu-sv3pt5-25), in one of the most popular recent sets, is {card:sv3pt5-25|usd} as a common.',
    },
    {
      in: 'body',
      text: 'Age alone does not lift a card out of budget: [Base Set Pikachu](/cards/pikachu-base1-58) is {card:base1-58|usd} in its unlimited printing.',
    },
  ],
};

export default article;
