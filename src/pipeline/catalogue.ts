import { getCollection } from 'astro:content';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CardSummary, cardToDetail, cardToSummary } from '../catalogue/card-record.ts';
import { primaryPriceOf } from '../catalogue/card-value.ts';
import { pricesAsOfOf } from '../catalogue/catalogue-changes.ts';
import { changesByItem } from '../catalogue/change-feed.ts';
import { type CrosswalkRow, crosswalkOf } from '../catalogue/crosswalk.ts';
import { articleToDetail, type KnowledgeArticle } from '../catalogue/knowledge-record.ts';
import { priceStatusOf } from '../catalogue/price-status.ts';
import { sealedToDetail } from '../catalogue/sealed-record.ts';
import { cardSlug, sealedSlug } from '../catalogue/slug.ts';
import { restaledConfidence } from '../catalogue/value-confidence.ts';
import { aliasCatalogueOf, type ContentCollection, contentReferenceProblems } from '../check/content-references.ts';
import { type GradedFigures, gradedFiguresOf } from '../collection/collection-data.ts';
import { readAliasContent } from '../loaders/alias-content.ts';
import { readChangeContent } from '../loaders/change-content.ts';
import { CONTENT_DIR } from '../loaders/content-dir.ts';
import { CARD_FILES, readSealedFiles, recordFileNames, shownPath } from '../loaders/record-files.ts';
import type { CardDetail, KnowledgeDetail, SealedDetail, SearchPrinting } from '../schemas/api-types.ts';
import type { CardEntry } from '../schemas/card.ts';
import type { ChangeRecord } from '../schemas/changes.ts';
import { KNOWLEDGE_CATEGORY_IDS } from '../schemas/knowledge-taxonomy.ts';
import type { SetEntry } from '../schemas/set.ts';
import { type AliasSources, aliasProblems } from '../search/aliases.ts';
import { type CardSearchRecord, searchPrintingsOf } from '../search/card-searcher.ts';
import { type CardFilterFields, cardFilterFieldsOf } from '../search/filter-data.ts';
import { contentKey } from './build-state.ts';
import { type CardFileCache, createCardFileCache } from './card-file-cache.ts';

/**
 * The whole catalogue as the build sees it: every record derived once from the content collections and shared by
 * every route that emits files, so the JSON, the Markdown and the HTML of an item can never disagree. Cross-collection
 * checks live here and fail the build naming the file and field at fault.
 */
/** What search reads of a card beside its summary (CardSearchRecord without the summary). */
export type CardKeys = Omit<CardSearchRecord, 'summary'>;

export interface Catalogue {
  pricesAsOf: string;
  /** content/sets.json, in content order (the set pages: src/pipeline/set-files.ts). */
  sets: SetEntry[];
  /** Every card's summary, in content order; the detail of card i is `cardDetail(i)`. */
  cards: CardSummary[];
  /** The full record of a card, made when asked (for its HTML page): every detail held at once would double the heap. */
  cardDetail(index: number): CardDetail;
  /** `JSON.stringify(cardDetail(index))`: the card's JSON file, its group's key and its bulk line are the same text. */
  cardJson(index: number): string;
  /**
   * The card's detail when this build made it (its file's JSON was not in the card file cache), else undefined:
   * what is derived from the JSON can take the object instead of parsing the text it was just written to.
   */
  cardDetailMade(index: number): CardDetail | undefined;
  /** Search keys that are not part of the served card record, and the card's printings as search shows them. */
  cardKeys: Map<string, CardKeys>;
  /** What the search filters read of each card that its summary does not carry, by card id. */
  cardFilterFields: Map<string, CardFilterFields>;
  /** The graded sales figures of the cards that have them, by card id (for valuing a list that names a grade). */
  cardGraded: Record<string, GradedFigures>;
  /** Each card's ids elsewhere (the id crosswalk, /api/bulk/crosswalk.csv), in the order of `cards`. */
  cardCrosswalk: CrosswalkRow[];
  /** The card files, in the order of their cards (`start` to `end` − 1), with the key of everything derived from each. */
  cardFiles: { name: string; key: string; start: number; end: number }[];
  /** The key of everything derived from the card files: the cardFiles' keys together. */
  cardsKey: string;
  sealed: SealedDetail[];
  /** The set (id and name) of each sealed product that belongs to one, by product id (slug). */
  sealedSets: Map<string, { set: string; setName: string }>;
  /** content/aliases/ with the sets, checked against the catalogue. */
  aliases: AliasSources;
  articles: KnowledgeDetail[];
  /** Each article's body as HTML, rendered by Astro's Markdown pipeline when the content loaded. */
  articleHtml: Map<string, string>;
  /** content/changes/: what each import changed, newest first (removed items too); a detail lists the imports that changed it. */
  changes: ChangeRecord[];
}

