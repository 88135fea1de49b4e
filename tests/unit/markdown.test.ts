import type { RootContent } from 'mdast';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { cardToMarkdownTree } from '../../src/render/markdown/card-markdown.ts';
import { historySection } from '../../src/render/markdown/market-markdown.ts';
import {
  heading,
  link,
  list,
  paragraph,
  STRINGIFY_OPTIONS,
  strong,
  TO_MARKDOWN_EXTENSIONS,
  table,
  text,
  toMarkdown,
  toMarkdownSteps,
} from '../../src/render/markdown/mdast.ts';
import type { CardDetail, History } from '../../src/schemas/api-types.ts';

/** The serialiser without our fast path for plain text: the reference our output must equal. */
const reference = unified().use(remarkStringify, STRINGIFY_OPTIONS).data('toMarkdownExtensions', TO_MARKDOWN_EXTENSIONS());
const referenceOf = (children: RootContent[]) => reference.stringify({ type: 'root', children });

const TRICKY = [
  'Charizard',
  'Flabébé',
  "Farfetch'd",
  'Nidoran♀',
  'Pokémon *stars* and _under_',
  '1. not a list',
  '- not a list',
  '+5.2%',
  '# not a heading',
  '> not a quote',
  'Sword & Shield',
  "Team Rocket's [Mewtwo]",
  'Unown (!)',
  '<b>html</b>',
  'a | pipe',
  '`code`',
  'Price: $1,234.50',
  '100% = all',
  'x_y_z',
  'Porygon2 ★',
  '=== setext',
  '  leading spaces',
  'trailing spaces  ',
  'Value: ',
  ' (',
  ') ',
  ' · ',
  'a  b',
  'end\\',
  'http://example.com',
];

describe('Markdown serialisation', () => {
  it.each(TRICKY)('the fast text path changes no output: %s', (value) => {
    const nodes: RootContent[] = [
      heading(1, value),
      paragraph(value),
      paragraph('Set: ', text(value)),
      paragraph(value, strong('x'), value),
      paragraph(strong('x'), value),
      list([[value]]),
      list([[value, link('/x', value), value]]),
      table(['a', 'b'], [[value, value]]),
    ];
    expect(toMarkdown(nodes)).toBe(referenceOf(nodes));
  });

  it.each(TRICKY)('written in steps, block by block, a long list in runs of items and a long table in runs of rows, the text is the same: %s', (value) => {
    const items = Array.from({ length: 120 }, (_, i) => [`${i}. ${value}`, link(`/x/${i}`, value), value]);
    // Rows of growing widths, in more than two runs: each column padded to its widest cell, wherever it lies.
    const rows = Array.from({ length: 250 }, (_, i) => [String(i), `${value}${'x'.repeat(i % 7)}`, link(`/r/${i}`, value)]);
    const nodes: RootContent[] = [
      heading(1, value),
      paragraph(value, strong('x')),
      table(['a', 'b', 'c'], rows, ['right', 'left', null]),
      list(items),
      table(['a', 'b'], [[value, value]]),
      heading(2, value),
      list([[value]]),
    ];
    let steps = 0;
    const stepped = toMarkdownSteps(nodes);
    for (let next = stepped.next(); ; next = stepped.next(), steps++) {
      if (next.done) {
        expect(next.value).toBe(toMarkdown(nodes));
        break;
      }
    }
    expect(steps).toBeGreaterThanOrEqual(3);
  });

  const card: CardDetail = {
    id: 'base1-4',
    name: 'Charizard',
    language: 'en',
    nameJa: null,
    exactName: 'Charizard (Base 4/102)',
    slug: 'charizard-base1-4',
    setName: 'Base',
    valueUsd: 458.29,
    priceStatus: 'stale',
    confidence: { tier: 'low', spreadPct: 28.4, pricedDays30: 2, volatility30Pct: 0.9, volatility30Usd: 0.09, staleDays: 0 },
    valueBand: 'chase',
    change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
    rarity: 'Rare Holo',
    types: ['Fire'],
    imageSmall: 'https://images.pokemontcg.io/base1/4.png',
    subtypes: ['Stage 2'],
    legalities: { unlimited: 'Legal', standard: 'Banned' },
    variants: [
      { name: 'holofoil', lowPrice: 327.99, marketPrice: 458.29, highPrice: 1000 },
      { name: '1stEditionHolofoil', lowPrice: null, marketPrice: 9000, highPrice: null },
    ],
    market: {
      source: 'TCGplayer',
      lowPrice: 327.99,
      highPrice: 1000,
      marketPrice: 458.29,
      marketUrl: 'https://www.tcgplayer.com/product/42382',
      updatedAt: '2025-10-20',
    },
    graded: { ungraded: 224, psa10: 9000, psa10Multiplier: 40.18, source: 'PriceCharting', updatedAt: '2025-02-27' },
    history: { start: '2025-10-18', end: '2025-10-20', market: [450, null, 458.29] },
    valuePrinting: 'holofoil',
    printings: [
      {
        id: 'shadowless-holofoil',
        label: 'Shadowless Holofoil',
        variant: 'unlimitedHolofoil',
        printing: 'shadowless',
        primary: false,
        productId: 106999,
        marketUrl: 'https://www.tcgplayer.com/product/106999',
        valueUsd: 1997.59,
        priceStatus: 'stale',
        confidence: { tier: 'low', spreadPct: 63.7, pricedDays30: null, volatility30Pct: null, volatility30Usd: null, staleDays: 0 },
        change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
        lowPrice: 725,
        midPrice: 1099.9,
        highPrice: 3187,
        marketPrice: 1997.59,
        directLowPrice: null,
        updatedAt: '2025-10-20',
        source: 'TCGplayer',
      },
      {
        id: 'holofoil',
        label: 'Holofoil',
        variant: 'holofoil',
        printing: null,
        primary: true,
        productId: 42382,
        marketUrl: 'https://www.tcgplayer.com/product/42382',
        valueUsd: 458.29,
        priceStatus: 'stale',
        confidence: { tier: 'low', spreadPct: 28.4, pricedDays30: 2, volatility30Pct: 0.9, volatility30Usd: 0.09, staleDays: 0 },
        change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
        lowPrice: 327.99,
        midPrice: 466,
        highPrice: 1000,
        marketPrice: 458.29,
        directLowPrice: null,
        updatedAt: '2025-10-20',
        source: 'TCGplayer',
      },
    ],
    changes: [
      { asOf: '2025-10-20', url: '/api/changes/2025-10-20', what: ['repriced'] },
      { asOf: '2025-10-13', url: '/api/changes/2025-10-13', what: ['band', 'status'] },
    ],
  };

  it("a card's whole Markdown equals the reference serialiser's", () => {
    const tree = cardToMarkdownTree(card);
    expect(toMarkdown(tree)).toBe(referenceOf(tree));
    expect(toMarkdown(tree)).toContain('Value: **$458.29**, band chase ($50 to under $500) (stale price).');
    expect(toMarkdown(tree)).toContain(
      "Confidence: **low** — rarely priced: priced on 2 of its last 30 days; listings from $327.99 to $1,000.00 (28.4% from the value); 30-day volatility 0.9% (±$0.09); recorded on the catalogue's price date.",
    );
    expect(toMarkdown(tree)).toContain('The value above is the Holofoil printing (holofoil). All 2 printings, most valuable first:');
    expect(toMarkdown(tree)).toMatch(
      /\| Shadowless Holofoil \| \$1,997\.59 \| \$725\.00 \| \$3,187\.00 \| low +\| 2025-10-20 \| \[106999\]\(https:\/\/www\.tcgplayer\.com\/product\/106999\) \|/,
    );
    expect(toMarkdown(tree)).toContain(
      'Changed by imports: [2025-10-20](/changes/2025-10-20.md) (repriced), [2025-10-13](/changes/2025-10-13.md) (band, status).',
    );
  });

  it('says which formats a card is legal in, and that the source records none when it does not', () => {
    expect(toMarkdown(cardToMarkdownTree(card))).toContain('- Legal in: unlimited, standard (banned)');
    const unrecorded = toMarkdown(cardToMarkdownTree({ ...card, legalities: {} }));
    expect(unrecorded).toContain('- Legalities: not recorded by the source');
    expect(unrecorded).not.toContain('Legal in');
  });
});

