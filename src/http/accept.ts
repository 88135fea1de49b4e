/**
 * A parser for the HTTP `Accept` header (RFC 9110 §12.5.1). It only reads the
 * header: which representation to serve is a separate policy (`negotiate.ts`).
 */

/** One media range of an `Accept` header, e.g. `text/html;level=1;q=0.8`. */
export type AcceptRange = {
  /** Lower-cased type, or `*`. */
  type: string;
  /** Lower-cased subtype, or `*`. */
  subtype: string;
  /** The weight, 0..1; 1 when the range carries no `q`. */
  q: number;
  /** Media type parameters (those before `q`), names lower-cased, values unquoted. */
  params: Record<string, string>;
  /** Position of the range among the header's non-empty elements, from 0. */
  index: number;
};

// RFC 9110 §5.6.2 tchar.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const QUOTED_STRING = /^"(?:[^"\\]|\\.)*"$/s;
// RFC 9110 §12.4.2: "0" to "1" with at most three decimals; "1.5" or ".5" are not weights.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Parses an `Accept` header into its media ranges, in header order.
 *
 * An absent or blank header means the client accepts anything (RFC 9110
 * §12.5.1), so it yields a single `*\/*` range. A range whose syntax is
 * invalid, or whose `q` is malformed, is left out rather than rejecting the
 * whole header: one bad element should not cost the client the ranges it
 * wrote correctly. A malformed `q` is dropped instead of being read as 1 or
 * clamped because guessing could turn a range the client meant to weaken
 * (`q=0.O`, `q=-1`) into its strongest preference. Dropping can leave nothing,
 * and an empty result means no type is acceptable.
 *
 * @example
 * parseAccept('text/markdown, text/html;q=0.9');
 * // [{ type: 'text', subtype: 'markdown', q: 1, params: {}, index: 0 },
 * //  { type: 'text', subtype: 'html', q: 0.9, params: {}, index: 1 }]
 */
export function parseAccept(header: string | undefined | null): AcceptRange[] {
  const elements = splitUnquoted(header ?? '', ',')
    .map((element) => element.trim())
    // RFC 9110 §5.6.1: empty list elements do not count.
    .filter((element) => element !== '');
  if (elements.length === 0) return [{ type: '*', subtype: '*', q: 1, params: {}, index: 0 }];

  const ranges: AcceptRange[] = [];
  elements.forEach((element, index) => {
    const range = parseRange(element, index);
    if (range) ranges.push(range);
  });
  return ranges;
}

function parseRange(element: string, index: number): AcceptRange | null {
  const [mediaRange = '', ...rawParams] = splitUnquoted(element, ';').map((part) => part.trim());
  const slash = mediaRange.indexOf('/');
  const type = mediaRange.slice(0, slash).toLowerCase();
  const subtype = mediaRange.slice(slash + 1).toLowerCase();
  if (slash < 0 || !TOKEN.test(type) || !TOKEN.test(subtype)) return null;
  // `*/html` names no real set of types, so it is a syntax error, not a wildcard.
  if (type === '*' && subtype !== '*') return null;

  let q = 1;
  let seenQ = false;
  const params: Record<string, string> = {};
  for (const raw of rawParams) {
    // Tolerate a stray `;` (e.g. `text/html;;q=1`) the way most servers do.
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    if (eq < 0) return null;
    const name = raw.slice(0, eq).trim().toLowerCase();
    const value = raw.slice(eq + 1).trim();
    if (!TOKEN.test(name)) return null;
    if (seenQ) continue; // Accept extensions after the weight carry nothing we use.
    if (name === 'q') {
      if (!QVALUE.test(value)) return null;
      q = Number(value);
      seenQ = true;
      continue;
    }
    if (TOKEN.test(value)) params[name] = value;
    else if (QUOTED_STRING.test(value)) params[name] = value.slice(1, -1).replace(/\\(.)/gs, '$1');
    else return null;
  }
  return { type, subtype, q, params, index };
}

/**
 * Splits on `separator` except inside quoted strings, so a quoted parameter
 * value may contain commas and semicolons. An unterminated quote runs to the
 * end of the text, which then fails the quoted-string check.
 */
function splitUnquoted(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}