let loading: Promise<Catalogue> | undefined;

/** Where the catalogue keeps what it derives from the card files between builds, and the code version that derived it. */
export interface CatalogueCache {
  dir: string;
  codeVersion: string;
}

export function loadCatalogue(cache: CatalogueCache): Promise<Catalogue> {
  loading ??= build(cache);
  return loading;
}

/** Lets the catalogue go once the last file is made (the build's last step runs in the same process); loadCatalogue reads it again if asked. */
export function releaseCatalogue(): void {
  loading = undefined;
}

async function build(cache: CatalogueCache): Promise<Catalogue> {
  // Cards and sealed products come from their files (the content collections keep an entry per file: see
  // src/loaders/json-array-loader.ts), read in file order, so every build reads them in the same order.
  const [sets, knowledgeEntries] = await Promise.all([getCollection('sets'), getCollection('knowledge')]);
  const setById = new Map(sets.map((s) => [s.id, s.data]));
  const sealedEntries = readSealedFiles();
  const changes = readChangeContent(CONTENT_DIR);
  const cardChanges = changesByItem(changes, 'cards');
  const sealedChanges = changesByItem(changes, 'sealed');
  // The catalogue's as-of date: the newest price date anywhere in the import.
  const cardFiles = readCardIndex(
    setById,
    pricesAsOfOf(
      [],
      sealedEntries.map((e) => e.data),
    ),
    createCardFileCache(cache.dir),
    contentKey(cache.codeVersion, JSON.stringify(sets.map((s) => s.data))),
  );
  const { pricesAsOf } = cardFiles;
  const cardEntries = cardFiles.cards;

  // What ties the content collections together (sets named, ids and slugs unique, articles' links): the same rules
  // npm run check reports with lines (src/check/content-references.ts); the build stops on all of them at once.
  const where = [
    sets.map(() => 'content/sets.json'),
    cardEntries.map((e) => `${cardFiles.files[e.file]} (${e.id})`),
    sealedEntries.map((e) => `${e.filePath} (${e.id})`),
  ];
  const problems = contentReferenceProblems(
    {
      sets: sets.map((s) => ({ id: s.id })),
      cards: cardEntries,
      sealed: sealedEntries.map((e) => e.data),
      articles: knowledgeEntries.map((e) => ({ id: e.id, related: e.data.related, mentions: e.data.mentions, body: e.body ?? '' })),
    },
    (collection, index) => recordPlace(collection, index),
  );
  function recordPlace(collection: ContentCollection, index: number): string {
    if (collection === 'knowledge') return knowledgeEntries[index].filePath ?? knowledgeEntries[index].id;
    return where[['sets', 'cards', 'sealed'].indexOf(collection)][index];
  }
  if (problems.length > 0) {
    throw new Error(
      `the content has ${problems.length} problem(s):\n${problems.map((p) => `  ${recordPlace(p.collection, p.index)}: ${p.field}: ${p.message}`).join('\n')}`,
    );
  }

  const cardKeys = new Map<string, CardKeys>();
  const cards = cardEntries.map((entry) => {
    cardKeys.set(entry.id, { set: entry.set, number: entry.number, printedTotal: setById.get(entry.set)!.printedTotal, printings: entry.printings });
    // The summary was made before the as-of date was known; its status and its confidence's staleness depend on it.
    const { confidence, valueUsd } = entry.summary;
    return {
      ...entry.summary,
      priceStatus: priceStatusOf(entry.updatedAt, pricesAsOf),
      confidence: confidence && restaledConfidence(confidence, valueUsd!, entry.updatedAt!, pricesAsOf),
    };
  });
  const derived = cardFiles.derive(
    (card) => cardToDetail(card, setById.get(card.set)!, pricesAsOf, cardChanges.get(card.id)),
    contentKey(pricesAsOf, JSON.stringify(changes)),
  );
  const sealed = sealedEntries.map((entry) => sealedToDetail(entry.data, pricesAsOf, sealedChanges.get(String(entry.data.productId))));
  const sealedSets = new Map<string, { set: string; setName: string }>();
  sealedEntries.forEach((entry, i) => {
    const set = entry.data.set === undefined ? undefined : setById.get(entry.data.set);
    if (set) sealedSets.set(sealed[i].id, { set: entry.data.set!, setName: set.name });
  });

  const cardSlugById = new Map(cardEntries.map((e) => [e.id, e.summary.slug]));
  const sealedSlugById = new Map(sealedEntries.map((e) => [e.data.productId, sealedSlug(e.data)]));
  const articles = knowledgeEntries.map((entry) => {
    const article: KnowledgeArticle = { id: entry.id, data: entry.data, body: entry.body ?? '' };
    const mentioned = {
      cards: entry.data.mentions.cards.map((id) => cardSlugById.get(id)!),
      sealed: entry.data.mentions.sealed.map((id) => sealedSlugById.get(id)!),
    };
    return articleToDetail(article, mentioned);
  });
  // Category order first (as the taxonomy lists them), then by slug.
  articles.sort((a, b) => KNOWLEDGE_CATEGORY_IDS.indexOf(a.category as never) - KNOWLEDGE_CATEGORY_IDS.indexOf(b.category as never) || (a.id < b.id ? -1 : 1));

  const articleHtml = new Map(knowledgeEntries.map((e) => [e.id, e.rendered?.html ?? '']));
  const aliases = checkedAliases(
    sets.map((s) => ({
      id: s.id,
      name: s.data.name,
      ...(s.data.ptcgoCode && { ptcgoCode: s.data.ptcgoCode }),
      ...(s.data.nameJa && { nameJa: s.data.nameJa }),
    })),
    cardEntries,
    sealedEntries.map((e) => e.data),
  );
  const at = (index: number) => [cardEntries[index].file, cardEntries[index].position] as const;
  const cardFileList = derived.keys.map((key, file) => ({ name: cardFiles.names[file], key, start: 0, end: 0 }));
  cardEntries.forEach((entry, index) => {
    if (cardFileList[entry.file].end === 0) cardFileList[entry.file].start = index;
    cardFileList[entry.file].end = index + 1;
  });
  return {
    pricesAsOf,
    sets: sets.map((s) => s.data),
    cards,
    cardDetail: (index) => derived.detail(...at(index)),
    cardJson: (index) => derived.json(...at(index)),
    cardDetailMade: (index) => derived.made(...at(index)),
    cardKeys,
    cardFilterFields: new Map(cardEntries.map((e) => [e.id, e.filterFields])),
    cardGraded: Object.fromEntries(cardEntries.flatMap((e) => (e.graded ? [[e.id, e.graded]] : []))),
    cardCrosswalk: cardEntries.map((e) => e.crosswalk),
    cardFiles: cardFileList,
    cardsKey: contentKey(...cardFileList.flatMap((f) => [f.name, f.key])),
    sealed,
    sealedSets,
    aliases,
    articles,
    articleHtml,
    changes,
  };
}

