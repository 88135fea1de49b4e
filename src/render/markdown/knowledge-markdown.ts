import type { RootContent } from 'mdast';
import { pageUrl } from '../../http/links.ts';
import type { KnowledgeDetail } from '../../schemas/api-types.ts';
import { heading, link, list, paragraph, strong, toMarkdown } from './mdast.ts';
import { parseMarkdown } from './parse-markdown.ts';

/** The titles an article's links show: questions by article slug, names by card and product slug. */
export interface ArticleTitles {
  related: Map<string, string>;
  cards: Map<string, string>;
  sealed: Map<string, string>;
}

/**
 * The Markdown twin of an article: the question as title, the short answer,
 * the editor's full answer (parsed and re-serialised so it goes through the same
 * serialiser as everything else), then related articles and the items it mentions.
 */
export function articleToMarkdown(article: KnowledgeDetail, titles: ArticleTitles): string {
  const nodes: RootContent[] = [heading(1, article.question), paragraph(strong('Answer:'), ' ', article.answer), ...parseMarkdown(article.answer_detail)];
  const mentioned = [
    ...article.mentions.cards.map((slug) => [link(pageUrl('cards', slug), titles.cards.get(slug) ?? slug)]),
    ...article.mentions.sealed.map((slug) => [link(pageUrl('sealed', slug), titles.sealed.get(slug) ?? slug)]),
  ];
  if (mentioned.length) nodes.push(heading(2, 'Mentioned in this article'), list(mentioned));
  if (article.related.length) {
    nodes.push(heading(2, 'Related questions'), list(article.related.map((slug) => [link(pageUrl('knowledge', slug), titles.related.get(slug) ?? slug)])));
  }
  nodes.push(paragraph(`Last verified ${article.last_verified}.`));
  return toMarkdown(nodes);
}
