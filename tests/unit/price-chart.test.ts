import { describe, expect, it } from 'vitest';
import { coord, pathData, plotPoints, segmentsOf } from '../../src/render/charts/geometry.ts';
import { downsample, NO_CHART_TEXT, priceChartHtml, priceChartModel, priceChartSvg } from '../../src/render/charts/price-chart.ts';

/** A 30-day card history from 2025-09-21 to 2025-10-20 with two unknown days. */
const THIRTY_DAYS = {
  start: '2025-09-21',
  end: '2025-10-20',
  market: Array.from({ length: 30 }, (_, i) => (i === 5 || i === 6 ? null : 310 + i * 1.5)) as (number | null)[],
};

/** The `M`/`L` commands of path data: one per drawn point. */
const commands = (d: string): string[] => d.match(/[ML][^MLh]*/g) ?? [];
const lineOf = (svg: string): string => /class="price-chart__line" d="([^"]*)"/.exec(svg)![1];

describe('priceChartModel', () => {
  it('draws one point per known value', () => {
    const model = priceChartModel(THIRTY_DAYS)!;
    expect(commands(model.line)).toHaveLength(28);
    expect(model.dots).toHaveLength(28);
  });

  it('breaks the line at unknown days into separate M segments instead of interpolating', () => {
    const model = priceChartModel({ start: '2025-01-01', end: '2025-01-08', market: [1, 2, null, 3, 4, null, null, 5] })!;
    expect(model.line.match(/M/g)).toHaveLength(3);
    expect(model.line.match(/L/g)).toHaveLength(2);
    expect(model.line).toMatch(/h0$/);
  });

  it('never draws an unknown day at zero: every point lies between the low and the high rule', () => {
    const model = priceChartModel({ start: '2025-01-01', end: '2025-01-05', market: [100, null, 120, null, 110] })!;
    const ys = commands(model.line).map((c) => Number(c.slice(1).split(' ')[1]));
    expect(Math.max(...ys)).toBe(194);
    expect(Math.min(...ys)).toBe(6);
  });

  it('labels the ends of the drawing, the low and high values and the change, and names the days of the first and last prices it gives', () => {
    const model = priceChartModel({ start: '2025-09-21', end: '2025-09-25', market: [null, 310, 305, 360, 352.1] })!;
    expect(model).toMatchObject({
      firstDate: '2025-09-21',
      lastDate: '2025-09-25',
      from: '2025-09-22',
      to: '2025-09-25',
      first: '$310.00',
      last: '$352.10',
      low: '$305.00',
      high: '$360.00',
      axisTop: '$360.00',
      axisBottom: '$305.00',
      change: '+13.6%',
      // No price on 09-21: "from" is the day of $310.00, the first price the summary gives.
      summary: 'Market price, 2025-09-22 to 2025-09-25: $310.00 to $352.10, +13.6%',
    });
  });

  it('writes a fall with a minus sign', () => {
    expect(priceChartModel({ start: '2025-01-01', end: '2025-01-02', market: [200, 150] })!.change).toBe('-25%');
  });

  it('gives a flat series room on the axis so the line sits in the middle', () => {
    const model = priceChartModel({ start: '2025-01-01', end: '2025-01-03', market: [50, 50, 50] })!;
    expect(model.axisTop).toBe('$55.00');
    expect(model.axisBottom).toBe('$45.00');
    expect(model.line).toBe('M6 100L300 100L594 100');
  });

  it('returns null when fewer than two values are known', () => {
    expect(priceChartModel({ start: '2025-01-01', end: '2025-01-01', market: [5] })).toBeNull();
    expect(priceChartModel({ start: '2025-01-01', end: '2025-01-03', market: [null, 5, null] })).toBeNull();
    expect(priceChartModel({ start: '2025-01-01', end: '2025-01-02', market: [null, null] })).toBeNull();
  });

  it('draws no dots on a long series', () => {
    const market = Array.from({ length: 400 }, (_, i) => 100 + (i % 7));
    expect(priceChartModel({ start: '2024-01-01', end: '2025-02-03', market })!.dots).toEqual([]);
  });

  it('draws every day of a 621-day sealed history', () => {
    const market = Array.from({ length: 621 }, (_, i) => (i % 10 === 3 ? null : 50 + i / 10));
    const model = priceChartModel({ start: '2024-02-09', end: '2025-10-21', market })!;
    expect(model.daysPerPoint).toBe(1);
    expect(commands(model.line)).toHaveLength(market.filter((v) => v !== null).length);
  });

  it('draws a history with weekly closes a week a point from its first week to its last day, the labels from every value', () => {
    // Weekly closes for four Sundays, then daily values from Monday 2025-07-28 to Wednesday 2025-08-13 (17 days).
    const weekly = { start: '2025-07-06', end: '2025-07-27', market: [10, null, 12, 13] };
    const market = Array.from({ length: 17 }, (_, i) => (i === 16 ? 99 : 20 + i));
    const model = priceChartModel({ start: '2025-07-28', end: '2025-08-13', market, weekly })!;
    expect(model.daysPerPoint).toBe(7);
    // 4 weeks before + 3 weeks of daily values (two whole, the last one closing at the end): 7 points, one unknown.
    expect(commands(model.line)).toHaveLength(6);
    expect(model).toMatchObject({ firstDate: '2025-07-06', lastDate: '2025-08-13', first: '$10.00', last: '$99.00', high: '$99.00', low: '$10.00' });
    expect(priceChartHtml({ start: '2025-07-28', end: '2025-08-13', market, weekly })).toContain('Drawn at one point per 7 days.');
  });

  it('rejects a size that cannot hold a plot', () => {
    expect(() => priceChartModel(THIRTY_DAYS, { width: 10 })).toThrow(RangeError);
  });
});

