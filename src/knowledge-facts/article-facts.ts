import type { PricedContent } from './priced-content.ts';

/** The catalogue items an article names: card ids and sealed product ids, as its front matter's `mentions`. */
export interface Mentions {
  cards: string[];
  sealed: number[];
}

/**
 * What one article states of the catalogue: the `structured` members it owns, which its markers (`:fact[…]{key=…}`)
 * and fact-tables read. Its words, its tables' headers and its constants are the Markdown's.
 */
export interface ArticleFacts {
  /** The article's file name without `.md`. */
  slug: string;
  /**
   * The cards its figures count: the English catalogue (the default: the articles written before the Japanese cards
   * came, whose figures are of one market), or every card, Japanese ones too (`all`: the articles on Japanese cards).
   */
  reads?: 'english' | 'all';
  facts(catalogue: PricedContent): Record<string, unknown>;
  /**
   * The items the article names when its facts choose them (a table of the most valuable cards): written as its
   * `mentions`, so the links under it follow the table when prices move. Without it, `mentions` is the editor's.
   */
  mentions?(facts: Record<string, unknown>): Mentions;
}
