import type { SealedEntry } from '../schemas/sealed.ts';
import type { History, Market } from './card-record.ts';
import { sourceLabel } from './card-record.ts';
import type { ItemChangeRef } from './change-feed.ts';
import { type PriceStatus, priceStatusOf, roundUsd } from './price-status.ts';
import { sealedSlug } from './slug.ts';

/** Element of `/api/sealed` results (schemas/api/sealed-summary.json). */
export interface SealedSummary {
  id: string;
  productId: number;
  slug: string;
  cleanName: string;
  kind: string;
  groupName: string;
  valueUsd: number | null;
  priceStatus: PriceStatus;
  totalPacks: number | null;
  pricePerPack: number | null;
}

/** `/api/sealed/{slug}` (schemas/api/sealed-detail.json). */
export interface SealedDetail extends SealedSummary {
  market: Market | null;
  history?: History;
  /** The imports that changed this product, newest first (content/changes/); empty when none has. */
  changes: ItemChangeRef[];
}

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
