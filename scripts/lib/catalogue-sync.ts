import { type ContentCatalogue, catalogueChanges } from '../../src/catalogue/catalogue-changes.ts';
import { cardNumberOf, setIdOfTcgdex, TCGDEX_SERIES, unpaddedIfDigits } from '../../src/catalogue/tcgdex-ids.ts';
import { type CardEntry, cardSchema } from '../../src/schemas/card.ts';
import type { ChangeRecord, SetAdded } from '../../src/schemas/changes.ts';
import { addDays } from '../../src/schemas/dates.ts';
import { languageOfId } from '../../src/schemas/language.ts';
import { sealedSchema } from '../../src/schemas/sealed.ts';
import { setSchema } from '../../src/schemas/set.ts';
import { formatJson } from './format-json.ts';
import { type JapaneseSources, type JapaneseSyncReport, syncJapanese } from './japanese-sync.ts';
import { catalogueOf, mergeChangeRecords, type PriceContent } from './price-import.ts';
import { mainGroupsOf, setOfGroupIn } from './set-groups.ts';
import { checkConverted, fieldPath, ReplyError } from './source-replies.ts';
import type { TcgcsvReader } from './tcgcsv-products.ts';
import { isSealed, sealedFileOf, sealedOfTcgcsv } from './tcgcsv-products.ts';
import { cardNameOf, cardOfTcgdex, seriesOfSerie, setOfTcgdex } from './tcgdex-convert.ts';
import type { TcgdexCard, TcgdexReader } from './tcgdex-replies.ts';

/**
 * The catalogue sync (scripts/catalogue-sync.ts): what content lacks of TCGdex's sets and cards, and of tcgcsv's
 * sealed products of new sets, planned in memory against the content as read (price-import.ts readPriceContent),
 * so that nothing is written unless every reply read was good.
 *
 * It only adds. A set TCGdex lists in a followed series (TCGDEX_SERIES) that content lacks is added with its
 * cards; a card of a set content holds that content lacks is added (new promos); a card content holds with no
 * price line at all gets the lines TCGdex gives it (there is no line an editor wrote to keep). Nothing else of
 * content changes: a field of a card content holds that differs from TCGdex's is reported, never written, and a
 * set or card the reply lacks stays. What it cannot convert is held back and reported. Run twice, the second
 * run finds nothing to add.
 */

/** Days after its release that a set's TCGplayer group is read for sealed products content lacks (those listed late). */
export const SEALED_RECENT_DAYS = 365;

/** The fields of a card that the sync compares with TCGdex's, and reports (never writes) where they differ. */
const COMPARED: readonly (keyof CardEntry)[] = ['name', 'supertype', 'subtypes', 'types', 'rarity', 'artist', 'hp', 'nationalPokedexNumbers', 'regulationMark'];

const CARD_ID = /^[A-Za-z0-9][A-Za-z0-9._!?-]*$/;

export interface SyncOptions {
  /** The day of the sync (YYYY-MM-DD): the date of the lines it lists and of its change record. */
  date: string;
  /** The change record content holds for a day, if any (the sync's additions join it). */
  changeRecordOf: (asOf: string) => ChangeRecord | undefined;
  /** Read every card of the followed sets, not only those content lacks or holds unpriced, and report every difference. */
  compare?: boolean;
  /**
   * The text of content/aliases/sets.json, which holds one entry per set: a set added gets its own, with no alias
   * yet, where an editor adds the names collectors use for it (docs/search.md).
   */
  setAliases?: string;
  /** TCGdex's Japanese answers and tcgcsv's "Pokemon Japan" groups: the Japanese sets and cards content lacks (japanese-sync.ts). */
  japanese?: JapaneseSources;
}

