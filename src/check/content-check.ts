import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ContentCatalogue } from '../catalogue/catalogue-changes.ts';
import { pricedContentOf, reviewArticles } from '../knowledge-facts/index.ts';
import { plainText } from '../knowledge-facts/markers.ts';
import { reviewReadme } from '../knowledge-facts/readme.ts';
import { ALIAS_FILES } from '../schemas/aliases.ts';
import { cardSchema } from '../schemas/card.ts';
import { changeRecordSchema } from '../schemas/changes.ts';
import { isRecord } from '../schemas/is-record.ts';
import { knowledgeSchema } from '../schemas/knowledge.ts';
import { printingNamesOf } from '../schemas/printing-names.ts';
import { sealedSchema } from '../schemas/sealed.ts';
import { setSchema } from '../schemas/set.ts';
import type { AliasContent } from '../search/aliases.ts';
import {
  aliasReferenceProblems,
  type ContentCollection,
  contentReferenceProblems,
  fieldText,
  type ReferenceArticle,
  type ReferenceCard,
  type ReferenceRule,
  type ReferenceSealed,
  type ReferenceSet,
} from './content-references.ts';
import { readMarkdown } from './front-matter.ts';
import { type ContentProblem, FILE_START, fieldOf, type Issue, Problems } from './problems.ts';

export { type ContentProblem, formatProblem } from './problems.ts';

/**
 * The content checker: every record of a content folder against the schemas the
 * build uses (src/schemas), the references between content collections
 * (src/check/content-references.ts), the search aliases (aliasProblems), and the
 * figures articles mark (src/knowledge-facts/), with the README's catalogue sentence
 * beside the folder, without building anything. Every problem is reported, each with
 * its file, line, column and field.
 */

export interface ContentCounts {
  sets: number;
  cards: number;
  sealed: number;
  articles: number;
  aliasFiles: number;
  changeRecords: number;
}

export interface ContentCheck {
  /** Sorted by file, line, column, field. */
  problems: ContentProblem[];
  counts: ContentCounts;
}

export interface CheckOptions {
  /** Files are named relative to this folder (default: the working directory, as the build names them). */
  root?: string;
}

/** Where a record handed to the reference rules lives: its file and its path in the file. */
interface Origin {
  abs: string;
  prefix: (string | number)[];
}

/** What the content collections hold, as far as they could be read. */
interface CheckedContent {
  sets: ReferenceSet[];
  cards: ReferenceCard[];
  sealed: ReferenceSealed[];
  articles: ReferenceArticle[];
  origins: Record<ContentCollection, Origin[]>;
  /** The records as the schemas parse them, for the articles' figures; null once one fails (the figures would then be wrong, not the articles). */
  parsed: ContentCatalogue | null;
  /** Each article's front matter (undefined where it is not YAML), parallel to `articles`. */
  frontMatter: (Record<string, unknown> | undefined)[];
  /** False when a file of the collection could not be read: references to it are then not judged. */
  complete: { sets: boolean; cards: boolean; sealed: boolean };
  counts: ContentCounts;
}

/** How the report names the records of each content collection: files that are arrays by a root name. */
const ROOT_NAME: Record<ContentCollection, string> = { sets: 'sets', cards: 'cards', sealed: '', knowledge: '' };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const filesOf = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort();
const issuesOf = (error: { issues: unknown }) => error.issues as Issue[];

/**
 * Checks a content folder (content/, or a tree with the same layout).
 * @example checkContent('content').problems // [] when the catalogue is clean
 */
