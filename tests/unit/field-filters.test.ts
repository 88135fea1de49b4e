import { describe, expect, it } from 'vitest';
import { codeColumn, codesColumn, type FilterData, filterOf, flagColumn, numberColumn, numbersColumn, readQuery } from '../../src/search/field-filters.ts';
import { readFilterData, writeFilterData } from '../../src/search/filter-data.ts';

/** Reading field filters in q: the grammar, and an error for every way a term can be wrong, with where it is. */
const DATA: FilterData = {
  scope: 'cards',
  size: 3,
  columns: {
    set: codeColumn(['base1', 'base1', 'swsh7'], (id) => (id === 'base1' ? ['Base', 'BS1', 'base set'] : ['Evolving Skies', 'EVS'])),
    number: { kind: 'text', values: ['4', '2', '215'] },
    rarity: codeColumn(['Rare Holo', 'Rare Holo', 'Rare Rainbow']),
    type: codesColumn([['Fire'], ['Water'], ['Darkness']]),
    supertype: codeColumn(['Pokémon', 'Pokémon', 'Pokémon']),
    subtype: codesColumn([['Stage 2'], ['Stage 2'], ['VMAX']]),
    artist: codeColumn(['Mitsuhiro Arita', 'Ken Sugimori', 'HYOGONOSUKE']),
    band: codeColumn(['chase', 'mid', 'grail']),
    printing: codesColumn([['unlimited-holofoil'], ['unlimited-holofoil'], ['holofoil']]),
    year: numberColumn([1999, 1999, 2021]),
    value: numberColumn([458.29, 60, 2259.16]),
    hp: numberColumn([120, 100, 310]),
    pokedex: numbersColumn([[6], [9], [197]]),
    'is-graded': flagColumn([1, 0, 1]),
    'is-priced': flagColumn([1, 1, 1]),
  },
};

const read = (q: string) => readQuery(q, DATA);
const matching = (q: string) => {
  const query = read(q);
  if ('problem' in query) throw new Error(query.problem.detail);
  const keep = filterOf(query.terms, DATA);
  return [0, 1, 2].filter(keep);
};

describe('reading q', () => {
  it('splits filter terms from free words, which keep their order', () => {
    expect(read('charizard set:base1 holo')).toEqual({ text: 'charizard holo', terms: [{ field: 'set', op: ':', value: 'base1', negate: false }] });
  });

  it('reads field aliases, any case, = as :, quoted values with spaces, and values by their other names', () => {
    expect(read('R:"RARE HOLO" T=fire a:"mitsuhiro arita" set:"base set" set:evs')).toEqual({
      terms: [
        { field: 'rarity', op: ':', value: 'Rare Holo', negate: false },
        { field: 'type', op: ':', value: 'Fire', negate: false },
        { field: 'artist', op: ':', value: 'Mitsuhiro Arita', negate: false },
        { field: 'set', op: ':', value: 'base1', negate: false },
        { field: 'set', op: ':', value: 'swsh7', negate: false },
      ],
    });
  });

  it('reads comparisons on numbers, $ allowed, and negation', () => {
    expect(read('value>=100 hp<200 usd>$50 -is:graded')).toEqual({
      terms: [
        { field: 'value', op: '>=', value: 100, negate: false },
        { field: 'hp', op: '<', value: 200, negate: false },
        { field: 'value', op: '>', value: 50, negate: false },
        { field: 'is', op: ':', value: 'graded', negate: true },
      ],
    });
  });

  it('takes a field with nothing after its colon as a word (the card Type: Null)', () => {
    expect(read('Type: Null')).toEqual({ text: 'Type: Null', terms: [] });
  });

  it('reads a negated word or phrase as words to leave out', () => {
    expect(read('charizard -gx -"base set"')).toEqual({ text: 'charizard', terms: [], without: ['gx', 'base set'] });
  });

  it('ANDs the terms: each position must meet all', () => {
    expect(matching('set:base1')).toEqual([0, 1]);
    expect(matching('set:base1 t:fire')).toEqual([0]);
    expect(matching('-set:base1')).toEqual([2]);
    expect(matching('value>100 is:graded')).toEqual([0, 2]);
    expect(matching('pokedex:197 year>=2021 subtype:vmax')).toEqual([2]);
    expect(matching('number:215')).toEqual([2]);
    expect(matching('printing:unlimited-holofoil -band:mid')).toEqual([0]);
  });
});

