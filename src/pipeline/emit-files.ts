import { join } from 'node:path';
import { changeListOf, servedChangeRecord } from '../catalogue/change-feed.ts';
import { contentSummaryOf } from '../catalogue/content-summary.ts';
import { CROSSWALK_COLUMNS } from '../catalogue/crosswalk.ts';
import { detailToListItem } from '../catalogue/knowledge-record.ts';
import { COLLECTION_DATA_FILE, type CollectionData } from '../collection/collection-data.ts';
import { type CardHistories, firstPriceDay, HISTORY_STORE_FILE, storedSealedOf, writeHistoryStore } from '../collection/history-store.ts';
import { llmsTxtOf } from '../describe/llms-txt.ts';
import { MCP_TOOLS_FILE, toolListOf } from '../describe/mcp/tools.ts';
import { openApiOf } from '../describe/openapi.ts';
import { etagOfSha256 } from '../http/etag.ts';
import { changesMarkdownUrl, changesUrl, pageUrl, publicOriginOf, SEARCH_HELP_PAGE } from '../http/links.ts';
import { columnsNamed } from '../render/csv.ts';
import { changeListToMarkdown, changeRecordToMarkdown } from '../render/markdown/change-markdown.ts';
import { type ArticleTitles, articleToMarkdown } from '../render/markdown/knowledge-markdown.ts';
import { homePageOf, knowledgeIndexOf, sealedIndexOf } from '../render/pages/index-pages.ts';
import { SHELL_FILE } from '../render/pages/page-shell.ts';
import { TRENDS_FILE, type Trends, trendOf } from '../render/pages/trends.ts';
import { AUTOCOMPLETE_FILE, autocompleteDataOf } from '../search/autocomplete.ts';
import { CARD_CATALOGUE, CARD_PRODUCTS_FILE, productPositionsOf } from '../search/card-searcher.ts';
import { prepareCatalogue } from '../search/catalogue-searcher.ts';
import { CARD_FILTERS_FILE, cardFilterData, SEALED_FILTERS_FILE, sealedFilterData, writeFilterData } from '../search/filter-data.ts';
import { sealedCatalogue } from '../search/sealed-searcher.ts';
import { writeSearchPack } from '../search/search-pack.ts';
import { contentKey } from './build-state.ts';
import {
  BULK_MANIFEST_PATH,
  BULK_SECTIONS,
  type BulkBody,
  type BulkFileEntry,
  type BulkSection,
  bulkFileEntry,
  bulkManifestOf,
  CARDS_CSV_PATH,
  CROSSWALK_CSV_PATH,
  cardCsvColumnsOf,
  csvHeadOf,
  dataDateOf,
  digestFile,
  gzipOf,
  gzipPath,
  ndjsonOf,
  ndjsonPath,
  PRINTINGS_CSV_PATH,
  printingCsvColumnsOf,
} from './bulk-files.ts';
import { type CardPieces, cardPiecesOf, cardSearchRecordOf } from './card-pieces.ts';
import { catalogFiles } from './catalog-files.ts';
import type { Catalogue } from './catalogue.ts';
import { CATALOGUE_PARTS, type CataloguePart, type CatalogueView } from './catalogue-parts.ts';
import type { EmitItem, EmittedFile, FileGroup, MarkdownFile, PageRenderer } from './emit-items.ts';
import { htmlPage, outputPath, recordGroup } from './file-groups.ts';
import { moversFiles } from './movers-files.ts';
import { setFiles } from './set-files.ts';

/** Cards per batch: small enough that one batch's text stays a few tens of MB. */
const CARDS_PER_BATCH = 2000;

/**
 * The batches that make no Markdown file. They come last, so that the Markdown worker can stop before them:
 * theirs are the build's biggest files (the search packs, the bulk files).
 */
const WITHOUT_MARKDOWN = ['search', 'bulk'];
export const makesMarkdown = (batch: string): boolean => !WITHOUT_MARKDOWN.includes(batch);

/** The batch names of a catalogue, in the order they are made: cards-0 … cards-N, sealed, knowledge, sets, site, search, bulk. */
export function batchesOf(catalogue: Catalogue): string[] {
  const cardBatches = Math.max(1, Math.ceil(catalogue.cards.length / CARDS_PER_BATCH));
  return [...Array.from({ length: cardBatches }, (_, i) => `cards-${i}`), 'sealed', 'knowledge', 'sets', 'site', ...WITHOUT_MARKDOWN];
}

const file = outputPath;

/** What an output made from the parts `P` is given: their view of the catalogue, and the cards' pieces when it is made from the cards. */
type OutputInput<P extends CataloguePart> = CatalogueView<P> & ('cards' extends P ? { pieces: CardPieces } : unknown);

