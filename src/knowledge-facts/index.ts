/**
 * The catalogue-wide figures that knowledge articles state, computed from content and never typed: each article
 * listed here owns some members of its `structured` (written by scripts/compute-facts.ts) and quotes them in
 * its answer and body through templates (./quotes.ts). `npm run check`, the content tests and
 * `compute-facts --check` all ask the same question: would rewriting the article with today's figures change it?
 */
import { primaryPriceOf } from '../catalogue/card-value.ts';
import type { ContentCatalogue } from '../catalogue/catalogue-changes.ts';
import type { ArticleFacts } from './article-facts.ts';
import { type ArticleRewrite, rewriteArticle } from './article-text.ts';
import blackWhiteRares from './articles/black-white-rares.ts';
import catalogueAndPriceDates from './articles/catalogue-and-price-dates.ts';
import goldStarCards from './articles/gold-star-cards.ts';
import howCardValuesAreComputed from './articles/how-card-values-are-computed.ts';
import lastScarletVioletSetsChaseCards from './articles/last-scarlet-violet-sets-chase-cards.ts';
import megaEvolutionEraUnpriced from './articles/mega-evolution-era-unpriced.ts';
import megaHyperRares from './articles/mega-hyper-rares.ts';
import modernChaseCards from './articles/modern-chase-cards.ts';
import newEraSealedPriceMoves from './articles/new-era-sealed-price-moves.ts';
import newEraSealedValues from './articles/new-era-sealed-values.ts';
import pokeBallMasterBallPrintings from './articles/poke-ball-master-ball-printings.ts';
import pricedStaleUnpriced from './articles/priced-stale-unpriced.ts';
import prismaticEvolutionsValues from './articles/prismatic-evolutions-values.ts';
import rarityAndValueBands from './articles/rarity-and-value-bands.ts';
import sealedCoverage from './articles/sealed-coverage.ts';
import specialIllustrationRarePremium from './articles/special-illustration-rare-premium.ts';
import valueBandsExplained from './articles/value-bands-explained.ts';
import valueOutsideListings from './articles/value-outside-listings.ts';
import vintageVsModernValues from './articles/vintage-vs-modern-values.ts';
import whatCountsAsVintage from './articles/what-counts-as-vintage.ts';
import whatMakesAGrail from './articles/what-makes-a-grail.ts';
import whyMostCardsAreBudget from './articles/why-most-cards-are-budget.ts';
import { type FactsCatalogue, factsCatalogueOf } from './catalogue.ts';
import type { QuoteContext } from './quotes.ts';

export type { ArticleFacts, Mentions } from './article-facts.ts';
export type { ArticleRewrite, FactDifference, QuoteProblem } from './article-text.ts';
export type { FactsCatalogue } from './catalogue.ts';

/** The articles whose figures are computed, each in ./articles/<slug>.ts. */
export const ARTICLE_FACTS: readonly ArticleFacts[] = [
  blackWhiteRares,
  catalogueAndPriceDates,
  goldStarCards,
  howCardValuesAreComputed,
  lastScarletVioletSetsChaseCards,
  megaEvolutionEraUnpriced,
  megaHyperRares,
  modernChaseCards,
  newEraSealedPriceMoves,
  newEraSealedValues,
  pokeBallMasterBallPrintings,
  pricedStaleUnpriced,
  prismaticEvolutionsValues,
  rarityAndValueBands,
  sealedCoverage,
  specialIllustrationRarePremium,
  valueBandsExplained,
  valueOutsideListings,
  vintageVsModernValues,
  whatCountsAsVintage,
  whatMakesAGrail,
  whyMostCardsAreBudget,
];

export { factsCatalogueOf };

/**
 * What a placeholder reads of one card or sealed product: a field of its summary, else of its price line (a
 * card's value line, or its first line when none has a market price: what its listings ask).
 */
function contextOf(catalogue: FactsCatalogue, facts: Record<string, unknown>): QuoteContext {
  return {
    facts,
    item(kind, id, field) {
      if (kind === 'card') {
        const card = catalogue.card(id);
        if (!card) return undefined;
        if (field in card.summary) return card.summary[field as keyof typeof card.summary];
        return (primaryPriceOf(card.entry) ?? card.entry.prices[0])?.[field as 'low' | 'high'];
      }
      const product = catalogue.sealed.find((p) => String(p.entry.productId) === id);
      if (!product) return undefined;
      if (field in product.summary) return product.summary[field as keyof typeof product.summary];
      return product.entry.price?.[field as 'low' | 'high'];
    },
  };
}

/**
 * The article `text` as it should read with the catalogue's figures today.
 * @example reviewArticle(text, ARTICLE_FACTS[0], catalogue).differences // [] when the article is up to date
 */
export function reviewArticle(text: string, article: ArticleFacts, catalogue: FactsCatalogue): ArticleRewrite {
  const facts = article.facts(catalogue);
  return rewriteArticle(text, facts, article.quotes, contextOf(catalogue, facts), article.constants, article.mentions?.(facts));
}

/** One article's review, named by its slug, with the text it was made from. */
export type ArticleReview = ArticleRewrite & { slug: string; was: string };

/**
 * Every listed article's review against one content tree: for the script, the checker and the tests alike. An
 * article `readArticle` does not find is left out (a content tree need not hold every article); one whose figures
 * cannot be computed (a card it quotes is gone) is kept as it is, with the reason as a problem.
 */
export function reviewArticles(content: ContentCatalogue, readArticle: (slug: string) => string | undefined): ArticleReview[] {
  const catalogue = factsCatalogueOf(content);
  return ARTICLE_FACTS.flatMap((article) => {
    const was = readArticle(article.slug);
    if (was === undefined) return [];
    try {
      return [{ slug: article.slug, was, ...reviewArticle(was, article, catalogue) }];
    } catch (error) {
      const message = `its figures cannot be computed from content: ${(error as Error).message}`;
      return [{ slug: article.slug, was, text: was, differences: [], problems: [{ path: [], message }] }];
    }
  });
}
