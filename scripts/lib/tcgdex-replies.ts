import { z } from 'astro/zod';
import { isoDate } from '../../src/schemas/common.ts';
import { tcgdexIdSchema, text } from '../../src/schemas/text.ts';
import type { ReplySource } from './source-replies.ts';

/**
 * What the catalogue sync reads of TCGdex's public API (https://api.tcgdex.net/v2/en/; MIT-licensed data), in
 * the shapes tcgdex/cards-database publishes in `meta/definitions/api.d.ts`: `GET sets` (SetResume[]),
 * `GET sets/<id>` (Set) and `GET cards/<id>` (Card). Only the fields the sync converts are checked, each of
 * the published type; others (attacks, abilities, boosters, …) pass unread, so a new field upstream breaks
 * nothing. Every id is of TCGdex's shape (it is joined into a path and a URL), every text within the bounds content
 * holds (src/schemas/text.ts), every list and reply of a bounded size. Saved replies sit in a folder as `sets.json`,
 * `sets/<setId>.json` and `cards/<cardId>.json`.
 */

/** TCGdex's English API. */
export const TCGDEX_ORIGIN = 'https://api.tcgdex.net/v2/en';
/**
 * TCGdex's Japanese API: the sets and cards of its `data-asia/` that have a Japanese name, in the same shapes, their
 * names Japanese, and their categories, rarities, stages and finishes in TCGdex's English words (it has no Japanese
 * translation of them).
 */
export const TCGDEX_JA_ORIGIN = 'https://api.tcgdex.net/v2/ja';

const id = tcgdexIdSchema;
const name = text().min(1);
const productId = z.number().int().positive();
const count = z.number().int().nonnegative();
const thirdParty = z.object({ cardmarket: productId.optional(), tcgplayer: productId.optional() });
/** The most a list of a reply may hold: more sets, cards or printings than any TCGdex has, by far. */
const SETS_MAX = 10_000;
const CARDS_MAX = 100_000;
const ITEMS_MAX = 64;
/** A card's image on TCGdex's asset host, each segment an id (no `..`): the image rule joins `low.webp` to it. */
const image = z.string().regex(/^https:\/\/assets\.tcgdex\.net(?:\/[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*){1,8}$/, 'not an image of https://assets.tcgdex.net');

/** SetResume: an entry of `GET sets`. */
const setResume = z.object({ id, name, cardCount: z.object({ total: count, official: count }).optional() });

/** `GET sets`. */
export const tcgdexSetList = z.array(setResume).max(SETS_MAX);

/** CardResume: a card of a set's reply. */
const cardResume = z.object({ id, localId: id, name, image: image.optional() });

/** `GET sets/<id>`: Set. */
export const tcgdexSet = z.object({
  id,
  name,
  serie: z.object({ id, name }),
  releaseDate: isoDate,
  cardCount: z.object({ total: count, official: count }),
  cards: z.array(cardResume).max(CARDS_MAX),
  tcgOnline: text().optional(),
  abbreviation: z.object({ official: text().optional() }).optional(),
  thirdParty: thirdParty.optional(),
});
export type TcgdexSet = z.infer<typeof tcgdexSet>;

/** variant_detailed: one printing of a card, tied to marketplace products by `thirdParty`. */
const variantDetailed = z.object({
  type: name,
  size: text().optional(),
  subtype: text().optional(),
  stamp: z.array(name).max(ITEMS_MAX).optional(),
  foil: text().optional(),
  thirdParty: thirdParty.optional(),
});
export type TcgdexVariant = z.infer<typeof variantDetailed>;

/** `GET cards/<id>`: Card. */
export const tcgdexCard = z.object({
  id,
  localId: id,
  name,
  category: name,
  set: z.object({ id }),
  rarity: text().optional(),
  illustrator: text().optional(),
  hp: z.number().int().positive().optional(),
  types: z.array(name).max(ITEMS_MAX).optional(),
  dexId: z.array(z.number().int().positive()).max(ITEMS_MAX).optional(),
  stage: text().optional(),
  suffix: text().optional(),
  trainerType: text().optional(),
  energyType: text().optional(),
  regulationMark: text().optional(),
  image: image.optional(),
  variants_detailed: z.array(variantDetailed).max(ITEMS_MAX).optional(),
  /** The card's own marketplace products, where TCGdex ties none to a printing (many Japanese sets: SV11B, M1L, …). */
  thirdParty: thirdParty.optional(),
});
export type TcgdexCard = z.infer<typeof tcgdexCard>;

/** The most bytes a reply may be: a card's is a few kB, a set's about 100 bytes a card. */
const SETS_BYTES = { bytes: 4 * 1024 * 1024, what: 'the TCGdex list of sets' };
const SET_BYTES = { bytes: 32 * 1024 * 1024, what: 'a TCGdex set reply' };
const CARD_BYTES = { bytes: 1024 * 1024, what: 'a TCGdex card reply' };

/** The three reads of TCGdex, from the network or a folder of saved replies (replySource). */
export function tcgdexReader(source: ReplySource) {
  const set = (setId: string) => [`sets/${encodeURIComponent(setId)}`, `sets/${setId}.json`] as const;
  const card = (cardId: string) => [`cards/${encodeURIComponent(cardId)}`, `cards/${cardId}.json`] as const;
  return {
    sets: () => source.read(tcgdexSetList, 'sets', 'sets.json', SETS_BYTES),
    set: (setId: string) => source.read(tcgdexSet, ...set(setId), SET_BYTES),
    card: (cardId: string) => source.read(tcgdexCard, ...card(cardId), CARD_BYTES),
    /** Where the list of sets, a set's or a card's reply is, as messages name it. */
    whereSets: () => source.where('sets', 'sets.json'),
    whereSet: (setId: string) => source.where(...set(setId)),
    whereCard: (cardId: string) => source.where(...card(cardId)),
  };
}
export type TcgdexReader = ReturnType<typeof tcgdexReader>;
