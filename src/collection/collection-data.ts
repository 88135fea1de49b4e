import type { CardEntry } from '../schemas/card.ts';

/**
 * What valuing a list needs beyond the search packs, written by the build beside them: the catalogue's as-of date,
 * the first day any price history reaches (with it, the days a list may be valued as of), and the graded sales
 * figures of the few cards that have them (PriceCharting; a few hundred), by card id; and the public origin the
 * build was made for, which the feeds read. The histories themselves
 * are the history store (history-store.ts), which only a list valued as of a date reads.
 */
export const COLLECTION_DATA_FILE = 'search/collection.json';

/** A card's graded sales figures by grade (grades 7 to 9.5 of any grader, and PSA 10), and the day they were recorded. */
export interface GradedFigures {
  grade7?: number;
  grade8?: number;
  grade9?: number;
  grade9_5?: number;
  psa10: number;
  updatedAt: string;
}

export interface CollectionData {
  pricesAsOf: string;
  historyFrom: string;
  graded: Record<string, GradedFigures>;
  /** The public origin the build was made for (SITE_URL), which the feeds' URLs start with unless the function is given PUBLIC_ORIGIN. */
  siteOrigin?: string;
}

/**
 * @example gradedFiguresOf({ ungraded: 25, grade9: 157, psa10: 819.56, url: 'https://…', updatedAt: '2025-02-27', source: 'x' }) // { grade9: 157, psa10: 819.56, updatedAt: '2025-02-27' }
 */
export function gradedFiguresOf(graded: NonNullable<CardEntry['graded']>): GradedFigures {
  const figures: GradedFigures = { psa10: graded.psa10, updatedAt: graded.updatedAt };
  for (const grade of ['grade7', 'grade8', 'grade9', 'grade9_5'] as const) {
    const value = graded[grade];
    if (typeof value === 'number') figures[grade] = value;
  }
  return figures;
}
