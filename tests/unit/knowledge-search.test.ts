import { describe, expect, it } from 'vitest';
import { createKnowledgeSearcher } from '../../src/lib/search/knowledge-searcher.ts';
import { loadRealArticles } from '../support/real-catalogue.ts';

/** Labelled queries over the committed knowledge base: what a collector asks, what should come first. */
const searcher = createKnowledgeSearcher(loadRealArticles());
const ids = (q: string, tag?: string) => searcher.search({ q, tag }).map((a) => a.id);

describe('knowledge search over the real articles', () => {
  it.each([
    ['booster box', ['booster-box-values', 'box-vs-bundle-vs-pack']],
    ['fake', ['spotting-fake-cards']],
    ['how is the value computed', ['how-card-values-are-computed']],
    ['per pack', ['price-per-pack']],
    ['shadowless', ['shadowless-vs-unlimited']],
    ['markdown tokens', ['x-markdown-tokens']],
    ['stale price', ['priced-stale-unpriced']],
    ['grail', ['what-makes-a-grail']],
    ['etb packs', ['etb-pack-counts']],
  ])('"%s" returns %j first', (q, expected) => {
    expect(ids(q).slice(0, expected.length).sort()).toEqual([...expected].sort());
  });

  it('"psa 10" returns PSA 10 premium articles first, the general multiplier among the first five', () => {
    const psa10 = ['psa-10-multiplier', 'grade-ladder', 'psa-grading-scale', 'ex-era-psa-10-premium', 'modern-psa-10-premium', 'vintage-psa-10-premium'];
    const found = ids('psa 10');
    expect(psa10).toEqual(expect.arrayContaining(found.slice(0, 3)));
    expect(found.slice(0, 5)).toContain('psa-10-multiplier');
  });

  it('a tag restricts the results to articles carrying it', () => {
    const found = searcher.search({ q: 'value', tag: 'sealed' });
    expect(found.length).toBeGreaterThan(0);
    for (const article of found) expect(article.facility_tags).toContain('sealed');
  });

  it('a query that matches nothing returns nothing rather than everything', () => {
    expect(ids('zzqx')).toEqual([]);
  });
});
