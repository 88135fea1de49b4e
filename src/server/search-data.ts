import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KnowledgeListItem } from '../lib/knowledge-record.ts';
import type { SealedSummary } from '../lib/sealed-record.ts';
import { CARD_SEARCH_FIELDS, type CardSearcher, type CardSearchRecord, createCardSearcher } from '../lib/search/card-searcher.ts';
import { createKnowledgeSearcher, type KnowledgeSearcher } from '../lib/search/knowledge-searcher.ts';
import { createSealedSearcher, type SealedSearcher } from '../lib/search/sealed-searcher.ts';
import { deserializeTokenIndex, type SerializedTokenIndex } from '../lib/search/token-index.ts';

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
 * The card index comes prebuilt (search/cards-index.json, written by the build
 * from the same records) and is ready at once; the small sealed and knowledge
 * indexes are made on first use, off the start-up path.
 */
export function loadSearchers(searchDir: string): Searchers {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(searchDir, name), 'utf8')) as T;
  const cards = createCardSearcher(
    read<CardSearchRecord[]>('cards.json'),
    deserializeTokenIndex(CARD_SEARCH_FIELDS, read<SerializedTokenIndex>('cards-index.json')),
  );
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
