import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printingsOf } from '../../src/catalogue/card-record.ts';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import type { ConfidenceTier } from '../../src/catalogue/value-confidence.ts';
import { gradedFiguresOf } from '../../src/collection/collection-data.ts';
import { linesOfText } from '../../src/collection/list-lines.ts';
import { valueList } from '../../src/collection/value-list.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { addDays, daysBetween } from '../../src/schemas/dates.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import { CARD_CATALOGUE, createCardSearcher, productLookup, productPositionsOf } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import { createSealedSearcher } from '../../src/search/sealed-searcher.ts';
import { CONTENT_DIR, loadRealCatalogue, realContent } from '../support/real-catalogue.ts';

/**
 * How sure a value is (issue 34), on the real catalogue: for each reason a tier gives, the most valuable card or
 * product whose data plainly show that reason has that tier. Each is found by what its price lines and history say,
 * read here straight from content/ (not through the confidence code), with margins well clear of the thresholds
 * (src/catalogue/value-confidence.ts, docs/data.md): the daily prices change which card it is, never the rule.
 */
interface Evidence {
  /** The value, its lowest listing's distance from it in percent, its priced days and their variation of the 30 days to its date, its days before the catalogue's date. */
  value: number;
  spread: number | null;
  /** The spread to one decimal, halves up, worked out in whole cents: no floating point error decides a half. */
  spreadTenths: number | null;
  pricedDays: number | null;
  variation: number | null;
  stale: number;
}

const cents = (usd: number) => Math.round(usd * 100);

/** What a price line and its daily history show, counted here as the docs state the inputs. */
function evidenceOf(
  line: { low: number | null; market: number | null; updatedAt: string },
  history: { start: string; market: (number | null)[] } | undefined,
  asOf: string,
): Evidence {
  const value = line.market!;
  const days =
    history && line.updatedAt >= history.start
      ? Array.from({ length: 30 }, (_, i) => history.market[daysBetween(history.start, addDays(line.updatedAt, i - 29))] ?? null).filter(
          (v): v is number => v !== null,
        )
      : undefined;
  const mean = days && days.reduce((a, b) => a + b, 0) / days.length;
  return {
    value,
    spread: line.low === null || value <= 0 ? null : (Math.abs(value - line.low) / value) * 100,
    spreadTenths: line.low === null || value <= 0 ? null : Math.round((Math.abs(cents(value) - cents(line.low)) * 1000) / cents(value)) / 10,
    pricedDays: days ? days.length : null,
    variation: days && days.length > 1 && mean! > 0 ? (Math.sqrt(days.reduce((a, b) => a + (b - mean!) ** 2, 0) / days.length) / mean!) * 100 : null,
    stale: daysBetween(line.updatedAt, asOf),
  };
}

/** content/sealed's products by id, their price and history as the files hold them. */
function sealedEntries(): Map<number, Pick<SealedEntry, 'price' | 'history'>> {
  const dir = join(CONTENT_DIR, 'sealed');
  return new Map(
    readdirSync(dir).flatMap((file) => (JSON.parse(readFileSync(join(dir, file), 'utf8')).products as SealedEntry[]).map((p) => [p.productId, p] as const)),
  );
}

