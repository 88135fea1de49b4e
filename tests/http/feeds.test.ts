import { extractFromJson, extractFromXml } from '@extractus/feed-extractor';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assertMatches, problemOf } from '../support/schemas.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { useContractTarget } from '../support/target.ts';

/**
 * The price feeds (issue 34, item 5) over HTTP, on the fixture build (prices as of 2025-10-20), parsed back by
 * feedsmith (a maintained parser of both JSON Feed and Atom). Charizard-EX (fix1-107) has a daily history from
 * 2025-09-21: $500, $505, none, $515, $520, $530, $540, $545 (09-28), $550, $560, none, $575, $590, $600 (10-04),
 * $610 … $700 (10-14), $690, none, $680, $670, $660, $650 (10-20). Over 7 days its change first reaches 10% on
 * 10-04: from $545 (09-28) to $600, +$55, +10.1%, and stays above 10% until 10-13 (+10.3%), then falls below.
 * Flabébé (fix1-061) has two printings with a history from 2025-10-14, both up on 10-20: the Normal from $0.05 to
 * $0.12 (+140%), the Reverse Holofoil from $0.30 to $0.45 (+50%). The Evolving Skies Booster Box (242436) fell from
 * $2,800 on 10-14 to $2,589.86 on 10-20 (−7.5%). The function is given PUBLIC_ORIGIN, the origin every URL of a
 * feed starts with. Run against the function alone, through nginx and through the Cloudflare Worker.
 */
const dist = inject('fixtureDist');
const ORIGIN = 'https://cards.example';
const { get } = useContractTarget(dist, { PUBLIC_ORIGIN: ORIGIN });

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
      url: `${ORIGIN}/cards/${slug}`,
      title: 'Charizard-EX (Fixture Flashfire 107/106) Holofoil up 10.1% in 7 days',
      date_published: '2025-10-04T00:00:00Z',
      _price_change: {
        card: slug,
        printing: 'holofoil',
        direction: 'up',
        days: 7,
        from: { date: '2025-09-28', usd: 545 },
        to: { date: '2025-10-04', usd: 600 },
        changeUsd: 55,
        changePct: 10.1,
      },
    });
    expect(body.items[0].content_text).toBe(
      'Charizard-EX (Fixture Flashfire 107/106) Holofoil: $545.00 on 2025-09-28 to $600.00 on 2025-10-04, +$55.00 (+10.1%) over 7 days.',
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
    expect(body.feed_url).toBe(`${ORIGIN}/feeds/cards/${slug}.json?threshold=5`);
    expect(body.home_page_url).toBe(`${ORIGIN}/cards/${slug}`);
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
      expect(textOf(entry.title)).toMatch(/^Charizard-EX \(Fixture Flashfire 107\/106\) Holofoil (up|down) [\d.]+% in 30 days$/);
      expect(entry.updated).toMatch(RFC3339);
      expect(entry.links?.some((l) => l.href === `${ORIGIN}/cards/${slug}`)).toBe(true);
    }
    // The 30-day window is the whole history: one day, 10-20, from $500 (09-21) to $650, +30%.
    expect(feed.entries?.map((e) => textOf(e.title))).toEqual(['Charizard-EX (Fixture Flashfire 107/106) Holofoil up 30% in 30 days']);
    expect(feed.links?.find((l) => l.rel === 'self')?.href).toBe(`${ORIGIN}/feeds/cards/${slug}.atom?threshold=20&window=30d`);
    expect(feed.updated).toBe('2025-10-20T00:00:00Z');
  });
});

describe('/feeds/sets/{id}', () => {
  it('merges the alerts of every card of the set, newest first', async () => {
    const body = await (await get('/feeds/sets/fix1.json?threshold=5')).json();
    assertMatches('price-feed.json', body, 'the set feed');
    expect(body.title).toBe('Fixture Flashfire: price moves of 5% or more over 7 days');
    expect(body.home_page_url).toBe(`${ORIGIN}/sets/fix1`);
    const dates = body.items.map((i: { date_published: string }) => i.date_published);
    expect(dates).toEqual([...dates].sort().reverse());
    const cards = new Set(body.items.map((i: { _price_change: { card: string } }) => i._price_change.card));
    expect(cards.has(slug)).toBe(true);
    expect(cards.size).toBeGreaterThan(1);
    const atom = parseAtomFeed(await (await get('/feeds/sets/fix1.atom?threshold=5')).text());
    expect(atom.entries?.map((e) => e.id)).toEqual(body.items.map((i: { id: string }) => i.id));
  });
});

