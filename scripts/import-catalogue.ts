/**
 * Imports the bundled catalogue from ../shared/data into content/:
 *   content/sets.json              every set (176)
 *   content/cards/<setId>.json     the cards of one set, each with its price lines,
 *                                  daily market history and graded figures
 *   content/sealed/<group>.json    the sealed products of one TCGplayer group
 *   content/changes/<as-of>.json   what this import changed against the content it
 *                                  replaced (src/catalogue/catalogue-changes.ts), printed
 *                                  in every run, written with --write
 *
 * Cards, sets and prices come from three folders in the same formats, appended in
 * order (CARD_SOURCES): pokemon-tcg/ with prices/ (the catalogue of Aug 2024),
 * newer-sets/ (the sets released since; a set both hold must be the same entry), and
 * japanese/ (Japanese sets and cards, ids `jp-…`, with their Japanese names: SOURCE.md there).
 * A card the source gives no image gets TCGdex's by the rule of
 * scripts/lib/card-images.ts; a card with no legalities keeps none.
 *
 * Deterministic: the same input gives byte-identical files (inputs are sorted,
 * no clocks, no random ids). Nothing is dropped: the script fails if any card,
 * price line, history line, graded row or product of the input is not written.
 * Every card is checked against the content schema before anything is written:
 * bad input fails naming its file, line and field.
 *
 * What the daily job added after the snapshot stays (docs/data.md, "With the catalogue
 * import"): prices of a later day, and the sets, cards, price lines and sealed products
 * the catalogue sync added that the data lack. So the import never sets content back,
 * and --check holds on the daily job's commits.
 *
 * Usage:  node scripts/import-catalogue.ts [--write | --check] [--data DIR] [--out DIR]
 *         (dry run by default: prints what would change; --check fails if anything would)
 * Exit:   0 done, 1 the input breaks an assumption (message names file and field),
 *         2 with --check: content/ differs from what the import would write
 *
 * With --tcgcsv DIR it imports daily prices instead (scripts/import-prices.ts):
 *         node scripts/import-catalogue.ts --tcgcsv DIR [--write] [--allow-older] [--out DIR]
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type ContentCatalogue, catalogueChanges, changeSummary } from '../src/catalogue/catalogue-changes.ts';
import { foldHistory } from '../src/catalogue/price-history.ts';
import { japaneseTcgdexIdOf } from '../src/catalogue/tcgdex-ids.ts';
import { sealedProductsOf } from '../src/loaders/record-files.ts';
import { cardSchema } from '../src/schemas/card.ts';
import type { ChangeRecord } from '../src/schemas/changes.ts';
import type { Language } from '../src/schemas/language.ts';
import { setSchema } from '../src/schemas/set.ts';
import { tcgdexImagesOf } from './lib/card-images.ts';
import { applyContentPlan } from './lib/content-writer.ts';
import { formatJson } from './lib/format-json.ts';
import { readJsonl } from './lib/jsonl.ts';
import { mergeChangeRecords, readChangeRecord } from './lib/price-import.ts';
import { contentKindOf } from './lib/sealed-kinds.ts';
import { mainGroupsOf, setOfGroupIn } from './lib/set-groups.ts';
import { sealedFileOf } from './lib/tcgcsv-products.ts';

const { values: args } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    data: { type: 'string', default: '../shared/data' },
    out: { type: 'string', default: 'content' },
    tcgcsv: { type: 'string' },
    'allow-older': { type: 'boolean', default: false },
  },
});
const DATA = resolve(args.data!);
const OUT = resolve(args.out!);

// biome-ignore lint/suspicious/noExplicitAny: records of the public data files, read field by field as the import maps them
type Raw = Record<string, any>;

function fail(message: string): never {
  console.error(`import-catalogue: ${message}`);
  process.exit(1);
}

/**
 * The folders of the data whose sets, cards and prices make the catalogue, appended in this order, with the language
 * their cards are printed in: the catalogue of Aug 2024 and its prices, the sets released since
 * (newer-sets/SOURCE.md), and the Japanese sets (japanese/SOURCE.md), in the same formats. A Japanese folder's
 * records carry their own `language` and Japanese names, which the import checks against the folder's.
 */
