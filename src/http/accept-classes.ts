/**
 * The `Accept` headers a static host can negotiate by itself, as regular
 * expressions its configuration can hold (nginx `map`, Vercel `has`, …).
 *
 * The function's negotiation (src/http/negotiate.ts) weighs q-values, wildcards
 * and specificity; a host's rules cannot. But two shapes of header are decided
 * without any arithmetic, and they are what browsers, curl and agents send:
 *
 * 1. The first of the three types named in the header is named bare (no
 *    parameters, so weight 1), and no range before it names any of the three:
 *    it wins, whatever follows (`text/markdown, text/html;q=0.9`, every
 *    browser's `text/html,…;q=0.8`). Later ranges can only tie it, and a tie
 *    goes to the type listed first.
 * 2. No parameters anywhere, none of the three named, and a wildcard: every
 *    range weighs 1, so the function's order of preference decides (`*\/*`
 *    and `text/*` give HTML; `application/*` alone gives JSON).
 *
 * An absent or blank header is HTML. Anything else (q-values on the types
 * that matter, quoted strings, unusual whitespace, a header that accepts none)
 * matches no class and goes to the function, which decides exactly. The unit
 * tests check every class against `negotiate()` on generated headers.
 *
 * Each class is one regular expression over the whole header, matched
 * case-insensitively. `pcre` spells the repetitions possessive, so that a
 * hostile 16 KB header costs nginx one linear pass; `js` is the same language
 * for engines without possessive quantifiers.
 */
import type { Representation } from './negotiate.ts';

export type RegexFlavour = 'pcre' | 'js';

export interface AcceptClass {
  representation: Representation;
  /** The pattern source, anchored; match case-insensitively. */
  pattern: string;
  /** Why a header in this class gets this representation (for generated comments). */
  reason: string;
}

const NAMED: Record<Representation, string> = { html: 'text/html', markdown: 'text/markdown', json: 'application/json' };
const ANY_NAMED = `(?:${Object.values(NAMED).join('|')})`;
const OWS = '[ \\t]*';
// RFC 9110 tchar; `-` first so that it is literal in a character class.
const TCHAR = "-!#$%&'*+.^_`|~0-9a-z";
// The characters of a range the rules let pass unread: no commas or quotes (which would change where elements split), no exotic whitespace.
const RANGE_CHARS = `[${TCHAR}/ \\t;=]`;

/**
 * The classes in the order they must be tried (the first match wins).
 * @example acceptClasses('js').find((c) => new RegExp(c.pattern, 'i').test('text/markdown'))?.representation // 'markdown'
 */
export function acceptClasses(flavour: RegexFlavour): AcceptClass[] {
  const many = flavour === 'pcre' ? '*+' : '*';
  // A list element that names none of the three types (with or without parameters): it cannot decide anything.
  const unnamed = `(?!${OWS}${ANY_NAMED}${OWS}(?:[;,]|$))${RANGE_CHARS}${many}`;
  // A list element that is a bare media range (or empty) and names none of the three.
  const bare = `(?!${OWS}${ANY_NAMED}${OWS}(?:,|$))${OWS}(?:[${TCHAR}]+/[${TCHAR}]+${OWS})?`;
  const onlyBare = `(?:${bare},)${many}${bare}$`;
  const hasElement = (range: string) => `(?=(?:.*,)?${OWS}${range}${OWS}(?:,|$))`;

  const classes: AcceptClass[] = [{ representation: 'html', pattern: `^[ \\t,]*$`, reason: 'absent or blank: anything is acceptable' }];
  for (const representation of ['html', 'markdown', 'json'] as const) {
    classes.push({
      representation,
      pattern: `^(?:${unnamed},)${many}${OWS}${NAMED[representation]}${OWS}(?:,|$)`,
      reason: `${NAMED[representation]} is the first of the three types named, bare (weight 1)`,
    });
  }
  classes.push(
    { representation: 'html', pattern: `^${hasElement('(?:\\*/\\*|text/\\*)')}${onlyBare}`, reason: 'only bare ranges, with */* or text/*' },
    { representation: 'json', pattern: `^${hasElement('application/\\*')}${onlyBare}`, reason: 'only bare ranges, with application/*' },
  );
  return classes;
}

/**
 * What a host holding these rules serves for a header: a representation, or
 * `undefined` when the header is the function's to decide.
 */
export function classifyAccept(header: string | undefined): Representation | undefined {
  return JS_CLASSES.find((c) => c.regex.test(header ?? ''))?.representation;
}

const JS_CLASSES = acceptClasses('js').map((c) => ({ ...c, regex: new RegExp(c.pattern, 'i') }));
