import { changeListOf } from '../catalogue/change-feed.ts';
import { contentSummaryOf } from '../catalogue/content-summary.ts';
import { CROSSWALK_COLUMNS } from '../catalogue/crosswalk.ts';
import { detailToListItem } from '../catalogue/knowledge-record.ts';
import { COLLECTION_DATA_FILE, type CollectionData } from '../collection/collection-data.ts';
import { type CardHistories, HISTORY_STORE_FILE, writeHistoryStore } from '../collection/history-store.ts';
import { llmsTxtOf } from '../describe/llms-txt.ts';
import { MCP_TOOLS_FILE, toolListOf } from '../describe/mcp/tools.ts';
import { openApiOf } from '../describe/openapi.ts';
import { changesMarkdownUrl, changesUrl, pageUrl, SEARCH_HELP_PAGE } from '../http/links.ts';
import { columnsNamed } from '../render/csv.ts';
import { changeListToMarkdown, changeRecordToMarkdown } from '../render/markdown/change-markdown.ts';
import { type ArticleTitles, articleToMarkdown } from '../render/markdown/knowledge-markdown.ts';
import { homePageOf, knowledgeIndexOf, sealedIndexOf } from '../render/pages/index-pages.ts';
import { SHELL_FILE } from '../render/pages/page-shell.ts';
import { TRENDS_FILE, type Trends, trendOf } from '../render/pages/trends.ts';
import type { CardDetail, History } from '../schemas/api-types.ts';
import { AUTOCOMPLETE_FILE, autocompleteDataOf } from '../search/autocomplete.ts';
import { CARD_CATALOGUE, CARD_PRODUCTS_FILE, productPositionsOf } from '../search/card-searcher.ts';
import { prepareCatalogue } from '../search/catalogue-searcher.ts';
import { CARD_FILTERS_FILE, cardFilterData, SEALED_FILTERS_FILE, sealedFilterData } from '../search/filter-data.ts';
import { sealedCatalogue } from '../search/sealed-searcher.ts';
import { writeSearchPack } from '../search/search-pack.ts';
import { time, timeBeside, timeWait } from './build-profile.ts';
import {
  BULK_COLLECTIONS,
  BULK_MANIFEST_PATH,
  type BulkBody,
  type BulkCollection,
  type BulkFileEntry,
  bulkFileEntry,
  bulkManifestOf,
  CARDS_CSV_PATH,
  CROSSWALK_CSV_PATH,
  cardCsvColumnsOf,
  csvOf,
  dataDateOf,
  gzipOf,
  gzipPath,
  ndjsonOf,
  ndjsonPath,
  PRINTINGS_CSV_PATH,
  type PrintingRow,
  printingCsvColumnsOf,
} from './bulk-files.ts';
import { catalogFiles } from './catalog-files.ts';
import type { Catalogue } from './catalogue.ts';
import type { EmitItem, EmittedFile, PageRenderer } from './emit-items.ts';
import { moversFiles } from './movers-files.ts';
import { htmlPage, outputPath, representations } from './representations.ts';
import { setFiles } from './set-files.ts';

/** Cards per bundle: small enough that one bundle's text stays a few tens of MB. */
const CARDS_PER_BUNDLE = 2000;

/**
 * The bundles that make no Markdown file. They come last, so that the Markdown worker can stop before them:
 * theirs are the build's biggest files (the search packs, the bulk files).
 */
const WITHOUT_MARKDOWN = ['search', 'bulk'];
export const makesMarkdown = (bundle: string): boolean => !WITHOUT_MARKDOWN.includes(bundle);

/**
 * The bundle names of a catalogue, in the order they are made: cards-0 … cards-N, sealed, knowledge, sets
 * (set-files.ts), site (the site's own files and index pages), search (the function's search data), bulk
 * (the open-data files).
 */
export function bundlesOf(catalogue: Catalogue): string[] {
  const cardBundles = Math.max(1, Math.ceil(catalogue.cards.length / CARDS_PER_BUNDLE));
  return [...Array.from({ length: cardBundles }, (_, i) => `cards-${i}`), 'sealed', 'knowledge', 'sets', 'site', ...WITHOUT_MARKDOWN];
}

const file = outputPath;

