import { z } from 'astro/zod';
import { isoDate } from './common.ts';
import { languageProblem, languageSchema } from './language.ts';
import { SET_ID } from './patterns.ts';
import { text } from './text.ts';

/** One card set, as kept in content/sets.json. */
export const setSchema = z
  .strictObject({
    /** The Pokémon TCG API set id, e.g. `base1`, or `jp-` and TCGdex's id of a Japanese set (`jp-sv8a`); the `set` of every card in it. */
    id: z.string().regex(SET_ID, 'lower-case letters and digits, or "jp-" and lower-case letters and digits joined by "-"'),
    /** Display name, e.g. `Base`; a Japanese set's is TCGplayer's English name (`Terastal Fest ex`). */
    name: text().min(1),
    /** The language the set is printed in (`en`, `ja`). */
    language: languageSchema,
    /** A Japanese set's name as printed (`テラスタルフェスex`), null where the source gives none; absent on English sets. */
    nameJa: text().min(1).nullable().optional(),
    /** A Japanese set's TCGplayer group ("Pokemon Japan"), null where TCGplayer lists none yet; absent on English sets. */
    tcgplayerGroupId: z.number().int().positive().nullable().optional(),
    /** Series the set belongs to, e.g. `Sword & Shield`. */
    series: text().min(1),
    /** The count printed on the cards (the 102 of 4/102). */
    printedTotal: z.number().int().nonnegative(),
    /** All cards in the set, secret rares included. */
    total: z.number().int().nonnegative(),
    /** Release date, YYYY-MM-DD. */
    releaseDate: isoDate,
    /** Pokémon TCG Online code, where there is one. */
    ptcgoCode: text().optional(),
  })
  .superRefine((set, ctx) => {
    const language = languageProblem(set);
    if (language) ctx.addIssue({ code: 'custom', path: [language.path], message: language.message });
    if (set.language === 'ja' && set.tcgplayerGroupId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tcgplayerGroupId'], message: 'missing: a Japanese set names its TCGplayer group, or null' });
    }
    if (set.language === 'en' && set.tcgplayerGroupId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['tcgplayerGroupId'], message: 'only a Japanese set carries its TCGplayer group' });
    }
  });

export type SetEntry = z.infer<typeof setSchema>;
