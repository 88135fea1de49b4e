import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT, type AutocompleteCard, autocompleteDataOf, autocompleteKey, createAutocomplete } from '../../src/search/autocomplete.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * Autocomplete (src/search/autocomplete.ts) on a small catalogue of odd names: accents, apostrophes, dots,
 * joined words, two spellings of one name, a name several cards share, and more names than an answer holds.
 */
const card = (name: string, set: string, valueUsd: number | null): AutocompleteCard => ({ name, set, valueUsd });
const CARDS: AutocompleteCard[] = [
  card('Charizard', 'base1', 458.29),
  card('Charizard', 'base2', 120),
  card('Dark Charizard', 'base5', 300),
  card('Charmander', 'base1', 2),
  card('Charmander', 'base2', 1),
  card('Charmander', 'base5', 1),
  card("Farfetch'd", 'base1', 5),
  card('Mr. Mime', 'base2', 10),
  card('Mr Mime', 'base5', 3),
  card('Mr. Mime', 'base5', 4),
  card('Flabébé', 'xy2', 0.5),
  card('Ho-Oh', 'neo3', 50),
  card('Mew', 'base5', 20),
  card('Mew ex', 'base5', 90),
  card('Team Rocket’s Meowth', 'base5', null),
  ...Array.from({ length: 30 }, (_, i) => card(`Pidgey ${String.fromCharCode(97 + (i % 26))}${i >= 26 ? i : ''}`, 'base1', i)),
];
const SETS = [
  { id: 'base1', name: 'Base' },
  { id: 'base2', name: 'Jungle' },
  { id: 'base5', name: 'Team Rocket' },
  { id: 'neo3', name: 'Neo Revelation' },
  { id: 'xy2', name: 'Flashfire' },
  { id: 'empty1', name: 'Champion’s Path' },
];
const data = autocompleteDataOf(CARDS, SETS);
const suggest = createAutocomplete(data);
const labels = (q: string) => suggest(q).map((s) => s.label);

describe('autocomplete', () => {
  it.each([
    ['farfetch', "Farfetch'd"],
    ["Farfetch'd", "Farfetch'd"],
    ['FARFETCHD', "Farfetch'd"],
    ['flabebe', 'Flabébé'],
    ['Flabébé', 'Flabébé'],
    ['mr. mime', 'Mr. Mime'],
    ['mr mime', 'Mr. Mime'],
    ['Mr.Mime', 'Mr. Mime'],
    ['hooh', 'Ho-Oh'],
    ['ho-oh', 'Ho-Oh'],
  ])('%s suggests %s: accents, apostrophes and punctuation fold alike in the name and the prefix', (q, label) => {
    expect(labels(q)[0]).toBe(label);
  });

  it('a name spelled two ways is one suggestion, under the spelling most of its cards use, counting them all', () => {
    expect(suggest('mr mi')).toEqual([{ label: 'Mr. Mime', kind: 'card', value: 'Mr. Mime', url: '/search?q=Mr.%20Mime', cards: 3 }]);
  });

  it('names that start with the prefix come before names where a later word does', () => {
    expect(labels('charizard')).toEqual(['Charizard', 'Dark Charizard']);
  });

  it('among names the prefix starts, the cards worth most in total come first, then the most cards', () => {
    expect(labels('char')).toEqual(['Charizard', 'Charmander', 'Dark Charizard']);
    expect(labels('pidgey').slice(0, 3)).toEqual(['Pidgey d29', 'Pidgey c28', 'Pidgey b27']);
  });

  it('the name typed whole comes first, before longer names worth more', () => {
    expect(labels('mew')).toEqual(['Mew', 'Mew ex']);
  });

  it('sets are suggested beside names by the same rules, marked as sets, with their filter and page', () => {
    expect(suggest('team').slice(0, 2)).toEqual([
      { label: 'Team Rocket', kind: 'set', value: 'set:base5', url: '/sets/base5', cards: 7 },
      { label: 'Team Rocket’s Meowth', kind: 'card', value: 'Team Rocket’s Meowth', url: '/search?q=Team%20Rocket%E2%80%99s%20Meowth', cards: 1 },
    ]);
    expect(suggest('rocket').map((s) => s.kind)).toEqual(['set', 'card']);
    expect(suggest('champ')).toEqual([{ label: 'Champion’s Path', kind: 'set', value: 'set:empty1', url: '/sets/empty1', cards: 0 }]);
  });

  it(`answers at most ${AUTOCOMPLETE_LIMIT} suggestions, each name or set once`, () => {
    const all = suggest('pi');
    expect(all).toHaveLength(AUTOCOMPLETE_LIMIT);
    expect(new Set(all.map((s) => s.label)).size).toBe(AUTOCOMPLETE_LIMIT);
    // "Ho-Oh" is keyed as "ho oh" and "hooh": one suggestion still.
    expect(labels('ho')).toEqual(['Ho-Oh']);
  });

  it.each(['', ' ', 'c', ' c ', 'é', '😀', '!!', '--'])('q %j, under 2 characters or without a letter or digit, gets no suggestion', (q) => {
    expect(suggest(q)).toEqual([]);
  });

  it('a prefix that starts nothing gets no suggestion', () => {
    expect(suggest('zzz')).toEqual([]);
    expect(suggest('char x')).toEqual([]);
  });

  it('every answer is valid against the published schema', () => {
    for (const q of ['char', 'team', 'pi', 'c']) assertMatches('autocomplete.json', { q, results: suggest(q) }, q);
  });

  it('the build writes every key sorted, so that a prefix is found by binary search', () => {
    expect(data.keys).toEqual([...data.keys].sort());
    expect(data.keys).toHaveLength(data.targets.length);
    expect(autocompleteKey('Mr. Mime')).toBe('mr mime');
    expect(autocompleteKey("Farfetch'd")).toBe('farfetchd');
  });
});
