import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentCatalogue } from '../catalogue/catalogue-changes.ts';
import { COMPS_SCOPES, type Comps, type CompsScope, computeComps, isCompsScope } from '../catalogue/comps.ts';
import { factsCatalogueOf, reviewArticles } from '../knowledge-facts/index.ts';
import { reviewReadme } from '../knowledge-facts/readme.ts';
import { ALIAS_FILES } from '../schemas/aliases.ts';
import { cardSchema } from '../schemas/card.ts';
import { changeRecordSchema } from '../schemas/changes.ts';
import { knowledgeSchema } from '../schemas/knowledge.ts';
import { printingNamesOf } from '../schemas/printing-names.ts';
import { sealedSchema } from '../schemas/sealed.ts';
import { setSchema } from '../schemas/set.ts';
import type { AliasContent } from '../search/aliases.ts';
import {
  aliasReferenceProblems,
  contentReferenceProblems,
  fieldText,
  type ReferenceArticle,
  type ReferenceCard,
  type ReferenceCollection,
  type ReferenceRule,
  type ReferenceSealed,
  type ReferenceSet,
} from './content-references.ts';
import { readMarkdown } from './front-matter.ts';
import { type ContentProblem, FILE_START, fieldOf, type Issue, Problems } from './problems.ts';

export { type ContentProblem, formatProblem } from './problems.ts';

/**
 * The content checker: every record of a content folder against the schemas the
 * build uses (src/schemas), the references between collections
 * (src/check/content-references.ts), the search aliases (aliasProblems), the
 * graded comps of articles (src/catalogue/comps.ts) and the catalogue figures they state
 * (src/knowledge-facts/), with the README's catalogue sentence beside the folder, without building anything. Every problem is
 * reported, each with its file, line, column and field.
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

/** A card as computeComps reads it. */
type CompsCard = Parameters<typeof computeComps>[0][number];

/** What the collections hold, as far as they could be read. */
interface Catalogue {
  sets: ReferenceSet[];
  cards: ReferenceCard[];
  sealed: ReferenceSealed[];
  articles: ReferenceArticle[];
  origins: Record<ReferenceCollection, Origin[]>;
  /** Every card with what computeComps needs (graded figures where they have the numbers). */
  compsCards: CompsCard[];
  /** The records as the schemas parse them, for the articles' figures; null once one fails (the figures would then be wrong, not the articles). */
  parsed: ContentCatalogue | null;
  /** Each article's front matter (undefined where it is not YAML), parallel to `articles`. */
  frontMatter: (Record<string, unknown> | undefined)[];
  /** False when a file of the collection could not be read: references to it are then not judged. */
  complete: { sets: boolean; cards: boolean; sealed: boolean };
  counts: ContentCounts;
}

/** How the report names the records of each collection: files that are arrays by a root name. */
const ROOT_NAME: Record<ReferenceCollection, string> = { sets: 'sets', cards: 'cards', sealed: '', knowledge: '' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
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
  const catalogue: Catalogue = {
    sets: [],
    cards: [],
    sealed: [],
    articles: [],
    origins: { sets: [], cards: [], sealed: [], knowledge: [] },
    compsCards: [],
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
  checkComps(catalogue, problems);
  checkFacts(contentDir, catalogue, problems);
  checkReadme(contentDir, catalogue, problems);
  return { problems: problems.resolve(), counts: catalogue.counts };
}

/** sets.json: an array of sets. */
function readSets(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
    if (!isObject(set) || typeof set.id !== 'string') return;
    const { id, name, ptcgoCode } = set;
    catalogue.sets.push({ id, ...(typeof name === 'string' && { name }), ...(typeof ptcgoCode === 'string' && { ptcgoCode }) });
    catalogue.origins.sets.push({ abs, prefix: [i] });
  });
}

/** cards/<set>.json: each an array of cards. */
function readCards(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
      if (!isObject(card) || typeof card.id !== 'string' || typeof card.set !== 'string') return;
      catalogue.cards.push({
        id: card.id,
        set: card.set,
        name: typeof card.name === 'string' ? card.name : '',
        ...(parsed.success && { printingIds: printingNamesOf(parsed.data.prices).map((n) => n.id) }),
      });
      catalogue.origins.cards.push({ abs, prefix: [i] });
      const g = card.graded;
      if (g === undefined) catalogue.compsCards.push({ id: card.id, set: card.set });
      else if (
        isObject(g) &&
        typeof g.psa10 === 'number' &&
        typeof g.ungraded === 'number' &&
        typeof g.updatedAt === 'string' &&
        typeof g.source === 'string'
      ) {
        catalogue.compsCards.push({ id: card.id, set: card.set, graded: g as CompsCard['graded'] });
      }
    });
  }
}

