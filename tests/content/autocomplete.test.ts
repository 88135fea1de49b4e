import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT, autocompleteDataOf, createAutocomplete, type Suggestion } from '../../src/search/autocomplete.ts';
import { loadRealCatalogue } from '../support/real-catalogue.ts';

/**
 * Autocomplete on the committed catalogue, made as the build makes it: what people type, with its accents and
 * punctuation or without, finds the name they mean, and the names they most likely mean come first.
 */
let suggest: (q: string) => Suggestion[];
const labels = (q: string) => suggest(q).map((s) => s.label);

beforeAll(() => {
  const { cards, filterSets } = loadRealCatalogue();
  suggest = createAutocomplete(
    autocompleteDataOf(
      cards.map(({ summary, set }) => ({ name: summary.name, set, valueUsd: summary.valueUsd })),
      filterSets,
    ),
  );
});

describe('autocomplete on the catalogue', () => {
  it.each([
    ['farfetch', "Farfetch'd"],
    ["farfetch'd", "Farfetch'd"],
    ['mr. mime', 'Mr. Mime'],
    ['mr mime', 'Mr. Mime'],
    ['flabebe', 'Flabébé'],
    ['Flabé', 'Flabébé'],
    ['hooh', 'Ho-Oh'],
    ['nidoran f', 'Nidoran ♀'],
    ['char', 'Charizard'],
    ['pika', 'Pikachu'],
    ['umbreon', 'Umbreon'],
  ])('%s lists %s first', (q, label) => {
    expect(labels(q)[0]).toBe(label);
  });

  it('char lists Charizard before Charmander, which has more cards but is worth less', () => {
    const found = labels('char');
    expect(found.indexOf('Charizard')).toBeLessThan(found.indexOf('Charmander'));
  });

  it('charizard lists the names it starts, then the names where a later word is Charizard (Dark Charizard)', () => {
    const found = labels('charizard');
    const later = found.findIndex((label) => !label.toLowerCase().startsWith('charizard'));
    expect(later).toBeGreaterThan(0);
    expect(found.slice(later).every((label) => !label.toLowerCase().startsWith('charizard'))).toBe(true);
    expect(found.slice(later).every((label) => /\bcharizard/i.test(label))).toBe(true);
    expect(labels('dark char')).toContain('Dark Charizard');
  });

  it('suggests sets as sets, by their name or a later word of it', () => {
    expect(suggest('evolving s')[0]).toMatchObject({ label: 'Evolving Skies', kind: 'set', value: 'set:swsh7', url: '/sets/swsh7' });
    expect(
      suggest('skies')
        .filter((s) => s.kind === 'set')
        .map((s) => s.label),
    ).toEqual(expect.arrayContaining(['Evolving Skies', 'Roaring Skies']));
  });

  it.each(['ch', 'ex', 'po', 'ma', 'team'])(`%s gets at most ${AUTOCOMPLETE_LIMIT} suggestions, each name or set once`, (q) => {
    const found = suggest(q);
    expect(found).toHaveLength(AUTOCOMPLETE_LIMIT);
    expect(new Set(found.map((s) => `${s.kind} ${s.label}`)).size).toBe(found.length);
  });

  it('one character gets nothing', () => {
    expect(suggest('c')).toEqual([]);
  });
});
