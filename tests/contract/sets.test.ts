import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { builtFiles, manifestOf } from '../support/built-files.ts';
import { FIXTURE_CONTENT } from '../support/fixture-site.ts';
import { assertMatches } from '../support/schemas.ts';

/**
 * The set pages of the fixture build, checked against what the fixture
 * content and the cards' own detail files say, computed here independently:
 * every set has its three files, its JSON matches the schema, its counts and
 * total equal its cards', its cards come most valuable first.
 */
const dist = inject('fixtureDist');
const { client, read, readJson } = builtFiles(dist);

interface ContentSet {
  id: string;
  name: string;
  language: string;
  series: string;
  printedTotal: number;
  total: number;
  releaseDate: string;
  ptcgoCode?: string;
}
interface ContentCard {
  id: string;
  set: string;
  number: string;
}
interface CardDetail {
  id: string;
  name: string;
  slug: string;
  rarity: string;
  valueUsd: number | null;
  priceStatus: string;
  valueBand: string | null;
  history?: { start: string; end: string; market: (number | null)[] };
}

const sets: ContentSet[] = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'sets.json'), 'utf8'));
const contentCards: ContentCard[] = readdirSync(join(FIXTURE_CONTENT, 'cards')).flatMap((f) =>
  JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'cards', f), 'utf8')),
);
let manifest: FileManifest;
/** Every card's detail file, by card id. */
let details: Map<string, CardDetail>;

beforeAll(() => {
  manifest = manifestOf(dist);
  details = new Map(
    readdirSync(join(client, 'api', 'cards')).map((f) => {
      const card = readJson(`api/cards/${f}`) as CardDetail;
      return [card.id, card];
    }),
  );
});

/** What a set's figures must be, from its cards' detail files: counted and summed here, in cents. */
function expectedFigures(set: ContentSet) {
  const cards = contentCards.filter((c) => c.set === set.id).map((c) => ({ content: c, detail: details.get(c.id)! }));
  const priced = cards.filter((c) => c.detail.valueUsd !== null);
  const cents = priced.reduce((sum, c) => sum + Math.round(c.detail.valueUsd! * 100), 0);
  const top = [...priced].sort((a, b) => b.detail.valueUsd! - a.detail.valueUsd!)[0];
  return {
    cards,
    figures: {
      cardCount: cards.length,
      pricedCardCount: priced.length,
      totalValueUsd: priced.length ? cents / 100 : null,
      topCard: top ? { id: top.detail.id, name: top.detail.name, slug: top.detail.slug, valueUsd: top.detail.valueUsd } : null,
    },
  };
}

describe('every set of the content has its page in three representations', () => {
  it('the fixture has sets with cards, priced and not, and a stale price (so that the checks below mean something)', () => {
    expect(sets.length).toBeGreaterThanOrEqual(2);
    expect([...details.values()].some((c) => c.valueUsd === null)).toBe(true);
    expect([...details.values()].some((c) => c.priceStatus === 'stale')).toBe(true);
  });

  it.each(sets.map((s) => [s.id]))('%s: JSON, Markdown and HTML files, the JSON valid against set-detail.json', (id) => {
    for (const path of [`api/sets/${id}.json`, `sets/${id}.md`, `sets/${id}.html`]) expect(existsSync(join(client, path)), path).toBe(true);
    assertMatches('set-detail.json', readJson(`api/sets/${id}.json`), `api/sets/${id}.json`);
  });

  it('no set file for a set that does not exist', () => {
    const built = readdirSync(join(client, 'api', 'sets')).map((f) => f.replace(/\.json$/, ''));
    expect(built.sort()).toEqual(sets.map((s) => s.id).sort());
    expect(readdirSync(join(client, 'sets')).sort()).toEqual(sets.flatMap((s) => [`${s.id}.html`, `${s.id}.md`]).sort());
  });

  it('the list: /api/sets.json valid against set-list.json, /sets.md and /sets.html beside it', () => {
    assertMatches('set-list.json', readJson('api/sets.json'), 'api/sets.json');
    expect(existsSync(join(client, 'sets.md'))).toBe(true);
    expect(existsSync(join(client, 'sets.html'))).toBe(true);
  });
});

