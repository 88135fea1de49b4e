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

/**
 * A number in plain decimal digits, never with an exponent (`String(1e-7)` is "1e-7"): the shortest digits that
 * read back as the same number, as a URL parameter or a title says it.
 * @example plainDecimal(0.0000001) // "0.0000001"
 */
export function plainDecimal(n: number): string {
  const text = String(n);
  const exponent = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, whole, fraction = '', power] = exponent;
  const digits = whole + fraction;
  const point = whole.length + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A change in percent with its sign, as every page, feed and summary writes it: a rise with "+", a fall with "-", and
 * no change as plain "0%" (nothing moved, so no sign).
 * @example signedPct(14.6) // "+14.6%"
 * @example signedPct(0) // "0%"
 */
export const signedPct = (pct: number): string => `${pct > 0 ? '+' : ''}${pct === 0 ? 0 : pct}%`;

/**
 * A change in dollars with its sign, by signedPct's rule: "+" for a rise, "-" for a fall, no sign for none.
 * @example signedUsd(-56.8) // "-$56.80"
 */
export const signedUsd = (usd: number): string => `${usd > 0 ? '+' : usd < 0 ? '-' : ''}${formatUsd(Math.abs(usd))}`;

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
