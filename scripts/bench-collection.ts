/**
 * Collection benchmark: how long valuing a list takes (src/collection/), on the real
 * catalogue (content/), with searchers read from search packs as the server's are.
 *
 * 1. A 100-line pasted list, drawn afresh each round from realistic lines (quantities, collector
 *    numbers, set aliases, nicknames, printing and art words, typos, ids, sealed products, grades,
 *    garbage), so lines repeat within a list and across rounds as real lists do. p50 and p95 are
 *    over the rounds.
 * 2. A 5,000-line TCGplayer collection export of distinct catalogue cards (half with their product
 *    id, half by name, set and number), read (linesOfCsv) and valued; the median of the runs.
 * 3. A 1,000-line list drawn as in 1, valued as of a date (`asOf`: each line's price then, from the
 *    history store the build writes, src/collection/history-store.ts) and, for comparison, today;
 *    p50 and p95 over the rounds. Also the store's size and load time for the real catalogue, the
 *    heap it takes once read, and its size projected to the history policy's most (96 daily and
 *    92 weekly values a series: docs/data.md), each series stretched to that length.
 * 4. The same 1,000-line lists with their total over two years (`series=2y`: src/collection/list-series.ts).
 * 5. Price feeds (src/server/feed-endpoint.ts, issue 34): a card's feed and a set's, each asked with parameters not
 *    asked before (so the endpoint's answer cache never helps: what is timed is the alerts and the document), on
 *    the store of content/ and on the store stretched to the history policy's most (two years a series), the
 *    window drawn among 7, 30, 90 and 365 days; JSON and Atom alternately. p50 and p95 over the rounds, warm.
 *
 * Targets: 100 lines ≤ 20 ms at p95; a 5,000-line CSV ≤ 1 s; 1,000 lines as of a date ≤ 100 ms at p95, with a
 * two-year series ≤ 1 s at p95; a card's feed ≤ 20 ms at p95 (on either store).
 *
 * Usage:  npm run bench:collection        (= node scripts/bench-collection.ts)
 *         node scripts/bench-collection.ts --rounds 101 --runs 9
 *
 * Exit codes: 0 every target met · 1 a target missed · 2 the benchmark could not run.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { printingsOf } from '../src/catalogue/card-record.ts';
import { primaryPriceOf } from '../src/catalogue/card-value.ts';
import type { PriceSeries } from '../src/catalogue/price-history.ts';
import { knownPricesOf } from '../src/catalogue/price-on-day.ts';
import { gradedFiguresOf } from '../src/collection/collection-data.ts';
import type { HistoryStore } from '../src/collection/history-store.ts';
import { type CardHistories, readHistoryStore, type SealedHistory, storedPrintingsOf, writeHistoryStore } from '../src/collection/history-store.ts';
import { linesOfCsv, linesOfText } from '../src/collection/list-lines.ts';
import { type CollectionSearchers, valueList } from '../src/collection/value-list.ts';
import { type FeedPath, feedPathOf } from '../src/http/routes.ts';
import { addDays } from '../src/schemas/dates.ts';
import type { SealedEntry } from '../src/schemas/sealed.ts';
import {
  CARD_CATALOGUE,
  CARD_SEARCH_FIELDS,
  type CardSearchRecord,
  createCardSearcher,
  productLookup,
  productPositionsOf,
} from '../src/search/card-searcher.ts';
import { type CatalogueData, prepareCatalogue } from '../src/search/catalogue-searcher.ts';
import { createSealedSearcher, SEALED_SEARCH_FIELDS, type SealedSearchRecord, sealedCatalogue } from '../src/search/sealed-searcher.ts';
import { readSearchPack, writeSearchPack } from '../src/search/search-pack.ts';
import { createFeedEndpoint } from '../src/server/feed-endpoint.ts';
import type { Searchers } from '../src/server/searchers.ts';
import { loadRealCatalogue, realContent } from '../tests/support/real-catalogue.ts';
import { median, ms, percentile, runBenchmark, targetChecks } from './lib/bench-report.ts';
import { randomSource } from './lib/hostile-queries.ts';

const TARGETS = { listP95Ms: 20, csvMs: 1000, asOfP95Ms: 100, seriesP95Ms: 1000, feedP95Ms: 20 };
const LIST_LINES = 100;
const CSV_ROWS = 5000;
const AS_OF_LINES = 1000;
/** The history policy's most values a series holds (docs/data.md): 90 to 96 daily, then weekly closes to two years. */
const POLICY = { daily: 96, weekly: 92 };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Lines as collectors paste them; a list draws from these at random. */
const REALISTIC_LINES = [
  '2x charizard 4/102',
  'blastoise base set 2/102',
  'x3 pikachu base set 58',
  'venusaur 15/102 x2',
  'charizard base set 4',
  '4/102 charizard',
  'mewtwo base set 10/102',
  'dark charizard 4/82',
  'lugia neo genesis 9/111',
  'rayquaza vmax 218/203',
  'charizard ex 199/165',
  'umbreon vmax evs 215/203',
  'charizard base set',
  'charzard base set',
  'moonbreon',
  'umbreon vmax alt art',
  'umbreon alt art',
  'evs umbreon vmax',
  'charizard base set shadowless',
  'blastoise base set 1st edition',
  'pikachu',
  'pikachu reverse holo',
  'base1-4',
  'charizard-base1-4',
  'swsh7-215',
  'evolving skies booster box',
  '2x 151 etb',
  'charizard upc',
  '242436',
  'charizard 4/102 psa 10',
  'blastoise 2/102 cgc 8',
  'gengar vmax fusion strike',
  'mew ex 151',
  'giratina v lost origin alt art',
  'lost origin booster box',
  'crown zenith etb',
  'asdfgh',
  '3x',
];