const CARD_SOURCES = [
  { dir: '', language: 'en' },
  { dir: 'newer-sets/', language: 'en' },
  { dir: 'japanese/', language: 'ja' },
] as const satisfies readonly { dir: string; language: Language }[];

/** Where each row read was, as `file:line` (relative to the data folder), for the messages that name it. */
const where = new WeakMap<object, string>();

/** The rows of a JSON Lines file of the data, each remembered with its file and line. */
function readRows(file: string): Raw[] {
  if (!existsSync(join(DATA, file))) fail(`${file}: missing from ${DATA}`);
  const rows: Raw[] = [];
  readFileSync(join(DATA, file), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.trim()) return;
      let row: Raw;
      try {
        row = JSON.parse(text);
      } catch (error) {
        fail(`${file}:${i + 1}: not JSON (${(error as Error).message})`);
      }
      where.set(row, `${file}:${i + 1}`);
      rows.push(row);
    });
  return rows;
}

/**
 * A card as content will hold it, checked against the content schema before anything is written, so that bad
 * input fails here naming the file and line it came from and the field, not later in the build.
 */
function checkCard(record: Raw, from: { card: Raw; prices: Raw[]; history: Raw[]; graded: Raw | undefined }): void {
  const issue = cardSchema.safeParse(record).error?.issues[0];
  if (!issue) return;
  const [field, index] = issue.path;
  const row =
    field === 'prices' ? from.prices[index as number] : field === 'history' ? from.history[index as number] : field === 'graded' ? from.graded : from.card;
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  fail(`${where.get(row ?? from.card)}: ${record.id}${path}: ${issue.message}`);
}

/**
 * A card of a folder in one language says so: a Japanese card carries `language: "ja"`, its Japanese name, and as
 * `name` its English name where the source knows one, else its Japanese name (japanese/SOURCE.md, "Ids"); an
 * English card carries none of these fields. The schema then checks the record (language, the id's prefix, `nameJa`).
 */
function checkLanguageOf(card: Raw, language: Language): void {
  const at = `${where.get(card)}: ${card.id}`;
  if (language === 'en') {
    for (const field of ['language', 'nameJa', 'nameEn']) if (card[field] !== undefined) fail(`${at}.${field}: an English folder's card has no ${field}`);
    return;
  }
  if (card.language !== language) fail(`${at}.language: ${JSON.stringify(card.language)}, but the folder's cards are "${language}"`);
  if (typeof card.nameJa !== 'string' || card.nameJa === '') fail(`${at}.nameJa: ${JSON.stringify(card.nameJa)}, not a Japanese name`);
  if (card.nameEn !== null && typeof card.nameEn !== 'string') fail(`${at}.nameEn: ${JSON.stringify(card.nameEn)}, neither a name nor null`);
  if (card.name !== (card.nameEn ?? card.nameJa)) fail(`${at}.name: ${JSON.stringify(card.name)} is neither its nameEn nor, without one, its nameJa`);
}

function byKey<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    list ? list.push(row) : map.set(k, [row]);
  }
  return map;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `current`: the import-owned files content/ holds now (currentContent), whose newer daily prices are kept. */
