import type { ArticleFacts } from '../article-facts.ts';
import { firstPriceOf, medianRatio, priceOn } from '../catalogue.ts';
import { newEraSets, productLink, STANDARD_PRODUCTS, type StandardProduct, standardProductsOf } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

/** How the table names each standard product after its set's name. */
const LABELS: Record<StandardProduct, string> = {
  booster_box: 'booster box',
  booster_bundle: 'booster bundle',
  booster_pack: 'booster pack',
  etb: 'Elite Trainer Box',
  pokemon_center_etb: 'Pokémon Center ETB',
};

type Move = {
  product_id: number;
  name: string;
  slug: string;
  kind: StandardProduct;
  released: string;
  first: { date: string; market: number } | null;
  release_week_usd: number | null;
  valueUsd: number | null;
  since_release: number | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

const article: ArticleFacts = {
  slug: 'new-era-sealed-price-moves',
  facts(catalogue) {
    const moves = newEraSets(catalogue).flatMap((set) =>
      (Object.entries(standardProductsOf(catalogue, set)) as [StandardProduct, (typeof catalogue.sealed)[number]][]).map(([kind, p]): Move => {
        const h = p.entry.history;
        const release = h ? priceOn(h, set.releaseDate) : null;
        const now = p.summary.valueUsd;
        return {
          product_id: p.entry.productId,
          name: `${set.name} ${LABELS[kind]}`,
          slug: p.summary.slug,
          kind,
          released: set.releaseDate,
          first: h ? firstPriceOf(h) : null,
          release_week_usd: release,
          valueUsd: now,
          since_release: release && now !== null ? round2(now / release) : null,
        };
      }),
    );
    const compared = moves.filter((m) => m.since_release !== null);
    const listedBefore = moves.filter((m) => m.first && m.first.date < m.released && m.release_week_usd !== null);
    const byRatio = [...compared].sort((a, b) => b.since_release! - a.since_release! || a.product_id - b.product_id);
    return {
      prices_as_of: catalogue.pricesAsOf,
      history_from: moves.flatMap((m) => m.first?.date ?? []).sort()[0] ?? null,
      compared: compared.length,
      rose: compared.filter((m) => m.since_release! > 1).length,
      fell: compared.filter((m) => m.since_release! < 1).length,
      median_since_release: medianRatio(compared.map((m) => m.since_release!)),
      by_kind: Object.fromEntries(
        (Object.keys(STANDARD_PRODUCTS) as StandardProduct[]).map((k) => {
          const of = compared.filter((m) => m.kind === k);
          return [k, { products: of.length, median_since_release: medianRatio(of.map((m) => m.since_release!)) }];
        }),
      ),
      highest_riser: byRatio[0] ? { name: byRatio[0].name, slug: byRatio[0].slug, since_release: byRatio[0].since_release } : null,
      lowest: byRatio.at(-1) ? { name: byRatio.at(-1)!.name, slug: byRatio.at(-1)!.slug, since_release: byRatio.at(-1)!.since_release } : null,
      listed_before_release: {
        products: listedBefore.length,
        first_price_higher: listedBefore.filter((m) => m.first!.market > m.release_week_usd!).length,
      },
      moves,
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'From the week each set came out to {prices_as_of}, {rose|n} of {compared|n} booster boxes, bundles, packs and Elite Trainer Boxes of the sets released since Shrouded Fable rose and {fell|n} fell, a median change of {median_since_release|x} times; {listed_before_release.first_price_higher|n} of the {listed_before_release.products|n} listed before release cost more in their first week on record than in their release week.',
    },
    {
      in: 'body',
      text: 'The sealed history in the catalogue goes back to {history_from} for these products and runs to {prices_as_of}: weekly closes',
    },
    {
      in: 'body',
      header: '| Product | First price on record | Week of release | Value | Since release |',
      rows: ({ facts }) =>
        (facts.moves as Move[]).map((m) => [
          productLink(m, m.name),
          m.first ? `${usd(m.first.market)} (${m.first.date})` : 'none',
          m.release_week_usd === null ? 'none' : usd(m.release_week_usd),
          m.valueUsd === null ? 'unpriced' : usd(m.valueUsd),
          m.since_release === null ? 'none' : `${m.since_release.toFixed(1)}×`,
        ]),
    },
    {
      in: 'body',
      text: '{compared|n} products have both a release-week price and a value: {rose|n} rose and {fell|n} fell, a median change of {median_since_release|x} times. By product:',
    },
    {
      in: 'body',
      header: '| Product | Compared | Median since release |',
      rows: ({ facts }) =>
        Object.entries(facts.by_kind as Record<StandardProduct, { products: number; median_since_release: number | null }>).map(([k, r]) => [
          LABELS[k as StandardProduct],
          count(r.products),
          r.median_since_release === null ? 'none' : `${r.median_since_release.toFixed(1)}×`,
        ]),
    },
    {
      in: 'body',
      text: 'The strongest move was the [{highest_riser.name}](/sealed/{highest_riser.slug}), at {highest_riser.since_release|x} times its release-week price, and the weakest the [{lowest.name}](/sealed/{lowest.slug}), at {lowest.since_release|x} times.',
    },
    {
      in: 'body',
      text: '{listed_before_release.products|n} of these products have a price on record from before their set came out, and {listed_before_release.first_price_higher|n} of them cost more in their first week on record than in their release week.',
    },
  ],
  // The title of the article "sealed prices since 2024".
  constants: ['2024'],
  mentions: (facts) => ({ cards: [], sealed: (facts.moves as Move[]).map((m) => m.product_id) }),
};

export default article;