describe('a term that is wrong', () => {
  it.each([
    ['charizard colour:red', 'colour:red', 11, /unknown field "colour" in "colour:red"; the fields are set, number, rarity \(r\), type \(t\)/],
    ['set:nosuchset', 'set:nosuchset', 1, /no set "nosuchset" in this catalogue; the nearest: /],
    ['t:fyre', 't:fyre', 1, /no type "fyre" in this catalogue; the nearest: Fire/],
    ['value>abc', 'value>abc', 1, /value compares numbers; "abc" is not one/],
    ['set>base1', 'set>base1', 1, /set takes : =, not >/],
    ['pikachu is:shiny', 'is:shiny', 9, /is:shiny: shiny is not a property; the properties are graded, priced/],
    ['graded:yes', 'graded:yes', 1, /unknown field "graded"/],
  ])('%s: names %s at character %i, and what is allowed', (q, term, position, detail) => {
    const result = read(q);
    expect('problem' in result).toBe(true);
    if (!('problem' in result)) return;
    expect(result.problem).toMatchObject({ term, position });
    expect(result.problem.detail).toMatch(detail);
    expect(result.problem.allowed.length).toBeGreaterThan(0);
  });

  it('suggests the nearest values of a field', () => {
    const result = read('artist:"mitsuhiro arito"');
    expect('problem' in result && result.problem.allowed[0]).toBe('Mitsuhiro Arita');
  });
});

describe('the filter data file', () => {
  const WITH_GAPS: FilterData = {
    ...DATA,
    columns: {
      ...DATA.columns,
      hp: numberColumn([120, null, 310]),
      pokedex: numbersColumn([[6, 7], [], [197]]),
      type: codesColumn([['Fire', 'Water'], [], ['Darkness']]),
    },
  };
  const reread = () => readFilterData('search/card-filters.json', writeFilterData(WITH_GAPS));

  it('holds each column as JSON arrays, a missing number as null, lists as arrays', () => {
    const { columns } = JSON.parse(writeFilterData(WITH_GAPS));
    expect(columns.hp).toEqual({ kind: 'number', values: [120, null, 310] });
    expect(columns.pokedex).toEqual({ kind: 'numbers', values: [[6, 7], [], [197]] });
    expect(columns.type).toEqual({ kind: 'codes', names: ['Fire', 'Water', 'Darkness'], codes: [[0, 1], [], [2]] });
    expect(columns['is-graded']).toEqual({ kind: 'flag', values: [1, 0, 1] });
    expect(columns.set.codes).toEqual([0, 0, 1]);
  });

  it('filters the same once read back as it did when written', () => {
    const queries = ['hp>100', 'hp<1000', 'pokedex:7', 'pokedex>100', 't:water', '-t:fire', 'set:evs is:graded', '-is:graded', 'value<100 r:"rare holo"'];
    const matches = (data: FilterData, q: string) => {
      const query = readQuery(q, data);
      if ('problem' in query) throw new Error(query.problem.detail);
      return [0, 1, 2].filter(filterOf(query.terms, data));
    };
    const back = reread();
    expect(queries.map((q) => matches(back, q))).toEqual(queries.map((q) => matches(WITH_GAPS, q)));
    expect(matches(back, 'hp<1000')).toEqual([0, 2]);
    expect(matches(back, 'pokedex:7')).toEqual([0]);
    expect(matches(back, 't:water')).toEqual([0]);
  });

  it('refuses a column of another length than the data, naming the file and the column', () => {
    const text = writeFilterData(WITH_GAPS).replace('"values":[120,null,310]', '"values":[120,null]');
    expect(() => readFilterData('search/card-filters.json', text)).toThrow(/search\/card-filters\.json: column hp holds 2 entries, not 3/);
  });
});
