import { primaryPriceOf } from '../../catalogue/card-value.ts';
import { PRICE_STALE_AFTER_DAYS } from '../../catalogue/price-status.ts';
import { daysBetween } from '../../schemas/dates.ts';
import type { ArticleFacts } from '../article-facts.ts';
import type { FactsCatalogue } from '../catalogue.ts';
import { count } from '../quotes.ts';

/**
 * The second price source: the Pokémon TCG API's id-keyed export, which prices the cards tcgcsv's archive did
 * not map (content names it in each line's `source`), and the date of its newest figure.
 */
export function secondSourceOf(catalogue: FactsCatalogue): { cards: number; updated_at: string | null } {
  const dates = catalogue.cards.flatMap((c) => {
    const line = primaryPriceOf(c.entry);
    return line?.source.startsWith('pokemontcg') ? [line.updatedAt] : [];
  });
  return { cards: dates.length, updated_at: dates.sort().at(-1) ?? null };
}

/** Why cards have no value: their set came out after the prices did, or none of their primary lines has a market price. */
export function unpricedCardsOf(catalogue: FactsCatalogue): { newer_sets: number; no_market_line: number } {
  const unpriced = catalogue.cards.filter((c) => c.summary.priceStatus === 'unpriced');
  const newer = unpriced.filter((c) => c.set.releaseDate > catalogue.pricesAsOf).length;
  return { newer_sets: newer, no_market_line: unpriced.length - newer };
}

/** Sealed products with a market price, oldest price first (equal dates by product id). */
const byPriceDate = (catalogue: FactsCatalogue) =>
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
      stale_after_days: PRICE_STALE_AFTER_DAYS,
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
  quotes: [
    {
      in: 'answer',
      text: "priceStatus compares an item's price date with the catalogue's as-of date ({prices_as_of}): priced if its price is at most {stale_after_days} days older, stale if older, unpriced if there is no market price at all; today {cards_by_status.priced|n} cards are priced, {cards_by_status.stale|n} stale and {cards_by_status.unpriced|n} unpriced, and of {sealed_total|n} sealed products {sealed_by_status.priced|n} are priced, {sealed_by_status.stale|n} stale and {sealed_by_status.unpriced|n} unpriced.",
    },
    { in: 'body', text: 'which is the newest price date in the import ({prices_as_of}).' },
    {
      in: 'body',
      header: '| Status | Rule | Cards | Sealed |',
      rows: ({ facts }) => {
        const f = facts as { stale_after_days: number; cards_by_status: Record<string, number>; sealed_by_status: Record<string, number> };
        const rule = {
          priced: `a market price at most ${f.stale_after_days} days older than the as-of date`,
          stale: `a market price more than ${f.stale_after_days} days older`,
          unpriced: 'no market price',
        };
        return Object.entries(rule).map(([status, text]) => [`\`${status}\``, text, count(f.cards_by_status[status]), count(f.sealed_by_status[status])]);
      },
    },
    { in: 'body', text: 'The {stale_after_days} days can be changed at build time with `PRICE_STALE_AFTER_DAYS`.' },
    {
      in: 'body',
      text: '- [{edge_examples.0.name}](/sealed/{edge_examples.0.slug}) was last priced on {edge_examples.0.updatedAt}, {edge_examples.0.days_before} days before the as-of date: still **priced**.',
    },
    {
      in: 'body',
      text: '- [{edge_examples.1.name}](/sealed/{edge_examples.1.slug}) was last priced on {edge_examples.1.updatedAt}, {edge_examples.1.days_before} days before: **stale**, value {edge_examples.1.valueUsd|usd} shown with its date.',
    },
    { in: 'body', text: 'has not had a market price since {sealed:230088:updatedAt}: also stale.' },
    { in: 'body', text: 'has listings ({sealed:218328:low|usd}) but no market price: **unpriced**.' },
    {
      in: 'body',
      text: 'A stale sealed product is one whose last market price is more than {stale_after_days} days older than the as-of date:',
    },
    {
      in: 'body',
      text: 'Cards go stale too: {cards_by_status.stale|n} of them. {stale_cards.second_source|n} carry the {second_source.updated_at} figure of the second price source',
    },
    { in: 'body', text: 'and {stale_cards.archive|n} the last earlier row of the daily archive, the oldest from {oldest_card_price}.' },
    {
      in: 'body',
      text: 'Of the {cards_by_status.unpriced|n} unpriced cards, {unpriced_cards.newer_sets|n} are from the sets released after {prices_as_of}, which have no prices yet. The other {unpriced_cards.no_market_line|n} have no primary line with a market price.',
    },
    { in: 'body', text: 'whose only line has listings at {card:ecard3-146:low|usd} but no market figure.' },
    { in: 'body', text: 'every import of daily prices moves the as-of date on, so a price that is not renewed goes stale {stale_after_days|n} days later.' },
  ],
};

export default article;