/**
 * A whole-catalogue output (the search data, the open-data files, the movers …) as a group of files made from the
 * parts of the catalogue it names, and given a view of those alone (CATALOGUE_PARTS): keyed by their keys (and the
 * code, which the build state compares on its own), or by `keyOf` its input, it is kept by a rebuild when its key is
 * the previous build's. Its name is not a URL path: the build counts these apart from the records.
 */
function output<P extends CataloguePart>(
  name: string,
  from: { catalogue: Catalogue; pieces: CardPieces },
  parts: readonly P[],
  files: (input: OutputInput<P>) => AsyncGenerator<EmittedFile | MarkdownFile>,
  keyOf?: (input: OutputInput<P>) => string,
): FileGroup {
  const view: Record<string, unknown> = parts.includes('cards' as P) ? { pieces: from.pieces } : {};
  for (const part of parts) for (const held of CATALOGUE_PARTS[part].holds) view[held] = from.catalogue[held];
  const input = view as OutputInput<P>;
  return {
    group: `output:${name}`,
    key: keyOf ? keyOf(input) : contentKey(...parts.flatMap((part) => [part, CATALOGUE_PARTS[part].text(from.catalogue)])),
    files: () => files(input),
  };
}

/** Where the build keeps what the next one may reuse: its cache folder, and the card file cache's (src/pipeline/card-file-cache.ts). */
export interface BuildCache {
  dir: string;
  cardFiles: string;
}

/** The open-data files' gzip chunks (bulk-files.ts gzipOf), one cache file per section. */
const gzipCacheOf = (cache: BuildCache, name: string) => join(cache.dir, 'bulk-gzip', `${name}.chunks`);

