import { primaryPriceOf } from '../../catalogue/card-value.ts';
import { daysBetween } from '../../schemas/dates.ts';
import { settings } from '../../schemas/settings.ts';
import type { ArticleFacts } from '../article-facts.ts';
import type { PricedContent } from '../priced-content.ts';

/**
 * The second price source: the Pokémon TCG API's id-keyed export, which prices the cards tcgcsv's archive did
 * not map (content names it in each line's `source`), and the date of its newest figure.
 */
export function secondSourceOf(catalogue: PricedContent): { cards: number; updated_at: string | null } {
  const dates = catalogue.cards.flatMap((c) => {
    const line = primaryPriceOf(c.entry);
    return line?.source.startsWith('pokemontcg') ? [line.updatedAt] : [];
  });
  return { cards: dates.length, updated_at: dates.sort().at(-1) ?? null };
}

/** Why cards have no value: their set came out after the prices did, or none of their primary lines has a market price. */
export function unpricedCardsOf(catalogue: PricedContent): { newer_sets: number; no_market_line: number } {
  const unpriced = catalogue.cards.filter((c) => c.summary.priceStatus === 'unpriced');
  const newer = unpriced.filter((c) => c.set.releaseDate > catalogue.pricesAsOf).length;
  return { newer_sets: newer, no_market_line: unpriced.length - newer };
}

/** Sealed products with a market price, oldest price first (equal dates by product id). */
const byPriceDate = (catalogue: PricedContent) =>
  catalogue.sealed
    .filter((p) => p.summary.valueUsd !== null)
    .sort((a, b) =>
      a.entry.price!.updatedAt < b.entry.price!.updatedAt
        ? -1
        : a.entry.price!.updatedAt > b.entry.price!.updatedAt
          ? 1
          : a.entry.productId - b.entry.productId,
    );

const article: ArticleFacts = {
  slug: 'priced-stale-unpriced',
  facts(catalogue) {
    const sealed = byPriceDate(catalogue);
    // The two sides of the line: the oldest price still counted current, and the newest one that is not.
    const edge = (['priced', 'stale'] as const).map((status) => {
      const found = status === 'priced' ? sealed.find((p) => p.summary.priceStatus === status) : sealed.findLast((p) => p.summary.priceStatus === status);
      if (!found) throw new Error(`no sealed product is ${status}, so the examples from the edge have none to show`);
      return found;
    });
    const examples = edge.map((p) => ({
      productId: p.entry.productId,
      name: p.entry.cleanName,
      slug: p.summary.slug,
      updatedAt: p.entry.price!.updatedAt,
      days_before: daysBetween(p.entry.price!.updatedAt, catalogue.pricesAsOf),
      valueUsd: p.summary.valueUsd,
      status: p.summary.priceStatus,
    }));
    const stale = catalogue.cards.filter((c) => c.summary.priceStatus === 'stale');
    const fromSecondSource = stale.filter((c) => primaryPriceOf(c.entry)!.source.startsWith('pokemontcg')).length;
    return {
      prices_as_of: catalogue.pricesAsOf,
      stale_after_days: settings().priceStaleAfterDays,
      cards_by_status: catalogue.summary.cardsByPriceStatus,
      sealed_total: catalogue.summary.totalSealed,
      sealed_by_status: catalogue.summary.sealedByPriceStatus,
      stale_cards: { second_source: fromSecondSource, archive: stale.length - fromSecondSource },
      oldest_card_price: catalogue.cards.flatMap((c) => primaryPriceOf(c.entry)?.updatedAt ?? []).sort()[0],
      second_source: secondSourceOf(catalogue),
      unpriced_cards: unpricedCardsOf(catalogue),
      edge_examples: examples,
    };
  },
};

export default article;
