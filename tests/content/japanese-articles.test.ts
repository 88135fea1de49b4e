import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { roundHundredths } from '../../src/catalogue/money.ts';
import japaneseMasterBallPattern from '../../src/knowledge-facts/articles/japanese-master-ball-pattern.ts';
import japaneseVsEnglishPrices from '../../src/knowledge-facts/articles/japanese-vs-english-prices.ts';
import readingJapaneseCardNumbers from '../../src/knowledge-facts/articles/reading-japanese-card-numbers.ts';
import whyJapaneseSetsAreSmaller from '../../src/knowledge-facts/articles/why-japanese-sets-are-smaller.ts';
import { collectionsOf, twinPairsOf } from '../../src/knowledge-facts/japanese.ts';
import { pricedContentOf } from '../../src/knowledge-facts/priced-content.ts';
import { type ContentFiles, readContentFiles } from '../../src/loaders/content-files.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { fixtureWithEnglishTwins } from '../support/english-twins.ts';
import { scratchDir } from '../support/fixture-site.ts';
import { CONTENT_DIR, realContent } from '../support/real-catalogue.ts';

// biome-ignore lint/suspicious/noExplicitAny: an article's free-form facts, read by the test's own paths
type Facts = Record<string, any>;

/** A price line's market price, read from the card's record as content holds it (not through the facts code). */
const market = (card: CardEntry, printing: string | null = null) =>
  card.prices.find((p) => p.printing === printing && (printing !== null || p.primary))!.market!;

/**
 * The articles on Japanese cards (src/knowledge-facts/japanese.ts and the four facts files), computed for the fixture
 * content with English twins of its Japanese cards, each figure counted again from the records themselves.
 */