export async function* emitBundle(bundle: string, catalogue: Catalogue, schemas: Record<string, unknown>, render: PageRenderer): AsyncGenerator<EmitItem> {
  if (bundle.startsWith('cards-')) {
    const first = Number(bundle.slice('cards-'.length)) * CARDS_PER_BUNDLE;
    const last = Math.min(first + CARDS_PER_BUNDLE, catalogue.cards.length);
    for (let i = first; i < last; i++) {
      const json = time('card: JSON', () => catalogue.cardJson(i));
      yield representations('cards', catalogue.cards[i].slug, json, { markdown: 'card', html: () => render.card(catalogue.cardDetail(i)) });
    }
    return;
  }
  switch (bundle) {
    case 'sealed':
      for (const product of catalogue.sealed) {
        const json = time('sealed: JSON', () => JSON.stringify(product));
        yield representations('sealed', product.slug, json, { markdown: 'sealed', html: () => render.sealed(product) });
      }
      return;
    case 'knowledge': {
      const titles: ArticleTitles = {
        related: new Map(catalogue.articles.map((a) => [a.id, a.question])),
        cards: new Map(catalogue.cards.map((c) => [c.slug, c.exactName])),
        sealed: new Map(catalogue.sealed.map((s) => [s.slug, s.cleanName])),
      };
      for (const article of catalogue.articles) {
        const json = time('knowledge: JSON', () => JSON.stringify(article));
        const bodyHtml = catalogue.articleHtml.get(article.id) ?? '';
        // Besides the article, its pages show the titles of what it links to.
        const linked = JSON.stringify([
          article.related.map((id) => titles.related.get(id)),
          article.mentions.cards.map((slug) => titles.cards.get(slug)),
          article.mentions.sealed.map((slug) => titles.sealed.get(slug)),
        ]);
        yield representations('knowledge', article.id, json, {
          markdown: () => articleToMarkdown(article, titles),
          html: () => render.article(article, titles, bodyHtml),
          alsoShown: [linked, bodyHtml],
        });
      }
      yield ['client', 'api/knowledge.json', JSON.stringify(catalogue.articles.map(detailToListItem))];
      return;
    }
    case 'sets':
      yield* setFiles(catalogue, render);
      return;
    case 'bulk':
      yield* bulkFiles(catalogue, schemas);
      return;
    case 'site': {
      const generatedAt = process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString() : new Date().toISOString();
      const summary = contentSummaryOf(catalogue.cards, catalogue.sealed, catalogue.articles.length, catalogue.pricesAsOf, generatedAt);
      yield ['client', 'api/content.json', JSON.stringify(summary)];
      yield ['client', 'openapi.json', time('site: openapi.json', () => JSON.stringify(openApiOf(schemas, sealedKindsOf(catalogue)), null, 2))];
      yield ['client', 'llms.txt', llmsTxtOf(summary, catalogue.articles)];
      yield htmlPage('/', homePageOf(catalogue.cards, catalogue.sealed.length, catalogue.articles.length, catalogue.pricesAsOf), render.home);
      yield htmlPage(pageUrl('sealed'), sealedIndexOf(catalogue.sealed, catalogue.pricesAsOf), render.sealedIndex);
      yield htmlPage(pageUrl('knowledge'), knowledgeIndexOf(catalogue.articles), render.knowledgeIndex);
      yield ['client', `${SEARCH_HELP_PAGE.slice(1)}.html`, await render.searchHelp()];
      // The change feed (content/changes/): the list of imports, newest first, and each import's record, with Markdown twins.
      const changeList = changeListOf(catalogue.changes);
      yield ['client', `${file(changesUrl())}.json`, JSON.stringify(changeList)];
      yield { markdown: 'text', path: file(changesMarkdownUrl()), body: changeListToMarkdown(changeList) };
      for (const record of catalogue.changes) {
        yield ['client', `${file(changesUrl(record.asOf))}.json`, JSON.stringify(record)];
        yield { markdown: 'text', path: file(changesMarkdownUrl(record.asOf)), body: changeRecordToMarkdown(record) };
      }
      // What the search filters accept (/api/catalog/…), and what moved (/api/movers, /movers), with Markdown twins.
      yield* catalogFiles(catalogue);
      yield* moversFiles(catalogue, render);
      yield ['server', SHELL_FILE, await render.shell()];
      return;
    }
    case 'search': {
      // Search packs: the searchers' items numbered, indexed, sorted and their aliases compiled here, once, so the function starts in milliseconds.
      const cardRecords = catalogue.cards.map((summary) => ({ summary, ...catalogue.cardKeys.get(summary.id)! }));
      const cardData = time('search: prepareCatalogue', () => prepareCatalogue(cardRecords, CARD_CATALOGUE, catalogue.aliases));
      yield ['server', 'search/cards.pack', time('search: writeSearchPack', () => writeSearchPack(cardData))];
      yield ['server', CARD_PRODUCTS_FILE, JSON.stringify(productPositionsOf(cardData.size, cardData.item))];
      const sealedRecords = catalogue.sealed.map(({ market, history, changes, ...summary }) => ({ summary, ...catalogue.sealedSets.get(summary.id) }));
      const sealedData = time('search: prepareCatalogue', () => prepareCatalogue(sealedRecords, sealedCatalogue(catalogue.aliases), catalogue.aliases));
      yield ['server', 'search/sealed.pack', time('search: writeSearchPack', () => writeSearchPack(sealedData))];
      // The field filters of q (set:, value>, …), column by column in each pack's position order.
      const setAliases = new Map(catalogue.aliases.content.sets.map(({ set, aliases }) => [set, aliases]));
      const filterSets = catalogue.sets.map((set) => ({ ...set, aliases: setAliases.get(set.id) ?? [] }));
      const cardFilters = time('search: filters', () => cardFilterData(cardData.size, cardData.item, (id) => catalogue.cardFacts.get(id)!, filterSets));
      yield ['server', CARD_FILTERS_FILE, JSON.stringify(cardFilters)];
      yield ['server', SEALED_FILTERS_FILE, JSON.stringify(time('search: filters', () => sealedFilterData(sealedData.size, sealedData.item, filterSets)))];
      // Autocomplete (/api/cards/autocomplete): every card name and set, ranked, their keys sorted for binary search.
      const autocompleteCards = catalogue.cards.map(({ id, name, valueUsd }) => ({ name, set: catalogue.cardKeys.get(id)!.set, valueUsd }));
      yield ['server', AUTOCOMPLETE_FILE, JSON.stringify(time('search: autocomplete', () => autocompleteDataOf(autocompleteCards, catalogue.sets)))];
      yield ['server', 'search/knowledge.json', JSON.stringify(catalogue.articles.map((a) => ({ ...detailToListItem(a), category: a.category })))];
      yield ['server', 'search/kinds.json', JSON.stringify(sealedKindsOf(catalogue))];
      // Every printing's and sealed product's history, for a list valued as of a date (src/collection/history-store.ts).
      const histories = time('search: history store', () => historiesOf(catalogue));
      const store = time('search: history store', () => writeHistoryStore(histories.cards, histories.sealed));
      yield ['server', HISTORY_STORE_FILE, Buffer.from(store.buffer, store.byteOffset, store.byteLength)];
      const collectionData: CollectionData = { pricesAsOf: catalogue.pricesAsOf, historyFrom: histories.from, graded: catalogue.cardGraded };
      yield ['server', COLLECTION_DATA_FILE, JSON.stringify(collectionData)];
      // What the MCP endpoint's tools/list answers (src/describe/mcp/tools.ts): the same parameters and schemas as the API.
      yield ['server', MCP_TOOLS_FILE, JSON.stringify(toolListOf(schemas, sealedKindsOf(catalogue)))];
      // The histories the rows of the search pages for people draw (their frame is the site's shell).
      yield ['server', TRENDS_FILE, JSON.stringify(time('search: trends', () => trendsOf(catalogue)))];
      return;
    }
    default:
      throw new Error(`unknown bundle ${bundle}`);
  }
}