const steady = (e: Evidence) => e.pricedDays === 30 && e.variation !== null && e.variation < 5 && e.stale === 0;
const EXAMPLES: { tier: ConfidenceTier; why: string; fits: (e: Evidence) => boolean }[] = [
  {
    tier: 'high',
    why: 'worth $100 or more, its lowest listing within 20% of it, priced every day of 30, steady',
    fits: (e) => e.value >= 100 && e.spread !== null && e.spread < 20 && steady(e),
  },
  {
    tier: 'high',
    why: 'worth cents, priced every day: a spread of cents, however many percent, is no doubt',
    fits: (e) => e.value < 0.5 && e.spread !== null && e.spread > 70 && e.pricedDays === 30 && e.stale === 0,
  },
  {
    tier: 'low',
    why: 'a thin market: its lowest listing under a quarter of it, and $10 or more away',
    fits: (e) => e.spread !== null && e.spread > 75 && (e.spread / 100) * e.value >= 10,
  },
  {
    tier: 'low',
    why: 'volatile: its 30 days vary by more than 40%, $20 or more',
    fits: (e) => e.variation !== null && e.variation > 40 && (e.variation / 100) * e.value >= 20,
  },
  { tier: 'low', why: 'rarely priced: on 5 or fewer of its last 30 days', fits: (e) => e.pricedDays !== null && e.pricedDays <= 5 },
  { tier: 'low', why: 'stale: recorded more than 40 days before the catalogue’s date', fits: (e) => e.stale > 40 },
  {
    tier: 'medium',
    why: 'its lowest listing 40–50% under it ($5 or more), priced every day, steady',
    fits: (e) => e.spread !== null && e.spread > 40 && e.spread < 50 && (e.spread / 100) * e.value >= 5 && steady(e),
  },
  {
    tier: 'medium',
    why: 'no daily history, recorded 5 to 25 days before the catalogue’s date, its lowest listing within 20%',
    fits: (e) => e.pricedDays === null && e.stale >= 5 && e.stale <= 25 && e.spread !== null && e.spread < 20,
  },
];

describe('how sure a value is, on the real catalogue', () => {
  const catalogue = loadRealCatalogue();
  const summaries = new Map(catalogue.cards.map(({ summary }) => [summary.id, summary]));
  const cards = realContent().cards.flatMap((card) => {
    const line = primaryPriceOf(card);
    if (!line) return [];
    const history = card.history.find((h) => h.variant === line.variant && h.productId === line.productId);
    return [{ id: card.id, evidence: evidenceOf(line, history, catalogue.pricesAsOf) }];
  });
  const entries = sealedEntries();
  const sealed = catalogue.sealed.flatMap((product) => {
    const entry = entries.get(product.productId)!;
    return entry.price?.market == null ? [] : [{ product, evidence: evidenceOf(entry.price, entry.history, catalogue.pricesAsOf) }];
  });
  /** The most valuable of those that fit. */
  const top = <T extends { evidence: Evidence }>(items: T[], fits: (e: Evidence) => boolean) =>
    items.filter((item) => fits(item.evidence)).sort((a, b) => b.evidence.value - a.evidence.value)[0];

  it.each(EXAMPLES)('the most valuable card and sealed product $why are $tier', ({ tier, fits, why }) => {
    const card = top(cards, fits);
    const product = top(sealed, fits);
    expect(card ?? product, `nothing in the catalogue is ${why}`).toBeDefined();
    if (card) expect(summaries.get(card.id)!.confidence?.tier, `${card.id}: ${JSON.stringify(summaries.get(card.id)!.confidence)}`).toBe(tier);
    if (product) expect(product.product.confidence?.tier, `${product.product.cleanName}: ${JSON.stringify(product.product.confidence)}`).toBe(tier);
  });

  it('serves the inputs the data show: the spread, priced days, variation and days before the catalogue’s date', () => {
    const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
    for (const { id, evidence } of cards) {
      const served = summaries.get(id)!.confidence!;
      expect([served.spreadPct, served.pricedDays30, served.volatility30Pct, served.staleDays], id).toEqual([
        evidence.spreadTenths,
        evidence.pricedDays,
        round1(evidence.variation),
        Math.max(0, evidence.stale),
      ]);
    }
  });

  it("the Shadowless Charizard's confidence is its own printing's, its listings and spread, not the card's", () => {
    const cards: CardEntry[] = JSON.parse(readFileSync(join(CONTENT_DIR, 'cards', 'base1.json'), 'utf8'));
    const charizard = cards.find((c) => c.id === 'base1-4')!;
    const line = charizard.prices.find((p) => p.printing === 'shadowless')!;
    const shadowless = printingsOf(charizard, catalogue.pricesAsOf).find((p) => p.id === 'shadowless-holofoil');
    const spread = Math.round((Math.abs(line.market! - line.low!) / line.market!) * 1000) / 10;
    expect(shadowless).toMatchObject({ lowPrice: line.low, highPrice: line.high, confidence: { spreadPct: spread } });
    expect(summaries.get('base1-4')!.confidence!.spreadPct).not.toBe(spread);
  });

  it("a card's confidence is its value printing's", () => {
    const cards: CardEntry[] = JSON.parse(readFileSync(join(CONTENT_DIR, 'cards', 'base1.json'), 'utf8'));
    for (const entry of cards) {
      const { summary } = catalogue.cards.find((c) => c.summary.id === entry.id)!;
      const valued = printingsOf(entry, catalogue.pricesAsOf).filter((p) => p.primary && p.valueUsd === summary.valueUsd);
      if (summary.confidence) expect(valued.map((p) => p.confidence)).toContainEqual(summary.confidence);
    }
  });

  it('most priced cards are high, and each tier holds some: the thresholds still part the catalogue', () => {
    const tiers = { high: 0, medium: 0, low: 0 };
    for (const { summary } of catalogue.cards) if (summary.confidence) tiers[summary.confidence.tier]++;
    const priced = tiers.high + tiers.medium + tiers.low;
    expect(tiers.high / priced, JSON.stringify(tiers)).toBeGreaterThan(0.6);
    expect(tiers.medium / priced, JSON.stringify(tiers)).toBeGreaterThan(0.05);
    expect(tiers.low / priced, JSON.stringify(tiers)).toBeGreaterThan(0.01);
    expect(tiers.low, JSON.stringify(tiers)).toBeLessThan(tiers.medium);
  });

  it('an unpriced value has no confidence, and every priced one has', () => {
    for (const { summary } of catalogue.cards) expect(summary.confidence === null, summary.id).toBe(summary.valueUsd === null);
    for (const product of catalogue.sealed) expect(product.confidence === null, product.id).toBe(product.valueUsd === null);
  });
});

