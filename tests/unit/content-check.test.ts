import { copyFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentProblem, checkContent, formatProblem } from '../../src/check/content-check.ts';
import { contentReferenceProblems } from '../../src/check/content-references.ts';
import { FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';

/**
 * The content checker (npm run check): each case copies the fixture content,
 * breaks it in a known way, and expects the problem at the file, line, column
 * and field an editor must fix. Files are named relative to the folder holding
 * the copy, so they read `content/cards/base1.json` as in the real project.
 */
const base = scratchDir('content-check');
afterAll(() => rmSync(base, { recursive: true, force: true }));

let copies = 0;
/** A fresh copy of the fixture content; returns the folder that holds `content/`, and the content folder. */
function copyFixture(): { root: string; content: string } {
  const root = join(base, String(copies++));
  const content = join(root, 'content');
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  return { root, content };
}

/** Replaces `from` (which must occur) by `to` in a file of the content copy. */
function edit(content: string, file: string, from: string | RegExp, to: string): void {
  const path = join(content, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: ${String(from)} not found`);
  writeFileSync(path, next);
}

/** The 1-based line and column of the first `needle` in a file of the copy, moved `shift` columns right. */
function at(content: string, file: string, needle: string, shift = 0): { line: number; column: number } {
  const text = readFileSync(join(content, file), 'utf8');
  const offset = text.indexOf(needle);
  if (offset === -1) throw new Error(`${file}: ${needle} not found`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 + shift };
}

function check(copy: { root: string; content: string }): ContentProblem[] {
  return checkContent(copy.content, { root: copy.root }).problems;
}

/** The one problem of a file and field (fails when there is none, or more than one). */
function problemAt(problems: ContentProblem[], file: string, field: string): ContentProblem {
  const found = problems.filter((p) => p.file === file && p.field === field);
  expect(found, `${file} ${field} in:\n${problems.map(formatProblem).join('\n')}`).toHaveLength(1);
  return found[0];
}

const MARKED_ARTICLE = 'knowledge/what-is-a-grail.md';

describe('the fixture content', () => {
  it('has no problems', () => {
    expect(check(copyFixture())).toEqual([]);
  });

  it('counts what it checked', () => {
    const { counts } = checkContent(FIXTURE_CONTENT);
    expect(counts).toMatchObject({ sets: 5, cards: 11, sealed: 5, articles: 3, aliasFiles: 6, changeRecords: 2 });
  });
});

describe('content broken in many places: every problem is reported, each at its file, line and field', () => {
  const copy = copyFixture();
  const { content } = copy;
  let problems: ContentProblem[];

  beforeAll(() => {
    // base1-4's first price line, as a string.
    edit(content, 'cards/base1.json', /("id": "base1-4",[\s\S]*?"market": )[^,]+,/, '$1"cheap",');
    edit(content, 'cards/fix1.json', '"id": "fix1-012",\n    "set": "fix1"', '"id": "fix1-012",\n    "set": "nope"');
    // base1-92 takes the id of fix1-107, a card of another file.
    edit(content, 'cards/base1.json', '"id": "base1-92"', '"id": "fix1-107"');
    edit(content, 'knowledge/how-values-are-computed.md', 'related: [what-is-a-grail, sealed-per-pack]', 'related: [what-is-a-grail, no-such-article]');
    edit(content, 'knowledge/what-is-a-grail.md', 'cards: [fix1-107, base1-4]', 'cards: [fix1-107, base1-999]');
    edit(content, 'aliases/nicknames.json', '"cards": ["base1-4"]', '"cards": ["base1-404"]');
    copyFileSync(join(content, 'changes', '2025-10-20.json'), join(content, 'changes', '2025-10-22.json'));
    problems = check(copy);
  });

  it('a price that is a string: at the value, with the path of the field from the card', () => {
    const p = problemAt(problems, 'content/cards/base1.json', 'cards[0].prices[0].market');
    expect(p).toMatchObject(at(content, 'cards/base1.json', '"market": "cheap"', '"market": '.length));
    expect(p.message).toMatch(/expected number, received string/);
  });

  it('a card naming a set that does not exist', () => {
    const p = problemAt(problems, 'content/cards/fix1.json', 'cards[1].set');
    expect(p).toMatchObject(at(content, 'cards/fix1.json', '"set": "nope"', '"set": '.length));
    expect(p.message).toBe('no set "nope" in sets.json');
  });

  it('a card id used in two files: at the later one, naming the earlier', () => {
    const p = problemAt(problems, 'content/cards/fix1.json', 'cards[2].id');
    expect(p).toMatchObject(at(content, 'cards/fix1.json', '"id": "fix1-107"', '"id": '.length));
    expect(p.message).toBe('card id "fix1-107" is also the id of content/cards/base1.json cards[3]');
  });

  it("a card whose id does not begin with its set's id", () => {
    const p = problemAt(problems, 'content/cards/base1.json', 'cards[3].id');
    expect(p.message).toMatch(/does not begin with its set id "base1-"/);
  });

  it('an article whose related names a missing article: at the slug in the list', () => {
    const p = problemAt(problems, 'content/knowledge/how-values-are-computed.md', 'related[1]');
    expect(p).toMatchObject(at(content, 'knowledge/how-values-are-computed.md', 'no-such-article'));
    expect(p.message).toBe('no other article "no-such-article"');
  });

  it('an article mentioning a card that does not exist', () => {
    const p = problemAt(problems, 'content/knowledge/what-is-a-grail.md', 'mentions.cards[1]');
    expect(p).toMatchObject(at(content, 'knowledge/what-is-a-grail.md', 'base1-999'));
    expect(p.message).toBe('no card with id "base1-999"');
  });

  it('a nickname whose card does not exist (aliasProblems)', () => {
    const p = problemAt(problems, 'content/aliases/nicknames.json', 'nicknames[1].cards[0]');
    expect(p).toMatchObject(at(content, 'aliases/nicknames.json', '"base1-404"'));
    expect(p.message).toBe('no card with id "base1-404"');
  });

  it('a change record named after the wrong date: at its asOf', () => {
    const p = problemAt(problems, 'content/changes/2025-10-22.json', 'asOf');
    expect(p).toMatchObject(at(content, 'changes/2025-10-22.json', '"2025-10-20"'));
    expect(p.message).toMatch(/must be named after it \(2025-10-20\.json\)/);
  });

  it('nothing else is reported, and problems come sorted by file, then line', () => {
    expect(problems.map(formatProblem)).toHaveLength(8);
    const order = [...problems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    expect(problems).toEqual(order);
  });

  it('each problem reads file:line:column field: message', () => {
    const p = problemAt(problems, 'content/cards/fix1.json', 'cards[1].set');
    expect(formatProblem(p)).toBe(`content/cards/fix1.json:${p.line}:${p.column} cards[1].set: no set "nope" in sets.json`);
  });
});

describe('one problem at a time', () => {
  it('a malformed JSON file: at the place the parse stopped; its cards are not blamed on the articles that mention them', () => {
    const copy = copyFixture();
    edit(copy.content, 'cards/fix1.json', '"set": "fix1",\n    "name": "Charizard-EX"', '"set": "fix1"\n    "name": "Charizard-EX"');
    const problems = check(copy);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'content/cards/fix1.json', field: '(file)', ...at(copy.content, 'cards/fix1.json', '"name": "Charizard-EX"') });
    expect(problems[0].message).toMatch(/^not valid JSON: Expected ',' or '}'/);
  });

  it('an article without a required field: at the start of its front matter', () => {
    const copy = copyFixture();
    edit(copy.content, 'knowledge/what-is-a-grail.md', /^question: .*\n/m, '');
    expect(check(copy)).toEqual([
      { file: 'content/knowledge/what-is-a-grail.md', line: 1, column: 1, field: 'question', message: 'missing (expected string)' },
    ]);
  });

  it('an article with a tag outside the controlled list: at the tag', () => {
    const copy = copyFixture();
    edit(copy.content, 'knowledge/sealed-per-pack.md', '[sealed, per-pack, booster-box]', '[sealed, shiny, booster-box]');
    const p = problemAt(check(copy), 'content/knowledge/sealed-per-pack.md', 'facility_tags[1]');
    expect(p).toMatchObject(at(copy.content, 'knowledge/sealed-per-pack.md', 'shiny'));
  });

  it('a rarity outside the controlled list (a misspelt label): at the rarity', () => {
    const copy = copyFixture();
    edit(copy.content, 'cards/fix1.json', '"rarity": "Rare Secret"', '"rarity": "Rare Secrett"');
    const p = problemAt(check(copy), 'content/cards/fix1.json', 'cards[2].rarity');
    expect(p).toMatchObject(at(copy.content, 'cards/fix1.json', '"Rare Secrett"'));
    expect(p.message).toMatch(/expected one of .*"Black White Rare".*"Mega Hyper Rare"/);
  });

  it('an image on a host that is not an image host of content: at the image', () => {
    const copy = copyFixture();
    edit(copy.content, 'cards/fix1.json', 'https://images.pokemontcg.io/xy2/61.png', 'https://img.example.com/xy2/61.png');
    const p = problemAt(check(copy), 'content/cards/fix1.json', 'cards[0].images.small');
    expect(p.message).toBe('must be an image on one of https://images.pokemontcg.io, https://images.scrydex.com, https://assets.tcgdex.net');
  });

  it.each([
    [
      'a NUL in a card name',
      'cards/fix1.json',
      '"name": "Flabébé"',
      '"name": "Flab\\u0000ébé"',
      'cards[0].name',
      'holds U+0000 (a control character), which no text of content may',
    ],
    [
      'a right-to-left override in a card name',
      'cards/fix1.json',
      '"name": "Flabébé"',
      '"name": "Flab\u202Eébé"',
      'cards[0].name',
      'holds U+202E (a bidirectional control), which no text of content may',
    ],
    [
      'an artist of absurd length',
      'cards/fix1.json',
      '"name": "Flabébé"',
      `"name": "Flabébé", "artist": "${'a'.repeat(100_000)}"`,
      'cards[0].artist',
      '100,000 characters, more than 200',
    ],
    [
      'a tab in a set name',
      'sets.json',
      '"name": "Fixture Flashfire"',
      '"name": "Fixture\\tFlashfire"',
      'sets[1].name',
      'holds U+0009 (a control character), which no text of content may',
    ],
    [
      'a zero-width space in a sealed product name',
      'sealed/2848-swsh07-evolving-skies.json',
      '"name": "Evolving Skies Booster Box"',
      '"name": "Evolving Skies\u200B Booster Box"',
      'products[0].name',
      'holds U+200B (an invisible format character), which no text of content may',
    ],
    [
      'a TCGdex id shaped like a path',
      'cards/fix1.json',
      '"name": "Flabébé"',
      '"name": "Flabébé", "tcgdexId": "xy2/../../x"',
      'cards[0].tcgdexId',
      'not a TCGdex id: letters and digits, words joined by ".", "-" or "_", at most 64',
    ],
  ])('%s: at the field, with what is wrong', (_, file, from, to, field, message) => {
    const copy = copyFixture();
    edit(copy.content, file, from, to);
    expect(problemAt(check(copy), `content/${file}`, field).message).toBe(message);
  });

  it('an unknown front matter field: at its key', () => {
    const copy = copyFixture();
    edit(copy.content, 'knowledge/sealed-per-pack.md', 'related:', 'author: me\nrelated:');
    const p = problemAt(check(copy), 'content/knowledge/sealed-per-pack.md', 'author');
    expect(p).toMatchObject({ line: 7, column: 1, message: 'unknown field "author"' });
  });

  it('front matter that is not YAML: at the place the YAML parser stopped', () => {
    const copy = copyFixture();
    edit(copy.content, 'knowledge/sealed-per-pack.md', 'related: [how-values-are-computed]', 'related: [how-values-are-computed');
    const [p, ...rest] = check(copy);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ file: 'content/knowledge/sealed-per-pack.md', field: '(front matter)' });
    expect(p.line).toBeGreaterThanOrEqual(7);
    expect(p.message).toMatch(/^front matter is not valid YAML/);
  });

  it('an article whose related names itself', () => {
    const copy = copyFixture();
    edit(copy.content, 'knowledge/sealed-per-pack.md', 'related: [how-values-are-computed]', 'related: [sealed-per-pack]');
    expect(problemAt(check(copy), 'content/knowledge/sealed-per-pack.md', 'related[0]').message).toBe('"sealed-per-pack" is the article itself');
  });

  it('an article with no body: on the line after its front matter', () => {
    const copy = copyFixture();
    const path = join(copy.content, 'knowledge/sealed-per-pack.md');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, `${text.slice(0, text.indexOf('\n---\n') + 5)}\n`);
    const p = problemAt(check(copy), 'content/knowledge/sealed-per-pack.md', 'body');
    expect(p).toMatchObject({ line: 13, message: 'the article has no body (answer_detail)' });
  });

  it('a marked figure that is stale: at the figure, named by its marker, with what it was and what content gives', () => {
    const copy = copyFixture();
    // Charizard-EX's figure in the body, as it read before its price moved.
    edit(copy.content, MARKED_ARTICLE, 'grail at :fact[$650]{card=fix1-107}', 'grail at :fact[$600]{card=fix1-107}');
    const p = problemAt(check(copy), `content/${MARKED_ARTICLE}`, 'body');
    expect(p).toMatchObject(at(copy.content, MARKED_ARTICLE, '$600]'));
    expect(p.message).toBe('card=fix1-107: was $600, now $650; run npm run facts -- --write');
  });

  it('a marker that cannot be read, or names no card, is reported at the marker; one in the answer at its place in the answer line', () => {
    const copy = copyFixture();
    edit(copy.content, MARKED_ARTICLE, 'chase card at **:fact[$458.29]{card=base1-4}**', 'chase card at **:fact[$458.29]{card=base1-4 colour=red}**');
    edit(copy.content, MARKED_ARTICLE, 'such as Charizard-EX at :fact[$650.00]{card=fix1-107}', 'such as Charizard-EX at :fact[$650.00]{card=fix1-999}');
    const problems = check(copy);
    const body = problemAt(problems, `content/${MARKED_ARTICLE}`, 'body');
    expect(body).toMatchObject(at(copy.content, MARKED_ARTICLE, ':fact[$458.29]'));
    expect(body.message).toMatch(/no attribute "colour"/);
    const answer = problemAt(problems, `content/${MARKED_ARTICLE}`, 'answer');
    expect(answer).toMatchObject(at(copy.content, MARKED_ARTICLE, ':fact[$650.00]'));
    expect(answer.message).toBe('card=fix1-999: names no item of the catalogue, or no field of it');
  });

  it("an article's answer is held to its length as served, its markers resolved", () => {
    const copy = copyFixture();
    // 600 characters of answer once served, more with the marker around its figure.
    const words = 'x'.repeat(600 - 'A grail at $650.00.'.length);
    edit(copy.content, MARKED_ARTICLE, /^answer: .*$/m, `answer: "A grail at :fact[$650.00]{card=fix1-107}.${words}"`);
    expect(check(copy)).toEqual([]);
  });

  it("a sealed file's group problem is reported once, not once per product", () => {
    const copy = copyFixture();
    edit(copy.content, 'sealed/2848-swsh07-evolving-skies.json', '"id": 2848', '"id": "2848"');
    const problems = check(copy);
    expect(problems.map((p) => p.field)).toEqual(['group.id']);
    expect(problems[0]).toMatchObject(at(copy.content, 'sealed/2848-swsh07-evolving-skies.json', '"2848"'));
  });

  it('an unknown field of a sealed product: at its key', () => {
    const copy = copyFixture();
    edit(copy.content, 'sealed/2848-swsh07-evolving-skies.json', '"kind": "booster-box",', '"kind": "booster-box", "colour": "blue",');
    const p = problemAt(check(copy), 'content/sealed/2848-swsh07-evolving-skies.json', 'products[0].colour');
    expect(p).toMatchObject(at(copy.content, 'sealed/2848-swsh07-evolving-skies.json', '"colour"'));
  });

  it('a sealed product naming a set that does not exist, and a mention of a missing product', () => {
    const copy = copyFixture();
    edit(copy.content, 'sealed/2848-swsh07-evolving-skies.json', '"kind": "booster-box",', '"kind": "booster-box", "set": "swsh99",');
    edit(copy.content, 'knowledge/sealed-per-pack.md', 'sealed: [242436]', 'sealed: [242436, 1]');
    const problems = check(copy);
    expect(problemAt(problems, 'content/sealed/2848-swsh07-evolving-skies.json', 'products[0].set').message).toBe('no set "swsh99" in sets.json');
    expect(problemAt(problems, 'content/knowledge/sealed-per-pack.md', 'mentions.sealed[1]').message).toBe('no sealed product with id 1');
  });

  it('a set with a date that does not exist', () => {
    const copy = copyFixture();
    edit(copy.content, 'sets.json', '"2014-05-07"', '"2014-02-30"');
    const p = problemAt(check(copy), 'content/sets.json', 'sets[1].releaseDate');
    expect(p).toMatchObject({ ...at(copy.content, 'sets.json', '"2014-02-30"'), message: 'not a real calendar date' });
  });

  it("a Japanese card's price line without its TCGplayer product: at the product id (its only page is the product's)", () => {
    const copy = copyFixture();
    edit(copy.content, 'cards/jp-sv8a.json', '"productId": 602681,', '"productId": null,');
    const p = problemAt(check(copy), 'content/cards/jp-sv8a.json', 'cards[0].prices[0].productId');
    expect(p).toMatchObject({
      ...at(copy.content, 'cards/jp-sv8a.json', '"productId": null', '"productId": '.length),
      message: 'null on a Japanese card: its line names its TCGplayer Japanese product',
    });
  });

  it('an alias phrase claimed twice: at the later claim', () => {
    const copy = copyFixture();
    edit(copy.content, 'aliases/products.json', '"aliases": ["etb"]', '"aliases": ["etb", "base set"]');
    const p = problemAt(check(copy), 'content/aliases/products.json', 'products[0].aliases[1]');
    expect(p.message).toBe('"base set" is also an alias of set base1');
  });

  it('an alias entry the schema refuses is named, and the entries after it are still checked', () => {
    const copy = copyFixture();
    edit(copy.content, 'aliases/nicknames.json', '{ "nickname": "zard", "means": "charizard" }', '{ "nickname": "Zard!", "means": "charizard" }');
    edit(copy.content, 'aliases/nicknames.json', '"cards": ["base1-4"]', '"cards": ["base1-404"]');
    const problems = check(copy);
    expect(problemAt(problems, 'content/aliases/nicknames.json', 'nicknames[0].nickname').message).toMatch(/lower-case letters and digits/);
    expect(problemAt(problems, 'content/aliases/nicknames.json', 'nicknames[1].cards[0]').message).toBe('no card with id "base1-404"');
  });

  it('a file in changes/ that is not a change record', () => {
    const copy = copyFixture();
    writeFileSync(join(copy.content, 'changes', 'notes.txt'), 'hello');
    expect(check(copy)).toEqual([
      {
        file: 'content/changes/notes.txt',
        line: 1,
        column: 1,
        field: '(file)',
        message: 'not a change record (content/changes/ holds <date>.json files only)',
      },
    ]);
  });
});

describe('contentReferenceProblems (the rules the build shares)', () => {
  it('names the record and field of each problem, and the earlier record of a duplicate', () => {
    const problems = contentReferenceProblems({
      sets: [{ id: 'base1' }],
      cards: [
        { id: 'base1-4', set: 'base1', name: 'Charizard' },
        { id: 'base1-4', set: 'base1', name: 'Charizard' },
        { id: 'base2-1', set: 'base2', name: 'Clefable' },
      ],
      sealed: [{ productId: 1, cleanName: 'Box', set: 'nope' }],
      articles: [{ id: 'a', related: ['b'], mentions: { cards: ['base1-4'], sealed: [2] }, body: ' ' }],
    });
    expect(problems.map((p) => [p.collection, p.index, p.field, p.rule])).toEqual([
      ['cards', 1, 'id', 'duplicate-id'],
      ['cards', 2, 'set', 'unknown-set'],
      ['sealed', 0, 'set', 'unknown-set'],
      ['knowledge', 0, 'body', 'empty-body'],
      ['knowledge', 0, 'related[0]', 'unknown-article'],
      ['knowledge', 0, 'mentions.sealed[0]', 'unknown-sealed'],
    ]);
    expect(problems[0].message).toBe('card id "base1-4" is also the id of cards[0]');
  });
});

describe('the README beside the content', () => {
  /** A README whose catalogue sentence states `figures` in the lines src/knowledge-facts/readme.ts quotes. */
  const readmeStating = (cards: string, asOf: string, articles: string) =>
    [
      '# Card values',
      '',
      `The bundled catalogue: ${cards} cards in 5 sets, from Base (1999) to Fixture Flashfire (2014), and 5 sealed`,
      `products, 4 of the cards Japanese (in 3 sets), with TCGplayer market prices as of ${asOf} (sets released since are listed unpriced),`,
      '30 days of daily history per card (sealed: weekly from September 2025), PriceCharting',
      `graded figures for 1 cards, and ${articles} articles.`,
      '',
    ].join('\n');

  it('is clean when its catalogue sentence states what content gives', () => {
    const copy = copyFixture();
    writeFileSync(join(copy.root, 'README.md'), readmeStating('11', '2025-10-20', '3'));
    expect(check(copy)).toEqual([]);
  });

  it('names each line whose figure content no longer gives, with the figure it gives and the command that writes it', () => {
    const copy = copyFixture();
    writeFileSync(join(copy.root, 'README.md'), readmeStating('8', '2025-10-19', '3'));
    const problems = check(copy).filter((p) => p.file === 'README.md');
    expect(problems.map((p) => [p.line, p.column, p.field])).toEqual([
      [3, 1, 'catalogue figures'],
      [4, 53, 'catalogue figures'],
    ]);
    expect(problems[0].message).toMatch(
      /^says "The bundled catalogue: 8 cards .*" but content gives "The bundled catalogue: 11 cards .*"; run npm run facts -- --write$/,
    );
    expect(problems[1].message).toContain('content gives "TCGplayer market prices as of 2025-10-20');
  });

  it('names the template when the sentence is reworded by hand', () => {
    const copy = copyFixture();
    writeFileSync(join(copy.root, 'README.md'), readmeStating('11', '2025-10-20', '3').replace('and 3 articles', 'and three articles'));
    const [problem] = check(copy).filter((p) => p.file === 'README.md');
    expect(problem.message).toMatch(/^no sentence of the form "graded figures for .*" \(src\/knowledge-facts\/readme\.ts\)$/);
  });
});