export function buildPlan(current: Map<string, string>): { files: Map<string, string>; counts: Record<string, number> } {
  const files = new Map<string, string>();
  const counts: Record<string, number> = {};

  // 1. Sets: each source's sets in its order; a set two sources hold must be the same entry in both.
  const setById = new Map<string, Raw>();
  const setSource = new Map<string, string>();
  for (const { dir: source, language } of CARD_SOURCES) {
    const file = `${source}pokemon-tcg/sets.json`;
    if (!existsSync(join(DATA, file))) fail(`${file}: missing from ${DATA}`);
    const rawSets: Raw[] = JSON.parse(readFileSync(join(DATA, file), 'utf8'));
    rawSets.forEach((s, i) => {
      const set = {
        id: s.id,
        name: s.name,
        language,
        // A Japanese set's own name and its TCGplayer group, as the source gives them, null included (the schema checks them).
        ...(language === 'ja' && { nameJa: s.nameJa, tcgplayerGroupId: s.tcgplayerGroupId }),
        series: s.series,
        printedTotal: s.printedTotal,
        total: s.total,
        releaseDate: String(s.releaseDate).replaceAll('/', '-'),
        ptcgoCode: s.ptcgoCode,
      };
      const issue = setSchema.safeParse(set).error?.issues[0];
      if (issue) fail(`${file}: [${i}] (${s.id}) ${issue.path.join('.')}: ${issue.message}`);
      const earlier = setById.get(set.id);
      if (!earlier) {
        setById.set(set.id, set);
        setSource.set(set.id, file);
        return;
      }
      const differs = Object.keys(set).find((key) => JSON.stringify(set[key as keyof typeof set]) !== JSON.stringify(earlier[key]));
      if (differs) fail(`${file}: [${i}] (${set.id}) ${differs}: differs from the same set in ${setSource.get(set.id)}`);
    });
  }
  counts.sets = setById.size;

  // 2. Cards with their prices, history and graded figures, every source appended
  const cards: Raw[] = [];
  const cardFile = new Map<string, string>();
  const setOfCard = new Map<string, string>();
  const languageOfCard = new Map<string, Language>();
  const prices = new Map<string, Raw[]>();
  const history = new Map<string, Raw[]>();
  const graded = new Map<string, Raw[]>();
  const inputLines: Record<string, number> = { priceLines: 0, historyLines: 0, gradedRows: 0 };
  for (const { dir: source, language } of CARD_SOURCES) {
    const file = `${source}pokemon-tcg/cards.jsonl`;
    for (const card of readRows(file)) {
      const earlier = cardFile.get(card.id);
      if (earlier) fail(`${where.get(card)}: id ${card.id} is also in ${earlier}`);
      checkLanguageOf(card, language);
      cardFile.set(card.id, file);
      setOfCard.set(card.id, card.setId);
      languageOfCard.set(card.id, language);
      cards.push(card);
    }
    for (const [name, map, counted, optional] of [
      ['prices/cards.jsonl', prices, 'priceLines', false],
      ['prices/history.jsonl', history, 'historyLines', false],
      ['prices/graded.jsonl', graded, 'gradedRows', true],
    ] as const) {
      if (optional && !existsSync(join(DATA, source, name))) continue;
      for (const row of readRows(`${source}${name}`)) {
        if (!cardFile.has(row.cardId)) fail(`${where.get(row)}: cardId ${row.cardId} is not in the card catalogue`);
        const list = map.get(row.cardId);
        list ? list.push(row) : map.set(row.cardId, [row]);
        inputLines[counted]++;
      }
    }
  }
  // The snapshot's newest price date: what content holds from a later day is the daily import's, and kept.
  let snapshotAsOf = '';
  for (const rows of prices.values()) for (const row of rows) if (row.updatedAt > snapshotAsOf) snapshotAsOf = row.updatedAt;
  for (const product of readJsonl<Raw>(join(DATA, 'sealed/products.jsonl'))) if (product.updatedAt > snapshotAsOf) snapshotAsOf = product.updatedAt;
  // And what the catalogue sync added since, that the data lack: kept as content holds it.
  const synced = syncedAfter(snapshotAsOf);
  for (const set of currentRecords(current, 'sets.json', (file) => file as Raw[]) ?? []) {
    if (synced.sets.has(set.id) && !setById.has(set.id)) setById.set(set.id, set);
  }
  const syncedSets = setById.size - counts.sets;
  files.set('sets.json', `${formatJson([...setById.values()])}\n`);
  const syncedCards = keptOfSync(
    current,
    'cards/',
    (file) => file as Raw[],
    (card) => synced.cards.has(card.id) && !cardFile.has(card.id) && setById.has(card.set),
  );
  let priceLines = 0,
    historyLines = 0,
    gradedRows = 0,
    imagesByRule = 0;
  const cardsBySet = byKey(cards, (c) => c.setId);
  for (const [setId, setCards] of [...cardsBySet].sort(([a], [b]) => compare(a, b))) {
    const set = setById.get(setId);
    if (!set) fail(`${where.get(setCards[0])}: setId ${setId} is not in sets.json`);
    const records = setCards.map((c) => {
      const language = languageOfCard.get(c.id)!;
      const priceRows = prices.get(c.id) ?? [];
      const historyRows = history.get(c.id) ?? [];
      const cardPrices = priceRows.map((p) => {
        if (p.currency !== 'USD') fail(`${where.get(p)}: currency: ${c.id} has currency ${p.currency}`);
        priceLines++;
        return {
          variant: p.variant,
          printing: p.printing ?? null,
          primary: p.primary,
          productId: p.tcgplayerProductId,
          groupId: p.tcgplayerGroupId,
          low: p.low,
          mid: p.mid,
          high: p.high,
          market: p.market,
          directLow: p.directLow,
          updatedAt: p.updatedAt,
          source: p.source,
        };
      });
      const cardHistory = historyRows.map((h) => {
        historyLines++;
        // The snapshot's series held to the daily import's history policy (daily for 90 days, weekly closes before).
        return foldHistory({ variant: h.variant, productId: h.tcgplayerProductId, start: h.start, end: h.end, market: h.market });
      });
      const gradedRow = graded.get(c.id);
      if (gradedRow && gradedRow.length > 1) fail(`${where.get(gradedRow[1])}: cardId: ${c.id} appears ${gradedRow.length} times`);
      const g = gradedRow?.[0];
      if (g) {
        if (g.currency !== 'USD') fail(`${where.get(g)}: currency: ${c.id} has currency ${g.currency}`);
        gradedRows++;
      }
      // A card the source gives no image gets TCGdex's by a stated rule (scripts/lib/card-images.ts).
      let images = c.images;
      if (images === undefined) {
        images = tcgdexImagesOf({ number: c.number }, { id: set.id, series: set.series });
        if (typeof images === 'string') fail(`${where.get(c)}: images: ${c.id} has ${images}`);
        imagesByRule++;
      }
      const record = {
        id: c.id,
        set: c.setId,
        name: c.name,
        language,
        nameJa: c.nameJa,
        number: c.number,
        supertype: c.supertype,
        subtypes: c.subtypes ?? [],
        types: c.types ?? [],
        rarity: c.rarity,
        artist: c.artist,
        hp: c.hp,
        nationalPokedexNumbers: c.nationalPokedexNumbers,
        regulationMark: c.regulationMark,
        // Absent where the source records none: the import states no legality the source does not (docs/data.md).
        legalities: c.legalities,
        images,
        prices: cardPrices,
        history: cardHistory,
        graded: g && {
          ungraded: g.ungraded,
          grade7: g.grade7,
          grade8: g.grade8,
          grade9: g.grade9,
          grade9_5: g.grade9_5,
          psa10: g.psa10,
          tcgplayerMarket: g.tcgplayerMarket,
          url: g.pricechartingUrl,
          updatedAt: g.updatedAt,
          source: g.source,
        },
        // TCGdex's id of a Japanese card, for the id crosswalk: its image's address holds it in TCGdex's case (SV8a-217).
        tcgdexId:
          language === 'ja'
            ? (japaneseTcgdexIdOf(images.small) ??
              fail(`${where.get(c)}: images.small: ${c.id} has no TCGdex Japanese image address to read its TCGdex id from`))
            : undefined,
      };
      checkCard(record, { card: c, prices: priceRows, history: historyRows, graded: g });
      return record;
    });
    keepNewerPrices(
      records,
      currentRecords(current, `cards/${setId}.json`, (file) => file as Raw[]),
      snapshotAsOf,
    );
    files.set(`cards/${setId}.json`, `${formatJson([...records, ...(syncedCards.get(`cards/${setId}.json`) ?? [])])}\n`);
  }
  // The files of the sets the sync added, which the data lack.
  for (const [path, kept] of syncedCards) if (!files.has(path)) files.set(path, `${formatJson(kept)}\n`);
  counts.cards = cards.length;
  counts.priceLines = priceLines;
  counts.historyLines = historyLines;
  counts.gradedRows = gradedRows;
  counts.imagesByRule = imagesByRule;

  // Each set's main TCGplayer group (scripts/lib/set-groups.ts), which links the sealed products of the sets the
  // sealed source did not know.
  const setOfGroup = setOfGroupIn(
    mainGroupsOf(
      [...prices].flatMap(([cardId, rows]) => rows.map((row) => ({ set: setOfCard.get(cardId)!, groupId: row.tcgplayerGroupId, primary: row.primary }))),
    ),
  );
  for (const [label, got] of Object.entries({ priceLines, historyLines, gradedRows })) {
    if (got !== inputLines[label]) fail(`${CARD_SOURCES.map(({ dir }) => `${dir}prices/`).join(' + ')}: ${inputLines[label]} ${label} in, ${got} out`);
  }
  const expect = (label: string, got: number, file: string) => {
    const want = readJsonl(join(DATA, file)).length;
    if (got !== want) fail(`${file}: ${want} ${label} in, ${got} out`);
  };

  // 3. Sealed products, one file per TCGplayer group
  const products = readJsonl<Raw>(join(DATA, 'sealed/products.jsonl'));
  const sealedHistory = byKey(readJsonl<Raw>(join(DATA, 'sealed/history.jsonl')), (h) => String(h.productId));
  const groups = new Map(readJsonl<Raw>(join(DATA, 'sealed/groups.jsonl')).map((g) => [g.groupId, g]));
  let sealedHistoryLines = 0,
    sealedSetsByGroup = 0;
  const setByGroup = (groupId: number) => {
    const set = setOfGroup(groupId);
    if (set) sealedSetsByGroup++;
    return set;
  };
  const productsByGroup = byKey(products, (p) => String(p.groupId));
  const dataProducts = new Set(products.map((p) => p.productId));
  const syncedSealed = keptOfSync(
    current,
    'sealed/',
    (f) => (f as { products: Raw[] }).products,
    (p) => synced.sealed.has(String(p.productId)) && !dataProducts.has(p.productId),
  );
  for (const [groupId, groupProducts] of productsByGroup) {
    const group = groups.get(Number(groupId));
    if (!group) fail(`sealed/products.jsonl: groupId ${groupId} is not in groups.jsonl`);
    const records = groupProducts
      .sort((a, b) => a.productId - b.productId)
      .map((p) => {
        if (p.currency !== 'USD') fail(`sealed/products.jsonl: ${p.productId} has currency ${p.currency}`);
        if (p.setId && !setById.has(p.setId)) fail(`sealed/products.jsonl: ${p.productId} names unknown set ${p.setId}`);
        const h = sealedHistory.get(String(p.productId)) ?? [];
        if (h.length > 1) fail(`sealed/history.jsonl: product ${p.productId} appears ${h.length} times`);
        sealedHistoryLines += h.length;
        const priced = [p.low, p.mid, p.high, p.market, p.directLow].some((v) => v !== null);
        return {
          productId: p.productId,
          name: p.name,
          // Two products have an empty cleanName upstream; their full name is the display name then.
          cleanName: p.cleanName.trim() || p.name,
          kind: contentKindOf(p.kind),
          // The source links a product to the set whose main card group it is in, but knew none of the newer sets: the
          // same rule links those (it gives the source's own set for all 1,364 products the source links).
          set: p.setId ?? setByGroup(p.groupId),
          quantity: p.quantity ?? undefined,
          packs: p.packs ?? null,
          packsBasis: p.packsBasis ?? undefined,
          pokemonCenterExclusive: p.pokemonCenterExclusive ?? undefined,
          url: p.tcgplayerUrl,
          price: priced ? { low: p.low, mid: p.mid, high: p.high, market: p.market, directLow: p.directLow, updatedAt: p.updatedAt, source: p.source } : null,
          history: h[0] && foldHistory({ start: h[0].start, end: h[0].end, market: h[0].market }),
        };
      });
    const file = sealedFileOf(Number(groupId), group.name);
    keepNewerSealedPrices(
      records,
      currentRecords(current, file, (f) => (f as { products: Raw[] }).products),
      snapshotAsOf,
    );
    const kept = [...records, ...(syncedSealed.get(file) ?? [])].sort((a, b) => a.productId - b.productId);
    files.set(file, `${formatJson({ group: { id: group.groupId, name: group.name }, products: kept })}\n`);
  }
  // The groups of the sets the sync added, which the data lack.
  for (const [file, kept] of syncedSealed) {
    if (!files.has(file)) files.set(file, `${formatJson({ group: JSON.parse(current.get(file)!).group, products: kept })}\n`);
  }
  counts.sealed = products.length;
  counts.sealedHistoryLines = sealedHistoryLines;
  counts.sealedSetsByGroup = sealedSetsByGroup;
  expect('sealed history lines', sealedHistoryLines, 'sealed/history.jsonl');
  const sum = (kept: Map<string, Raw[]>) => [...kept.values()].reduce((n, records) => n + records.length, 0);
  Object.assign(counts, { syncedSets, syncedCards: sum(syncedCards), syncedSealed: sum(syncedSealed) });
  return { files, counts };
}