describe('how sure a collection line is', () => {
  it('a line valued at its item’s own value has its confidence; a graded figure or a named printing has none at hand', () => {
    const real = loadRealCatalogue();
    const cardData = prepareCatalogue(real.cards, CARD_CATALOGUE, real.aliases);
    const cards: CardEntry[] = JSON.parse(readFileSync(join(CONTENT_DIR, 'cards', 'base1.json'), 'utf8'));
    const searchers = {
      cards: createCardSearcher(cardData),
      sealed: createSealedSearcher(real.sealedRecords, { aliases: real.aliases }),
      cardProducts: productLookup(productPositionsOf(cardData.size, cardData.item)),
      gradedOf: (id: string) => {
        const graded = cards.find((c) => c.id === id)?.graded;
        return graded && gradedFiguresOf(graded);
      },
    };
    const list = 'charizard 4/102\nevolving skies booster box\ncharizard 4/102 psa 10\ncharizard base set shadowless';
    const [own, sealed, graded, printing] = valueList(linesOfText(list), searchers, real.pricesAsOf).entries;
    const charizard = real.cards.find((c) => c.summary.id === 'base1-4')!.summary;
    expect(own).toMatchObject({ unitValueUsd: charizard.valueUsd, confidence: charizard.confidence });
    expect(sealed.confidence).toEqual(real.sealed.find((p) => p.cleanName === 'Evolving Skies Booster Box')!.confidence);
    expect(graded.grade?.valueUsd).not.toBeNull();
    expect(graded).not.toHaveProperty('confidence');
    expect(printing.card?.printing?.label).toBe('Shadowless Holofoil');
    expect(printing).not.toHaveProperty('confidence');
  });
});