export async function* emitBatch(
  batch: string,
  catalogue: Catalogue,
  schemas: Record<string, unknown>,
  render: PageRenderer,
  cache: BuildCache,
): AsyncGenerator<EmitItem> {
  const pieces = cardPiecesOf(catalogue, schemas, cache.cardFiles);
  const from = { catalogue, pieces };
  if (batch.startsWith('cards-')) {
    const first = Number(batch.slice('cards-'.length)) * CARDS_PER_BATCH;
    const last = Math.min(first + CARDS_PER_BATCH, catalogue.cards.length);
    // A card's key comes from its pieces: a kept card's JSON is not read.
    for (let i = first; i < last; i++) {
      yield recordGroup('cards', catalogue.cards[i].slug, () => catalogue.cardJson(i), {
        key: pieces.key(i),
        markdown: 'card',
        html: () => render.card(catalogue.cardDetail(i)),
      });
    }
    return;
  }
  switch (batch) {
    case 'sealed':
      for (const product of catalogue.sealed) {
        yield recordGroup('sealed', product.slug, JSON.stringify(product), {
          markdown: 'sealed',
          html: () => render.sealed(product),
        });
      }
      return;
    case 'knowledge': {
      const titles: ArticleTitles = {
        related: new Map(catalogue.articles.map((a) => [a.id, a.question])),
        cards: new Map(catalogue.cards.map((c) => [c.slug, c.exactName])),
        sealed: new Map(catalogue.sealed.map((s) => [s.slug, s.cleanName])),
      };
      for (const article of catalogue.articles) {
        const bodyHtml = catalogue.articleHtml.get(article.id) ?? '';
        // Besides the article, its pages show its body's HTML and the titles of what it links to: the renderers are
        // given those titles alone, and the key is made of what they are given.
        const only = (all: Map<string, string>, keys: string[]) => new Map(keys.flatMap((key) => (all.has(key) ? [[key, all.get(key)!]] : [])));
        const linked: ArticleTitles = {
          related: only(titles.related, article.related),
          cards: only(titles.cards, article.mentions.cards),
          sealed: only(titles.sealed, article.mentions.sealed),
        };
        yield recordGroup('knowledge', article.id, JSON.stringify(article), {
          markdown: () => articleToMarkdown(article, linked),
          html: () => render.article(article, linked, bodyHtml),
          alsoShown: [JSON.stringify(Object.values(linked).map((map) => [...map])), bodyHtml],
        });
      }
      yield ['client', 'api/knowledge.json', JSON.stringify(catalogue.articles.map(detailToListItem))];
      return;
    }
    case 'sets':
      yield* setFiles(catalogue, render, pieces);
      return;
    case 'bulk':
      yield output('bulk', from, ['cards', 'sealed', 'articles', 'pricesAsOf'], (input) => bulkFiles(input, schemas, cache));
      return;
    case 'site': {
      // /api/content.json names the build's time: made every build (its bytes change only with SOURCE_DATE_EPOCH unset).
      const generatedAt = process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString() : new Date().toISOString();
      const summary = contentSummaryOf(catalogue.cards, catalogue.sealed, catalogue.articles.length, catalogue.pricesAsOf, generatedAt);
      yield ['client', 'api/content.json', JSON.stringify(summary)];
      yield output('openapi', from, ['sealed'], async function* (input) {
        yield ['client', 'openapi.json', JSON.stringify(openApiOf(schemas, sealedKindsOf(input)), null, 2)];
      });
      yield ['client', 'llms.txt', llmsTxtOf(summary, catalogue.articles)];
      yield htmlPage('/', homePageOf(catalogue.cards, catalogue.sealed.length, catalogue.articles.length, catalogue.pricesAsOf), render.home);
      yield htmlPage(pageUrl('sealed'), sealedIndexOf(catalogue.sealed, catalogue.pricesAsOf), render.sealedIndex);
      yield htmlPage(pageUrl('knowledge'), knowledgeIndexOf(catalogue.articles), render.knowledgeIndex);
      yield output('search-help', from, [], async function* () {
        yield ['client', `${SEARCH_HELP_PAGE.slice(1)}.html`, await render.searchHelp()];
      });
      // The change feed (content/changes/): the list of imports, newest first, and each import's record, with Markdown twins.
      yield output('changes', from, ['changes'], async function* ({ changes }) {
        const changeList = changeListOf(changes);
        yield ['client', `${file(changesUrl())}.json`, JSON.stringify(changeList)];
        yield { markdown: 'text', path: file(changesMarkdownUrl()), body: changeListToMarkdown(changeList) };
        for (const record of changes) {
          yield ['client', `${file(changesUrl(record.asOf))}.json`, JSON.stringify(servedChangeRecord(record))];
          yield { markdown: 'text', path: file(changesMarkdownUrl(record.asOf)), body: changeRecordToMarkdown(record) };
        }
      });
      // What the search filters accept (/api/catalog/…), and what moved (/api/movers, /movers), with Markdown twins.
      yield output('catalogs', from, ['cards', 'sealed', 'articles', 'sets'], async function* (input) {
        yield* catalogFiles(input);
      });
      yield output('movers', from, ['cards', 'sealed', 'pricesAsOf'], (input) => moversFiles(input, render));
      yield output('shell', from, [], async function* () {
        yield ['server', SHELL_FILE, await render.shell()];
      });
      return;
    }
    case 'search': {
      // The function's data in groups by what each is made from: a card's price changes the cards' search pack alone.
      yield output('search', from, ['cards', 'aliases', 'sets'], cardSearchFiles);
      yield output('search-sealed', from, ['sealed', 'aliases', 'sets'], sealedSearchFiles);
      yield output('search-lists', from, ['sealed', 'articles'], async function* (input) {
        yield ['server', 'search/knowledge.json', JSON.stringify(input.articles.map((a) => ({ ...detailToListItem(a), category: a.category })))];
        const kinds = sealedKindsOf(input);
        yield ['server', 'search/kinds.json', JSON.stringify(kinds)];
        // What the MCP endpoint's tools/list answers (src/describe/mcp/tools.ts): the same parameters and schemas as the API.
        yield ['server', MCP_TOOLS_FILE, JSON.stringify(toolListOf(schemas, kinds))];
      });
      yield output('histories', from, ['cards', 'sealed', 'pricesAsOf'], historyFiles, historiesKeyOf);
      return;
    }
    default:
      throw new Error(`unknown batch ${batch}`);
  }
}

/** The cards' search data (src/server/search-data.ts reads it): their pack, filter columns and autocomplete. */
async function* cardSearchFiles(catalogue: OutputInput<'cards' | 'aliases' | 'sets'>): AsyncGenerator<EmittedFile> {
  const { pieces } = catalogue;
  // Search packs: the searchers' items numbered, indexed, sorted and their aliases compiled here, once, so the function starts in milliseconds.
  const cardRecords = catalogue.cards.map((_, i) => cardSearchRecordOf(catalogue, i));
  const cardData = prepareCatalogue(cardRecords, CARD_CATALOGUE, catalogue.aliases);
  // Each card's record as JSON is one of its pieces (read in file order, then taken in the pack's): the pack joins them.
  const texts = pieces.searchRecords();
  const recordTexts = new Map(cardRecords.map((record, i) => [record, texts[i]]));
  yield ['server', 'search/cards.pack', writeSearchPack(cardData, (record) => recordTexts.get(record))];
  recordTexts.clear();
  texts.length = 0;
  yield ['server', CARD_PRODUCTS_FILE, JSON.stringify(productPositionsOf(cardData.size, cardData.item))];
  // The field filters of q (set:, value>, …), column by column in the pack's position order.
  const cardFilters = cardFilterData(cardData.size, cardData.item, (id) => catalogue.cardFilterFields.get(id)!, filterSetsOf(catalogue));
  yield ['server', CARD_FILTERS_FILE, writeFilterData(cardFilters)];
  // Autocomplete (/api/cards/autocomplete): every card name and set, ranked, their keys sorted for binary search.
  const autocompleteCards = catalogue.cards.map(({ id, name, valueUsd }) => ({ name, set: catalogue.cardKeys.get(id)!.set, valueUsd }));
  yield ['server', AUTOCOMPLETE_FILE, JSON.stringify(autocompleteDataOf(autocompleteCards, catalogue.sets))];
}

