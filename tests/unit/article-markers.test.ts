import { describe, expect, it } from 'vitest';
import { shapeOf, writeValue } from '../../src/knowledge-facts/figures.ts';
import { lookUp } from '../../src/knowledge-facts/look-up.ts';
import { factsNamedNowhere, findMarkers, markerName, plainText } from '../../src/knowledge-facts/markers.ts';
import { parseTemplate, TemplateError, tableRows } from '../../src/knowledge-facts/row-template.ts';

/**
 * The figure markers of an article (src/knowledge-facts/markers.ts): how an editor marks a figure where it stands,
 * how the figure is written again in the shape the editor gave it, how a fact-table's rows are made, and what the
 * build serves in their place.
 */

describe('a marked figure keeps the shape it is written in', () => {
  it.each([
    [14902, '14,859', '14,902'],
    [1234567, '', '1,234,567'],
    [6502.49, '$1,234.56', '$6,502.49'],
    [700, '$1.00', '$700.00'],
    [1406.25, '$224', '$1,406'],
    [9000, '$224', '$9,000'],
    [75.86, '75.9%', '75.9%'],
    [-12.34, '3.0%', '-12.3%'],
    [3, '1st', '3rd'],
    [12, '1st', '12th'],
    [17.77, '6.2', '17.8'],
    [15.234, '15.23', '15.23'],
    [19.13, '19', '19'],
    [2025, '2024', '2025'],
    [12345, '2024', '12345'],
    [0.5, '', '0.5'],
  ])('%s written where the article says "%s" reads "%s"', (value, shown, written) => {
    expect(writeValue(value, undefined, shown)).toBe(written);
  });

  it('a format named in the marker wins over the shape', () => {
    expect(writeValue(4.65, 'x', '4.65')).toBe('4.7');
    expect(writeValue(700, 'usd', '700')).toBe('$700.00');
    expect(writeValue(75.86, 'pct', '')).toBe('75.9%');
    expect(writeValue(23, 'ord', '')).toBe('23rd');
  });

  it('a date is written as its month where the article writes a month, else as it is; names and counts read as English', () => {
    expect(writeValue('2025-11-20', undefined, 'October 2025')).toBe('November 2025');
    expect(writeValue('2025-11-20', undefined, '2025-10-20')).toBe('2025-11-20');
    expect(writeValue('2025-11-20', 'month')).toBe('November 2025');
    expect(writeValue(['Perfect Order', 'Chaos Rising', 'Pitch Black'])).toBe('Perfect Order, Chaos Rising and Pitch Black');
    expect(writeValue({ Skyridge: 2, Aquapolis: 1 })).toBe('2 from Skyridge and 1 from Aquapolis');
  });

  it('a format that does not fit the value, and a value that is not a figure, are refused', () => {
    expect(() => writeValue('Pikachu', 'usd')).toThrow(/cannot be written as "usd"/);
    expect(() => writeValue([{ a: 1 }])).toThrow(/more than names/);
    expect(() => writeValue(true)).toThrow(/not a figure/);
  });

  it('text that is not a number has no shape', () => {
    expect([shapeOf('none'), shapeOf('12 cards'), shapeOf('$')]).toEqual([null, null, null]);
  });
});

describe('lookUp', () => {
  it('walks a dotted path, a key holding dots or spaces taken whole', () => {
    const facts = { by_rarity: { 'Rare Holo LV.X': { cards: 56 }, 'Special Illustration Rare': { median_usd: 51.36 } }, top: [{ name: 'Umbreon ex' }] };
    expect(lookUp(facts, 'by_rarity.Rare Holo LV.X.cards')).toEqual({ found: true, value: 56 });
    expect(lookUp(facts, 'by_rarity.Special Illustration Rare.median_usd')).toEqual({ found: true, value: 51.36 });
    expect(lookUp(facts, 'top.0.name')).toEqual({ found: true, value: 'Umbreon ex' });
    expect(lookUp(facts, 'top.1.name')).toEqual({ found: false });
    expect(lookUp({ median: null }, 'median')).toEqual({ found: true, value: null });
  });
});

