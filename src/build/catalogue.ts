import { getCollection } from 'astro:content';
import { type CardDetail, type CardSummary, cardToDetail, cardToSummary } from '../lib/card-record.ts';
import type { ChangeRecord } from '../lib/catalogue-changes.ts';
import { pricesAsOfOf } from '../lib/catalogue-changes.ts';
import { changesByItem } from '../lib/change-feed.ts';
import { articleToDetail, type KnowledgeArticle, type KnowledgeDetail } from '../lib/knowledge-record.ts';
import { KNOWLEDGE_CATEGORY_IDS } from '../lib/knowledge-taxonomy.ts';
import { type SealedDetail, sealedToDetail } from '../lib/sealed-record.ts';
import { type AliasSources, aliasProblems } from '../lib/search/aliases.ts';
import { foldText, queryWords } from '../lib/search/normalize.ts';
import { cardSlug, sealedSlug } from '../lib/slug.ts';
import { readAliasContent } from '../loaders/alias-content.ts';
import { readChangeContent } from '../loaders/change-content.ts';
import { CONTENT_DIR } from '../loaders/content-dir.ts';
import { readCardFiles, readSealedFiles } from '../loaders/record-files.ts';
import type { SetEntry } from '../schemas/set.ts';

/**
 * The whole catalogue as the build sees it: every record derived once from the
 * content collections and shared by every route that emits files, so the JSON,
 * the Markdown and the HTML of an item can never disagree. Cross-collection
 * checks live here and fail the build naming the file and field at fault.
 */
export interface Catalogue {
  pricesAsOf: string;
  /** content/sets.json, in content order (the set pages: src/build/set-files.ts). */
  sets: SetEntry[];
  /** Every card's summary, in content order; the detail of card i is `cardDetail(i)`. */
  cards: CardSummary[];
  /**
   * The full record of a card, made when asked: 18k details with their history
   * held at once would double the build's heap, next to the content store.
   */
  cardDetail(index: number): CardDetail;
  /** Search keys that are not part of the served card record. */
  cardKeys: Map<string, { set: string; number: string; printedTotal: number }>;
  sealed: SealedDetail[];
  /** The set (id and name) of each sealed product that belongs to one, by product id (slug). */
  sealedSets: Map<string, { set: string; setName: string }>;
  /** content/aliases/ with the sets, checked against the catalogue. */
  aliases: AliasSources;
  articles: KnowledgeDetail[];
  /** Each article's body as HTML, rendered by Astro's Markdown pipeline when the content loaded. */
  articleHtml: Map<string, string>;
  /**
   * content/changes/: what each import changed, newest first. Records may name
   * items no longer in the catalogue (removed ones are expected); the details of
   * the items that are still here list the imports that changed them.
   */
  changes: ChangeRecord[];
}

let loading: Promise<Catalogue> | undefined;

export function loadCatalogue(): Promise<Catalogue> {
  loading ??= build();
  return loading;
}