describe('/feeds/sealed/{slug}', () => {
  it('gives a sealed product’s alerts, hand-checked: the booster box fell 7.5% in the 7 days to 2025-10-20', async () => {
    const product = (await (await get('/api/sealed?ids=242436')).json()).results[0];
    const body = await (await get(`/feeds/sealed/${product.slug}.json?threshold=5`)).json();
    assertMatches('price-feed.json', body, 'the sealed feed');
    expect(body.title).toBe('Evolving Skies Booster Box: price moves of 5% or more over 7 days');
    expect(body.home_page_url).toBe(`${ORIGIN}/sealed/${product.slug}`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      url: `${ORIGIN}/sealed/${product.slug}`,
      title: 'Evolving Skies Booster Box down 7.5% in 7 days',
      date_published: '2025-10-20T00:00:00Z',
      _price_change: {
        sealed: product.slug,
        from: { date: '2025-10-14', usd: 2800 },
        to: { date: '2025-10-20', usd: 2589.86 },
        changeUsd: -210.14,
        changePct: -7.5,
      },
    });
    const atom = parseAtomFeed(await (await get(`/feeds/sealed/${product.slug}.atom?threshold=5`)).text());
    expect(atom.entries?.map((e) => e.id)).toEqual([body.items[0].id]);
  });

  it('is linked from the product’s page, as a card’s and a set’s are', async () => {
    const product = (await (await get('/api/sealed?ids=242436')).json()).results[0];
    const html = await (await get(`/sealed/${product.slug}`)).text();
    expect(html).toContain(`<link rel="alternate" type="application/feed+json" href="/feeds/sealed/${product.slug}.json"`);
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" href="/feeds/sealed/${product.slug}.atom"`);
  });
});

