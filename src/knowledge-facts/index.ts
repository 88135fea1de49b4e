/**
 * The figures knowledge articles state, computed from content and never typed: an article listed here has a facts
 * file (./articles/<slug>.ts) that computes some members of its `structured`, and its Markdown marks where it
 * quotes them (./markers.ts); any article may mark a card's or a sealed product's figure. `npm run facts`, `npm run
 * check` and the content tests all ask the same question: would rewriting the article with today's figures change it?
 */
import { primaryPriceOf } from '../catalogue/card-value.ts';
import type { ContentCatalogue } from '../catalogue/catalogue-changes.ts';
import type { ArticleFacts } from './article-facts.ts';
import { type ArticleRewrite, rewriteArticle } from './article-text.ts';
import blackWhiteRares from './articles/black-white-rares.ts';
import catalogueAndPriceDates from './articles/catalogue-and-price-dates.ts';
import exEraPsa10Premium from './articles/ex-era-psa-10-premium.ts';
import goldStarCards from './articles/gold-star-cards.ts';
import gradeLadder from './articles/grade-ladder.ts';
import howCardValuesAreComputed from './articles/how-card-values-are-computed.ts';
import japaneseMasterBallPattern from './articles/japanese-master-ball-pattern.ts';
import japaneseVsEnglishPrices from './articles/japanese-vs-english-prices.ts';
import lastScarletVioletSetsChaseCards from './articles/last-scarlet-violet-sets-chase-cards.ts';
import megaEvolutionEraUnpriced from './articles/mega-evolution-era-unpriced.ts';
import megaHyperRares from './articles/mega-hyper-rares.ts';
import modernChaseCards from './articles/modern-chase-cards.ts';
import modernPsa10Premium from './articles/modern-psa-10-premium.ts';
import newEraSealedPriceMoves from './articles/new-era-sealed-price-moves.ts';
import newEraSealedValues from './articles/new-era-sealed-values.ts';
import pokeBallMasterBallPrintings from './articles/poke-ball-master-ball-printings.ts';
import pricedStaleUnpriced from './articles/priced-stale-unpriced.ts';
import prismaticEvolutionsValues from './articles/prismatic-evolutions-values.ts';
import psa10Multiplier from './articles/psa-10-multiplier.ts';
import rarityAndValueBands from './articles/rarity-and-value-bands.ts';
import readingJapaneseCardNumbers from './articles/reading-japanese-card-numbers.ts';
import sealedCoverage from './articles/sealed-coverage.ts';
import specialIllustrationRarePremium from './articles/special-illustration-rare-premium.ts';
import valueBandsExplained from './articles/value-bands-explained.ts';
import valueOutsideListings from './articles/value-outside-listings.ts';
import vintagePsa10Premium from './articles/vintage-psa-10-premium.ts';
import vintageVsModernValues from './articles/vintage-vs-modern-values.ts';
import whatCountsAsVintage from './articles/what-counts-as-vintage.ts';
import whatMakesAGrail from './articles/what-makes-a-grail.ts';
import whyJapaneseSetsAreSmaller from './articles/why-japanese-sets-are-smaller.ts';
import whyMostCardsAreBudget from './articles/why-most-cards-are-budget.ts';
import { type ItemLookUp, lookUp } from './look-up.ts';
import { englishContentOf, englishPartOf, type FactsCard, type PricedContent, pricedContentOf } from './priced-content.ts';

export type { ArticleFacts, Mentions } from './article-facts.ts';
export type { ArticleRewrite, FactDifference, FactProblem } from './article-text.ts';
export type { PricedContent } from './priced-content.ts';

