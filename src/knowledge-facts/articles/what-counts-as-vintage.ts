import { COMPS_SCOPES, MODERN_SET_PREFIXES, VINTAGE_SET_PREFIXES } from '../../catalogue/comps.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { ERAS, eraOf, valued } from '../priced-content.ts';

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
};

export default article;
