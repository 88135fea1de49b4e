import type { ContentSummary, SealedDetail } from '../schemas/api-types.ts';
import type { CardSummary } from './card-record.ts';
import { medianUsd } from './money.ts';
import type { PriceStatus } from './price-status.ts';
import { VALUE_BAND_IDS, type ValueBand } from './value-bands.ts';

export const CONTENT_DOMAIN = 'pokemon-tcg';

export function contentSummaryOf(cards: CardSummary[], sealed: SealedDetail[], totalArticles: number, pricesAsOf: string, generatedAt: string): ContentSummary {
  const cardsByBand = Object.fromEntries(VALUE_BAND_IDS.map((b) => [b, 0])) as Record<ValueBand, number>;
  const byStatus = (): Record<PriceStatus, number> => ({ priced: 0, stale: 0, unpriced: 0 });
  const cardsByPriceStatus = byStatus();
  const sealedByPriceStatus = byStatus();
  const values: number[] = [];
  for (const card of cards) {
    cardsByPriceStatus[card.priceStatus]++;
    if (card.valueBand) cardsByBand[card.valueBand]++;
    if (card.valueUsd !== null) values.push(card.valueUsd);
  }
  for (const product of sealed) sealedByPriceStatus[product.priceStatus]++;
  return {
    domain: CONTENT_DOMAIN,
    totalCards: cards.length,
    totalSealed: sealed.length,
    totalArticles,
    medianCardUsd: medianUsd(values),
    pricesAsOf,
    cardsByBand,
    cardsByPriceStatus,
    sealedByPriceStatus,
    generatedAt,
  };
}
