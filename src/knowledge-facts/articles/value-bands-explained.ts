import { medianUsd, percentOf } from '../../catalogue/money.ts';
import { VALUE_BANDS, valueBandOf } from '../../catalogue/value-bands.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { bandCounts } from '../priced-content.ts';

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
      budget_share_pct: percentOf(cardsByBand.budget, cardsWithValue),
      median_usd: { cards: medianCardUsd, sealed: medianUsd(catalogue.sealed.flatMap((p) => p.summary.valueUsd ?? [])) },
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

export default article;