export interface SyncReport {
  /** TCGdex sets read (those of a followed series). */
  setsRead: number;
  /** TCGdex sets outside the followed series, not read. */
  notFollowed: string[];
  setsAdded: SetAdded[];
  /** Cards added to sets content held, by id. */
  cardsAdded: string[];
  /** Cards content held with no price line that got TCGdex's, with the number of lines. */
  linesListed: { id: string; lines: number }[];
  /** Sealed products added, with their group. */
  sealedAdded: { productId: number; name: string; groupId: number }[];
  /** Groups read for sealed products; those tcgcsv does not list. */
  groupsRead: number[];
  groupsNotListed: number[];
  /** Where content and TCGdex differ on a card content holds (kept as content has it). */
  differences: string[];
  /** What was not added, and why. */
  heldBack: string[];
  /** The change record written with the additions, or null when they change nothing a client sees. */
  changes: ChangeRecord | null;
  /** What the Japanese pass did, or null when TCGdex's Japanese answers were not read. */
  japanese: JapaneseSyncReport | null;
}

const followedSerie = (tcgdexSetId: string) => Object.values(TCGDEX_SERIES).find((serie) => tcgdexSetId.startsWith(serie));
const show = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));

/**
 * Plans a sync of `content` (changed in place) from TCGdex (and tcgcsv's product lists, when given): the files
 * that change (path relative to content/ → text), and what it did.
 * @throws ReplyError a malformed reply, naming the file or URL and the field; SourceFailed a source that did not reply
 */
