import { printingsOf } from '../../catalogue/card-record.ts';
import { medianUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { japaneseCards, printedCodeOf, twinPairsOf } from '../japanese.ts';
import { type FactsCard, medianRatio, ranked } from '../priced-content.ts';

/** How many of the most valuable Japanese Master Ball printings the table lists. */
const TOP = 10;
/** The printing label of the pattern, as content's price lines name it (English and Japanese alike). */
const MASTER_BALL = 'masterball';
/** A Japanese reverse holo: TCGplayer sells it as a product of its own, labelled so in content. */
const JAPANESE_REVERSE = 'reverse';

type Found = { card: FactsCard; masterUsd: number; reverseUsd: number | null; twin: FactsCard | null; twinMasterUsd: number | null };
type Row = {
  card_id: string;
  name: string;
  number: string;
  slug: string;
  master_ball_usd: number;
  reverse_usd: number | null;
  valueUsd: number | null;
  twin: { name: string; set: string; rarity: string; slug: string; master_ball_usd: number | null; valueUsd: number | null } | null;
};

const printingValue = (card: FactsCard, pricesAsOf: string, printing: string) =>
  printingsOf(card.entry, pricesAsOf).find((p) => p.printing === printing && p.valueUsd !== null)?.valueUsd ?? null;

const article: ArticleFacts = {
  slug: 'japanese-master-ball-pattern',
  reads: 'all',
  facts(catalogue) {
    const twinOf = new Map(twinPairsOf(catalogue).map((p) => [p.japanese.entry.id, p.english]));
    // Only the cards with a pattern line are read printing by printing: reading every card's takes a second.
    const withPattern = japaneseCards(catalogue).filter((c) => c.entry.prices.some((p) => p.printing === MASTER_BALL));
    const found: Found[] = withPattern.flatMap((card) => {
      const masterUsd = printingValue(card, catalogue.pricesAsOf, MASTER_BALL);
      if (masterUsd === null) return [];
      const twin = twinOf.get(card.entry.id) ?? null;
      return [
        {
          card,
          masterUsd,
          reverseUsd: printingValue(card, catalogue.pricesAsOf, JAPANESE_REVERSE),
          twin,
          twinMasterUsd: twin && printingValue(twin, catalogue.pricesAsOf, MASTER_BALL),
        },
      ];
    });
    const byValue = [...found].sort((a, b) => b.masterUsd - a.masterUsd || (a.card.entry.id < b.card.entry.id ? -1 : 1));
    const sets = [...new Set(found.map((f) => f.card.set))];
    const withTwinPattern = found.filter((f) => f.twinMasterUsd !== null);
    const twinRarity = (f: Found) => f.twin?.entry.rarity ?? '(no English twin)';
    const ratio = (fs: readonly Found[], over: (f: Found) => number | null) => medianRatio(fs.flatMap((f) => (over(f) ? [f.masterUsd / over(f)!] : [])));
    return {
      prices_as_of: catalogue.pricesAsOf,
      sets: sets.map((s) => s.name),
      set_codes: sets.map((s) => printedCodeOf(catalogue, s)),
      cards: found.length,
      median_usd: medianUsd(found.map((f) => f.masterUsd)),
      cheapest_usd: byValue.at(-1)?.masterUsd ?? null,
      over_reverse_holo: { cards: found.filter((f) => f.reverseUsd).length, median: ratio(found, (f) => f.reverseUsd) },
      over_card_value: { cards: found.filter((f) => f.card.summary.valueUsd).length, median: ratio(found, (f) => f.card.summary.valueUsd) },
      with_english_twin: found.filter((f) => f.twin).length,
      beside_english_master_ball: {
        cards: withTwinPattern.length,
        english_sets: [...new Set(withTwinPattern.map((f) => f.twin!.set.name))],
        japanese_median_usd: medianUsd(withTwinPattern.map((f) => f.masterUsd)),
        english_median_usd: medianUsd(withTwinPattern.map((f) => f.twinMasterUsd!)),
        median_ratio: ratio(withTwinPattern, (f) => f.twinMasterUsd),
      },
      by_twin_rarity: Object.fromEntries(
        ranked(found, twinRarity).map(([rarity, cards]) => {
          const of = found.filter((f) => twinRarity(f) === rarity);
          return [rarity, { cards, median_usd: medianUsd(of.map((f) => f.masterUsd)), over_reverse_holo: ratio(of, (f) => f.reverseUsd) }];
        }),
      ),
      top_count: Math.min(TOP, byValue.length),
      top: byValue.slice(0, TOP).map(
        (f): Row => ({
          card_id: f.card.entry.id,
          name: f.card.entry.name,
          number: `${f.card.entry.number}/${f.card.set.printedTotal}`,
          slug: f.card.summary.slug,
          master_ball_usd: f.masterUsd,
          reverse_usd: f.reverseUsd,
          valueUsd: f.card.summary.valueUsd,
          twin: f.twin && {
            name: f.twin.entry.name,
            set: f.twin.set.name,
            rarity: f.twin.entry.rarity ?? '',
            slug: f.twin.summary.slug,
            master_ball_usd: f.twinMasterUsd,
            valueUsd: f.twin.summary.valueUsd,
          },
        }),
      ),
    };
  },
  mentions: (facts) => ({ cards: (facts.top as Row[]).map((r) => r.card_id), sealed: [] }),
};

export default article;
