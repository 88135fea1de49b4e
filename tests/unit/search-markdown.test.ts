import type { Link, PhrasingContent, RootContent, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.ts';
import { cardSearchToMarkdown, knowledgeListToMarkdown, sealedSearchToMarkdown } from '../../src/render/markdown/search-markdown.ts';
import type { CardSearch, CardSummary, KnowledgeList, KnowledgeListItem, SealedSearch, SealedSummary } from '../../src/schemas/api-types.ts';
import { assertMatches } from '../support/schemas.ts';

const charizard: CardSummary = {
  id: 'base1-4',
  name: 'Charizard',
  language: 'en',
  nameJa: null,
  exactName: 'Charizard (Base 4/102)',
  slug: 'charizard-base1-4',
  setName: 'Base',
  valueUsd: 458.29,
  priceStatus: 'priced',
  confidence: null,
  change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
  valueBand: 'chase',
  rarity: 'Rare Holo',
  types: ['Fire'],
  imageSmall: 'https://images.pokemontcg.io/base1/4.png',
};

const blastoise: CardSummary = {
  ...charizard,
  id: 'base1-2',
  name: 'Blastoise',
  exactName: 'Blastoise (Base 2/102)',
  slug: 'blastoise-base1-2',
  valueUsd: 212.5,
  types: ['Water'],
  imageSmall: 'https://images.pokemontcg.io/base1/2.png',
};

/** A name with every character that means something in a table row: emphasis, a cell separator, a link label. */
const tricky: CardSummary = {
  ...charizard,
  id: 'xy-99',
  name: 'Pokémon *stars* | [Mewtwo]',
  exactName: 'Pokémon *stars* | [Mewtwo] (XY 99/146)',
  slug: 'pokemon-stars-mewtwo-xy-99',
  setName: 'XY',
  valueUsd: null,
  priceStatus: 'unpriced',
  change: priceChangesOf({}),
  valueBand: null,
  rarity: '',
  imageSmall: 'https://images.pokemontcg.io/xy1/99.png',
};

const boosterBox: SealedSummary = {
  id: 'evolving-skies-booster-box',
  productId: 250338,
  slug: 'evolving-skies-booster-box',
  cleanName: 'Evolving Skies Booster Box',
  kind: 'booster-box',
  groupName: 'SWSH07: Evolving Skies',
  valueUsd: 1234.5,
  priceStatus: 'priced',
  confidence: null,
  change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
  totalPacks: 36,
  pricePerPack: 34.29,
};

function cardSearch(answer: CardSearch): CardSearch {
  assertMatches('card-search.json', answer, 'test card search');
  return answer;
}

function sealedSearch(answer: SealedSearch): SealedSearch {
  assertMatches('sealed-search.json', answer, 'test sealed search');
  return answer;
}

function knowledgeList(items: KnowledgeList): KnowledgeList {
  assertMatches('knowledge-list.json', items, 'test knowledge list');
  return items;
}

const article = (id: string, question: string, answer: string): KnowledgeListItem => ({ id, question, answer, facility_tags: [], structured: {} });

/** The one table of a Markdown text, parsed back: its rows as cells. */
function tableOf(markdown: string): Table['children'][number]['children'][] {
  const tables = parseMarkdown(markdown).filter((node): node is Table => node.type === 'table');
  expect(tables).toHaveLength(1);
  return tables[0].children.map((row) => row.children);
}

/** The plain text of parsed nodes. */
function textOf(nodes: (RootContent | PhrasingContent)[]): string {
  return nodes.map((node) => ('value' in node ? node.value : 'children' in node ? textOf(node.children as PhrasingContent[]) : '')).join('');
}

/** Each row of a parsed table as the plain text of its cells. */
const cellTexts = (rows: ReturnType<typeof tableOf>) => rows.map((row) => row.map((cell) => textOf(cell.children)));

const linkIn = (cell: { children: PhrasingContent[] }) => cell.children.find((node): node is Link => node.type === 'link');

describe('card search as Markdown', () => {
  it("links each card's exact name to its page, with its id, set, rarity, value and band", () => {
    const rows = tableOf(cardSearchToMarkdown(cardSearch({ total: 2, count: 2, results: [charizard, blastoise] })));
    expect(cellTexts(rows)).toEqual([
      ['Card', 'Id', 'Set', 'Rarity', 'Value', 'Band'],
      ['Charizard (Base 4/102)', 'base1-4', 'Base', 'Rare Holo', '$458.29', 'chase'],
      ['Blastoise (Base 2/102)', 'base1-2', 'Base', 'Rare Holo', '$212.50', 'chase'],
    ]);
    expect(rows.slice(1).map((row) => linkIn(row[0])?.url)).toEqual(['/cards/charizard-base1-4', '/cards/blastoise-base1-2']);
  });

  it('shows no images', () => {
    const markdown = cardSearchToMarkdown(cardSearch({ total: 1, count: 1, results: [charizard] }));
    expect(markdown).not.toContain('![');
    expect(markdown).not.toContain('images.pokemontcg.io');
  });

  it('values a result by the printing the request named, with its label', () => {
    const shadowless = { ...charizard, printing: { id: 'shadowless-holofoil', label: 'Shadowless Holofoil', productId: 107004, valueUsd: 1997.59 } };
    const rows = tableOf(cardSearchToMarkdown(cardSearch({ total: 1, count: 1, results: [shadowless] })));
    expect(textOf(rows[1][4].children)).toBe('$1,997.59 (Shadowless Holofoil)');
  });

  it('marks a stale value and says n/a for an unpriced card', () => {
    const rows = tableOf(cardSearchToMarkdown(cardSearch({ total: 2, count: 2, results: [{ ...charizard, priceStatus: 'stale' }, tricky] })));
    expect(rows.slice(1).map((row) => textOf(row[4].children))).toEqual(['$458.29 (stale)', 'n/a']);
  });

  it('says which results of how many are shown, counting from the offset', () => {
    const markdown = cardSearchToMarkdown(cardSearch({ total: 52, count: 2, offset: 10, limit: 2, results: [charizard, blastoise] }));
    expect(markdown.split('\n')[0]).toBe('Showing 11–12 of 52 cards.');
    expect(cardSearchToMarkdown(cardSearch({ total: 52, count: 2, offset: 0, limit: 2, results: [charizard, blastoise] })).split('\n')[0]).toBe(
      'Showing 1–2 of 52 cards.',
    );
    expect(cardSearchToMarkdown(cardSearch({ total: 1, count: 1, results: [charizard] })).split('\n')[0]).toBe('Showing 1 of 1 card.');
  });

  it('keeps its columns when a name holds Markdown characters (*, |, [), and reads back the name as written', () => {
    const markdown = cardSearchToMarkdown(cardSearch({ total: 2, count: 2, results: [tricky, charizard] }));
    const rows = tableOf(markdown);
    expect(rows.map((row) => row.length)).toEqual([6, 6, 6]);
    expect(cellTexts(rows)[1]).toEqual(['Pokémon *stars* | [Mewtwo] (XY 99/146)', 'xy-99', 'XY', '', 'n/a', '']);
    expect(linkIn(rows[1][0])?.url).toBe('/cards/pokemon-stars-mewtwo-xy-99');
    expect(rows[1][0].children.some((node) => node.type === 'emphasis')).toBe(false);
  });

  it('names the query words it ignored, and why', () => {
    const markdown = cardSearchToMarkdown(
      cardSearch({
        total: 1,
        count: 1,
        results: [charizard],
        ignored: [
          { word: 'psa 10', reason: 'grade' },
          { word: 'pokemon', reason: 'filler' },
        ],
      }),
    );
    expect(markdown).toContain('Ignored: `psa 10` (a grade: search does not filter by grade), `pokemon` (filler).');
  });

  it('lists the ids that named no card', () => {
    const markdown = cardSearchToMarkdown(cardSearch({ total: 1, count: 1, results: [charizard], notFound: ['base1-999', 'zz-1'] }));
    expect(markdown).toContain('Not found: `base1-999`, `zz-1`.');
  });

  it('says no cards matched, without a table, when there are none', () => {
    const markdown = cardSearchToMarkdown(
      cardSearch({ total: 0, count: 0, offset: 0, limit: 20, results: [], ignored: [{ word: 'zzzz', reason: 'not-found' }] }),
    );
    expect(markdown).toBe('No cards matched.\n\nIgnored: `zzzz` (not found).\n');
    expect(markdown).not.toContain('|');
  });

  it('says when the offset is past the last match', () => {
    const markdown = cardSearchToMarkdown(cardSearch({ total: 52, count: 0, offset: 60, limit: 20, results: [] }));
    expect(markdown).toBe('No cards on this page: offset 60 is past the 52 cards that matched.\n');
  });

  it('says how many matched when the page asked for none (limit 0)', () => {
    expect(cardSearchToMarkdown(cardSearch({ total: 52, count: 0, offset: 0, limit: 0, results: [] }))).toBe('52 cards matched; none shown (limit 0).\n');
  });
});

describe('sealed search as Markdown', () => {
  it("links each product's name to its page, with its product id, kind, set, value and price per pack", () => {
    const markdown = sealedSearchToMarkdown(sealedSearch({ total: 3, count: 1, offset: 2, limit: 1, results: [boosterBox] }));
    expect(markdown.split('\n')[0]).toBe('Showing 3 of 3 products.');
    const rows = tableOf(markdown);
    expect(cellTexts(rows)).toEqual([
      ['Product', 'Product id', 'Kind', 'Set', 'Value', 'Per pack'],
      ['Evolving Skies Booster Box', '250338', 'booster-box', 'SWSH07: Evolving Skies', '$1,234.50', '$34.29'],
    ]);
    expect(linkIn(rows[1][0])?.url).toBe('/sealed/evolving-skies-booster-box');
  });

  it('says n/a for an unknown price per pack and marks a stale value', () => {
    const tin = { ...boosterBox, priceStatus: 'stale' as const, totalPacks: null, pricePerPack: null };
    const rows = tableOf(sealedSearchToMarkdown(sealedSearch({ total: 1, count: 1, results: [tin] })));
    expect(rows[1].slice(4).map((cell) => textOf(cell.children))).toEqual(['$1,234.50 (stale)', 'n/a']);
  });

  it('says no products matched, without a table, when there are none', () => {
    expect(sealedSearchToMarkdown(sealedSearch({ total: 0, count: 0, results: [], notFound: ['999999'] }))).toBe(
      'No products matched.\n\nNot found: `999999`.\n',
    );
  });
});

describe('knowledge list as Markdown', () => {
  it("lists each article's question, its short answer and a link to it", () => {
    const markdown = knowledgeListToMarkdown(knowledgeList([article('psa-10-multiplier', 'What is a PSA 10 worth?', 'About 5 to 10 times the raw card.')]));
    expect(markdown).toBe('- **What is a PSA 10 worth?** About 5 to 10 times the raw card. — [psa-10-multiplier](/knowledge/psa-10-multiplier)\n');
  });

  it('cuts a long answer at a word boundary near 200 characters, with an ellipsis', () => {
    const answer = `${'Grading adds value, '.repeat(9)}${'conditionally '.repeat(10)}`;
    const markdown = knowledgeListToMarkdown(knowledgeList([article('grading', 'Is grading worth it?', answer)]));
    const shown = /\*\* (.*) — \[/.exec(markdown)?.[1] ?? '';
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(201);
    expect(shown.length).toBeGreaterThan(180);
    expect(answer.startsWith(shown.slice(0, -1))).toBe(true);
    expect(answer[shown.length - 1]).toBe(' ');
  });

  it('drops the punctuation left hanging at the cut', () => {
    const answer = `${'x'.repeat(197)}, and more words after the cut`;
    const markdown = knowledgeListToMarkdown(knowledgeList([article('long', 'Long?', answer)]));
    expect(markdown).toContain(`** ${'x'.repeat(197)}… — [`);
  });

  it('says no articles matched when there are none', () => {
    expect(knowledgeListToMarkdown(knowledgeList([]))).toBe('No articles matched.\n');
  });
});
