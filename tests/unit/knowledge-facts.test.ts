import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { figuresIn, jsonLine, mentionsLines, rewriteArticle, structuredMember } from '../../src/knowledge-facts/article-text.ts';
import {
  bandCounts,
  factsCatalogueOf,
  firstPriceOf,
  medianRatio,
  percent,
  priceOn,
  ranked,
  statusCounts,
  tallyOf,
} from '../../src/knowledge-facts/catalogue.ts';
import {
  applyQuote,
  count,
  countsText,
  listText,
  ordinal,
  pct,
  type Quote,
  type QuoteContext,
  quotePattern,
  renderQuote,
  usd,
} from '../../src/knowledge-facts/quotes.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import type { SetEntry } from '../../src/schemas/set.ts';

const context = (facts: Record<string, unknown>, items: Record<string, unknown> = {}): QuoteContext => ({
  facts,
  item: (kind, id, field) => items[`${kind}:${id}:${field}`],
});

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

describe('renderQuote', () => {
  it('fills each placeholder from the facts, in its format', () => {
    const facts = { budget: 14859, all: 19580, share: 75.9, asOf: '2025-10-20', era: { modern: { median: 0.17 } } };
    expect(renderQuote('{budget|n} of {all|n} ({share|pct}) on {asOf}, median {era.modern.median|usd}', context(facts))).toBe(
      '14,859 of 19,580 (75.9%) on 2025-10-20, median $0.17',
    );
    expect(renderQuote('as of {asOf|month}', context(facts))).toBe('as of October 2025');
  });

  it("reads one card's or sealed product's field by id", () => {
    const items = { 'card:base1-4:valueUsd': 458.29, 'card:base1-4:valueBand': 'chase', 'sealed:218328:low': 120.01 };
    expect(renderQuote('{card:base1-4|usd}, {card:base1-4:valueBand}; {sealed:218328:low|usd}', context({}, items))).toBe('$458.29, chase; $120.01');
  });

  it('a placeholder without a value, or in the wrong format, is an error of the template', () => {
    expect(() => renderQuote('{missing|n} cards', context({}))).toThrow(/has no value/);
    expect(() => renderQuote('{name|usd} cards', context({ name: 'Pikachu' }))).toThrow(/as "usd"/);
    expect(() => renderQuote('sets {sets|counts}', context({ sets: ['a', 'b'] }))).toThrow(/as "counts"/);
    expect(() => renderQuote('sets {sets|list}', context({ sets: { a: 1 } }))).toThrow(/as "list"/);
  });

  it('a list of names reads as English, and the quote finds it again whatever the names', () => {
    const text = renderQuote('unpriced: {sets|list}.', context({ sets: ['Perfect Order', 'Chaos Rising', 'Pitch Black'] }));
    expect(text).toBe('unpriced: Perfect Order, Chaos Rising and Pitch Black.');
    expect('Sets unpriced: Pitch Black. More.'.match(quotePattern('unpriced: {sets|list}.'))?.[0]).toBe('unpriced: Pitch Black.');
  });
});

describe('quotePattern', () => {
  it('finds the quote whatever its figures, a formatted figure in full', () => {
    const pattern = quotePattern('is {v|usd}.');
    expect('Cottonee is $0.03. Next.'.match(pattern)?.[0]).toBe('is $0.03.');
  });

  it('a formatted figure may start a quote; an unformatted one may not, nor two figures in a row', () => {
    expect('68 cards are worth'.match(quotePattern('{n|n} cards are worth'))?.[0]).toBe('68 cards are worth');
    expect(() => quotePattern('{name} is chase')).toThrow(/start and end/);
    expect(() => quotePattern('worth {a|n}{b|n} dollars')).toThrow(/words between/);
  });
});

describe('applyQuote', () => {
  const quote: Quote = { in: 'body', text: '- **{a|n} of {b|n}** cards are budget.' };

  it('rewrites the figures of the one sentence the template matches, and says what it was', () => {
    const result = applyQuote('Intro.\n- **13,516 of 17,882** cards are budget.\nEnd.', quote, context({ a: 14859, b: 19580 }));
    expect(result).toEqual({
      ok: true,
      text: 'Intro.\n- **14,859 of 19,580** cards are budget.\nEnd.',
      was: '- **13,516 of 17,882** cards are budget.',
      now: '- **14,859 of 19,580** cards are budget.',
    });
  });

  it('a sentence reworded by hand, or written twice, cannot be placed', () => {
    expect(applyQuote('- **1 of 2** cards are cheap.', quote, context({ a: 1, b: 2 }))).toMatchObject({ ok: false, message: /no sentence/ });
    expect(applyQuote('- **1 of 2** cards are budget.\n- **1 of 2** cards are budget.', quote, context({ a: 1, b: 2 }))).toMatchObject({
      ok: false,
      message: /more than one/,
    });
  });

  it('a table is found by its header row and its rows made again, however many there were', () => {
    const table: Quote = { in: 'body', header: '| Band | Cards |', rows: ({ facts }) => Object.entries(facts).map(([band, n]) => [band, count(n as number)]) };
    const text = 'Before.\n\n| Band | Cards |\n|---|---|\n| grail | 64 |\n\nAfter.';
    const result = applyQuote(text, table, context({ grail: 68, chase: 1063 }));
    expect(result.ok && result.text).toBe('Before.\n\n| Band | Cards |\n|---|---|\n| grail | 68 |\n| chase | 1,063 |\n\nAfter.');
  });
});

