/**
 * A value at a dotted path into an article's facts: `by_rarity.Special Illustration Rare.median_usd`,
 * `top.0.name`. A key may itself hold dots (`Rare Holo LV.X`): the longest key that exists is taken first.
 */
export type Found = { found: true; value: unknown } | { found: false };

const NOT_FOUND: Found = { found: false };

/**
 * @example lookUp({ a: { 'b.c': [5] } }, 'a.b.c.0') // { found: true, value: 5 }
 */
export function lookUp(root: unknown, path: string): Found {
  const segments = path.split('.');
  const walk = (node: unknown, from: number): Found => {
    if (from === segments.length) return { found: true, value: node };
    if (typeof node !== 'object' || node === null) return NOT_FOUND;
    for (let to = segments.length; to > from; to--) {
      const key = segments.slice(from, to).join('.');
      if (!Object.hasOwn(node, key)) continue;
      const found = walk((node as Record<string, unknown>)[key], to);
      if (found.found) return found;
    }
    return NOT_FOUND;
  };
  return walk(root, 0);
}

/** One card's or sealed product's field, by id, or not found (an unknown id or field). */
export type ItemLookUp = (kind: 'card' | 'sealed', id: string, field: string) => Found;
