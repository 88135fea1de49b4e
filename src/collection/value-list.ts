/**
 * Valuing a collection list line by line (/api/collection): each line is read as
 * one card or sealed product, marked matched only when that is beyond doubt, and
 * valued at its graded figure, its named printing or the item's own value.
 * Pure: the searchers and graded figures come in; no line can make it throw.
 */

import { roundUsd, sumUsd } from '../catalogue/money.ts';
import type { KnownPrices } from '../catalogue/price-on-day.ts';
import { finish, type Steps } from '../catalogue/steps.ts';
import type { Collection, CollectionEntry } from '../schemas/api-types.ts';
import type { CardSearcher, CardSearchHit } from '../search/card-searcher.ts';
import { foldText, wordsOf } from '../search/normalize.ts';
import type { IgnoredWord } from '../search/query-match.ts';
import type { SealedSearcher, SealedSearchHit } from '../search/sealed-searcher.ts';
import { priceThen } from './as-of.ts';
import type { GradedFigures } from './collection-data.ts';
import type { HistoryStore } from './history-store.ts';
import type { ListLine } from './list-lines.ts';
import { listSeriesSteps, rememberingStore, type SeriesSource, type SeriesWindow, usdOn } from './list-series.ts';
import { rarityAsHint } from './rarity-hint.ts';

export interface CollectionSearchers {
  cards: CardSearcher;
  sealed: SealedSearcher;
  /** The positions of the cards that hold a TCGplayer product (productLookup). */
  cardProducts: (productId: number) => readonly number[];
  gradedOf(cardId: string): GradedFigures | undefined;
}

/** Candidates read per line: the one valued and up to 3 alternatives. */
const CANDIDATES = 4;

type Candidate = { kind: 'card'; hit: CardSearchHit } | { kind: 'sealed'; hit: SealedSearchHit };

/** What a line was read as, before valuing: candidates most likely first. */
interface Reading {
  status: 'matched' | 'ambiguous' | 'not-found';
  candidates: Candidate[];
  notes: string[];
  /** True when a product id named the printing: its value is the line's, priced or not. */
  exactPrinting?: boolean;
}

const matched = (candidate: Candidate, exactPrinting = false): Reading => ({ status: 'matched', candidates: [candidate], notes: [], exactPrinting });
const notFound = (note: string): Reading => ({ status: 'not-found', candidates: [], notes: [note] });

/** An alias label that names an item kind of its own ("Base (set)", "Shadowless (printing)"), not a product word. */
const TAGGED_LABEL_RE = / \((?:sets?|printing|art)\)$/;

/** The sealed search read a word as a product kind (`booster box`, `etb`, `upc`): the line names a sealed product. */
function namesProduct(hit: SealedSearchHit | undefined): boolean {
  if (!hit?.match) return false;
  return (
    Object.values(hit.match.fields).some((fields) => fields.includes('kind')) ||
    Object.values(hit.match.alias ?? {}).some((label) => !TAGGED_LABEL_RE.test(label))
  );
}

/** The query's words with each alias spelt out (`151 etb` → 151 elite trainer box), sorted. */
function spelledWords(query: string, hit: SealedSearchHit): string {
  let text = foldText(query);
  for (const [alias, label] of Object.entries(hit.match?.alias ?? {})) text = text.replace(alias, label.replace(TAGGED_LABEL_RE, ''));
  return wordsOf(text).sort().join(' ');
}

const ignoredCount = (ignored: IgnoredWord[] | undefined) => ignored?.length ?? 0;
const isSole = (total: number, ignored: IgnoredWord[] | undefined) => total === 1 && !ignored?.some((w) => w.reason === 'not-found');