/** The kinds of sealed product in the catalogue, sorted: what the API's `kind` parameter allows. */
const sealedKindsOf = (catalogue: Catalogue): string[] => [...new Set(catalogue.sealed.map((s) => s.kind))].sort();

/** The sparkline data of the search pages (src/render/pages/trends.ts): each card's history, read file by file from the catalogue. */
function trendsOf(catalogue: Catalogue): Trends {
  const trends: Trends = { cards: {}, sealed: {} };
  for (let i = 0; i < catalogue.cards.length; i++) {
    const history = catalogue.cardHistory(i);
    if (history) trends.cards[catalogue.cards[i].id] = trendOf(history);
  }
  for (const product of catalogue.sealed) if (product.history) trends.sealed[product.id] = trendOf(product.history);
  return trends;
}

/**
 * Each card's printings with a history (read from its JSON, which the card file cache keeps), each sealed product's,
 * and the first day any of them reaches.
 */
function historiesOf(catalogue: Catalogue) {
  const cards: CardHistories[] = [];
  const sealed = catalogue.sealed.flatMap(({ productId, history }) => (history ? [{ productId, history }] : []));
  let from = catalogue.pricesAsOf;
  const reaches = (history: History) => {
    const first = history.weekly?.start ?? history.start;
    if (first < from) from = first;
  };
  for (let i = 0; i < catalogue.cards.length; i++) {
    const { id, valuePrinting, printings } = JSON.parse(catalogue.cardJson(i)) as CardDetail;
    const kept = printings.flatMap((p) => (p.history ? [{ id: p.id, history: p.history }] : []));
    for (const p of kept) reaches(p.history);
    cards.push({ id, valuePrinting: valuePrinting ?? undefined, printings: kept });
  }
  for (const s of sealed) reaches(s.history);
  return { cards, sealed, from };
}

