import type { SetEntry } from '../schemas/set.ts';
import type { FactsCard, PricedContent } from './priced-content.ts';

/**
 * What the articles on Japanese cards share: which English set collects a Japanese set's cards, and which English
 * card is a Japanese card's twin, read from content alone (no table of sets typed in), so a set the sync adds is
 * paired by the same rule.
 *
 * A Japanese card and an English card are the same card when they print the same artwork: the same English name by
 * the same illustrator. The English set that collects a Japanese set is the one holding the artworks of at least
 * COLLECTED_SHARE of the Japanese set's cards (Clay Burst, Snow Hazard and Triplet Beat are all in Paldea Evolved);
 * a promo list, a deck product, or a set whose English set content lacks illustrators for, is collected by none.
 * Twins are then paired inside each collecting English set, and an artwork that names two cards on either side
 * there (a reprint, a card printed twice) pairs neither.
 */

/** The share of a Japanese set's cards whose artworks an English set must hold to be the one that collects it. */
export const COLLECTED_SHARE = 0.5;

/** One English set and the Japanese sets it collects, in content's order (release order). */
export interface Collection {
  english: SetEntry;
  japanese: SetEntry[];
}

/** A Japanese card and its English twin. */
export interface TwinPair {
  japanese: FactsCard;
  english: FactsCard;
}

/** A Japanese card's English name: its name, unless content knows none and the name is the Japanese one. */
export const hasEnglishName = (c: FactsCard) => c.entry.language === 'ja' && c.entry.name !== c.entry.nameJa;

/** The artwork a card prints, as the pairing compares it; undefined without an illustrator. */
const artworkOf = (c: FactsCard) => (c.entry.artist ? `${c.entry.name}\u0000${c.entry.artist}` : undefined);

export const japaneseSets = (catalogue: PricedContent) => catalogue.sets.filter((s) => s.language === 'ja');
export const japaneseCards = (catalogue: PricedContent) => catalogue.cards.filter((c) => c.entry.language === 'ja');

/**
 * Each catalogue's collections and twins, found once: three articles read them, and finding them reads every card.
 * A priced catalogue is never changed once made, so what is found of it stays true.
 */
const collectionsFound = new WeakMap<PricedContent, Collection[]>();
const twinsFound = new WeakMap<PricedContent, TwinPair[]>();

/** The English sets that collect Japanese sets, each with the Japanese sets it collects. */
export function collectionsOf(catalogue: PricedContent): Collection[] {
  let found = collectionsFound.get(catalogue);
  if (!found) collectionsFound.set(catalogue, (found = findCollections(catalogue)));
  return found;
}

/** Every Japanese card with its English twin, by the collections above: Japanese sets in content's order, cards as content lists them. */
export function twinPairsOf(catalogue: PricedContent): TwinPair[] {
  let found = twinsFound.get(catalogue);
  if (!found) twinsFound.set(catalogue, (found = findTwins(catalogue, collectionsOf(catalogue))));
  return found;
}

function findCollections(catalogue: PricedContent): Collection[] {
  const englishSetsByArtwork = new Map<string, Set<string>>();
  for (const card of catalogue.cards) {
    const artwork = card.entry.language === 'en' ? artworkOf(card) : undefined;
    if (artwork) (englishSetsByArtwork.get(artwork) ?? englishSetsByArtwork.set(artwork, new Set()).get(artwork)!).add(card.entry.set);
  }
  const cardsBySet = Map.groupBy(catalogue.cards, (c) => c.entry.set);
  const collectorOf = new Map<string, string>();
  for (const set of japaneseSets(catalogue)) {
    const cards = cardsBySet.get(set.id) ?? [];
    const held = new Map<string, number>();
    for (const card of cards) {
      const artwork = hasEnglishName(card) ? artworkOf(card) : undefined;
      for (const englishSet of (artwork && englishSetsByArtwork.get(artwork)) || []) held.set(englishSet, (held.get(englishSet) ?? 0) + 1);
    }
    const [top] = [...held].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (top && top[1] >= COLLECTED_SHARE * cards.length) collectorOf.set(set.id, top[0]);
  }
  return catalogue.sets
    .filter((s) => s.language === 'en')
    .map((english) => ({ english, japanese: japaneseSets(catalogue).filter((s) => collectorOf.get(s.id) === english.id) }))
    .filter((c) => c.japanese.length > 0);
}

function findTwins(catalogue: PricedContent, collections: readonly Collection[]): TwinPair[] {
  const cardsBySet = Map.groupBy(catalogue.cards, (c) => c.entry.set);
  return collections.flatMap(({ english, japanese }) => {
    const byArtwork = (cards: readonly FactsCard[]) =>
      Map.groupBy(
        cards.filter((c) => artworkOf(c) !== undefined),
        (c) => artworkOf(c)!,
      );
    const englishByArtwork = byArtwork(cardsBySet.get(english.id) ?? []);
    const japaneseCardsOf = japanese.flatMap((s) => cardsBySet.get(s.id) ?? []).filter(hasEnglishName);
    const japaneseByArtwork = byArtwork(japaneseCardsOf);
    return japaneseCardsOf.flatMap((card) => {
      const artwork = artworkOf(card);
      const twins = artwork === undefined ? [] : (englishByArtwork.get(artwork) ?? []);
      return twins.length === 1 && japaneseByArtwork.get(artwork!)!.length === 1 ? [{ japanese: card, english: twins[0] }] : [];
    });
  });
}

/**
 * The code a Japanese set's cards print (`SV8a`, `M2a`, `SV-P`), in TCGdex's case, read from its cards' TCGdex ids
 * (`SV8a-217`); the set id without `jp-`, upper-cased, when no card has one.
 */
export function printedCodeOf(catalogue: PricedContent, set: SetEntry): string {
  const tcgdexId = catalogue.cards.find((c) => c.entry.set === set.id && c.entry.tcgdexId)?.entry.tcgdexId;
  return tcgdexId ? tcgdexId.slice(0, tcgdexId.lastIndexOf('-')) : set.id.replace(/^jp-/, '').toUpperCase();
}