export function checkContent(contentDir: string, options: CheckOptions = {}): ContentCheck {
  const problems = new Problems(options.root ?? process.cwd());
  const catalogue: CheckedContent = {
    sets: [],
    cards: [],
    sealed: [],
    articles: [],
    origins: { sets: [], cards: [], sealed: [], knowledge: [] },
    parsed: { sets: [], cards: [], sealed: [] },
    frontMatter: [],
    complete: { sets: true, cards: true, sealed: true },
    counts: { sets: 0, cards: 0, sealed: 0, articles: 0, aliasFiles: 0, changeRecords: 0 },
  };
  readSets(contentDir, catalogue, problems);
  readCards(contentDir, catalogue, problems);
  readSealed(contentDir, catalogue, problems);
  readArticles(contentDir, catalogue, problems);
  checkReferences(catalogue, problems);
  checkAliases(contentDir, catalogue, problems);
  checkChanges(contentDir, catalogue, problems);
  checkFacts(catalogue, problems);
  checkReadme(contentDir, catalogue, problems);
  return { problems: problems.resolve(), counts: catalogue.counts };
}

/** sets.json: an array of sets. */
function readSets(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const abs = join(contentDir, 'sets.json');
  if (!existsSync(abs)) {
    catalogue.complete.sets = false;
    catalogue.parsed = null;
    problems.add(abs, FILE_START, '(file)', 'sets.json is missing: every card names its set there');
    return;
  }
  const file = problems.readJson(abs);
  if (file && !Array.isArray(file.data)) problems.add(abs, { kind: 'json', path: [] }, '(file)', 'expected an array of sets');
  if (!file || !Array.isArray(file.data)) {
    catalogue.complete.sets = false;
    catalogue.parsed = null;
    return;
  }
  file.data.forEach((set: unknown, i) => {
    catalogue.counts.sets++;
    const parsed = setSchema.safeParse(set);
    if (!parsed.success) problems.addIssues(abs, 'sets', [i], issuesOf(parsed.error));
    keepParsed(catalogue, 'sets', parsed);
    if (!isRecord(set) || typeof set.id !== 'string') return;
    const { id, name, ptcgoCode } = set;
    catalogue.sets.push({ id, ...(typeof name === 'string' && { name }), ...(typeof ptcgoCode === 'string' && { ptcgoCode }) });
    catalogue.origins.sets.push({ abs, prefix: [i] });
  });
}

/** cards/<set>.json: each an array of cards. */
function readCards(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const dir = join(contentDir, 'cards');
  if (!existsSync(dir)) {
    catalogue.complete.cards = false;
    catalogue.parsed = null;
    problems.add(dir, FILE_START, '(file)', 'the cards folder does not exist');
    return;
  }
  for (const name of filesOf(dir, '.json')) {
    const abs = join(dir, name);
    const file = problems.readJson(abs);
    if (file && !Array.isArray(file.data)) problems.add(abs, { kind: 'json', path: [] }, '(file)', 'expected an array of cards');
    if (!file || !Array.isArray(file.data)) {
      catalogue.complete.cards = false;
      catalogue.parsed = null;
      continue;
    }
    file.data.forEach((card: unknown, i) => {
      catalogue.counts.cards++;
      const parsed = cardSchema.safeParse(card);
      if (!parsed.success) problems.addIssues(abs, 'cards', [i], issuesOf(parsed.error));
      keepParsed(catalogue, 'cards', parsed);
      // A card with a broken field still exists for the references (mentions, aliases, duplicates).
      if (!isRecord(card) || typeof card.id !== 'string' || typeof card.set !== 'string') return;
      catalogue.cards.push({
        id: card.id,
        set: card.set,
        name: typeof card.name === 'string' ? card.name : '',
        ...(parsed.success && { printingIds: printingNamesOf(parsed.data.prices).map((n) => n.id) }),
      });
      catalogue.origins.cards.push({ abs, prefix: [i] });
    });
  }
}

