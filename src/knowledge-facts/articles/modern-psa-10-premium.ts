import { MODERN_SET_PREFIXES } from '../../catalogue/comps.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { compsOf, gradedExamples, gradeLadder, setPatterns } from '../graded.ts';

/** The cards the article shows: the four of its table, then its exception. */
const EXAMPLES = ['swsh7-215', 'swsh7-218', 'sv3pt5-199', 'sv6-214', 'sv2-204'];

const article: ArticleFacts = {
  slug: 'modern-psa-10-premium',
  facts(catalogue) {
    const comps = compsOf(catalogue, 'modern');
    return {
      comps,
      scope_sets: setPatterns(MODERN_SET_PREFIXES),
      examples: gradedExamples(catalogue, EXAMPLES, ['grade9', 'psa10']),
      median_grade9_to_ungraded_modern: gradeLadder(catalogue, 'modern').grade9,
      graded_as_of: comps.updated_at,
      psa_10_multiplier_by_scope: { vintage: compsOf(catalogue, 'vintage').psa_10_multiplier },
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

export default article;