export async function planSync(
  content: PriceContent,
  tcgdex: TcgdexReader,
  tcgcsv: TcgcsvReader | null,
  { date, changeRecordOf, compare = false, setAliases, japanese }: SyncOptions,
): Promise<{ files: Map<string, string>; report: SyncReport }> {
  const report: SyncReport = {
    setsRead: 0,
    notFollowed: [],
    setsAdded: [],
    cardsAdded: [],
    linesListed: [],
    sealedAdded: [],
    groupsRead: [],
    groupsNotListed: [],
    differences: [],
    heldBack: [],
    changes: null,
    japanese: null,
  };
  // What a client saw before: copies of the lists, for the cards the sync changes are replaced, never changed in place.
  const catalogue = catalogueOf(content);
  const before: ContentCatalogue = { sets: [...catalogue.sets], cards: catalogue.cards, sealed: catalogue.sealed };

  /** The files the sync changes: only these are written (another file of content keeps its bytes, whatever its layout). */
  const touched = new Set<string>();
  const fileOfSet = new Map<string, string>();
  const cardsOfSet = new Map<string, CardEntry[]>();
  const placeOf = new Map<CardEntry, { path: string; i: number }>();
  for (const [path, cards] of content.cardFiles) {
    for (const [i, card] of cards.entries()) {
      placeOf.set(card, { path, i });
      if (!fileOfSet.has(card.set)) fileOfSet.set(card.set, path);
      const ofSet = cardsOfSet.get(card.set);
      ofSet ? ofSet.push(card) : cardsOfSet.set(card.set, [card]);
    }
  }
  const groupOfSet = mainGroupsOf(
    catalogue.cards.flatMap((card) => card.prices.map((line) => ({ set: card.set, groupId: line.groupId, primary: line.primary }))),
  );
  const setIds = new Set(content.sets.map((set) => set.id));

  // 1. TCGdex: the sets of the followed series, each with the cards content lacks.
  const listedSets = await tcgdex.sets();
  const oursOf = oursOfListed(listedSets, tcgdex.whereSets());
  for (const listed of listedSets) {
    const serie = followedSerie(listed.id);
    if (!serie) {
      report.notFollowed.push(listed.id);
      continue;
    }
    const ours = oursOf.get(listed.id);
    if (!ours) {
      report.heldBack.push(`set ${listed.id}: its id gives no id of ours by the rule (src/catalogue/tcgdex-ids.ts)`);
      continue;
    }
    const reply = await tcgdex.set(listed.id);
    const where = tcgdex.whereSet(listed.id);
    if (reply.id !== listed.id) throw new ReplyError(`${where}: id: "${reply.id}", but the set asked for is "${listed.id}"`);
    const series = seriesOfSerie(reply.serie.id);
    if (!series) {
      report.notFollowed.push(listed.id);
      continue;
    }
    report.setsRead++;
    const held = cardsOfSet.get(ours) ?? [];
    const byNumber = new Map(held.map((card) => [unpaddedIfDigits(card.number), card]));
    // The Mega Evolution promos keep TCGdex's zero padding in content (docs/data.md): a set that does keeps it.
    const padded = held.some((card) => /^0\d/.test(card.number));
    const known = setIds.has(ours);
    if (!groupOfSet.has(ours) && reply.thirdParty?.tcgplayer !== undefined) groupOfSet.set(ours, reply.thirdParty.tcgplayer);
    const groupId = groupOfSet.get(ours) ?? null;
    const set = known ? content.sets.find((s) => s.id === ours)! : setOfTcgdex(reply, ours, series);
    if (!known) checkConverted(setSchema, set, where);
    const added: CardEntry[] = [];
    // The numbers this reply gave a card so far: one look-up a card, so that a set of 50,000 cards is read in a breath.
    const numbersAdded = new Set<string>();
    for (const [i, resume] of reply.cards.entries()) {
      const number = cardNumberOf(resume.localId, padded);
      if (!/\d/.test(resume.localId) || !CARD_ID.test(`${ours}-${number}`)) {
        report.heldBack.push(`card ${resume.id}: its local id "${resume.localId}" is not a collector number`);
        continue;
      }
      const mine = byNumber.get(unpaddedIfDigits(number));
      if (!mine && numbersAdded.has(unpaddedIfDigits(number))) {
        report.heldBack.push(`card ${resume.id}: its number ${number} is another card's of the set in the same reply`);
        continue;
      }
      if (mine && mine.prices.length > 0 && !compare) {
        if (cardNameOf(resume.name) !== mine.name)
          report.differences.push(`${mine.id} name: content ${show(mine.name)}, TCGdex ${show(cardNameOf(resume.name))}`);
        continue;
      }
      const card = await tcgdex.card(resume.id);
      checkCardReply(card, resume, reply.id, tcgdex.whereCard(resume.id), `${where}: cards[${i}]`);
      const converted = cardOfTcgdex(card, { set, tcgdex: { serie: reply.serie.id, set: reply.id }, number, groupId, date });
      if (!('card' in converted)) {
        report.heldBack.push(`card ${resume.id}: ${converted.heldBack}`);
        continue;
      }
      checkConverted(cardSchema, converted.card, tcgdex.whereCard(resume.id));
      for (const reason of converted.heldBack) report.heldBack.push(`card ${resume.id}: ${reason}`);
      if (!mine) {
        added.push(converted.card);
        numbersAdded.add(unpaddedIfDigits(number));
        continue;
      }
      report.differences.push(...differencesOf(mine, converted.card));
      if (mine.prices.length === 0 && converted.card.prices.length > 0) {
        touched.add(replaceCard(content, placeOf.get(mine)!, { ...mine, prices: converted.card.prices }, touched));
        report.linesListed.push({ id: mine.id, lines: converted.card.prices.length });
      }
    }
    if (added.length === 0) {
      if (!known) report.heldBack.push(`set ${listed.id}: no card to add, so the set is not added`);
      continue;
    }
    if (!known) {
      content.sets.push(set);
      setIds.add(ours);
      report.setsAdded.push({ id: ours, name: set.name, cards: added.length });
    } else report.cardsAdded.push(...added.map((card) => card.id));
    const path = fileOfSet.get(ours) ?? `cards/${ours}.json`;
    content.cardFiles.set(path, [...(content.cardFiles.get(path) ?? []), ...added]);
    touched.add(path);
  }

  // 1b. TCGdex's Japanese answers: the Japanese sets and cards content lacks.
  if (japanese) {
    report.japanese = await syncJapanese(content, japanese, { date, heldBack: report.heldBack, differences: report.differences, touched });
    report.setsAdded.push(...report.japanese.setsAdded);
  }

  // 2. tcgcsv: the sealed products content lacks of the new sets' groups, and of the sets released in the last year.
  if (tcgcsv) for (const path of await addSealed(content, tcgcsv, groupOfSet, date, report)) touched.add(path);

  // 3. What a client sees change, recorded under the day of the sync (the day's price import adds to it).
  const files = new Map<string, string>();
  if (report.setsAdded.length > 0) files.set('sets.json', `${formatJson(content.sets)}\n`);
  if (report.setsAdded.length > 0 && setAliases !== undefined) {
    const listed = new Set((JSON.parse(setAliases) as { set: string }[]).map((entry) => entry.set));
    const unlisted = report.setsAdded.map((set) => set.id).filter((id) => !listed.has(id));
    if (unlisted.length > 0) files.set('aliases/sets.json', withEntriesOf(setAliases, unlisted));
  }
  for (const path of [...touched].sort()) {
    files.set(path, `${formatJson(path.startsWith('cards/') ? content.cardFiles.get(path) : content.sealedFiles.get(path))}\n`);
  }
  const record = catalogueChanges(before, catalogueOf(content));
  if (record) {
    record.asOf = date > record.previousAsOf ? date : record.previousAsOf;
    if (report.setsAdded.length > 0) record.sets = { added: report.setsAdded };
    const earlier = changeRecordOf(record.asOf);
    report.changes = earlier ? mergeChangeRecords(earlier, record) : record;
    files.set(`changes/${record.asOf}.json`, `${formatJson(report.changes)}\n`);
  }
  return { files, report };
}

