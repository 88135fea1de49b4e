import { z } from 'astro/zod';

/**
 * The bounds of a line of text that content holds and a source may give (a name, an artist, a printing's word),
 * written once: the content schemas check them, so `npm run check` and the build refuse what breaks them, and the
 * catalogue sync checks every answer it reads against them before anything is written. A text is one line of
 * what people read: no control character, no bidirectional control (U+202E turns "Pikachu" round on the page),
 * no invisible character, and not longer than any such text needs to be.
 */

/** The longest line of text content may hold (the longest it holds is a printing's words, 120 characters). */
export const TEXT_MAX = 200;

/**
 * What no text may hold, each with its name in the message. The C1 controls (U+0080–U+009F) are let through: the
 * sealed source's name of product 616304 holds two (the UTF-8 bytes of a "’" read as Latin-1), which the catalogue
 * import copies as the source has it.
 */
const REFUSED: readonly (readonly [RegExp, string])[] = [
  [/[\u0000-\u001F\u007F]/, 'a control character'],
  [/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/, 'a bidirectional control'],
  [/[\u00AD\u200B-\u200D\u2060-\u2064\uFEFF]/, 'an invisible format character'],
];

/**
 * What is wrong with a text, or undefined.
 * @example textProblem('Sprout\u202Ele') // "holds U+202E (a bidirectional control), which no text of content may"
 */
export function textProblem(text: string, max = TEXT_MAX): string | undefined {
  if (text.length > max) return `${text.length.toLocaleString('en-US')} characters, more than ${max}`;
  for (const [refused, what] of REFUSED) {
    const found = refused.exec(text)?.[0];
    if (found) return `holds U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} (${what}), which no text of content may`;
  }
  return undefined;
}

/** A line of text within the bounds above (at most `max` characters). */
export const text = (max = TEXT_MAX) =>
  z.string().superRefine((value, ctx) => {
    const problem = textProblem(value, max);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A TCGdex id (a set `sv08.5`, a card `sv08.5-161`, a serie `me`): what the sync may join into a path or a URL. */
const TCGDEX_ID = /^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$/;
const TCGDEX_ID_MAX = 64;
export const tcgdexIdSchema = z
  .string()
  .refine(
    (id) => id.length <= TCGDEX_ID_MAX && TCGDEX_ID.test(id),
    `not a TCGdex id: letters and digits, words joined by ".", "-" or "_", at most ${TCGDEX_ID_MAX}`,
  );