describe('rewriteArticle', () => {
  const article = [
    '---',
    'question: "Why?"',
    'answer: "Because 1 of 2 cards are cheap."',
    'structured:',
    '  rule: "hand-written"',
    '  cards: 2',
    '---',
    'There are 2 cards, 1 of them cheap.',
    '',
  ].join('\n');
  const quotes: Quote[] = [
    { in: 'answer', text: 'Because {cheap|n} of {cards|n} cards are cheap.' },
    { in: 'body', text: 'There are {cards|n} cards, {cheap|n} of them cheap.' },
  ];

  it('writes the facts it owns after the members an editor wrote, and rewrites the answer and body', () => {
    const result = rewriteArticle(article, { cards: 1500, cheap: 1000 }, quotes, context({ cards: 1500, cheap: 1000 }));
    expect(result.problems).toEqual([]);
    expect(result.text).toBe(
      [
        '---',
        'question: "Why?"',
        'answer: "Because 1,000 of 1,500 cards are cheap."',
        'structured:',
        '  rule: "hand-written"',
        '  cards: 1500',
        '  cheap: 1000',
        '---',
        'There are 1,500 cards, 1,000 of them cheap.',
        '',
      ].join('\n'),
    );
    expect(result.differences.map((d) => d.path.join('.'))).toEqual(['structured.cards', 'structured.cheap', 'answer', 'body']);
  });

  it('an article that already says what the facts give comes back byte for byte, with no difference', () => {
    const facts = { cards: 1500, cheap: 1000 };
    const once = rewriteArticle(article, facts, quotes, context(facts)).text;
    expect(rewriteArticle(once, facts, quotes, context(facts))).toEqual({ text: once, differences: [], problems: [] });
  });

  it('a figure typed beside the quotes is reported unless the article names it a constant', () => {
    const typed = `${article}Since 1999 we count 12,345 cards; see [the 2024 list](/knowledge/list-2024) and \`sv6pt5\`.\n`;
    const facts = { cards: 2, cheap: 1 };
    const problems = rewriteArticle(typed, facts, quotes, context(facts), ['1999']).problems.map((p) => p.message);
    expect(problems).toEqual([expect.stringContaining('"12,345"'), expect.stringContaining('"2024"')]);
  });

  it('a table of figures is written one row per member, and YAML reads every member back as written', () => {
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

  it('are written from the facts where the editor had them, each id once, and reported when they change', () => {
    const result = rewriteArticle(article, { n: 1 }, [], context({ n: 1 }), [], { cards: ['sv8pt5-161', 'sv10-231', 'sv8pt5-161'], sealed: [593355] });
    expect(result.text.split('\n').slice(2, 6)).toEqual(['related: [a]', 'mentions:', '  cards: [sv8pt5-161, sv10-231]', '  sealed: [593355]']);
    expect(result.differences).toEqual([{ path: ['mentions'], was: 'cards: [base1-4]', now: 'cards: [sv8pt5-161, sv10-231]; sealed: [593355]' }]);
    expect(load(result.text.split('---')[1])).toMatchObject({ mentions: { cards: ['sv8pt5-161', 'sv10-231'], sealed: [593355] } });
  });

  it('go before structured when the article had none, and an article without computed mentions keeps its own', () => {
    const without = article.replace('mentions:\n  cards: [base1-4]\n', '');
    expect(rewriteArticle(without, { n: 1 }, [], context({ n: 1 }), [], { cards: ['me1-187'], sealed: [] }).text).toContain(
      'related: [a]\nmentions:\n  cards: [me1-187]\nstructured:',
    );
    expect(rewriteArticle(article, { n: 1 }, [], context({ n: 1 })).text).toBe(article);
  });

  it('an id YAML would not read back as itself is quoted, and empty lists are left out', () => {
    expect(mentionsLines({ cards: ['mep-001', '2021swsh-1'], sealed: [] })).toEqual(['mentions:', '  cards: [mep-001, "2021swsh-1"]']);
    expect(mentionsLines({ cards: [], sealed: [] })).toEqual([]);
  });
});

describe('figuresIn', () => {
  it('reads dates and numbers whole, not the digits inside words', () => {
    expect(figuresIn('14,859 of 19,580 cards (75.9%), from $0.02 on 2025-10-20, the 1st Edition of sv6pt5, PSA 10.')).toEqual([
      '14,859',
      '19,580',
      '75.9%',
      '$0.02',
      '2025-10-20',
      '10',
    ]);
  });
});

describe('factsCatalogueOf', () => {
  const set = (id: string, releaseDate: string): SetEntry => ({ id, name: id, series: 'S', printedTotal: 10, total: 10, releaseDate });
  const card = (id: string, setId: string, market: number | null, updatedAt = '2025-10-20') =>
    ({
      id,
      set: setId,
      name: id,
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
    const catalogue = factsCatalogueOf(content);
    expect(catalogue.pricesAsOf).toBe('2025-10-20');
    expect(bandCounts(catalogue.cards)).toEqual({ grail: 1, chase: 1, mid: 0, budget: 1 });
    expect(statusCounts(catalogue.cards)).toEqual({ priced: 2, stale: 1, unpriced: 1 });
    expect(catalogue.summary.cardsByPriceStatus).toEqual({ priced: 2, stale: 1, unpriced: 1 });
    expect(catalogue.card('base1-1')?.summary.valueBand).toBe('grail');
  });

  it('a card naming a set content lacks is refused by name', () => {
    expect(() => factsCatalogueOf({ ...content, cards: [card('x-1', 'x', 1)] })).toThrow(/x-1 names set "x"/);
  });

  it('shares are percent with one decimal, and rankings most frequent first, ties by name', () => {
    expect(percent(13516, 17882)).toBe(75.6);
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

  it("a day's price is its own while daily, its week's close before, and null outside the history", () => {
    expect([priceOn(history, '2025-10-14'), priceOn(history, '2025-10-16'), priceOn(history, '2025-10-08'), priceOn(history, '2025-09-01')]).toEqual([
      9,
      null,
      8,
      null,
    ]);
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
