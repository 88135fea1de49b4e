import { median } from '../../catalogue/money.ts';
import type { SetEntry } from '../../schemas/set.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { COLLECTED_SHARE, collectionsOf, japaneseSets, printedCodeOf } from '../japanese.ts';
import type { PricedContent } from '../priced-content.ts';

const DAY_MS = 864e5;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const setRow = (catalogue: PricedContent, s: SetEntry) => ({
  code: printedCodeOf(catalogue, s),
  name: s.name,
  printed_total: s.printedTotal,
  cards: s.total,
  released: s.releaseDate,
});

const article: ArticleFacts = {
  slug: 'why-japanese-sets-are-smaller',
  reads: 'all',
  facts(catalogue) {
    const collections = collectionsOf(catalogue);
    const rows = collections.map(({ english, japanese }) => {
      const last = japanese
        .map((s) => s.releaseDate)
        .sort()
        .at(-1)!;
      return {
        english_set: english.name,
        english_printed_total: english.printedTotal,
        english_cards: english.total,
        english_released: english.releaseDate,
        japanese_sets: japanese.map((s) => setRow(catalogue, s)),
        japanese_printed_total: japanese.reduce((n, s) => n + s.printedTotal, 0),
        japanese_cards: japanese.reduce((n, s) => n + s.total, 0),
        days_after_last_japanese: daysBetween(last, english.releaseDate),
      };
    });
    const collected = collections.flatMap((c) => c.japanese);
    const several = rows.filter((r) => r.japanese_sets.length > 1);
    const collectedIds = new Set(collected.map((s) => s.id));
    return {
      english_sets: rows.length,
      collected_share_pct: COLLECTED_SHARE * 100,
      japanese_sets_collected: collected.length,
      collecting_several: { english_sets: several.length, japanese_sets: several.reduce((n, r) => n + r.japanese_sets.length, 0) },
      median_printed_total: { japanese: median(collected.map((s) => s.printedTotal)), english: median(collections.map((c) => c.english.printedTotal)) },
      median_cards: { japanese: median(collected.map((s) => s.total)), english: median(collections.map((c) => c.english.total)) },
      median_days_later: median(rows.map((r) => r.days_after_last_japanese)),
      rows,
      not_collected: japaneseSets(catalogue)
        .filter((s) => !collectedIds.has(s.id))
        .map((s) => setRow(catalogue, s)),
    };
  },
};

export default article;