/**
 * Our id of each TCGdex set of a followed series that the rule gives one. Two sets that give one id (`sv08.5` and
 * `sv8.5`: sv8pt5) would add their cards under the same ids: the list is refused, naming both.
 * @throws ReplyError e.g. `tcgdex/sets.json: [3].id: "me8.5" is our set me8pt5, as [1] "me08.5" is`
 */
function oursOfListed(listed: readonly { id: string }[], where: string): Map<string, string> {
  const oursOf = new Map<string, string>();
  const first = new Map<string, number>();
  for (const [i, { id }] of listed.entries()) {
    const ours = followedSerie(id) && setIdOfTcgdex(id);
    if (!ours) continue;
    const earlier = first.get(ours);
    if (earlier !== undefined) throw new ReplyError(`${where}: [${i}].id: "${id}" is our set ${ours}, as [${earlier}] "${listed[earlier].id}" is`);
    first.set(ours, i);
    oursOf.set(id, ours);
  }
  return oursOf;
}

/** aliases/sets.json with an entry of no alias for each set, appended as text: the entries it held keep their bytes. */
function withEntriesOf(text: string, sets: string[]): string {
  const entries = sets.map((set) => `  ${formatJson({ set, aliases: [] }, '  ')}`).join(',\n');
  const held = text.trimEnd().replace(/\]$/, '').trimEnd();
  return held === '[' ? `[\n${entries}\n]\n` : `${held},\n${entries}\n]\n`;
}

