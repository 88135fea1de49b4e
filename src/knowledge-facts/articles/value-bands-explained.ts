import { medianUsd } from '../../catalogue/price-status.ts';
import { VALUE_BANDS, valueBandOf } from '../../catalogue/value-bands.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts, percent } from '../catalogue.ts';
import { count, usd } from '../quotes.ts';

type ByBand = Record<'grail' | 'chase' | 'mid' | 'budget' | 'unpriced', number>;

/** Each band's example in the table: a card the article links, its value read from content. */
const EXAMPLES: Record<string, { id: string; text: string }> = {
  grail: { id: 'neo4-107', text: '[Shining Charizard](/cards/shining-charizard-neo4-107)' },
  chase: { id: 'base1-4', text: '[Base Set Charizard](/cards/charizard-base1-4)' },
  budget: { id: 'base1-58', text: '[Base Set Pikachu](/cards/pikachu-base1-58)' },
};

const article: ArticleFacts = {
  slug: 'value-bands-explained',
  facts(catalogue) {
    const { cardsByBand, cardsByPriceStatus, sealedByPriceStatus, medianCardUsd } = catalogue.summary;
    // Sealed products are served without a band; the article puts them in the bands by the same thresholds.
    const sealed = catalogue.sealed.map((p) => ({ summary: { valueBand: valueBandOf(p.summary.valueUsd) } }));
    const cardsWithValue = cardsByPriceStatus.priced + cardsByPriceStatus.stale;
    return {
      thresholds_usd: Object.fromEntries(VALUE_BANDS.map((b) => [b.id, b.minUsd])),
      cards_by_band: { ...cardsByBand, unpriced: cardsByPriceStatus.unpriced },
      sealed_by_band: { ...bandCounts(sealed), unpriced: sealedByPriceStatus.unpriced },
      stale: { cards: cardsByPriceStatus.stale, sealed: sealedByPriceStatus.stale },
      budget_share_pct: percent(cardsByBand.budget, cardsWithValue),
      median_usd: { cards: medianCardUsd, sealed: medianUsd(catalogue.sealed.flatMap((p) => p.summary.valueUsd ?? [])) },
      prices_as_of: catalogue.pricesAsOf,
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'Every priced card and sealed product falls in one of four bands by its value: grail at $500 or more, chase from $50, mid from $5, and budget below $5; on {prices_as_of} that gives {cards_by_band.grail|n} grail, {cards_by_band.chase|n} chase, {cards_by_band.mid|n} mid and {cards_by_band.budget|n} budget cards.',
    },
    {
      in: 'body',
      header: '| Band | Value | Cards | Sealed products | Example |',
      rows: ({ facts, item }) => {
        const f = facts as { thresholds_usd: Record<string, number>; cards_by_band: ByBand; sealed_by_band: ByBand };
        const bands = VALUE_BANDS.map((b, i) => {
          const ceiling = VALUE_BANDS[i - 1]?.minUsd;
          const range = ceiling === undefined ? `$${b.minUsd} or more` : b.minUsd === 0 ? `under $${ceiling}` : `$${b.minUsd} to ${usd(ceiling - 0.01)}`;
          const example = EXAMPLES[b.id];
          const cell = example ? `${example.text}, ${usd(item('card', example.id, 'valueUsd') as number)}` : '';
          return [`\`${b.id}\``, range, count(f.cards_by_band[b.id]), count(f.sealed_by_band[b.id]), cell];
        });
        return [...bands, ['none', 'unpriced', count(f.cards_by_band.unpriced), count(f.sealed_by_band.unpriced), '']];
      },
    },
    {
      in: 'body',
      text: 'Counts are for TCGplayer prices of {prices_as_of}. Stale items ({stale.cards|n} cards, {stale.sealed|n} sealed products) keep their band.',
    },
    { in: 'body', text: 'The median card is worth {median_usd.cards|usd}, and {budget_share_pct|pct} are budget' },
    { in: 'body', text: 'a special illustration rare at {card:sv2-269|usd}, only just makes chase.' },
    { in: 'body', text: 'The median sealed product is {median_usd.sealed|usd}, and only {sealed_by_band.budget|n} are budget.' },
    { in: 'body', text: '({sealed:242436|usd}) is one of {sealed_by_band.grail|n} sealed grails.' },
  ],
  // "exactly $500.00 is grail, … exactly $5.00 is mid": the thresholds, written as a value would be.
  constants: ['$500.00', '$5.00'],
};

export default article;
