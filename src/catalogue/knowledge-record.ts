import type { KnowledgeDetail, KnowledgeListItem } from '../schemas/api-types.ts';
import type { KnowledgeEntry } from '../schemas/knowledge.ts';

/** A knowledge entry as the build sees it: front matter, slug and Markdown body. */
export interface KnowledgeArticle {
  id: string;
  data: KnowledgeEntry;
  body: string;
}

/** The list form of an article: what `/api/knowledge` and its searches return. */
export function detailToListItem(article: Pick<KnowledgeDetail, 'id' | 'question' | 'answer' | 'facility_tags' | 'structured'>): KnowledgeListItem {
  const { id, question, answer, facility_tags, structured } = article;
  return { id, question, answer, facility_tags, structured };
}

/**
 * @param mentionSlugs the slugs of the cards and sealed products the article mentions,
 *   resolved by the caller (the build checks they exist).
 */
export function articleToDetail(article: KnowledgeArticle, mentionSlugs: KnowledgeDetail['mentions']): KnowledgeDetail {
  const d = article.data;
  return {
    id: article.id,
    question: d.question,
    answer: d.answer,
    answer_detail: article.body.trim(),
    category: d.category,
    facility_tags: d.facility_tags,
    last_verified: d.last_verified,
    related: d.related,
    mentions: mentionSlugs,
    structured: d.structured,
  };
}
