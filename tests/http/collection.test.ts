import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * /api/collection over HTTP, on the fixture build (Base Set Charizard $458.29 with a PSA 10 figure of $9,000,
 * Charizard-EX $650, the Evolving Skies products): a list valued line by line, as JSON, Markdown and CSV, from
 * a GET or a POST, with its limits. Run against the function alone, through nginx and
 * through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get, send } = useContractTarget(dist);

const LIST = ['2x base1-4', 'fix1-107', 'zzqx not a card', '', 'evolving skies booster box x3'].join('\n');
const listUrl = (list: string, extra = '') => `/api/collection?list=${encodeURIComponent(list)}${extra}`;

const problem = (res: Response, status: number) => problemOf(res, status);

describe('/api/collection', () => {
  it('cuts a line at 200 characters before searching it: what lies past the cut names nothing', async () => {
    // Within the cut, the number makes the line Base Set Charizard beyond doubt; past it, the line is "charizard" alone.
    const within = await (await get(listUrl('charizard 4/102'))).json();
    expect(within.entries[0]).toMatchObject({ status: 'matched', card: { id: 'base1-4' } });
    const past = await (await get(listUrl(`charizard${' '.repeat(200)}4/102`))).json();
    expect(past.entries[0]).toMatchObject({ text: 'charizard', status: 'ambiguous' });
  });

  it('values a GET list line by line: quantities, ids, products and lines that name nothing, with the total to the cent', async () => {
    const res = await get(listUrl(LIST));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.json();
    assertMatches('collection.json', body, 'the valued list');
    expect(body.entries.map((e: { line: number; status: string; quantity: number }) => [e.line, e.status, e.quantity])).toEqual([
      [1, 'matched', 2],
      [2, 'matched', 1],
      [3, 'not-found', 1],
      [5, expect.stringMatching(/^(matched|ambiguous)$/), 3],
    ]);
    expect(body.entries[0]).toMatchObject({ card: { id: 'base1-4' }, unitValueUsd: 458.29, lineValueUsd: 916.58 });
    expect(body.entries[3]).toMatchObject({ sealed: { productId: 242436 }, unitValueUsd: 2589.86, lineValueUsd: 7769.58 });
    expect(body.totalUsd).toBe(9336.16);
    expect(body).toMatchObject({ quantity: 7, pricesAsOf: '2025-10-20', counts: { 'not-found': 1 } });
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('request-cost')).toBe('1');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // The same list is the same answer: a client revalidates it.
    const again = await get(listUrl(LIST), { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('values a graded line at the graded figure when the card has one, and says when it has none', async () => {
    const body = await (await get(listUrl('charizard 4/102 psa 10\nfix1-107 bgs 9.5'))).json();
    expect(body.entries[0]).toMatchObject({ card: { id: 'base1-4' }, grade: { company: 'PSA', grade: '10', valueUsd: 9000 }, unitValueUsd: 9000 });
    expect(body.entries[1]).toMatchObject({ card: { id: 'fix1-107' }, grade: { company: 'BGS', grade: '9.5', valueUsd: null }, unitValueUsd: 650 });
    expect(body.entries[1].note).toMatch(/graded/);
  });

  it('values a POSTed list as the GET does, never cached', async () => {
    const posted = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: LIST });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('cache-control')).toBe('no-store');
    const fromGet = await (await get(listUrl(LIST))).json();
    expect(await posted.json()).toEqual(fromGet);
  });

  it('reads a POSTed CSV by its column names', async () => {
    const csv = 'Quantity,Name,Set,Card Number,TCGplayer Id\r\n3,Charizard,Base,4/102,\r\n1,,,,242437\r\n';
    const res = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: csv });
    const body = await res.json();
    assertMatches('collection.json', body, 'the valued CSV');
    expect(
      body.entries.map((e: { line: number; quantity: number; card?: { id: string }; sealed?: { productId: number } }) => [
        e.line,
        e.quantity,
        e.card?.id ?? e.sealed?.productId,
      ]),
    ).toEqual([
      [2, 3, 'base1-4'],
      [3, 1, 242437],
    ]);
  });

  it('answers Markdown for agents with its token count, and CSV for spreadsheets', async () => {
    const markdown = await get(listUrl(LIST), { Accept: 'text/markdown' });
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await markdown.text();
    expect(markdown.headers.get('x-markdown-tokens')).toBe(String(countTokensExactly(text)));
    expect(text).toContain('**Total: $9,336.16**');
    expect(text).toMatch(/\| +1 \| +2 \| \[Charizard \(Base 4\/102\)\]\(\/cards\/charizard-base1-4\) +\| matched +\| +\$458\.29 \| +\$916\.58 \|/);
    expect(text).toMatch(/Line 3 \(“zzqx not a card”\): not-found/);
    const csv = await get(listUrl(LIST, '&format=csv'));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.status)).toEqual(['matched', 'matched', 'not-found', expect.any(String), 'total']);
    expect(rows.at(-1)!.lineValueUsd).toBe('9336.16');
    expect(rows[0]).toMatchObject({ line: '1', quantity: '2', id: 'base1-4', unitValueUsd: '458.29', lineValueUsd: '916.58' });
  });

  it('echoes a line that would be a spreadsheet formula as text in the CSV', async () => {
    const rows = parse(await (await get(listUrl('=HYPERLINK("http://x")', '&format=csv'))).text(), { columns: true }) as Record<string, string>[];
    expect(rows[0].text).toBe('\'=HYPERLINK("http://x")');
  });

  it('refuses what it cannot value with a problem naming the parameter or the limit', async () => {
    expect((await problem(await get('/api/collection'), 400)).parameter).toBe('list');
    expect((await problem(await get(listUrl('base1-4', '&format=xml')), 400)).parameter).toBe('format');
    await problem(await get(listUrl('base1-4'), { Accept: 'image/png' }), 406);
    expect((await problem(await get(listUrl('charizard\n'.repeat(700))), 414)).limit).toBe('GET list ≤ 6 KB');
    const json = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '["base1-4"]' });
    expect((await problem(json, 415)).allowed).toEqual(['text/plain', 'text/csv']);
    const lines = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'base1-4\n'.repeat(5001) });
    expect((await problem(lines, 413)).limit).toBe('lines ≤ 5,000');
    const large = await send('/api/collection', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect((await problem(large, 413)).limit).toBe('POST body ≤ 1 MB');
  });

  it('takes a POST on /api/collection alone: elsewhere a POST is a 405 naming what the path allows', async () => {
    const elsewhere = await send('/api/cards?q=mew', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    await problem(elsewhere, 405);
    expect(elsewhere.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const preflight = await send('/api/collection', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    const put = await send('/api/collection', { method: 'PUT', body: 'x' });
    await problem(put, 405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});

describe('/collection, the page for people', () => {
  const page = async (res: Response, status = 200) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    return res.text();
  };

  it('without a list is the form: a text area and a CSV file, posted', async () => {
    const html = await page(await get('/collection'));
    expect(html).toContain('<form class="collection-form" action="/collection" method="post" enctype="multipart/form-data">');
    expect(html).toContain('<textarea id="list" name="list"');
    expect(html).toContain('<input id="file" name="file" type="file" accept=".csv,text/csv" />');
    expect(html).not.toContain('<h2 id="total">');
  });

  it('values a shared link like the API: the total, a row per line, the lines to check marked, a link to share and one to download', async () => {
    const html = await page(await get(`/collection?list=${encodeURIComponent(LIST)}`));
    expect(html).toContain('<h2 id="total">Total: $9,336.16</h2>');
    expect(html).toContain('<tr class="status-not-found"><td class="num">3</td>');
    expect(html).toContain(`<a href="/collection?list=${encodeURIComponent(LIST).replaceAll('&', '&amp;')}">Link to this valuation</a>`);
    expect(html).toContain(`<a href="/api/collection?list=${encodeURIComponent(LIST)}&amp;format=csv" download="collection.csv">Download CSV</a>`);
    expect(html).toContain('<a href="/cards/charizard-base1-4">Charizard (Base 4/102)</a>');
    // What was sent stays in the form, escaped.
    expect(html).toContain('>2x base1-4\nfix1-107\nzzqx not a card');
  });

  it('dates the values once, above the table, and marks a line valued at a stale price', async () => {
    const html = await page(await get(`/collection?list=${encodeURIComponent('fix1-012\nbase1-4')}`));
    expect(html.split('Prices as of').length).toBe(2);
    expect(html).toContain(
      '<p class="prices-as-of">Prices as of 2025-10-20 (TCGplayer market). A value marked <small class="muted">stale</small> was last reported before then.</p><div class="table-scroll"',
    );
    // Farfetch'd was last priced 2025-08-01; Charizard 2025-10-20.
    expect(html).toContain('<td class="num">$6.00 <small class="muted" title="Last reported before 2025-10-20">stale</small></td>');
    expect(html).toContain('<td class="num">$458.29</td>');
  });

  it('offers the other candidates of an ambiguous line as links that rewrite that line to the exact card', async () => {
    const list = '3x charizard\nfix1-107';
    const html = await page(await get(`/collection?list=${encodeURIComponent(list)}`));
    expect(html).toContain('<tr class="status-ambiguous"><td class="num">1</td><td class="num">3</td>');
    const rewritten = `/collection?list=${encodeURIComponent('3x fix1-107\nfix1-107')}`;
    expect(html).toContain(`<a href="${rewritten}">Charizard-EX (Fixture Flashfire 107/106) ($650.00)</a>`);
    const picked = await page(await get(rewritten));
    expect(picked).toContain('<h2 id="total">Total: $2,600.00</h2>');
  });

  it('values a posted form with a CSV file by its columns, shows it as a list, and sends it back as CSV', async () => {
    const form = new FormData();
    form.set('list', '');
    form.set('file', new Blob(['Quantity,Name,Set,Card Number\r\n2,Charizard,Base,4/102\r\n'], { type: 'text/csv' }), 'export.csv');
    const html = await page(await send('/collection', { method: 'POST', body: form }));
    expect(html).toContain('<h2 id="total">Total: $916.58</h2>');
    expect(html).toContain('>2x base1-4</textarea>');
    const again = new FormData();
    again.set('list', '2x base1-4');
    const csv = await send('/collection?format=csv', { method: 'POST', body: again });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="collection.csv"');
    expect(await csv.text()).toMatch(/^line,quantity,status,/);
  });

  it('refuses what it cannot value with the API’s problem, as every page the function answers', async () => {
    expect((await problem(await get(`/collection?list=${encodeURIComponent('charizard\n'.repeat(700))}`), 414)).limit).toBe('GET list ≤ 6 KB');
    const unreadable = await send('/collection', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect((await problem(unreadable, 415)).allowed).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded']);
  });
});