const NEWLINE = Buffer.from('\n');

/** The lines of NDJSON bytes, one at a time. */
function* linesOf(body: Buffer): Generator<string> {
  for (let start = 0, end = body.indexOf(10); end !== -1; start = end + 1, end = body.indexOf(10, start)) yield body.toString('utf8', start, end);
}

/** Slug order (the order of the detail files' names): stable whatever order content arrives in. */
const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The open-data files (src/pipeline/bulk-files.ts) and their manifest. Each NDJSON
 * line is JSON.stringify of the same record the detail file is, so the two are
 * the same bytes; cards come as the text of their files (`cardJson`), never as
 * 18k detail objects at once. The CSV columns are read from the schemas.
 */
async function* bulkFiles(catalogue: Catalogue, schemas: Record<string, unknown>): AsyncGenerator<EmittedFile> {
  const entries: BulkFileEntry[] = [];
  const emit = (path: string, made: BulkBody, extra?: Pick<BulkFileEntry, 'schema' | 'gzipOf'>): EmittedFile => {
    entries.push(time('bulk: manifest entries (sha256)', () => bulkFileEntry(path, made, extra)));
    return ['client', file(path), made.body];
  };
  const cardOrder = catalogue.cards.map((_, i) => i).sort((a, b) => bySlug(catalogue.cards[a].slug, catalogue.cards[b].slug));
  // Made in file order (a card's detail reads its file, one file at a time) as bytes, joined in slug order: a
  // card's JSON held as a string takes two bytes a character once a name has an é or a ★, and at 100k cards
  // every card's text at once was the build's peak.
  const cardsNdjson = time('bulk: NDJSON', (): BulkBody => {
    const cardBytes: Buffer[] = [];
    for (let i = 0; i < catalogue.cards.length; i++) cardBytes.push(Buffer.from(catalogue.cardJson(i), 'utf8'));
    return { body: Buffer.concat(cardOrder.flatMap((i) => [cardBytes[i], NEWLINE])), records: cardOrder.length };
  });
  const ndjsonBodies: Record<BulkCollection, () => BulkBody> = {
    cards: () => cardsNdjson,
    sealed: () => ndjsonOf([...catalogue.sealed].sort((a, b) => bySlug(a.slug, b.slug)).map((p) => JSON.stringify(p))),
    knowledge: () => ndjsonOf([...catalogue.articles].sort((a, b) => bySlug(a.id, b.id)).map((a) => JSON.stringify(a))),
  };
  // Every gzip is started before the first is awaited: they compress on the thread pool while the main
  // thread makes the next collection's lines and the CSV.
  const made = BULK_COLLECTIONS.map(({ name, schema }) => {
    const ndjson = time('bulk: NDJSON', ndjsonBodies[name]);
    return { name, schema, ndjson, gzip: timeBeside('bulk: gzip', gzipOf(ndjson.body)) };
  });
  const csv = time('bulk: cards.csv', () =>
    csvOf(
      cardCsvColumnsOf(schemas),
      cardOrder.map((i) => catalogue.cards[i]),
    ),
  );
  const crosswalkCsv = time('bulk: crosswalk.csv', () =>
    csvOf(
      columnsNamed(CROSSWALK_COLUMNS),
      cardOrder.map((i) => catalogue.cardCrosswalk[i]),
    ),
  );
  // Read back from the NDJSON a card at a time (slug order, as the file is), never every printing at once.
  const printingsCsv = time('bulk: printings.csv', () =>
    csvOf(
      printingCsvColumnsOf(schemas),
      (function* (): Generator<PrintingRow> {
        for (const line of linesOf(cardsNdjson.body)) {
          const { id: cardId, printings } = JSON.parse(line) as CardDetail;
          for (const { history: _, ...printing } of printings) yield { cardId, ...printing };
        }
      })(),
    ),
  );
  for (const { name, schema, ndjson, gzip } of made) {
    yield emit(ndjsonPath(name), ndjson, { schema });
    yield emit(gzipPath(name), { body: await timeWait('bulk: waiting for gzip', () => gzip), records: ndjson.records }, { schema, gzipOf: ndjsonPath(name) });
    if (name === 'cards') {
      yield emit(CARDS_CSV_PATH, csv);
      yield emit(PRINTINGS_CSV_PATH, printingsCsv);
      yield emit(CROSSWALK_CSV_PATH, crosswalkCsv);
    }
  }
  const generatedAt = dataDateOf(
    catalogue.pricesAsOf,
    catalogue.articles.map((a) => a.last_verified),
  );
  yield ['client', file(BULK_MANIFEST_PATH), JSON.stringify(bulkManifestOf(catalogue.pricesAsOf, generatedAt, entries))];
}
