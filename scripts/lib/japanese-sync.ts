import { JAPANESE_TCGDEX_SERIES, japaneseSetIdOf } from '../../src/catalogue/tcgdex-ids.ts';
import { type CardEntry, cardSchema } from '../../src/schemas/card.ts';
import type { SetAdded } from '../../src/schemas/changes.ts';
import { type SetEntry, setSchema } from '../../src/schemas/set.ts';
import type { PriceContent } from './price-import.ts';
import { checkConverted, ReplyError } from './source-replies.ts';
import { cardOfTcgdex } from './tcgdex-convert.ts';
import type { TcgdexReader, TcgdexSet } from './tcgdex-replies.ts';

/**
 * The Japanese half of the catalogue sync (scripts/lib/catalogue-sync.ts): the sets and cards of TCGdex's Japanese
 * answers (`/ja/`, its `data-asia/`) in the followed series (JAPANESE_TCGDEX_SERIES) that content lacks, made as the
 * Japanese import made its own (../shared/data/japanese/SOURCE.md), so that a new Japanese set arrives by itself.
 *
 * - A set's id is `jp-` and TCGdex's id lower-cased (`SV8a` → `jp-sv8a`): a set content holds is recognised by it and
 *   gets only the cards it lacks (by number, as printed: `001`); a card content holds is left as it is.
 * - A set's TCGplayer group and English name are TCGplayer's, from tcgcsv's "Pokemon Japan" group list: the group
 *   whose code (before ": ") is TCGdex's id, or the promo group "<id> Promotional Cards"; its English name is the
 *   group's without the code (a promo group's whole). With no such group, the group TCGdex names, if any, and the set's
 *   Japanese name as its name.
 * - A card's Japanese name is TCGdex's. Its English name is the one content's Japanese cards of the same Japanese name
 *   all carry (names the import took from named sources: the Pokédex-number rule, English twins, Cardmarket), when
 *   they agree on one; else none, and the card keeps its Japanese name as `name`. No name is translated.
 * - Its printings: a line per TCGplayer product TCGdex ties to it, unpriced, in the set's group; the daily import
 *   prices them from the group's category-85 prices, TCGplayer's finish winning on the first (price-import.ts).
 */

/** What a tcgcsv group list gives: a group's id and TCGplayer's name. */
export interface TcgplayerGroup {
  groupId: number;
  name: string;
}

export interface JapaneseSyncReport {
  /** Japanese sets read (those of a followed series). */
  setsRead: number;
  setsAdded: SetAdded[];
  /** Cards added to Japanese sets content held, by id. */
  cardsAdded: string[];
  /** Of the cards added, those given an English name, and those left with their Japanese name alone. */
  named: number;
  unnamed: number;
}

/** Where the Japanese sync reads: TCGdex's `/ja/` answers, and tcgcsv's "Pokemon Japan" group list when given. */
export interface JapaneseSources {
  tcgdex: TcgdexReader;
  groups: (() => Promise<TcgplayerGroup[]>) | null;
}

/** How the Japanese pass adds to the sync's plan: held back and differences join the sync's report. */
interface Plan {
  date: string;
  heldBack: string[];
  differences: string[];
  /** The card files the pass changed (relative to content/). */
  touched: Set<string>;
}

const CARD_ID = /^[A-Za-z0-9][A-Za-z0-9._!?-]*$/;
const followedSerie = (tcgdexSetId: string) => Object.values(JAPANESE_TCGDEX_SERIES).find((serie) => tcgdexSetId.startsWith(serie));
const seriesOf = (serieId: string) => Object.entries(JAPANESE_TCGDEX_SERIES).find(([, serie]) => serie === serieId)?.[0];

/**
 * Adds to `content` (in place) the Japanese sets and cards it lacks; what it did.
 * @throws ReplyError a malformed reply, naming the file or URL and the field; SourceFailed a source that did not reply
 */