if (args.tcgcsv !== undefined) {
  const { importPrices } = await import('./import-prices.ts');
  process.exit(importPrices({ tcgcsv: resolve(args.tcgcsv), contentDir: OUT, write: args.write!, allowOlder: args['allow-older']! }));
}

/** The records a content file holds now (undefined when there is none), as `of` finds them in the parsed file. */
function currentRecords(current: Map<string, string>, path: string, of: (file: unknown) => Raw[]): Raw[] | undefined {
  const text = current.get(path);
  return text === undefined ? undefined : of(JSON.parse(text));
}

/**
 * What the catalogue sync added after the snapshot (scripts/catalogue-sync.ts, the daily job's first step): the
 * sets, cards and sealed products the change records of a later day (content/changes/<day>.json) list as added.
 * While the data lack them, the import keeps them as content holds them, as it keeps newer prices: re-importing the
 * catalogue never takes back what the daily job added, and `--check` holds after it. What the data hold, they give.
 */
function syncedAfter(asOf: string): { sets: Set<string>; cards: Set<string>; sealed: Set<string> } {
  const synced = { sets: new Set<string>(), cards: new Set<string>(), sealed: new Set<string>() };
  const dir = join(OUT, 'changes');
  if (!existsSync(dir)) return synced;
  for (const file of readdirSync(dir)) {
    const day = /^(\d{4}-\d{2}-\d{2})\.json$/.exec(file)?.[1];
    if (!day || day <= asOf) continue;
    const record: ChangeRecord = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const set of record.sets?.added ?? []) synced.sets.add(set.id);
    for (const card of record.cards.added) synced.cards.add(card.id);
    for (const product of record.sealed.added) synced.sealed.add(product.id);
  }
  return synced;
}