async function build(): Promise<Catalogue> {
  // Cards and sealed products come from their files (the collections keep only where each is: see
  // src/loaders/json-array-loader.ts), read in file order, so every build reads them in the same order.
  const [sets, knowledgeEntries] = await Promise.all([getCollection('sets'), getCollection('knowledge')]);
  const cardEntries = readCardFiles();
  const sealedEntries = readSealedFiles();
  const setById = new Map(sets.map((s) => [s.id, s.data]));
  const changes = readChangeContent(CONTENT_DIR);
  const cardChanges = changesByItem(changes, 'cards');
  const sealedChanges = changesByItem(changes, 'sealed');

  // The catalogue's as-of date: the newest price date anywhere in the import.
  const pricesAsOf = pricesAsOfOf(
    cardEntries.map((e) => e.data),
    sealedEntries.map((e) => e.data),
  );

  const cardKeys = new Map<string, { set: string; number: string; printedTotal: number }>();
  const cards = cardEntries.map((entry) => {
    const set = setById.get(entry.data.set);
    if (!set) throw new Error(`${entry.filePath}: card ${entry.id} field "set": no set "${entry.data.set}"`);
    cardKeys.set(entry.id, { set: entry.data.set, number: entry.data.number, printedTotal: set.printedTotal });
    return cardToSummary(entry.data, set, pricesAsOf);
  });
  const cardDetail = (index: number) => {
    const entry = cardEntries[index];
    return cardToDetail(entry.data, setById.get(entry.data.set)!, pricesAsOf, cardChanges.get(entry.id));
  };
  assertUniqueSlugs(
    'card',
    cardEntries.map((e) => [cardSlug(e.data), `${e.filePath} (${e.id})`]),
  );
  const sealed = sealedEntries.map((entry) => sealedToDetail(entry.data, pricesAsOf, sealedChanges.get(String(entry.data.productId))));
  const sealedSets = new Map<string, { set: string; setName: string }>();
  sealedEntries.forEach((entry, i) => {
    const set = entry.data.set === undefined ? undefined : setById.get(entry.data.set);
    if (set) sealedSets.set(sealed[i].id, { set: entry.data.set!, setName: set.name });
  });
  assertUniqueSlugs(
    'sealed product',
    sealedEntries.map((e) => [sealedSlug(e.data), `${e.filePath} (${e.id})`]),
  );

  const cardSlugById = new Map(cardEntries.map((e) => [e.id, cardSlug(e.data)]));
  const sealedSlugById = new Map(sealedEntries.map((e) => [e.data.productId, sealedSlug(e.data)]));
  const articleIds = new Set(knowledgeEntries.map((e) => e.id));
  const articles = knowledgeEntries.map((entry) => {
    const where = entry.filePath ?? entry.id;
    const article: KnowledgeArticle = { id: entry.id, data: entry.data, body: entry.body ?? '' };
    if (!article.body.trim()) throw new Error(`${where}: the article has no body (answer_detail)`);
    entry.data.related.forEach((slug, i) => {
      if (!articleIds.has(slug) || slug === entry.id) throw new Error(`${where}: related[${i}]: no other article "${slug}"`);
    });
    const cardsMentioned = entry.data.mentions.cards.map((id, i) => {
      const slug = cardSlugById.get(id);
      if (!slug) throw new Error(`${where}: mentions.cards[${i}]: no card with id "${id}"`);
      return slug;
    });
    const sealedMentioned = entry.data.mentions.sealed.map((id, i) => {
      const slug = sealedSlugById.get(id);
      if (!slug) throw new Error(`${where}: mentions.sealed[${i}]: no sealed product with id ${id}`);
      return slug;
    });
    return articleToDetail(article, { cards: cardsMentioned, sealed: sealedMentioned });
  });
  // Category order first (as the taxonomy lists them), then by slug.
  articles.sort((a, b) => KNOWLEDGE_CATEGORY_IDS.indexOf(a.category as never) - KNOWLEDGE_CATEGORY_IDS.indexOf(b.category as never) || (a.id < b.id ? -1 : 1));

  const articleHtml = new Map(knowledgeEntries.map((e) => [e.id, e.rendered?.html ?? '']));
  const aliases = checkedAliases(
    sets.map((s) => ({ id: s.id, name: s.data.name, ...(s.data.ptcgoCode && { ptcgoCode: s.data.ptcgoCode }) })),
    cardEntries.map((e) => e.data),
    sealedEntries.map((e) => e.data),
  );
  return { pricesAsOf, sets: sets.map((s) => s.data), cards, cardDetail, cardKeys, sealed, sealedSets, aliases, articles, articleHtml, changes };
}

/** content/aliases/, failing the build with every problem named by file, entry and field. */
function checkedAliases(sets: AliasSources['sets'], cards: { id: string; name: string }[], sealed: { productId: number; cleanName: string }[]): AliasSources {
  const content = readAliasContent(CONTENT_DIR);
  const nameWords = new Set<string>();
  for (const text of [...cards.map((c) => c.name), ...sealed.map((p) => p.cleanName), ...sets.map((s) => s.name)]) {
    for (const word of queryWords(foldText(text))) nameWords.add(word);
  }
  const problems = aliasProblems(content, {
    sets,
    cardIds: new Set(cards.map((c) => c.id)),
    sealedIds: new Set(sealed.map((p) => p.productId)),
    nameWords,
  });
  if (problems.length) throw new Error(`content/aliases has ${problems.length} problem(s):\n${problems.map((p) => `  content/aliases/${p}`).join('\n')}`);
  return { content, sets };
}

function assertUniqueSlugs(what: string, pairs: [string, string][]): void {
  const seen = new Map<string, string>();
  for (const [slug, where] of pairs) {
    const other = seen.get(slug);
    if (other) throw new Error(`${where}: ${what} slug "${slug}" is also the slug of ${other}`);
    seen.set(slug, where);
  }
}
