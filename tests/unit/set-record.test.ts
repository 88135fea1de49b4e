import type { RootContent, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { byValue, SET_TOP_CARDS, setCardsOf, setIdOfCard, setListOf, setToDetail, setToSummary } from '../../src/catalogue/set-record.ts';
import { STRINGIFY_OPTIONS, TO_MARKDOWN_EXTENSIONS, toMarkdown } from '../../src/render/markdown/mdast.ts';
import { setCardValueText, setListToMarkdown, setToMarkdown, setToMarkdownTree } from '../../src/render/markdown/set-markdown.ts';
import type { History } from '../../src/schemas/api-types.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { assertMatches } from '../support/schemas.ts';

const BASE: SetEntry = { id: 'base1', name: 'Base', language: 'en', series: 'Base', printedTotal: 102, total: 102, releaseDate: '1999-01-09', ptcgoCode: 'BS' };

function summary(id: string, name: string, valueUsd: number | null, extra: Partial<CardSummary> = {}): CardSummary {
  return {
    id,
    name,
    language: 'en',
    nameJa: null,
    exactName: `${name} (Base ${id.split('-')[1]}/102)`,
    slug: `${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${id}`,
    setName: 'Base',
    valueUsd,
    priceStatus: valueUsd === null ? 'unpriced' : 'priced',
    confidence: null,
    change: priceChangesOf(valueUsd === null ? {} : { latest: { date: '2025-10-20', usd: valueUsd } }),
    valueBand: valueUsd === null ? null : valueUsd >= 500 ? 'grail' : valueUsd >= 50 ? 'chase' : valueUsd >= 5 ? 'mid' : 'budget',
    rarity: 'Rare Holo',
    types: [],
    imageSmall: 'https://images.pokemontcg.io/base1/1.png',
    ...extra,
  };
}

const source = (id: string, name: string, valueUsd: number | null, extra: Partial<CardSummary> = {}) => ({
  summary: summary(id, name, valueUsd, extra),
  number: id.split('-')[1],
});

const history = (market: (number | null)[]): History => ({ start: '2025-09-21', end: '2025-10-20', market });

describe('set cards', () => {
  it('are listed most valuable first, unpriced last, equal values in collector-number order (2 before 10)', () => {
    const cards = setCardsOf(BASE, [
      source('base1-8', 'Machamp', null),
      source('base1-10', 'Mewtwo', 5),
      source('base1-4', 'Charizard', 458.29),
      source('base1-2', 'Blastoise', 5),
      source('base1-1', 'Alakazam', null),
    ]);
    expect(cards.map((c) => c.id)).toEqual(['base1-4', 'base1-2', 'base1-10', 'base1-1', 'base1-8']);
    expect(cards[0]).toEqual({
      id: 'base1-4',
      name: 'Charizard',
      nameJa: null,
      slug: 'charizard-base1-4',
      number: '4/102',
      rarity: 'Rare Holo',
      valueUsd: 458.29,
      priceStatus: 'priced',
      valueBand: 'chase',
    });
  });

  it('byValue is a total order: antisymmetric on distinct cards', () => {
    const cards = setCardsOf(BASE, [source('base1-2', 'A', 1), source('base1-2a', 'B', 1), source('base1-3', 'C', null), source('base1-4', 'D', 2)]);
    for (const a of cards) for (const b of cards) if (a !== b) expect(Math.sign(byValue(a, b))).toBe(-Math.sign(byValue(b, a)));
  });

  it('reads the set id from a card id', () => {
    expect(setIdOfCard('swsh7-215')).toBe('swsh7');
    expect(setIdOfCard('base1-4')).toBe('base1');
    expect(setIdOfCard('sv3pt5-TG01')).toBe('sv3pt5');
  });
});

describe('set summary and detail', () => {
  const cards = setCardsOf(BASE, [
    source('base1-4', 'Charizard', 458.29),
    source('base1-2', 'Blastoise', 120.5),
    source('base1-92', 'Energy Removal', 0.99, { priceStatus: 'stale', rarity: '' }),
    source('base1-8', 'Machamp', null),
  ]);

  it('counts the cards, the priced ones (stale included) and sums their values; names the most valuable', () => {
    expect(setToSummary(BASE, cards)).toEqual({
      id: 'base1',
      name: 'Base',
      language: 'en',
      nameJa: null,
      series: 'Base',
      releaseDate: '1999-01-09',
      printedTotal: 102,
      total: 102,
      ptcgoCode: 'BS',
      tcgplayerGroupId: null,
      cardCount: 4,
      pricedCardCount: 3,
      totalValueUsd: 579.78,
      topCard: { id: 'base1-4', name: 'Charizard', slug: 'charizard-base1-4', valueUsd: 458.29 },
    });
  });

  it('a set with no priced card (or no card) has no total and no top card, and says so', () => {
    const { ptcgoCode, ...noCode } = BASE;
    const empty = setToSummary(noCode, []);
    expect(empty).toMatchObject({ ptcgoCode: null, cardCount: 0, pricedCardCount: 0, totalValueUsd: null, topCard: null });
    const unpriced = setToDetail(noCode, setCardsOf(BASE, [source('base1-8', 'Machamp', null)]), '2025-10-20', () => history([1, 2]));
    expect(unpriced).toMatchObject({ cardCount: 1, totalValueUsd: null, topCard: null });
    expect(unpriced.cards[0].history).toBeUndefined();
    assertMatches('set-detail.json', unpriced);
    expect(setToMarkdown(unpriced)).toContain('No card of this set has a market price (1 card in the catalogue).');
  });

  it(`gives the daily prices of the ${SET_TOP_CARDS} most valuable priced cards only, asking for each one at a time`, () => {
    const many = setCardsOf(
      BASE,
      Array.from({ length: 14 }, (_, i) => source(`base1-${i + 1}`, `Card ${i + 1}`, i === 13 ? null : 100 - i)),
    );
    const asked: string[] = [];
    const detail = setToDetail(BASE, many, '2025-10-20', (card) => {
      asked.push(card.id);
      return card.id === 'base1-3' ? undefined : history([1, null, 2]);
    });
    expect(asked).toEqual(many.slice(0, SET_TOP_CARDS).map((c) => c.id));
    expect(detail.cards.filter((c) => c.history).map((c) => c.id)).toEqual(asked.filter((id) => id !== 'base1-3'));
    expect(detail.pricesAsOf).toBe('2025-10-20');
    assertMatches('set-detail.json', detail);
  });

  it('the detail is valid against its schema, and a summary against set-summary.json', () => {
    const detail = setToDetail(BASE, cards, '2025-10-20', () => history([450, null, 458.29]));
    assertMatches('set-detail.json', detail);
    const { pricesAsOf, cards: _cards, ...summaryOnly } = detail;
    assertMatches('set-summary.json', summaryOnly);
    expect(() => assertMatches('set-summary.json', detail)).toThrow();
  });
});

describe('set list', () => {
  const set = (id: string, series: string, releaseDate: string, cardCount = 1) => ({
    ...setToSummary({ id, name: id.toUpperCase(), language: 'en', series, releaseDate, printedTotal: 1, total: 1 }, []),
    cardCount,
  });

  it('groups by series, newest series first (by its first set), and the newest set first inside each', () => {
    const list = setListOf(
      [
        set('base1', 'Base', '1999-01-09', 102),
        set('swsh1', 'Sword & Shield', '2020-02-07', 216),
        set('base2', 'Base', '1999-06-16', 64),
        set('mcd21', 'Other', '2021-02-09'),
        set('swsh12', 'Sword & Shield', '2022-11-11', 215),
        set('sv1', 'Scarlet & Violet', '2023-03-31', 258),
        set('bp', 'Other', '2000-01-01'),
      ],
      '2025-10-20',
    );
    expect(list.series.map((s) => [s.name, s.releaseDate, s.sets.map((x) => x.id)])).toEqual([
      ['Scarlet & Violet', '2023-03-31', ['sv1']],
      ['Sword & Shield', '2020-02-07', ['swsh12', 'swsh1']],
      ['Other', '2000-01-01', ['mcd21', 'bp']],
      ['Base', '1999-01-09', ['base2', 'base1']],
    ]);
    expect(list).toMatchObject({ pricesAsOf: '2025-10-20', totalSets: 7, totalCards: 102 + 216 + 64 + 1 + 215 + 258 + 1 });
    assertMatches('set-list.json', list);
  });

  it('groups English sets first and Japanese sets after, each language by its own series and dates, a series printed in both being a group in each', () => {
    const jp = (id: string, series: string, releaseDate: string, cardCount = 1) => ({
      ...setToSummary({ id, name: id.toUpperCase(), language: 'ja', nameJa: id, series, releaseDate, printedTotal: 1, total: 1 }, []),
      cardCount,
    });
    const list = setListOf(
      [
        jp('jp-sv1s', 'Scarlet & Violet', '2023-01-20', 108),
        set('sv1', 'Scarlet & Violet', '2023-03-31', 258),
        jp('jp-m1l', 'Mega Evolution', '2025-08-01', 92),
        set('base1', 'Base', '1999-01-09', 102),
        jp('jp-sv8a', 'Scarlet & Violet', '2024-12-06', 237),
      ],
      '2025-10-20',
    );
    expect(list.series.map((s) => [s.language, s.name, s.releaseDate, s.sets.map((x) => x.id)])).toEqual([
      ['en', 'Scarlet & Violet', '2023-03-31', ['sv1']],
      ['en', 'Base', '1999-01-09', ['base1']],
      ['ja', 'Mega Evolution', '2025-08-01', ['jp-m1l']],
      ['ja', 'Scarlet & Violet', '2023-01-20', ['jp-sv8a', 'jp-sv1s']],
    ]);
    expect(list.languages).toEqual([
      { language: 'en', name: 'English', totalSets: 2, totalCards: 258 + 102, seriesCount: 2 },
      { language: 'ja', name: 'Japanese', totalSets: 3, totalCards: 108 + 92 + 237, seriesCount: 2 },
    ]);
    expect(list).toMatchObject({ totalSets: 5, totalCards: 258 + 102 + 108 + 92 + 237 });
    for (const series of list.series) for (const s of series.sets) expect(s.language).toBe(series.language);
    assertMatches('set-list.json', list);
  });

  it('lists no language that has no set', () => {
    expect(setListOf([set('base1', 'Base', '1999-01-09')], '2025-10-20').languages.map((l) => l.language)).toEqual(['en']);
  });

  it('breaks ties of date by name (series) and id (sets), whatever the input order', () => {
    const sets = [set('b', 'Y', '2000-01-01'), set('a', 'Y', '2000-01-01'), set('c', 'X', '2000-01-01')];
    const forward = setListOf(sets, '2025-10-20');
    const backward = setListOf([...sets].reverse(), '2025-10-20');
    expect(backward).toEqual(forward);
    expect(forward.series.map((s) => [s.name, s.sets.map((x) => x.id)])).toEqual([
      ['X', ['c']],
      ['Y', ['a', 'b']],
    ]);
  });
});

describe('set Markdown', () => {
  const reference = unified().use(remarkStringify, STRINGIFY_OPTIONS).data('toMarkdownExtensions', TO_MARKDOWN_EXTENSIONS());
  const parse = (markdown: string) => unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const tricky = setCardsOf(BASE, [
    source('base1-4', 'Charizard | *star* [x]', 458.29),
    source('base1-5', '<b>Mew</b>', 3, { priceStatus: 'stale' }),
    source('base1-6', 'Nidoran♀', null, { rarity: '' }),
  ]);
  const detail = setToDetail(BASE, tricky, '2025-10-20', (card) => (card.id === 'base1-4' ? history([400, null, 458.29]) : undefined));

  it('tabulates the cards with their number, linked name, rarity, value and band, escaping what Markdown would read', () => {
    const tables = parse(setToMarkdown(detail)).children.filter((n): n is Table => n.type === 'table');
    expect(tables).toHaveLength(1);
    const cellText = (cell: Table['children'][number]['children'][number]) =>
      cell.children
        .map((c) => ('value' in c ? c.value : c.type === 'link' ? `[${c.children.map((t) => ('value' in t ? t.value : '')).join('')}](${c.url})` : ''))
        .join('');
    const rows = tables[0].children.map((row) => row.children.map(cellText));
    expect(rows).toEqual([
      ['No.', 'Card', 'Rarity', 'Value', 'Band'],
      ['4/102', '[Charizard | *star* [x]](/cards/charizard-star-x-base1-4)', 'Rare Holo', '$458.29', 'chase'],
      ['5/102', '[<b>Mew</b>](/cards/b-mew-b-base1-5)', 'Rare Holo', '$3.00 (stale)', 'budget'],
      ['6/102', '[Nidoran♀](/cards/nidoran-base1-6)', 'none', 'unpriced', 'none'],
    ]);
  });

  it('gives the total, what it sums, the date, the price history of the top cards and the links to the JSON and the list', () => {
    const markdown = setToMarkdown(detail);
    expect(markdown).toMatch(/^# Base \(Base series\)\n/);
    expect(markdown).toContain(
      'Total value: **$461.29**, the sum of the values of its 2 priced cards (of 3 cards in the catalogue; TCGplayer market prices as of 2025-10-20).',
    );
    // The history runs to 10-20 but its last price is 09-23's: the line names the days of the prices it gives.
    expect(markdown).toContain('$400.00 → $458.29 from 2025-09-21 to 2025-09-23 (+14.6%)');
    expect(markdown).toContain('[/api/sets/base1](/api/sets/base1)');
    expect(markdown).toContain('[/sets](/sets)');
  });

  it('is the serialiser’s own output (the fast text path changes nothing)', () => {
    const tree: RootContent[] = setToMarkdownTree(detail);
    expect(toMarkdown(tree)).toBe(reference.stringify({ type: 'root', children: tree }));
  });

  it('the list has a section per language and in it one per series, in the list’s order, each set linked to its page and a Japanese one named in both languages', () => {
    const list = setListOf(
      [
        setToSummary(BASE, tricky),
        setToSummary({ ...BASE, id: 'sv1', name: 'Scarlet & Violet', series: 'Scarlet & Violet', releaseDate: '2023-03-31' }, []),
        setToSummary(
          {
            ...BASE,
            id: 'jp-sv8a',
            name: 'Terastal Fest ex',
            language: 'ja',
            nameJa: 'テラスタルフェスex',
            series: 'Scarlet & Violet',
            releaseDate: '2024-12-06',
          },
          [],
        ),
        setToSummary(
          { ...BASE, id: 'jp-m4', name: 'ニンジャスピナー', language: 'ja', nameJa: 'ニンジャスピナー', series: 'Mega Evolution', releaseDate: '2026-03-13' },
          [],
        ),
      ],
      '2025-10-20',
    );
    const markdown = setListToMarkdown(list);
    const headings = parse(markdown)
      .children.filter((n) => n.type === 'heading')
      .map((h) => (h.type === 'heading' ? `${h.depth} ${h.children.map((c) => ('value' in c ? c.value : '')).join('')}` : ''));
    expect(headings).toEqual(['1 Card sets', '2 English sets', '3 Scarlet & Violet', '3 Base', '2 Japanese sets', '3 Mega Evolution', '3 Scarlet & Violet']);
    expect(markdown).toContain('4 sets (3 cards) by the language they are printed in: 2 English sets in 2 series, 2 Japanese sets in 2 series.');
    // A set known by its Japanese name alone is not named twice.
    expect(markdown).toMatch(/\| \[ニンジャスピナー\]\(\/sets\/jp-m4\) +\| 2026-03-13 \|/);
    expect(markdown).toContain('[Base](/sets/base1)');
    expect(markdown).toMatch(/\| \[Scarlet & Violet\]\(\/sets\/sv1\) \| 2023-03-31 \| +0 \| +0 \| none priced \| none +\|/);
    expect(markdown).toMatch(/\| \[Terastal Fest ex\]\(\/sets\/jp-sv8a\) \(テラスタルフェスex\) \| 2024-12-06 \|/);
  });

  it('shows a value as dollars, stale marked, or unpriced', () => {
    expect(setCardValueText({ valueUsd: 1234.5, priceStatus: 'priced' })).toBe('$1,234.50');
    expect(setCardValueText({ valueUsd: 6, priceStatus: 'stale' })).toBe('$6.00 (stale)');
    expect(setCardValueText({ valueUsd: null, priceStatus: 'unpriced' })).toBe('unpriced');
  });
});
