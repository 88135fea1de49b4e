import type { SealedEntry } from '../../schemas/sealed.ts';
import { settings } from '../../schemas/settings.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { firstPriceOf, type History, ranked, weekPriceOf } from '../priced-content.ts';

/** The day the article compares with: in the month of the card catalogue's 2024 snapshot. */
const CATALOGUE_DAY = '2024-08-15';

const article: ArticleFacts = {
  slug: 'sealed-coverage',
  facts(catalogue) {
    const { sealedByPriceStatus: status } = catalogue.summary;
    const kinds = ranked(catalogue.sealed, (p) => p.entry.kind);
    const kindCount = (kind: string) => kinds.find(([k]) => k === kind)?.[1] ?? 0;
    return {
      products: catalogue.sealed.length,
      groups: new Set(catalogue.sealed.map((p) => p.entry.group.id)).size,
      by_status: status,
      with_market_price: status.priced + status.stale,
      stale_after_days: settings().priceStaleAfterDays,
      by_kind_top: Object.fromEntries(kinds.slice(0, 12)),
      smaller_kinds: { 'booster-box': kindCount('booster-box'), 'booster-bundle': kindCount('booster-bundle') },
      with_pack_count: catalogue.sealed.filter((p) => p.entry.packs !== null).length,
      history: historyFacts(catalogue.sealed.flatMap(({ entry }) => (entry.history ? [{ ...entry, history: entry.history }] : []))),
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

function historyFacts(products: readonly (SealedEntry & { history: History })[]) {
  const firsts = products.flatMap((p) => firstPriceOf(p.history)?.date ?? []);
  const first = firsts.sort()[0] ?? null;
  return {
    first_close: first,
    from_first_close: firsts.filter((d) => d === first).length,
    catalogue_day: CATALOGUE_DAY,
    priced_in_catalogue_month: products.filter((p) => weekPriceOf(p, CATALOGUE_DAY) !== null).length,
  };
}

export default article;
