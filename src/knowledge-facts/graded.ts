import { COMPS_SCOPES, type CompsScope, computeComps } from '../catalogue/comps.ts';
import type { PricedContent } from './priced-content.ts';
import { medianRatio } from './priced-content.ts';

/**
 * What the grading articles share: the comps of a scope (src/catalogue/comps.ts), the median price of each grade
 * over ungraded, and the graded figures of the cards an article shows as examples. The graded figures are
 * PriceCharting's, kept on each card in content (`graded`).
 */

export const GRADES = ['grade7', 'grade8', 'grade9', 'grade9_5', 'psa10'] as const;
export type Grade = (typeof GRADES)[number];

/** The comps of a scope over the catalogue's cards with graded figures. */
export const compsOf = (catalogue: PricedContent, scope: CompsScope) =>
  computeComps(
    catalogue.cards.map((c) => c.entry),
    scope,
  );

const gradedIn = (catalogue: PricedContent, scope: CompsScope) =>
  catalogue.cards.flatMap((c) => (c.entry.graded && COMPS_SCOPES[scope](c.entry.set) ? [c.entry.graded] : []));

/**
 * The median of each grade's price over the ungraded price, among the cards of a scope that have that grade, and
 * how many cards the scope holds.
 * @example gradeLadder(catalogue, 'modern').grade7 // 0.56: a grade 7 sells below an ungraded copy
 */
export function gradeLadder(catalogue: PricedContent, scope: CompsScope): Record<Grade, number | null> & { sample_size: number } {
  const graded = gradedIn(catalogue, scope);
  const ratios = (grade: Grade) => graded.flatMap((g) => (typeof g[grade] === 'number' ? [g[grade] / g.ungraded] : []));
  return { ...(Object.fromEntries(GRADES.map((grade) => [grade, medianRatio(ratios(grade))])) as Record<Grade, number | null>), sample_size: graded.length };
}

/** How many cards of a scope have a price for a grade. */
export const withGrade = (catalogue: PricedContent, scope: CompsScope, grade: Grade) =>
  gradedIn(catalogue, scope).filter((g) => typeof g[grade] === 'number').length;

/** How many cards of a scope sold for less in a grade than ungraded. */
export const belowUngraded = (catalogue: PricedContent, scope: CompsScope, grade: Grade) =>
  gradedIn(catalogue, scope).filter((g) => typeof g[grade] === 'number' && g[grade] < g.ungraded).length;

/**
 * The graded figures of the cards an article shows, in its order: ungraded, the grades asked for, each as
 * `<grade>_usd`.
 * @throws when a card is not in the catalogue or has no graded figures: the article must choose another
 */
export function gradedExamples(catalogue: PricedContent, ids: readonly string[], grades: readonly Grade[]) {
  return ids.map((id) => {
    const graded = catalogue.card(id)?.entry.graded;
    if (!graded) throw new Error(`card ${id}, an example of the article, has no graded figures in content`);
    return { card_id: id, ungraded_usd: graded.ungraded, ...Object.fromEntries(grades.map((grade) => [`${grade}_usd`, graded[grade] ?? null])) };
  });
}

/** The set ids of a scope's prefixes as the articles list them: `["swsh*", "sv*", …]`. */
export const setPatterns = (prefixes: readonly string[]) => prefixes.map((p) => `${p}*`);