describe('findMarkers', () => {
  it('reads each marker where it stands: in a sentence, bold, a link text, a table cell, a code span, a link target', () => {
    const text = [
      'There are :fact[20,608]{key=cards_total} cards, **:fact[68]{key=bands.grail}** grails.',
      '[Charizard at :fact[$458.29]{card=base1-4}](/cards/charizard-base1-4), asking :fact[$327.99]{card=base1-4 field=low}.',
      '| `:fact[me5]{key=last_set}` | :fact[$120.01]{sealed=218328} | [box](/sealed/:fact[a-box-1]{key=box.slug}) |',
    ].join('\n');
    const { facts, problems } = findMarkers(text);
    expect(problems).toEqual([]);
    expect(facts.map((m) => [m.label, markerName(m)])).toEqual([
      ['20,608', 'key=cards_total'],
      ['68', 'key=bands.grail'],
      ['$458.29', 'card=base1-4'],
      ['$327.99', 'card=base1-4 field=low'],
      ['me5', 'key=last_set'],
      ['$120.01', 'sealed=218328'],
      ['a-box-1', 'key=box.slug'],
    ]);
    for (const m of facts) expect(text.slice(m.labelStart, m.labelStart + m.label.length)).toBe(m.label);
  });

  it('reads quoted attribute values, a key with spaces among them, and a format', () => {
    const [marker] = findMarkers(`Worth :fact[$51.36]{key='by_rarity.Special Illustration Rare.median_usd' format="usd"}.`).facts;
    expect(marker.attributes).toEqual({ key: 'by_rarity.Special Illustration Rare.median_usd', format: 'usd' });
  });

  it('a backslash keeps a marker literal, an escaped bracket stays in its figure, and a fenced block is not read', () => {
    const text = 'Write \\:fact[20]{key=n} to show one; :fact[a\\]b]{key=n}.\n```\n:fact[1]{key=n}\n```\n';
    expect(findMarkers(text).facts.map((m) => m.label)).toEqual(['a\\]b']);
  });

  it.each([
    ['a marker without brackets', 'See :fact{key=n}.', /writes its figure in brackets/],
    ['a figure that does not end on its line', 'See :fact[20\n]{key=n}.', /must end with "\]"/],
    ['a marker without attributes', 'See :fact[20] cards.', /needs its attributes/],
    ['attributes that do not end', 'See :fact[20]{key=n\nmore.', /must end with "}"/],
    ['an attribute it does not take', 'See :fact[20]{key=n colour=red}.', /no attribute "colour"/],
    ['two values named', 'See :fact[20]{key=n card=base1-4}.', /names one value/],
    ['no value named', 'See :fact[20]{format=n}.', /names one value/],
    ['a field of a fact', 'See :fact[20]{key=n field=low}.', /field=… goes with card/],
    ['an attribute given twice', 'See :fact[20]{key=n key=m}.', /given twice/],
    ['an unclosed quote', "See :fact[20]{key='n}.", /no closing '/],
  ])('%s is reported at the marker', (_name, text, message) => {
    const { facts, problems } = findMarkers(`Intro line.\n${text}`);
    expect(facts).toEqual([]);
    expect(problems).toEqual([{ offset: 'Intro line.\nSee '.length, message: expect.stringMatching(message) }]);
  });

  it('a fact-table comment names its list and row template, and the rows under its header and separator', () => {
    const text =
      'Top:\n\n<!-- fact-table rows=top where=valueUsd row="| {name} | {valueUsd|usd} |" -->\n| Card | Value |\n|---|---|\n| A | $1.00 |\n| B | $2.00 |\n\nAfter.';
    const { tables, problems } = findMarkers(text);
    expect(problems).toEqual([]);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table.attributes).toEqual({ rows: 'top', where: 'valueUsd', row: '| {name} | {valueUsd|usd} |' });
    expect(table.header).toBe('| Card | Value |');
    expect(text.slice(table.rowsStart, table.rowsEnd)).toBe('| A | $1.00 |\n| B | $2.00 |');
    expect(markerName(table)).toBe('fact-table rows=top');
  });

  it.each([
    ['a comment not followed by a table', '<!-- fact-table rows=top row="| {name} |" -->\nText.', /just before a table/],
    ['a comment without its row', '<!-- fact-table rows=top -->\n| A |\n|---|', /names the list its rows come from/],
    ['a comment over two lines', '<!-- fact-table rows=top\nrow="| {name} |" -->\n| A |\n|---|', /one line/],
    ['an attribute a table does not take', '<!-- fact-table rows=top row="| {name} |" sort=desc -->\n| A |\n|---|', /no attribute "sort"/],
  ])('%s is reported at the comment', (_name, text, message) => {
    expect(findMarkers(text).problems).toEqual([{ offset: 0, message: expect.stringMatching(message) }]);
  });
});

