import type { ArticleFacts } from '../article-facts.ts';
import { compsOf, gradedExamples } from '../graded.ts';

/** The cards the article's table shows. */
const EXAMPLES = ['base1-4', 'base1-3', 'swsh7-215', 'sv3pt5-199'];

const article: ArticleFacts = {
  slug: 'psa-10-multiplier',
  facts(catalogue) {
    const comps = compsOf(catalogue, 'all');
    return {
      comps,
      examples: gradedExamples(catalogue, EXAMPLES, ['psa10']),
      graded_as_of: comps.updated_at,
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

export default article;