/** sealed/<group>.json: `{ group, products: [...] }`; the group belongs to every product (as src/loaders/record-files.ts maps it). */
function readSealed(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const dir = join(contentDir, 'sealed');
  if (!existsSync(dir)) {
    catalogue.complete.sealed = false;
    catalogue.parsed = null;
    problems.add(dir, FILE_START, '(file)', 'the sealed folder does not exist');
    return;
  }
  for (const name of filesOf(dir, '.json')) {
    const abs = join(dir, name);
    const file = problems.readJson(abs);
    const data = file?.data;
    if (!isRecord(data) || !Array.isArray(data.products)) {
      if (file) problems.add(abs, { kind: 'json', path: [] }, '(file)', 'expected { group, products: [...] }');
      catalogue.complete.sealed = false;
      catalogue.parsed = null;
      continue;
    }
    data.products.forEach((product: unknown, i) => {
      catalogue.counts.sealed++;
      const parsed = sealedSchema.safeParse(isRecord(product) ? { ...product, group: data.group } : product);
      keepParsed(catalogue, 'sealed', parsed);
      if (!parsed.success) {
        // The group's problems are the file's (reported once); the rest are the product's.
        const issues = issuesOf(parsed.error);
        problems.addIssues(
          abs,
          '',
          ['products', i],
          issues.filter((issue) => issue.path[0] !== 'group'),
        );
        problems.addIssues(
          abs,
          '',
          [],
          issues.filter((issue) => issue.path[0] === 'group'),
        );
      }
      if (!isRecord(product) || typeof product.productId !== 'number') return;
      const cleanName = typeof product.cleanName === 'string' ? product.cleanName : '';
      catalogue.sealed.push({ productId: product.productId, cleanName, ...(typeof product.set === 'string' && { set: product.set }) });
      catalogue.origins.sealed.push({ abs, prefix: ['products', i] });
    });
  }
}

/**
 * The entry id Astro's glob loader gives an article: the front matter's `slug`,
 * else github-slugger's slug of the file name (lower case; what is not a
 * letter, digit, `-`, `_` or space goes; spaces become `-`).
 */