/** The sealed products of the groups to read that content lacks (any product with no card number); the files changed. */
async function addSealed(content: PriceContent, tcgcsv: TcgcsvReader, groupOfSet: Map<string, number>, date: string, report: SyncReport): Promise<string[]> {
  const since = addDays(date, -SEALED_RECENT_DAYS);
  // A Japanese set's group is in the "Pokemon Japan" category, whose sealed products the sync does not read.
  const recent = new Set(report.setsAdded.filter((set) => languageOfId(set.id) === 'en').map((set) => set.id));
  for (const set of content.sets) if (set.releaseDate >= since && set.language === 'en') recent.add(set.id);
  const groups = [...new Set([...recent].flatMap((set) => (groupOfSet.has(set) ? [groupOfSet.get(set)!] : [])))].sort((a, b) => a - b);
  if (groups.length === 0) return [];
  const changed: string[] = [];
  const names = new Map((await tcgcsv.groups()).map((group) => [group.groupId, group.name]));
  const setOfGroup = setOfGroupIn(groupOfSet);
  const held = new Set<number>();
  for (const { products } of content.sealedFiles.values()) for (const product of products) held.add(product.productId);
  for (const cards of content.cardFiles.values())
    for (const card of cards) for (const line of card.prices) if (line.productId !== null) held.add(line.productId);
  for (const groupId of groups) {
    const name = names.get(groupId);
    if (name === undefined) {
      report.groupsNotListed.push(groupId);
      continue;
    }
    report.groupsRead.push(groupId);
    const where = tcgcsv.whereProducts(groupId);
    const path = [...content.sealedFiles].find(([, file]) => file.group.id === groupId)?.[0] ?? sealedFileOf(groupId, name);
    const file = content.sealedFiles.get(path) ?? { group: { id: groupId, name }, products: [] };
    const added = (await tcgcsv.products(groupId)).flatMap((item, i) => {
      if (!isSealed(item) || held.has(item.productId)) return [];
      if (item.groupId !== groupId) throw new ReplyError(`${where}: results[${i}].groupId: ${item.groupId}, but this is group ${groupId}'s list`);
      held.add(item.productId);
      const product = sealedOfTcgcsv(item, setOfGroup(groupId));
      const issue = sealedSchema.safeParse({ ...product, group: file.group }).error?.issues[0];
      if (issue) throw new ReplyError(`${where}: results[${i}] (product ${item.productId}) ${fieldPath(issue.path)}: ${issue.message}`);
      return [product];
    });
    if (added.length === 0) continue;
    content.sealedFiles.set(path, { ...file, products: [...file.products, ...added].sort((a, b) => a.productId - b.productId) });
    changed.push(path);
    for (const product of added) report.sealedAdded.push({ productId: product.productId, name: product.cleanName, groupId });
  }
  return changed;
}

/** The card a set's reply lists, as its own reply gives it: the same id, local id and set, or the reply is malformed. */
function checkCardReply(card: TcgdexCard, resume: { id: string; localId: string }, setId: string, where: string, listedAt: string): void {
  if (card.id !== resume.id) throw new ReplyError(`${where}: id: "${card.id}", but ${listedAt} is "${resume.id}"`);
  if (card.localId !== resume.localId) throw new ReplyError(`${where}: localId: "${card.localId}", but ${listedAt}.localId is "${resume.localId}"`);
  if (card.set.id !== setId) throw new ReplyError(`${where}: set.id: "${card.set.id}", but the card is listed in set "${setId}"`);
}

/** Where a card content holds and TCGdex's differ, one line a field (and the TCGplayer products content lacks). */
function differencesOf(mine: CardEntry, theirs: CardEntry): string[] {
  const lines = COMPARED.filter((field) => JSON.stringify(mine[field]) !== JSON.stringify(theirs[field])).map(
    (field) => `${mine.id} ${field}: content ${show(mine[field])}, TCGdex ${show(theirs[field])}`,
  );
  if (mine.prices.length > 0) {
    const held = new Set(mine.prices.map((line) => `${line.productId} ${line.variant}`));
    const missing = theirs.prices.filter((line) => !held.has(`${line.productId} ${line.variant}`));
    if (missing.length)
      lines.push(`${mine.id} prices: TCGdex ties ${missing.map((l) => `${l.productId} (${l.variant})`).join(', ')}, content has no such line`);
  }
  return lines;
}

/**
 * Replaces a card of content by a changed copy at its place, in a copy of its file made once (the file's first
 * change, before it is touched), so that the state before the sync keeps the original; the file.
 */
function replaceCard(content: PriceContent, { path, i }: { path: string; i: number }, next: CardEntry, touched: ReadonlySet<string>): string {
  const cards = touched.has(path) ? content.cardFiles.get(path)! : [...content.cardFiles.get(path)!];
  cards[i] = next;
  content.cardFiles.set(path, cards);
  return path;
}
