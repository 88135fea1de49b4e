/**
 * What collectors type, against the real catalogue and content/aliases: every
 * labelled query (tests/content/labelled-queries.ts) finds what it means, aliases
 * and nicknames point at what exists, words that name nothing drop out with a
 * note, and each result says why it matched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAliases, phraseKey } from '../../src/search/aliases.ts';
import { CARD_CATALOGUE, type CardSearcher, createCardSearcher } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import type { FilterData } from '../../src/search/field-filters.ts';
import { cardFilterData } from '../../src/search/filter-data.ts';
import { IGNORED_REASONS } from '../../src/search/query-match.ts';
import { createSealedSearcher, type SealedSearcher } from '../../src/search/sealed-searcher.ts';
import { parseCardSearch } from '../../src/search/search-params.ts';
import { loadRealCatalogue, type RealCatalogue } from '../support/real-catalogue.ts';
import { assertMatches, SCHEMA_DIR } from '../support/schemas.ts';
import { COLLECTOR_SET_NAME_QUERIES, JAPANESE_QUERIES, LABELLED_QUERIES, LANGUAGE_QUERIES, type LabelledQuery, NEWER_SET_QUERIES } from './labelled-queries.ts';

let catalogue: RealCatalogue;
let cards: CardSearcher;
let cardFilters: FilterData;
let sealed: SealedSearcher;

beforeAll(() => {
  catalogue = loadRealCatalogue();
  const data = prepareCatalogue(catalogue.cards, CARD_CATALOGUE, catalogue.aliases);
  cardFilters = cardFilterData(data.size, data.item, (id) => catalogue.facts.get(id)!, catalogue.filterSets);
  cards = createCardSearcher(data, { filters: () => cardFilters });
  sealed = createSealedSearcher(catalogue.sealedRecords, { aliases: catalogue.aliases });
});

type Answer = { total: number; results: { id: string; match?: unknown }[]; ignored?: { word: string; reason: string }[] };
/** A labelled query as the API reads it: a card query's field filters (lang:ja) apart from its free words. */
const run = (query: LabelledQuery, limit = 10): Answer => {
  if (query.searcher === 'sealed') return sealed.search({ q: query.q, sort: 'relevance', limit, offset: 0 }) as Answer;
  const parsed = parseCardSearch(new URLSearchParams({ q: query.q, sort: 'relevance', limit: String(limit) }), () => cardFilters);
  if (!parsed.ok) throw new Error(`${query.q}: ${parsed.problem.detail}`);
  return cards.search(parsed.params) as Answer;
};