/** The records of content's files under `prefix` that `keep` keeps, by file, in the order content holds them. */
function keptOfSync(current: Map<string, string>, prefix: string, of: (file: unknown) => Raw[], keep: (record: Raw) => boolean): Map<string, Raw[]> {
  const kept = new Map<string, Raw[]>();
  for (const path of [...current.keys()].filter((p) => p.startsWith(prefix)).sort()) {
    const records = of(JSON.parse(current.get(path)!)).filter(keep);
    if (records.length > 0) kept.set(path, records);
  }
  return kept;
}

const PRICE_FIELDS = ['low', 'mid', 'high', 'market', 'directLow', 'updatedAt', 'source'] as const;
/** Whether content holds this price, or this history, from a day after the snapshot's newest (`asOf`): then it is the daily import's. */
const newer = (current: { updatedAt?: string } | null | undefined, asOf: string) => Boolean(current?.updatedAt && current.updatedAt > asOf);
const laterSeries = (current: { end?: string } | undefined, asOf: string) => Boolean(current?.end && current.end > asOf);

/**
 * Prices the daily import (`--tcgcsv`) has made newer than this snapshot's stay: the catalogue import owns the
 * facts, and a price line, sealed price or history that content holds from a later day is kept as it is, so
 * re-importing the catalogue never sets the prices back (and `--check` holds after daily imports).
 */
