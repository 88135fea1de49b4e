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

/**
 * A band's name with its range, derived from the thresholds above.
 * @example bandLabel('chase') // "chase ($50 to under $500)"
 */
export function bandLabel(band: ValueBand): string {
  const i = VALUE_BANDS.findIndex((b) => b.id === band);
  const floor = VALUE_BANDS[i].minUsd;
  const ceiling = i > 0 ? VALUE_BANDS[i - 1].minUsd : null;
  if (ceiling === null) return `${band} ($${floor} and up)`;
  if (floor === 0) return `${band} (under $${ceiling})`;
  return `${band} ($${floor} to under $${ceiling})`;
}