/** A card beyond doubt: an alias quoting it (an id, a nickname), or its name with its number (`4/102`, or a number and its set). */
function cardIsCertain(hit: CardSearchHit): boolean {
  const { fields, alias } = hit.match ?? { fields: {} };
  if (Object.values(alias ?? {}).includes(hit.exactName)) return true;
  const numbered = Object.entries(fields).filter(([, f]) => f.includes('number'));
  const named = Object.values(fields).some((f) => f.includes('name'));
  const withSet = Object.values(fields).some((f) => f.includes('set'));
  return named && numbered.length > 0 && (withSet || numbered.some(([word]) => word.includes('/')));
}

function notesOf(ignored: IgnoredWord[] | undefined, hit: { match?: { corrected?: Record<string, string> } }): string[] {
  const notes: string[] = [];
  const corrected = Object.entries(hit.match?.corrected ?? {});
  if (corrected.length > 0) notes.push(`Read ${corrected.map(([from, to]) => `"${from}" as "${to}"`).join(', ')}.`);
  if (ignored?.length) notes.push(`Ignored ${ignored.map((w) => `"${w.word}"`).join(', ')}.`);
  return notes;
}

/** A searched line: cards or sealed products, by what the words named. */
function searchLine(line: ListLine, { cards, sealed }: CollectionSearchers): Reading {
  const params = { q: line.query, sort: 'relevance' as const, limit: CANDIDATES, offset: 0 };
  let cardHits = cards.search(params);
  const sealedHits = sealed.search(params);
  const notes: string[] = [];
  if (cardHits.total === 0 && line.printing) {
    // A CSV's printing column can name a printing this card does not have (a holo of a non-holo card).
    const withoutPrinting = line.query.endsWith(line.printing) ? line.query.slice(0, -line.printing.length).trim() : line.query;
    const plain = cards.search({ ...params, q: withoutPrinting });
    if (plain.total > 0) notes.push(`No ${line.printing} printing found; valued at the card's own value.`);
    cardHits = plain;
  }
  const hinted = rarityAsHint(line.query, cardHits, cards, CANDIDATES);
  if (hinted) {
    cardHits = hinted.hits;
    notes.push(hinted.note);
  }
  // A kind word alone is not enough: "Beedrill Legendary Collection 20/110" names a card of the set Legendary Collection.
  const preferSealed =
    sealedHits.total > 0 &&
    (cardHits.total === 0 ||
      (namesProduct(sealedHits.results[0]) && !cardIsCertain(cardHits.results[0]) && ignoredCount(sealedHits.ignored) <= ignoredCount(cardHits.ignored)));
  if (preferSealed) {
    const [first, ...rest] = sealedHits.results;
    const exact = spelledWords(line.query, first) === wordsOf(first.cleanName).sort().join(' ');
    const onlyExact = exact && (rest.length === 0 || wordsOf(rest[0].cleanName).sort().join(' ') !== wordsOf(first.cleanName).sort().join(' '));
    const certain = isSole(sealedHits.total, sealedHits.ignored) || onlyExact;
    notes.push(...notesOf(sealedHits.ignored, first));
    if (!certain) notes.push(`${sealedHits.total} sealed products match; valued at the most likely.`);
    return { status: certain ? 'matched' : 'ambiguous', candidates: sealedHits.results.map((hit) => ({ kind: 'sealed', hit })), notes };
  }
  if (cardHits.total === 0) return notFound(line.query.trim() === '' ? 'The line names nothing to value.' : 'Nothing in the catalogue matches.');
  const first = cardHits.results[0];
  const certain = isSole(cardHits.total, cardHits.ignored) || cardIsCertain(first);
  notes.push(...notesOf(cardHits.ignored, first));
  if (!certain) notes.push(`${cardHits.total} cards match; valued at the most likely.`);
  return { status: certain ? 'matched' : 'ambiguous', candidates: cardHits.results.map((hit) => ({ kind: 'card', hit })), notes };
}

