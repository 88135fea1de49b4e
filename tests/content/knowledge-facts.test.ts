import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { roundUsd } from '../../src/catalogue/money.ts';
import { priceStatusOf } from '../../src/catalogue/price-status.ts';
import { valueBandOf } from '../../src/catalogue/value-bands.ts';
import { ARTICLE_FACTS, pricedContentOf, reviewArticle, reviewArticles } from '../../src/knowledge-facts/index.ts';
import { findMarkers } from '../../src/knowledge-facts/markers.ts';
import { englishContentOf } from '../../src/knowledge-facts/priced-content.ts';
import { readmeFactsOf, reviewReadme } from '../../src/knowledge-facts/readme.ts';
import { CONTENT_DIR, realContent } from '../support/real-catalogue.ts';

/** Numbers an article states in `structured` equal a fresh count from the bundled content. */
const structuredOf = (slug: string) => {
  const [, frontMatter] = readFileSync(join(CONTENT_DIR, 'knowledge', `${slug}.md`), 'utf8').split(/^---$/m);
  // biome-ignore lint/suspicious/noExplicitAny: free-form structured data of an article, read by the test's own paths
  return (load(frontMatter) as { structured: Record<string, any> }).structured;
};

describe('value-outside-listings', () => {
  it('counts the cards whose market price lies outside their listings, as the content says today', () => {
    let priced = 0,
      below = 0,
      above = 0;
    // The articles' figures are of the English catalogue (englishContentOf).
    for (const card of englishContentOf(realContent()).cards) {
      const price = primaryPriceOf(card);
      if (!price) continue;
      priced++;
      if (price.low !== null && price.market! < price.low) below++;
      else if (price.high !== null && price.market! > price.high) above++;
    }
    expect(structuredOf('value-outside-listings').cards).toEqual({ priced, market_below_low: below, market_above_high: above });
  });

  it('counts the sealed products the same way', () => {
    let priced = 0,
      below = 0,
      above = 0;
    const dir = join(CONTENT_DIR, 'sealed');
    const products = readdirSync(dir).flatMap(
      (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).products as { price: { low: number | null; high: number | null; market: number | null } | null }[],
    );
    for (const { price } of products) {
      if (!price || price.market === null) continue;
      priced++;
      if (price.low !== null && price.market < price.low) below++;
      else if (price.high !== null && price.market > price.high) above++;
    }
    expect(structuredOf('value-outside-listings').sealed).toEqual({ priced, market_below_low: below, market_above_high: above });
  });
});

/**
 * The figures of the articles (src/knowledge-facts/: a facts file computes an article's `structured` members, and its
 * Markdown marks where it states them), recomputed from content/ as it is now. A catalogue change that moves one
 * (an import, the daily prices) fails here until `npm run facts -- --write` has written it, so no article states
 * yesterday's figure unseen.
 */