describe('plainText: what the build serves', () => {
  it('each marker becomes its figure and each fact-table comment goes, every other byte kept', () => {
    const text =
      'There are **:fact[20,608]{key=cards_total}** cards.\n\n<!-- fact-table rows=top row="| {name} |" -->\n| Card |\n|---|\n| A |\n\n[at :fact[$1.00]{card=x-1}](/cards/x-1)';
    expect(plainText(text)).toEqual({ text: 'There are **20,608** cards.\n\n| Card |\n|---|\n| A |\n\n[at $1.00](/cards/x-1)', problems: [] });
  });

  it('a marker with no figure yet, or one that cannot be read, is a problem: the build does not serve it', () => {
    expect(plainText('New: :fact[]{key=n}.').problems).toEqual([{ offset: 5, message: 'key=n has no figure yet: run npm run facts -- --write' }]);
    expect(plainText('Bad: :fact[3]{key=n').problems).toEqual([{ offset: 5, message: expect.stringMatching(/must end with "}"/) }]);
  });
});

describe('factsNamedNowhere: a key the build refuses', () => {
  const structured = { cards: 3, by_rarity: { 'Special Illustration Rare': { median: null } }, sets: { a: { top: [] } } };

  it('a key= marker or a fact-table naming no member of structured is a problem at its place; a null member is a member', () => {
    const text = "Of :fact[3]{key=cards} cards, :fact[2]{key=card} here, :fact[1.2]{key='by_rarity.Special Illustration Rare.median'} there.\n";
    expect(factsNamedNowhere(text, structured)).toEqual([
      {
        offset: text.indexOf(':fact[2]'),
        message: "key=card names no member of the front matter's structured: a fact its facts file computes (npm run facts -- --write)",
      },
    ]);
    const tables = '<!-- fact-table rows=sets.*.top row="| {name} |" -->\n| A |\n|---|\n\n<!-- fact-table rows=top row="| {name} |" -->\n| A |\n|---|\n';
    expect(factsNamedNowhere(tables, structured).map((p) => p.message)).toEqual([expect.stringMatching(/^fact-table rows=top names no member/)]);
  });

  it("card and sealed markers are the catalogue's, not structured's; an article without structured has no key to name", () => {
    expect(factsNamedNowhere('worth :fact[$1.00]{card=x-1}, :fact[$2.00]{sealed=5}', undefined)).toEqual([]);
    expect(factsNamedNowhere(':fact[3]{key=cards}', undefined)).toHaveLength(1);
  });
});