/** sealed/<group>.json: `{ group, products: [...] }`; the group belongs to every product (as src/loaders/record-files.ts maps it). */
function readSealed(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
    if (!isObject(data) || !Array.isArray(data.products)) {
      if (file) problems.add(abs, { kind: 'json', path: [] }, '(file)', 'expected { group, products: [...] }');
      catalogue.complete.sealed = false;
      catalogue.parsed = null;
      continue;
    }
    data.products.forEach((product: unknown, i) => {
      catalogue.counts.sealed++;
      const parsed = sealedSchema.safeParse(isObject(product) ? { ...product, group: data.group } : product);
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
      if (!isObject(product) || typeof product.productId !== 'number') return;
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
function readArticles(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
    const parsed = knowledgeSchema.safeParse(md.data);
    if (!parsed.success) problems.addIssues(abs, '', [], issuesOf(parsed.error), 'front-matter');
    const mentions = isObject(md.data.mentions) ? md.data.mentions : {};
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
function checkReferences(catalogue: Catalogue, problems: Problems): void {
  const { sets, cards, sealed, articles, origins, complete } = catalogue;
  const nameOf = (collection: ReferenceCollection, index: number) => {
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
function checkAliases(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
function checkChanges(contentDir: string, catalogue: Catalogue, problems: Problems): void {
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
    const asOf = isObject(file.data) ? file.data.asOf : undefined;
    if (typeof asOf === 'string' && name !== `${asOf}.json`) {
      problems.add(abs, { kind: 'json', path: ['asOf'] }, 'asOf', `"${asOf}" but the file must be named after it (${asOf}.json)`);
    }
  }
}

/** Articles' `structured.comps` against what scripts/compute-comps.ts would write. */
function checkComps(catalogue: Catalogue, problems: Problems): void {
  // With a card file unread the computed comps would be wrong, not the article's.
  if (!catalogue.complete.cards) return;
  catalogue.frontMatter.forEach((data, i) => {
    if (!data || !isObject(data.structured) || !('comps' in data.structured)) return;
    const { abs } = catalogue.origins.knowledge[i];
    for (const { path, message } of compsProblems(data.structured.comps, catalogue.compsCards, problems.texts.get(abs) ?? '')) {
      const full = ['structured', 'comps', ...path];
      problems.add(abs, { kind: 'front-matter', path: full }, fieldText(full), message);
    }
  });
}

/** The comps line in front matter, as the script reads and writes it: one line of JSON, two spaces in. */
const COMPS_LINE = /^( {2}comps: )(.*)$/m;
const FRONT_MATTER_BLOCK = /^---\n([\s\S]*?)\n---\n/;
const REWRITE = 'run node scripts/compute-comps.ts --write';

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** computeComps once per list of cards and scope (several articles share a scope). */
const compsMemo = new WeakMap<readonly CompsCard[], Map<CompsScope, Comps | Error>>();
function computedComps(cards: readonly CompsCard[], scope: CompsScope): Comps | Error {
  let byScope = compsMemo.get(cards);
  if (!byScope) compsMemo.set(cards, (byScope = new Map()));
  let comps = byScope.get(scope);
  if (!comps) {
    try {
      comps = computeComps(cards, scope);
    } catch (error) {
      comps = error as Error;
    }
    byScope.set(scope, comps);
  }
  return comps;
}

/**
 * How an article's `structured.comps` differs from computeComps over the cards
 * (scripts/compute-comps.ts --check fails on the same articles): a scope it does
 * not know, each member whose value differs (at that member), and a comps line
 * written other than as the script writes it.
 */
export function compsProblems(comps: unknown, cards: readonly CompsCard[], articleText: string): { path: string[]; message: string }[] {
  const scope = isObject(comps) ? comps.scope : undefined;
  if (!isCompsScope(scope)) {
    return [{ path: isObject(comps) ? ['scope'] : [], message: `comps "scope" must be one of ${Object.keys(COMPS_SCOPES).join(', ')}, got ${short(scope)}` }];
  }
  const expected = computedComps(cards, scope);
  if (expected instanceof Error) return [{ path: ['scope'], message: expected.message }];
  const actual = comps as Record<string, unknown>;
  const computed = expected as Record<string, unknown>;
  const differing = [...new Set([...Object.keys(computed), ...Object.keys(actual)])].filter(
    (key) => JSON.stringify(actual[key]) !== JSON.stringify(computed[key]),
  );
  if (differing.length) {
    return differing.map((key) => ({
      path: [key],
      message:
        key in computed
          ? `is ${short(actual[key])} but content/cards gives ${short(computed[key])} for scope "${scope}"; ${REWRITE}`
          : `is no member of computed comps; ${REWRITE}`,
    }));
  }
  const line = COMPS_LINE.exec(FRONT_MATTER_BLOCK.exec(articleText)?.[1] ?? '');
  if (line?.[2] !== JSON.stringify(expected)) {
    return [{ path: [], message: `not written as scripts/compute-comps.ts writes it (one line of JSON under "structured:", keys in its order); ${REWRITE}` }];
  }
  return [];
}

/** Keeps a record the schema accepted for the articles' figures; one it refused means there are no figures to check. */
function keepParsed<K extends keyof ContentCatalogue>(
  catalogue: Catalogue,
  collection: K,
  parsed: { success: true; data: unknown } | { success: false },
): void {
  if (!catalogue.parsed) return;
  if (parsed.success) (catalogue.parsed[collection] as unknown[]).push(parsed.data);
  else catalogue.parsed = null;
}

const FACTS_REWRITE = 'run npm run facts -- --write';

/**
 * The catalogue figures articles state against what content gives today (scripts/compute-facts.ts --check fails
 * on the same articles): each figure that differs at its front matter field or body line, and each quote an
 * article no longer holds as its template says.
 */
function checkFacts(contentDir: string, catalogue: Catalogue, problems: Problems): void {
  // With a record unread or refused, a computed figure would be wrong, not the article's; the other problems say why.
  const content = catalogue.parsed;
  if (!content || content.sets.length === 0) return;
  const knowledge = join(contentDir, 'knowledge');
  const textOf = (slug: string) => problems.texts.get(join(knowledge, `${slug}.md`));
  let reviews: ReturnType<typeof reviewArticles>;
  try {
    reviews = reviewArticles(content, textOf);
  } catch {
    return; // a card naming an unknown set: the reference rules report it
  }
  for (const review of reviews) {
    const abs = join(knowledge, `${review.slug}.md`);
    const template = `src/knowledge-facts/articles/${review.slug}.ts`;
    for (const d of review.differences) {
      const message = `says ${short(d.was)} but content gives ${short(d.now)}; ${FACTS_REWRITE}`;
      if (d.path[0] === 'body') problems.add(abs, { kind: 'at', position: positionOf(review.was, review.was.indexOf(d.was)) }, 'body', message);
      else problems.add(abs, { kind: 'front-matter', path: d.path }, fieldText(d.path), message);
    }
    for (const p of review.problems) {
      const message = `${p.message}: the article and ${template} must say the same`;
      if (p.path[0] === 'body') problems.add(abs, { kind: 'after-front-matter' }, 'body', message);
      else problems.add(abs, { kind: 'front-matter', path: p.path }, p.path.length ? fieldText(p.path) : '(front matter)', message);
    }
    if (review.differences.length === 0 && review.problems.length === 0 && review.text !== review.was) {
      problems.add(abs, { kind: 'front-matter', path: ['structured'] }, 'structured', `not written as scripts/compute-facts.ts writes it; ${FACTS_REWRITE}`);
    }
  }
}

/**
 * The README beside the content folder (`<content>/../README.md`, when there is one) states the catalogue's counts
 * and price date in one sentence (src/knowledge-facts/readme.ts); the same rewrite as the articles' figures says
 * whether it still does.
 */
function checkReadme(contentDir: string, catalogue: Catalogue, problems: Problems): void {
  const abs = join(contentDir, '..', 'README.md');
  const content = catalogue.parsed;
  if (!content || content.sets.length === 0 || !existsSync(abs)) return;
  const text = readFileSync(abs, 'utf8');
  let review: ReturnType<typeof reviewReadme>;
  try {
    review = reviewReadme(text, factsCatalogueOf(content), catalogue.counts.articles);
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
