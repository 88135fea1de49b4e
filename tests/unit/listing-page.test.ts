import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { kindLabel } from '../../src/catalogue/format.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import type { SealedSummary } from '../../src/catalogue/sealed-record.ts';
import { cardSearchPage, LISTING_PAGE_SIZE, listingUrl, sealedListingPage } from '../../src/render/pages/listing-page.ts';
import { FRAME_DESCRIPTION, FRAME_HEAD, pageFrameOf, pageShellOf, SHELL_MAIN, SHELL_TITLE } from '../../src/render/pages/page-shell.ts';
import { thinTrend, trendOf } from '../../src/render/pages/trends.ts';
import type { CardSearchParams } from '../../src/search/card-searcher.ts';

const card = (n: number, extra: Partial<CardSummary> = {}): CardSummary => ({
  id: `base1-${n}`,
  name: `Card ${n}`,
  language: 'en',
  nameJa: null,
  exactName: `Card ${n} (Base ${n}/102)`,
  slug: `card-${n}-base1-${n}`,
  setName: 'Base',
  valueUsd: 10 * n,
  priceStatus: 'priced',
  confidence: null,
  change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
  valueBand: 'mid',
  rarity: 'Rare',
  types: ['Fire'],
  imageSmall: `https://images.pokemontcg.io/base1/${n}.png`,
  ...extra,
});
const params = (over: Partial<CardSearchParams> = {}): CardSearchParams => ({ sort: 'relevance', limit: LISTING_PAGE_SIZE, offset: 0, ...over });
const AS_OF = '2025-10-20';
const noTrend = () => undefined;
const noLine = () => '';

describe('listingUrl', () => {
  it('leaves out what is unset or empty, so one page has one URL', () => {
    expect(listingUrl('/search', { q: 'mew', band: undefined, sort: '', offset: 0 })).toBe('/search?q=mew&offset=0');
    expect(listingUrl('/sealed', {})).toBe('/sealed');
    expect(listingUrl('/search', { q: 'a&b c' })).toBe('/search?q=a%26b+c');
  });
});

