import { beforeAll, describe, expect, it } from 'vitest';
import type { SealedSummary } from '../../src/catalogue/sealed-record.ts';
import { foldText, wordsOf } from '../../src/search/normalize.ts';
import { createSealedSearcher, type SealedSearcher, type SealedSearchParams } from '../../src/search/sealed-searcher.ts';
import { loadRealCatalogue } from '../support/real-catalogue.ts';

let searcher: SealedSearcher;
let products: SealedSummary[];

beforeAll(() => {
  const { sealed, sealedRecords, aliases } = loadRealCatalogue();
  products = sealed;
  searcher = createSealedSearcher(sealedRecords, { aliases });
});

const search = (params: Partial<SealedSearchParams>) => searcher.search({ sort: 'relevance', limit: 50, offset: 0, ...params });
const found = (r: { total: number; results: SealedSummary[] }) => ({ total: r.total, ids: r.results.map((p) => p.id) });
const hasWords = (p: SealedSummary, words: string[]) => words.every((w) => wordsOf(`${p.cleanName} ${p.groupName}`).includes(w));

describe('sealed search', () => {
  it('a product named exactly by the query comes first', () => {
    expect(search({ q: 'evolving skies booster box' }).results[0].cleanName).toBe('Evolving Skies Booster Box');
  });

  it('matches product name and group name, with an exact total', () => {
    const { total, results } = search({ q: 'crown zenith', limit: 200 });
    expect(total).toBe(products.filter((p) => hasWords(p, ['crown', 'zenith'])).length);
    expect(results.every((p) => hasWords(p, ['crown', 'zenith']))).toBe(true);
  });

  it('a typo is corrected against the vocabulary', () => {
    expect(search({ q: 'evolvng skies', limit: 0 }).total).toBe(search({ q: 'evolving skies', limit: 0 }).total);
  });

  it('kind keeps only products of that kind', () => {
    const { total, results } = search({ q: 'evolving skies', kind: 'booster-box', limit: 200 });
    expect(results.every((p) => p.kind === 'booster-box')).toBe(true);
    expect(total).toBe(products.filter((p) => p.kind === 'booster-box' && hasWords(p, ['evolving', 'skies'])).length);
    expect(total).toBeGreaterThan(0);
  });

  it('a kind not in the catalogue matches nothing', () => {
    expect(search({ kind: 'no-such-kind' }).total).toBe(0);
  });

  it('without q every product is listed, most valuable first, unpriced last', () => {
    const first = search({ sort: 'value-desc', limit: 1 });
    expect(first.total).toBe(products.length);
    expect(first.results[0].valueUsd).toBe(Math.max(...products.map((p) => p.valueUsd ?? 0)));
    const last = search({ sort: 'value-desc', limit: 1, offset: products.length - 1 });
    expect(last.results[0].valueUsd).toBeNull();
  });

  it('an empty or whitespace-only query lists every product', () => {
    for (const q of ['', '  \t ']) expect(search({ q, limit: 0 }).total, JSON.stringify(q)).toBe(products.length);
  });

  it.each([['😀'], ['!!!'], ['\u0000'], ['שלום'], ['皮卡丘']])('%j holds no searchable word and matches nothing', (q) => {
    expect(found(search({ q }))).toEqual({ total: 0, ids: [] });
    expect(found(search({ q, sort: 'value-desc', kind: 'booster-box' }))).toEqual({ total: 0, ids: [] });
  });

  it('a searchable word beside an emoji still finds its products', () => {
    expect(found(search({ q: '😀 evolving skies', limit: 200 }))).toEqual(found(search({ q: 'evolving skies', limit: 200 })));
  });

  it('limit 0 returns only the total', () => {
    const r = search({ q: 'elite trainer box', limit: 0 });
    expect(r.results).toEqual([]);
    expect(r.total).toBeGreaterThan(0);
  });

  it('name sort orders the match set by name', () => {
    const { results } = search({ q: 'booster bundle', sort: 'name', limit: 200 });
    const names = results.map((p) => foldText(p.cleanName));
    expect(names).toEqual([...names].sort());
  });
});