describe('the articles on Japanese cards, for the fixture with English twins', () => {
  const dir = fixtureWithEnglishTwins(scratchDir('japanese-articles'));
  const content: ContentFiles = readContentFiles(dir);
  const catalogue = pricedContentOf(content);
  const card = (id: string) => content.cards.find((c) => c.id === id)!;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a Japanese set is collected by the English set holding its artworks, and a twin is the card of the same name and illustrator there', () => {
    expect(collectionsOf(catalogue).map((c) => [c.english.name, c.japanese.map((s) => s.name)])).toEqual([
      ['Paldea Evolved', ['Clay Burst']],
      ['Prismatic Evolutions', ['Terastal Fest ex']],
    ]);
    expect(twinPairsOf(catalogue).map((p) => [p.japanese.entry.id, p.english.entry.id])).toEqual([
      ['jp-sv2d-096', 'sv2-269'],
      ['jp-sv8a-217', 'sv8pt5-161'],
      ['jp-sv8a-001', 'sv8pt5-4'],
    ]);
    for (const p of twinPairsOf(catalogue)) expect([p.japanese.entry.name, p.japanese.entry.artist]).toEqual([p.english.entry.name, p.english.entry.artist]);
  });

  it('an artwork printed twice in the English set pairs neither card, and a card drawn anew has no twin', () => {
    const iono = card('sv2-269');
    const twice = pricedContentOf({ ...content, cards: [...content.cards, { ...iono, id: 'sv2-254', number: '254' }] });
    expect(twinPairsOf(twice).map((p) => p.japanese.entry.id)).not.toContain('jp-sv2d-096');
    const redrawn = pricedContentOf({ ...content, cards: content.cards.map((c) => (c.id === 'sv2-269' ? { ...c, artist: 'Another Illustrator' } : c)) });
    expect(collectionsOf(redrawn).map((c) => c.english.name)).toEqual(['Prismatic Evolutions']);
    expect(twinPairsOf(redrawn).map((p) => p.japanese.entry.id)).toEqual(['jp-sv8a-217', 'jp-sv8a-001']);
  });

  it('japanese-vs-english-prices: each Japanese print over its English twin, and their median', () => {
    const facts = japaneseVsEnglishPrices.facts(catalogue) as Facts;
    const ratios = [
      ['jp-sv2d-096', 'sv2-269'],
      ['jp-sv8a-217', 'sv8pt5-161'],
      ['jp-sv8a-001', 'sv8pt5-4'],
    ].map(([ja, en]) => market(card(ja)) / market(card(en)));
    const median = [...ratios].sort((a, b) => a - b)[1];
    expect(facts).toMatchObject({ pairs: 3, collected_sets: 2, english_sets: 2, collected_share_pct: 50 });
    expect(facts.priced).toMatchObject({ pairs: 3, median_ratio: roundHundredths(median) });
    expect(facts.japanese_dearer).toEqual({ pairs: ratios.filter((r) => r > 1).length, pct: 33.3 });
    expect(
      facts.examples.map((e: { japanese: { card_id: string; valueUsd: number }; english: { valueUsd: number } }) => [
        e.japanese.card_id,
        e.japanese.valueUsd,
        e.english.valueUsd,
      ]),
    ).toEqual([
      ['jp-sv8a-217', market(card('jp-sv8a-217')), market(card('sv8pt5-161'))],
      ['jp-sv2d-096', market(card('jp-sv2d-096')), market(card('sv2-269'))],
      ['jp-sv8a-001', market(card('jp-sv8a-001')), market(card('sv8pt5-4'))],
    ]);
    expect(facts.examples[0].japanese.number).toBe('217/187');
    expect(Object.keys(facts.by_rarity)).toEqual(['Special Illustration Rare', 'Common']);
    expect(japaneseVsEnglishPrices.mentions!(facts).cards).toEqual(['jp-sv8a-217', 'sv8pt5-161', 'jp-sv2d-096', 'sv2-269', 'jp-sv8a-001', 'sv8pt5-4']);
  });

  it("japanese-master-ball-pattern: the Master Ball printing beside the reverse holo, the card, and the English twin's pattern", () => {
    const facts = japaneseMasterBallPattern.facts(catalogue) as Facts;
    const budew = card('jp-sv8a-001');
    const pattern = market(budew, 'masterball');
    expect(facts).toMatchObject({ sets: ['Terastal Fest ex'], set_codes: ['SV8a'], cards: 1, median_usd: pattern, with_english_twin: 1 });
    expect(facts.over_reverse_holo).toEqual({ cards: 1, median: roundHundredths(pattern / market(budew, 'reverse')) });
    expect(facts.over_card_value).toEqual({ cards: 1, median: roundHundredths(pattern / market(budew)) });
    expect(facts.beside_english_master_ball).toMatchObject({
      cards: 1,
      english_sets: ['Prismatic Evolutions'],
      median_ratio: roundHundredths(pattern / market(card('sv8pt5-4'), 'masterball')),
    });
    expect(facts.top[0]).toMatchObject({
      card_id: 'jp-sv8a-001',
      number: '001/187',
      twin: { rarity: 'Common', master_ball_usd: market(card('sv8pt5-4'), 'masterball') },
    });
  });

  it('why-japanese-sets-are-smaller: each English set beside the Japanese sets it collects, and the sets none collects', () => {
    const facts = whyJapaneseSetsAreSmaller.facts(catalogue) as Facts;
    const set = (id: string) => content.sets.find((s) => s.id === id)!;
    expect(facts.rows.map((r: Record<string, unknown>) => [r.english_set, r.english_printed_total, r.japanese_printed_total])).toEqual([
      ['Paldea Evolved', set('sv2').printedTotal, set('jp-sv2d').printedTotal],
      ['Prismatic Evolutions', set('sv8pt5').printedTotal, set('jp-sv8a').printedTotal],
    ]);
    const days = (Date.parse(set('sv8pt5').releaseDate) - Date.parse(set('jp-sv8a').releaseDate)) / 864e5;
    expect(facts.rows[1].days_after_last_japanese).toBe(days);
    expect(facts.not_collected.map((s: { code: string }) => s.code)).toEqual(['SV2a']);
  });

  it('reading-japanese-card-numbers: cards numbered past the printed total, their dearest, and the codes as printed', () => {
    const facts = readingJapaneseCardNumbers.facts(catalogue) as Facts;
    expect(facts.codes).toEqual(['SV2a', 'SV2D', 'SV8a']);
    expect(facts.rows.map((r: Record<string, unknown>) => [r.code, r.above])).toEqual([
      ['SV2a', 0],
      ['SV2D', 1],
      ['SV8a', 2],
    ]);
    expect(facts.rows[2].dearest_above).toMatchObject({ card_id: 'jp-sv8a-217', printed: '217/187', valueUsd: market(card('jp-sv8a-217')) });
    expect(facts).toMatchObject({ cards_above: 3, three_digit_numbers: { cards: 5, pct: 100 } });
  });
});

/** The bundled catalogue: the articles' key figures counted again straight from content's files. */
describe('the articles on Japanese cards, for the bundled catalogue', () => {
  const content = realContent();
  const structuredOf = (slug: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: free-form structured data of an article, read by the test's own paths
    (load(readFileSync(join(CONTENT_DIR, 'knowledge', `${slug}.md`), 'utf8').split(/^---$/m)[1]) as { structured: Record<string, any> }).structured;
  const byId = new Map(content.cards.map((c) => [c.id, c]));

  it('the Japanese Master Ball printings are the priced masterball price lines of Japanese cards', () => {
    const lines = content.cards.filter((c) => c.language === 'ja').flatMap((c) => c.prices.filter((p) => p.printing === 'masterball' && p.market !== null));
    expect(structuredOf('japanese-master-ball-pattern').cards).toBe(lines.length);
  });

  it('every example pair is one artwork in two languages, each side at its own price', () => {
    const { examples } = structuredOf('japanese-vs-english-prices');
    expect(examples.length).toBeGreaterThan(0);
    for (const { japanese, english } of examples) {
      const [ja, en] = [byId.get(japanese.card_id)!, byId.get(english.card_id)!];
      expect([ja.language, en.language]).toEqual(['ja', 'en']);
      expect([ja.name, ja.artist]).toEqual([en.name, en.artist]);
      expect([japanese.valueUsd, english.valueUsd]).toEqual([roundHundredths(market(ja)), roundHundredths(market(en))]);
    }
  });
});