function articleIdOf(file: string, data: Record<string, unknown> | undefined): string {
  if (data && typeof data.slug === 'string' && data.slug) return data.slug;
  return file
    .replace(/\.md$/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replaceAll(' ', '-');
}

/** knowledge/<slug>.md: YAML front matter and the Markdown body. */
function readArticles(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const dir = join(contentDir, 'knowledge');
  if (!existsSync(dir)) return;
  for (const name of filesOf(dir, '.md')) {
    const abs = join(dir, name);
    catalogue.counts.articles++;
    const md = readMarkdown(problems.read(abs));
    catalogue.origins.knowledge.push({ abs, prefix: [] });
    if (!md.ok) {
      problems.add(abs, { kind: 'at', position: md.position }, '(front matter)', md.message);
      // The article still exists for `related`: its id is its file name.
      catalogue.articles.push({ id: articleIdOf(name, undefined), related: [], mentions: { cards: [], sealed: [] } });
      catalogue.frontMatter.push(undefined);
      continue;
    }
    problems.frontMatter.set(abs, md.positions);
    // The answer as the build serves it: its markers resolved (the body's are checked with the figures).
    const answer = typeof md.data.answer === 'string' ? plainText(md.data.answer).text : md.data.answer;
    const parsed = knowledgeSchema.safeParse({ ...md.data, answer });
    if (!parsed.success) problems.addIssues(abs, '', [], issuesOf(parsed.error), 'front-matter');
    const mentions = isRecord(md.data.mentions) ? md.data.mentions : {};
    catalogue.articles.push({
      id: articleIdOf(name, md.data),
      related: strings(md.data.related),
      mentions: { cards: strings(mentions.cards), sealed: numbers(mentions.sealed) },
      body: md.body,
    });
    catalogue.frontMatter.push(md.data);
  }
}

/** The rules of src/check/content-references.ts, each problem at the record and field at fault. */
function checkReferences(catalogue: CheckedContent, problems: Problems): void {
  const { sets, cards, sealed, articles, origins, complete } = catalogue;
  const nameOf = (collection: ContentCollection, index: number) => {
    const { abs, prefix } = origins[collection][index];
    return `${problems.show(abs)} ${fieldOf(ROOT_NAME[collection], prefix)}`;
  };
  // A rule whose targets could not all be read would report what is merely unread.
  const unread = new Set<ReferenceRule>();
  if (!complete.sets) unread.add('unknown-set');
  if (!complete.cards) unread.add('unknown-card');
  if (!complete.sealed) unread.add('unknown-sealed');
  for (const problem of contentReferenceProblems({ sets, cards, sealed, articles }, nameOf)) {
    if (unread.has(problem.rule)) continue;
    const { abs, prefix } = origins[problem.collection][problem.index];
    const path = [...prefix, ...problem.path];
    const field = fieldOf(ROOT_NAME[problem.collection], path);
    if (problem.rule === 'empty-body') problems.add(abs, { kind: 'after-front-matter' }, field, problem.message);
    else problems.add(abs, problem.collection === 'knowledge' ? { kind: 'front-matter', path } : { kind: 'json', path }, field, problem.message);
  }
}

/** aliases/*.json: each file against its schema, then aliasProblems over the entries that passed it. */
function checkAliases(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const dir = join(contentDir, 'aliases');
  const aliases: AliasContent = { sets: [], products: [], rarities: [], nicknames: [], ignored: [], printings: [], arts: [] };
  /** Per file: its kind, and the index in the file of each entry kept (entries the schema refused are left out). */
  const kept = new Map<string, { kind: keyof typeof ALIAS_FILES; indexes: number[] }>();
  for (const kind of Object.keys(ALIAS_FILES) as (keyof typeof ALIAS_FILES)[]) {
    const { file: name, schema } = ALIAS_FILES[kind];
    const abs = join(dir, name);
    if (!existsSync(abs)) continue;
    catalogue.counts.aliasFiles++;
    const file = problems.readJson(abs);
    if (!file) continue;
    const entries: unknown[] = [];
    const indexes: number[] = [];
    const parsed = schema.safeParse(file.data);
    if (parsed.success) {
      entries.push(...parsed.data);
      indexes.push(...parsed.data.map((_, i) => i));
    } else {
      problems.addIssues(abs, kind, [], issuesOf(parsed.error));
      if (Array.isArray(file.data)) {
        file.data.forEach((entry: unknown, i) => {
          const one = schema.element.safeParse(entry);
          if (one.success) {
            entries.push(one.data);
            indexes.push(i);
          }
        });
      }
    }
    Object.assign(aliases, { [kind]: entries });
    kept.set(name, { kind, indexes });
  }
  const { complete } = catalogue;
  const namesUnread = !complete.sets || !complete.cards || !complete.sealed;
  for (const problem of aliasReferenceProblems(aliases, catalogue)) {
    if (!complete.cards && problem.message.startsWith('no card with id')) continue;
    if (!complete.sealed && problem.message.startsWith('no sealed product')) continue;
    if (!complete.sets && problem.message.startsWith('no set ')) continue;
    if (namesUnread && problem.message.includes('is not made of words of names')) continue;
    // A card that could not be read has no printings to name.
    if (!complete.cards && problem.message.startsWith('no printing of any card')) continue;
    const file = kept.get(problem.file);
    const path = [...problem.path];
    if (file && typeof path[0] === 'number') path[0] = file.indexes[path[0]] ?? path[0];
    problems.add(join(dir, problem.file), { kind: 'json', path }, fieldOf(file?.kind ?? '', path), problem.message);
  }
}

/** changes/<asOf>.json: each record against its schema, and named after its asOf (src/loaders/change-content.ts). */
function checkChanges(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const dir = join(contentDir, 'changes');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    if (!name.endsWith('.json')) {
      problems.add(abs, FILE_START, '(file)', 'not a change record (content/changes/ holds <date>.json files only)');
      continue;
    }
    catalogue.counts.changeRecords++;
    const file = problems.readJson(abs);
    if (!file) continue;
    const parsed = changeRecordSchema.safeParse(file.data);
    if (!parsed.success) problems.addIssues(abs, '', [], issuesOf(parsed.error));
    const asOf = isRecord(file.data) ? file.data.asOf : undefined;
    if (typeof asOf === 'string' && name !== `${asOf}.json`) {
      problems.add(abs, { kind: 'json', path: ['asOf'] }, 'asOf', `"${asOf}" but the file must be named after it (${asOf}.json)`);
    }
  }
}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'nothing');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Keeps a record the schema accepted for the articles' figures; one it refused means there are no figures to check. */
function keepParsed<K extends keyof ContentCatalogue>(
  catalogue: CheckedContent,
  collection: K,
  parsed: { success: true; data: unknown } | { success: false },
): void {
  if (!catalogue.parsed) return;
  if (parsed.success) (catalogue.parsed[collection] as unknown[]).push(parsed.data);
  else catalogue.parsed = null;
}

