import type { CardSummary } from '../../catalogue/card-record.ts';
import type { PriceStatus } from '../../catalogue/price-status.ts';
import type { KnowledgeDetail, SealedDetail } from '../../schemas/api-types.ts';

/**
 * What the site's three index pages show, made from the catalogue at build: the
 * home page, /sealed without a query and /knowledge. Each is plain data, so that
 * the build keys the page by it (a rebuild renders the page again only when what
 * it shows changed) and the component (src/components/*IndexPage.astro, HomePage)
 * only lays it out.
 */
export interface HomePageData {
  cardCount: number;
  sealedCount: number;
  articleCount: number;
  pricesAsOf: string;
  /** The most valuable cards, most valuable first; a stale value (priceStatus) is marked as such. */
  topCards: { slug: string; exactName: string; valueUsd: number; priceStatus: PriceStatus }[];
}

export interface SealedIndexData {
  productCount: number;
  /** The catalogue's as-of date, which the page dates its values by. */
  pricesAsOf: string;
  /**
   * Every kind, most common first, with its most valuable products; each with the date of its market price
   * (`updatedAt`), which the page shows beside a stale value.
   */
  kinds: {
    kind: string;
    count: number;
    top: { slug: string; cleanName: string; groupName: string; valueUsd: number; priceStatus: PriceStatus; updatedAt: string | null }[];
  }[];
}

export interface KnowledgeIndexData {
  /** In the catalogue's order (category order, then slug). */
  articles: { id: string; question: string; category: string }[];
}

const HOME_TOP_CARDS = 12;
const SEALED_TOP_PER_KIND = 5;

export function homePageOf(cards: CardSummary[], sealedCount: number, articleCount: number, pricesAsOf: string): HomePageData {
  const topCards = cards
    .filter((c) => c.valueUsd !== null)
    .sort((a, b) => b.valueUsd! - a.valueUsd!)
    .slice(0, HOME_TOP_CARDS)
    .map((c) => ({ slug: c.slug, exactName: c.exactName, valueUsd: c.valueUsd!, priceStatus: c.priceStatus }));
  return { cardCount: cards.length, sealedCount, articleCount, pricesAsOf, topCards };
}

export function sealedIndexOf(sealed: SealedDetail[], pricesAsOf: string): SealedIndexData {
  const byKind = new Map<string, SealedDetail[]>();
  for (const product of sealed) {
    let products = byKind.get(product.kind);
    if (!products) byKind.set(product.kind, (products = []));
    products.push(product);
  }
  const kinds = [...byKind]
    .map(([kind, products]) => ({
      kind,
      count: products.length,
      top: products
        .filter((p) => p.valueUsd !== null)
        .sort((a, b) => b.valueUsd! - a.valueUsd! || (a.slug < b.slug ? -1 : 1))
        .slice(0, SEALED_TOP_PER_KIND)
        .map((p) => ({
          slug: p.slug,
          cleanName: p.cleanName,
          groupName: p.groupName,
          valueUsd: p.valueUsd!,
          priceStatus: p.priceStatus,
          updatedAt: p.market?.updatedAt ?? null,
        })),
    }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  return { productCount: sealed.length, pricesAsOf, kinds };
}

export const knowledgeIndexOf = (articles: KnowledgeDetail[]): KnowledgeIndexData => ({
  articles: articles.map((a) => ({ id: a.id, question: a.question, category: a.category })),
});
