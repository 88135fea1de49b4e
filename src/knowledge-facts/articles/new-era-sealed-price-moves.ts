import { roundHundredths } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { newEraSets, STANDARD_PRODUCTS, type StandardProduct, standardProductsOf } from '../new-era.ts';
import { firstPriceOf, medianRatio, weekPriceOf } from '../priced-content.ts';

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

const article: ArticleFacts = {
  slug: 'new-era-sealed-price-moves',
  facts(catalogue) {
    const moves = newEraSets(catalogue).flatMap((set) =>
      (Object.entries(standardProductsOf(catalogue, set)) as [StandardProduct, (typeof catalogue.sealed)[number]][]).map(([kind, p]): Move => {
        const h = p.entry.history;
        const release = h ? weekPriceOf(p.entry, set.releaseDate) : null;
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
          since_release: release && now !== null ? roundHundredths(now / release) : null,
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
  mentions: (facts) => ({ cards: [], sealed: (facts.moves as Move[]).map((m) => m.product_id) }),
};

export default article;
