/**
 * How an article quotes its figures. A quote is a sentence (or a table) of the
 * article written as a template: its words literal, each figure a placeholder
 * `{path|format}` into the article's facts (or `{card:ID|usd}`, `{sealed:ID|usd}`
 * for one item's value). The article holds the rendered text; the template finds
 * it there by its literal words, so a figure can be rewritten in place without
 * markers in the Markdown that the API serves verbatim.
 */

/**
 * What a placeholder reads: the article's facts, and a field of one card or sealed product by id
 * (`{card:base1-4|usd}` its value, `{card:base1-4:valueBand}`, `{card:ecard3-H10:low|usd}`).
 */
export interface QuoteContext {
  facts: Record<string, unknown>;
  item(kind: 'card' | 'sealed', id: string, field: string): unknown;
}

/** A sentence, or part of one, in the answer or the body: one line, starting and ending with words or a formatted figure. */
export interface TextQuote {
  in: 'answer' | 'body';
  text: string;
}

/** A Markdown table of the body, found by its header row; its rows are made from the facts. */
export interface TableQuote {
  in: 'body';
  /** The header row exactly as written, e.g. `| Band | Cards |`. */
  header: string;
  rows(context: QuoteContext): string[][];
}

export type Quote = TextQuote | TableQuote;

const PLACEHOLDER = /\{([^{}|]+)(?:\|(\w+))?\}/g;

/** Thousands separated: 13516 → "13,516". */
export function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** US dollars with cents: 6502.49 → "$6,502.49", 700 → "$700.00". */
export function usd(value: number): string {
  const cents = Math.round(value * 100);
  return `$${count(Math.trunc(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A share, already in percent: 75.6 → "75.6%". */
export function pct(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** 1 → "1st", 12 → "12th", 23 → "23rd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Counts by name as prose, largest first as given: {"Call of Legends": 4, "Skyridge": 1} → "4 from Call of
 * Legends and 1 from Skyridge".
 */
export function countsText(counts: Record<string, number>): string {
  return listText(Object.entries(counts).map(([name, n]) => `${count(n)} from ${name}`));
}

/**
 * Names as prose, in the order given: ["Phantasmal Flames", "Perfect Order", "Pitch Black"] → "Phantasmal Flames,
 * Perfect Order and Pitch Black".
 */
export function listText(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? 'none') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The formats a placeholder may name, each for one type of value; without one a value is written as it is. */
export const FORMATS: Record<string, { type: 'number' | 'string' | 'object' | 'array'; write: (value: never) => string; finds: string }> = {
  n: { type: 'number', write: count, finds: '\\d[\\d,]*' },
  usd: { type: 'number', write: usd, finds: '\\$[\\d,]+\\.\\d\\d' },
  pct: { type: 'number', write: pct, finds: '\\d+\\.\\d%' },
  /** A ratio to one decimal: 4.65 → "4.7". */
  x: { type: 'number', write: (value: number) => value.toFixed(1), finds: '\\d+\\.\\d' },
  /** A date's month: "2025-10-20" → "October 2025". */
  month: { type: 'string', write: (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`, finds: '[A-Z][a-z]+ \\d{4}' },
  /** A rank: 3 → "3rd". */
  ord: { type: 'number', write: ordinal, finds: '\\d+(?:st|nd|rd|th)' },
  counts: { type: 'object', write: countsText, finds: '.+?' },
  /** A list of names: ["a", "b", "c"] → "a, b and c". */
  list: { type: 'array', write: listText, finds: '.+?' },
};

