import { z } from 'astro/zod';
import { SLUG } from './patterns.ts';

/**
 * The files of content/aliases/: what collectors type that the catalogue does not
 * say (see src/search/aliases.ts for what each kind does in a search). Every
 * phrase is written as a query reads it: lower-case letters and digits, one space
 * between words.
 */
const phrase = z.string().regex(/^[a-z0-9]+(?: [a-z0-9]+)*$/, 'lower-case letters and digits, words separated by one space');

/**
 * sets.json: per set (by id), the other names collectors give it ("base set", "evs"). Set ids and PTCGO codes need
 * no entry. `source` names where the names come from: required for a Japanese set's (aliasProblems), whose English
 * names are translations that differ by source (TCGdex's "Terastal Festival ex", TCGplayer's "Terastal Fest ex").
 */
export const setAliasesSchema = z.array(z.strictObject({ set: z.string().min(1), aliases: z.array(phrase), source: z.string().min(1).optional() }));

/** products.json and rarities.json: short words for words of product names or rarities (etb → elite trainer box). */
export const wordAliasesSchema = z.array(z.strictObject({ means: phrase, aliases: z.array(phrase).min(1) }));

/** nicknames.json: a nickname of printings (card ids, or sealed product ids), or of a name word (zard → charizard). */
export const nicknamesSchema = z.array(
  z.union([
    z.strictObject({ nickname: phrase, cards: z.array(z.string().min(1)).min(1) }),
    z.strictObject({ nickname: phrase, sealed: z.array(z.number().int().positive()).min(1) }),
    z.strictObject({ nickname: phrase, means: phrase }),
  ]),
);

/** ignored.json: words that name no item: grades and conditions (with the grade after them), and fillers. */
export const ignoredWordsSchema = z.array(z.strictObject({ reason: z.enum(['grade', 'filler']), words: z.array(phrase).min(1) }));

/** Words of a printing id, as printing-names.ts makes them: lower-case letters and digits joined by "-". */
const printingWords = z.string().regex(SLUG, 'words of a printing id: lower-case letters and digits joined by "-"');

/**
 * printings.json: the words collectors name a printing with (1st edition, shadowless, reverse holo). A card has the
 * printing when one of its printings' ids holds one of `printing` (words in a row; none listed: any printing) and
 * none of the words in `not`. `label` is how a match reason names it.
 */
export const printingAliasesSchema = z.array(
  z.strictObject({
    label: z.string().min(1),
    printing: z.array(printingWords),
    not: z.array(z.string().regex(/^[a-z0-9]+$/, 'one word of a printing id')).optional(),
    aliases: z.array(phrase).min(1),
  }),
);

/**
 * arts.json: an art as collectors name it (alt art, full art, gold star) and the cards that have it. Nothing in
 * the catalogue says which card is an alternate art, so the list is the editors' (scripts/seed-art-words.ts
 * proposes cards for a new set).
 */
export const artAliasesSchema = z.array(
  z.strictObject({
    art: z.string().min(1),
    aliases: z.array(phrase).min(1),
    cards: z.array(z.string().min(1)),
  }),
);

/** Each file of content/aliases/ and its schema. */
export const ALIAS_FILES = {
  sets: { file: 'sets.json', schema: setAliasesSchema },
  products: { file: 'products.json', schema: wordAliasesSchema },
  rarities: { file: 'rarities.json', schema: wordAliasesSchema },
  nicknames: { file: 'nicknames.json', schema: nicknamesSchema },
  ignored: { file: 'ignored.json', schema: ignoredWordsSchema },
  printings: { file: 'printings.json', schema: printingAliasesSchema },
  arts: { file: 'arts.json', schema: artAliasesSchema },
} as const;