describe('a feed’s items and URLs', () => {
  it('gives two printings of one card crossing on one day two items, each id its own and each title naming its printing', async () => {
    // The first line is the card (its value printing, the Normal), the second names the Reverse Holofoil.
    const list = encodeURIComponent('fix1-061\nflabebe reverse holo');
    const body = await (await get(`/feeds/collection.json?list=${list}`)).json();
    expect(body.items.map((i: { title: string }) => i.title)).toEqual([
      'Flabébé (Fixture Flashfire 061/106) Normal up 140% in 7 days',
      'Flabébé (Fixture Flashfire 061/106) Reverse Holofoil up 50% in 7 days',
    ]);
    expect(body.items.map((i: { _price_change: { printing: string } }) => i._price_change.printing)).toEqual(['normal', 'reverse-holofoil']);
    const ids = body.items.map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(2);
    const atom = parseAtomFeed(await (await get(`/feeds/collection.atom?list=${list}`)).text());
    expect(atom.entries?.map((e) => e.id)).toEqual(ids);
    // The card's own feed follows its value printing, the Normal: the same crossing, the same id.
    const card = await (await get('/feeds/cards/flabebe-fix1-061.json')).json();
    expect(card.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
  });

  it('includes a list’s sealed lines, merged with its cards newest first', async () => {
    const body = await (await get(`/feeds/collection.json?list=${encodeURIComponent('fix1-107\n242436')}&threshold=5`)).json();
    assertMatches('price-feed.json', body, 'the list feed with a sealed line');
    expect(body.title).toBe('A list of 2 items: price moves of 5% or more over 7 days');
    expect(body.items.map((i: { title: string }) => i.title)).toEqual([
      'Evolving Skies Booster Box down 7.5% in 7 days',
      'Charizard-EX (Fixture Flashfire 107/106) Holofoil down 5% in 7 days',
      'Charizard-EX (Fixture Flashfire 107/106) Holofoil up 8% in 7 days',
    ]);
  });

  it('writes a tiny threshold in digits in its own URLs and title, and those URLs answer', async () => {
    const body = await (await get(`/feeds/cards/${slug}.json?threshold=0.0000001`)).json();
    expect(body.feed_url).toBe(`${ORIGIN}/feeds/cards/${slug}.json?threshold=0.0000001`);
    expect(body.title).toBe('Charizard-EX (Fixture Flashfire 107/106): price moves of 0.0000001% or more over 7 days');
    const own = await get(body.feed_url.slice(ORIGIN.length));
    expect(own.status).toBe(200);
    expect((await own.json()).feed_url).toBe(body.feed_url);
    const atom = parseAtomFeed(await (await get(`/feeds/cards/${slug}.atom?threshold=0.0000001`)).text());
    expect(atom.links?.find((l) => l.rel === 'self')?.href).toBe(`${ORIGIN}/feeds/cards/${slug}.atom?threshold=0.0000001`);
  });

  it('gives real feed readers absolute links in both formats, an empty feed included', async () => {
    for (const path of [`/feeds/cards/${slug}`, '/feeds/sets/fix1']) {
      const json = extractFromJson(await (await get(`${path}.json?threshold=5`)).text());
      const atom = extractFromXml(await (await get(`${path}.atom?threshold=5`)).text());
      for (const feed of [json, atom]) {
        expect(feed.link).toMatch(/^https:\/\/cards\.example\//);
        expect(feed.entries?.length).toBeGreaterThan(0);
        for (const entry of feed.entries ?? []) expect(entry.link).toMatch(/^https:\/\/cards\.example\/cards\//);
      }
      const parsed = parseFeed(await (await get(`${path}.atom?threshold=5`)).text());
      expect(parsed.url).toMatch(/^https:\/\/cards\.example\//);
      for (const item of parsed.items) expect(item.url).toMatch(/^https:\/\/cards\.example\/cards\//);
    }
    // Base Set Charizard's three days give no 7-day change: a feed with no entries is still a feed (feed-extractor
    // recognises Atom by its first entry, so its Atom reader alone cannot read one; its JSON Feed reader can).
    const empty = extractFromJson(await (await get('/feeds/cards/charizard-base1-4.json')).text());
    expect(empty.entries ?? []).toEqual([]);
    expect(empty.link).toBe(`${ORIGIN}/cards/charizard-base1-4`);
    const emptyAtom = parseFeed(await (await get('/feeds/cards/charizard-base1-4.atom')).text());
    expect(emptyAtom.items).toEqual([]);
    expect(emptyAtom.url).toBe(`${ORIGIN}/cards/charizard-base1-4`);
  });
});

describe('a feed’s origin when none is configured', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(dist, { PUBLIC_ORIGIN: undefined });
  });
  afterAll(() => server?.stop());

  it('is the function’s own address on this machine, and the function says at start to set PUBLIC_ORIGIN', async () => {
    const port = new URL(server.url).port;
    const body = await (await fetch(`${server.url}/feeds/cards/${slug}.json`)).json();
    expect(body.feed_url).toBe(`http://localhost:${port}/feeds/cards/${slug}.json`);
    expect(server.logs()).toContain(`feeds link to http://localhost:${port}; set PUBLIC_ORIGIN`);
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
    expect(parseJsonFeed(text).title).toBe('A list of 2 items: price moves of 5% or more over 7 days');
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

  it('past the GET limit is a 414 saying a feed is read by GET alone, not offering a POST it refuses', async () => {
    const problem = await problemOf(await get(`/feeds/collection.json?list=${encodeURIComponent('charizard\n'.repeat(700))}`), 414);
    expect(problem.limit).toBe('GET list ≤ 6 KB');
    expect(problem.detail).toContain('A feed is read by GET alone');
    expect(problem.detail).not.toContain('POST a longer list');
    const posted = await get('/feeds/collection.json', { 'Content-Type': 'text/plain' }, 'POST');
    expect(posted.status).toBe(405);
  });

  it('without a list, or with a bad threshold, is a 400 problem naming the parameter', async () => {
    expect((await problemOf(await get('/feeds/collection.json'), 400)).parameter).toBe('list');
    expect((await problemOf(await get(`/feeds/collection.atom?list=${list}&window=2d`), 400)).parameter).toBe('window');
  });
});