/** The searchers as the server holds them: read from search packs the way the build writes them. */
function packedSearchers(): CollectionSearchers & { cardData: CatalogueData<CardSearchRecord> } {
  const { cards, sealedRecords, aliases } = loadRealCatalogue();
  const cardData = readSearchPack<CardSearchRecord>(
    'cards.pack (in memory)',
    CARD_SEARCH_FIELDS,
    writeSearchPack(prepareCatalogue(cards, CARD_CATALOGUE, aliases)),
  );
  const sealedData = readSearchPack<SealedSearchRecord>(
    'sealed.pack (in memory)',
    SEALED_SEARCH_FIELDS,
    writeSearchPack(prepareCatalogue(sealedRecords, sealedCatalogue(aliases), aliases)),
  );
  const graded = new Map(realContent().cards.flatMap((card) => (card.graded ? [[card.id, gradedFiguresOf(card.graded)] as const] : [])));
  return {
    cardData,
    cards: createCardSearcher(cardData),
    sealed: createSealedSearcher(sealedData),
    cardProducts: productLookup(productPositionsOf(cardData.size, cardData.item)),
    gradedOf: (id) => graded.get(id),
  };
}

/** A TCGplayer collection export of `rows` distinct cards: every other row carries its product id. */
function tcgplayerExport(rows: number): string {
  const { cards } = loadRealCatalogue();
  const random = randomSource(7);
  const picked = [...cards].sort(() => random() - 0.5).slice(0, rows);
  const quote = (s: string) => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const body = picked.map(({ summary, number, printedTotal, printings }, i) => {
    const productId = i % 2 === 0 ? (printings[0]?.productId ?? '') : '';
    const printing = printings[0]?.label ?? 'Normal';
    return [
      1 + (i % 3),
      summary.name,
      summary.name,
      summary.setName,
      `${number}/${printedTotal}`,
      '',
      printing,
      'Near Mint',
      'English',
      summary.rarity,
      productId,
      '',
    ]
      .map((cell) => quote(String(cell)))
      .join(',');
  });
  return ['Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU', ...body].join('\n');
}

/** Every printing's and sealed product's history in content/, as the build hands them to the history store. */
function contentHistories(): { cards: CardHistories[]; sealed: SealedHistory[] } {
  const cards = realContent().cards.map((card): CardHistories => {
    const price = primaryPriceOf(card);
    const printings = printingsOf(card, '');
    const value = price && printings.find((p) => p.variant === price.variant && p.productId === price.productId);
    return { id: card.id, valuePrinting: value?.id, printings: storedPrintingsOf(printings) };
  });
  const dir = join(import.meta.dirname, '../content/sealed');
  const sealed = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { products: SealedEntry[] }).products)
    .map(({ productId, price, history }) => ({ productId, ...knownPricesOf(price, history) }));
  return { cards, sealed };
}

/**
 * A history stretched to the policy's most: its days repeated to 96 daily values, and 92 weekly closes taken a week
 * apart from them (a week's change is a wider step than a day's, which the store's size depends on).
 */