/** A TCGplayer product id: a card's printing, else a sealed product. */
function byProduct(productId: number, { cards, sealed, cardProducts }: CollectionSearchers): Reading | undefined {
  const card = cards.byProducts([productId], cardProducts).results[0];
  if (card) return matched({ kind: 'card', hit: card }, true);
  const product = sealed.byIds([String(productId)]).results[0];
  return product && matched({ kind: 'sealed', hit: product });
}

/** Ids are written in one word: `base1-4`, `charizard-base1-4`, a product's slug or TCGplayer id. */
const ONE_WORD_RE = /^\S+$/;
const PRODUCT_ID_RE = /^\d{4,9}$/;

function readLine(line: ListLine, searchers: CollectionSearchers): Reading {
  const notes: string[] = [];
  if (line.productId !== undefined) {
    const found = byProduct(line.productId, searchers);
    if (found) return found;
    notes.push(`TCGplayer product ${line.productId} is not in the catalogue; read by name.`);
  }
  const query = line.query.trim();
  if (query === '') return notFound(notes[0] ?? 'The line names nothing to value.');
  if (ONE_WORD_RE.test(query)) {
    const card = searchers.cards.byIds([query]).results[0];
    if (card) return matched({ kind: 'card', hit: card });
    const product = searchers.sealed.byIds([query.toLowerCase()]).results[0];
    if (product) return matched({ kind: 'sealed', hit: product });
    const viaProduct = PRODUCT_ID_RE.test(query) ? byProduct(Number(query), searchers) : undefined;
    if (viaProduct) return viaProduct;
  }
  const reading = searchLine(line, searchers);
  return { ...reading, notes: [...notes, ...reading.notes] };
}

/** The figure for a grade: PSA 10 is PSA's own; 7 to 9.5 are PriceCharting's for any grader. */
function gradedFigure(figures: GradedFigures | undefined, { company, grade }: NonNullable<ListLine['grade']>): number | undefined {
  if (!figures) return undefined;
  if (grade === '10') return company === 'PSA' ? figures.psa10 : undefined;
  return { '7': figures.grade7, '8': figures.grade8, '9': figures.grade9, '9.5': figures.grade9_5 }[grade] ?? undefined;
}

const alternativeOf = (c: Candidate): NonNullable<CollectionEntry['alternatives']>[number] =>
  c.kind === 'card'
    ? { kind: 'card', id: c.hit.id, slug: c.hit.slug, name: c.hit.exactName, valueUsd: c.hit.printing ? c.hit.printing.valueUsd : c.hit.valueUsd }
    : { kind: 'sealed', id: String(c.hit.productId), slug: c.hit.slug, name: c.hit.cleanName, valueUsd: c.hit.valueUsd };

/** A list valued through time: as of a day (`asOf`), with its total over a window (`series`), or both, from the known prices. */
export interface ThroughTime {
  histories: HistoryStore;
  asOf?: string;
  series?: SeriesWindow;
}

/**
 * What values a line: a graded figure, the printing it named, or its item's own value (a card's value printing's, a
 * sealed product's). Chosen from what the line names and from today's catalogue, never from the day asked, so that
 * a line is valued at the same thing on every day: a named printing the catalogue prices is valued at its own price
 * or not at all, never at another printing's.
 */
type ValuedBy = { by: 'figure'; figure: number; recorded: string } | { by: 'printing' } | { by: 'item' };

/** The known prices of what values a line (price-on-day.ts): a graded figure's is its one record, on the day it was recorded. */
function knownPricesOfLine(first: Candidate, valuedBy: ValuedBy, histories: HistoryStore): KnownPrices | undefined {
  if (valuedBy.by === 'figure') return { latest: { date: valuedBy.recorded, usd: valuedBy.figure } };
  if (first.kind === 'sealed') return histories.sealed(first.hit.productId);
  return valuedBy.by === 'printing' ? histories.card(first.hit.id, first.hit.printing!.id) : histories.card(first.hit.id);
}

