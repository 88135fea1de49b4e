import { describe, expect, it } from 'vitest';
import { createKnowledgeSearcher } from '../../src/search/knowledge-searcher.ts';
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
    // The new era's articles (issue 32): the rarity and set names collectors ask about.
    ['black white rare', ['black-white-rares']],
    ['mega hyper rare', ['mega-hyper-rares']],
    ['master ball', ['poke-ball-master-ball-printings']],
    ['prismatic evolutions', ['prismatic-evolutions-values']],
    ['sir premium', ['special-illustration-rare-premium']],
    ['scarlet violet chase', ['last-scarlet-violet-sets-chase-cards']],
    ['mega evolution unpriced', ['mega-evolution-era-unpriced']],
    ['newest sets booster box price', ['new-era-sealed-values']],
    ['sealed prices since release', ['new-era-sealed-price-moves']],
    // The articles on Japanese cards (issue 48): an English query without a Japanese word keeps the English article.
    ['japanese master ball', ['japanese-master-ball-pattern']],
    ['terastal fest master ball', ['japanese-master-ball-pattern']],
    ['japanese vs english price', ['japanese-vs-english-prices']],
    ['why are japanese sets smaller', ['why-japanese-sets-are-smaller']],
    ['japanese card number', ['reading-japanese-card-numbers']],
    ['secret rare number jp', ['reading-japanese-card-numbers']],
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

  it('an absent, empty or whitespace-only query lists every article (of the tag)', () => {
    const all = loadRealArticles().map((a) => a.id);
    expect(searcher.search({}).map((a) => a.id)).toEqual(all);
    for (const q of ['', ' \t ']) expect(ids(q), JSON.stringify(q)).toEqual(all);
    expect(ids(' ', 'sealed').length).toBe(searcher.search({ tag: 'sealed' }).length);
  });

  it.each([['😀'], ['!!!'], ['\u0000'], ['שלום'], ['皮卡丘']])('%j holds no searchable word and matches no article', (q) => {
    expect(ids(q)).toEqual([]);
    expect(ids(q, 'sealed')).toEqual([]);
  });

  it('a searchable word beside an emoji still finds its articles', () => {
    expect(ids('😀 shadowless')).toEqual(ids('shadowless'));
  });

  it('only the first four unknown words get a typo correction, as in card search', () => {
    // "shadowles" is a prefix of shadowless, so it needs no correction; "shadowlss" does.
    const unknown = ['zqxjq', 'zqxjx', 'zqxjz', 'zqxjj'];
    expect(ids(`${unknown.slice(0, 3).join(' ')} shadowlss`)).toEqual(ids('shadowless'));
    expect(ids(`${unknown.join(' ')} shadowlss`)).toEqual([]);
  });
});