describe('cardSearchPage', () => {
  it('escapes the query and every record field it writes', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const { title, main } = cardSearchPage({
      params: params({ q: evil }),
      pricesAsOf: AS_OF,
      answer: { total: 1, results: [card(1, { exactName: evil, rarity: '"><b>' })] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(title).toBe(`Cards matching “${evil}”`); // text: the shell escapes it
    expect(main).not.toContain('<img src=x');
    expect(main).not.toContain('"><b>');
    expect(main).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('numbers the rows from the offset and links the previous and next pages with the same filter', () => {
    const { main } = cardSearchPage({
      params: params({ q: 'card', band: 'mid', limit: 2, offset: 2 }),
      pricesAsOf: AS_OF,
      askedSort: 'value-desc',
      answer: { total: 7, results: [card(3), card(4)] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(main).toContain('<ol class="results" start="3">');
    expect(main).toContain('<a rel="prev" href="/search?q=card&amp;band=mid&amp;sort=value-desc&amp;limit=2">');
    expect(main).toContain('<a rel="next" href="/search?q=card&amp;band=mid&amp;sort=value-desc&amp;limit=2&amp;offset=4">');
    expect(main).toContain('Page 2 of 4');
    expect(main).toContain('7 cards match “card” (value band: mid ($5 to under $50)); 3–4 shown');
  });

  it('has no pager when one page holds every result, and draws the sparkline it is given', () => {
    const { main } = cardSearchPage({
      params: params(),
      pricesAsOf: AS_OF,
      answer: { total: 1, results: [card(1)] },
      trendOf: (id) => (id === 'base1-1' ? [1, 2] : undefined),
      sparkline: (values, { label }) => `<svg aria-label="${label}">${values.length}</svg>`,
    });
    expect(main).not.toContain('class="pager"');
    expect(main).toContain('<div class="result-trend"><svg aria-label="Card 1 (Base 1/102): market price history">2</svg></div>');
  });

  it('says Unpriced rather than a value for a card with none', () => {
    const { main } = cardSearchPage({
      params: params(),
      pricesAsOf: AS_OF,
      answer: { total: 1, results: [card(1, { valueUsd: null, valueBand: null, priceStatus: 'unpriced' })] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(main).toContain('<span class="muted">Unpriced</span>');
    expect(main).not.toContain('class="band"');
  });

  it('dates its values once, above the rows, and marks a stale value as older than that date', () => {
    const { main } = cardSearchPage({
      params: params(),
      pricesAsOf: AS_OF,
      answer: { total: 2, results: [card(2), card(1, { priceStatus: 'stale' })] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(main.match(/Prices as of/g)).toHaveLength(1);
    expect(main).toMatch(
      /<p class="prices-as-of">Prices as of 2025-10-20 \(TCGplayer market\)\. A value marked <small class="muted">stale<\/small> was last reported before then\.<\/p>\n<ol class="results"/,
    );
    const [fresh, stale] = main.split('<li>').slice(1);
    expect(fresh).toContain('<span class="result-price">$20.00</span> <span class="band">mid</span>');
    expect(fresh).not.toContain('stale');
    expect(stale).toContain(
      '<span class="result-price">$10.00</span> <small class="muted" title="Last reported before 2025-10-20">stale</small> <span class="band">mid</span>',
    );
  });

  it('names no stale mark when no row is stale, nor a date when nothing is listed, nor a status for a named printing', () => {
    const page = (results: CardSummary[]) =>
      cardSearchPage({ params: params(), pricesAsOf: AS_OF, answer: { total: results.length, results }, trendOf: noTrend, sparkline: noLine }).main;
    expect(page([card(1)])).toContain('<p class="prices-as-of">Prices as of 2025-10-20 (TCGplayer market).</p>');
    expect(page([])).not.toContain('Prices as of');
    const printing = { id: 'shadowless-holofoil', label: 'Shadowless Holofoil', productId: 1, valueUsd: 99 };
    const named = page([{ ...card(1, { priceStatus: 'stale' }), printing } as CardSummary]);
    expect(named).not.toContain('stale');
  });
});

describe('sealedListingPage', () => {
  it('offers every kind in people’s words, the asked one selected, and titles the page by it', () => {
    const { title, main } = sealedListingPage({
      params: { kind: 'etb', sort: 'value-desc', limit: LISTING_PAGE_SIZE, offset: 0 },
      pricesAsOf: AS_OF,
      kinds: ['booster-box', 'etb'],
      answer: { total: 0, results: [] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(title).toBe('Sealed products: Elite Trainer Box');
    expect(main).toContain('<option value="booster-box">Booster box</option><option value="etb" selected>Elite Trainer Box</option>');
    expect(main).toContain('No sealed products in all (kind: Elite Trainer Box).');
  });

  it('dates its values and marks a stale product', () => {
    const product = (n: number, priceStatus: SealedSummary['priceStatus']): SealedSummary => ({
      id: `p-${n}`,
      productId: n,
      slug: `p-${n}`,
      cleanName: `Product ${n}`,
      kind: 'tin',
      groupName: 'Set',
      valueUsd: n,
      priceStatus,
      confidence: null,
      change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
      totalPacks: 3,
      pricePerPack: null,
    });
    const { main } = sealedListingPage({
      params: { sort: 'value-desc', limit: LISTING_PAGE_SIZE, offset: 0 },
      pricesAsOf: AS_OF,
      kinds: ['tin'],
      answer: { total: 2, results: [product(50, 'priced'), product(45, 'stale')] },
      trendOf: noTrend,
      sparkline: noLine,
    });
    expect(main).toContain('Prices as of 2025-10-20 (TCGplayer market). A value marked');
    expect(main).toContain('<span class="result-price">$45.00</span> <small class="muted" title="Last reported before 2025-10-20">stale</small></div>');
    expect(main).toContain('<span class="result-price">$50.00</span></div>');
  });
});

describe('kindLabel', () => {
  it('spells out abbreviations and capitalises the first word', () => {
    expect(kindLabel('etb-case')).toBe('Elite Trainer Box case');
    expect(kindLabel('booster-box')).toBe('Booster box');
  });
});

describe('pageShellOf', () => {
  const shell = `<title>${SHELL_TITLE} · Card values</title><main>${SHELL_MAIN}</main>`;
  it('puts the title in as text and the main part as HTML', () => {
    expect(pageShellOf(shell).fill('A & <B>', '<p>x</p>')).toBe('<title>A &amp; &lt;B&gt; · Card values</title><main><p>x</p></main>');
  });
  it('refuses a shell whose layout lost or doubled a marker', () => {
    expect(() => pageShellOf('<main></main>')).toThrow(SHELL_TITLE);
    expect(() => pageShellOf(`${shell}${SHELL_MAIN}`)).toThrow(SHELL_MAIN);
  });
});

describe('pageFrameOf', () => {
  const frame = `<title>${SHELL_TITLE} · Card values</title><meta name="description" content="${FRAME_DESCRIPTION}">${FRAME_HEAD}<main>${SHELL_MAIN}</main>`;
  it('puts the title and description in as text and the head links and main part as HTML', () => {
    const page = pageFrameOf(frame).fill({ title: 'A & <B>', description: 'Say "hi"', head: '<link rel="x">', main: '<p>x</p>' });
    expect(page).toBe(
      '<title>A &amp; &lt;B&gt; · Card values</title><meta name="description" content="Say &quot;hi&quot;"><link rel="x"><main><p>x</p></main>',
    );
  });
  it('refuses a frame whose layout lost, doubled or reordered a marker', () => {
    expect(() => pageFrameOf(frame.replace(FRAME_HEAD, ''))).toThrow(FRAME_HEAD);
    expect(() => pageFrameOf(`${frame}${SHELL_MAIN}`)).toThrow(SHELL_MAIN);
    expect(() => pageFrameOf(`${FRAME_HEAD}${frame.replace(FRAME_HEAD, '')}`)).toThrow('order');
  });
});

describe('thinTrend', () => {
  it('keeps a short history whole and thins a long one to the limit, always keeping the newest value', () => {
    expect(thinTrend([1, null, 3], 5)).toEqual([1, null, 3]);
    const long = Array.from({ length: 600 }, (_, i) => i);
    const thin = thinTrend(long, 60);
    expect(thin.length).toBeLessThanOrEqual(60);
    expect(thin.at(-1)).toBe(599);
    expect(thin).toEqual([...thin].sort((a, b) => a! - b!));
  });
});

describe('trendOf', () => {
  it("draws a history's whole span at one spacing: its days, or a value a week once it has weekly closes", () => {
    expect(trendOf({ start: '2025-10-18', end: '2025-10-20', market: [1, null, 3] })).toEqual([1, null, 3]);
    // Weeks closing 2025-10-05 and 10-12, then daily values from Monday 10-13 to Tuesday 10-21: closed on Sunday 10-19 and at the end.
    const history = {
      start: '2025-10-13',
      end: '2025-10-21',
      market: [5, 6, 7, 8, 9, null, 10, 11, null],
      weekly: { start: '2025-10-05', end: '2025-10-12', market: [3, 4] },
    };
    expect(trendOf(history)).toEqual([3, 4, 10, 11]);
  });
});