describe('downsample', () => {
  it('keeps a series no longer than maxPoints as it is', () => {
    expect(downsample([1, null, 3], 3)).toEqual({ values: [1, null, 3], daysPerPoint: 1 });
  });

  it('keeps the last known value of each bucket and a gap for a bucket with none', () => {
    expect(downsample([1, 2, null, null, null, null, 7], 3)).toEqual({ values: [2, null, 7], daysPerPoint: 3 });
    expect(downsample([1, 2, null, null, 5, null, 7], 3)).toEqual({ values: [2, 5, 7], daysPerPoint: 3 });
  });

  it('caps a huge history at maxPoints points while the labels still read every day', () => {
    const market = Array.from({ length: 5000 }, (_, i) => 100 + i);
    market[4321] = 99_999;
    const model = priceChartModel({ start: '2012-01-01', end: '2025-09-09', market }, { maxPoints: 1000 })!;
    expect(model.daysPerPoint).toBe(5);
    expect(commands(model.line)).toHaveLength(1000);
    expect(model.high).toBe('$99,999.00');
    expect(model.last).toBe('$5,099.00');
  });
});

describe('geometry', () => {
  it('rounds coordinates to one decimal and never prints -0', () => {
    expect(coord(12.345)).toBe('12.3');
    expect(coord(40)).toBe('40');
    expect(coord(-0.01)).toBe('0');
  });

  it('spreads the days evenly across the box and puts the low at the bottom', () => {
    const points = plotPoints([0, null, 10], { left: 0, top: 0, width: 100, height: 50 }, { min: 0, max: 10 });
    expect(points).toEqual([{ x: 0, y: 50 }, null, { x: 100, y: 0 }]);
    expect(pathData(segmentsOf(points))).toBe('M0 50h0M100 0h0');
  });
});

describe('priceChartSvg', () => {
  const svg = priceChartSvg(priceChartModel(THIRTY_DAYS)!);

  it('is an img named by the summary, with a matching title', () => {
    const summary = 'Market price, 2025-09-21 to 2025-10-20: $310.00 to $353.50, +14%';
    expect(svg).toContain(`role="img" aria-label="${summary}"`);
    expect(svg).toContain(`<title>${summary}</title>`);
  });

  it('has a viewBox and width/height so the page reserves its space', () => {
    expect(svg).toContain('width="600" height="200" viewBox="0 0 600 200"');
  });

  it('uses presentation attributes and classes, never inline styles (the CSP forbids them)', () => {
    expect(svg).not.toMatch(/style/i);
    expect(svg).toContain('class="price-chart__line"');
    expect(svg).toContain('stroke="#1d4ed8"');
  });

  it('escapes the label in the name and the title', () => {
    const named = priceChartSvg(priceChartModel(THIRTY_DAYS, { label: `Farfetch'd <"ex"> & co` })!);
    expect(named).toContain('aria-label="Farfetch&#39;d &lt;&quot;ex&quot;&gt; &amp; co, 2025-09-21');
    expect(named).toContain('<title>Farfetch&#39;d &lt;&quot;ex&quot;&gt; &amp; co, 2025-09-21');
    expect(named).not.toContain('<"ex">');
  });

  it('is deterministic: the same history gives the same bytes', () => {
    expect(priceChartSvg(priceChartModel(structuredClone(THIRTY_DAYS))!)).toBe(svg);
  });

  it('prints every coordinate with at most one decimal', () => {
    for (const n of lineOf(svg).match(/\d+(\.\d+)?/g)!) expect(n).toMatch(/^\d+(\.\d)?$/);
  });
});

describe('priceChartHtml', () => {
  it('wraps the drawing in a figure with the axis labels and a caption in words', () => {
    const html = priceChartHtml({ start: '2025-09-21', end: '2025-09-25', market: [null, 310, 305, 360, 352.1] });
    expect(html).toMatch(/^<figure class="price-chart">.*<\/figure>$/);
    expect(html).toContain('<div class="price-chart__y" aria-hidden="true"><span>$360.00</span><span>$305.00</span></div>');
    expect(html).toContain('<div class="price-chart__x" aria-hidden="true"><span>2025-09-21</span><span>2025-09-25</span></div>');
    expect(html).toContain(
      '<figcaption><time datetime="2025-09-22">2025-09-22</time> to <time datetime="2025-09-25">2025-09-25</time>: $310.00 → $352.10 (+13.6%). Low $305.00, high $360.00.</figcaption>',
    );
  });

  it('says so in a sentence instead of drawing a chart when fewer than two values are known', () => {
    const html = priceChartHtml({ start: '2025-01-01', end: '2025-01-03', market: [null, 5, null] });
    expect(html).toBe(`<p class="price-chart-empty muted">${NO_CHART_TEXT}</p>`);
    expect(html).not.toContain('<svg');
  });

  it('says how many days each point stands for when it downsampled', () => {
    const html = priceChartHtml({ start: '2020-01-01', end: '2020-01-10', market: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, { maxPoints: 5 });
    expect(html).toContain('Drawn at one point per 2 days.');
  });
});