/** What a line's note calls the price it lacks on a day. */
function subjectOf(first: Candidate, valuedBy: ValuedBy, grade: CollectionEntry['grade']): string {
  if (valuedBy.by === 'figure') return `The ${grade!.company} ${grade!.grade} figure: no price`;
  if (valuedBy.by === 'printing' && first.kind === 'card') return `The ${first.hit.printing!.label} printing: no price`;
  return 'No price';
}

/** A line's entry, and the known prices of what values it, for its total over time (none for a line not found). */
interface ValuedLine {
  entry: CollectionEntry;
  pricesOf?: (histories: HistoryStore) => KnownPrices | undefined;
}

/** One line's entry: the reading valued (as of a day when `asOf` is given, from the known prices). */
function entryOf(line: ListLine, reading: Reading, gradedOf: CollectionSearchers['gradedOf'], asOf?: { date: string; histories: HistoryStore }): ValuedLine {
  const base = { line: line.line, text: line.text, quantity: line.quantity };
  const [first, ...others] = reading.candidates;
  const notes = [...reading.notes];
  if (line.quantityAsWritten !== undefined) {
    notes.push(
      `A line counts at most ${line.quantity.toLocaleString('en-US')}; ${line.quantityAsWritten.toLocaleString('en-US')} was counted as ${line.quantity.toLocaleString('en-US')}.`,
    );
  }
  if (!first)
    return { entry: { ...base, status: 'not-found', unitValueUsd: null, lineValueUsd: null, ...(asOf && { priceDate: null }), note: notes.join(' ') } };
  const { valuedBy, grade } = valuedByOf(line, first, reading, gradedOf, notes);
  const pricesOf = (histories: HistoryStore) => knownPricesOfLine(first, valuedBy, histories);
  let unit =
    valuedBy.by === 'figure' ? valuedBy.figure : valuedBy.by === 'printing' && first.kind === 'card' ? first.hit.printing!.valueUsd : first.hit.valueUsd;
  // The item's own value carries its confidence in the hit (a named printing's or a graded figure's is not at hand:
  // a search hit has its printing's value only). A confidence is said of the latest price: another day's has none.
  let confident = valuedBy.by === 'item';
  let priceDate: string | null | undefined;
  if (asOf) {
    const known = pricesOf(asOf.histories);
    const then = priceThen(known, asOf.date);
    if ('why' in then) notes.push(`${subjectOf(first, valuedBy, grade)} ${then.why}; not counted in the total.`);
    unit = 'why' in then ? null : roundUsd(then.usd);
    priceDate = 'why' in then ? null : then.date;
    confident &&= priceDate !== null && priceDate === known?.latest?.date;
  }
  const confidence = confident ? first.hit.confidence : null;
  const status = unit === null ? 'unpriced' : reading.status === 'ambiguous' ? 'ambiguous' : 'matched';
  const lineValueUsd = unit === null ? null : roundUsd(unit * line.quantity);
  const entry: CollectionEntry = {
    ...base,
    status,
    // A hit's match names its fields as plain strings; they are the schema's field names (search-match.json).
    ...(first.kind === 'card' ? { card: first.hit as CollectionEntry['card'] } : { sealed: first.hit as CollectionEntry['sealed'] }),
    ...(grade && { grade }),
    unitValueUsd: unit,
    lineValueUsd,
    ...(priceDate !== undefined && { priceDate }),
    ...(confidence && { confidence }),
    ...(notes.length > 0 && { note: notes.join(' ') }),
    ...(reading.status === 'ambiguous' && others.length > 0 && { alternatives: others.slice(0, CANDIDATES - 1).map(alternativeOf) }),
  };
  return { entry, pricesOf };
}

