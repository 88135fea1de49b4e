import { roundTenths } from '../../catalogue/money.ts';

/**
 * Scales and line paths shared by the sparklines and the price charts. Pure and deterministic: every
 * coordinate is rounded to one decimal and printed the same way, so the same values always give the same
 * bytes (the build must be byte-identical for the same content).
 */
/** A point in SVG user units. */
export interface Point {
  x: number;
  y: number;
}

/** The rectangle the line is drawn in, in SVG user units (y grows downwards). */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The plot box of a chart `width` × `height` drawn `inset` in from every side.
 * @throws RangeError naming `chart` when a side is not a number above twice the inset
 * @example insetBox('sparklineSvg', 80, 24, 2) // { left: 2, top: 2, width: 76, height: 20 }
 */
export function insetBox(chart: string, width: number, height: number, inset: number): PlotBox {
  for (const [name, size] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isFinite(size) || size <= 2 * inset) throw new RangeError(`${chart}: ${name} must be a number above ${2 * inset}, got ${size}`);
  }
  return { left: inset, top: inset, width: width - 2 * inset, height: height - 2 * inset };
}

/** The smallest and largest known value of a series, and how many values are known. */
export interface Extent {
  min: number;
  max: number;
  count: number;
}

/** A value the chart can draw: a finite number. `null`, NaN and ±Infinity are unknown days (gaps). */
export function isKnown(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** How many values of the series are known (finite numbers). */
export function knownCount(values: readonly (number | null)[]): number {
  let count = 0;
  for (const v of values) if (isKnown(v)) count++;
  return count;
}

/** The extent of the known values, or `null` when none is known. */
export function extentOf(values: readonly (number | null)[]): Extent | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const v of values) {
    if (!isKnown(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    count++;
  }
  return count === 0 ? null : { min, max, count };
}

/** A coordinate rounded to one decimal, as SVG text: `12.3`, `40`, never `-0` or an exponent. */
export function coord(n: number): string {
  return String(roundTenths(n));
}

/**
 * The points of a series in the box: index i of n at the i-th of n evenly spaced x positions (left edge to
 * right edge; a lone value in the middle), value v at the height of v between `min` (bottom) and `max` (top).
 * A flat series (min = max) is drawn across the middle. Unknown values give `null`.
 */
export function plotPoints(values: readonly (number | null)[], box: PlotBox, domain: { min: number; max: number }): (Point | null)[] {
  const n = values.length;
  const span = domain.max - domain.min;
  return values.map((v, i) => {
    if (!isKnown(v)) return null;
    const x = n === 1 ? box.left + box.width / 2 : box.left + (i * box.width) / (n - 1);
    const y = span > 0 ? box.top + box.height - ((v - domain.min) / span) * box.height : box.top + box.height / 2;
    return { x, y };
  });
}

/** The runs of consecutive known points: each run is one stretch of line, an unknown value breaks the line. */
export function segmentsOf(points: readonly (Point | null)[]): Point[][] {
  const segments: Point[][] = [];
  let current: Point[] = [];
  for (const p of points) {
    if (p) current.push(p);
    else if (current.length > 0) {
      segments.push(current);
      current = [];
    }
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

/**
 * The SVG path data of the segments: each segment starts with `M` and goes on with `L`, so there is exactly one
 * `M`/`L` command per known value and one `M` per stretch of line. A segment of a single point (a known day between
 * two unknown ones) gets a zero-length `h0`, which a round line cap draws as a dot.
 *
 * @example pathData([[{ x: 0, y: 10 }, { x: 5, y: 2.25 }], [{ x: 15, y: 4 }]]) // "M0 10L5 2.3M15 4h0"
 */
export function pathData(segments: readonly (readonly Point[])[]): string {
  let d = '';
  for (const segment of segments) {
    segment.forEach((p, i) => {
      d += `${i === 0 ? 'M' : 'L'}${coord(p.x)} ${coord(p.y)}`;
    });
    if (segment.length === 1) d += 'h0';
  }
  return d;
}

/** The path data of a series in a box, scaled to its own extent (or to `domain` when given); '' when nothing is known. */
export function seriesPath(values: readonly (number | null)[], box: PlotBox, domain?: { min: number; max: number }): string {
  const extent = domain ?? extentOf(values);
  if (!extent) return '';
  return pathData(segmentsOf(plotPoints(values, box, extent)));
}
