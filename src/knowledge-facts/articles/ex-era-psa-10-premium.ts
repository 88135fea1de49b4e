import type { ArticleFacts } from '../article-facts.ts';
import { belowUngraded, compsOf, GRADES, gradedExamples, gradeLadder } from '../graded.ts';

/** The cards the article's table shows, in its order. */
const EXAMPLES = ['ex1-11', 'ex3-94', 'ex3-97', 'ex3-100'];

const article: ArticleFacts = {
  slug: 'ex-era-psa-10-premium',
  facts(catalogue) {
    const comps = compsOf(catalogue, 'ex-era');
    const inSample = new Set(comps.card_ids.map((id) => catalogue.card(id)!.entry.set));
    const ladder = gradeLadder(catalogue, 'ex-era');
    return {
      comps,
      sets_in_sample: catalogue.sets.filter((s) => inSample.has(s.id)).map((s) => s.id),
      median_ratio_to_ungraded: Object.fromEntries(GRADES.map((grade) => [grade, ladder[grade]])),
      cards_with_grade9_below_ungraded: belowUngraded(catalogue, 'ex-era', 'grade9'),
      examples: gradedExamples(catalogue, EXAMPLES, ['grade9', 'psa10']),
      graded_as_of: comps.updated_at,
      psa_10_multiplier_by_scope: { vintage: compsOf(catalogue, 'vintage').psa_10_multiplier, modern: compsOf(catalogue, 'modern').psa_10_multiplier },
    };
  },
};

export default article;
