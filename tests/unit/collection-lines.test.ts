import { describe, expect, it } from 'vitest';
import { type ListLine, linesOfCsv, linesOfText, printingWordsOf } from '../../src/collection/list-lines.ts';

const one = (text: string): ListLine => {
  const lines = linesOfText(text);
  expect(lines, text).toHaveLength(1);
  return lines[0];
};
const read = (text: string) => {
  const { quantity, query } = one(text);
  return { quantity, query };
};
const csv = (text: string): ListLine[] => {
  const lines = linesOfCsv(text);
  if (!Array.isArray(lines)) throw new Error(lines.problem);
  return lines;
};

describe('text lines: quantities', () => {
  it.each([
    ['2x charizard', 2],
    ['2X charizard', 2],
    ['2 x charizard', 2],
    ['2× charizard', 2],
    ['x2 charizard', 2],
    ['x 2 charizard', 2],
    ['charizard x2', 2],
    ['charizard x 2', 2],
    ['charizard 2x', 2],
    ['2 charizard', 2],
    ['12 charizard', 12],
  ])('%s is %i of charizard', (text, quantity) => {
    expect(read(text)).toEqual({ quantity, query: 'charizard' });
  });

  it('a line with no quantity is one', () => {
    expect(read('charizard base set')).toEqual({ quantity: 1, query: 'charizard base set' });
  });

  it('151 etb is the set 151 elite trainer box, one of it: a leading number of 100 or more is no quantity', () => {
    expect(read('151 etb')).toEqual({ quantity: 1, query: '151 etb' });
    expect(read('2x 151 etb')).toEqual({ quantity: 2, query: '151 etb' });
  });

  it('a leading integer followed by a name is a quantity, a leading collector number is not', () => {
    expect(read('2 charizard 4/102')).toEqual({ quantity: 2, query: 'charizard 4/102' });
    expect(read('4/102 charizard')).toEqual({ quantity: 1, query: '4/102 charizard' });
  });

  it('a trailing bare number is a collector number, not a quantity', () => {
    expect(read('charizard base set 4')).toEqual({ quantity: 1, query: 'charizard base set 4' });
    expect(read('charizard base set 4 2x')).toEqual({ quantity: 2, query: 'charizard base set 4' });
  });

  it('a line that is only a number stays a query (an id to look up)', () => {
    expect(read('242436')).toEqual({ quantity: 1, query: '242436' });
    expect(read('4')).toEqual({ quantity: 1, query: '4' });
  });

  it('a quantity with nothing after it leaves an empty query', () => {
    expect(read('3x')).toEqual({ quantity: 3, query: '' });
  });

  it('quantities are at least 1 and at most 9,999', () => {
    expect(read('0x charizard').quantity).toBe(1);
    expect(read('123456x charizard').quantity).toBe(9999);
  });

  it('a list bullet before the item is not part of it', () => {
    expect(read('- 2x charizard')).toEqual({ quantity: 2, query: 'charizard' });
    expect(read('• pikachu')).toEqual({ quantity: 1, query: 'pikachu' });
  });
});

describe('text lines: grades', () => {
  it.each([
    ['charizard 4/102 psa 10', 'PSA', '10'],
    ['charizard 4/102 PSA10', 'PSA', '10'],
    ['PSA 9 charizard 4/102', 'PSA', '9'],
    ['charizard 4/102 bgs 9.5', 'BGS', '9.5'],
    ['charizard 4/102 beckett 9.5', 'BGS', '9.5'],
    ['charizard 4/102 cgc 9', 'CGC', '9'],
    ['charizard 4/102 cgc 9.0', 'CGC', '9'],
    ['charizard 4/102 sgc 8', 'SGC', '8'],
    ['charizard 4/102 tag 10', 'TAG', '10'],
  ])('%s is graded %s %s and the grade leaves the query', (text, company, grade) => {
    const line = one(text);
    expect(line.grade).toEqual({ company, grade });
    expect(line.query).toBe('charizard 4/102');
  });

  it('a grade and a quantity in one line are both read', () => {
    expect(one('2x charizard psa 10')).toMatchObject({ quantity: 2, query: 'charizard', grade: { company: 'PSA', grade: '10' } });
    expect(one('charizard psa 10 x3')).toMatchObject({ quantity: 3, query: 'charizard', grade: { company: 'PSA', grade: '10' } });
  });

  it('a grader word with no grade, or inside a word, is no grade', () => {
    expect(one('pikachu & zekrom gx tag team').grade).toBeUndefined();
    expect(one('psa charizard').grade).toBeUndefined();
    expect(one('xpsa 10 charizard').grade).toBeUndefined();
  });
});

