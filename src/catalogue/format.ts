/**
 * Display formatting shared by the Markdown twins and the HTML pages, so the two
 * say the same thing in the same words.
 */
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Dollar figures already written: a build writes ~1M of them and Intl formats each in a microsecond or two, but
 * prices repeat (a build's 20k cards have a few thousand distinct ones). Emptied when full, so it stays small.
 */
const written = new Map<number, string>();
const MAX_WRITTEN = 50_000;

/** @example formatUsd(1234.5) // "$1,234.50" */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'n/a';
  let text = written.get(value);
  if (text === undefined) {
    if (written.size >= MAX_WRITTEN) written.clear();
    written.set(value, (text = usdFormat.format(value)));
  }
  return text;
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
