import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATE_PATTERN, ISO_DATE, jsonSchemaPattern, LOOKUP_KEY_PATTERN, PRODUCT_ID_PATTERN, SET_ID, SLUG, SLUG_PATTERN } from '../../src/schemas/patterns.ts';

/** The shapes of src/schemas/patterns.ts, which the schemas, routes, host rules and /openapi.json all take. */
const ROOT = join(import.meta.dirname, '..', '..');

describe('patterns', () => {
  it('schemas/api writes every slug with the pattern of src/schemas/patterns.ts', () => {
    const patterns: string[] = [];
    const walk = (node: unknown, key?: string): void => {
      // An array's items are walked as its entries are.
      if (node && typeof node === 'object') {
        const pattern = (node as { pattern?: unknown }).pattern;
        if (key === 'slug' && typeof pattern === 'string') patterns.push(pattern);
        for (const [name, value] of Object.entries(node)) walk(value, name);
      }
    };
    for (const file of readdirSync(join(ROOT, 'schemas', 'api')).filter((name) => name.endsWith('.json')))
      walk(JSON.parse(readFileSync(join(ROOT, 'schemas', 'api', file), 'utf8')));
    expect(patterns.length).toBeGreaterThanOrEqual(4);
    expect(new Set(patterns)).toEqual(new Set([jsonSchemaPattern(SLUG_PATTERN)]));
  });

  it('a slug is lower-case words joined by "-", a date YYYY-MM-DD, as the JSON Schema forms say too', () => {
    const slugs = ['charizard-base1-4', 'a', 'Charizard', 'a--b', '-a', 'a-', 'a_b'];
    const dates = ['2025-10-20', '2025-1-20', '20251020', '2025-10-20x'];
    expect(slugs.map((s) => SLUG.test(s))).toEqual([true, true, false, false, false, false, false]);
    expect(slugs.map((s) => new RegExp(jsonSchemaPattern(SLUG_PATTERN)).test(s))).toEqual(slugs.map((s) => SLUG.test(s)));
    expect(dates.map((d) => ISO_DATE.test(d))).toEqual([true, false, false, false]);
    expect(dates.map((d) => new RegExp(jsonSchemaPattern(DATE_PATTERN)).test(d))).toEqual(dates.map((d) => ISO_DATE.test(d)));
  });

  it('a look-up key is at most 120 characters of letters, digits and -._!?, a product id a positive integer of at most ten digits', () => {
    const key = new RegExp(`^${LOOKUP_KEY_PATTERN}$`);
    const productId = new RegExp(`^${PRODUCT_ID_PATTERN}$`);
    expect(['base1-4', 'cel25c-15_A1', 'ex10-!', 'a'.repeat(120), 'a'.repeat(121), '-a', ''].map((k) => key.test(k))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['1', '9999999999', '10000000000', '0', '012'].map((id) => productId.test(id))).toEqual([true, true, false, false, false]);
    expect(['base1', 'swsh7', 'sv3pt5', 'Base1', 'base-1'].map((id) => SET_ID.test(id))).toEqual([true, true, true, false, false]);
  });
});
