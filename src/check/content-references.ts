/**
 * The rules that tie the content collections of content/ together: what a record may
 * name in another record, and what must be unique across files. Pure: given the
 * parsed sets, cards, sealed products and articles (each in content order), it
 * returns every problem with the record and the field at fault, and never
 * throws. The content checker (src/check/content-check.ts) reports them with
 * file and line; the build can fail on the same list.
 *
 * @example contentReferenceProblems({ sets: [{ id: 'base1' }], cards: [{ id: 'base1-4', set: 'base2', name: 'Charizard' }], sealed: [], articles: [] })
 * // [{ collection: 'cards', index: 0, path: ['set'], field: 'set', rule: 'unknown-set', message: 'no set "base2" in sets.json' }]
 */

import { setIdOfCard } from '../catalogue/set-record.ts';
import { cardSlug, sealedSlug } from '../catalogue/slug.ts';
import { type AliasCatalogue, type AliasContent, type AliasSet, aliasProblems } from '../search/aliases.ts';
import { foldText, queryWords } from '../search/normalize.ts';

export interface ReferenceSet {
  id: string;
  name?: string;
  ptcgoCode?: string;
}
export interface ReferenceCard {
  id: string;
  set: string;
  name: string;
  /** Its printings' ids, where known: the printing aliases are checked against them. */
  printingIds?: readonly string[];
}
export interface ReferenceSealed {
  productId: number;
  cleanName: string;
  set?: string;
}
export interface ReferenceArticle {
  /** The article's slug (its entry id). */
  id: string;
  related: readonly string[];
  mentions: { cards: readonly string[]; sealed: readonly number[] };
  /** The Markdown body; when given, an empty one is a problem (the article would have no answer_detail). */
  body?: string;
}

export interface ReferenceContent {
  sets: readonly ReferenceSet[];
  cards: readonly ReferenceCard[];
  sealed: readonly ReferenceSealed[];
  articles: readonly ReferenceArticle[];
}

export type ContentCollection = 'sets' | 'cards' | 'sealed' | 'knowledge';

/** What kind of rule a problem breaks: callers may drop the rules whose targets they could not read whole. */
export type ReferenceRule =
  | 'duplicate-id'
  | 'duplicate-slug'
  | 'unknown-set'
  | 'id-not-in-set'
  | 'unknown-article'
  | 'unknown-card'
  | 'unknown-sealed'
  | 'empty-body';

export interface ReferenceProblem {
  collection: ContentCollection;
  /** Position of the record in its input list. */
  index: number;
  /** The field inside the record, as keys and array indexes (empty: the record itself). */
  path: (string | number)[];
  /** The same path as text: `mentions.cards[1]`. */
  field: string;
  rule: ReferenceRule;
  message: string;
}

/** How a message names another record (`cards[12]` unless the caller says better, e.g. with its file). */
export type RecordNamer = (collection: ContentCollection, index: number) => string;

/** `mentions.cards[1]` from `['mentions', 'cards', 1]`. */
export function fieldText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Every cross-collection problem of the content: a card or sealed product naming
 * a set that does not exist, a card whose id does not begin with its set id, an
 * id or slug used twice in a collection, an article with no body, `related`
 * naming no other article, `mentions` naming no card or sealed product.
 * Problems come in collection order (sets, cards, sealed, knowledge), then
 * record order. A duplicate is reported at the later record, naming the earlier.
 */
