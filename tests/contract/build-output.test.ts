import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { componentName } from '../../src/describe/openapi.ts';
import { etagOf } from '../../src/http/etag.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { builtFiles, manifestOf } from '../support/built-files.ts';
import { assertMatches, schemaFiles } from '../support/schemas.ts';

const dist = inject('fixtureDist');
const { client, read, readJson } = builtFiles(dist);
const list = (dir: string) => readdirSync(join(client, dir)).sort();
let manifest: FileManifest;

beforeAll(() => {
  manifest = manifestOf(dist);
});

describe('every emitted JSON file matches its schema in schemas/api/', () => {
  it.each([
    ['api/cards', 'card-detail.json'],
    ['api/sealed', 'sealed-detail.json'],
    ['api/knowledge', 'knowledge-detail.json'],
  ])('each file in %s is a valid %s', (dir, schema) => {
    const files = list(dir);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) assertMatches(schema, readJson(`${dir}/${file}`), `${dir}/${file}`);
  });

  it('api/content.json and api/knowledge.json match theirs', () => {
    assertMatches('content-summary.json', readJson('api/content.json'), 'api/content.json');
    assertMatches('knowledge-list.json', readJson('api/knowledge.json'), 'api/knowledge.json');
  });
});

describe('detail files', () => {
  it.each(['cards', 'sealed', 'knowledge'])('every %s record has its JSON, Markdown twin and HTML page', (collection) => {
    const slugs = list(`api/${collection}`).map((f) => f.replace(/\.json$/, ''));
    for (const slug of slugs) {
      expect(existsSync(join(client, collection, `${slug}.md`)), `${collection}/${slug}.md`).toBe(true);
      expect(existsSync(join(client, collection, `${slug}.html`)), `${collection}/${slug}.html`).toBe(true);
    }
  });

  it("the manifest's token count of each Markdown file equals a fresh count of its bytes", () => {
    const markdown = Object.entries(manifest.files).filter(([path]) => path.endsWith('.md'));
    expect(markdown.length).toBe(
      list('cards').filter((f) => f.endsWith('.md')).length +
        list('sealed').filter((f) => f.endsWith('.md')).length +
        list('knowledge').filter((f) => f.endsWith('.md')).length +
        list('sets').filter((f) => f.endsWith('.md')).length +
        1 + // sets.md
        1 + // changes.md
        list('changes').filter((f) => f.endsWith('.md')).length +
        1 + // catalog.md
        list('catalog').filter((f) => f.endsWith('.md')).length +
        1, // movers.md
    );
    for (const [path, info] of markdown) expect(info.tokens, path).toBe(countTokensExactly(read(path.slice(1))));
  });

  it('the manifest lists every public file with the ETag of its exact bytes', () => {
    const files = readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => `/${relative(client, join(d.parentPath, d.name))}`);
    expect(Object.keys(manifest.files).sort()).toEqual(files.sort());
    for (const path of files) expect(manifest.files[path].etag, path).toBe(etagOf(readFileSync(join(client, path))));
  });

  it('no build-only batch is left in the public output', () => {
    expect(existsSync(join(client, 'emit'))).toBe(false);
  });
});

