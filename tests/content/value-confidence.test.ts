import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printingsOf } from '../../src/catalogue/card-record.ts';
import type { ConfidenceTier } from '../../src/catalogue/value-confidence.ts';
import { gradedFiguresOf } from '../../src/collection/collection-data.ts';
import { linesOfText } from '../../src/collection/list-lines.ts';
import { valueList } from '../../src/collection/value-list.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { CARD_CATALOGUE, createCardSearcher, productLookup, productPositionsOf } from '../../src/search/card-searcher.ts';
import { prepareCatalogue } from '../../src/search/catalogue-searcher.ts';
import { createSealedSearcher } from '../../src/search/sealed-searcher.ts';
import { CONTENT_DIR, loadRealCatalogue } from '../support/real-catalogue.ts';

/**
 * How sure a value is, on real cards and products whose tier anyone can tell from their data (issue 34): each label
 * says why. When the daily prices move one across a threshold for good, relabel it from its data, and say so; when
 * many move, the thresholds (src/catalogue/value-confidence.ts, docs/data.md) are what to look at again.
 */
const CARDS: { id: string; tier: ConfidenceTier; why: string }[] = [
  { id: 'base1-4', tier: 'high', why: 'Charizard, $458: listings from $327.99, priced every day, steady' },
  { id: 'sv8pt5-161', tier: 'high', why: 'Umbreon ex, a $1,000 modern chase card: lowest listing 17% above it, priced every day' },
  { id: 'sv8-1', tier: 'high', why: 'a common of a modern set at $0.08, priced every day: a spread of cents is no doubt' },
  { id: 'neo4-107', tier: 'low', why: 'Shining Charizard, $6,502: listings from $1,299, 80% under the value' },
  { id: 'bw11-115', tier: 'low', why: 'Zekrom, $270: its 30 days swing by 30% (coefficient of variation)' },
  { id: 'ex10-117', tier: 'low', why: 'Celebi ex, $500: priced on 4 of its last 30 days' },
  { id: 'basep-5', tier: 'medium', why: 'Dragonite, $46: listings from $23, half the value' },
  { id: 'base4-82', tier: 'medium', why: 'Nidoran ♀: no daily history, recorded 10 days before the catalogue’s date' },
];

const SEALED: { name: string; tier: ConfidenceTier; why: string }[] = [
  { name: 'Evolving Skies Booster Box', tier: 'high', why: '$2,590: lowest listing 5% under it, priced every day, steady' },
  { name: 'Incineroar GX Challenge Box', tier: 'low', why: 'priced on 1 of its last 30 days' },
  { name: 'Crown Zenith Collection Case', tier: 'low', why: 'recorded on 2025-08-31, weeks before the catalogue’s date' },
];

describe('how sure a value is, on the real catalogue', () => {
  const catalogue = loadRealCatalogue();

  it.each(CARDS)('$id is $tier: $why', ({ id, tier }) => {
    const card = catalogue.cards.find((c) => c.summary.id === id);
    expect(card?.summary.confidence?.tier, JSON.stringify(card?.summary.confidence)).toBe(tier);
  });

  it.each(SEALED)('$name is $tier: $why', ({ name, tier }) => {
    const product = catalogue.sealed.find((p) => p.cleanName === name);
    expect(product?.confidence?.tier, JSON.stringify(product?.confidence)).toBe(tier);
  });

  it('the Shadowless Charizard, $1,997 with listings from $725 to $3,187, is low: a thin market', () => {
    const cards: CardEntry[] = JSON.parse(readFileSync(join(CONTENT_DIR, 'cards', 'base1.json'), 'utf8'));
    const shadowless = printingsOf(cards.find((c) => c.id === 'base1-4')!, catalogue.pricesAsOf).find((p) => p.id === 'shadowless-holofoil');
    expect(shadowless).toMatchObject({ lowPrice: 725, highPrice: 3187, confidence: { tier: 'low', spreadPct: 63.7 } });
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