describe('text lines: layout', () => {
  it('blank and comment lines are skipped, and the other lines keep their numbers', () => {
    const lines = linesOfText('# binder 1\n\n2x charizard\n   \n// sealed\r\n151 etb\r\n');
    expect(lines.map((l) => [l.line, l.query])).toEqual([
      [3, 'charizard'],
      [6, '151 etb'],
    ]);
  });

  it('text is the line as sent, trimmed; text and query are cut to 200 characters', () => {
    expect(one('  2x  charizard  ').text).toBe('2x  charizard');
    const long = one(`charizard ${'a'.repeat(400)}`);
    expect(long.text).toHaveLength(200);
    expect(long.query).toHaveLength(200);
  });

  it('searches only what the 200 characters of its text show: words past the cut are not searched, spaces before it do not hide one', () => {
    const past = one(`charizard${' '.repeat(200)}4/102`);
    expect(past.text).toBe('charizard');
    expect(past.query).toBe('charizard');
    const within = one(`2x mew${' '.repeat(191)}x`);
    expect(within.text).toHaveLength(198);
    expect(within.query).toBe('mew x');
  });

  it('a byte-order mark before the first line is not part of it', () => {
    expect(one('\uFEFFcharizard').text).toBe('charizard');
  });
});

describe('CSV: the exports of collection apps', () => {
  it("reads TCGplayer's collection export: quantity, name, set, number, printing words and product id", () => {
    const lines = csv(
      [
        'Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU',
        '1,Charizard,Charizard,Base Set,4/102,BS,Holofoil,Near Mint,English,Holo Rare,42382,1234',
        '2,Umbreon VMAX (Alternate Art Secret),Umbreon VMAX Alternate Art Secret,SWSH07: Evolving Skies,215/203,EVS,Holofoil,Near Mint,English,Secret Rare,,',
        '3,Pikachu,Pikachu,Base Set,58/102,BS,Reverse Holofoil,Near Mint,English,Common,,',
      ].join('\n'),
    );
    expect(lines).toEqual([
      {
        line: 2,
        text: '1 Charizard Charizard Base Set 4/102 BS Holofoil Near Mint English Holo Rare 42382 1234',
        quantity: 1,
        query: 'Charizard Base Set 4/102',
        productId: 42382,
      },
      {
        line: 3,
        text: '2 Umbreon VMAX (Alternate Art Secret) Umbreon VMAX Alternate Art Secret SWSH07: Evolving Skies 215/203 EVS Holofoil Near Mint English Secret Rare',
        quantity: 2,
        query: 'Umbreon VMAX Evolving Skies 215/203',
      },
      {
        line: 4,
        text: '3 Pikachu Pikachu Base Set 58/102 BS Reverse Holofoil Near Mint English Common',
        quantity: 3,
        query: 'Pikachu Base Set 58/102 reverse holo',
        printing: 'reverse holo',
      },
    ]);
  });

  it("reads TCGplayer's seller export (TCGplayer Id, Product Name, Number, Total Quantity)", () => {
    const lines = csv(
      [
        'TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,TCG Market Price,Total Quantity,TCG Marketplace Price,Photo URL',
        '42382,Pokemon,Base Set,Charizard,,4/102,Holo Rare,Near Mint Unlimited Holofoil,450.00,2,455.00,',
      ].join('\n'),
    );
    expect(lines).toMatchObject([{ line: 2, quantity: 2, query: 'Charizard Base Set 4/102', productId: 42382 }]);
  });

  it('reads a Dragon Shield export, its "sep=," first line passed over and line numbers kept as in the file', () => {
    const lines = csv(
      [
        '"sep=,"',
        'Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET',
        'Binder,2,0,Charizard,BS,Base Set,4/102,NearMint,Foil,English,1.00,2024-01-01,1,2,3',
        'Binder,1,0,Blastoise,BS,Base Set,2/102,NearMint,1st Edition,English,,,,,',
      ].join('\r\n'),
    );
    expect(lines.map(({ line, quantity, query }) => ({ line, quantity, query }))).toEqual([
      { line: 3, quantity: 2, query: 'Charizard Base Set 4/102' },
      { line: 4, quantity: 1, query: 'Blastoise Base Set 2/102 1st edition' },
    ]);
  });

  it('columns are matched whatever their case and punctuation', () => {
    const lines = csv('QTY,card_name,SET-NAME,Card #,TCGplayer_ID\n4,Pikachu,Base Set,58/102,42383');
    expect(lines).toEqual([{ line: 2, text: '4 Pikachu Base Set 58/102 42383', quantity: 4, query: 'Pikachu Base Set 58/102', productId: 42383 }]);
  });

  it('a file with no name column and no product id column is a problem, not an empty list', () => {
    expect(linesOfCsv('Quantity,Set,Number\n2,Base Set,4/102')).toEqual({
      problem: 'the CSV has no column naming the item (name, card name, product…) or its TCGplayer product id',
    });
    expect(linesOfCsv('')).toHaveProperty('problem');
  });

  it('a product id column alone is enough', () => {
    expect(csv('Product ID,Quantity\n242436,2')).toEqual([{ line: 2, text: '242436 2', quantity: 2, query: '', productId: 242436 }]);
  });
});

