/**
 * Sparklines: a small line of a price series for lists (set pages, search results). A pure function returning
 * markup, so the Node search function (which renders without Astro) and the Astro pages draw the same thing.
 */

import { escapeHtml } from '../html.ts';
import { coord, insetBox, knownCount, seriesPath } from './geometry.ts';

export interface SparklineOptions {
  /** The accessible name, e.g. "Market price, last 30 days: $310.00 to $352.10". Escaped here. */
  label: string;
  /** Width in CSS pixels (default 96). */
  width?: number;
  /** Height in CSS pixels (default 24). */
  height?: number;
}

export const SPARKLINE_WIDTH = 96;
export const SPARKLINE_HEIGHT = 24;
/** Inset of the line from the edges, so the 1.5-unit stroke and its round caps are not clipped. */
const INSET = 2;

/**
 * An inline `<svg>` drawing `values` as one stroked line (unknown values — `null`, NaN, ±Infinity — break the
 * line instead of dropping to 0), scaled to the series' own minimum and maximum; `''` when fewer than two values
 * are known. The stroke is `currentColor`, so the line takes the colour of the surrounding text; the element has
 * the class `sparkline` for styling in public/styles.css (no inline styles: the CSP forbids them).
 *
 * @example sparklineSvg([1, 2, null, 3], { label: 'Market price' })
 * // '<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" width="96" height="24" viewBox="0 0 96 24" role="img" aria-label="Market price"><path …/></svg>'
 * @throws RangeError when width or height is not a positive finite number, or too small to draw in.
 */
export function sparklineSvg(values: readonly (number | null)[], options: { label: string; width?: number; height?: number }): string {
  const width = options.width ?? SPARKLINE_WIDTH;
  const height = options.height ?? SPARKLINE_HEIGHT;
  const box = insetBox('sparklineSvg', width, height, INSET);
  if (knownCount(values) < 2) return '';
  const d = seriesPath(values, box);
  const w = coord(width);
  const h = coord(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="sparkline" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeHtml(options.label)}">` +
    `<path d="${d}" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round"/></svg>`
  );
}
