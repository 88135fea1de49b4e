import { describe, expect, it } from 'vitest';
import { sparklineSvg } from '../../src/render/charts/sparkline.ts';

/** The `d` attribute of the (only) path of an SVG string. */
function pathOf(svg: string): string {
  const match = /<path d="([^"]*)"/.exec(svg);
  if (!match) throw new Error(`no path in ${svg}`);
  return match[1];
}

/** The `M`/`L` commands of path data: one per drawn point. */
function commands(d: string): string[] {
  return d.match(/[ML][^MLh]*/g) ?? [];
}

describe('sparklineSvg', () => {
  it('returns an svg with role img, the label as aria-label and the default 96x24 size', () => {
    const svg = sparklineSvg([1, 2, 3], { label: 'Market price' });
    expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Market price"');
    expect(svg).toContain('width="96" height="24" viewBox="0 0 96 24"');
    expect(svg).toContain('class="sparkline"');
  });

  it('draws a stroke only, in currentColor, without inline styles', () => {
    const svg = sparklineSvg([1, 2, 3], { label: 'x' });
    expect(svg).toContain('fill="none"');
    expect(svg).toContain('stroke="currentColor"');
    expect(svg).not.toMatch(/style/);
  });

  it('escapes the label', () => {
    const svg = sparklineSvg([1, 2], { label: `Farfetch'd & <"V"> ex` });
    expect(svg).toContain('aria-label="Farfetch&#39;d &amp; &lt;&quot;V&quot;&gt; ex"');
  });

  it('returns an empty string when fewer than two values are known', () => {
    expect(sparklineSvg([], { label: 'x' })).toBe('');
    expect(sparklineSvg([5], { label: 'x' })).toBe('');
    expect(sparklineSvg([null, 5, null], { label: 'x' })).toBe('');
    expect(sparklineSvg([null, null], { label: 'x' })).toBe('');
    expect(sparklineSvg([Number.NaN, 4, Number.POSITIVE_INFINITY], { label: 'x' })).toBe('');
  });

  it('draws one point per known value', () => {
    const values = [3, null, 4, 5, null, null, 6, 7, 8];
    expect(commands(pathOf(sparklineSvg(values, { label: 'x' })))).toHaveLength(6);
  });

  it('breaks the line at unknown values: one M per run of known values', () => {
    const d = pathOf(sparklineSvg([3, 4, null, 5, 6, null, 7, 8], { label: 'x' }));
    expect(d.match(/M/g)).toHaveLength(3);
    expect(d.match(/L/g)).toHaveLength(3);
  });

  it('draws a lone known value between gaps as a dot rather than dropping it', () => {
    const d = pathOf(sparklineSvg([3, 4, null, 5, null, 6], { label: 'x' }));
    expect(d).toMatch(/M[\d.]+ [\d.]+h0/);
  });

  it('scales the lowest value to the bottom and the highest to the top, inside a 2px inset', () => {
    const d = pathOf(sparklineSvg([10, 30, 20], { label: 'x', width: 100, height: 20 }));
    expect(d).toBe('M2 18L50 2L98 10');
  });

  it('draws a flat series across the middle', () => {
    expect(pathOf(sparklineSvg([7, 7, 7], { label: 'x', width: 50, height: 10 }))).toBe('M2 5L25 5L48 5');
  });

  it('keeps the x position of each day, so gaps keep their width', () => {
    const d = pathOf(sparklineSvg([1, null, null, null, 2], { label: 'x', width: 104, height: 24 }));
    expect(d).toBe('M2 22h0M102 2h0');
  });

  it('rounds coordinates to one decimal', () => {
    const d = pathOf(sparklineSvg([1, 2, 1.5, 3], { label: 'x' }));
    for (const n of d.match(/-?\d+(\.\d+)?/g) ?? []) expect(n).toMatch(/^-?\d+(\.\d)?$/);
  });

  it('honours a custom width and height', () => {
    expect(sparklineSvg([1, 2], { label: 'x', width: 120, height: 30 })).toContain('width="120" height="30" viewBox="0 0 120 30"');
  });

  it('rejects a width or height that cannot hold a line', () => {
    expect(() => sparklineSvg([1, 2], { label: 'x', width: 0 })).toThrow(RangeError);
    expect(() => sparklineSvg([1, 2], { label: 'x', height: Number.NaN })).toThrow(RangeError);
  });

  it('is deterministic: the same input gives the same string', () => {
    const values = [310, 312.25, null, 333.333, 352.1];
    expect(sparklineSvg(values, { label: 'a' })).toBe(sparklineSvg([...values], { label: 'a' }));
  });
});