describe('labelled queries', () => {
  it('there are at least 120, of every kind the issue names', () => {
    expect(LABELLED_QUERIES.length).toBeGreaterThanOrEqual(120);
    for (const kind of ['alias', 'nickname', 'number', 'printing', 'art', 'sealed', 'noise'] as const) {
      expect(LABELLED_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    }
  });

  it('at least 40 are of Japanese cards: Japanese names whole and in part, language words, printed set codes and numbers, English preference', () => {
    expect(JAPANESE_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const kind of ['name', 'alias', 'set', 'number'] as const)
      expect(JAPANESE_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    expect(JAPANESE_QUERIES.every((q) => LABELLED_QUERIES.includes(q))).toBe(true);
  });

  it('they keep one language by lang:ja and lang:en as the API reads q, name Japanese sets by code beside a language word, and by the names collectors use', () => {
    const filtering = (language: string) => LANGUAGE_QUERIES.filter((q) => new RegExp(`(?:^|\\s)-?(?:lang|language):${language}`).test(q.q));
    expect(filtering('(?:ja|japanese)').length + filtering('en').filter((q) => q.q.includes('-lang:en')).length).toBeGreaterThanOrEqual(5);
    expect(filtering('(?:en|english)').filter((q) => !q.q.includes('-lang:en')).length).toBeGreaterThanOrEqual(5);
    expect(LANGUAGE_QUERIES.filter((q) => /^sv\d+\b.*\b(?:jp|jpn|japanese)\b|\b(?:jp|jpn|japanese)\b.*\bsv\d+\b/.test(q.q)).length).toBeGreaterThanOrEqual(5);
    expect(COLLECTOR_SET_NAME_QUERIES.length).toBeGreaterThanOrEqual(10);
    expect([...LANGUAGE_QUERIES, ...COLLECTOR_SET_NAME_QUERIES].every((q) => JAPANESE_QUERIES.includes(q))).toBe(true);
  });

  it('at least 25 are of the sets after Shrouded Fable: names with numbers, set codes, rarities, art words, printings', () => {
    expect(NEWER_SET_QUERIES.length).toBeGreaterThanOrEqual(25);
    for (const kind of ['number', 'alias', 'rarity', 'art', 'printing'] as const) {
      expect(NEWER_SET_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(2);
    }
    expect(NEWER_SET_QUERIES.every((q) => LABELLED_QUERIES.includes(q))).toBe(true);
  });

  it('every labelled query finds what it means (100%)', () => {
    const failures: string[] = [];
    const artCards = new Map(catalogue.aliases.content.arts.map(({ art, cards }) => [art, new Set(cards)]));
    const arts = (art: string) => artCards.get(art) ?? new Set<string>();
    const value = (card: { valueUsd: number | null }) => card.valueUsd ?? -1;
    for (const query of LABELLED_QUERIES) {
      const answer = run(query);
      const top = answer.results.map((r) => r.id);
      const why = `[${query.kind}] "${query.q}": top 10 ${top.join(', ') || '(none)'}; ignored ${JSON.stringify(answer.ignored)}`;
      if (query.expect.length === 0 && !query.alike && answer.total !== 0) failures.push(`${why}: expected nothing`);
      if (query.alike) {
        // A query that names no language prefers English cards (docs/search.md): the best of those alike is English where one is.
        const fitting = catalogue.cards.filter((card) => query.alike!(card, arts));
        const namesLanguage = /\b(?:lang|language):|\b(?:jp|jpn|japanese)\b/i.test(query.q);
        const english = fitting.filter((card) => card.summary.language === 'en');
        const alike = namesLanguage || english.length === 0 ? fitting : english;
        const best = alike.reduce((a, b) => (value(b.summary) > value(a.summary) ? b : a), alike[0]);
        const first = alike.find((card) => card.summary.id === top[0]);
        if (!best) failures.push(`${why}: no card fits alike`);
        else if (!first || value(first.summary) !== value(best.summary))
          failures.push(`${why}: expected the most valuable of those alike first (${best.summary.id})`);
      }
      const missing = query.expect.filter((id) => !top.includes(id));
      if (missing.length) failures.push(`${why}: missing ${missing.join(', ')}`);
      if (query.first && top[0] !== query.expect[0]) failures.push(`${why}: expected ${query.expect[0]} first`);
      const ignored = (answer.ignored ?? []).map((i) => i.word);
      for (const word of query.ignored ?? []) if (!ignored.includes(word)) failures.push(`${why}: expected "${word}" ignored`);
    }
    const failed = (queries: readonly LabelledQuery[]) => queries.filter((q) => failures.some((f) => f.includes(`"${q.q}":`))).length;
    const others = LABELLED_QUERIES.filter((q) => !JAPANESE_QUERIES.includes(q));
    console.log(
      `labelled relevance: ${LABELLED_QUERIES.length - failed(LABELLED_QUERIES)}/${LABELLED_QUERIES.length}` +
        ` (not Japanese ${others.length - failed(others)}/${others.length}, Japanese ${JAPANESE_QUERIES.length - failed(JAPANESE_QUERIES)}/${JAPANESE_QUERIES.length})`,
    );
    expect(failures).toEqual([]);
  });
});

describe('Japanese names', () => {
  it('a name typed whole lists every card of exactly that name before any longer name that holds it (ナンジャモ, ピカチュウex, ブラッキー, イーブイ)', () => {
    for (const q of ['ナンジャモ', 'ピカチュウex', 'ピカチュウ', 'ブラッキー', 'イーブイ', 'ゲンガー']) {
      const exact = catalogue.cards.filter((card) => card.summary.nameJa === q).length;
      const { total, results } = cards.search({ q, sort: 'relevance', limit: 200, offset: 0 });
      expect(exact, q).toBeGreaterThan(0);
      expect(total, `${q}: longer names hold it too`).toBeGreaterThan(exact);
      expect(
        results.slice(0, exact).map((card) => card.nameJa),
        q,
      ).toEqual(Array(exact).fill(q));
    }
  });
});

describe('aliases', () => {
  it('every alias target exists: set aliases name sets, nicknames name cards and products of the catalogue', () => {
    const setIds = new Set(catalogue.aliases.sets.map((s) => s.id));
    const cardIds = new Set(catalogue.cards.map((c) => c.summary.id));
    const productIds = new Set(catalogue.sealed.map((p) => p.productId));
    const { content } = catalogue.aliases;
    for (const { set } of content.sets) expect(setIds.has(set), set).toBe(true);
    for (const nickname of content.nicknames) {
      if ('cards' in nickname) for (const id of nickname.cards) expect(cardIds.has(id), `${nickname.nickname} → ${id}`).toBe(true);
      if ('sealed' in nickname) for (const id of nickname.sealed) expect(productIds.has(id), `${nickname.nickname} → ${id}`).toBe(true);
    }
  });

  it('every set of the catalogue has an entry in content/aliases/sets.json, and every nickname finds its printings first', () => {
    const listed = new Set(catalogue.aliases.content.sets.map((s) => s.set));
    expect(catalogue.aliases.sets.filter((s) => !listed.has(s.id)).map((s) => s.id)).toEqual([]);
    for (const nickname of catalogue.aliases.content.nicknames) {
      if (!('cards' in nickname)) continue;
      const top = cards.search({ q: nickname.nickname, sort: 'relevance', limit: nickname.cards.length, offset: 0 }).results.map((c) => c.id);
      expect(new Set(top), nickname.nickname).toEqual(new Set(nickname.cards));
    }
  });

  it('a PTCGO code that is also a Pokémon stays the Pokémon: "mew" finds Mew, not the set 151 (code MEW)', () => {
    const mew = cards.search({ q: 'mew', sort: 'relevance', limit: 200, offset: 0 });
    expect(mew.results.every((c) => /\bMew\b/.test(c.name))).toBe(true);
  });

  it('a set\'s own name is read as written: "base set 2" is Base Set 2, not the alias "base set" and a 2', () => {
    const { results } = cards.search({ q: 'base set 2', sort: 'relevance', limit: 20, offset: 0 });
    expect(results.every((c) => c.setName === 'Base Set 2')).toBe(true);
  });

  it('an alias widens, never hides: "charizard base set" still lists the Charizards of Base Set 2 and Expedition Base Set, after Base', () => {
    const { results } = cards.search({ q: 'charizard base set', sort: 'relevance', limit: 20, offset: 0 });
    expect(results[0].id).toBe('base1-4');
    expect(results.map((c) => c.id)).toEqual(expect.arrayContaining(['base4-4', 'ecard1-6']));
  });

  it('compiling skips nothing silently: each written alias is in the phrase table of the searcher it applies to', () => {
    const { content, sets } = catalogue.aliases;
    const items = { size: 0, setOf: () => undefined, positionOf: () => undefined, labelOf: () => '', nameOf: () => '', hasWord: () => false };
    const forCards = compileAliases({ content, sets }, { ...items, scope: 'cards' });
    const forSealed = compileAliases({ content, sets }, { ...items, scope: 'sealed' });
    for (const { aliases } of content.sets) for (const alias of aliases) expect(forCards.phrases.has(phraseKey(alias)), alias).toBe(true);
    for (const { aliases } of content.rarities) for (const alias of aliases) expect(forCards.phrases.get(alias)?.kind, alias).toBe('means');
    for (const { aliases } of content.products) for (const alias of aliases) expect(forSealed.phrases.get(alias)?.kind, alias).toBe('means');
  });
});

describe('sealed ranking prefers what was asked for', () => {
  it('"elite trainer box": the first 20 are all Elite Trainer Boxes, no case or bundle', () => {
    const { results } = sealed.search({ q: 'elite trainer box', sort: 'relevance', limit: 20, offset: 0 });
    expect(results.map((p) => p.kind)).toEqual(Array(20).fill('etb'));
  });

  it('"etb" means the same products as "elite trainer box", in the same order', () => {
    const ids = (q: string) => sealed.search({ q, sort: 'relevance', limit: 50, offset: 0 }).results.map((p) => p.id);
    expect(ids('etb').slice(0, 20)).toEqual(ids('elite trainer box').slice(0, 20));
  });

  it('a name the query covers whole beats one with more words: 151 Elite Trainer Box before the Pokémon Center one', () => {
    const { results } = sealed.search({ q: '151 elite trainer box', sort: 'relevance', limit: 5, offset: 0 });
    expect(results[0].cleanName).toBe('151 Elite Trainer Box');
  });
});

describe('no false corrections', () => {
  const search = (q: string) => cards.search({ q, sort: 'relevance', limit: 50, offset: 0 });

  it('"psa 10" matches nothing and says why, instead of the cards numbered 10', () => {
    const answer = search('psa 10');
    expect(answer.total).toBe(0);
    expect(answer.ignored).toEqual([{ word: 'psa 10', reason: 'grade' }]);
  });

  it('a four-letter word with two equally close words is not corrected to either ("zxrd": card? hard?)', () => {
    const answer = search('zxrd');
    expect(answer.total).toBe(0);
    expect(answer.ignored).toEqual([{ word: 'zxrd', reason: 'not-found' }]);
  });

  it('a word of seven letters is corrected by one edit, not two: "vintage" is not "village"', () => {
    expect(search('vintage').total).toBe(0);
    expect(search('evolvng skies').total).toBe(search('evolving skies').total);
  });

  it('a correction that matches nothing the other words match is dropped with a note', () => {
    const answer = search('charizard lugai');
    expect(answer.total).toBe(search('charizard').total);
    expect(answer.ignored).toEqual([{ word: 'lugai', reason: 'no-match-with-rest' }]);
  });

  it('a query whose words all drop out matches nothing', () => {
    for (const q of ['pokemon card', 'psa 10 graded', 'zzqxv qqxz']) expect(search(q).total, q).toBe(0);
  });

  it('fillers do not narrow: "charizard pokemon card" matches what "charizard" matches', () => {
    expect(search('charizard pokemon card').total).toBe(search('charizard').total);
  });
});

describe('match reasons', () => {
  it('say which word matched which field, and which were corrected, completed or aliased', () => {
    const [first] = cards.search({ q: 'charzard base set', sort: 'relevance', limit: 1, offset: 0 }).results;
    expect(first.id).toBe('base1-4');
    expect(first.match).toEqual({
      fields: { charzard: ['name'], 'base set': ['set'] },
      corrected: { charzard: 'charizard' },
      alias: { 'base set': 'Base (set)' },
    });
    const [umbreon] = cards.search({ q: 'moonbreon', sort: 'relevance', limit: 1, offset: 0 }).results;
    expect(umbreon.match?.alias).toEqual({ moonbreon: 'Umbreon VMAX (Evolving Skies 215/203)' });
    const [evolving] = cards.search({ q: 'umbreon evolv', sort: 'relevance', limit: 1, offset: 0 }).results;
    expect(evolving.match?.completed).toEqual({ evolv: 'evolving' });
  });

  it('are absent when there is no query, and every answer with one validates against the published schemas', () => {
    expect(cards.search({ sort: 'value-desc', limit: 3, offset: 0 }).results.every((c) => !('match' in c))).toBe(true);
    for (const query of LABELLED_QUERIES) {
      const answer = run(query, 20);
      const envelope = { total: answer.total, count: answer.results.length, offset: 0, limit: 20, ignored: answer.ignored, results: answer.results };
      assertMatches(query.searcher === 'sealed' ? 'sealed-search.json' : 'card-search.json', envelope, query.q);
    }
  });

  it('the reasons the schema lists are the reasons the search gives', () => {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'search-ignored.json'), 'utf8'));
    expect(schema.items.properties.reason.enum).toEqual([...IGNORED_REASONS]);
  });
});
