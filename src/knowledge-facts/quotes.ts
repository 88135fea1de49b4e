import { type Format, isFormat, writeValue } from './figures.ts';
import { lookUp } from './look-up.ts';

/**
 * The README's catalogue sentence, quoted as templates (./readme.ts): the README is the project's front page on
 * GitHub, where a marker would show, so its figures are found by the words around them instead. A template is
 * the sentence's words literal and each figure a placeholder `{path|format}` into the facts.
 */

/** A sentence, or part of one: one line, starting and ending with words or a formatted figure. */
export interface TextQuote {
  text: string;
}

const PLACEHOLDER = /\{([^{}|]+)(?:\|(\w+))?\}/g;

/** What each format writes, as a pattern; an unformatted placeholder is the shortest text of one line. */
const FINDS: Partial<Record<Format, string>> = {
  n: '\\d[\\d,]*',
  usd: '\\$[\\d,]+\\.\\d\\d',
  pct: '-?\\d+\\.\\d%',
  x: '\\d+\\.\\d',
  month: '[A-Z][a-z]+ \\d{4}',
  ord: '\\d+(?:st|nd|rd|th)',
};

/**
 * A template with its placeholders filled in.
 * @example renderQuote('{n|n} cards', { n: 13516 }) // "13,516 cards"
 * @throws when a placeholder names no fact or an unknown format: a template error, not content's
 */
export function renderQuote(template: string, facts: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, path: string, format?: string) => {
    const found = lookUp(facts, path);
    if (!found.found || found.value === null) throw new Error(`the quote "${template}" names {${path}}, which has no value`);
    if (format !== undefined && !isFormat(format)) throw new Error(`the quote "${template}" names the format "${format}", which does not exist`);
    return format === undefined ? String(found.value) : writeValue(found.value, format);
  });
}

/**
 * The pattern that finds a quote's rendered text whatever its figures: its literal words, with what its format
 * writes in place of each placeholder (a formatted figure in full, so "$0.03." is not read as "$0" and "."), and
 * the shortest text of one line in place of an unformatted one.
 * @throws when two placeholders are in a row, or an unformatted one starts or ends the template (where its text
 *   ends would be a guess)
 */
export function quotePattern(template: string): RegExp {
  const parts = template.split(PLACEHOLDER);
  const finds = (i: number) => FINDS[parts[i + 2] as Format];
  const adjacent = parts.some((part, i) => i % 3 === 0 && part === '' && i > 0 && i < parts.length - 1);
  const looseEdge = parts.length > 1 && ((parts[0] === '' && !finds(0)) || (parts.at(-1) === '' && !finds(parts.length - 4)));
  if (adjacent || looseEdge) {
    throw new Error(`the quote "${template}" must have words between its figures, and start and end with words or a formatted figure`);
  }
  const source = parts.map((part, i) => (i % 3 === 0 ? escapeRegExp(part) : i % 3 === 1 ? `(${finds(i - 1) ?? '.+?'})` : '')).join('');
  return new RegExp(source, 'g');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a quote found in a text: the text written with today's figures, or why it could not be placed. */
export type QuoteResult = { ok: true; text: string; was: string; now: string } | { ok: false; message: string };

/**
 * Rewrites one quote in `text` with the figures of `facts`.
 * @example applyQuote('13,516 of 17,882 cards', { text: '{a|n} of {b|n} cards' }, facts).text // "14,859 of 19,580 cards"
 */
export function applyQuote(text: string, quote: TextQuote, facts: Record<string, unknown>): QuoteResult {
  try {
    const matches = [...text.matchAll(quotePattern(quote.text))];
    if (matches.length !== 1) {
      return { ok: false, message: `${matches.length === 0 ? 'no' : 'more than one'} sentence of the form "${quote.text}"` };
    }
    const [match] = matches;
    const now = renderQuote(quote.text, facts);
    return { ok: true, text: text.slice(0, match.index) + now + text.slice(match.index + match[0].length), was: match[0], now };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