describe("a set's figures are its cards'", () => {
  it.each(sets.map((s) => [s.id, s]))('%s: the set as content has it, card count, priced count, total and top card from the card files', (id, set) => {
    const detail = readJson(`api/sets/${id}.json`);
    expect(detail).toMatchObject({
      id: set.id,
      name: set.name,
      series: set.series,
      releaseDate: set.releaseDate,
      printedTotal: set.printedTotal,
      total: set.total,
      ptcgoCode: set.ptcgoCode ?? null,
      pricesAsOf: readJson('api/content.json').pricesAsOf,
      ...expectedFigures(set).figures,
    });
  });

  it.each(sets.map((s) => [s.id, s]))('%s: every card once, as its detail file says, most valuable first and unpriced last', (id, set) => {
    const { cards } = expectedFigures(set);
    const listed = readJson(`api/sets/${id}.json`).cards as (CardDetail & { number: string })[];
    expect(listed.map((c) => c.id).sort()).toEqual(cards.map((c) => c.content.id).sort());
    for (const card of listed) {
      const { content, detail } = cards.find((c) => c.content.id === card.id)!;
      expect(card).toMatchObject({
        name: detail.name,
        slug: detail.slug,
        rarity: detail.rarity,
        valueUsd: detail.valueUsd,
        priceStatus: detail.priceStatus,
        valueBand: detail.valueBand,
        number: `${content.number}/${set.printedTotal}`,
      });
      // The daily prices, where given, are the card's own.
      if (card.history) expect(card.history).toEqual(detail.history);
    }
    const values = listed.map((c) => c.valueUsd);
    const priced = values.filter((v): v is number => v !== null);
    expect(values).toEqual([...priced.sort((a, b) => b - a), ...values.filter((v) => v === null)]);
  });

  it('the most valuable cards that have a history carry it (the set page draws them)', () => {
    const base = readJson('api/sets/base1.json');
    expect(base.cards[0]).toMatchObject({ id: 'base1-4', history: { start: '2025-10-18', end: '2025-10-20', market: [450, null, 458.29] } });
    expect(base.cards.filter((c: { history?: unknown }) => c.history).length).toBe(1);
  });

  it('the list holds every set once, with the same figures as its detail, newest series first and newest set first inside', () => {
    const list = readJson('api/sets.json');
    const listed = list.series.flatMap((s: { sets: { id: string }[] }) => s.sets);
    expect(listed.map((s: { id: string }) => s.id).sort()).toEqual(sets.map((s) => s.id).sort());
    for (const summary of listed) {
      const { pricesAsOf, cards, ...figures } = readJson(`api/sets/${summary.id}.json`);
      expect(summary).toEqual(figures);
    }
    expect(list.totalSets).toBe(sets.length);
    expect(list.totalCards).toBe(contentCards.length);
    // English series first, then Japanese; each language's newest series first.
    const languagesInOrder = list.series.map((s: { language: string }) => s.language);
    expect(languagesInOrder).toEqual([...languagesInOrder].sort());
    for (const language of ['en', 'ja']) {
      const seriesDates = list.series.filter((s: { language: string }) => s.language === language).map((s: { releaseDate: string }) => s.releaseDate);
      expect(seriesDates).toEqual([...seriesDates].sort().reverse());
    }
    for (const series of list.series) {
      expect(series.releaseDate).toBe(
        sets
          .filter((s) => s.series === series.name && s.language === series.language)
          .map((s) => s.releaseDate)
          .sort()[0],
      );
      const dates = series.sets.map((s: { releaseDate: string; series: string }) => s.releaseDate);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const set of series.sets) expect([set.series, set.language]).toEqual([series.name, series.language]);
    }
    // The fixture's Japanese sets are of the Scarlet & Violet era, grouped after the English ones (issue 48, item 4).
    expect(list.series.map((s: { name: string; language: string }) => `${s.language} ${s.name}`)).toEqual(['en XY', 'en Base', 'ja Scarlet & Violet']);
    expect(list.languages.map((l: { language: string; totalSets: number }) => [l.language, l.totalSets])).toEqual([
      ['en', sets.filter((s) => s.language === 'en').length],
      ['ja', sets.filter((s) => s.language === 'ja').length],
    ]);
  });
});

