import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * A list's total over time (`series`, issue 34) over HTTP, on the fixture build (prices as of 2025-10-20, the
 * first history from 2025-09-21): Base Set Charizard daily from 10-18, Charizard-EX daily from 09-21, the
 * Evolving Skies Elite Trainer Box weekly closes from Sunday 09-28 (the one of 10-05 without a price) and daily
 * from 10-13. Run against the function alone, through nginx and through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get, url } = useContractTarget(dist);

const LIST = '2x base1-4\nfix1-107\n242437\nzzqx not a card';
const listUrl = (series: string, extra = '') => `/api/collection?list=${encodeURIComponent(LIST)}&series=${series}${extra}`;
const valued = async (series: string) => {
  const res = await get(listUrl(series));
  expect(res.status).toBe(200);
  const body = await res.json();
  assertMatches('collection.json', body, `the list with its ${series} series`);
  return body;
};

describe('/api/collection?series=', () => {
  it('gives a point a day over 30 days, the last one today’s total, with the lines that had a price each day', async () => {
    const body = await valued('30d');
    expect(body.series).toMatchObject({ window: '30d', from: '2025-09-21', to: '2025-10-20', dailyFrom: '2025-09-21' });
    expect(body.series.points).toHaveLength(30);
    expect(body.series.points.at(-1)).toEqual({ date: '2025-10-20', totalUsd: body.totalUsd, valuedLines: 3 });
    expect(body.totalUsd).toBe(916.58 + 650 + 640);
    // Only Charizard-EX had a price on 09-21; on Sunday 10-05 the box's week had none.
    expect(body.series.points[0]).toEqual({ date: '2025-09-21', totalUsd: 500, valuedLines: 1 });
    expect(body.series.points.find((p: { date: string }) => p.date === '2025-10-05')).toEqual({ date: '2025-10-05', totalUsd: 610, valuedLines: 1 });
    expect(body.series.points.find((p: { date: string }) => p.date === '2025-10-12')).toEqual({ date: '2025-10-12', totalUsd: 685 + 600, valuedLines: 2 });
  });

  it('gives a point a week before the last 90 to 96 days of a two-year window, and no total where no history reaches', async () => {
    const { series } = await valued('2y');
    expect(series).toMatchObject({ window: '2y', from: '2023-10-22', dailyFrom: '2025-07-21', to: '2025-10-20' });
    expect(series.points).toHaveLength(92 + 92);
    expect(series.points[0]).toEqual({ date: '2023-10-22', totalUsd: null, valuedLines: 0 });
    expect(series.points[91].date).toBe('2025-07-20');
    expect(series.points[92].date).toBe('2025-07-21');
    expect(series.points.at(-1).totalUsd).toBe(916.58 + 650 + 640);
  });

  it('ends at today’s total for a printing priced without a history: its own price on the prices’ date, no other printing’s before', async () => {
    // The Shadowless Holofoil of Base Set Charizard: $1,997.59 on 2025-10-20, no history; its card's value printing has one.
    const res = await get(`/api/collection?list=${encodeURIComponent('base1-4 shadowless')}&series=30d`);
    const body = await res.json();
    expect(body.totalUsd).toBe(1997.59);
    expect(body.series.points.at(-1)).toEqual({ date: '2025-10-20', totalUsd: 1997.59, valuedLines: 1 });
    expect(body.series.points.slice(0, -1).every((p: { totalUsd: number | null }) => p.totalUsd === null)).toBe(true);
  });

  it('gives the series in Markdown and as rows after the total in CSV', async () => {
    const markdown = await (await get(listUrl('30d'), { Accept: 'text/markdown' })).text();
    expect(markdown).toContain('## Total over time (30d)');
    expect(markdown).toMatch(/\| 2025-10-20 \| +\$2,206\.58 \| +3 \|/);
    expect(markdown).toMatch(/\| 2025-09-21 \| +\$500\.00 \| +1 \|/);
    const rows = parse(await (await get(listUrl('30d', '&format=csv'))).text(), { columns: true }) as Record<string, string>[];
    const series = rows.filter((r) => r.status === 'series');
    expect(series).toHaveLength(30);
    expect(series.at(-1)).toMatchObject({ text: '2025-10-20', lineValueUsd: '2206.58', note: '3 of 4 lines had a price' });
    expect(rows.findIndex((r) => r.status === 'total')).toBe(rows.indexOf(series[0]) - 1);
  });

  it('refuses a window it does not know with a 400 naming series', async () => {
    const problem = await problemOf(await get(listUrl('3y')), 400);
    expect(problem).toMatchObject({ parameter: 'series', allowed: ['30d', '90d', '1y', '2y'] });
  });

  it('draws the total on the page with the price chart, and keeps the window in the share link', async () => {
    const res = await get(`/collection?list=${encodeURIComponent(LIST)}&series=30d`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h3 id="over-time">Total over time (30d)</h3><figure class="price-chart">');
    expect(html).toContain('<option value="30d" selected>30 days</option>');
    expect(html).toContain(`<a href="/collection?list=${encodeURIComponent(LIST)}&amp;series=30d">Link to this valuation</a>`);
    expect(html).toContain('Lines with a price: 1 of 4 on 2025-09-21, 3 on 2025-10-20.');
  });

  it('sums the total up from the first day a line had a price, not from the start of a window no history reaches', async () => {
    // The 90-day window starts 2025-07-23; the first price of any line is Charizard-EX's $500 on 2025-09-21.
    const html = await (await get(`/collection?list=${encodeURIComponent(LIST)}&series=90d`)).text();
    expect(html).toContain('<figcaption><time datetime="2025-09-21">2025-09-21</time> to <time datetime="2025-10-20">2025-10-20</time>: $500.00 → $2,206.58');
    expect(html).toContain('aria-label="Total value, 2025-09-21 to 2025-10-20: $500.00 to $2,206.58');
  });
});

describe('value_collection with series, over MCP', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'series-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url())));
  });
  afterAll(() => client?.close());

  it('gives the series as /api/collection does', async () => {
    const result = await client.callTool({ name: 'value_collection', arguments: { list: LIST, series: '90d' } });
    expect(result.structuredContent).toEqual(await valued('90d'));
  });
});
