import { percentOf, roundHundredths } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { COLLECTED_SHARE, collectionsOf, japaneseCards, japaneseSets, printedCodeOf, type TwinPair, twinPairsOf } from '../japanese.ts';
import { historySpanOf } from '../new-era.ts';
import { medianRatio, medianValue, ranked, valued } from '../priced-content.ts';

/** How many pairs the table of examples lists, the most valuable Japanese prints first. */
const TOP = 10;

type Priced = TwinPair & { ratio: number };
type Side = { card_id: string; name: string; set: string; number: string; slug: string; valueUsd: number };
type Example = { japanese: Side; english: Side; ratio: number };

const sideOf = (c: TwinPair['japanese']): Side => ({
  card_id: c.entry.id,
  name: c.entry.name,
  set: c.set.name,
  number: `${c.entry.number}/${c.set.printedTotal}`,
  slug: c.summary.slug,
  valueUsd: c.summary.valueUsd!,
});

function summaryOf(pairs: readonly Priced[]) {
  return {
    pairs: pairs.length,
    median_ratio: medianRatio(pairs.map((p) => p.ratio)),
    japanese_median_usd: medianValue(pairs.map((p) => p.japanese)),
    english_median_usd: medianValue(pairs.map((p) => p.english)),
  };
}

const article: ArticleFacts = {
  slug: 'japanese-vs-english-prices',
  reads: 'all',
  facts(catalogue) {
    const collections = collectionsOf(catalogue);
    const pairs = twinPairsOf(catalogue);
    const priced: Priced[] = pairs
      .filter((p) => p.japanese.summary.valueUsd !== null && p.english.summary.valueUsd !== null)
      .map((p) => ({ ...p, ratio: p.japanese.summary.valueUsd! / p.english.summary.valueUsd! }));
    const japanese = japaneseCards(catalogue);
    const dearer = priced.filter((p) => p.ratio > 1).length;
    const rarityOf = (p: Priced) => p.english.entry.rarity ?? '(none)';
    const examples = [...priced]
      .sort((a, b) => b.japanese.summary.valueUsd! - a.japanese.summary.valueUsd! || (a.japanese.entry.id < b.japanese.entry.id ? -1 : 1))
      .slice(0, TOP);
    return {
      prices_as_of: catalogue.pricesAsOf,
      history_span: historySpanOf(valued(japanese)),
      japanese_cards: japanese.length,
      japanese_sets: japaneseSets(catalogue).length,
      japanese_valued: valued(japanese).length,
      collected_sets: collections.reduce((n, c) => n + c.japanese.length, 0),
      english_sets: collections.length,
      collected_share_pct: COLLECTED_SHARE * 100,
      pairs: pairs.length,
      priced: summaryOf(priced),
      japanese_dearer: { pairs: dearer, pct: percentOf(dearer, priced.length) },
      by_rarity: Object.fromEntries(ranked(priced, rarityOf).map(([rarity]) => [rarity, summaryOf(priced.filter((p) => rarityOf(p) === rarity))])),
      // A list, not a mapping: a set named by digits ("151") would come first in a mapping whatever its order.
      by_set: collections.map(({ english, japanese: sets }) => ({
        english_set: english.name,
        japanese_sets: sets.map((s) => printedCodeOf(catalogue, s)),
        ...summaryOf(priced.filter((p) => p.english.entry.set === english.id)),
      })),
      top_count: examples.length,
      examples: examples.map((p): Example => ({ japanese: sideOf(p.japanese), english: sideOf(p.english), ratio: roundHundredths(p.ratio) })),
    };
  },
  mentions: (facts) => ({ cards: (facts.examples as Example[]).flatMap((e) => [e.japanese.card_id, e.english.card_id]), sealed: [] }),
};

export default article;