function atPolicyMost(history: PriceSeries): PriceSeries {
  const days = [...(history.weekly?.market ?? []), ...history.market];
  const daily = Array.from({ length: POLICY.daily }, (_, i) => days[i % days.length]);
  const weekly = Array.from({ length: POLICY.weekly }, (_, i) => days[(i * 7) % days.length]);
  return { start: '2025-07-14', end: '2025-10-17', market: daily, weekly: { start: '2023-10-08', end: '2025-07-13', market: weekly } };
}

function main(): number {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '51' }, runs: { type: 'string', default: '5' } } });
  const rounds = Math.max(30, Number(values.rounds));
  const runs = Number(values.runs);
  const { check, misses } = targetChecks(ms);

  console.log('1. Loading content/ and reading the search packs ...');
  let t = performance.now();
  const searchers = packedSearchers();
  const { pricesAsOf } = loadRealCatalogue();
  console.log(`   ready in ${ms(performance.now() - t)}`);

  console.log(`2. ${LIST_LINES}-line lists × ${rounds} rounds (drawn from ${REALISTIC_LINES.length} realistic lines) ...`);
  const random = randomSource(42);
  const list = () => Array.from({ length: LIST_LINES }, () => REALISTIC_LINES[Math.floor(random() * REALISTIC_LINES.length)]).join('\n');
  for (let i = 0; i < 5; i++) valueList(linesOfText(list()), searchers, pricesAsOf); // warm up the JIT
  gc();
  const listTimes: number[] = [];
  let lastTotal = 0;
  for (let r = 0; r < rounds; r++) {
    const text = list();
    t = performance.now();
    lastTotal = valueList(linesOfText(text), searchers, pricesAsOf).totalUsd;
    listTimes.push(performance.now() - t);
  }
  const listP50 = percentile(listTimes, 50);
  const listP95 = percentile(listTimes, 95);
  console.log(`   p50 ${ms(listP50)}, p95 ${check('100 lines p95', listP95, TARGETS.listP95Ms)} (last list valued at $${lastTotal})`);

  console.log(`3. A ${CSV_ROWS}-row TCGplayer export, read and valued × ${runs} ...`);
  const csv = tcgplayerExport(CSV_ROWS);
  const csvTimes: number[] = [];
  let counts = '';
  for (let r = 0; r < runs; r++) {
    gc();
    t = performance.now();
    const lines = linesOfCsv(csv);
    if (!Array.isArray(lines)) throw new Error(lines.problem);
    const valued = valueList(lines, searchers, pricesAsOf);
    csvTimes.push(performance.now() - t);
    counts = Object.entries(valued.counts)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
  }
  const csvMedian = median(csvTimes);
  console.log(`   first ${ms(csvTimes[0])}, median ${check('5,000-line CSV', csvMedian, TARGETS.csvMs)} (${counts})`);

  console.log(`4. The history store of content/, and a ${AS_OF_LINES}-line list valued as of a date × ${rounds} ...`);
  const histories = contentHistories();
  const bytes = writeHistoryStore(histories.cards, histories.sealed);
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  t = performance.now();
  const store = readHistoryStore(bytes);
  const loadMs = performance.now() - t;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const projected = writeHistoryStore(
    histories.cards.map((card) => ({ ...card, printings: card.printings.map((p) => ({ ...p, history: p.history && atPolicyMost(p.history) })) })),
    histories.sealed.map((product) => ({ ...product, history: product.history && atPolicyMost(product.history) })),
  );
  const projectedSize = readHistoryStore(projected).size;
  const storeLine = `${(bytes.byteLength / 2 ** 20).toFixed(2)} MB for ${store.size.series.toLocaleString('en-US')} series, ${store.size.values.toLocaleString('en-US')} values; read in ${ms(loadMs)}, ${heapMb.toFixed(1)} MB of heap beside its bytes`;
  const projectedLine = `${(projected.byteLength / 2 ** 20).toFixed(2)} MB for ${projectedSize.values.toLocaleString('en-US')} values (${POLICY.daily} daily + ${POLICY.weekly} weekly a series)`;
  console.log(`   store: ${storeLine}`);
  console.log(`   at the history policy's most: ${projectedLine}`);
  const asOf = { asOf: addDays(pricesAsOf, -10), histories: store };
  const longList = () => Array.from({ length: AS_OF_LINES }, () => REALISTIC_LINES[Math.floor(random() * REALISTIC_LINES.length)]).join('\n');
  for (let i = 0; i < 3; i++) valueList(linesOfText(longList()), searchers, pricesAsOf, asOf); // warm up the JIT
  gc();
  const todayTimes: number[] = [];
  const asOfTimes: number[] = [];
  let asOfTotal = 0;
  for (let r = 0; r < rounds; r++) {
    const lines = linesOfText(longList());
    t = performance.now();
    valueList(lines, searchers, pricesAsOf);
    todayTimes.push(performance.now() - t);
    t = performance.now();
    asOfTotal = valueList(lines, searchers, pricesAsOf, asOf).totalUsd;
    asOfTimes.push(performance.now() - t);
  }
  const asOfP50 = percentile(asOfTimes, 50);
  const asOfP95 = percentile(asOfTimes, 95);
  console.log(`   drawn lines, today: p50 ${ms(percentile(todayTimes, 50))}, p95 ${ms(percentile(todayTimes, 95))}`);
  console.log(
    `   drawn lines, as of ${asOf.asOf}: p50 ${ms(asOfP50)}, p95 ${check('1,000 lines as of a date p95', asOfP95, TARGETS.asOfP95Ms)} (last list valued at $${asOfTotal})`,
  );
  // The worst such list: every line another card, each its own search and its own history.
  const distinct = linesOfCsv(tcgplayerExport(AS_OF_LINES));
  if (!Array.isArray(distinct)) throw new Error(distinct.problem);
  const distinctToday: number[] = [];
  const distinctTimes: number[] = [];
  for (let r = 0; r < Math.ceil(rounds / 2); r++) {
    t = performance.now();
    valueList(distinct, searchers, pricesAsOf);
    distinctToday.push(performance.now() - t);
    t = performance.now();
    valueList(distinct, searchers, pricesAsOf, asOf);
    distinctTimes.push(performance.now() - t);
  }
  const distinctP95 = percentile(distinctTimes, 95);
  console.log(`   ${AS_OF_LINES} distinct cards (a TCGplayer export), today: p95 ${ms(percentile(distinctToday, 95))}`);
  console.log(
    `   ${AS_OF_LINES} distinct cards, as of ${asOf.asOf}: p50 ${ms(percentile(distinctTimes, 50))}, p95 ${check('1,000 distinct cards as of a date p95', distinctP95, TARGETS.asOfP95Ms)}`,
  );

  console.log(`5. The same ${AS_OF_LINES}-line lists with their two-year series (184 points a list) ...`);
  const seriesTimes: number[] = [];
  const seriesOptions = { series: '2y' as const, histories: store };
  let points = 0;
  for (let r = 0; r < Math.ceil(rounds / 2); r++) {
    const lines = linesOfText(longList());
    t = performance.now();
    points = valueList(lines, searchers, pricesAsOf, seriesOptions).series!.points.length;
    seriesTimes.push(performance.now() - t);
  }
  const distinctSeries: number[] = [];
  for (let r = 0; r < Math.ceil(rounds / 4); r++) {
    t = performance.now();
    valueList(distinct, searchers, pricesAsOf, seriesOptions);
    distinctSeries.push(performance.now() - t);
  }
  const seriesP95 = percentile(seriesTimes, 95);
  const distinctSeriesP95 = percentile(distinctSeries, 95);
  console.log(
    `   drawn lines: p50 ${ms(percentile(seriesTimes, 50))}, p95 ${check('1,000 lines with a 2-year series p95', seriesP95, TARGETS.seriesP95Ms)} (${points} points)`,
  );
  console.log(
    `   ${AS_OF_LINES} distinct cards: p50 ${ms(percentile(distinctSeries, 50))}, p95 ${check('1,000 distinct cards with a 2-year series p95', distinctSeriesP95, TARGETS.seriesP95Ms)}`,
  );

  console.log(`6. Price feeds × ${rounds}, each asked with new parameters, on the store of content/ and at the policy's most ...`);
  const stretched = readHistoryStore(projected);
  const withHistory = histories.cards.filter((card) => card.valuePrinting && card.printings.length > 0).map((card) => card.id);
  const slugOf = new Map(withHistory.map((id) => [id, searchers.cardData.item(searchers.cardData.positionOf(id)!).summary.slug]));
  const setIds = [...new Set(withHistory.map((id) => searchers.cardData.item(searchers.cardData.positionOf(id)!).set))];
  const windows = ['7d', '30d', '90d', '365d'];
  let asked = 0;
  const feedTimes = (histories: HistoryStore, of: 'cards' | 'sets') => {
    const endpoint = createFeedEndpoint({
      origin: () => 'http://localhost:4321',
      searchers: { cards: searchers.cards, cardData: searchers.cardData, collection: { pricesAsOf } } as unknown as Searchers,
      histories: () => histories,
    });
    const ask = () => {
      const id = of === 'cards' ? slugOf.get(withHistory[Math.floor(random() * withHistory.length)])! : setIds[Math.floor(random() * setIds.length)];
      const path = feedPathOf(`/feeds/${of}/${id}.${asked % 2 ? 'atom' : 'json'}`) as Extract<FeedPath, { of: typeof of }>;
      // A threshold never asked before: the endpoint remembers answers by their parameters.
      const query = new URLSearchParams({ threshold: String(1 + (asked++ % 9000) / 10), window: windows[asked % windows.length] });
      const answer = endpoint.catalogue(path, query, undefined);
      if (answer.status !== 200) throw new Error(`/feeds/${of}/${id}: ${answer.status}`);
    };
    for (let i = 0; i < 10; i++) ask(); // warm up the JIT
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      t = performance.now();
      ask();
      times.push(performance.now() - t);
    }
    return times;
  };
  const cardFeed = feedTimes(store, 'cards');
  const cardFeedMost = feedTimes(stretched, 'cards');
  const setFeed = feedTimes(store, 'sets');
  const setFeedMost = feedTimes(stretched, 'sets');
  const cardFeedP95 = percentile(cardFeed, 95);
  const cardFeedMostP95 = percentile(cardFeedMost, 95);
  console.log(`   a card's feed: p50 ${ms(percentile(cardFeed, 50))}, p95 ${check("a card's feed p95", cardFeedP95, TARGETS.feedP95Ms)}`);
  console.log(
    `   a card's feed, two years of history: p50 ${ms(percentile(cardFeedMost, 50))}, p95 ${check("a card's feed (two years) p95", cardFeedMostP95, TARGETS.feedP95Ms)}`,
  );
  console.log(`   a set's feed: p50 ${ms(percentile(setFeed, 50))}, p95 ${ms(percentile(setFeed, 95))}`);
  console.log(`   a set's feed, two years of history: p50 ${ms(percentile(setFeedMost, 50))}, p95 ${ms(percentile(setFeedMost, 95))}`);

  console.log('\nSummary');
  console.log(`  ${LIST_LINES}-line list: p50 ${ms(listP50)} · p95 ${ms(listP95)} (target ≤ ${ms(TARGETS.listP95Ms)})`);
  console.log(`  ${CSV_ROWS}-line CSV: median ${ms(csvMedian)} (target ≤ ${ms(TARGETS.csvMs)})`);
  console.log(
    `  ${AS_OF_LINES}-line list as of a date: p50 ${ms(asOfP50)} · p95 ${ms(asOfP95)} (target ≤ ${ms(TARGETS.asOfP95Ms)}); today p95 ${ms(percentile(todayTimes, 95))}`,
  );
  console.log(
    `  ${AS_OF_LINES} distinct cards as of a date: p95 ${ms(distinctP95)} (target ≤ ${ms(TARGETS.asOfP95Ms)}); today p95 ${ms(percentile(distinctToday, 95))}`,
  );
  console.log(
    `  ${AS_OF_LINES}-line list with a 2-year series: p95 ${ms(seriesP95)}; distinct cards p95 ${ms(distinctSeriesP95)} (target ≤ ${ms(TARGETS.seriesP95Ms)})`,
  );
  console.log(`  history store: ${storeLine}; at the policy's most ${projectedLine}`);
  console.log(
    `  a card's feed: p95 ${ms(cardFeedP95)}, with two years of history ${ms(cardFeedMostP95)} (target ≤ ${ms(TARGETS.feedP95Ms)}); a set's p95 ${ms(percentile(setFeed, 95))}, with two years ${ms(percentile(setFeedMost, 95))}`,
  );
  console.log(misses.length ? `  targets missed: ${misses.join('; ')}` : '  all targets met');
  return misses.length ? 1 : 0;
}

await runBenchmark(main);
