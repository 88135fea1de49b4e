import { COMPS_SCOPES, MODERN_SET_PREFIXES, VINTAGE_SET_PREFIXES } from '../../catalogue/comps.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { ERAS, eraOf, valued } from '../catalogue.ts';

const article: ArticleFacts = {
  slug: 'what-counts-as-vintage',
  facts(catalogue) {
    const releases = (scope: (setId: string) => boolean) =>
      catalogue.sets
        .filter((s) => scope(s.id))
        .map((s) => s.releaseDate)
        .sort();
    const vintage = releases(COMPS_SCOPES.vintage);
    const cards = valued(catalogue.cards);
    const last = catalogue.sets.reduce((a, b) => (b.releaseDate > a.releaseDate ? b : a));
    return {
      vintage_set_id_prefixes: [...VINTAGE_SET_PREFIXES],
      modern_set_id_prefixes: [...MODERN_SET_PREFIXES],
      vintage_years: { first_release: vintage[0], last_release: vintage.at(-1) },
      modern_first_release: releases(COMPS_SCOPES.modern)[0],
      priced_cards: Object.fromEntries(ERAS.map((era) => [era, cards.filter((c) => eraOf(c.entry.set) === era).length])),
      catalogue_last_set: { id: last.id, name: last.name, releaseDate: last.releaseDate },
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'For our graded comps, vintage means the Wizards of the Coast era (sets whose ids start with base, gym, neo, si or ecard, 1999 to 2003: {priced_cards.vintage|n} cards with a value) and modern means Sword & Shield, Scarlet & Violet and Mega Evolution (swsh*, sv*, rsv*, zsv*, me*: {priced_cards.modern|n} cards with a value); everything in between (EX through Sun & Moon) is neither.',
    },
    { in: 'body', text: '`ecard*` | {vintage_years.first_release} to {vintage_years.last_release} | {priced_cards.vintage|n} |' },
    { in: 'body', text: 'and others | 2003 to 2019 | {priced_cards.between|n} |' },
    { in: 'body', text: '`me*` | {modern_first_release} onward | {priced_cards.modern|n} |' },
    {
      in: 'body',
      text: '- Our card catalogue reaches {catalogue_last_set.name} (`{catalogue_last_set.id}`, released {catalogue_last_set.releaseDate}).',
    },
  ],
  // PSA 10, Base Set 2.
  constants: ['10', '2'],
};

export default article;
