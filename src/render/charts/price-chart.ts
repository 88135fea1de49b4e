/**
 * The price chart of a card or sealed page: a daily series drawn at build time as an inline SVG line inside an
 * HTML `<figure>`, with the dates and dollar figures as HTML text around it (readable at any width, since SVG
 * text would shrink with the drawing on a phone). Pure: the Astro component only inserts the string.
 *
 * No inline styles (the CSP allows styles from 'self' only): colours and widths are SVG presentation attributes,
 * layout is in public/styles.css under `.price-chart`. Deterministic: coordinates are rounded to one decimal.
 */
import { formatUsd, signedPct } from '../../catalogue/format.ts';
import { evenlySpaced, historyChange, historySpan, type PriceSeries } from '../../catalogue/price-history.ts';
import { escapeHtml } from '../html.ts';
import { coord, extentOf, insetBox, isKnown, type Point, pathData, plotPoints, segmentsOf } from './geometry.ts';

export interface PriceChartOptions {
  /** What the series is, first words of the summary (default "Market price"). */
  label?: string;
  /** Width and height of the drawing in SVG user units (default 600×200); the page scales it to its column. */
  width?: number;
  height?: number;
  /**
   * The most points drawn (default 1000). A longer series is downsampled: consecutive days are grouped into
   * ceil(days / maxPoints) day buckets and each bucket is drawn at the last known value in it (a bucket with no
   * known value is a gap). The labels (first, last, low, high, change) always come from every day.
   */
  maxPoints?: number;
  /** Draw a dot on every point when the drawn series has at most this many values (default 62: two months). */
  maxDots?: number;
}

/** What the chart shows, as numbers and as the text of its labels. */
export interface PriceChartModel {
  width: number;
  height: number;
  /** The path data of the line: one `M` per unbroken run of known values, one `M`/`L` per drawn point. */
  line: string;
  /** The path data of the two horizontal rules, at the top (high) and bottom (low) of the plot. */
  grid: string;
  /** The dots, one per drawn point, or none when there are more than `maxDots` values. */
  dots: Point[];
  /** Days per drawn point: 1 unless the series was downsampled or has weekly closes (then 7 or more). */
  daysPerPoint: number;
  /** The y-axis labels: the values at the top and the bottom rule. */
  axisTop: string;
  axisBottom: string;
  /** The ends of the drawing: the history's first and last days. */
  firstDate: string;
  lastDate: string;
  /** The days of the first and last known prices, which the caption and the summary name with them. */
  from: string;
  to: string;
  /** The first and last known prices, the lowest and highest, and the change from first to last ("+13.6%"). */
  first: string;
  last: string;
  low: string;
  high: string;
  change: string;
  /** The accessible name of the drawing, e.g. "Market price, 2025-09-21 to 2025-10-20: $310.00 to $352.10, +13.6%". */
  summary: string;
}

export const PRICE_CHART_WIDTH = 600;
export const PRICE_CHART_HEIGHT = 200;
const DEFAULT_MAX_POINTS = 1000;
const DEFAULT_MAX_DOTS = 62;
/** Inset of the plot inside the drawing, so the dots and the round line caps are not clipped. */
const INSET = 6;
const DOT_RADIUS = 3;
/** Blue-700: 6.7:1 against the white page, over the 3:1 WCAG asks of graphics. */
const LINE_COLOUR = '#1d4ed8';
const GRID_COLOUR = '#c8c8c8';
/** What a page says instead of the chart when there are not two known prices to draw a line between. */
export const NO_CHART_TEXT = 'Not enough price history for a chart yet.';

/**
 * The series with at most `maxPoints` values: unchanged when it is short enough, otherwise one value per bucket of
 * ceil(length / maxPoints) consecutive days, the last known value of the bucket (null when it has none).
 */
export function downsample(values: readonly (number | null)[], maxPoints: number): { values: (number | null)[]; daysPerPoint: number } {
  if (!Number.isInteger(maxPoints) || maxPoints < 2) throw new RangeError(`downsample: maxPoints must be an integer of at least 2, got ${maxPoints}`);
  if (values.length <= maxPoints) return { values: values.map((v) => (isKnown(v) ? v : null)), daysPerPoint: 1 };
  const daysPerPoint = Math.ceil(values.length / maxPoints);
  const sampled: (number | null)[] = [];
  for (let from = 0; from < values.length; from += daysPerPoint) {
    let last: number | null = null;
    for (const v of values.slice(from, from + daysPerPoint)) if (isKnown(v)) last = v;
    sampled.push(last);
  }
  return { values: sampled, daysPerPoint };
}

/**
 * The chart of a daily series, or `null` when fewer than two of its values are known (no line to draw).
 * The y axis runs from the lowest to the highest known value; a flat series gets 10% of room either way
 * (0 to 1 dollar for a series of zeros), so its line sits in the middle between two distinct labels.
 */
