import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { jsonLine, mentionsLines, rewriteArticle, structuredMember } from '../../src/knowledge-facts/article-text.ts';
import { count, countsText, listText, ordinal, pct, usd } from '../../src/knowledge-facts/figures.ts';
import { type ItemLookUp, lookUp } from '../../src/knowledge-facts/look-up.ts';
import {
  bandCounts,
  englishContentOf,
  englishPartOf,
  firstPriceOf,
  medianRatio,
  pricedContentOf,
  ranked,
  statusCounts,
  tallyOf,
  weekPriceOf,
} from '../../src/knowledge-facts/priced-content.ts';
import { applyQuote, quotePattern, renderQuote } from '../../src/knowledge-facts/quotes.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import type { SetEntry } from '../../src/schemas/set.ts';

describe('formats', () => {
  it('counts get thousands commas, dollars always two decimals, shares one decimal', () => {
    expect([count(7), count(13516), count(1234567)]).toEqual(['7', '13,516', '1,234,567']);
    expect([usd(0.03), usd(700), usd(6502.49), usd(280311.333)]).toEqual(['$0.03', '$700.00', '$6,502.49', '$280,311.33']);
    expect([pct(75.9), pct(13)]).toEqual(['75.9%', '13.0%']);
  });

  it('ranks and counts by name read as English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 112].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '112th']);
    expect(countsText({ Aquapolis: 1, Skyridge: 2, 'Call of Legends': 4 })).toBe('1 from Aquapolis, 2 from Skyridge and 4 from Call of Legends');
    expect(countsText({ Skyridge: 2 })).toBe('2 from Skyridge');
    expect(listText(['Phantasmal Flames', 'Perfect Order', 'Pitch Black'])).toBe('Phantasmal Flames, Perfect Order and Pitch Black');
    expect([listText(['Pitch Black']), listText([])]).toEqual(['Pitch Black', 'none']);
  });
});

describe("the README's sentence templates", () => {
  it('fill each placeholder from the facts, in its format', () => {
    const facts = { budget: 14859, all: 19580, share: 75.9, asOf: '2025-10-20', era: { modern: { median: 0.17 } } };
    expect(renderQuote('{budget|n} of {all|n} ({share|pct}) on {asOf}, median {era.modern.median|usd}', facts)).toBe(
      '14,859 of 19,580 (75.9%) on 2025-10-20, median $0.17',
    );
    expect(renderQuote('as of {asOf|month}', facts)).toBe('as of October 2025');
    expect(() => renderQuote('{missing|n} cards', {})).toThrow(/has no value/);
    expect(() => renderQuote('{name|usd} cards', { name: 'Pikachu' })).toThrow(/as "usd"/);
  });

  it('find the sentence whatever its figures, a formatted figure in full, and rewrite it in place', () => {
    expect('Cottonee is $0.03. Next.'.match(quotePattern('is {v|usd}.'))?.[0]).toBe('is $0.03.');
    expect(() => quotePattern('{name} is chase')).toThrow(/start and end/);
    expect(() => quotePattern('worth {a|n}{b|n} dollars')).toThrow(/words between/);
    expect(applyQuote('Intro. 13,516 of 17,882 cards. End.', { text: '{a|n} of {b|n} cards' }, { a: 14859, b: 19580 })).toEqual({
      ok: true,
      text: 'Intro. 14,859 of 19,580 cards. End.',
      was: '13,516 of 17,882 cards',
      now: '14,859 of 19,580 cards',
    });
    expect(applyQuote('1 of 2 cards. 1 of 2 cards.', { text: '{a|n} of {b|n} cards' }, { a: 1, b: 2 })).toMatchObject({ ok: false, message: /more than one/ });
  });
});

const items: ItemLookUp = (kind, id, field) =>
  kind === 'card' && id === 'base1-4' ? lookUp({ valueUsd: 458.29, low: 327.99, graded: { psa10: 9000 } }, field) : { found: false };

