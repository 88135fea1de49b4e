/**
 * Value bands: the one place their thresholds live. A value at or above a
 * band's floor is in that band; the bands are checked from the top down.
 * Documented in the contract: grail ≥ $500 · chase ≥ $50 · mid ≥ $5 · budget < $5.
 */
export const VALUE_BANDS = [
  { id: 'grail', minUsd: 500 },
  { id: 'chase', minUsd: 50 },
  { id: 'mid', minUsd: 5 },
  { id: 'budget', minUsd: 0 },
] as const;

export type ValueBand = (typeof VALUE_BANDS)[number]['id'];
export const VALUE_BAND_IDS = VALUE_BANDS.map((b) => b.id) as ValueBand[];

/**
 * @example valueBandOf(500) // "grail"
 * @example valueBandOf(4.99) // "budget"
 * @example valueBandOf(null) // null
 */
export function valueBandOf(valueUsd: number | null): ValueBand | null {
  if (valueUsd === null) return null;
  return VALUE_BANDS.find((b) => valueUsd >= b.minUsd)!.id;
}