const FACTS_REWRITE = 'run npm run facts -- --write';

/**
 * The figures articles state against what content gives today (scripts/compute-facts.ts --check fails on the same
 * articles): each marked figure or fact-table that differs, at its line, named by its marker; each `structured`
 * member a facts file owns that differs; each marker that cannot be read or names no value, and each figure of a
 * facts article that no marker writes and no constant declares.
 */
function checkFacts(catalogue: CheckedContent, problems: Problems): void {
  // With a record unread or refused, a computed figure would be wrong, not the article's; the other problems say why.
  const content = catalogue.parsed;
  if (!content || content.sets.length === 0) return;
  const articles = catalogue.origins.knowledge.map(({ abs }) => ({ abs, slug: basename(abs, '.md'), text: problems.texts.get(abs) ?? '' }));
  let reviews: ReturnType<typeof reviewArticles>;
  try {
    reviews = reviewArticles(content, articles);
  } catch {
    return; // a card naming an unknown set: the reference rules report it
  }
  reviews.forEach((review, i) => {
    const { abs } = articles[i];
    const place = (path: string[], offset: number | undefined) =>
      offset !== undefined
        ? ({ kind: 'at', position: positionOf(review.was, offset) } as const)
        : path.length
          ? ({ kind: 'front-matter', path } as const)
          : FILE_START;
    for (const d of review.differences) {
      const message = d.marker
        ? `${d.marker}: was ${short(d.was)}, now ${short(d.now)}; ${FACTS_REWRITE}`
        : `says ${short(d.was)} but content gives ${short(d.now)}; ${FACTS_REWRITE}`;
      problems.add(abs, place(d.path, d.offset), fieldText(d.path), message);
    }
    for (const p of review.problems) problems.add(abs, place(p.path, p.offset), p.path.length ? fieldText(p.path) : '(article)', p.message);
    if (review.differences.length === 0 && review.problems.length === 0 && review.text !== review.was) {
      problems.add(abs, { kind: 'front-matter', path: ['structured'] }, 'structured', `not written as npm run facts writes it; ${FACTS_REWRITE}`);
    }
  });
}

/**
 * The README beside the content folder (`<content>/../README.md`, when there is one) states the catalogue's counts
 * and price date in one sentence (src/knowledge-facts/readme.ts); the same rewrite as the articles' figures says
 * whether it still does.
 */
function checkReadme(contentDir: string, catalogue: CheckedContent, problems: Problems): void {
  const abs = join(contentDir, '..', 'README.md');
  const content = catalogue.parsed;
  if (!content || content.sets.length === 0 || !existsSync(abs)) return;
  const text = readFileSync(abs, 'utf8');
  let review: ReturnType<typeof reviewReadme>;
  try {
    review = reviewReadme(text, pricedContentOf(content), catalogue.counts.articles);
  } catch {
    return; // a card naming an unknown set: the reference rules report it
  }
  for (const d of review.differences) {
    problems.add(
      abs,
      { kind: 'at', position: positionOf(text, text.indexOf(d.was)) },
      'catalogue figures',
      `says ${JSON.stringify(d.was)} but content gives ${JSON.stringify(d.now)}; ${FACTS_REWRITE}`,
    );
  }
  for (const message of review.problems) problems.add(abs, FILE_START, 'catalogue figures', message);
}

/** Line and column (from 1) of an offset in a text. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(offset, 0));
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}