describe('rewriteArticle', () => {
  const article = [
    '---',
    'question: "Why?"',
    'answer: "Because \\"cheap\\" means :fact[1]{key=cheap} of :fact[2]{key=cards} cards."',
    'constants: ["1999"]',
    'structured:',
    '  rule: "hand-written"',
    '  cards: 2',
    '---',
    'There are :fact[2]{key=cards} cards, **:fact[1]{key=cheap}** of them cheap, since 1999.',
    '',
  ].join('\n');
  const facts = { cards: 1500, cheap: 1000 };

  it('writes the facts it owns after the members an editor wrote, and only the figures inside markers', () => {
    const result = rewriteArticle(article, { facts, items });
    expect(result.problems).toEqual([]);
    expect(result.text).toBe(
      [
        '---',
        'question: "Why?"',
        'answer: "Because \\"cheap\\" means :fact[1,000]{key=cheap} of :fact[1,500]{key=cards} cards."',
        'constants: ["1999"]',
        'structured:',
        '  rule: "hand-written"',
        '  cards: 1500',
        '  cheap: 1000',
        '---',
        'There are :fact[1,500]{key=cards} cards, **:fact[1,000]{key=cheap}** of them cheap, since 1999.',
        '',
      ].join('\n'),
    );
    expect(result.differences.map((d) => [d.path.join('.'), d.marker, d.was, d.now])).toEqual([
      ['answer', 'key=cheap', '1', '1,000'],
      ['answer', 'key=cards', '2', '1,500'],
      ['body', 'key=cards', '2', '1,500'],
      ['body', 'key=cheap', '1', '1,000'],
      ['structured.cards', undefined, '2', '1500'],
      ['structured.cheap', undefined, '(missing)', '1000'],
    ]);
  });

  it('places each stale figure at its offset in the file, in the answer past its escapes too', () => {
    const { differences } = rewriteArticle(article, { facts, items });
    for (const d of differences.filter((d) => d.offset !== undefined)) expect(article.slice(d.offset!, d.offset! + d.was.length)).toBe(d.was);
  });

  it('an article that already says what the facts give comes back byte for byte, with no difference', () => {
    const once = rewriteArticle(article, { facts, items }).text;
    expect(rewriteArticle(once, { facts, items })).toEqual({ text: once, differences: [], problems: [] });
  });

  it('an editor rewords the sentences around the markers freely: the figures are still found and nothing is stale', () => {
    const once = rewriteArticle(article, { facts, items }).text;
    const reworded = once
      .replace('There are :fact[1,500]{key=cards} cards, **', 'Of the :fact[1,500]{key=cards} cards we list, a full **')
      .replace('of them cheap', 'cost little');
    expect(rewriteArticle(reworded, { facts, items })).toEqual({ text: reworded, differences: [], problems: [] });
  });

  it('a figure typed beside the markers is reported where it stands, unless the front matter declares it a constant', () => {
    const typed = `${article}We count 12,345 cards; see [the 2024 list](/knowledge/list-2024) and \`sv6pt5\`, and 12,345 again.\n`;
    const problems = rewriteArticle(typed, { facts, items }).problems;
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('"12,345"'), expect.stringContaining('"2024"')]);
    expect(typed.slice(problems[0].offset, problems[0].offset! + 6)).toBe('12,345');
  });

  it('an article without a facts file has its card markers read, and its other figures left alone', () => {
    const text = '---\nquestion: "Q?"\nanswer: "A."\n---\nCharizard is :fact[$400.00]{card=base1-4}, asking :fact[$327.99]{card=base1-4 field=low}, in 1999.\n';
    const result = rewriteArticle(text, { facts: null, items });
    expect(result.problems).toEqual([]);
    expect(result.text).toContain('Charizard is :fact[$458.29]{card=base1-4}, asking');
    expect(result.differences).toEqual([{ path: ['body'], was: '$400.00', now: '$458.29', offset: text.indexOf('$400.00'), marker: 'card=base1-4' }]);
  });

  it('a marker naming no fact, a fact with no value, or a key in an article without facts is reported where it stands', () => {
    const text = (body: string) => `---\nquestion: "Q?"\nanswer: "A."\n---\n${body}\n`;
    const message = (body: string, f: Record<string, unknown> | null) => rewriteArticle(text(body), { facts: f, items }).problems.map((p) => p.message);
    expect(message('See :fact[3]{key=missing}.', {})).toEqual(["key=missing: names no fact of the article's"]);
    expect(message('See :fact[$1.00]{key=median}.', { median: null })).toEqual(['key=median: has no value today: the sentence must say it another way']);
    expect(message('See :fact[3]{key=cards}.', null)).toEqual([expect.stringMatching(/^key=cards: names a fact, but no facts file computes this article's/)]);
    expect(message('See :fact[3]{card=nope-1}.', null)).toEqual(['card=nope-1: names no item of the catalogue, or no field of it']);
    expect(message('See :fact[3]{key=n format=dollars}.', { n: 3 })).toEqual([expect.stringMatching(/"dollars" is not a format/)]);
    const question = '---\nquestion: "How many? :fact[3]{key=n}"\nanswer: "A."\n---\nBody.\n';
    expect(rewriteArticle(question, { facts: { n: 3 }, items }).problems).toEqual([
      { path: [], message: 'markers are read in the answer and the body only', offset: question.indexOf(':fact[') },
    ]);
    const broken = text('Intro.\nSee :fact[3{key=n}.');
    const [problem] = rewriteArticle(broken, { facts: { n: 3 }, items }).problems;
    expect(problem).toMatchObject({ path: ['body'], offset: broken.indexOf(':fact[3{'), message: expect.stringMatching(/must end with "\]"/) });
  });

  it("a fact-table's rows are written from the facts under the header the editor wrote", () => {
    const text = [
      '---',
      'question: "Q?"',
      'answer: "A."',
      '---',
      'The top:',
      '',
      '<!-- fact-table rows=top row="| [{name}](/cards/{slug}) | {valueUsd|usd} |" -->',
      '| Card | Value |',
      '|---|---|',
      '| [Old](/cards/old-1) | $1.00 |',
      '',
      'After.',
      '',
    ].join('\n');
    const top = [
      { name: 'Charizard', slug: 'charizard-base1-4', valueUsd: 458.29 },
      { name: 'Pikachu', slug: 'pikachu-base1-58', valueUsd: 3.12 },
    ];
    const result = rewriteArticle(text, { facts: { top }, items });
    expect(result.problems).toEqual([]);
    expect(result.text).toContain('|---|---|\n| [Charizard](/cards/charizard-base1-4) | $458.29 |\n| [Pikachu](/cards/pikachu-base1-58) | $3.12 |\n\nAfter.');
    expect(result.differences).toEqual([
      expect.objectContaining({ path: ['body'], marker: 'fact-table rows=top', was: '| [Old](/cards/old-1) | $1.00 |', offset: text.indexOf('| [Old]') }),
      expect.objectContaining({ path: ['structured', 'top'] }),
    ]);
  });

  it('a new marker with empty brackets, and a new fact-table with no rows yet, are filled in', () => {
    const text =
      '---\nquestion: "Q?"\nanswer: "A."\n---\nThere are :fact[]{key=cards} cards.\n\n<!-- fact-table rows=kinds row="| {@key} | {.|n} |" -->\n| Kind | Products |\n|---|---|\n\nAfter.\n';
    const result = rewriteArticle(text, { facts: { cards: 1500, kinds: { tin: 207 } }, items });
    expect(result.problems).toEqual([]);
    expect(result.text).toContain('There are :fact[1,500]{key=cards} cards.');
    expect(result.text).toContain('|---|---|\n| tin | 207 |\n\nAfter.');
    expect(result.differences[0]).toMatchObject({ was: '(empty)', now: '1,500', marker: 'key=cards' });
  });

  it('a table of values is written one row per member, and YAML reads every member back as written', () => {
    const value = { Common: { cards: 5087, median_usd: 0.18 }, 'Rare Holo LV.X': { cards: 56 }, 'Sword & Shield': { cards: 1 } };
    const member = structuredMember('by_rarity', value);
    expect(member).toBe('  by_rarity:\n    Common: {"cards": 5087, "median_usd": 0.18}\n    Rare Holo LV.X: {"cards": 56}\n    "Sword & Shield": {"cards": 1}');
    expect(load(`structured:\n${member}\n  top: ${jsonLine([{ id: 'a', v: 1.5 }])}\n`)).toEqual({
      structured: { by_rarity: value, top: [{ id: 'a', v: 1.5 }] },
    });
  });
});

describe('mentions', () => {
  const article = ['---', 'question: "Which?"', 'related: [a]', 'mentions:', '  cards: [base1-4]', 'structured:', '  n: 1', '---', 'Body.', ''].join('\n');
  const facts = { n: 1 };

  it('are written from the facts where the editor had them, each id once, and reported when they change', () => {
    const result = rewriteArticle(article, { facts, items, mentions: { cards: ['sv8pt5-161', 'sv10-231', 'sv8pt5-161'], sealed: [593355] } });
    expect(result.text.split('\n').slice(2, 6)).toEqual(['related: [a]', 'mentions:', '  cards: [sv8pt5-161, sv10-231]', '  sealed: [593355]']);
    expect(result.differences).toEqual([{ path: ['mentions'], was: 'cards: [base1-4]', now: 'cards: [sv8pt5-161, sv10-231]; sealed: [593355]' }]);
    expect(load(result.text.split('---')[1])).toMatchObject({ mentions: { cards: ['sv8pt5-161', 'sv10-231'], sealed: [593355] } });
  });

  it('go before structured when the article had none, and an article without computed mentions keeps its own', () => {
    const without = article.replace('mentions:\n  cards: [base1-4]\n', '');
    expect(rewriteArticle(without, { facts, items, mentions: { cards: ['me1-187'], sealed: [] } }).text).toContain(
      'related: [a]\nmentions:\n  cards: [me1-187]\nstructured:',
    );
    expect(rewriteArticle(article, { facts, items }).text).toBe(article);
  });

  it('an id YAML would not read back as itself is quoted, and empty lists are left out', () => {
    expect(mentionsLines({ cards: ['mep-001', '2021swsh-1'], sealed: [] })).toEqual(['mentions:', '  cards: [mep-001, "2021swsh-1"]']);
    expect(mentionsLines({ cards: [], sealed: [] })).toEqual([]);
  });
});

describe('the figures of a facts article', () => {
  it('are read whole (dates, dollars, commas, decimals, percent), not the digits inside words', () => {
    const text = '---\nquestion: "Q?"\nanswer: "A."\n---\n14,859 of 19,580 cards (75.9%), from $0.02 on 2025-10-20, the 1st Edition of sv6pt5, PSA 10.\n';
    const figures = rewriteArticle(text, { facts: {}, items }).problems.map((p) => /^"(.+)" is a figure/.exec(p.message)?.[1]);
    expect(figures).toEqual(['14,859', '19,580', '75.9%', '$0.02', '2025-10-20', '10']);
  });
});

describe('pricedContentOf', () => {
  const set = (id: string, releaseDate: string): SetEntry => ({ id, name: id, language: 'en', series: 'S', printedTotal: 10, total: 10, releaseDate });
  const card = (id: string, setId: string, market: number | null, updatedAt = '2025-10-20') =>
    ({
      id,
      set: setId,
      name: id,
      language: 'en',
      number: '1',
      supertype: 'Pokémon',
      subtypes: [],
      types: [],
      images: { small: 'https://images.pokemontcg.io/x/1.png', large: 'https://images.pokemontcg.io/x/1_hires.png' },
      prices: [
        {
          variant: 'normal',
          printing: null,
          primary: true,
          productId: 1,
          groupId: 1,
          low: null,
          mid: null,
          high: null,
          market,
          directLow: null,
          updatedAt,
          source: 'tcgcsv-archive',
        },
      ],
      history: [],
    }) as CardEntry;
  const content = {
    sets: [set('base1', '1999-01-09'), set('me5', '2026-07-17')],
    cards: [card('base1-1', 'base1', 600), card('base1-2', 'base1', 0.5, '2025-10-10'), card('base1-3', 'base1', 60), card('me5-1', 'me5', null)],
    sealed: [] as SealedEntry[],
  };

  it('serves each card the value, band and price status the API gives it, as of the newest price', () => {
    const catalogue = pricedContentOf(content);
    expect(catalogue.pricesAsOf).toBe('2025-10-20');
    expect(bandCounts(catalogue.cards)).toEqual({ grail: 1, chase: 1, mid: 0, budget: 1 });
    expect(statusCounts(catalogue.cards)).toEqual({ priced: 2, stale: 1, unpriced: 1 });
    expect(catalogue.summary.cardsByPriceStatus).toEqual({ priced: 2, stale: 1, unpriced: 1 });
    expect(catalogue.card('base1-1')?.summary.valueBand).toBe('grail');
  });

  it("the English part of a priced catalogue is what pricing the English cards alone gives, whatever the Japanese cards' dates", () => {
    const japanese = (updatedAt: string) => ({ ...card('jp-x-001', 'jp-x', 2, updatedAt), language: 'ja', nameJa: 'ピカチュウ' }) as CardEntry;
    const withJapanese = (updatedAt: string) => ({
      ...content,
      sets: [...content.sets, { ...set('jp-x', '2025-01-01'), language: 'ja', nameJa: 'セット' } as SetEntry],
      cards: [...content.cards, japanese(updatedAt)],
    });
    for (const date of ['2025-10-20', '2025-10-25']) {
      const all = withJapanese(date);
      const part = englishPartOf(pricedContentOf(all), all);
      const alone = pricedContentOf(englishContentOf(all));
      expect({ ...part, card: undefined }).toEqual({ ...alone, card: undefined });
      expect(part.card('base1-2')?.summary.priceStatus).toBe('stale');
    }
  });

  it('a card naming a set content lacks is refused by name', () => {
    expect(() => pricedContentOf({ ...content, cards: [card('x-1', 'x', 1)] })).toThrow(/x-1 names set "x"/);
  });

  it('rankings are most frequent first, ties by name (shares in percent: percentOf, tests/unit/money.test.ts)', () => {
    expect(ranked(['b', 'a', 'b', 'c', 'a'], (x) => x)).toEqual([
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
  });
});

describe('price histories', () => {
  const history = {
    start: '2025-10-13',
    end: '2025-10-20',
    market: [null, 9, 9.5, null, 10, 10, 11, 12],
    weekly: { start: '2025-09-28', end: '2025-10-12', market: [null, 7, 8] },
  };

  it('the first known price is the first weekly close with a value, dated by its Sunday, else the first day with one', () => {
    expect(firstPriceOf(history)).toEqual({ date: '2025-10-05', market: 7 });
    expect(firstPriceOf({ start: '2025-10-13', end: '2025-10-15', market: [null, 9, 10] })).toEqual({ date: '2025-10-14', market: 9 });
    expect(firstPriceOf({ start: '2025-10-13', end: '2025-10-14', market: [null, null] })).toBeNull();
  });

  it("a week's price is its close by the one rule: the last price known by its Sunday, the latest record once recorded, null before any", () => {
    const product = { history, price: null };
    // The week of 10-14 closes on Sunday 10-19 at $11; the week of 10-08 on 10-12 at $8; nothing was known by 09-07.
    expect([weekPriceOf(product, '2025-10-14'), weekPriceOf(product, '2025-10-08'), weekPriceOf(product, '2025-09-01')]).toEqual([11, 8, null]);
    // A product last recorded on 10-01 keeps that price in later weeks its history holds none of, as its value today does.
    const stale = {
      history: { start: '2025-10-13', end: '2025-10-20', market: Array(8).fill(null) },
      price: { low: null, mid: null, high: null, market: 6, directLow: null, updatedAt: '2025-10-01', source: 'x' },
    };
    expect([weekPriceOf(stale, '2025-10-14'), weekPriceOf(stale, '2025-09-25')]).toEqual([6, null]);
  });

  it('the median of ratios has two decimals, and is null for none', () => {
    expect([medianRatio([1.5, 3, 100]), medianRatio([1, 2.333]), medianRatio([])]).toEqual([3, 1.67, null]);
  });
});

describe('tallyOf', () => {
  it('keeps a quoted key at 0 when no item has it any more, after the counted ones', () => {
    expect(tallyOf(['Rare Secret', 'Rare Holo Star', 'Rare Holo Star'], (r) => r, ['Rare Shining', 'Rare Secret'])).toEqual({
      'Rare Holo Star': 2,
      'Rare Secret': 1,
      'Rare Shining': 0,
    });
  });
});
