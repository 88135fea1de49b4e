import type { History, SetCard, SetDetail, SetFields, SetList } from '../schemas/api-types.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language, languageOfId } from '../schemas/language.ts';
import type { SetEntry } from '../schemas/set.ts';
import type { CardSummary } from './card-record.ts';
import { sumUsd } from './money.ts';

/**
 * The set records: `/api/sets/{setId}` (one set and its cards by value) and
 * `/api/sets` (every set, grouped by language and series), made from the card summaries the
 * catalogue already holds, so that a set's figures are those of its cards'
 * own files. The JSON, the Markdown twin and the HTML page are all made from them.
 */

/** How many of a set's most valuable cards carry their daily price history (the sparklines of the set page). */
export const SET_TOP_CARDS = 10;

/** A set with its figures: an element of `/api/sets` (schemas/api/set-summary.json). */
export type SetSummary = SetFields;

/** A series and its sets, as `/api/sets` groups them. */
export type SeriesGroup = SetList['series'][number];

/** What a set's card is made from: its summary and its collector number as content has it (`4`). */
export interface SetCardSource {
  summary: CardSummary;
  number: string;
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Most valuable first, unpriced last; equal values in collector-number order (numbers read as numbers: 2 before 10).
 * @example [{ valueUsd: null }, { valueUsd: 2 }].sort(byValue) // [{ valueUsd: 2 }, { valueUsd: null }] (with numbers and ids)
 */
export function byValue(a: SetCard, b: SetCard): number {
  if (a.valueUsd !== b.valueUsd) {
    if (a.valueUsd === null) return 1;
    if (b.valueUsd === null) return -1;
    return b.valueUsd - a.valueUsd;
  }
  return collator.compare(a.number, b.number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A set's cards as the set lists them, in value order.
 * @example setCardsOf({ printedTotal: 102 }, [{ summary: charizard, number: '4' }])[0].number // "4/102"
 */
export function setCardsOf(set: Pick<SetEntry, 'printedTotal'>, sources: readonly SetCardSource[]): SetCard[] {
  return sources
    .map(({ summary, number }) => ({
      id: summary.id,
      name: summary.name,
      nameJa: summary.nameJa,
      slug: summary.slug,
      number: `${number}/${set.printedTotal}`,
      rarity: summary.rarity,
      valueUsd: summary.valueUsd,
      priceStatus: summary.priceStatus,
      valueBand: summary.valueBand,
    }))
    .sort(byValue);
}

/** The cards (in value order) whose history the set page draws: the first SET_TOP_CARDS that have a value. */
export function topCardsOf(cards: readonly SetCard[]): SetCard[] {
  return cards.filter((c) => c.valueUsd !== null).slice(0, SET_TOP_CARDS);
}

/** A set's figures, from its cards in value order. */
export function setToSummary(set: SetEntry, cards: readonly SetCard[]): SetSummary {
  const priced = cards.filter((c): c is SetCard & { valueUsd: number } => c.valueUsd !== null);
  const top = priced[0];
  return {
    id: set.id,
    name: set.name,
    language: set.language,
    nameJa: set.nameJa ?? null,
    series: set.series,
    releaseDate: set.releaseDate,
    printedTotal: set.printedTotal,
    total: set.total,
    ptcgoCode: set.ptcgoCode ?? null,
    tcgplayerGroupId: set.tcgplayerGroupId ?? null,
    cardCount: cards.length,
    pricedCardCount: priced.length,
    totalValueUsd: priced.length === 0 ? null : sumUsd(priced.map((c) => c.valueUsd)),
    topCard: top ? { id: top.id, name: top.name, slug: top.slug, valueUsd: top.valueUsd } : null,
  };
}

/**
 * The whole record of a set: its figures and its cards, the top ones with the
 * history `historyOf` finds for them (read one card at a time by the build).
 */
export function setToDetail(set: SetEntry, cards: readonly SetCard[], pricesAsOf: string, historyOf: (card: SetCard) => History | undefined): SetDetail {
  const top = new Set(topCardsOf(cards));
  return {
    ...setToSummary(set, cards),
    pricesAsOf,
    cards: cards.map((card) => {
      const history = top.has(card) ? historyOf(card) : undefined;
      return history ? { ...card, history } : card;
    }),
  };
}

/** Newest first by date, then by name (series) or id (sets), so that the order never depends on content order. */
const newestFirst = (a: { date: string; key: string }, b: { date: string; key: string }) =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** A language's group of sets, as `/api/sets` counts it. */
export type LanguageGroup = SetList['languages'][number];

/**
 * `/api/sets`: every set grouped by language (English first, LANGUAGES' order), then by series: inside a language
 * the newest series first (a series dates from its first set in that language), and inside a series the newest set
 * first. A series printed in both languages is a group in each, so that a Japanese set never sits among English ones.
 */
export function setListOf(summaries: readonly SetSummary[], pricesAsOf: string): SetList {
  const languages: LanguageGroup[] = [];
  const series: SeriesGroup[] = [];
  for (const language of LANGUAGES) {
    const inLanguage = summaries.filter((set) => set.language === language);
    if (inLanguage.length === 0) continue;
    const groups = seriesGroupsOf(language, inLanguage);
    languages.push({
      language,
      name: LANGUAGE_NAMES[language],
      totalSets: inLanguage.length,
      totalCards: inLanguage.reduce((n, s) => n + s.cardCount, 0),
      seriesCount: groups.length,
    });
    series.push(...groups);
  }
  return {
    pricesAsOf,
    totalSets: summaries.length,
    totalCards: summaries.reduce((n, s) => n + s.cardCount, 0),
    languages,
    series,
  };
}

/** The series groups of one language's sets, newest series first. */
function seriesGroupsOf(language: Language, summaries: readonly SetSummary[]): SeriesGroup[] {
  const bySeries = new Map<string, SetSummary[]>();
  for (const set of summaries) bySeries.set(set.series, [...(bySeries.get(set.series) ?? []), set]);
  const series: SeriesGroup[] = [...bySeries].map(([name, sets]) => {
    const newest = [...sets].sort((a, b) => newestFirst({ date: a.releaseDate, key: a.id }, { date: b.releaseDate, key: b.id }));
    // The series dates from its first set: the last of the newest-first list.
    return { name, language, releaseDate: newest[newest.length - 1].releaseDate, sets: newest };
  });
  return series.sort((a, b) => newestFirst({ date: a.releaseDate, key: a.name }, { date: b.releaseDate, key: b.name }));
}

/**
 * The set of a card, read from its id (`<setId>-<number>`; an English set id has no hyphen, a Japanese card's
 * number none), for the link from a card's page to its set's. The build checks it against every card's own set
 * (src/pipeline/set-files.ts).
 * @example setIdOfCard('swsh7-215') // "swsh7"
 * @example setIdOfCard('jp-sv-p-288') // "jp-sv-p"
 */
export function setIdOfCard(cardId: string): string {
  const dash = languageOfId(cardId) === 'ja' ? cardId.lastIndexOf('-') : cardId.indexOf('-');
  return dash === -1 ? cardId : cardId.slice(0, dash);
}
