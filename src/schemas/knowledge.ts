import { z } from 'astro/zod';
import { isoDate } from './common.ts';
import { FACILITY_TAGS, KNOWLEDGE_CATEGORY_IDS } from './knowledge-taxonomy.ts';

/**
 * The front matter of one article, content/knowledge/<slug>.md. The Markdown
 * body below the front matter is the full answer (`answer_detail`).
 */
export const knowledgeSchema = z.strictObject({
  /** The question as a collector would ask it. */
  question: z.string().min(10).max(200),
  /** One or two sentences that answer it on their own. */
  answer: z.string().min(20).max(600),
  /** One of the categories in src/schemas/knowledge-taxonomy.ts. */
  category: z.enum(KNOWLEDGE_CATEGORY_IDS),
  /** Facet tags from the controlled list in src/schemas/knowledge-taxonomy.ts. */
  facility_tags: z.array(z.enum(FACILITY_TAGS)).min(1),
  /** The day an editor last checked the article against the data, YYYY-MM-DD. */
  last_verified: z.union([isoDate, z.date().transform((d) => d.toISOString().slice(0, 10))]),
  /** Slugs of related articles (checked at build). */
  related: z.array(z.string()).default([]),
  /** Catalogue items the article talks about (checked at build). */
  mentions: z
    .strictObject({
      /** Card ids, e.g. `base1-4`. */
      cards: z.array(z.string()).default([]),
      /** Sealed product ids (TCGplayer product ids). */
      sealed: z.array(z.number().int().positive()).default([]),
    })
    .default({ cards: [], sealed: [] }),
  /**
   * The figures of an article with computed facts that are not the catalogue's (a threshold, a year, a grade),
   * each as the article writes it: any other figure must be marked (docs/editing.md). Not served.
   */
  constants: z.array(z.union([z.string().min(1), z.number()])).default([]),
  /** Machine-readable facts the article states (comps, thresholds, pack counts, dates). */
  structured: z.record(z.string(), z.unknown()).default({}),
});

export type KnowledgeEntry = z.infer<typeof knowledgeSchema>;
