import type { ArticleFacts } from '../article-facts.ts';
import { compsOf, gradeLadder, withGrade } from '../graded.ts';

/** The groups the ladder's columns compare. */
const SCOPES = ['all', 'vintage', 'modern'] as const;

const article: ArticleFacts = {
  slug: 'grade-ladder',
  facts(catalogue) {
    const comps = compsOf(catalogue, 'all');
    return {
      comps,
      median_ratio_to_ungraded: Object.fromEntries(SCOPES.map((scope) => [scope, gradeLadder(catalogue, scope)])),
      grade7_sample_size: Object.fromEntries(SCOPES.map((scope) => [scope, withGrade(catalogue, scope, 'grade7')])),
      graded_as_of: comps.updated_at,
    };
  },
};

export default article;