/** content/aliases/, failing the build with every problem named by file, entry and field. */
function checkedAliases(
  sets: AliasSources['sets'],
  cards: { id: string; set: string; name: string; printings: { id: string }[] }[],
  sealed: { productId: number; cleanName: string }[],
): AliasSources {
  const content = readAliasContent(CONTENT_DIR);
  const referenced = cards.map(({ id, set, name, printings }) => ({ id, set, name, printingIds: printings.map((p) => p.id) }));
  const problems = aliasProblems(content, aliasCatalogueOf({ sets, cards: referenced, sealed }));
  if (problems.length) throw new Error(`content/aliases has ${problems.length} problem(s):\n${problems.map((p) => `  content/aliases/${p}`).join('\n')}`);
  return { content, sets };
}

/** What the catalogue keeps of a card between reads of its file: enough for lists, search and checks (see Catalogue). */
interface CardIndexEntry {
  id: string;
  set: string;
  name: string;
  number: string;
  /** The summary, its priceStatus not yet final (it depends on the catalogue's as-of date). */
  summary: CardSummary;
  /** The date of the price that gives the card's value, or null. */
  updatedAt: string | null;
  printings: SearchPrinting[];
  graded?: GradedFigures;
  filterFields: CardFilterFields;
  crosswalk: CrosswalkRow;
  /** Which file (an index into `files`) and where in it. */
  file: number;
  position: number;
}