function keepNewerPrices(records: Raw[], current: Raw[] | undefined, asOf: string): void {
  const byId = new Map((current ?? []).map((card) => [card.id, card]));
  for (const card of records) {
    const was = byId.get(card.id);
    if (!was) continue;
    // A card the data give no price line keeps the lines listed since (by the catalogue sync), priced or not.
    if (card.prices.length === 0) card.prices = was.prices.filter((line: Raw) => newer(line, asOf));
    for (const line of card.prices) {
      const held = was.prices.find((p: Raw) => p.productId === line.productId && p.variant === line.variant);
      if (newer(held, asOf)) for (const field of PRICE_FIELDS) line[field] = held[field];
    }
    for (const series of was.history) {
      const i = card.history.findIndex((h: Raw) => h.productId === series.productId && h.variant === series.variant);
      const listed = card.prices.some((p: Raw) => p.primary && p.productId === series.productId && p.variant === series.variant);
      if (laterSeries(series, asOf) && (i >= 0 || listed)) card.history.splice(i >= 0 ? i : card.history.length, i >= 0 ? 1 : 0, series);
    }
  }
}

function keepNewerSealedPrices(records: Raw[], current: Raw[] | undefined, asOf: string): void {
  const byId = new Map((current ?? []).map((product) => [product.productId, product]));
  for (const product of records) {
    const was = byId.get(product.productId);
    if (!was) continue;
    if (newer(was.price, asOf)) product.price = was.price;
    if (laterSeries(was.history, asOf)) product.history = was.history;
  }
}