/** The sealed products' search pack and filter columns. */
async function* sealedSearchFiles(catalogue: CatalogueView<'sealed' | 'aliases' | 'sets'>): AsyncGenerator<EmittedFile> {
  const sealedRecords = catalogue.sealed.map(({ market, history, changes, ...summary }) => ({ summary, ...catalogue.sealedSets.get(summary.id) }));
  const sealedData = prepareCatalogue(sealedRecords, sealedCatalogue(catalogue.aliases), catalogue.aliases);
  yield ['server', 'search/sealed.pack', writeSearchPack(sealedData)];
  yield ['server', SEALED_FILTERS_FILE, writeFilterData(sealedFilterData(sealedData.size, sealedData.item, filterSetsOf(catalogue)))];
}

/** The sets as the field filters read them: with their aliases. */
function filterSetsOf(catalogue: CatalogueView<'aliases' | 'sets'>) {
  const setAliases = new Map(catalogue.aliases.content.sets.map(({ set, aliases }) => [set, aliases]));
  return catalogue.sets.map((set) => ({ ...set, aliases: setAliases.get(set.id) ?? [] }));
}

/** The key of what historyFiles reads: every card's known prices (their pieces' keys), the sealed ones, the graded figures, the date. */
function historiesKeyOf(catalogue: OutputInput<'cards' | 'sealed' | 'pricesAsOf'>): string {
  return contentKey(
    catalogue.pricesAsOf,
    JSON.stringify(catalogue.cardGraded),
    catalogue.pieces.historiesKey(),
    JSON.stringify(catalogue.sealed.map((product) => [product.id, product.productId, product.market, product.history])),
  );
}

/** What the function reads to value a list as of a date (the history store, src/collection/history-store.ts), and the search pages' trends. */
async function* historyFiles(catalogue: OutputInput<'cards' | 'sealed' | 'pricesAsOf'>): AsyncGenerator<EmittedFile> {
  const { pieces } = catalogue;
  // Every printing's and sealed product's history, for a list valued as of a date (src/collection/history-store.ts).
  const histories = historiesOf(catalogue, pieces);
  const store = writeHistoryStore(histories.cards, histories.sealed);
  yield ['server', HISTORY_STORE_FILE, Buffer.from(store.buffer, store.byteOffset, store.byteLength)];
  const siteOrigin = publicOriginOf(process.env.SITE_URL, 'SITE_URL');
  const collectionData: CollectionData = { pricesAsOf: catalogue.pricesAsOf, historyFrom: histories.from, graded: catalogue.cardGraded, siteOrigin };
  yield ['server', COLLECTION_DATA_FILE, JSON.stringify(collectionData)];
  // The histories the rows of the search pages for people draw (their frame is the site's shell).
  yield ['server', TRENDS_FILE, trendsOf(catalogue, pieces)];
}

/** The kinds of sealed product in the catalogue, sorted: what the API's `kind` parameter allows. */
const sealedKindsOf = (catalogue: CatalogueView<'sealed'>): string[] => [...new Set(catalogue.sealed.map((s) => s.kind))].sort();

/** The sparkline data of the search pages (src/render/pages/trends.ts): each card's trend as its pieces hold it, each sealed product's. */
function trendsOf(catalogue: CatalogueView<'cards' | 'sealed'>, cards: Pick<CardPieces, 'trend'>): string {
  const trends: Trends = { cards: {}, sealed: {} };
  catalogue.cards.forEach(({ id }, i) => {
    const trend = cards.trend(i);
    if (trend !== undefined) trends.cards[id] = JSON.parse(trend);
  });
  for (const { id, history } of catalogue.sealed) if (history) trends.sealed[id] = trendOf(history);
  return JSON.stringify(trends);
}