describe('the figures articles state', () => {
  const content = realContent();
  // The articles' figures are of the English catalogue (englishContentOf), but for those on Japanese cards, which
  // read every card (ArticleFacts.reads); the README counts every card.
  const english = englishContentOf(content);
  const catalogue = pricedContentOf(english);
  const everyCard = pricedContentOf(content);
  const catalogueOf = (article: (typeof ARTICLE_FACTS)[number]) => (article.reads === 'all' ? everyCard : catalogue);
  const articleText = (slug: string) => readFileSync(join(CONTENT_DIR, 'knowledge', `${slug}.md`), 'utf8');
  const slugs = readdirSync(join(CONTENT_DIR, 'knowledge'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3));

  it.each(ARTICLE_FACTS.map((a) => [a.slug, a] as const))('%s: structured holds the figures content gives today', (slug, article) => {
    const facts = article.facts(catalogueOf(article));
    const stated = structuredOf(slug);
    expect(Object.fromEntries(Object.keys(facts).map((key) => [key, stated[key]]))).toEqual(facts);
  });

  it('every article is up to date: each marked figure and fact-table as content gives it, and no figure of a facts article unmarked', () => {
    const reviews = reviewArticles(
      content,
      slugs.map((slug) => ({ slug, text: articleText(slug) })),
    );
    expect(reviews.flatMap((r) => r.problems.map((p) => `${r.slug}: ${p.message}`))).toEqual([]);
    expect(reviews.flatMap((r) => r.differences.map((d) => `${r.slug}: ${d.path.join('.')} ${d.marker ?? ''}`))).toEqual([]);
    expect(reviews.filter((r) => r.text !== r.was).map((r) => r.slug)).toEqual([]);
  });

  it('every facts article marks its figures: none keeps a figure of its facts typed as plain text', () => {
    for (const { slug } of ARTICLE_FACTS) expect(findMarkers(articleText(slug)).facts.length, slug).toBeGreaterThan(0);
  });

  // What issue 44 asked for: an editor rewords any sentence of any article in its Markdown alone. Every line that
  // holds a marked figure is reworded here (words added around the markers), and nothing is stale or unplaced.
  it.each(ARTICLE_FACTS.map((a) => [a.slug, a] as const))('%s: every sentence with a figure can be reworded in the Markdown alone', (slug, article) => {
    const [, yaml, body] = /^---\n([\s\S]*?\n)---\n([\s\S]*)$/.exec(articleText(slug))!;
    const rewordedYaml = yaml.replace(/^answer: "/m, 'answer: "In short: ');
    const rewordedBody = body
      .split('\n')
      .map((line) => (line.includes(':fact[') && !line.startsWith('|') ? line.replace(/^((?:#+|-|\d+\.) )?/, '$1As it happens, ') : line))
      .join('\n');
    const reworded = `---\n${rewordedYaml}---\n${rewordedBody}`;
    expect(reworded).not.toBe(articleText(slug));
    const review = reviewArticle(reworded, article, catalogueOf(article));
    expect(review.problems).toEqual([]);
    expect(review.differences).toEqual([]);
    expect(review.text).toBe(reworded);
  });

  it('a price that moves makes each figure marked from it stale, named by its marker at its line', () => {
    const moved = { ...content, cards: content.cards.map((c) => (c.id === 'base1-4' ? { ...c, prices: c.prices.map((p) => ({ ...p, market: 999.99 })) } : c)) };
    const slug = 'value-bands-explained';
    const [review] = reviewArticles(moved, [{ slug, text: articleText(slug) }]);
    const stale = review.differences.find((d) => d.marker === 'card=base1-4');
    expect(stale).toMatchObject({ path: ['body'], was: '$458.29', now: '$999.99' });
    expect(review.was.slice(stale!.offset, stale!.offset! + '$458.29'.length)).toBe('$458.29');
  });

  // A second count, straight from the price lines, of what the facts take from the API's records: the figures
  // must be the ones a client counts in /api/cards, whatever the facts code does.
  it('counts cards by price status and band as the price lines give them', () => {
    const asOf = pricesAsOfOf(english.cards, english.sealed);
    const status = { priced: 0, stale: 0, unpriced: 0 };
    const bands = { grail: 0, chase: 0, mid: 0, budget: 0, unpriced: 0 };
    for (const card of english.cards) {
      const line = primaryPriceOf(card);
      status[priceStatusOf(line?.updatedAt ?? null, asOf)]++;
      bands[valueBandOf(line ? roundUsd(line.market!) : null) ?? 'unpriced']++;
    }
    expect(structuredOf('priced-stale-unpriced').cards_by_status).toEqual(status);
    const { cards_with_value, budget_cards, grail_cards } = structuredOf('why-most-cards-are-budget');
    expect({ cards_with_value, budget_cards, grail_cards }).toEqual({
      cards_with_value: english.cards.length - bands.unpriced,
      budget_cards: bands.budget,
      grail_cards: bands.grail,
    });
    expect(structuredOf('how-card-values-are-computed').cards_total).toBe(english.cards.length);
  });

  // The README's catalogue sentence, written by the same quotes (src/knowledge-facts/readme.ts): the daily job
  // rewrites it with the prices, so it is true the day after; a content change without `npm run facts` fails here.
  it("the README's catalogue sentence states what content gives today", () => {
    const readme = readFileSync(join(CONTENT_DIR, '..', 'README.md'), 'utf8');
    const articles = readdirSync(join(CONTENT_DIR, 'knowledge')).filter((f) => f.endsWith('.md')).length;
    const whole = pricedContentOf(content);
    const review = reviewReadme(readme, whole, articles);
    expect(review.problems).toEqual([]);
    expect(review.differences).toEqual([]);
    expect(readmeFactsOf(whole, articles)).toMatchObject({ cards: content.cards.length, sets: content.sets.length, sealed: content.sealed.length });
  });

  it('the stale rule the articles state is the one the code applies', () => {
    const line = (days: number) =>
      priceStatusOf(new Date(Date.parse(`${catalogue.pricesAsOf}T00:00:00Z`) - days * 864e5).toISOString().slice(0, 10), catalogue.pricesAsOf);
    const { stale_after_days: days } = structuredOf('priced-stale-unpriced');
    expect([line(days), line(days + 1)]).toEqual(['priced', 'stale']);
  });
});

/**
 * The new era's articles, their key figures counted again straight from the files of content/ (the price lines'
 * market prices, the sealed products' prices and pack counts), not through the facts code.
 */
describe("the new era's articles", () => {
  const cards = englishContentOf(realContent()).cards;
  const sets = JSON.parse(readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8')) as { id: string; name: string; series: string; releaseDate: string }[];
  const setOf = new Map(sets.map((s) => [s.id, s]));
  const cardValue = (card: (typeof cards)[number]) => {
    const line = primaryPriceOf(card);
    return line ? roundUsd(line.market!) : null;
  };
  const sealedDir = join(CONTENT_DIR, 'sealed');
  const products = readdirSync(sealedDir).flatMap(
    (f) =>
      JSON.parse(readFileSync(join(sealedDir, f), 'utf8')).products as { productId: number; packs: number | null; price: { market: number | null } | null }[],
  );
  const asOf = pricesAsOfOf(cards, []);

  it('the most valuable card of the last Scarlet & Violet sets is the one the article names', () => {
    const after = setOf.get('sv6pt5')!.releaseDate;
    const last = cards.filter((c) => setOf.get(c.set)!.series === 'Scarlet & Violet' && setOf.get(c.set)!.releaseDate > after && cardValue(c) !== null);
    const top = last.reduce((a, b) => (cardValue(b)! > cardValue(a)! ? b : a));
    const stated = structuredOf('last-scarlet-violet-sets-chase-cards');
    expect(stated.most_valuable).toMatchObject({ card_id: top.id, valueUsd: cardValue(top) });
    expect(stated.overall.valued).toBe(last.length);
  });

  it('Black White Rares and Mega Hyper Rares are counted and valued as the card files give them', () => {
    const bwr = cards.filter((c) => c.rarity === 'Black White Rare').map(cardValue);
    expect(structuredOf('black-white-rares')).toMatchObject({
      cards: bwr.length,
      min_usd: Math.min(...(bwr as number[])),
      max_usd: Math.max(...(bwr as number[])),
    });
    const mhr = cards.filter((c) => c.rarity === 'Mega Hyper Rare');
    expect(structuredOf('mega-hyper-rares')).toMatchObject({
      cards: mhr.length,
      priced: mhr.filter((c) => cardValue(c) !== null).length,
      unpriced: mhr.filter((c) => cardValue(c) === null).length,
    });
  });

  it('the Mega Evolution sets released after the price date have exactly the unpriced cards the article counts', () => {
    const after = cards.filter((c) => setOf.get(c.set)!.series === 'Mega Evolution' && setOf.get(c.set)!.releaseDate > asOf);
    expect(structuredOf('mega-evolution-era-unpriced').released_after_prices).toMatchObject({
      cards: after.length,
      unpriced: after.filter((c) => cardValue(c) === null).length,
    });
  });

  it('Poké Ball and Master Ball printings are counted from their price lines', () => {
    const lines = (printing: string) => cards.flatMap((c) => c.prices.filter((p) => p.printing === printing && p.market !== null));
    const { all } = structuredOf('poke-ball-master-ball-printings');
    expect([all.pokeball.cards, all.masterball.cards]).toEqual([lines('pokeball').length, lines('masterball').length]);
  });

  it("each sealed product's price per pack is its price over its packs, from the sealed files", () => {
    const rows = Object.values(
      structuredOf('new-era-sealed-values').by_set as Record<string, Record<string, { product_id: number; per_pack_usd: number | null }>>,
    ).flatMap((r) => Object.values(r));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const product = products.find((p) => p.productId === row.product_id)!;
      const perPack = product.packs && product.price?.market != null ? roundUsd(roundUsd(product.price.market) / product.packs) : null;
      expect(row.per_pack_usd, String(row.product_id)).toBe(perPack);
    }
  });
});
