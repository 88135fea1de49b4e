import { z } from 'astro/zod';
import { isoDate } from '../../src/schemas/common.ts';
import type { AnswerSource } from './source-answers.ts';

/**
 * What the catalogue sync reads of TCGdex's public API (https://api.tcgdex.net/v2/en/; MIT-licensed data), in
 * the shapes tcgdex/cards-database publishes in `meta/definitions/api.d.ts`: `GET sets` (SetResume[]),
 * `GET sets/<id>` (Set) and `GET cards/<id>` (Card). Only the fields the sync converts are checked, each of
 * the published type; others (attacks, abilities, boosters, …) pass unread, so a new field upstream breaks
 * nothing. Saved answers sit in a folder as `sets.json`, `sets/<setId>.json` and `cards/<cardId>.json`.
 */

/** TCGdex's English API. */
export const TCGDEX_ORIGIN = 'https://api.tcgdex.net/v2/en';

const id = z.string().min(1);
const productId = z.number().int().positive();
const thirdParty = z.object({ cardmarket: productId.optional(), tcgplayer: productId.optional() });

/** SetResume: an entry of `GET sets`. */
const setResume = z.object({
  id,
  name: z.string().min(1),
  cardCount: z.object({ total: z.number().int().nonnegative(), official: z.number().int().nonnegative() }).optional(),
});

/** `GET sets`. */
export const tcgdexSetList = z.array(setResume);

/** CardResume: a card of a set's answer. */
const cardResume = z.object({ id, localId: id, name: z.string().min(1), image: z.url().optional() });

/** `GET sets/<id>`: Set. */
export const tcgdexSet = z.object({
  id,
  name: z.string().min(1),
  serie: z.object({ id, name: z.string().min(1) }),
  releaseDate: isoDate,
  cardCount: z.object({ total: z.number().int().nonnegative(), official: z.number().int().nonnegative() }),
  cards: z.array(cardResume),
  tcgOnline: z.string().optional(),
  abbreviation: z.object({ official: z.string().optional() }).optional(),
  thirdParty: thirdParty.optional(),
});
export type TcgdexSet = z.infer<typeof tcgdexSet>;

/** variant_detailed: one printing of a card, tied to marketplace products by `thirdParty`. */
const variantDetailed = z.object({
  type: z.string().min(1),
  size: z.string().optional(),
  subtype: z.string().optional(),
  stamp: z.array(z.string().min(1)).optional(),
  foil: z.string().optional(),
  thirdParty: thirdParty.optional(),
});
export type TcgdexVariant = z.infer<typeof variantDetailed>;

/** `GET cards/<id>`: Card. */
export const tcgdexCard = z.object({
  id,
  localId: id,
  name: z.string().min(1),
  category: z.string().min(1),
  set: z.object({ id }),
  rarity: z.string().optional(),
  illustrator: z.string().optional(),
  hp: z.number().int().positive().optional(),
  types: z.array(z.string().min(1)).optional(),
  dexId: z.array(z.number().int().positive()).optional(),
  stage: z.string().optional(),
  suffix: z.string().optional(),
  trainerType: z.string().optional(),
  energyType: z.string().optional(),
  regulationMark: z.string().optional(),
  image: z.url().optional(),
  variants_detailed: z.array(variantDetailed).optional(),
});
export type TcgdexCard = z.infer<typeof tcgdexCard>;

/** The three reads of TCGdex, from the network or a folder of saved answers (answerSource). */
export function tcgdexReader(source: AnswerSource) {
  const set = (setId: string) => [`sets/${encodeURIComponent(setId)}`, `sets/${setId}.json`] as const;
  const card = (cardId: string) => [`cards/${encodeURIComponent(cardId)}`, `cards/${cardId}.json`] as const;
  return {
    sets: () => source.read(tcgdexSetList, 'sets', 'sets.json'),
    set: (setId: string) => source.read(tcgdexSet, ...set(setId)),
    card: (cardId: string) => source.read(tcgdexCard, ...card(cardId)),
    /** Where a set's or a card's answer is, as messages name it. */
    whereSet: (setId: string) => source.where(...set(setId)),
    whereCard: (cardId: string) => source.where(...card(cardId)),
  };
}
export type TcgdexReader = ReturnType<typeof tcgdexReader>;