const current = currentContent();
const { files, counts } = buildPlan(current);
/** The planned files directly in `prefix` (a folder of content/), named relative to it. */
function filesUnder(prefix: string): Map<string, string> {
  return new Map([...files].filter(([f]) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/')).map(([f, t]) => [f.slice(prefix.length), t]));
}
/** The catalogue in content files (path relative to content/ → text), as the loaders read it. */
function catalogueOf(texts: Map<string, string>): ContentCatalogue {
  const json = (path: string) => JSON.parse(texts.get(path)!);
  const under = (prefix: string) => [...texts.keys()].filter((f) => f.startsWith(prefix) && f.endsWith('.json')).sort();
  return {
    sets: texts.has('sets.json') ? json('sets.json') : [],
    cards: under('cards/').flatMap(json),
    sealed: under('sealed/').flatMap((f) => sealedProductsOf(json(f), f)),
  };
}

/** The import-owned files content/ holds now. */
function currentContent(): Map<string, string> {
  const texts = new Map<string, string>();
  if (existsSync(join(OUT, 'sets.json'))) texts.set('sets.json', readFileSync(join(OUT, 'sets.json'), 'utf8'));
  for (const dir of ['cards', 'sealed']) {
    if (!existsSync(join(OUT, dir))) continue;
    for (const f of readdirSync(join(OUT, dir))) if (f.endsWith('.json')) texts.set(`${dir}/${f}`, readFileSync(join(OUT, dir, f), 'utf8'));
  }
  return texts;
}

const write = args.write!;
// A first import has nothing to compare with: it records no changes.
const changes = current.has('sets.json') ? catalogueChanges(catalogueOf(current), catalogueOf(files)) : null;
// An import on the day of an earlier one (the newer sets, then the Japanese sets, both of the 2025-10-20 prices) adds
// to that day's record, as a daily import's parts do, rather than replacing what the feed said of the first.
const earlierRecord = changes && readChangeRecord(OUT, changes.asOf);
if (changes) files.set(`changes/${changes.asOf}.json`, `${formatJson(earlierRecord ? mergeChangeRecords(earlierRecord, changes) : changes)}\n`);
const summary = {
  sets: applyContentPlan(OUT, filesUnder(''), { write, prune: false }),
  cards: applyContentPlan(join(OUT, 'cards'), filesUnder('cards/'), { write, prune: true }),
  sealed: applyContentPlan(join(OUT, 'sealed'), filesUnder('sealed/'), { write, prune: true }),
  // Records of earlier imports stay: the folder is a history, never pruned.
  changes: applyContentPlan(join(OUT, 'changes'), filesUnder('changes/'), { write, prune: false }),
};
console.log(
  `import-catalogue: read ${Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}`,
);
for (const [area, s] of Object.entries(summary)) {
  console.log(`  ${area}: ${s.added} added, ${s.changed} changed, ${s.removed} removed, ${s.unchanged} unchanged`);
}
if (changes) {
  console.log(`what this import changes (prices as of ${changes.previousAsOf} → ${changes.asOf}):`);
  for (const line of changeSummary(changes)) console.log(`  ${line}`);
} else console.log(current.has('sets.json') ? 'no change a client would see' : 'first import: no earlier content to compare with');
if (!write) console.log('dry run: nothing written (pass --write to write content/)');
if (args.check && Object.values(summary).some((s) => s.added + s.changed + s.removed > 0)) {
  console.error('import-catalogue: content/ is out of date with the data; run npm run import -- --write');
  process.exit(2);
}
