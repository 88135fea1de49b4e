import { VINTAGE_SET_PREFIXES } from '../../catalogue/comps.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { compsOf, gradedExamples, setPatterns } from '../graded.ts';

/** The cards the article's table shows, in its order. */
const EXAMPLES = ['base1-4', 'base1-2', 'base1-10', 'si1-11'];

const article: ArticleFacts = {
  slug: 'vintage-psa-10-premium',
  facts(catalogue) {
    const comps = compsOf(catalogue, 'vintage');
    return {
      comps,
      scope_sets: setPatterns(VINTAGE_SET_PREFIXES),
      examples: gradedExamples(catalogue, EXAMPLES, ['grade9', 'psa10']),
      graded_as_of: comps.updated_at,
      psa_10_multiplier_by_scope: { modern: compsOf(catalogue, 'modern').psa_10_multiplier },
    };
  },
};

export default article;
