/**
 * Display formatting shared by the Markdown twins and the HTML pages, so the two
 * say the same thing in the same words.
 */
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** @example formatUsd(1234.5) // "$1,234.50" */
export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : usdFormat.format(value);
}

/** The first and last known prices of a daily series and the change between them. */
export function historyChange(market: readonly (number | null)[]): { first: number; last: number; changePct: number } | null {
  const known = market.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const first = known[0];
  const last = known[known.length - 1];
  return { first, last, changePct: first === 0 ? 0 : Math.round(((last - first) / first) * 1000) / 10 };
}

/** Product-kind words that are abbreviations, spelt out for people. */
const KIND_WORDS: Record<string, string> = { etb: 'Elite Trainer Box' };

/**
 * A sealed product kind as people read it.
 * @example kindLabel('booster-box') // "Booster box"
 * @example kindLabel('etb-case') // "Elite Trainer Box case"
 */
export function kindLabel(kind: string): string {
  const words = kind.split('-').map((word) => KIND_WORDS[word] ?? word);
  return words.join(' ').replace(/^./, (c) => c.toUpperCase());
}