/** A card file's index part (src/pipeline/card-file-cache.ts): its cards' entries, and its newest price date. */
interface CachedIndex {
  asOf: string;
  cards: Omit<CardIndexEntry, 'file' | 'position'>[];
}

/**
 * The cards, read file by file without keeping the records (held at once, they were the biggest thing in the build's
 * memory, and at 100k cards would not fit). What is derived from a file is taken from the card file cache while the
 * file and `setsKey` (the sets and the code, which every summary depends on) are unchanged.
 */
function readCardIndex(setById: Map<string, SetEntry>, sealedAsOf: string, cache: CardFileCache, setsKey: string) {
  const names = recordFileNames(CARD_FILES);
  const files: string[] = [];
  const indexKeys: string[] = [];
  const cards: CardIndexEntry[] = [];
  /** The newest price date of the cards and of the sealed products (`sealedAsOf`). */
  let pricesAsOf = sealedAsOf;
  /** The last card file parsed: the details of a file are asked for together. */
  let parsed: { file: number; records: CardEntry[] } | undefined;
  const recordsOf = (file: number, text?: string): CardEntry[] => {
    if (parsed?.file !== file) {
      const path = join(CARD_FILES.dir, names[file]);
      parsed = { file, records: CARD_FILES.records(JSON.parse(text ?? readFileSync(path, 'utf8')), shownPath(path)) as CardEntry[] };
    }
    return parsed.records;
  };
  names.forEach((name, file) => {
    const path = join(CARD_FILES.dir, name);
    const text = readFileSync(path, 'utf8');
    files.push(shownPath(path));
    const key = contentKey(setsKey, text);
    indexKeys.push(key);
    let index = cache.readIndex<CachedIndex>(name, key);
    if (!index) {
      const records = recordsOf(file, text);
      index = {
        asOf: pricesAsOfOf(records, []),
        cards: records.map((card) => {
          const set = setById.get(card.set);
          // A card naming no set is refused with the other references; its summary waits for that.
          const summary = set ? cardToSummary(card, set, '') : ({ slug: cardSlug(card) } as CardSummary);
          return {
            id: card.id,
            set: card.set,
            name: card.name,
            number: card.number,
            summary,
            updatedAt: primaryPriceOf(card)?.updatedAt ?? null,
            printings: searchPrintingsOf(card),
            ...(card.graded && { graded: gradedFiguresOf(card.graded) }),
            filterFields: cardFilterFieldsOf(card),
            // A card naming no set is refused with the other references; its row waits for that like its summary.
            crosswalk: crosswalkOf(card, set ?? { id: card.set, series: '' }),
          };
        }),
      };
      // A file with a card of no set fails the build: its index is not kept.
      if (index.cards.every((c) => setById.has(c.set))) cache.writeIndex(name, key, index);
    }
    if (index.asOf > pricesAsOf) pricesAsOf = index.asOf;
    for (const [position, card] of index.cards.entries()) cards.push({ ...card, file, position });
  });
  cache.keepOnly(names);
  return {
    names,
    files,
    cards,
    pricesAsOf,
    /**
     * Each card's detail and JSON, made file by file (`detailOf` makes a detail from its record) or
     * taken from the cache under `detailsKey` (what else the details depend on: the as-of date, the changes).
     */
    derive(detailOf: (card: CardEntry) => CardDetail, detailsKey: string) {
      let current: { file: number; details?: CardDetail[]; jsons: string[] } = { file: -1, jsons: [] };
      const keys = indexKeys.map((indexKey) => contentKey(indexKey, detailsKey));
      const of = (file: number) => {
        if (current.file === file) return current;
        const key = keys[file];
        const cached = cache.readDetails(names[file], key);
        if (cached) return (current = { file, jsons: cached });
        const details = recordsOf(file).map(detailOf);
        current = { file, details, jsons: details.map((d) => JSON.stringify(d)) };
        cache.writeDetails(names[file], key, current.jsons);
        return current;
      };
      return {
        /** Each file's details key: what everything derived from its cards depends on. */
        keys,
        json: (file: number, position: number) => of(file).jsons[position],
        made: (file: number, position: number) => of(file).details?.[position],
        detail(file: number, position: number): CardDetail {
          const made = of(file);
          made.details ??= recordsOf(file).map(detailOf);
          return made.details[position];
        },
      };
    },
  };
}