/** Each card's printings' known prices (from its pieces), each sealed product's, and the first day any of them reaches. */
function historiesOf(catalogue: CatalogueView<'cards' | 'sealed' | 'pricesAsOf'>, pieces: Pick<CardPieces, 'storeEntry'>) {
  const cards: CardHistories[] = [];
  for (let i = 0; i < catalogue.cards.length; i++) {
    const entry = pieces.storeEntry(i);
    if (entry) cards.push(entry);
  }
  const sealed = catalogue.sealed.map(storedSealedOf);
  return { cards, sealed, from: firstPriceDay(cards, sealed, catalogue.pricesAsOf) };
}

/** Slug order (the order of the detail files' names): stable whatever order content arrives in. */
const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The open-data files (src/pipeline/bulk-files.ts) and their manifest. Each NDJSON line is the same bytes as the
 * record's detail file; a card's line and its rows of the CSVs are its pieces, joined here in slug order.
 */
async function* bulkFiles(
  catalogue: OutputInput<'cards' | 'sealed' | 'articles' | 'pricesAsOf'>,
  schemas: Record<string, unknown>,
  cache: BuildCache,
): AsyncGenerator<EmittedFile> {
  const { pieces } = catalogue;
  const entries: BulkFileEntry[] = [];
  const emit = (path: string, made: BulkBody, extra?: Pick<BulkFileEntry, 'schema' | 'gzipOf'>): EmittedFile => {
    entries.push(bulkFileEntry(path, made, extra));
    return ['client', file(path), made.body];
  };
  const cardOrder = catalogue.cards.map((_, i) => i).sort((a, b) => bySlug(catalogue.cards[a].slug, catalogue.cards[b].slug));
  const cardColumns = { csv: cardCsvColumnsOf(schemas), printings: printingCsvColumnsOf(schemas), crosswalk: columnsNamed(CROSSWALK_COLUMNS) };
  // The cards' NDJSON (written aside, read back for its hash and gzip) and their CSVs, joined from their pieces.
  const cardsAside = join(cache.dir, 'bulk-aside', 'cards.ndjson');
  const card = pieces.bulk(
    cardOrder,
    { csv: csvHeadOf(cardColumns.csv), printings: csvHeadOf(cardColumns.printings), crosswalk: csvHeadOf(cardColumns.crosswalk) },
    cardsAside,
  );
  const cards = digestFile(cardsAside, gzipCacheOf(cache, 'cards'));
  const schema = Object.fromEntries(BULK_SECTIONS.map((c) => [c.name, c.schema])) as Record<BulkSection, string>;
  // Every gzip is started before the first is awaited: their chunks compress on the thread pool while the main
  // thread makes the next section's lines.
  const made = [
    { name: 'sealed' as const, ndjson: () => ndjsonOf([...catalogue.sealed].sort((a, b) => bySlug(a.slug, b.slug)).map((p) => JSON.stringify(p))) },
    { name: 'knowledge' as const, ndjson: () => ndjsonOf([...catalogue.articles].sort((a, b) => bySlug(a.id, b.id)).map((a) => JSON.stringify(a))) },
  ].map(({ name, ndjson: lines }) => {
    const ndjson = lines();
    return { name, ndjson, gzip: gzipOf(ndjson.body, gzipCacheOf(cache, name)) };
  });
  const { sha256, bytes, gzip } = await cards;
  const records = cardOrder.length;
  entries.push(bulkFileEntry(ndjsonPath('cards'), { sha256, bytes, records }, { schema: schema.cards }));
  yield ['client', file(ndjsonPath('cards')), { aside: cardsAside, etag: etagOfSha256(sha256), bytes }];
  yield emit(gzipPath('cards'), { body: gzip, records }, { schema: schema.cards, gzipOf: ndjsonPath('cards') });
  yield emit(CARDS_CSV_PATH, { body: card.csv, records });
  yield emit(PRINTINGS_CSV_PATH, { body: card.printings, records: card.printingRows });
  yield emit(CROSSWALK_CSV_PATH, { body: card.crosswalk, records });
  for (const { name, ndjson, gzip } of made) {
    yield emit(ndjsonPath(name), ndjson, { schema: schema[name] });
    yield emit(gzipPath(name), { body: await gzip, records: ndjson.records }, { schema: schema[name], gzipOf: ndjsonPath(name) });
  }
  const generatedAt = dataDateOf(
    catalogue.pricesAsOf,
    catalogue.articles.map((a) => a.last_verified),
  );
  yield ['client', file(BULK_MANIFEST_PATH), JSON.stringify(bulkManifestOf(catalogue.pricesAsOf, generatedAt, entries))];
}
