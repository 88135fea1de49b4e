import type { ArticleFacts } from '../article-facts.ts';
import type { PricedContent } from '../priced-content.ts';
import { secondSourceOf } from './priced-stale-unpriced.ts';

/**
 * Where the card list of August 2024 ends (the Pokémon TCG API's snapshot); every set after it came from the
 * newer snapshots. Content does not record which snapshot a card came from, so the line is drawn by set.
 */
export const SNAPSHOT_2024_LAST_SET = 'sv6pt5';

/** The dates of the snapshots the catalogue was imported from: provenance, which content does not record. */
const CARD_CATALOGUE = '2024-08';
const NEWER_SETS_CATALOGUE = '2026-08-21';

/** The sets to the 2024 snapshot's last, and those since, each with their cards. */
export function catalogueSpanOf(catalogue: PricedContent) {
  const boundary = catalogue.sets.find((s) => s.id === SNAPSHOT_2024_LAST_SET)!.releaseDate;
  const newer = catalogue.cards.filter((c) => c.set.releaseDate > boundary);
  const last = catalogue.sets.reduce((a, b) => (b.releaseDate > a.releaseDate ? b : a));
  return {
    cards: catalogue.cards.length,
    sets: catalogue.sets.length,
    last_set: last.id,
    last_set_name: last.name,
    last_release: last.releaseDate,
    snapshot_2024: {
      last_set: SNAPSHOT_2024_LAST_SET,
      last_release: boundary,
      sets: catalogue.sets.filter((s) => s.releaseDate <= boundary).length,
      cards: catalogue.cards.length - newer.length,
    },
    newer_sets: {
      sets: catalogue.sets.filter((s) => s.releaseDate > boundary).length,
      cards: newer.length,
      unpriced: newer.filter((c) => c.summary.priceStatus === 'unpriced').length,
    },
  };
}

/** The first and last day of a set of daily series, and of the weekly closes before them. */
function spanOf(series: readonly { start: string; end: string; weekly?: { start: string } }[]) {
  const dates = (pick: (s: (typeof series)[number]) => string | undefined) => series.flatMap((s) => pick(s) ?? []).sort();
  return { start: dates((s) => s.weekly?.start ?? s.start)[0] ?? null, end: dates((s) => s.end).at(-1) ?? null };
}

const article: ArticleFacts = {
  slug: 'catalogue-and-price-dates',
  facts(catalogue) {
    const graded = catalogue.cards.flatMap((c) => c.entry.graded ?? []);
    return {
      snapshots: {
        card_catalogue: CARD_CATALOGUE,
        newer_sets_catalogue: NEWER_SETS_CATALOGUE,
        card_prices: catalogue.pricesAsOf,
        card_price_history: spanOf(catalogue.cards.flatMap((c) => c.entry.history)),
        graded_prices:
          graded
            .map((g) => g.updatedAt)
            .sort()
            .at(-1) ?? null,
        sealed_prices: catalogue.pricesAsOf,
        sealed_history: spanOf(catalogue.sealed.flatMap((p) => p.entry.history ?? [])),
      },
      catalogue: catalogueSpanOf(catalogue),
      second_source: secondSourceOf(catalogue),
      graded_cards: graded.length,
    };
  },
};

export default article;