describe('the Markdown and HTML of the set pages', () => {
  it("the manifest's token count of every set Markdown file equals a fresh count of its bytes", () => {
    const paths = ['/sets.md', ...sets.map((s) => `/sets/${s.id}.md`)];
    for (const path of paths) {
      expect(manifest.files[path]?.tokens, path).toBe(countTokensExactly(read(path.slice(1))));
      expect(manifest.files[path].tokens).toBeGreaterThan(20);
    }
  });

  it("a set's Markdown states the total and what it sums, and tabulates the cards by value with links to their pages", () => {
    const md = read('sets/base1.md');
    expect(md).toMatch(/^# Base \(Base series\)\n/);
    expect(md).toContain(
      'Total value: **$579.78**, the sum of the values of its 3 priced cards (of 4 cards in the catalogue; TCGplayer market prices as of 2025-10-20).',
    );
    const rows = md.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows.map((r) => r.split('|')[1].trim())).toEqual(['4/102', '2/102', '92/102', '8/102']);
    expect(rows[0]).toMatch(/\| \[Charizard\]\(\/cards\/charizard-base1-4\) +\| Rare Holo +\| +\$458\.29 \| chase +\|/);
    expect(rows[3]).toMatch(/unpriced \| none/);
    expect(read('sets/fix1.md')).toMatch(/\$6\.00 \(stale\)/);
  });

  it('the list in Markdown has a section per language and in it one per series, with every set linked, and points at its JSON', () => {
    const md = read('sets.md');
    expect(md.match(/^##+ .+$/gm)).toEqual(['## English sets', '### XY', '### Base', '## Japanese sets', '### Scarlet & Violet']);
    for (const set of sets) expect(md).toContain(`[${set.name}](/sets/${set.id})`);
    expect(md).toContain('[/api/sets](/api/sets)');
  });

  it("a set's HTML links its alternates, its cards in value order, and draws the sparkline of the cards that have a history", () => {
    const html = read('sets/base1.html');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/sets/base1.md">');
    expect(html).toContain('<link rel="alternate" type="application/json" href="/api/sets/base1">');
    expect(html).toContain('<link rel="describedby" href="/llms.txt">');
    expect(html).toContain('<link rel="alternate" type="application/feed+json" href="/feeds/sets/base1.json" title="Price moves (JSON Feed)">');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" href="/feeds/sets/base1.atom" title="Price moves (Atom)">');
    // And a card's page links its own (issue 34, item 5).
    const card = read('cards/charizard-base1-4.html');
    expect(card).toContain('<link rel="alternate" type="application/feed+json" href="/feeds/cards/charizard-base1-4.json" title="Price moves (JSON Feed)">');
    expect(card).toContain('<link rel="alternate" type="application/atom+xml" href="/feeds/cards/charizard-base1-4.atom" title="Price moves (Atom)">');
    const links = [...html.matchAll(/<td><a href="(\/cards\/[^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/cards/charizard-base1-4', '/cards/blastoise-base1-2', '/cards/energy-removal-base1-92', '/cards/machamp-base1-8']);
    expect(html.match(/<svg [^>]*class="sparkline"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-label="Charizard, market price 2025-10-18 to 2025-10-20: \$450\.00 to \$458\.29"/);
    expect(html).not.toMatch(/ style=/);
  });

  it('the HTML pages date their values once, beside the table, and mark a stale value as older than that date', () => {
    const asOf = readJson('api/content.json').pricesAsOf;
    expect(asOf).toBe('2025-10-20');
    const line = `<p class="prices-as-of">Prices as of ${asOf} (TCGplayer market).`;
    const stale = `<small class="muted" title="Last reported before ${asOf}">stale</small>`;
    const base = read('sets/base1.html');
    expect(base.split(line)).toHaveLength(2);
    expect(base).toContain(`${line} A value marked <small class="muted">stale</small> was last reported before then.</p>`);
    // Energy Removal (priced 2025-10-10) is stale; Charizard (2025-10-20) is not.
    expect(base).toContain(`<td class="num">$0.99 ${stale}</td>`);
    expect(base).toContain('<td class="num">$458.29</td>');
    expect(base.split('>stale</small>')).toHaveLength(3); // the row's mark and the line's
    expect(read('sets/fix1.html')).toContain(`$6.00 ${stale}`);
    const list = read('sets.html');
    expect(list.split(line)).toHaveLength(2);
    expect(list).not.toContain('>stale<');
  });

  it('the list in HTML links its alternates and every set; every page links the list, and a card its set', () => {
    const html = read('sets.html');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/sets.md">');
    expect(html).toContain('<link rel="alternate" type="application/json" href="/api/sets">');
    for (const set of sets) expect(html).toContain(`<a href="/sets/${set.id}">`);
    expect(read('index.html')).toContain('<a href="/sets">Sets</a>');
    expect(read('cards/charizard-base1-4.html')).toContain('<a href="/sets/base1">Base</a>');
  });

  it('llms.txt and openapi.json point at the set pages', () => {
    const llms = read('llms.txt');
    expect(llms).toContain('(/sets.md)');
    expect(llms).toContain('(/api/sets)');
    const api = readJson('openapi.json');
    for (const path of ['/api/sets', '/api/sets/{setId}', '/sets', '/sets/{setId}', '/sets.md', '/sets/{setId}.md']) {
      expect(api.paths[path]?.get.tags, path).toEqual(['Sets']);
    }
    expect(api.paths['/api/sets/{setId}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SetDetail' });
    expect(api.paths['/api/sets'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SetList' });
  });
});
