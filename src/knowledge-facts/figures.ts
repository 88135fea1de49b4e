/**
 * How a computed value is written in an article: a count with thousands commas, dollars, a share, a rank, a month,
 * names as prose. A marked figure is written in the shape the editor gave it (`$1,234.56`, `75.9%`, `3rd`, `17.8`:
 * the same sign, decimals and commas), so most markers need no format; a format named in the marker wins.
 */

/** Thousands separated: 13516 → "13,516". */
export function count(value: number): string {
  return groupThousands(String(value));
}

/** US dollars with cents: 6502.49 → "$6,502.49", 700 → "$700.00". */
export const usd = (value: number): string => writeNumber(value, FORMAT_SHAPES.usd);

/** A share, already in percent: 75.6 → "75.6%". */
export const pct = (value: number): string => writeNumber(value, FORMAT_SHAPES.pct);

/** 1 → "1st", 12 → "12th", 23 → "23rd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A date's month: "2025-10-20" → "October 2025". */
export const month = (date: string): string => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/**
 * Names as prose, in the order given: ["Phantasmal Flames", "Perfect Order", "Pitch Black"] → "Phantasmal Flames,
 * Perfect Order and Pitch Black".
 */
export function listText(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? 'none') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Counts by name as prose, largest first as given: {"Call of Legends": 4, "Skyridge": 1} → "4 from Call of
 * Legends and 1 from Skyridge".
 */
export function countsText(counts: Record<string, number>): string {
  return listText(Object.entries(counts).map(([name, n]) => `${count(n)} from ${name}`));
}

/** How a number is written: dollar sign, decimals, thousands commas, a percent sign or an ordinal's ending. */
export interface NumberShape {
  currency: boolean;
  percent: boolean;
  ordinal: boolean;
  decimals: number;
  grouping: boolean;
}

const SHAPE: NumberShape = { currency: false, percent: false, ordinal: false, decimals: 0, grouping: true };

/** The formats a marker or a table's row may name, as shapes (the number formats) or as writers of one type. */
export const FORMAT_SHAPES = {
  /** A count: 20608 → "20,608". */
  n: SHAPE,
  usd: { ...SHAPE, currency: true, decimals: 2 },
  pct: { ...SHAPE, percent: true, decimals: 1 },
  /** A ratio to one decimal: 4.65 → "4.7". */
  x: { ...SHAPE, decimals: 1 },
  ord: { ...SHAPE, ordinal: true },
} satisfies Record<string, NumberShape>;

export const FORMATS = ['n', 'usd', 'pct', 'x', 'ord', 'month', 'list', 'counts'] as const;
export type Format = (typeof FORMATS)[number];
export const isFormat = (name: string): name is Format => (FORMATS as readonly string[]).includes(name);

const groupThousands = (digits: string) => digits.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/**
 * A number in a shape. Dollars round to the cent as money does (half a cent up); other decimals as toFixed does.
 * @example writeNumber(-12.345, { ...FORMAT_SHAPES.pct }) // "-12.3%"
 */
export function writeNumber(value: number, shape: NumberShape): string {
  if (shape.ordinal) return ordinal(Math.round(value));
  const scale = 10 ** shape.decimals;
  const fixed = shape.currency
    ? (() => {
        const units = Math.round(Math.abs(value) * scale);
        const whole = String(Math.trunc(units / scale));
        return shape.decimals === 0 ? whole : `${whole}.${String(units % scale).padStart(shape.decimals, '0')}`;
      })()
    : Math.abs(value).toFixed(shape.decimals);
  const digits = shape.grouping ? groupThousands(fixed) : fixed;
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${shape.currency ? '$' : ''}${digits}${shape.percent ? '%' : ''}`;
}

const NUMBER = /^(-)?(\$)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%|st|nd|rd|th)?$/;

/**
 * The shape of a figure as written, or null when it is not a number: "$1,406.25" has a dollar sign and two
 * decimals, "2024" no commas (four digits written without them keep none), "3rd" is a rank.
 * @example shapeOf('75.9%') // { percent: true, decimals: 1, … }
 */
export function shapeOf(written: string): NumberShape | null {
  const match = NUMBER.exec(written);
  if (!match) return null;
  const [, , currency, whole, decimals = '', ending] = match;
  return {
    currency: currency === '$',
    percent: ending === '%',
    ordinal: ending !== undefined && ending !== '%',
    decimals: decimals.length,
    grouping: whole.includes(',') || whole.length < 4,
  };
}

/** The shape of a number written as it is: a whole number with commas, a fraction with the decimals it has. */
function naturalShape(value: number): NumberShape {
  return { ...SHAPE, decimals: Number.isInteger(value) ? 0 : (String(value).split('.')[1]?.length ?? 0) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_WRITTEN = /^[A-Z][a-z]+ \d{4}$/;

type Kind = 'number' | 'string' | 'array' | 'object';
const kindOf = (value: unknown): Kind | null =>
  typeof value === 'number' || typeof value === 'string'
    ? (typeof value as Kind)
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object' && value !== null
        ? 'object'
        : null;

/** Which kind of value each format writes. */
const FORMAT_KIND: Record<Format, Kind> = {
  n: 'number',
  usd: 'number',
  pct: 'number',
  x: 'number',
  ord: 'number',
  month: 'string',
  list: 'array',
  counts: 'object',
};

/**
 * A value as an article writes it: in the `format` named, else in the shape of `shown` (what the article says now),
 * else as it is (a number with commas, names as prose).
 * @throws when the format does not write values of that kind (a name as dollars), or the value is neither a
 *   number, a text, a list of names nor counts by name
 * @example writeValue(14902, undefined, '14,859') // "14,902"
 * @example writeValue('2025-11-20', undefined, 'October 2025') // "November 2025"
 */
export function writeValue(value: unknown, format?: Format, shown = ''): string {
  const kind = kindOf(value);
  if (kind === null) throw new Error(`${JSON.stringify(value)} is not a figure`);
  if (format !== undefined && FORMAT_KIND[format] !== kind) throw new Error(`${JSON.stringify(value)} cannot be written as "${format}"`);
  if (kind === 'number') {
    const shape = format ? FORMAT_SHAPES[format as keyof typeof FORMAT_SHAPES] : (shapeOf(shown) ?? naturalShape(value as number));
    return writeNumber(value as number, shape);
  }
  if (kind === 'string') {
    const asMonth = format === 'month' || (format === undefined && ISO_DATE.test(value as string) && MONTH_WRITTEN.test(shown));
    return asMonth ? month(value as string) : (value as string);
  }
  if (kind === 'array') {
    if (!(value as unknown[]).every((item) => typeof item === 'string')) throw new Error(`${JSON.stringify(value)} is a list of more than names`);
    return listText(value as string[]);
  }
  if (!Object.values(value as object).every((n) => typeof n === 'number')) throw new Error(`${JSON.stringify(value)} is not counts by name`);
  return countsText(value as Record<string, number>);
}
