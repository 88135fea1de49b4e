import type { CardDetail, CardFields } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import type { SetEntry } from '../schemas/set.ts';
import { primaryPriceOf } from './card-value.ts';
import type { ItemChangeRef } from './change-feed.ts';
import { cardMarketUrlOf } from './marketplace.ts';
import { priceStatusOf, roundUsd } from './price-status.ts';
import { cardSlug } from './slug.ts';
import { valueBandOf } from './value-bands.ts';

/**
 * A card as the catalogue lists it: the fields its summary and detail share (schemas/api/card-fields.json); a
 * search adds why it matched.
 */
export type CardSummary = CardFields;

/**
 * `Charizard (Base 4/102)`: the name a collector would write to single out one printing.
 * @example exactNameOf({ name: 'Charizard', number: '4' }, { name: 'Base', printedTotal: 102 })
 */
export function exactNameOf(card: Pick<CardEntry, 'name' | 'number'>, set: Pick<SetEntry, 'name' | 'printedTotal'>): string {
  return `${card.name} (${set.name} ${card.number}/${set.printedTotal})`;
}

export function cardToSummary(card: CardEntry, set: SetEntry, pricesAsOf: string): CardSummary {
  const price = primaryPriceOf(card);
  const priceStatus = priceStatusOf(price?.updatedAt ?? null, pricesAsOf);
  const valueUsd = price ? roundUsd(price.market!) : null;
  return {
    id: card.id,
    name: card.name,
    exactName: exactNameOf(card, set),
    slug: cardSlug(card),
    setName: set.name,
    valueUsd,
    priceStatus,
    valueBand: valueBandOf(valueUsd),
    rarity: card.rarity ?? '',
    types: card.types,
    imageSmall: card.images.small,
  };
}

/** The full detail record; the JSON file, the Markdown twin and the HTML page are all made from it. */
export function cardToDetail(card: CardEntry, set: SetEntry, pricesAsOf: string, changes: ItemChangeRef[] = []): CardDetail {
  const summary = cardToSummary(card, set, pricesAsOf);
  const price = primaryPriceOf(card);
  const detail: Omit<CardDetail, 'changes'> = {
    ...summary,
    subtypes: card.subtypes,
    variants: card.prices
      .filter((p) => p.primary && p.market !== null)
      .map((p) => ({ name: p.variant, lowPrice: p.low, marketPrice: p.market, highPrice: p.high })),
    legalities: card.legalities,
    market: price && {
      source: sourceLabel(price.source),
      lowPrice: price.low,
      highPrice: price.high,
      marketPrice: price.market,
      marketUrl: cardMarketUrlOf(price.productId, card.id),
      updatedAt: price.updatedAt,
    },
  };
  if (card.graded) {
    detail.graded = {
      ungraded: card.graded.ungraded,
      psa10: card.graded.psa10,
      psa10Multiplier: roundUsd(card.graded.psa10 / card.graded.ungraded),
      source: 'PriceCharting',
      updatedAt: card.graded.updatedAt,
    };
  }
  const history = price && card.history.find((h) => h.variant === price.variant && h.productId === price.productId);
  if (history) detail.history = { start: history.start, end: history.end, market: history.market };
  return { ...detail, changes };
}

/** Both price feeds are TCGplayer's figures; the feed name stays in content for provenance. */
export function sourceLabel(source: string): string {
  return source.startsWith('tcgcsv') || source.startsWith('pokemontcg') ? 'TCGplayer' : source;
}
