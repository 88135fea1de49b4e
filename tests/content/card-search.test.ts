import { beforeAll, describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { valueBandOf } from '../../src/catalogue/value-bands.ts';
import { type CardSearcher, type CardSearchHit, type CardSearchParams, createCardSearcher } from '../../src/search/card-searcher.ts';
import { foldText, wordsOf } from '../../src/search/normalize.ts';
import { loadRealCatalogue, realContent } from '../support/real-catalogue.ts';
import { LABELLED_QUERIES } from './labelled-queries.ts';

let searcher: CardSearcher;
let summaries: CardSummary[];

beforeAll(() => {
  const { cards, aliases } = loadRealCatalogue();
  summaries = cards.map((c) => c.summary);
  searcher = createCardSearcher(cards, { aliases });
});

const search = (params: Partial<CardSearchParams>) => searcher.search({ sort: 'relevance', limit: 50, offset: 0, ...params });
const ids = (results: CardSummary[]) => results.map((c) => c.id);
/** What two searches are compared by: the total and the cards in order (match reasons say how each query was read, and differ). */
const found = (r: { total: number; results: CardSummary[] }) => ({ total: r.total, ids: ids(r.results) });
const NOTHING = { total: 0, ids: [] };
/** Brute force, independent of the index: the cards having `word` among the words of name, set, types or rarity. */
const cardsWithWord = (word: string) => summaries.filter((c) => [c.name, c.setName, ...c.types, c.rarity].some((text) => wordsOf(text).includes(word)));
const byValueDesc = (a: CardSummary, b: CardSummary) => (b.valueUsd ?? -Infinity) - (a.valueUsd ?? -Infinity);

describe('match set and totals', () => {
  it('water counts exactly the cards with the word water, not every card with a w', () => {
    const expected = cardsWithWord('water');
    const { total } = search({ q: 'water', limit: 0 });
    expect(total).toBe(expected.length);
    expect(total).toBeGreaterThan(0);
    expect(summaries.filter((c) => c.types.includes('Water')).length).toBeLessThanOrEqual(total);
  });

  it('a multi-word query matches the cards that have every word', () => {
    const { total, results } = search({ q: 'umbreon evolving skies' });
    const expected = summaries.filter((c) => c.name.startsWith('Umbreon') && c.setName === 'Evolving Skies');
    expect(total).toBe(expected.length);
    expect(new Set(ids(results))).toEqual(new Set(ids(expected)));
  });

  it('a word found nowhere, even with corrections, is ignored beside words that match; alone it matches nothing', () => {
    expect(found(search({ q: 'charizard qqqqqqqqqq', limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
    expect(search({ q: 'qqqqqqqqqq' }).total).toBe(0);
  });

  it('an exact word is never dropped, even when nothing has all the words', () => {
    expect(search({ q: 'charizard blastoise' }).total).toBe(0);
  });

  it('a guessed word that would leave nothing is dropped rather than emptying the result', () => {
    const base = search({ q: 'charizard base', limit: 200 });
    // "vintage" is no word of the catalogue; its nearest words (village, voltage) match no Base Charizard.
    const withNoise = search({ q: 'charizard vintage base', limit: 200 });
    expect(withNoise.total).toBe(base.total);
    expect(ids(withNoise.results)).toEqual(ids(base.results));
  });

  it('an empty or whitespace-only query acts as no query: every card, most valuable first', () => {
    const all = search({ sort: 'value-desc', limit: 5 });
    expect(all.total).toBe(summaries.length);
    for (const q of ['', '   ', '\t\n', '\u00a0\u3000']) expect(search({ q, sort: 'value-desc', limit: 5 }), JSON.stringify(q)).toEqual(all);
  });
});

describe('queries with no searchable word', () => {
  // Such a q asked for something and found no word to look for: matching every card would
  // answer a question nobody asked (and hand out the whole catalogue per request).
  it.each([
    ['an emoji', '😀'],
    ['punctuation', '!!!'],
    ['a NUL', '\u0000'],
    ['control characters', '\u0001\u001f\u007f'],
    ['Hebrew', 'שלום'],
    ['CJK', '皮卡丘'],
    ['Cyrillic and Greek (no card is named in them)', 'пикачу λάμψη'],
    ['a zero-width space', '\u200b'],
    ['emoji and punctuation together', '🔥 ?! ⚡ -- //'],
  ])('%s matches nothing', (_, q) => {
    for (const sort of ['relevance', 'value-desc', 'value-asc', 'name'] as const) {
      expect(found(search({ q, sort })), `${JSON.stringify(q)} ${sort}`).toEqual(NOTHING);
    }
    expect(search({ q, band: 'grail' }).total).toBe(0);
  });

  it('a searchable word beside them still finds its cards: "😀 charizard" is "charizard"', () => {
    expect(found(search({ q: '😀 charizard', limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
    expect(found(search({ q: 'שלום charizard !!!', limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
  });

  it('the symbols that stand for words on cards are searchable: ★ finds star cards', () => {
    expect(search({ q: '★', limit: 0 }).total).toBe(cardsWithWord('star').length);
    expect(search({ q: '★', limit: 0 }).total).toBeGreaterThan(0);
  });
});

describe('typos, accents and punctuation', () => {
  it('a typo of up to two letters in a long word is corrected', () => {
    const exact = search({ q: 'charizard', limit: 200 });
    for (const q of ['charzard', 'chrizard', 'charizrd', 'cahrizard']) {
      expect(found(search({ q, limit: 200 })), q).toEqual(found(exact));
    }
  });

  it('a short word is corrected by at most one edit', () => {
    expect(search({ q: 'pikachu vmx' }).results.every((c) => c.name.includes('Pikachu') && c.name.includes('VMAX'))).toBe(true);
    expect(search({ q: 'pikachu vmx' }).total).toBe(search({ q: 'pikachu vmax' }).total);
  });

  it('one- and two-letter words are never corrected', () => {
    expect(search({ q: 'qz' }).total).toBe(0);
  });

  it('accents fold both ways: flabebe finds Flabébé', () => {
    const flabebe = summaries.filter((c) => c.name === 'Flabébé');
    expect(flabebe.length).toBeGreaterThan(0);
    for (const q of ['flabebe', 'Flabébé', 'FLABEBE']) expect(search({ q }).total, q).toBe(flabebe.length);
  });

  it("apostrophes vanish: farfetchd finds Farfetch'd", () => {
    const a = search({ q: 'farfetchd' });
    expect(a.total).toBe(cardsWithWord('farfetchd').length);
    expect(a.results[0].name).toBe("Farfetch'd");
    expect(found(search({ q: "farfetch'd" }))).toEqual(found(a));
    expect(found(search({ q: 'farfetch’d' }))).toEqual(found(a));
  });

  it('hyphenated names match split or joined', () => {
    const plain = summaries.filter((c) => /^ho-oh$/i.test(c.name)).length;
    const split = search({ q: 'ho-oh' }).results.slice(0, plain);
    expect(split.every((c) => /^ho-oh$/i.test(c.name))).toBe(true);
    expect(ids(search({ q: 'hooh' }).results.slice(0, plain))).toEqual(ids(split));
  });

  it('a prefix finds the words it starts', () => {
    expect(search({ q: 'chariz', limit: 0 }).total).toBeGreaterThanOrEqual(search({ q: 'charizard', limit: 0 }).total);
  });
});

describe('typo correction under hostile queries', () => {
  /** Distinct words of the letters q, x, z and j: nothing in the catalogue is within two edits of them. */
  const unknownWords = (count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        `zq${i
          .toString(4)
          .padStart(6, '0')
          .replace(/[0-3]/g, (d) => 'qxzj'[Number(d)])}`,
    );

  it('the common typos still find the cards of the word meant: charzard, blastois, lugai', () => {
    for (const [typo, word] of [
      ['charzard', 'charizard'],
      ['blastois', 'blastoise'],
      ['lugai', 'lugia'],
    ]) {
      const meant = search({ q: word, limit: 200 });
      const found = search({ q: typo, limit: 200 });
      expect(found.total, typo).toBe(meant.total);
      expect(new Set(ids(found.results)), typo).toEqual(new Set(ids(meant.results)));
    }
  });

  it('a query of 40 unknown words returns and matches nothing', () => {
    expect(found(search({ q: unknownWords(40).join(' ') }))).toEqual(NOTHING);
  });

  it('unknown words beside a known one leave what the known one matches', () => {
    const q = ['charizard', ...unknownWords(39)].join(' ');
    expect(found(search({ q, limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
  });

  it('a long run of one letter, a 199-letter word and a word repeated 100 times each return', () => {
    expect(search({ q: 'a'.repeat(200) }).total).toBe(0);
    expect(search({ q: 'charizard'.repeat(22) }).total).toBe(0);
    expect(found(search({ q: Array(100).fill('charzard').join(' '), limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
  });

  // Each correction walks the whole vocabulary, the one cost per word that the match set
  // does not bound; so only the first four words that need one get one (MAX_TYPO_CORRECTIONS).
  // Real queries carry one or two typos; a fifth is treated as a word found nowhere.
  it('only the first four words that need a typo correction get one', () => {
    const [w1, w2, w3, w4] = unknownWords(4);
    const fourth = search({ q: `${w1} ${w2} ${w3} charzard`, limit: 200 });
    expect(found(fourth)).toEqual(found(search({ q: 'charizard', limit: 200 })));
    expect(found(search({ q: `${w1} ${w2} ${w3} ${w4} charzard` }))).toEqual(NOTHING);
    // Exact words and prefixes need no correction and do not count: charizard is found either way.
    expect(found(search({ q: `${w1} ${w2} ${w3} ${w4} charizard`, limit: 200 }))).toEqual(found(search({ q: 'charizard', limit: 200 })));
  });
});

describe('numbers', () => {
  it('"charizard 4/102" is the Base Set Charizard, and only it', () => {
    const { total, results } = search({ q: 'charizard 4/102' });
    expect(total).toBe(1);
    expect(results[0].id).toBe('base1-4');
  });

  it('leading zeros and letter prefixes do not matter', () => {
    expect(ids(search({ q: 'charizard 004/102' }).results)).toEqual(['base1-4']);
    expect(ids(search({ q: 'tg20/tg30 rayquaza' }).results)).toEqual(['swsh12tg-TG20']);
  });

  it('a bare number prefers the set of that name ("mew 151" is set 151, the English before the Japanese Pokemon Card 151)', () => {
    const { results } = search({ q: 'mew 151' });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((c) => /(?:^| )151$/.test(c.setName) && c.name.startsWith('Mew'))).toBe(true);
    const firstJapanese = results.findIndex((c) => c.language === 'ja');
    expect(results.slice(0, firstJapanese === -1 ? undefined : firstJapanese).every((c) => c.setName === '151')).toBe(true);
  });
});

describe('ranking', () => {
  it('an exact name comes before names that merely contain it', () => {
    const { results } = search({ q: 'charizard', limit: 200 });
    const firstOther = results.findIndex((c) => c.name !== 'Charizard');
    expect(results.slice(firstOther).every((c) => c.name !== 'Charizard')).toBe(true);
  });

  it('a card whose fields consist only of query words comes first ("charizard base")', () => {
    expect(search({ q: 'charizard base' }).results[0].id).toBe('base1-4');
  });

  it('ties break by value, highest first, unpriced last', () => {
    const { results } = search({ q: 'charizard', limit: 200 });
    const exact = results.filter((c) => c.name === 'Charizard');
    expect(exact).toEqual([...exact].sort(byValueDesc));
  });
});

describe('paging and limits', () => {
  it('pages are stable and never overlap', () => {
    const all = search({ q: 'pikachu', limit: 200 });
    expect(all.total).toBeGreaterThan(100);
    const paged: string[] = [];
    for (let offset = 0; offset < all.results.length; offset += 17) paged.push(...ids(search({ q: 'pikachu', limit: 17, offset }).results));
    expect(paged.slice(0, all.results.length)).toEqual(ids(all.results));
    expect(new Set(paged).size).toBe(paged.length);
    expect(search({ q: 'pikachu', limit: 200 })).toEqual(all);
  });

  it('limit 0 returns only the total', () => {
    const r = search({ q: 'pikachu', limit: 0 });
    expect(r.results).toEqual([]);
    expect(r.total).toBe(search({ q: 'pikachu', limit: 10 }).total);
  });

  it('an offset past the end returns no results and the total', () => {
    const r = search({ q: 'pikachu', offset: 10_000 });
    expect(r.results).toEqual([]);
    expect(r.total).toBeGreaterThan(0);
  });
});

describe('band filter and sorts', () => {
  it('band keeps only cards of that band, with or without q', () => {
    const grail = search({ q: 'charizard', band: 'grail', limit: 200 });
    expect(grail.results.every((c) => c.valueBand === 'grail')).toBe(true);
    expect(grail.total).toBe(summaries.filter((c) => c.valueBand === 'grail' && wordsOf(c.name).includes('charizard')).length);
    const chase = search({ band: 'chase', sort: 'value-desc', limit: 200 });
    expect(chase.total).toBe(summaries.filter((c) => c.valueBand === 'chase').length);
    expect(chase.results).toEqual([...chase.results].sort(byValueDesc));
  });

  it('without q, value-desc starts with the most valuable card', () => {
    const { results } = search({ sort: 'value-desc', limit: 3 });
    expect(results[0].valueUsd).toBe(Math.max(...summaries.map((c) => c.valueUsd ?? 0)));
  });

  it('value-asc goes cheapest first with unpriced cards last', () => {
    const all = search({ sort: 'value-asc', limit: 200, offset: 0 });
    const values = all.results.map((c) => c.valueUsd!);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const tail = search({ sort: 'value-asc', limit: 10, offset: summaries.length - 10 });
    expect(tail.results.every((c) => c.valueUsd === null)).toBe(true);
  });

  it('name sorts by name, then id', () => {
    const { results } = search({ q: 'charizard', sort: 'name', limit: 200 });
    const key = (c: CardSummary) => `${foldText(c.name)}\u0000${c.name}\u0000${c.id}`;
    expect(results.map(key)).toEqual(results.map(key).sort());
    expect(results.length).toBe(search({ q: 'charizard', limit: 0 }).total);
  });

  it('a sort other than relevance orders the same match set', () => {
    const relevance = search({ q: 'charizard', limit: 200 });
    const byValue = search({ q: 'charizard', sort: 'value-desc', limit: 200 });
    expect(byValue.total).toBe(relevance.total);
    expect(new Set(ids(byValue.results))).toEqual(new Set(ids(relevance.results)));
    expect(byValue.results).toEqual([...byValue.results].sort(byValueDesc));
  });
});

describe('prebuilt index', () => {
  it('a searcher on prepared cards (what the build packs) answers every labelled query exactly as one made from the records', async () => {
    const { CARD_CATALOGUE } = await import('../../src/search/card-searcher.ts');
    const { prepareCatalogue } = await import('../../src/search/catalogue-searcher.ts');
    const { cards, aliases } = loadRealCatalogue();
    const loaded = createCardSearcher(prepareCatalogue(cards, CARD_CATALOGUE, aliases));
    for (const { q } of LABELLED_QUERIES) {
      const params = { q, sort: 'relevance' as const, limit: 20, offset: 0 };
      expect(loaded.search(params), q).toEqual(searcher.search(params));
    }
  });
});

describe('printing words', () => {
  type Hit = CardSearchHit;
  const hits = (params: Partial<CardSearchParams>) => search(params).results as Hit[];

  it('charizard base set shadowless finds the Base Set Charizard with the value of its Shadowless printing', () => {
    const [first] = hits({ q: 'charizard base set shadowless' });
    const charizard = realContent().cards.find((card) => card.id === 'base1-4')!;
    const shadowless = charizard.prices.find((line) => line.printing === 'shadowless')!;
    expect(first).toMatchObject({
      id: 'base1-4',
      valueUsd: primaryPriceOf(charizard)!.market,
      printing: { id: 'shadowless-holofoil', productId: shadowless.productId, valueUsd: shadowless.market },
    });
    expect(first.printing!.valueUsd).not.toBe(first.valueUsd);
    expect(first.match?.alias).toMatchObject({ shadowless: 'Shadowless (printing)' });
  });

  it('a reverse holo query gives each modern card its reverse holofoil printing', () => {
    const results = hits({ q: 'pikachu reverse holo', limit: 200 });
    expect(results.length).toBeGreaterThan(10);
    for (const card of results) expect(card.printing?.id, card.id).toMatch(/(^|-)reverse-holofoil(-\d+)?$/);
  });

  it('sorts and bands by the named printing’s value, not the card’s', () => {
    const sorted = hits({ q: 'shadowless', sort: 'value-desc', limit: 200 }).map((c) => c.printing!.valueUsd ?? -1);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    // A card in one band by its value and another by its Shadowless printing's (the Base Set Charizard, a chase
    // card and a grail printing, as content had it): the most valuable such printing content holds today.
    const apart = hits({ q: 'shadowless', sort: 'value-desc', limit: 200 }).find((c) => valueBandOf(c.valueUsd) !== valueBandOf(c.printing!.valueUsd))!;
    expect(apart, 'no Shadowless printing in another band than its card').toBeDefined();
    const band = valueBandOf(apart.printing!.valueUsd)!;
    const banded = hits({ q: 'shadowless', band, limit: 200 });
    expect(banded.map((c) => c.id)).toContain(apart.id);
    for (const card of banded) expect(valueBandOf(card.printing!.valueUsd), card.id).toBe(band);
    expect(ids(search({ q: apart.name, band, limit: 200 }).results)).not.toContain(apart.id);
  });

  it('without a printing word, results carry no printing and nothing changes', () => {
    for (const q of ['charizard', 'charizard base set', 'umbreon vmax'])
      for (const card of hits({ q })) expect(card.printing, `${q}: ${card.id}`).toBeUndefined();
  });
});

describe('look-up by id or slug', () => {
  it('finds every card of the catalogue by its id and by its slug, the odd ids (cel25c-15_A1, ex10-!) too', () => {
    const keys = summaries.flatMap((c) => [c.id, c.slug]);
    const { results, notFound } = searcher.byIds(keys);
    expect(notFound).toEqual([]);
    expect(results.map((c) => c.id)).toEqual(summaries.flatMap((c) => [c.id, c.id]));
  });

  it('names nothing with a slug whose id part is a card but whose name is not its name', () => {
    expect(searcher.byIds(['pikachu-base1-4', 'base1']).notFound).toEqual(['pikachu-base1-4', 'base1']);
  });
});
