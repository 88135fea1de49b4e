import type { FactsCatalogue } from './catalogue.ts';
import type { Quote } from './quotes.ts';

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
}
