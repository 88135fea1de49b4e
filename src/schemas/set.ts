import { z } from 'astro/zod';
import { isoDate } from './common.ts';
import { SET_ID } from './patterns.ts';
import { text } from './text.ts';

/** One card set, as kept in content/sets.json. */
export const setSchema = z.strictObject({
  /** The Pokémon TCG API set id, e.g. `base1`; the `set` of every card in it. */
  id: z.string().regex(SET_ID, 'lower-case letters and digits'),
  /** Display name, e.g. `Base`. */
  name: text().min(1),
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
});

export type SetEntry = z.infer<typeof setSchema>;