describe('derived values', () => {
  const card = (slug: string) => readJson(`api/cards/${slug}.json`);
  const sealed = (slug: string) => readJson(`api/sealed/${slug}.json`);

  it('a card is valued at the market price of its holofoil, ignoring stray listings with no market price', () => {
    const charizard = card('charizard-base1-4');
    expect(charizard).toMatchObject({ exactName: 'Charizard (Base 4/102)', valueUsd: 458.29, valueBand: 'chase', priceStatus: 'priced' });
    expect(charizard.variants).toEqual([{ name: 'holofoil', lowPrice: 327.99, marketPrice: 458.29, highPrice: 1000 }]);
    expect(charizard.market).toMatchObject({ source: 'TCGplayer', marketUrl: 'https://www.tcgplayer.com/product/42382', updatedAt: '2025-10-20' });
    expect(charizard.graded).toMatchObject({ ungraded: 224, psa10: 9000, psa10Multiplier: 40.18 });
    expect(charizard.history).toEqual({ start: '2025-10-18', end: '2025-10-20', market: [450, null, 458.29] });
  });

  it("every printing has its own value, most valuable first: the Shadowless Charizard is not the card's value", () => {
    const charizard = card('charizard-base1-4');
    expect(charizard.valuePrinting).toBe('holofoil');
    expect(charizard.printings.map((p: { id: string; valueUsd: number | null }) => [p.id, p.valueUsd])).toEqual([
      ['shadowless-holofoil', 1997.59],
      ['holofoil', 458.29],
      ['1st-edition-holofoil', null],
    ]);
    expect(charizard.printings[0]).toMatchObject({
      label: 'Shadowless Holofoil',
      variant: 'unlimitedHolofoil',
      printing: 'shadowless',
      primary: false,
      productId: 106999,
      marketUrl: 'https://www.tcgplayer.com/product/106999',
      priceStatus: 'priced',
      lowPrice: 725,
      midPrice: 1099.9,
      highPrice: 3187,
    });
    expect(charizard.printings[0].history).toBeUndefined();
    expect(charizard.printings[1].history).toEqual(charizard.history);
    expect(charizard.printings[2]).toMatchObject({ label: '1st Edition Holofoil', priceStatus: 'unpriced', marketPrice: null });
  });

  it('a second product with the same words takes its product id into its printing id', () => {
    expect(card('flabebe-fix1-061').printings.map((p: { id: string; label: string }) => [p.id, p.label])).toEqual([
      ['normal-500099', 'Normal (product 500099)'],
      ['reverse-holofoil', 'Reverse Holofoil'],
      ['normal', 'Normal'],
    ]);
  });

  it('a card with no price is unpriced, with null value, band and market', () => {
    expect(card('machamp-base1-8')).toMatchObject({ valueUsd: null, valueBand: null, priceStatus: 'unpriced', market: null, variants: [] });
  });

  it('a card without rarity or types serves an empty rarity and no types', () => {
    const trainer = card('energy-removal-base1-92');
    expect(trainer).toMatchObject({ rarity: '', types: [], valueBand: 'budget' });
    expect(trainer.market.marketUrl).toBe('https://prices.pokemontcg.io/tcgplayer/base1-92');
  });

  it('accents and apostrophes fold out of slugs, and a leading zero stays in the number', () => {
    expect(card('flabebe-fix1-061')).toMatchObject({ name: 'Flabébé', exactName: 'Flabébé (Fixture Flashfire 061/106)' });
    expect(card('farfetchd-fix1-012').name).toBe("Farfetch'd");
  });

  it('a price more than 30 days older than the catalogue is stale but still valued', () => {
    expect(card('farfetchd-fix1-012')).toMatchObject({ priceStatus: 'stale', valueUsd: 6, valueBand: 'mid' });
  });

  it('a value of $500 or more is a grail', () => {
    expect(card('charizard-ex-fix1-107').valueBand).toBe('grail');
  });

  it('price per pack divides the value by the pack count, and is null where the count is unknown', () => {
    expect(sealed('evolving-skies-booster-box-242436')).toMatchObject({
      id: 'evolving-skies-booster-box-242436',
      totalPacks: 36,
      pricePerPack: 71.94,
      kind: 'booster-box',
    });
    expect(sealed('evolving-skies-elite-trainer-box-242437')).toMatchObject({ kind: 'etb', totalPacks: null, pricePerPack: null, valueUsd: 640 });
    expect(sealed('evolving-skies-sleeved-booster-pack-242439')).toMatchObject({ valueUsd: null, priceStatus: 'unpriced', pricePerPack: null, market: null });
    expect(sealed('evolving-skies-collector-tin-242440').priceStatus).toBe('stale');
  });

  it("a sealed product's weekly closes are served with its daily prices, summed up in its Markdown and drawn on its page", () => {
    const { history } = readJson('api/sealed/evolving-skies-elite-trainer-box-242437.json');
    expect(history).toEqual({
      start: '2025-10-13',
      end: '2025-10-20',
      market: [610, 600, 590, null, 610, 620, 630, 640],
      weekly: { start: '2025-09-28', end: '2025-10-12', market: [575, null, 600] },
    });
    expect(read('sealed/evolving-skies-elite-trainer-box-242437.md')).toContain(
      'Market price $575.00 → $640.00 from 2025-09-28 to 2025-10-20 (+11.3%). Daily values from 2025-10-13 and weekly closes before are in the',
    );
    const page = read('sealed/evolving-skies-elite-trainer-box-242437.html');
    expect(page).toContain('<time datetime="2025-09-28">2025-09-28</time> to <time datetime="2025-10-20">2025-10-20</time>: $575.00 → $640.00 (+11.3%)');
    expect(page).toContain('Drawn at one point per 7 days.');
  });

  it('the content summary counts, takes the median over priced and stale cards, and dates the prices', () => {
    expect(readJson('api/content.json')).toMatchObject({
      domain: 'pokemon-tcg',
      totalCards: 11,
      totalSealed: 5,
      totalArticles: 3,
      // The ten valued cards, the four Japanese ones among them ($300, $310.67, $252.24, コルサ's few cents): the
      // mean of the fifth and sixth, $120.50 and $252.24.
      medianCardUsd: 186.37,
      pricesAsOf: '2025-10-20',
      cardsByBand: { grail: 1, chase: 5, mid: 1, budget: 3 },
      cardsByPriceStatus: { priced: 7, stale: 3, unpriced: 1 },
      sealedByPriceStatus: { priced: 3, stale: 1, unpriced: 1 },
    });
  });
});