/** The articles whose figures are computed, each in ./articles/<slug>.ts. */
export const ARTICLE_FACTS: readonly ArticleFacts[] = [
  blackWhiteRares,
  catalogueAndPriceDates,
  exEraPsa10Premium,
  goldStarCards,
  gradeLadder,
  howCardValuesAreComputed,
  japaneseMasterBallPattern,
  japaneseVsEnglishPrices,
  lastScarletVioletSetsChaseCards,
  megaEvolutionEraUnpriced,
  megaHyperRares,
  modernChaseCards,
  modernPsa10Premium,
  newEraSealedPriceMoves,
  newEraSealedValues,
  pokeBallMasterBallPrintings,
  pricedStaleUnpriced,
  prismaticEvolutionsValues,
  psa10Multiplier,
  rarityAndValueBands,
  readingJapaneseCardNumbers,
  sealedCoverage,
  specialIllustrationRarePremium,
  valueBandsExplained,
  valueOutsideListings,
  vintagePsa10Premium,
  vintageVsModernValues,
  whatCountsAsVintage,
  whatMakesAGrail,
  whyJapaneseSetsAreSmaller,
  whyMostCardsAreBudget,
];

export { pricedContentOf };

/**
 * What a marker reads of one card or sealed product (`{card=base1-4 field=low}`): a field of its summary, else of its
 * price line (a card's value line, or its first line when none has a market price: what its listings ask); of a
 * card, also its graded figures (`graded.psa10`) and its own PSA 10 multiplier (`psa_10_multiplier`, PSA 10 over
 * ungraded).
 */
function itemsOf(catalogue: PricedContent): ItemLookUp {
  const sealedById = new Map(catalogue.sealed.map((p) => [String(p.entry.productId), p]));
  return (kind, id, field) => {
    if (kind === 'card') {
      const card = catalogue.card(id);
      return card ? lookUp(cardView(card), field) : { found: false };
    }
    const product = sealedById.get(id);
    return product ? lookUp({ ...product.entry.price, ...product.summary }, field) : { found: false };
  };
}

function cardView({ entry, summary }: FactsCard): Record<string, unknown> {
  const line = primaryPriceOf(entry) ?? entry.prices[0];
  const { graded } = entry;
  return { ...line, ...summary, graded, psa_10_multiplier: graded ? graded.psa10 / graded.ungraded : undefined };
}

const FACTS_BY_SLUG = new Map(ARTICLE_FACTS.map((a) => [a.slug, a]));

/**
 * The article `text` as it should read with the catalogue's figures today.
 * @example reviewArticle(text, ARTICLE_FACTS[0], catalogue).differences // [] when the article is up to date
 */
export function reviewArticle(text: string, article: ArticleFacts | undefined, catalogue: PricedContent, items = itemsOf(catalogue)): ArticleRewrite {
  const facts = article?.facts(catalogue) ?? null;
  return rewriteArticle(text, { facts, items, mentions: facts ? article?.mentions?.(facts) : undefined });
}

/** One article's review, named by its slug, with the text it was made from. */
export type ArticleReview = ArticleRewrite & { slug: string; was: string };

/**
 * The reviews of every article of a content tree: for the script, the checker and the tests alike, each against
 * the catalogue its facts read (ArticleFacts.reads; an article without facts, the English one). One whose
 * figures cannot be computed (a card it quotes is gone) is kept as it is, with the reason as a problem.
 */
export function reviewArticles(content: ContentCatalogue, articles: readonly { slug: string; text: string }[]): ArticleReview[] {
  // Every card is priced once, and the English catalogue made of the same summaries (englishPartOf): pricing every
  // card takes seconds. Only when no article reads every card are the English cards alone priced.
  const readsAll = articles.some(({ slug }) => FACTS_BY_SLUG.get(slug)?.reads === 'all');
  const whole = readsAll ? pricedContentOf(content) : undefined;
  const english = whole ? englishPartOf(whole, content) : pricedContentOf(englishContentOf(content));
  const catalogues = { all: whole && { catalogue: whole, items: itemsOf(whole) }, english: { catalogue: english, items: itemsOf(english) } };
  const catalogueOf = (article: ArticleFacts | undefined) => (article?.reads === 'all' && catalogues.all) || catalogues.english;
  return articles.map(({ slug, text }) => {
    try {
      const article = FACTS_BY_SLUG.get(slug);
      const { catalogue, items } = catalogueOf(article);
      return { slug, was: text, ...reviewArticle(text, article, catalogue, items) };
    } catch (error) {
      const message = `its figures cannot be computed from content: ${(error as Error).message}`;
      return { slug, was: text, text, differences: [], problems: [{ path: [], message }] };
    }
  });
}