describe('the price history section', () => {
  const JSON_HREF = '/api/cards/base1-4-charizard.json';
  const say = (history: Parameters<typeof historySection>[0]) => toMarkdown(historySection(history, JSON_HREF, priceChangesOf({ history })));

  it('sums up a daily history from its first to its last day', () => {
    expect(say({ start: '2025-09-21', end: '2025-09-23', market: [10, null, 12] })).toContain(
      'Market price $10.00 → $12.00 from 2025-09-21 to 2025-09-23 (+20%). Daily values are in the',
    );
  });

  it('counts the weekly closes of a long history: the change is from its first week, and the reader is told where the weeks are', () => {
    const md = say({ start: '2025-07-21', end: '2025-07-22', market: [20, 22], weekly: { start: '2025-07-13', end: '2025-07-20', market: [11, 18] } });
    expect(md).toContain(
      'Market price $11.00 → $22.00 from 2025-07-13 to 2025-07-22 (+100%). Daily values from 2025-07-21 and weekly closes before are in the',
    );
  });

  it('lists the change over each window after the summary, and says once why none is known', () => {
    // The 7 days 2025-09-30 to 2025-10-06: 10 to 12.5, the history's first and last days.
    const week: History = { start: '2025-09-30', end: '2025-10-06', market: [10, null, 11, null, null, 12, 12.5] };
    expect(say(week)).toContain(
      [
        '(+25%). Daily values are in the [JSON](/api/cards/base1-4-charizard.json).',
        '',
        'Change:',
        '',
        '- 7 days: up 25% (+$2.50) since 2025-09-30 ($10.00)',
        '- 30, 90 and 365 days: the price history starts 2025-09-30',
      ].join('\n'),
    );
    expect(say({ start: '2025-10-05', end: '2025-10-06', market: [10, 12] })).toContain(
      'Change over 7, 30, 90 and 365 days: the price history starts 2025-10-05.',
    );
    expect(say(undefined)).toBe('');
  });
});
