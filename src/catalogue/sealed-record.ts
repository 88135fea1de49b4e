import type { SealedDetail, SealedFields } from '../schemas/api-types.ts';
import type { SealedEntry } from '../schemas/sealed.ts';
import { sourceLabel } from './card-record.ts';
import type { ItemChangeRef } from './change-feed.ts';
import { roundUsd } from './money.ts';
import { priceChangesOf } from './price-change-fields.ts';
import { knownPricesOf } from './price-on-day.ts';
import { priceStatusOf } from './price-status.ts';
import { sealedSlug } from './slug.ts';
import { confidenceOf } from './value-confidence.ts';

/** A sealed product as the catalogue lists it (schemas/api/sealed-fields.json); a search adds why it matched. */
export type SealedSummary = SealedFields;

export function sealedToSummary(product: SealedEntry, pricesAsOf: string): SealedSummary {
  const slug = sealedSlug(product);
  const market = product.price?.market ?? null;
  const priceStatus = priceStatusOf(market === null ? null : product.price!.updatedAt, pricesAsOf);
  const valueUsd = market === null ? null : roundUsd(market);
  return {
    id: slug,
    productId: product.productId,
    slug,
    cleanName: product.cleanName,
    kind: product.kind,
    groupName: product.group.name,
    valueUsd,
    priceStatus,
    confidence: product.price && confidenceOf(product.price, product.history, pricesAsOf),
    change: priceChangesOf(knownPricesOf(product.price, product.history)),
    totalPacks: product.packs,
    pricePerPack: valueUsd !== null && product.packs ? roundUsd(valueUsd / product.packs) : null,
  };
}

export function sealedToDetail(product: SealedEntry, pricesAsOf: string, changes: ItemChangeRef[] = []): SealedDetail {
  const summary = sealedToSummary(product, pricesAsOf);
  const price = product.price;
  const detail: Omit<SealedDetail, 'changes'> = {
    ...summary,
    market:
      price && price.market !== null
        ? {
            source: sourceLabel(price.source),
            lowPrice: price.low,
            highPrice: price.high,
            marketPrice: price.market,
            marketUrl: product.url,
            updatedAt: price.updatedAt,
          }
        : null,
  };
  if (product.history) detail.history = product.history;
  return { ...detail, changes };
}
