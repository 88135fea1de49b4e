import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARD_SEARCH_FIELDS, type CardSearcher, type CardSearchRecord, createCardSearcher } from '../lib/search/card-searcher.ts';
import { createKnowledgeSearcher, type KnowledgeSearcher } from '../lib/search/knowledge-searcher.ts';
import { createSealedSearcher, SEALED_SEARCH_FIELDS, type SealedSearcher, type SealedSearchRecord } from '../lib/search/sealed-searcher.ts';
import { readSearchPack } from '../lib/search/search-pack.ts';
import type { KnowledgeListItem } from '../schemas/api-types.ts';

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
 * Cards and sealed products come as search packs (search/cards.pack and
 * search/sealed.pack, see src/lib/search/search-pack.ts): indexed, sorted and
 * numbered by the build, their aliases (content/aliases) compiled in, so
 * both are ready in a few milliseconds, with items parsed only when a result
 * shows them. The small knowledge index is made on first use, off the start-up path.
 */
export function loadSearchers(searchDir: string): Searchers {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(searchDir, name), 'utf8')) as T;
  const cards = createCardSearcher(readSearchPack<CardSearchRecord>(join(searchDir, 'cards.pack'), CARD_SEARCH_FIELDS));
  const sealed = createSealedSearcher(readSearchPack<SealedSearchRecord>(join(searchDir, 'sealed.pack'), SEALED_SEARCH_FIELDS));
  let knowledge: Searchers['knowledge'] | undefined;
  let kinds: string[] | undefined;
  return {
    cards,
    sealed,
    get knowledge() {
      return (knowledge ??= createKnowledgeSearcher(read<(KnowledgeListItem & { category: string })[]>('knowledge.json')));
    },
    get kinds() {
      return (kinds ??= read<string[]>('kinds.json'));
    },
  };
}
