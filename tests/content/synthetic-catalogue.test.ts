/**
 * The synthetic catalogue of the scale benchmark (scripts/lib/synthetic-catalogue.ts)
 * at a tiny size, without building pages: every file passes the content schemas
 * and the build's cross-checks (sets, mentions, aliases, slugs), and the same
 * options give the same bytes.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { load as loadYaml } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalogue } from '../../scripts/lib/synthetic-catalogue.ts';
import { cardSlug } from '../../src/catalogue/slug.ts';
import { plainText } from '../../src/knowledge-facts/markers.ts';
import { ALIAS_FILES } from '../../src/schemas/aliases.ts';
import { type CardEntry, cardSchema } from '../../src/schemas/card.ts';
import { changeRecordSchema } from '../../src/schemas/changes.ts';
import { knowledgeSchema } from '../../src/schemas/knowledge.ts';
import { type SealedEntry, sealedSchema } from '../../src/schemas/sealed.ts';
import { type SetEntry, setSchema } from '../../src/schemas/set.ts';
import { type AliasContent, aliasProblems } from '../../src/search/aliases.ts';
import { foldText, queryWords } from '../../src/search/normalize.ts';

const CARDS = 300;
let root: string;
let first: string;
let second: string;

/** Every file under a folder, relative path → bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name).slice(dir.length + 1), readFileSync(join(entry.parentPath, entry.name)));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonIn = (dir: string) => readdirSync(join(first, dir)).filter((f) => f.endsWith('.json'));

/** Parses with a schema and fails the test naming the file and the first problems. */
function valid<S extends z.ZodType>(schema: S, data: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) expect.fail(`${where}: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`)}`);
  return parsed.data;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'synthetic-catalogue-'));
  first = join(root, 'a');
  second = join(root, 'b');
  writeSyntheticCatalogue(first, { cards: CARDS, seed: 7 });
  writeSyntheticCatalogue(second, { cards: CARDS, seed: 7 });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('synthetic catalogue', () => {
  it('is deterministic: the same options give byte-identical files', () => {
    const a = filesOf(first);
    const b = filesOf(second);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
  });

  it('has the requested number of cards, each valid, in a set that exists, with unique ids and slugs', () => {
    const sets = valid(z.array(setSchema), readJson(join(first, 'sets.json')), 'sets.json') as SetEntry[];
    const setIds = new Set(sets.map((s) => s.id));
    expect(setIds.size).toBe(sets.length);
    const cards: CardEntry[] = [];
    for (const file of jsonIn('cards')) {
      for (const [i, record] of (readJson(join(first, 'cards', file)) as unknown[]).entries()) {
        const card = valid(cardSchema, record, `cards/${file} [${i}]`);
        expect(setIds.has(card.set), `${card.id}: set ${card.set}`).toBe(true);
        expect(card.id.startsWith(`${card.set}-`), card.id).toBe(true);
        cards.push(card);
      }
    }
    expect(cards.length).toBe(CARDS);
    expect(new Set(cards.map((c) => c.id)).size).toBe(CARDS);
    expect(new Set(cards.map(cardSlug)).size).toBe(CARDS);
    for (const set of sets) expect(cards.filter((c) => c.set === set.id).length, set.id).toBe(set.total);
    // Realistic enough to exercise the build: history with null days somewhere, graded figures, and a spread of values.
    expect(cards.some((c) => c.history.length > 0)).toBe(true);
    const values = cards.flatMap((c) => c.prices.filter((p) => p.primary && p.market !== null).map((p) => p.market!));
    expect(Math.min(...values)).toBeLessThan(1);
    expect(Math.max(...values)).toBeGreaterThan(50);
  });

  it('keeps every card valid at a size where rare price patterns occur (export-only sets have no product ids to tell lines apart)', () => {
    const dir = join(root, 'larger');
    writeSyntheticCatalogue(dir, { cards: 5000, seed: 1 });
    for (const file of readdirSync(join(dir, 'cards'))) {
      for (const [i, record] of (readJson(join(dir, 'cards', file)) as unknown[]).entries()) valid(cardSchema, record, `cards/${file} [${i}]`);
    }
  });

  it('has valid sealed products in sets that exist, and valid articles whose mentions and related articles resolve', () => {
    const sets = new Set((readJson(join(first, 'sets.json')) as SetEntry[]).map((s) => s.id));
    const cardIds = new Set(jsonIn('cards').flatMap((f) => (readJson(join(first, 'cards', f)) as CardEntry[]).map((c) => c.id)));
    const sealed: SealedEntry[] = [];
    for (const file of jsonIn('sealed')) {
      const { group, products } = readJson(join(first, 'sealed', file)) as { group: unknown; products: unknown[] };
      for (const [i, p] of products.entries()) sealed.push(valid(sealedSchema, { ...(p as object), group }, `sealed/${file} [${i}]`));
    }
    expect(sealed.length).toBeGreaterThan(0);
    for (const p of sealed) if (p.set !== undefined) expect(sets.has(p.set), `${p.productId}: set ${p.set}`).toBe(true);
    const sealedIds = new Set(sealed.map((p) => p.productId));
    expect(sealedIds.size).toBe(sealed.length);

    const articles = readdirSync(join(first, 'knowledge')).filter((f) => f.endsWith('.md'));
    expect(articles.length).toBeGreaterThan(0);
    const slugs = new Set(articles.map((f) => f.replace(/\.md$/, '')));
    for (const file of articles) {
      const [, frontMatter, body] = readFileSync(join(first, 'knowledge', file), 'utf8').split(/^---$/m);
      // The answer as the build serves it, its figure markers resolved.
      const data = loadYaml(frontMatter) as { answer: string };
      const article = valid(knowledgeSchema, { ...data, answer: plainText(data.answer).text }, `knowledge/${file}`);
      expect(body.trim().length, file).toBeGreaterThan(0);
      for (const id of article.mentions.cards) expect(cardIds.has(id), `${file}: mentions card ${id}`).toBe(true);
      for (const id of article.mentions.sealed) expect(sealedIds.has(id), `${file}: mentions sealed ${id}`).toBe(true);
      for (const slug of article.related) expect(slugs.has(slug), `${file}: related ${slug}`).toBe(true);
    }
  });

  it('has aliases that pass the schemas and the build alias check, one entry per set', () => {
    const sets = readJson(join(first, 'sets.json')) as SetEntry[];
    const content = Object.fromEntries(
      Object.entries(ALIAS_FILES).map(([kind, { file, schema }]) => [kind, valid(schema, readJson(join(first, 'aliases', file)), `aliases/${file}`)]),
    ) as unknown as AliasContent;
    expect(content.sets.map((s) => s.set)).toEqual(sets.map((s) => s.id));
    const cards = jsonIn('cards').flatMap((f) => readJson(join(first, 'cards', f)) as CardEntry[]);
    const sealed = jsonIn('sealed').flatMap((f) => (readJson(join(first, 'sealed', f)) as { products: SealedEntry[] }).products);
    const nameWords = new Set(
      [...cards.map((c) => c.name), ...sealed.map((p) => p.cleanName), ...sets.map((s) => s.name)].flatMap((t) => queryWords(foldText(t))),
    );
    const problems = aliasProblems(content, {
      sets: sets.map((s) => ({ id: s.id, name: s.name, ...(s.ptcgoCode && { ptcgoCode: s.ptcgoCode }) })),
      cardIds: new Set(cards.map((c) => c.id)),
      sealedIds: new Set(sealed.map((p) => p.productId)),
      nameWords,
    });
    expect(problems).toEqual([]);
  });

  it('has change records named after their as-of date', () => {
    const files = jsonIn('changes');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const record = valid(changeRecordSchema, readJson(join(first, 'changes', file)), `changes/${file}`);
      expect(file).toBe(`${record.asOf}.json`);
    }
  });
});