export function priceChartModel(history: PriceSeries, options: PriceChartOptions = {}): PriceChartModel | null {
  const width = options.width ?? PRICE_CHART_WIDTH;
  const height = options.height ?? PRICE_CHART_HEIGHT;
  const box = insetBox('priceChartModel', width, height, INSET);
  // The labels come from every known value; a history with weekly closes is drawn a week a point throughout.
  const span = historySpan(history);
  const known = span.market.map((v) => (isKnown(v) ? v : null));
  const change = historyChange(history);
  const extent = extentOf(known);
  if (!change || !extent) return null;

  const spaced = evenlySpaced(history);
  const { values, daysPerPoint: perValue } = downsample(spaced.values, options.maxPoints ?? DEFAULT_MAX_POINTS);
  const daysPerPoint = spaced.daysPerValue * perValue;
  const domain = extent.max > extent.min ? extent : flatDomain(extent.min);
  const points = plotPoints(values, box, domain);
  const drawn = points.filter((p): p is Point => p !== null);
  const bottom = box.top + box.height;
  const label = options.label ?? 'Market price';
  const [first, last, low, high] = [change.first.usd, change.last.usd, extent.min, extent.max].map(formatUsd);
  const changeText = signedPct(change.changePct);
  return {
    width,
    height,
    line: pathData(segmentsOf(points)),
    grid: `M0 ${coord(box.top)}H${coord(width)}M0 ${coord(bottom)}H${coord(width)}`,
    dots: values.length <= (options.maxDots ?? DEFAULT_MAX_DOTS) ? drawn : [],
    daysPerPoint,
    axisTop: formatUsd(domain.max),
    axisBottom: formatUsd(domain.min),
    firstDate: span.from,
    lastDate: span.to,
    from: change.first.date,
    to: change.last.date,
    first,
    last,
    low,
    high,
    change: changeText,
    summary: `${label}, ${change.first.date} to ${change.last.date}: ${first} to ${last}, ${changeText}`,
  };
}

function flatDomain(value: number): { min: number; max: number } {
  if (value === 0) return { min: 0, max: 1 };
  const room = Math.abs(value) * 0.1;
  return { min: Math.max(0, value - room), max: value + room };
}

/** The `<svg>` of a chart: the two rules, the line, the dots; `role="img"` named by the summary. */
export function priceChartSvg(model: PriceChartModel): string {
  const w = coord(model.width);
  const h = coord(model.height);
  const summary = escapeHtml(model.summary);
  const dots =
    model.dots.length === 0
      ? ''
      : `<g class="price-chart__dots" fill="${LINE_COLOUR}">${model.dots.map((p) => `<circle cx="${coord(p.x)}" cy="${coord(p.y)}" r="${DOT_RADIUS}"/>`).join('')}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="price-chart__svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${summary}">` +
    `<title>${summary}</title>` +
    `<path class="price-chart__grid" d="${model.grid}" fill="none" stroke="${GRID_COLOUR}" stroke-width="1" vector-effect="non-scaling-stroke"/>` +
    `<path class="price-chart__line" d="${model.line}" fill="none" stroke="${LINE_COLOUR}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" vector-effect="non-scaling-stroke"/>` +
    `${dots}</svg>`
  );
}

/**
 * The whole chart as HTML: a `<figure class="price-chart">` with the y-axis labels (high, low) beside the drawing,
 * the first and last date under it (both hidden from screen readers, which get the same figures from the
 * drawing's name and the caption), and a `<figcaption>` in words:
 * "2025-09-21 to 2025-10-20: $310.00 → $352.10 (+13.6%). Low $305.00, high $360.00."
 * When fewer than two values are known: `<p class="price-chart-empty">` with {@link NO_CHART_TEXT}.
 */
export function priceChartHtml(history: PriceSeries, options: PriceChartOptions = {}): string {
  const model = priceChartModel(history, options);
  if (!model) return `<p class="price-chart-empty muted">${escapeHtml(NO_CHART_TEXT)}</p>`;
  const esc = escapeHtml;
  const sampled = model.daysPerPoint > 1 ? ` Drawn at one point per ${model.daysPerPoint} days.` : '';
  return (
    `<figure class="price-chart">` +
    `<div class="price-chart__body">` +
    `<div class="price-chart__y" aria-hidden="true"><span>${esc(model.axisTop)}</span><span>${esc(model.axisBottom)}</span></div>` +
    priceChartSvg(model) +
    `<div class="price-chart__x" aria-hidden="true"><span>${esc(model.firstDate)}</span><span>${esc(model.lastDate)}</span></div>` +
    `</div>` +
    `<figcaption><time datetime="${esc(model.from)}">${esc(model.from)}</time> to <time datetime="${esc(model.to)}">${esc(model.to)}</time>: ` +
    `${esc(model.first)} → ${esc(model.last)} (${esc(model.change)}). Low ${esc(model.low)}, high ${esc(model.high)}.${sampled}</figcaption>` +
    `</figure>`
  );
}