describe('tableRows: a fact-table written from the facts', () => {
  const facts = {
    top: [
      {
        name: 'Umbreon ex',
        slug: 'umbreon-ex-sv8pt5-161',
        valueUsd: 1010.73,
        rank: 1,
        twins: [{ rarity: 'Ultra Rare', valueUsd: 22.26 }],
        first: { market: 9.5, date: '2025-01-17' },
      },
      { name: 'Eevee', slug: 'eevee-sv8pt5-1', valueUsd: null, rank: null, twins: [], first: null },
    ],
    by_set: { 'Stellar Crown': { code: 'SCR', id: 'sv7', cards: 175 }, 'Black Bolt': { code: null, id: 'zsv10pt5', cards: 0 } },
    patterns: { 'White Flare': { pokeball: { cards: 80 }, masterball: { cards: 72 } }, Energies: { pokeball: { cards: 8 }, masterball: { cards: 0 } } },
    kinds: { blister: 237, tin: 207 },
  };
  const rows = (spec: { rows: string; row: string; where?: string; labels?: string }) => tableRows(facts, spec);

  it('a list gives a row per item, with formats and a text for what has no value', () => {
    expect(rows({ rows: 'top', row: '| [{name}](/cards/{slug}) | {valueUsd|usd|unpriced} | {rank|ord|none} |' })).toEqual([
      '| [Umbreon ex](/cards/umbreon-ex-sv8pt5-161) | $1,010.73 | 1st |',
      '| [Eevee](/cards/eevee-sv8pt5-1) | unpriced | none |',
    ]);
  });

  it("a sub-template writes an object, each item of a list (joined by commas) or a value, and the row's fields show through it", () => {
    expect(
      rows({ rows: 'top', row: '| {twins[{rarity} {valueUsd|usd}]|none} | {first[{market|usd} ({date}), {name}]|none} | {valueUsd[{.|usd} each]} |' }),
    ).toEqual(['| Ultra Rare $22.26 | $9.50 (2025-01-17), Umbreon ex | $1,010.73 each |', '| none | none |  |']);
    expect(rows({ rows: 'by_set', row: '| {@key} | {code[{.} (`{id}`)]|`{id}`} |' })).toEqual([
      '| Stellar Crown | SCR (`sv7`) |',
      '| Black Bolt | `zsv10pt5` |',
    ]);
  });

  it('a mapping gives a row per member, named by {@key}; `*` goes a level down first, each level named {@1}, {@2}', () => {
    expect(rows({ rows: 'kinds', row: '| {@key} | {.|n} |' })).toEqual(['| blister | 237 |', '| tin | 207 |']);
    expect(
      rows({ rows: 'patterns.*', where: 'cards', labels: 'pokeball: Poké Ball; masterball: Master Ball', row: '| {@1} | {@2|label} | {cards} |' }),
    ).toEqual(['| White Flare | Poké Ball | 80 |', '| White Flare | Master Ball | 72 |', '| Energies | Poké Ball | 8 |']);
    expect(rows({ rows: 'by_set', where: 'cards', row: '| {@key} |' })).toEqual(['| Stellar Crown |']);
  });

  it('a template that cannot be read, a field a row lacks, or a list the facts lack is an error naming it', () => {
    expect(() => parseTemplate('| {name |')).toThrow(/no closing "}"/);
    expect(() => parseTemplate('| {name|dollars} |')).toThrow(/"dollars" is not a format/);
    expect(() => parseTemplate('| name} |')).toThrow(/closes no placeholder/);
    expect(() => parseTemplate('| {twins[{rarity} |')).toThrow(/no closing "\]"/);
    expect(() => rows({ rows: 'top', row: '| {price} |' })).toThrow(TemplateError);
    expect(() => rows({ rows: 'bottom', row: '| {name} |' })).toThrow(/rows=bottom: the facts have no "bottom"/);
    expect(() => rows({ rows: 'kinds', row: '| {@key|label} |', labels: 'blister' })).toThrow(/labels are written/);
  });

  it('a backslash writes a brace', () => {
    expect(rows({ rows: 'kinds', row: '| \\{{@key}\\} |' })).toEqual(['| {blister} |', '| {tin} |']);
  });
});
