import type { FactsCatalogue } from './catalogue.ts';
import type { Quote } from './quotes.ts';

/** The catalogue items an article names: card ids and sealed product ids, as its front matter's `mentions`. */
export interface Mentions {
  cards: string[];
  sealed: number[];
}

/** What one article states of the catalogue: the `structured` members it owns, and where its text quotes them. */
export interface ArticleFacts {
  /** The article's file name without `.md`. */
  slug: string;
  facts(catalogue: FactsCatalogue): Record<string, unknown>;
  quotes: Quote[];
  /**
   * The figures the article may state that are not the catalogue's (thresholds, years, a snapshot's date), each
   * as written; any other figure outside the quotes is reported, so none is typed by hand to go stale.
   */
  constants?: string[];
  /**
   * The items the article names when its facts choose them (a table of the most valuable cards): written as its
   * `mentions`, so the links under it follow the table when prices move. Without it, `mentions` is the editor's.
   */
  mentions?(facts: Record<string, unknown>): Mentions;
}