/** What values a line (ValuedBy), with its grade as the entry says it, and the notes on what it could not use. */
function valuedByOf(
  line: ListLine,
  first: Candidate,
  reading: Reading,
  gradedOf: CollectionSearchers['gradedOf'],
  notes: string[],
): { valuedBy: ValuedBy; grade?: CollectionEntry['grade'] } {
  if (first.kind === 'sealed') {
    if (line.grade) notes.push(`Sealed products are not graded; ${line.grade.company} ${line.grade.grade} is ignored.`);
    return { valuedBy: { by: 'item' } };
  }
  const { printing } = first.hit;
  let valuedBy: ValuedBy = printing && (printing.valueUsd !== null || reading.exactPrinting) ? { by: 'printing' } : { by: 'item' };
  if (printing && valuedBy.by === 'item') notes.push(`The ${printing.label} printing has no price; valued at the card's.`);
  if (!line.grade) return { valuedBy };
  const figures = gradedOf(first.hit.id);
  const figure = gradedFigure(figures, line.grade) ?? null;
  if (figure !== null) valuedBy = { by: 'figure', figure, recorded: figures!.updatedAt };
  else notes.push(`The card has no ${line.grade.company} ${line.grade.grade} figure; valued ungraded.`);
  return { valuedBy, grade: { ...line.grade, valueUsd: figure } };
}

/**
 * The list valued line by line, with its total, quantity and counts per status. Lines asking the same thing
 * are read once.
 * @example valueList(linesOfText('2x charizard 4/102'), searchers, '2026-01-31').totalUsd // 916.58
 */
export function valueList(lines: readonly ListLine[], searchers: CollectionSearchers, pricesAsOf: string, through?: ThroughTime): Collection {
  return finish(valueListSteps(lines, searchers, pricesAsOf, through));
}

/**
 * valueList as steps (steps.ts): a pause after each line and each point of a series.
 */
export function* valueListSteps(lines: readonly ListLine[], searchers: CollectionSearchers, pricesAsOf: string, through?: ThroughTime): Steps<Collection> {
  const histories = through && rememberingStore(through.histories);
  const asOf = through?.asOf === undefined ? undefined : { date: through.asOf, histories: histories! };
  // The lines of a series, grouped by what values them: lines that read the same and name the same grade price alike.
  const sources = new Map<string, SeriesSource>();
  const readings = new Map<string, Reading>();
  const counts: Collection['counts'] = { matched: 0, ambiguous: 0, 'not-found': 0, unpriced: 0 };
  let quantity = 0;
  const entries: CollectionEntry[] = [];
  for (const line of lines) {
    let entry: CollectionEntry;
    try {
      const key = `${line.productId ?? ''}\u0000${line.printing ?? ''}\u0000${line.query}`;
      let reading = readings.get(key);
      if (!reading) readings.set(key, (reading = readLine(line, searchers)));
      const valued = entryOf(line, reading, searchers.gradedOf, asOf);
      entry = valued.entry;
      if (through?.series && valued.pricesOf) {
        const sourceKey = `${key}\u0000${line.grade ? `${line.grade.company} ${line.grade.grade}` : ''}`;
        const known = valued.pricesOf(histories!);
        const source = sources.get(sourceKey) ?? { lines: 0, quantity: 0, priceOn: (date: string) => usdOn(known, date) };
        source.lines++;
        source.quantity += line.quantity;
        sources.set(sourceKey, source);
      }
    } catch {
      // A line the search cannot read is reported, never fatal to the rest of the list.
      entry = {
        line: line.line,
        text: line.text,
        quantity: line.quantity,
        status: 'not-found',
        unitValueUsd: null,
        lineValueUsd: null,
        ...(asOf && { priceDate: null }),
        note: 'The line could not be read.',
      };
    }
    counts[entry.status]++;
    quantity += entry.quantity;
    entries.push(entry);
    yield;
  }
  const series = through?.series && (yield* listSeriesSteps(through.series, pricesAsOf, [...sources.values()]));
  return {
    pricesAsOf,
    ...(asOf && { asOf: asOf.date }),
    totalUsd: sumUsd(entries.flatMap((e) => e.lineValueUsd ?? [])),
    quantity,
    counts,
    ...(series && { series }),
    entries,
  };
}
