import { COLLECTION_DATA_FILE, type CollectionData } from '../collection/collection-data.ts';
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
import { CARD_FILTERS_FILE, readFilterData, SEALED_FILTERS_FILE } from '../search/filter-data.ts';
import { createKnowledgeSearcher, type KnowledgeSearcher } from '../search/knowledge-searcher.ts';
import { createSealedSearcher, SEALED_SEARCH_FIELDS, type SealedSearcher, type SealedSearchRecord } from '../search/sealed-searcher.ts';
import { readSearchPack } from '../search/search-pack.ts';
import type { FunctionData, FunctionDataFile } from './function-data.ts';

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

/** The search files read as each is needed, by whoever holds them (the file system at once, or what was fetched before). */
export interface SearchFiles {
  bytes(file: FunctionDataFile): Uint8Array;
  text(file: FunctionDataFile): string;
}

const PACKS = { cards: 'search/cards.pack', sealed: 'search/sealed.pack' } as const;
/** The side files the searchers parse on first use. */
const SIDE_FILES = [
  CARD_FILTERS_FILE,
  SEALED_FILTERS_FILE,
  'search/knowledge.json',
  'search/kinds.json',
  CARD_PRODUCTS_FILE,
  COLLECTION_DATA_FILE,
  AUTOCOMPLETE_FILE,
] as const satisfies readonly FunctionDataFile[];

/**
 * Cards and sealed products come as search packs
 * (search/cards.pack and search/sealed.pack, see src/search/search-pack.ts): indexed, sorted and
 * numbered by the build, their aliases (content/aliases) compiled in, so
 * both are ready in a few milliseconds, with items parsed only when a result
 * shows them. The side files (filters, knowledge, kinds, products, the collection data, autocomplete) are parsed
 * on first use, off the start-up path.
 */
export function searchersOf(files: SearchFiles): Searchers {
  const once = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const json = <T>(file: FunctionDataFile) => JSON.parse(files.text(file)) as T;
  const filters = {
    cards: once(() => readFilterData(CARD_FILTERS_FILE, files.text(CARD_FILTERS_FILE))),
    sealed: once(() => readFilterData(SEALED_FILTERS_FILE, files.text(SEALED_FILTERS_FILE))),
  };
  const cardData = readSearchPack<CardSearchRecord>(PACKS.cards, CARD_SEARCH_FIELDS, files.bytes(PACKS.cards));
  const cards = createCardSearcher(cardData, { filters: filters.cards });
  const sealed = createSealedSearcher(readSearchPack<SealedSearchRecord>(PACKS.sealed, SEALED_SEARCH_FIELDS, files.bytes(PACKS.sealed)), {
    filters: filters.sealed,
  });
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
      return (knowledge ??= createKnowledgeSearcher(json<(KnowledgeListItem & { category: string })[]>('search/knowledge.json')));
    },
    get kinds() {
      return (kinds ??= json<string[]>('search/kinds.json'));
    },
    get cardProducts() {
      // Made on the first look-up by product: most processes never answer one.
      return (cardProducts ??= productLookup(json<number[]>(CARD_PRODUCTS_FILE)));
    },
    get collection() {
      return (collection ??= json<CollectionData>(COLLECTION_DATA_FILE));
    },
    get autocomplete() {
      return (autocomplete ??= createAutocomplete(json<AutocompleteData>(AUTOCOMPLETE_FILE)));
    },
  };
}

/**
 * The searchers of a build from any runtime's data (function-data.ts). From a source that reads at once (the file
 * system) each side file is read when first needed, off the start's path; from any other the packs and the side
 * files' text are fetched together, once, the side files then parsed on first use and their text let go.
 */
export async function searchersFrom(data: FunctionData): Promise<Searchers> {
  if (data.bytesNow) return searchersReadingNow(data.bytesNow);
  const [cards, sealed, side] = await Promise.all([data.bytes(PACKS.cards), data.bytes(PACKS.sealed), sideTexts(data)]);
  return searchersOf({
    bytes: (file) => (file === PACKS.cards ? cards : sealed),
    text: (file) => {
      const text = side.get(file);
      if (text === undefined) throw new Error(`${file} was read already, or is not a side file of the searchers`);
      side.delete(file);
      return text;
    },
  });
}

/**
 * The side files' texts by file. A function of its own so that nothing but the map holds them: an array of them
 * in searchersFrom's scope would stay alive with its closures, every text kept after it was parsed (5 MB).
 */
async function sideTexts(data: FunctionData): Promise<Map<string, string>> {
  const texts = await Promise.all(SIDE_FILES.map((file) => data.text(file)));
  return new Map(SIDE_FILES.map((file, i) => [file, texts[i]]));
}

/** The searchers over a source that reads at once (the file system): each side file read when first needed. */
export function searchersReadingNow(read: (file: FunctionDataFile) => Uint8Array): Searchers {
  return searchersOf({ bytes: read, text: (file) => new TextDecoder().decode(read(file)) });
}
