import type { Catalogue } from './catalogue.ts';

/**
 * The parts of the catalogue, each with what it holds and the text its key is made of: a whole-catalogue output
 * (src/pipeline/emit-files.ts) names the parts it is made from, is given a view of the catalogue that holds theirs
 * alone, and is keyed by them, so that what it reads is what its key is made of.
 */
export const CATALOGUE_PARTS = {
  // Everything derived from the card files: their texts, the sets, the code, the as-of date, the changes.
  cards: {
    holds: ['cards', 'cardKeys', 'cardFilterFields', 'cardGraded', 'cardCrosswalk', 'cardFiles', 'cardsKey', 'cardDetail', 'cardJson', 'cardDetailMade'],
    text: (c) => c.cardsKey,
  },
  sealed: { holds: ['sealed', 'sealedSets'], text: (c) => JSON.stringify([c.sealed, [...c.sealedSets]]) },
  articles: { holds: ['articles', 'articleHtml'], text: (c) => JSON.stringify([c.articles, [...c.articleHtml]]) },
  aliases: { holds: ['aliases'], text: (c) => JSON.stringify(c.aliases) },
  sets: { holds: ['sets'], text: (c) => JSON.stringify(c.sets) },
  changes: { holds: ['changes'], text: (c) => JSON.stringify(c.changes) },
  pricesAsOf: { holds: ['pricesAsOf'], text: (c) => c.pricesAsOf },
} as const satisfies Record<string, { holds: readonly (keyof Catalogue)[]; text: (catalogue: Catalogue) => string }>;
export type CataloguePart = keyof typeof CATALOGUE_PARTS;
/** The catalogue as an output made from `P` sees it. */
export type CatalogueView<P extends CataloguePart> = Pick<Catalogue, (typeof CATALOGUE_PARTS)[P]['holds'][number]>;
