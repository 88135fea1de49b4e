import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * A list valued as of a date (`asOf`, issue 34) over HTTP, on the fixture build (prices as of 2025-10-20): each
 * line at its item's price in the week ending that day, read from the build's history store by the list worker.
 * The fixture's histories: Base Set Charizard daily 2025-10-18 to 10-20 ($450, none, $458.29); Charizard-EX daily
 * from 2025-09-21 (the first day any history reaches); the Evolving Skies Booster Box daily from 10-14; its Elite
 * Trainer Box weekly closes on Sundays 09-28 ($575), 10-05 (none) and 10-12 ($600), then daily from 10-13
 * ($610, $600, $590, none, …). Run against the function alone, through nginx and through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get, send, url } = useContractTarget(dist);

const listUrl = (list: string, asOf: string, extra = '') => `/api/collection?list=${encodeURIComponent(list)}&asOf=${asOf}${extra}`;
const valued = async (list: string, asOf: string) => {
  const res = await get(listUrl(list, asOf));
  expect(res.status).toBe(200);
  const body = await res.json();
  assertMatches('collection.json', body, `the list valued as of ${asOf}`);
  return body;
};

describe('/api/collection?asOf=', () => {
  it('values each line at its price on a day of the daily part, stating the date of each price', async () => {
    const body = await valued('2x base1-4\nfix1-107\nevolving skies booster box', '2025-10-19');
    expect(body).toMatchObject({ pricesAsOf: '2025-10-20', asOf: '2025-10-19', quantity: 4 });
    // Charizard had no price on the 19th: the 18th's is the last known in the week ending that day.
    expect(body.entries[0]).toMatchObject({ card: { id: 'base1-4' }, unitValueUsd: 450, lineValueUsd: 900, priceDate: '2025-10-18' });
    expect(body.entries[1]).toMatchObject({ card: { id: 'fix1-107' }, unitValueUsd: 660, priceDate: '2025-10-19' });
    expect(body.entries[2]).toMatchObject({ sealed: { productId: 242436 }, unitValueUsd: 2500, priceDate: '2025-10-19' });
    expect(body.totalUsd).toBe(900 + 660 + 2500);
  });

  it('gives a line valued at its item’s latest price the confidence it has today, and none to a price of another day', async () => {
    const today = await (await get(`/api/collection?list=${encodeURIComponent('2x base1-4')}`)).json();
    expect(today.entries[0].confidence).toBeDefined();
    const then = await valued('2x base1-4', '2025-10-20');
    expect(then.entries[0]).toMatchObject({ unitValueUsd: 458.29, priceDate: '2025-10-20', confidence: today.entries[0].confidence });
    const before = await valued('2x base1-4', '2025-10-19');
    expect(before.entries[0]).toMatchObject({ unitValueUsd: 450, priceDate: '2025-10-18' });
    expect(before.entries[0].confidence).toBeUndefined();
  });

  it('values a named printing with no history at its own price on the prices’ date, as without asOf, and at no other printing’s before it', async () => {
    // The Shadowless Holofoil is priced ($1,997.59 on 2025-10-20) and has no history; the Unlimited Holofoil, the
    // card's value printing, has one ($450 on 10-18, $458.29 on 10-20).
    const today = await (await get(`/api/collection?list=${encodeURIComponent('base1-4 shadowless')}`)).json();
    expect(today.entries[0]).toMatchObject({ status: 'matched', card: { printing: { label: 'Shadowless Holofoil' } }, unitValueUsd: 1997.59 });
    const sameDay = await valued('base1-4 shadowless', '2025-10-20');
    expect(sameDay.entries[0]).toMatchObject({ status: 'matched', unitValueUsd: 1997.59, priceDate: '2025-10-20' });
    expect(sameDay.totalUsd).toBe(today.totalUsd);
    expect(sameDay.entries[0].note ?? '').not.toMatch(/valued at the card/);
    const dayBefore = await valued('base1-4 shadowless', '2025-10-19');
    expect(dayBefore.entries[0]).toMatchObject({ status: 'unpriced', unitValueUsd: null, priceDate: null });
    expect(dayBefore.entries[0].note).toBe(
      'The Shadowless Holofoil printing: no price was known before 2025-10-20, when it was recorded; not counted in the total.',
    );
    expect(dayBefore.totalUsd).toBe(0);
  });

  it('values a line at the weekly close of the week ending on the Sunday before a day in the weekly part', async () => {
    const friday = await valued('242437', '2025-10-03');
    expect(friday.entries[0]).toMatchObject({ sealed: { productId: 242437 }, status: 'matched', unitValueUsd: 575, priceDate: '2025-09-28' });
    const sunday = await valued('242437', '2025-10-12');
    expect(sunday.entries[0]).toMatchObject({ unitValueUsd: 600, priceDate: '2025-10-12' });
    const daily = await valued('242437', '2025-10-16');
    expect(daily.entries[0]).toMatchObject({ unitValueUsd: 590, priceDate: '2025-10-15' });
  });

  it('counts a line whose item had no price that day apart, as unpriced with the reason, never as zero in the total', async () => {
    const body = await valued('242437\nfix1-107\n3x base1-4', '2025-10-08');
    expect(body.entries[0]).toMatchObject({ status: 'unpriced', unitValueUsd: null, lineValueUsd: null, priceDate: null });
    expect(body.entries[0].note).toBe('No price was known in the week ending 2025-10-08; not counted in the total.');
    expect(body.entries[2]).toMatchObject({ status: 'unpriced', lineValueUsd: null, priceDate: null });
    expect(body.entries[2].note).toMatch(/^No price was known before 2025-10-18, where its history starts/);
    expect(body.entries[1]).toMatchObject({ status: 'matched', unitValueUsd: 640, priceDate: '2025-10-08' });
    expect(body.counts).toEqual({ matched: 1, ambiguous: 0, 'not-found': 0, unpriced: 2 });
    expect(body.totalUsd).toBe(640);
  });

  it('values a graded line at its figure from the day the figure was recorded, as without asOf', async () => {
    // Base Set Charizard's PSA 10 figure, $9,000, was recorded 2025-02-27, before the first day a list may be valued as of.
    const today = await (await get(`/api/collection?list=${encodeURIComponent('charizard 4/102 psa 10')}`)).json();
    const body = await valued('charizard 4/102 psa 10', '2025-10-08');
    expect(body.entries[0]).toMatchObject({
      status: 'matched',
      grade: { company: 'PSA', grade: '10', valueUsd: 9000 },
      unitValueUsd: 9000,
      priceDate: '2025-02-27',
    });
    expect(body.totalUsd).toBe(today.totalUsd);
  });

  it('values a POSTed list as of a date as the GET does, at the cost of its lines', async () => {
    const list = '2x base1-4\nfix1-107';
    const posted = await send('/api/collection?asOf=2025-10-19', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: list });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('request-cost')).toBe('1');
    expect(await posted.json()).toEqual(await valued(list, '2025-10-19'));
  });

  it('says the date in Markdown and gives each price’s date in Markdown and CSV', async () => {
    const markdown = await (await get(listUrl('2x base1-4\n242437', '2025-10-08'), { Accept: 'text/markdown' })).text();
    expect(markdown).toContain('# Collection value as of 2025-10-08');
    expect(markdown).toContain('unpriced 2 (no price then: not in the total)');
    expect(markdown).toMatch(/\| Line \| Qty \| Item .*\| Price of \|/);
    const csv = await (await get(listUrl('2x base1-4\nfix1-107', '2025-10-19', '&format=csv'))).text();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ id: 'base1-4', unitValueUsd: '450', lineValueUsd: '900', priceDate: '2025-10-18' });
    expect(rows.at(-1)).toMatchObject({ status: 'total', lineValueUsd: '1560', note: 'valued as of 2025-10-19', priceDate: '2025-10-19' });
  });

  it.each([
    ['before every price history', '2025-09-20', /before every price history, which start 2025-09-21/],
    ['after the prices’ date', '2025-10-21', /after the prices' date, 2025-10-20/],
    ['malformed', '2025-13-01', /YYYY-MM-DD/],
    ['not a date', 'last%20week', /YYYY-MM-DD/],
  ])('refuses a date %s with a 400 problem naming asOf and the days allowed', async (_, asOf, detail) => {
    const problem = await problemOf(await get(listUrl('base1-4', asOf)), 400);
    expect(problem).toMatchObject({ parameter: 'asOf', allowed: 'a date from 2025-09-21 to 2025-10-20, YYYY-MM-DD' });
    expect(problem.detail).toMatch(detail);
    const posted = await send(`/api/collection?asOf=${asOf}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'base1-4' });
    expect((await problemOf(posted, 400)).parameter).toBe('asOf');
  });
});

describe('/collection?asOf=, the page', () => {
  const page = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return res.text();
  };

  it('has a date field bounded by the days a list may be valued as of', async () => {
    expect(await page(await get('/collection'))).toContain('<input id="asOf" name="asOf" type="date" min="2025-09-21" max="2025-10-20" />');
  });

  it('values a shared link as of its date, dates each price, and keeps the date in its links and its form', async () => {
    const list = '2x base1-4\n3x charizard';
    const html = await page(await get(`/collection?list=${encodeURIComponent(list)}&asOf=2025-10-19`));
    expect(html).toContain('<h2 id="total">Total: $');
    expect(html).toMatch(/<h2 id="total">Total: \$[\d,.]+ on 2025-10-19<\/h2>/);
    expect(html).toContain('<td class="num">$450.00<br /><small class="muted">price of 2025-10-18</small></td>');
    expect(html).toContain('value="2025-10-19" />');
    expect(html).toContain(`<a href="/collection?list=${encodeURIComponent(list)}&amp;asOf=2025-10-19">Link to this valuation</a>`);
    expect(html).toContain(`<a href="/api/collection?list=${encodeURIComponent(list)}&amp;asOf=2025-10-19&amp;format=csv" download="collection.csv">`);
    // A picked alternative is the same list, as of the same day.
    expect(html).toContain(`<a href="/collection?list=${encodeURIComponent('2x base1-4\n3x fix1-107')}&amp;asOf=2025-10-19">`);
  });

  it('values a posted form as of its date field, and takes an empty date field (or window) as none', async () => {
    const form = new FormData();
    form.set('list', '2x base1-4');
    form.set('asOf', '2025-10-19');
    form.set('series', '');
    expect(await page(await send('/collection', { method: 'POST', body: form }))).toContain('<h2 id="total">Total: $900.00 on 2025-10-19</h2>');
    form.set('asOf', '');
    expect(await page(await send('/collection', { method: 'POST', body: form }))).toContain('<h2 id="total">Total: $916.58</h2>');
    form.set('asOf', '2025-10-21');
    expect((await problemOf(await send('/collection', { method: 'POST', body: form }), 400)).parameter).toBe('asOf');
  });
});

describe('value_collection with asOf, over MCP', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'as-of-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url())));
  });
  afterAll(() => client?.close());

  it('values a list as of a date as /api/collection does', async () => {
    const list = '2x base1-4\n242437';
    const result = await client.callTool({ name: 'value_collection', arguments: { list, asOf: '2025-10-08' } });
    expect(result.structuredContent).toEqual(await valued(list, '2025-10-08'));
    expect((result.content as { text: string }[])[0].text).toContain('# Collection value as of 2025-10-08');
  });

  it('answers a date outside the history with a tool error naming asOf', async () => {
    const result = await client.callTool({ name: 'value_collection', arguments: { list: 'base1-4', asOf: '2025-09-01' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(
      /asOf 2025-09-01 is before every price history.*Allowed: a date from 2025-09-21 to 2025-10-20/,
    );
  });
});
