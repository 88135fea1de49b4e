/**
 * The shapes of the names in URLs and records, written once: the content schemas check them, the routes match
 * them, the host configurations (src/deploy/) compose them into their rules, and /openapi.json states them. Each
 * is unanchored, to be composed; SLUG and ISO_DATE are the anchored tests.
 */

/** A slug: lower-case letters and digits, words joined by "-" (`charizard-base1-4`, `booster-box`). */
export const SLUG_PATTERN = '[a-z0-9]+(?:-[a-z0-9]+)*';
/**
 * A set id: lower-case letters and digits (`base1`, `swsh7`), or a Japanese set's, `jp-` and words of them joined by
 * "-" (`jp-sv8a`, `jp-sv-p`; src/schemas/language.ts). Only a Japanese one holds a hyphen.
 */
export const SET_ID_PATTERN = '(?:[a-z0-9]+|jp(?:-[a-z0-9]+)+)';
/** A calendar date as YYYY-MM-DD (whether it is on the calendar is the schema's to check). */
export const DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';
/** What a look-up (`?ids=`) takes: a card id (base1-4, cel25c-15_A1, ex10-!), a product id or a slug, no longer than any the catalogue has. */
export const LOOKUP_KEY_PATTERN = '[A-Za-z0-9][A-Za-z0-9._!?-]{0,119}';
/** A TCGplayer product id: a positive integer of at most ten digits. */
export const PRODUCT_ID_PATTERN = '[1-9][0-9]{0,9}';

/** @example SLUG.test('charizard-base1-4') // true */
export const SLUG = new RegExp(`^${SLUG_PATTERN}$`);
/** @example SET_ID.test('swsh7') // true */
export const SET_ID = new RegExp(`^${SET_ID_PATTERN}$`);
/** @example ISO_DATE.test('2025-10-20') // true */
export const ISO_DATE = new RegExp(`^${DATE_PATTERN}$`);

/**
 * A pattern as JSON Schema (and so OpenAPI) writes it: anchored, its groups plain, since the regular expressions
 * JSON Schema recommends have no non-capturing group (what matches is the same).
 * @example jsonSchemaPattern(SLUG_PATTERN) // '^[a-z0-9]+(-[a-z0-9]+)*$'
 */
export const jsonSchemaPattern = (pattern: string): string => `^${pattern.replaceAll('(?:', '(')}$`;
