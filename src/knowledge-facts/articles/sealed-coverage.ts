import { PRICE_STALE_AFTER_DAYS } from '../../catalogue/price-status.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { firstPriceOf, type History, priceOn, ranked } from '../catalogue.ts';
import { count } from '../quotes.ts';

/** How the kinds table names a kind whose id needs a word of explanation. */
const KIND_LABELS: Record<string, string> = { etb: 'etb (Elite Trainer Box)' };

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
      stale_after_days: PRICE_STALE_AFTER_DAYS,
      by_kind_top: Object.fromEntries(kinds.slice(0, 12)),
      smaller_kinds: { 'booster-box': kindCount('booster-box'), 'booster-bundle': kindCount('booster-bundle') },
      with_pack_count: catalogue.sealed.filter((p) => p.entry.packs !== null).length,
      history: historyFacts(catalogue.sealed.flatMap((p) => p.entry.history ?? [])),
      prices_as_of: catalogue.pricesAsOf,
    };
  },
  quotes: [
    {
      in: 'answer',
      text: '{products|n} English sealed products in {groups|n} TCGplayer groups, from SM Base Set (2017) to Scarlet & Violet White Flare and Black Bolt (2025), plus promo and miscellaneous groups; {with_market_price|n} have a market price ({by_status.priced|n} current, {by_status.stale|n} stale) and there are no WOTC, EX, DP, BW or XY-era products.',
    },
    { in: 'body', text: "priced from TCGplayer's archive on {prices_as_of}." },
    { in: 'body', text: '- **{products|n} products** in **{groups|n} TCGplayer groups**:' },
    {
      in: 'body',
      header: '| Kind | Products |',
      rows: ({ facts }) => Object.entries(facts.by_kind_top as Record<string, number>).map(([kind, n]) => [KIND_LABELS[kind] ?? kind, count(n)]),
    },
    {
      in: 'body',
      text: 'Smaller kinds include {smaller_kinds.booster-box|n} booster boxes, {smaller_kinds.booster-bundle|n} booster bundles and build-and-battle boxes.',
    },
    {
      in: 'body',
      text: "- **Not every product has a price.** {by_status.priced|n} are priced (their price at most {stale_after_days|n} days older than {prices_as_of}), {by_status.stale|n} are stale, most because TCGplayer's archive no longer carried them, and {by_status.unpriced|n} are unpriced.",
    },
    { in: 'body', text: 'Only {with_pack_count|n} products have a known number of packs' },
    {
      in: 'body',
      text: '{history.from_first_close|n} products have a market history from the first week on record (closing {history.first_close}), and others start later when they were released or first tracked; it is kept as weekly closes, and daily for the last 90 to 96 days. {history.priced_in_catalogue_month|n} had a price in the week of {history.catalogue_day}, the month of the card catalogue.',
    },
  ],
  // "Our cards go back to 1999", and the title of the article "sealed prices since 2024".
  constants: ['1999', '2024'],
};

function historyFacts(histories: readonly History[]) {
  const firsts = histories.flatMap((h) => firstPriceOf(h)?.date ?? []);
  const first = firsts.sort()[0] ?? null;
  return {
    first_close: first,
    from_first_close: firsts.filter((d) => d === first).length,
    catalogue_day: CATALOGUE_DAY,
    priced_in_catalogue_month: histories.filter((h) => priceOn(h, CATALOGUE_DAY) !== null).length,
  };
}

export default article;