describe('knowledge, llms.txt and openapi.json', () => {
  it('the article list is in category order', () => {
    expect(readJson('api/knowledge.json').map((a: { id: string }) => a.id)).toEqual(['how-values-are-computed', 'what-is-a-grail', 'sealed-per-pack']);
  });

  it("an article's Markdown keeps its table and links to related articles and the items it mentions", () => {
    const md = read('knowledge/what-is-a-grail.md');
    expect(md).toMatch(/^# What makes a card a grail in this catalogue\?/);
    expect(md).toMatch(/\| grail +\| +\$500 \|/);
    expect(md).toContain("[How is a card's value computed?](/knowledge/how-values-are-computed)");
    expect(md).toContain('[Charizard-EX (Fixture Flashfire 107/106)](/cards/charizard-ex-fix1-107)');
  });

  // content/knowledge/what-is-a-grail.md marks two card figures (:fact[$650.00]{card=fix1-107}), in its answer and
  // its body: readers and agents get the figures, never the markers (src/loaders/knowledge-loader.ts).
  it("an article's marked figures are served as plain figures in its record, Markdown, page and lists", () => {
    const record = readJson('api/knowledge/what-is-a-grail.json');
    expect(record.answer).toContain('such as Charizard-EX at $650.00; the band');
    expect(record.answer_detail).toContain('is a grail at $650; the Base Set');
    expect(record.answer_detail).toContain('is a chase card at **$458.29**.');
    expect(read('knowledge/what-is-a-grail.md')).toContain('is a chase card at **$458.29**.');
    expect(read('knowledge/what-is-a-grail.html')).toContain('is a chase card at <strong>$458.29</strong>.');
    expect(readJson('api/knowledge.json').find((a: { id: string }) => a.id === 'what-is-a-grail').answer).toBe(record.answer);
  });

  it('no built file holds a figure marker: not a record, a page, a twin, a list, a bulk file, a search pack or llms.txt', () => {
    const holding = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true, recursive: true })
        // The gzip twins compress the files beside them; the function's code is not content.
        .filter((e) => e.isFile() && !/\.(gz|mjs)$/.test(e.name))
        .map((e) => join(e.parentPath, e.name))
        .filter((path) => /:fact\[|fact-table/.test(readFileSync(path, 'latin1')));
    expect(holding(dist).map((path) => relative(dist, path))).toEqual([]);
  });

  it("a card's Markdown states its value, band, source and date, how sure the value is, and tabulates its printings", () => {
    const md = read('cards/charizard-base1-4.md');
    expect(md).toContain('**$458.29**');
    // The fixture's history holds two days: a value priced on 2 of its last 30 days is one to doubt.
    expect(md).toContain('Confidence: **low** — rarely priced: priced on 2 of its last 30 days; listings from $327.99 to $1,000.00');
    expect(md).toContain('TCGplayer, 2025-10-20');
    expect(md).toContain('The value above is the Holofoil printing (holofoil). All 3 printings, most valuable first:');
    expect(md).toMatch(
      /\| Shadowless Holofoil +\| +\$1,997\.59 \| +\$725\.00 \| +\$3,187\.00 \| low +\| 2025-10-20 \| \[106999\]\(https:\/\/www\.tcgplayer\.com\/product\/106999\) \|/,
    );
    expect(md).toMatch(/\| Holofoil +\| +\$458\.29 \| +\$327\.99 \| +\$1,000\.00 \|/);
    expect(md).toMatch(/\| 1st Edition Holofoil \(unpriced\) \| +n\/a \|/);
  });

  it("a card's page tabulates its printings, the Shadowless one with its value and product link", () => {
    const html = read('cards/charizard-base1-4.html');
    const row = html.match(/<tr id="printing-shadowless-holofoil">.*?<\/tr>/s)?.[0] ?? '';
    expect(row).toContain('Shadowless Holofoil');
    expect(row).toContain('$1,997.59');
    expect(row).toContain('href="https://www.tcgplayer.com/product/106999"');
    expect(html).toMatch(/<tr id="printing-holofoil">.*?\(the card's value\)/s);
  });

  it('the home page dates its list of the most valuable cards once and marks the stale ones; the sealed index dates a stale value', () => {
    const home = read('index.html');
    const list = home.slice(home.indexOf('<h2>Most valuable cards</h2>'));
    expect(list).toContain(
      '<p class="prices-as-of">Prices as of 2025-10-20 (TCGplayer market). A value marked <small class="muted">stale</small> was last reported before then.</p>',
    );
    expect(list.split('Prices as of')).toHaveLength(2);
    expect(list).toContain('$6.00 <small class="muted" title="Last reported before 2025-10-20">stale</small></li>');
    expect(list).toMatch(/\$458\.29<\/li>/);
    // The tin's market price is of 2025-07-08: its own date is shown.
    expect(read('sealed.html')).toContain(
      '<span class="result-price">$45.00</span> <small class="muted" title="Last reported 2025-07-08">stale, 2025-07-08</small></div>',
    );
  });

  it('llms.txt is a small index that links the knowledge base, not every card', () => {
    const llms = read('llms.txt');
    expect(llms).toMatch(/^# /);
    expect(llms).toContain('/knowledge/sealed-per-pack.md');
    expect(llms).toContain('/api/cards');
    expect(llms).not.toContain('/cards/charizard-base1-4');
  });

  it('openapi.json is OpenAPI 3.1, version 1.1.0, with a component for every schema file', () => {
    const api = readJson('openapi.json');
    expect(api.openapi).toBe('3.1.0');
    expect(api.info.version).toBe('1.1.0');
    expect(Object.keys(api.components.schemas).sort()).toEqual(schemaFiles().map(componentName).sort());
    const refs = JSON.stringify(api).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const path = ref
        .slice(8, -1)
        .replace('#/', '')
        .split('/')
        .filter((p) => p !== '$defs' || true);
      let node: unknown = api;
      for (const part of path) node = (node as Record<string, unknown>)?.[part];
      expect(node, ref).toBeDefined();
    }
    expect(api.paths['/api/sealed'].get.parameters.find((p: { name: string }) => p.name === 'kind').schema.enum).toEqual([
      'booster-box',
      'booster-pack',
      'etb',
      'sleeved-booster-pack',
      'tin',
    ]);
  });
});
