import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { COLLECTION_DATA_FILE, type CollectionData } from '../collection/collection-data.ts';
import { HISTORY_STORE_FILE, type HistoryStore, readHistoryStore } from '../collection/history-store.ts';
import type { KnowledgeListItem } from '../schemas/api-types.ts';
import { AUTOCOMPLETE_FILE, type AutocompleteData, createAutocomplete, type Suggestion } from '../search/autocomplete.ts';
import {
  CARD_PRODUCTS_FILE,
  CARD_SEARCH_FIELDS,
  type CardSearcher,
  type CardSearchRecord,
  createCardSearcher,
  productLookup,
} from '../search/card-searcher.ts';
import type { CatalogueData } from '../search/catalogue-searcher.ts';
import type { FilterData } from '../search/field-filters.ts';
import { CARD_FILTERS_FILE, SEALED_FILTERS_FILE } from '../search/filter-data.ts';
import { createKnowledgeSearcher, type KnowledgeSearcher } from '../search/knowledge-searcher.ts';
import { createSealedSearcher, SEALED_SEARCH_FIELDS, type SealedSearcher, type SealedSearchRecord } from '../search/sealed-searcher.ts';
import { readSearchPack } from '../search/search-pack.ts';
import type { IndexField } from '../search/token-index.ts';

/**
 * The searchers of one build, made from the search data the build wrote to
 * dist/server/search/ (never from content at run time). Created once at start.
 */
export interface Searchers {
  cards: CardSearcher;
  /** The cards' pack itself, by position: its records and each position's set (what the price feeds read). */
  cardData: CatalogueData<CardSearchRecord>;
  sealed: SealedSearcher;
  knowledge: KnowledgeSearcher<KnowledgeListItem & { category: string }>;
  /** Sealed kinds present in the content: the values `kind` accepts. */
  kinds: string[];
  /** The positions of the cards that hold a TCGplayer product (the `tcgplayer` look-up). */
  cardProducts: (productId: number) => readonly number[];
  /** The as-of date and the graded figures a valued list reads (src/collection/collection-data.ts). */
  collection: CollectionData;
  /** The field filters' data of each searcher (src/search/field-filters.ts), read on the first query that filters. */
  filters: { cards: () => FilterData; sealed: () => FilterData };
  /** The card names and sets a typed prefix starts (src/search/autocomplete.ts), read on the first autocomplete. */
  autocomplete: (q: string) => Suggestion[];
}

/**
 * Cards and sealed products come as search packs (search/cards.pack and
 * search/sealed.pack, see src/search/search-pack.ts): indexed, sorted and
 * numbered by the build, their aliases (content/aliases) compiled in, so
 * both are ready in a few milliseconds, with items parsed only when a result
 * shows them. The small knowledge index is made on first use, off the start-up path.
 */
export function loadSearchers(searchDir: string): Searchers {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(searchDir, name), 'utf8')) as T;
  const once = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const filters = { cards: once(() => read<FilterData>(basename(CARD_FILTERS_FILE))), sealed: once(() => read<FilterData>(basename(SEALED_FILTERS_FILE))) };
  const pack = <T>(name: string, fields: readonly IndexField[]) => readSearchPack<T>(join(searchDir, name), fields, readFileSync(join(searchDir, name)));
  const cardData = pack<CardSearchRecord>('cards.pack', CARD_SEARCH_FIELDS);
  const cards = createCardSearcher(cardData, { filters: filters.cards });
  const sealed = createSealedSearcher(pack<SealedSearchRecord>('sealed.pack', SEALED_SEARCH_FIELDS), { filters: filters.sealed });
  let knowledge: Searchers['knowledge'] | undefined;
  let kinds: string[] | undefined;
  let cardProducts: Searchers['cardProducts'] | undefined;
  let collection: CollectionData | undefined;
  let autocomplete: Searchers['autocomplete'] | undefined;
  return {
    cards,
    cardData,
    sealed,
    filters,
    get knowledge() {
      return (knowledge ??= createKnowledgeSearcher(read<(KnowledgeListItem & { category: string })[]>('knowledge.json')));
    },
    get kinds() {
      return (kinds ??= read<string[]>('kinds.json'));
    },
    get cardProducts() {
      // Made on the first look-up by product: most processes never answer one.
      return (cardProducts ??= productLookup(read<number[]>(basename(CARD_PRODUCTS_FILE))));
    },
    get collection() {
      return (collection ??= read<CollectionData>(basename(COLLECTION_DATA_FILE)));
    },
    get autocomplete() {
      return (autocomplete ??= createAutocomplete(read<AutocompleteData>(basename(AUTOCOMPLETE_FILE))));
    },
  };
}

/**
 * The history store (src/collection/history-store.ts), read on first use: only a list valued as of a date needs
 * it, and only the list worker reads it.
 */
export function historyStoreOf(searchDir: string): () => HistoryStore {
  let store: HistoryStore | undefined;
  return () => (store ??= readHistoryStore(readFileSync(join(searchDir, basename(HISTORY_STORE_FILE)))));
}