export async function syncJapanese(content: PriceContent, { tcgdex, groups }: JapaneseSources, plan: Plan): Promise<JapaneseSyncReport> {
  const report: JapaneseSyncReport = { setsRead: 0, setsAdded: [], cardsAdded: [], named: 0, unnamed: 0 };
  const tcgplayerGroups = groups ? await groups() : [];
  const englishNames = englishNamesOf(content);
  const heldCards = new Map<string, { path: string; byNumber: Map<string, CardEntry> }>();
  for (const [path, cards] of content.cardFiles) {
    for (const card of cards) {
      if (card.language !== 'ja') continue;
      const held = heldCards.get(card.set) ?? heldCards.set(card.set, { path, byNumber: new Map() }).get(card.set)!;
      held.byNumber.set(card.number, card);
    }
  }
  for (const listed of await tcgdex.sets()) {
    if (!followedSerie(listed.id)) continue;
    const ours = japaneseSetIdOf(listed.id);
    if (!ours) {
      plan.heldBack.push(`Japanese set ${listed.id}: "jp-" and its id is not a set id of ours`);
      continue;
    }
    const reply = await tcgdex.set(listed.id);
    const where = tcgdex.whereSet(listed.id);
    if (reply.id !== listed.id) throw new ReplyError(`${where}: id: "${reply.id}", but the set asked for is "${listed.id}"`);
    const series = seriesOf(reply.serie.id);
    if (!series) continue;
    report.setsRead++;
    const heldSet = content.sets.find((set) => set.id === ours);
    const set = heldSet ?? japaneseSetOf(reply, ours, series, tcgplayerGroups);
    if (!heldSet) checkConverted(setSchema, set, where);
    else if (heldSet.tcgplayerGroupId === null) {
      const group = groupOfJapaneseSet(tcgplayerGroups, reply.id);
      if (group) plan.differences.push(`${ours} tcgplayerGroupId: content null, TCGplayer's group ${group.groupId} "${group.name}"`);
    }
    const held = heldCards.get(ours)?.byNumber ?? new Map<string, CardEntry>();
    const added: CardEntry[] = [];
    for (const [i, resume] of reply.cards.entries()) {
      const mine = held.get(resume.localId);
      if (mine && mine.nameJa !== resume.name)
        plan.differences.push(`${mine.id} nameJa: content ${JSON.stringify(mine.nameJa)}, TCGdex ${JSON.stringify(resume.name)}`);
      if (mine || added.some((card) => card.number === resume.localId)) continue;
      if (!/\d/.test(resume.localId) || !CARD_ID.test(`${ours}-${resume.localId}`)) {
        plan.heldBack.push(`card ${resume.id}: its local id "${resume.localId}" is not a collector number`);
        continue;
      }
      const card = await tcgdex.card(resume.id);
      const at = tcgdex.whereCard(resume.id);
      if (card.id !== resume.id || card.localId !== resume.localId || card.set.id !== reply.id)
        throw new ReplyError(
          `${at}: id, localId and set.id "${card.id}", "${card.localId}", "${card.set.id}", but ${where}: cards[${i}] is "${resume.id}" of "${reply.id}"`,
        );
      const nameEn = englishNames.get(card.name) ?? null;
      const converted = cardOfTcgdex(card, {
        set,
        tcgdex: { serie: reply.serie.id, set: reply.id },
        number: resume.localId,
        groupId: set.tcgplayerGroupId ?? null,
        date: plan.date,
        japanese: { nameEn },
      });
      if (!('card' in converted)) {
        plan.heldBack.push(`card ${resume.id}: ${converted.heldBack}`);
        continue;
      }
      checkConverted(cardSchema, converted.card, at);
      for (const reason of converted.heldBack) plan.heldBack.push(`card ${resume.id}: ${reason}`);
      added.push(converted.card);
      report[nameEn === null ? 'unnamed' : 'named']++;
    }
    if (added.length === 0) {
      if (!heldSet) plan.heldBack.push(`Japanese set ${listed.id}: no card to add, so the set is not added`);
      continue;
    }
    if (heldSet) report.cardsAdded.push(...added.map((card) => card.id));
    else {
      content.sets.push(set);
      report.setsAdded.push({ id: ours, name: set.name, cards: added.length });
    }
    const path = heldCards.get(ours)?.path ?? `cards/${ours}.json`;
    content.cardFiles.set(path, [...(content.cardFiles.get(path) ?? []), ...added]);
    plan.touched.add(path);
  }
  return report;
}

/**
 * The English name of each Japanese name content's Japanese cards carry, where every card of that Japanese name that
 * has an English name has the same one (a card without one has its Japanese name as `name`).
 * @example englishNamesOf(content).get('ブラッキーex') // "Umbreon ex"
 */
export function englishNamesOf(content: Pick<PriceContent, 'cardFiles'>): Map<string, string> {
  const names = new Map<string, Set<string>>();
  for (const cards of content.cardFiles.values()) {
    for (const card of cards) {
      if (card.language !== 'ja' || card.nameJa === undefined || card.name === card.nameJa) continue;
      const english = names.get(card.nameJa) ?? names.set(card.nameJa, new Set()).get(card.nameJa)!;
      english.add(card.name);
    }
  }
  return new Map([...names].flatMap(([ja, english]) => (english.size === 1 ? [[ja, [...english][0]] as const] : [])));
}

/**
 * A Japanese set's TCGplayer group in the "Pokemon Japan" list: the one group whose code is TCGdex's id (any case), or
 * its promo group; undefined when none, or more than one, is.
 * @example groupOfJapaneseSet([{ groupId: 23909, name: 'SV8a: Terastal Fest ex' }], 'SV8a') // { groupId: 23909, name: "SV8a: Terastal Fest ex" }
 */
export function groupOfJapaneseSet(groups: readonly TcgplayerGroup[], tcgdexSetId: string): TcgplayerGroup | undefined {
  const id = tcgdexSetId.toLowerCase();
  const matching = groups.filter(({ name }) => {
    const lower = name.toLowerCase();
    return lower.startsWith(`${id}: `) || lower === `${id} promotional cards`;
  });
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * A Japanese set's English name from its TCGplayer group's: without the code before ": " (a promo group's whole).
 * @example englishSetName('SV8a: Terastal Fest ex') // "Terastal Fest ex"
 * @example englishSetName('M-P Promotional Cards') // "M-P Promotional Cards"
 */
export function englishSetName(groupName: string): string {
  const colon = groupName.indexOf(': ');
  return colon > 0 ? groupName.slice(colon + 2) : groupName;
}

/** A TCGdex Japanese set as content.sets holds a Japanese set (the Japanese import's fields, in its order). */
function japaneseSetOf(reply: TcgdexSet, id: string, series: string, groups: readonly TcgplayerGroup[]): SetEntry {
  const group = groupOfJapaneseSet(groups, reply.id) ?? groups.find((g) => g.groupId === reply.thirdParty?.tcgplayer);
  return {
    id,
    name: group ? englishSetName(group.name) : reply.name,
    language: 'ja',
    nameJa: reply.name,
    tcgplayerGroupId: group?.groupId ?? reply.thirdParty?.tcgplayer ?? null,
    series,
    printedTotal: reply.cardCount.official || reply.cards.length,
    total: reply.cards.length,
    releaseDate: reply.releaseDate,
  };
}