function valueAt(context: QuoteContext, path: string): unknown {
  const item = /^(card|sealed):([^:]+)(?::(\w+))?$/.exec(path);
  if (item) return context.item(item[1] as 'card' | 'sealed', item[2], item[3] ?? 'valueUsd');
  let value: unknown = context.facts;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * A template with its placeholders filled in.
 * @example renderQuote('{n|n} cards', { facts: { n: 13516 }, … }) // "13,516 cards"
 * @throws when a placeholder names no fact or an unknown format: a template error, not content's
 */
export function renderQuote(template: string, context: QuoteContext): string {
  return template.replace(PLACEHOLDER, (_, path: string, format?: string) => {
    const value = valueAt(context, path);
    if (value === undefined || value === null) throw new Error(`the quote "${template}" names {${path}}, which has no value`);
    if (format === undefined) return String(value);
    const known = FORMATS[format];
    if (!known || (Array.isArray(value) ? 'array' : typeof value) !== known.type)
      throw new Error(`the quote "${template}" writes {${path}} (${JSON.stringify(value)}) as "${format}"`);
    return known.write(value as never);
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
  const lazy = (i: number) => !FORMATS[parts[i + 2]] || FORMATS[parts[i + 2]].finds === '.+?';
  const adjacent = parts.some((part, i) => i % 3 === 0 && part === '' && i > 0 && i < parts.length - 1);
  const looseEdge = parts.length > 1 && ((parts[0] === '' && lazy(0)) || (parts.at(-1) === '' && lazy(parts.length - 4)));
  if (adjacent || looseEdge) {
    throw new Error(`the quote "${template}" must have words between its figures, and start and end with words or a formatted figure`);
  }
  const source = parts.map((part, i) => (i % 3 === 0 ? escapeRegExp(part) : i % 3 === 1 ? `(${FORMATS[parts[i + 1]]?.finds ?? '.+?'})` : '')).join('');
  return new RegExp(source, 'g');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One table as Markdown: header, the separator row, the rows. */
export function tableText(header: string, rows: string[][]): string {
  const columns = header.split('|').length - 2;
  return [header, `|${'---|'.repeat(columns)}`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** Where a table starts (its header row) and ends (the last line starting with `|`), or null. */
function tableAt(text: string, header: string): { start: number; end: number; count: number } | null {
  const lines = text.split('\n');
  const found = lines.flatMap((line, i) => (line === header ? [i] : []));
  if (found.length === 0) return null;
  let last = found[0];
  while (last + 1 < lines.length && lines[last + 1].startsWith('|')) last++;
  const start = lines.slice(0, found[0]).reduce((n, line) => n + line.length + 1, 0);
  const end = start + lines.slice(found[0], last + 1).join('\n').length;
  return { start, end, count: found.length };
}

/** What a quote found in a text: the text written with today's figures, or why it could not be placed. */
export type QuoteResult = { ok: true; text: string; was: string; now: string } | { ok: false; message: string };

/**
 * Rewrites one quote in `text` (the answer or the body) with the figures of `context`.
 * @example applyQuote('13,516 of 17,882 cards', { in: 'body', text: '{a|n} of {b|n} cards' }, context).text // "14,859 of 19,580 cards"
 */
export function applyQuote(text: string, quote: Quote, context: QuoteContext): QuoteResult {
  try {
    if ('header' in quote) {
      const at = tableAt(text, quote.header);
      if (!at) return { ok: false, message: `no table with the header row "${quote.header}"` };
      if (at.count > 1) return { ok: false, message: `more than one table with the header row "${quote.header}"` };
      const now = tableText(quote.header, quote.rows(context));
      return { ok: true, text: text.slice(0, at.start) + now + text.slice(at.end), was: text.slice(at.start, at.end), now };
    }
    const matches = [...text.matchAll(quotePattern(quote.text))];
    if (matches.length !== 1) {
      return { ok: false, message: `${matches.length === 0 ? 'no' : 'more than one'} sentence of the form "${quote.text}"` };
    }
    const [match] = matches;
    const now = renderQuote(quote.text, context);
    return { ok: true, text: text.slice(0, match.index) + now + text.slice(match.index + match[0].length), was: match[0], now };
  } catch (error) {
    // A placeholder without a value (a rarity no grail has any more, say): the template must change, so it is reported.
    return { ok: false, message: (error as Error).message };
  }
}
