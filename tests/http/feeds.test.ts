import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The price feeds (issue 34, item 5) over HTTP, on the fixture build (prices as of 2025-10-20), parsed back by
 * feedsmith (a maintained parser of both JSON Feed and Atom). Charizard-EX (fix1-107) has a daily history from
 * 2025-09-21: $500, $505, none, $515, $520, $530, $540, $545 (09-28), $550, $560, none, $575, $590, $600 (10-04),
 * $610 … $700 (10-14), $690, none, $680, $670, $660, $650 (10-20). Over 7 days its change first reaches 10% on
 * 10-04: from $545 (09-28) to $600, +$55, +10.1%, and stays above 10% until 10-13 (+10.3%), then falls below.
 * Run against the function alone, through nginx and through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const { get } = useContractTarget(dist);

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
let slug: string;
/** An Atom text construct as feedsmith gives it (`{ value }`). */
const textOf = (t: unknown) => (typeof t === 'string' ? t : (t as { value?: string } | undefined)?.value);

beforeAll(async () => {
  slug = (await (await get('/api/cards?ids=fix1-107')).json()).results[0].slug;
});

describe('/feeds/cards/{slug}.json', () => {
  it('is a JSON Feed 1.1 with its required members, each item with an id, content and RFC 3339 dates, valid against its schema', async () => {
    const res = await get(`/feeds/cards/${slug}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const text = await res.text();
    const body = JSON.parse(text);
    assertMatches('price-feed.json', body, 'the JSON feed');
    const feed = parseJsonFeed(text);
    expect(feed.title).toBe('Charizard-EX (Fixture Flashfire 107/106): price moves of 10% or more over 7 days');
    expect(body.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items?.length).toBeGreaterThan(0);
    for (const item of feed.items ?? []) {
      expect(item.id).toBeTruthy();
      expect(item.content_text ?? item.content_html).toBeTruthy();
      expect(item.date_published).toMatch(RFC3339);
    }
  });

  it('hand-checked: the 7-day change first reached 10% on 2025-10-04, $545 → $600, +10.1%, one item', async () => {
    const body = await (await get(`/feeds/cards/${slug}.json`)).json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      url: `/cards/${slug}`,
      title: 'Charizard-EX (Fixture Flashfire 107/106) up 10.1% in 7 days',
      date_published: '2025-10-04T00:00:00Z',
      _price_change: {
        card: slug,
        direction: 'up',
        days: 7,
        from: { date: '2025-09-28', usd: 545 },
        to: { date: '2025-10-04', usd: 600 },
        changeUsd: 55,
        changePct: 10.1,
      },
    });
    expect(body.items[0].content_text).toBe(
      'Charizard-EX (Fixture Flashfire 107/106): $545.00 on 2025-09-28 to $600.00 on 2025-10-04, +$55.00 (+10.1%) over 7 days.',
    );
  });

  it('a lower threshold finds the rise from the first day and the fall at its end, newest first', async () => {
    const body = await (await get(`/feeds/cards/${slug}.json?threshold=5`)).json();
    // 10-19: from $695 (10-13) to $660, −5.0%; 09-27, the first day a 7-day change can be read: $500 → $540, +8%.
    expect(
      body.items.map((i: { _price_change: { direction: string; changePct: number }; date_published: string }) => [
        i.date_published.slice(0, 10),
        i._price_change.direction,
        i._price_change.changePct,
      ]),
    ).toEqual([
      ['2025-10-19', 'down', -5],
      ['2025-09-27', 'up', 8],
    ]);
    expect(body.feed_url).toBe(`/feeds/cards/${slug}.json?threshold=5`);
  });

  it('the same items have the same ids across requests and across formats', async () => {
    const one = await (await get(`/feeds/cards/${slug}.json?threshold=5`)).json();
    const two = await (await get(`/feeds/cards/${slug}.json?threshold=5`)).json();
    const ids = one.items.map((i: { id: string }) => i.id);
    expect(two.items.map((i: { id: string }) => i.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const atom = parseAtomFeed(await (await get(`/feeds/cards/${slug}.atom?threshold=5`)).text());
    expect(atom.entries?.map((e) => e.id)).toEqual(ids);
  });

  it('carries a strong ETag, answers 304 to If-None-Match, and may be kept by a shared cache', async () => {
    const res = await get(`/feeds/cards/${slug}.json`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const again = await get(`/feeds/cards/${slug}.json`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const head = await get(`/feeds/cards/${slug}.json`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
    expect((await get(`/feeds/cards/${slug}.json`, { Origin: 'https://reader.example', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS')).status).toBe(204);
  });
});

describe('/feeds/cards/{slug}.atom', () => {
  it('is Atom with the required elements of the feed (id, title, updated) and of each entry (id, title, updated, link)', async () => {
    const res = await get(`/feeds/cards/${slug}.atom?window=30d&threshold=20`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtomFeed(await res.text());
    expect(feed.id).toMatch(/^urn:uuid:/);
    expect(textOf(feed.title)).toBe('Charizard-EX (Fixture Flashfire 107/106): price moves of 20% or more over 30 days');
    expect(feed.updated).toMatch(RFC3339);
    expect(feed.authors?.[0]?.name).toBeTruthy();
    expect(feed.entries?.length).toBeGreaterThan(0);
    for (const entry of feed.entries ?? []) {
      expect(entry.id).toMatch(/^urn:uuid:/);
      expect(textOf(entry.title)).toMatch(/^Charizard-EX \(Fixture Flashfire 107\/106\) (up|down) [\d.]+% in 30 days$/);
      expect(entry.updated).toMatch(RFC3339);
      expect(entry.links?.some((l) => l.href === `/cards/${slug}`)).toBe(true);
    }
    // The 30-day window is the whole history: one day, 10-20, from $500 (09-21) to $650, +30%.
    expect(feed.entries?.map((e) => textOf(e.title))).toEqual(['Charizard-EX (Fixture Flashfire 107/106) up 30% in 30 days']);
    expect(feed.updated).toBe('2025-10-20T00:00:00Z');
  });
});

describe('/feeds/sets/{id}', () => {
  it('merges the alerts of every card of the set, newest first', async () => {
    const body = await (await get('/feeds/sets/fix1.json?threshold=5')).json();
    assertMatches('price-feed.json', body, 'the set feed');
    expect(body.title).toBe('Fixture Flashfire: price moves of 5% or more over 7 days');
    expect(body.home_page_url).toBe('/sets/fix1');
    const dates = body.items.map((i: { date_published: string }) => i.date_published);
    expect(dates).toEqual([...dates].sort().reverse());
    const cards = new Set(body.items.map((i: { _price_change: { card: string } }) => i._price_change.card));
    expect(cards.has(slug)).toBe(true);
    expect(cards.size).toBeGreaterThan(1);
    const atom = parseAtomFeed(await (await get('/feeds/sets/fix1.atom?threshold=5')).text());
    expect(atom.entries?.map((e) => e.id)).toEqual(body.items.map((i: { id: string }) => i.id));
  });
});

describe('feed errors', () => {
  it.each([
    ['threshold=0', 'threshold'],
    ['threshold=-5', 'threshold'],
    ['threshold=ten', 'threshold'],
    ['threshold=1001', 'threshold'],
    ['threshold=10&threshold=20', 'threshold'],
    ['window=14d', 'window'],
    ['window=', 'window'],
  ])('%s is a 400 problem naming %s and what it allows', async (query, parameter) => {
    const problem = await problemOf(await get(`/feeds/cards/${slug}.json?${query}`), 400, query);
    expect(problem.parameter).toBe(parameter);
    expect(problem.allowed).toBeTruthy();
  });

  it.each(['/feeds/cards/no-such-card.json', '/feeds/cards/no-such-card.atom', '/feeds/sets/nope.json', '/feeds/cards/x', '/feeds/sealed/x.json'])(
    '%s is a 404 problem',
    async (path) => {
      await problemOf(await get(path), 404, path);
    },
  );
});

describe('/feeds/collection.json?list=', () => {
  const list = encodeURIComponent('fix1-107\n2x base1-4\nno such card at all');

  it('merges the alerts of the cards the lines were matched to, and costs what the list costs', async () => {
    const res = await get(`/feeds/collection.json?list=${list}&threshold=5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(res.headers.get('request-cost')).toBe('1');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await res.text();
    const body = JSON.parse(text);
    assertMatches('price-feed.json', body, 'the list feed');
    expect(parseJsonFeed(text).title).toBe('A list of 2 cards: price moves of 5% or more over 7 days');
    // Base Set Charizard's history is three days long: no 7-day change, no alert; Charizard-EX's two, as above.
    expect(body.items.map((i: { _price_change: { card: string; direction: string } }) => [i._price_change.card, i._price_change.direction])).toEqual([
      [slug, 'down'],
      [slug, 'up'],
    ]);
    const card = await (await get(`/feeds/cards/${slug}.json?threshold=5`)).json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(card.items.map((i: { id: string }) => i.id));
    const atom = parseAtomFeed(await (await get(`/feeds/collection.atom?list=${list}&threshold=5`)).text());
    expect(atom.entries?.map((e) => e.id)).toEqual(card.items.map((i: { id: string }) => i.id));
  });

  it('carries a strong ETag and answers 304 to If-None-Match', async () => {
    const res = await get(`/feeds/collection.json?list=${list}`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await get(`/feeds/collection.json?list=${list}`, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('without a list, or with a bad threshold, is a 400 problem naming the parameter', async () => {
    expect((await problemOf(await get('/feeds/collection.json'), 400)).parameter).toBe('list');
    expect((await problemOf(await get(`/feeds/collection.atom?list=${list}&window=2d`), 400)).parameter).toBe('window');
  });
});