describe('CSV: reading the cells', () => {
  it('a byte-order mark before the header is passed over', () => {
    expect(csv('\uFEFFName,Quantity\nPikachu,2')).toMatchObject([{ quantity: 2, query: 'Pikachu' }]);
  });

  it('a quoted field keeps its commas and doubled quotes', () => {
    expect(csv('Name,Set,Quantity\n"Pikachu, the ""Surfing"" one",Base Set,2')).toMatchObject([{ quantity: 2, query: 'Pikachu, the "Surfing" one Base Set' }]);
  });

  it('a quoted field over two lines numbers the row by the line it starts on', () => {
    const lines = csv('Name,Quantity\n"Pikachu\nnote",2\nRaichu,1');
    expect(lines.map((l) => l.line)).toEqual([2, 4]);
  });

  it('blank lines and rows with nothing named are skipped; rows with too few or too many cells are read', () => {
    const lines = csv('Name,Set,Quantity\n\nPikachu\n,,\nRaichu,Base Set,3,extra\n');
    expect(lines.map(({ line, quantity, query }) => ({ line, quantity, query }))).toEqual([
      { line: 3, quantity: 1, query: 'Pikachu' },
      { line: 5, quantity: 3, query: 'Raichu Base Set' },
    ]);
  });

  it('a quantity of 0 lists a card not held: the row is skipped; no or unreadable quantity is one', () => {
    expect(csv('Name,Quantity\nPikachu,0\nRaichu,\nMew,two').map((l) => [l.query, l.quantity])).toEqual([
      ['Raichu', 1],
      ['Mew', 1],
    ]);
  });

  it('a grade column, or a condition that reads as a grade, grades the row; a plain condition does not', () => {
    expect(csv('Name,Grade\nCharizard,PSA 10')[0].grade).toEqual({ company: 'PSA', grade: '10' });
    expect(csv('Name,Condition\nCharizard,BGS 9.5')[0].grade).toEqual({ company: 'BGS', grade: '9.5' });
    expect(csv('Name,Condition\nCharizard,Near Mint')[0].grade).toBeUndefined();
  });

  it('a set column prefers the set name to the set code', () => {
    expect(csv('Card Name,Set Code,Set Name\nCharizard,BS,Base Set')[0].query).toBe('Charizard Base Set');
    expect(csv('Card Name,Set Code\nCharizard,BS')[0].query).toBe('Charizard BS');
  });
});

describe('CSV: printing words', () => {
  it.each([
    ['Normal', ''],
    ['Holofoil', ''],
    ['Foil', ''],
    ['Reverse Holofoil', 'reverse holo'],
    ['Reverse Foil', 'reverse holo'],
    ['1st Edition', '1st edition'],
    ['1st Edition Holofoil', '1st edition holo'],
    ['Unlimited Holofoil', 'unlimited holo'],
  ])('%s is read as "%s"', (value, words) => {
    expect(printingWordsOf(value)).toBe(words);
  });
});
