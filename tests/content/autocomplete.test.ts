import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT, autocompleteDataOf, autocompleteKey, createAutocomplete, type Suggestion } from '../../src/search/autocomplete.ts';
import { loadRealCatalogue, type RealCatalogue } from '../support/real-catalogue.ts';

/**
 * Autocomplete on the committed catalogue, made as the build makes it: what people type, with its accents and
 * punctuation or without, finds the name they mean, and the names they most likely mean come first.
 */
let suggest: (q: string) => Suggestion[];
let cards: RealCatalogue['cards'];
const labels = (q: string) => suggest(q).map((s) => s.label);

beforeAll(() => {
  const real = loadRealCatalogue();
  cards = real.cards;
  const { filterSets } = real;
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
    ['umbreon', 'Umbreon'],
  ])('%s lists %s first', (q, label) => {
    expect(labels(q)[0]).toBe(label);
  });

  // Which of the names a prefix starts comes first is a matter of value, which every day of prices moves.
  it.each([
    ['char', 'Charizard'],
    ['pika', 'Pikachu'],
  ])('%s lists %s, and first the name it starts whose cards are worth most in total', (q, label) => {
    const totals = new Map<string, number>();
    for (const { summary } of cards) {
      if (autocompleteKey(summary.name).startsWith(q)) totals.set(summary.name, (totals.get(summary.name) ?? 0) + (summary.valueUsd ?? 0));
    }
    const worthMost = [...totals].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    expect(labels(q)).toContain(label);
    expect(labels(q)[0]).toBe(worthMost);
  });

  it('char lists Charizard before Charmander when its cards are worth more in total, whatever Charmander has more of', () => {
    const total = (name: string) => cards.filter((c) => c.summary.name === name).reduce((sum, c) => sum + (c.summary.valueUsd ?? 0), 0);
    const at = (label: string) => (labels('char').includes(label) ? labels('char').indexOf(label) : Number.POSITIVE_INFINITY);
    expect(at('Charizard') < at('Charmander')).toBe(total('Charizard') > total('Charmander'));
    expect(cards.filter((c) => c.summary.name === 'Charmander').length).toBeGreaterThan(cards.filter((c) => c.summary.name === 'Charizard').length);
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
