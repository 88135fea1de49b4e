import type { CardDetail, CardFields, History, Printing } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import { servedImageUrl } from '../schemas/image-host.ts';
import { printingNamesOf } from '../schemas/printing-names.ts';
import type { SetEntry } from '../schemas/set.ts';
import { settings } from '../schemas/settings.ts';
import { primaryPriceOf } from './card-value.ts';
import type { ItemChangeRef } from './change-feed.ts';
import { cardMarketUrlOf } from './marketplace.ts';
import { roundUsd } from './money.ts';
import { priceChangesOf } from './price-change-fields.ts';
import { knownPricesOf } from './price-on-day.ts';
import { priceStatusOf } from './price-status.ts';
import { cardSlug } from './slug.ts';
import { valueBandOf } from './value-bands.ts';
import { confidenceOf } from './value-confidence.ts';

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
  const history = price ? historyOf(card, price) : undefined;
  return {
    id: card.id,
    name: card.name,
    language: card.language,
    nameJa: card.nameJa ?? null,
    exactName: exactNameOf(card, set),
    slug: cardSlug(card),
    setName: set.name,
    valueUsd,
    priceStatus,
    confidence: price && confidenceOf(price, history, pricesAsOf),
    valueBand: valueBandOf(valueUsd),
    change: priceChangesOf(knownPricesOf(price, history)),
    rarity: card.rarity ?? '',
    types: card.types,
    imageSmall: servedImageUrl(card.images.small, settings().imageHost),
  };
}

/** The full detail record; the JSON file, the Markdown twin and the HTML page are all made from it. */
export function cardToDetail(card: CardEntry, set: SetEntry, pricesAsOf: string, changes: ItemChangeRef[] = []): CardDetail {
  const summary = cardToSummary(card, set, pricesAsOf);
  const price = primaryPriceOf(card);
  const detail: Omit<CardDetail, 'changes' | 'printings' | 'valuePrinting'> = {
    ...summary,
    subtypes: card.subtypes,
    variants: card.prices
      .filter((p) => p.primary && p.market !== null)
      .map((p) => ({ name: p.variant, lowPrice: p.low, marketPrice: p.market, highPrice: p.high })),
    // The source records none for some newer cards: an empty object, which the pages say is not recorded.
    legalities: card.legalities ?? {},
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
  const history = price && historyOf(card, price);
  if (history) detail.history = history;
  const printings = printingsOf(card, pricesAsOf);
  const valuePrinting = price && printings.find((p) => p.variant === price.variant && p.productId === price.productId)!.id;
  return { ...detail, valuePrinting, printings, changes };
}

/** The price history of one price line (content keeps one per primary variant). */
function historyOf(card: Pick<CardEntry, 'history'>, line: Pick<CardEntry['prices'][number], 'variant' | 'productId'>): History | undefined {
  const found = card.history.find((h) => h.variant === line.variant && h.productId === line.productId);
  if (!found) return undefined;
  const { variant: _, productId: __, ...history } = found;
  return history;
}

/**
 * Most valuable first, unpriced last; equal values by id.
 * @example [{ id: 'b', valueUsd: null }, { id: 'a', valueUsd: 2 }].sort(byPrintingValue) // a, then b
 */
export function byPrintingValue(a: Pick<Printing, 'id' | 'valueUsd'>, b: Pick<Printing, 'id' | 'valueUsd'>): number {
  if (a.valueUsd !== b.valueUsd) {
    if (a.valueUsd === null) return 1;
    if (b.valueUsd === null) return -1;
    return b.valueUsd - a.valueUsd;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Every printing of a card (one per price line: a product in one variant) with its own value, most valuable
 * first. Lines without a market price stay, unpriced.
 * @example printingsOf(charizard, '2025-10-20')[0] // { id: 'shadowless-holofoil', label: 'Shadowless Holofoil', valueUsd: 1997.59, productId: 106999, … }
 */
export function printingsOf(card: Pick<CardEntry, 'id' | 'prices' | 'history'>, pricesAsOf: string): Printing[] {
  const names = printingNamesOf(card.prices);
  return card.prices
    .map((line, i): Printing => {
      const valueUsd = line.market === null ? null : roundUsd(line.market);
      const history = line.productId === null ? undefined : historyOf(card, line);
      const printing: Printing = {
        id: names[i].id,
        label: names[i].label,
        variant: line.variant,
        printing: line.printing,
        primary: line.primary,
        productId: line.productId,
        marketUrl: cardMarketUrlOf(line.productId, card.id),
        valueUsd,
        priceStatus: priceStatusOf(valueUsd === null ? null : line.updatedAt, pricesAsOf),
        confidence: confidenceOf(line, history, pricesAsOf),
        change: priceChangesOf(knownPricesOf(line, history)),
        lowPrice: line.low,
        midPrice: line.mid,
        highPrice: line.high,
        marketPrice: line.market,
        directLowPrice: line.directLow,
        updatedAt: line.updatedAt,
        source: sourceLabel(line.source),
      };
      return history ? { ...printing, history } : printing;
    })
    .sort(byPrintingValue);
}

/**
 * What the price lines the catalogue sync lists name as their source (scripts/lib/tcgdex-convert.ts): a TCGplayer
 * product TCGdex ties to the card, not yet priced; the daily import (tcgcsv) prices it.
 */
export const LISTED_SOURCE = 'tcgdex';

/** Both price feeds are TCGplayer's figures, and a listed line is a TCGplayer product; the feed name stays in content for provenance. */
export function sourceLabel(source: string): string {
  return source.startsWith('tcgcsv') || source.startsWith('pokemontcg') || source === LISTED_SOURCE ? 'TCGplayer' : source;
}
