import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCardSearcher, type CardSearcher, type CardSearchRecord } from '../lib/search/card-searcher.ts';
import { createSealedSearcher, type SealedSearcher } from '../lib/search/sealed-searcher.ts';
import { createKnowledgeSearcher, type KnowledgeSearcher } from '../lib/search/knowledge-searcher.ts';
import type { SealedSummary } from '../lib/sealed-record.ts';
import type { KnowledgeListItem } from '../lib/knowledge-record.ts';

/**
 * The searchers of one build, made from the search data the build wrote to
 * dist/server/search/ (never from content at run time). Created once at start.
 */
export interface Searchers {
  cards: CardSearcher;
  sealed: SealedSearcher;
  knowledge: KnowledgeSearcher<KnowledgeListItem & { category: string }>;
  /** Sealed kinds present in the content: the values `kind` accepts. */
  kinds: string[];
}

/**
 * The card index is built at once (most searches are card searches, and the first
 * should not wait); the small sealed and knowledge indexes on first use, which
 * keeps them off the start-up path.
 */
export function loadSearchers(searchDir: string): Searchers {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(searchDir, name), 'utf8')) as T;
  const cards = createCardSearcher(read<CardSearchRecord[]>('cards.json'));
  let sealed: SealedSearcher | undefined;
  let knowledge: Searchers['knowledge'] | undefined;
  let kinds: string[] | undefined;
  return {
    cards,
    get sealed() {
      return (sealed ??= createSealedSearcher(read<SealedSummary[]>('sealed.json')));
    },
    get knowledge() {
      return (knowledge ??= createKnowledgeSearcher(read<(KnowledgeListItem & { category: string })[]>('knowledge.json')));
    },
    get kinds() {
      return (kinds ??= read<string[]>('kinds.json'));
    },
  };
}