export function contentReferenceProblems(content: ReferenceContent, nameOf: RecordNamer = (c, i) => `${c}[${i}]`): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const add = (collection: ContentCollection, index: number, path: (string | number)[], rule: ReferenceRule, message: string) => {
    problems.push({ collection, index, path, field: fieldText(path), rule, message });
  };

  const setIds = new Set<string>();
  const firstSet = new Map<string, number>();
  content.sets.forEach((set, i) => {
    const other = firstSet.get(set.id);
    if (other === undefined) firstSet.set(set.id, i);
    else add('sets', i, ['id'], 'duplicate-id', `set id "${set.id}" is also the id of ${nameOf('sets', other)}`);
    setIds.add(set.id);
  });

  const firstCard = new Map<string, number>();
  const firstCardSlug = new Map<string, number>();
  content.cards.forEach((card, i) => {
    if (!setIds.has(card.set)) add('cards', i, ['set'], 'unknown-set', `no set "${card.set}" in sets.json`);
    else if (setIdOfCard(card.id) !== card.set) add('cards', i, ['id'], 'id-not-in-set', `the id "${card.id}" does not begin with its set id "${card.set}-"`);
    const other = firstCard.get(card.id);
    if (other !== undefined) {
      add('cards', i, ['id'], 'duplicate-id', `card id "${card.id}" is also the id of ${nameOf('cards', other)}`);
      return;
    }
    firstCard.set(card.id, i);
    const slug = cardSlug(card);
    const sameSlug = firstCardSlug.get(slug);
    if (sameSlug !== undefined) add('cards', i, ['id'], 'duplicate-slug', `card slug "${slug}" is also the slug of ${nameOf('cards', sameSlug)}`);
    else firstCardSlug.set(slug, i);
  });

  const firstProduct = new Map<number, number>();
  const firstProductSlug = new Map<string, number>();
  content.sealed.forEach((product, i) => {
    if (product.set !== undefined && !setIds.has(product.set)) add('sealed', i, ['set'], 'unknown-set', `no set "${product.set}" in sets.json`);
    const other = firstProduct.get(product.productId);
    if (other !== undefined) {
      add('sealed', i, ['productId'], 'duplicate-id', `productId ${product.productId} is also the id of ${nameOf('sealed', other)}`);
      return;
    }
    firstProduct.set(product.productId, i);
    const slug = sealedSlug(product);
    const sameSlug = firstProductSlug.get(slug);
    if (sameSlug !== undefined)
      add('sealed', i, ['cleanName'], 'duplicate-slug', `sealed product slug "${slug}" is also the slug of ${nameOf('sealed', sameSlug)}`);
    else firstProductSlug.set(slug, i);
  });

  const articleIds = new Set(content.articles.map((a) => a.id));
  content.articles.forEach((article, i) => {
    if (article.body !== undefined && !article.body.trim()) add('knowledge', i, ['body'], 'empty-body', 'the article has no body (answer_detail)');
    article.related.forEach((slug, j) => {
      if (slug === article.id) add('knowledge', i, ['related', j], 'unknown-article', `"${slug}" is the article itself`);
      else if (!articleIds.has(slug)) add('knowledge', i, ['related', j], 'unknown-article', `no other article "${slug}"`);
    });
    article.mentions.cards.forEach((id, j) => {
      if (!firstCard.has(id)) add('knowledge', i, ['mentions', 'cards', j], 'unknown-card', `no card with id "${id}"`);
    });
    article.mentions.sealed.forEach((id, j) => {
      if (!firstProduct.has(id)) add('knowledge', i, ['mentions', 'sealed', j], 'unknown-sealed', `no sealed product with id ${id}`);
    });
  });
  return problems;
}

/**
 * What aliasProblems checks the aliases against, from the catalogue: the sets (a
 * set's name, id and PTCGO code are phrases of their own), every card and sealed
 * product id, and every word of card, sealed product and set names.
 */
export function aliasCatalogueOf(content: Pick<ReferenceContent, 'sets' | 'cards' | 'sealed'>): AliasCatalogue {
  const sets: AliasSet[] = content.sets.map((s) => ({ id: s.id, name: s.name ?? s.id, ...(s.ptcgoCode && { ptcgoCode: s.ptcgoCode }) }));
  const nameWords = new Set<string>();
  for (const text of [...content.cards.map((c) => c.name), ...content.sealed.map((p) => p.cleanName), ...sets.map((s) => s.name)]) {
    for (const word of queryWords(foldText(text))) nameWords.add(word);
  }
  // Checked only when every card's printings are known (a card with a broken field has none to name).
  const printingIds = content.cards.every((c) => c.printingIds) ? new Set(content.cards.flatMap((c) => c.printingIds!)) : undefined;
  return {
    sets,
    cardIds: new Set(content.cards.map((c) => c.id)),
    sealedIds: new Set(content.sealed.map((p) => p.productId)),
    nameWords,
    ...(printingIds && { printingIds }),
  };
}

export interface AliasProblem {
  /** The file in content/aliases/, e.g. `nicknames.json`. */
  file: string;
  /** The entry and field inside the file, e.g. `[0, 'cards', 1]` (an empty path names the file). */
  path: (string | number)[];
  message: string;
}

/** `nicknames.json: [0].cards[1]: no card with id "x"` → its file, path and message. */
const ALIAS_PROBLEM = /^([^:\s]+\.json): ((?:\[\d+\]|\.[A-Za-z_]+)*): ([\s\S]*)$/;
const PATH_PART = /\[(\d+)\]|\.([A-Za-z_]+)/g;

/**
 * aliasProblems (src/search/aliases.ts) against the catalogue, each problem
 * split into the file, the path of the entry and field, and what is wrong.
 */
export function aliasReferenceProblems(aliases: AliasContent, content: Pick<ReferenceContent, 'sets' | 'cards' | 'sealed'>): AliasProblem[] {
  return aliasProblems(aliases, aliasCatalogueOf(content)).map((line) => {
    const match = ALIAS_PROBLEM.exec(line);
    if (!match) return { file: '', path: [], message: line };
    const path = [...match[2].matchAll(PATH_PART)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]));
    return { file: match[1], path, message: match[3] };
  });
}
