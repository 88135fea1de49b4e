import { medianUsd } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { newEraSets, type ProductBrief, productBriefOf, type StandardProduct, standardProductsOf } from '../new-era.ts';
import { ranked } from '../priced-content.ts';

type SetRow = Partial<Record<StandardProduct, ProductBrief>>;

/** The kinds whose price per pack the article compares with the whole sealed list's. */
const PER_PACK_KINDS = ['booster-box', 'booster-bundle', 'booster-pack'];

const article: ArticleFacts = {
  slug: 'new-era-sealed-values',
  facts(catalogue) {
    const sets = newEraSets(catalogue);
    const ids = new Set(sets.map((s) => s.id));
    const products = catalogue.sealed.filter((p) => ids.has(p.entry.set ?? ''));
    const rows = Object.fromEntries(
      sets.flatMap((s) => {
        const found = standardProductsOf(catalogue, s);
        if (Object.keys(found).length === 0) return [];
        return [[s.name, Object.fromEntries(Object.entries(found).map(([k, p]) => [k, productBriefOf(p)])) as SetRow]];
      }),
    );
    const listed = Object.values(rows);
    const perPack = (key: StandardProduct) => medianUsd(listed.flatMap((r) => r[key]?.per_pack_usd ?? []));
    const withBoth = listed.filter((r) => r.booster_box?.per_pack_usd != null && r.booster_pack?.valueUsd != null);
    const perPackAll = (kind: string) =>
      medianUsd(catalogue.sealed.flatMap((p) => (p.entry.kind === kind && p.summary.pricePerPack !== null ? [p.summary.pricePerPack] : [])));
    return {
      prices_as_of: catalogue.pricesAsOf,
      products: {
        all: products.length,
        with_value: products.filter((p) => p.summary.valueUsd !== null).length,
        sets: new Set(products.map((p) => p.entry.set)).size,
        kinds: Object.fromEntries(ranked(products, (p) => p.entry.kind).slice(0, 6)),
      },
      sets_without_products: sets.filter((s) => !products.some((p) => p.entry.set === s.id)).map((s) => s.name),
      by_set: rows,
      median_per_pack_usd: { booster_box: perPack('booster_box'), booster_bundle: perPack('booster_bundle'), booster_pack: perPack('booster_pack') },
      whole_list_median_per_pack_usd: Object.fromEntries(PER_PACK_KINDS.map((k) => [k, perPackAll(k)])),
      box_pack_cheaper_than_loose: { sets: withBoth.length, cheaper: withBoth.filter((r) => r.booster_box!.per_pack_usd! < r.booster_pack!.valueUsd!).length },
      median_etb_usd: {
        retail: medianUsd(listed.flatMap((r) => r.etb?.valueUsd ?? [])),
        pokemon_center: medianUsd(listed.flatMap((r) => r.pokemon_center_etb?.valueUsd ?? [])),
      },
    };
  },
  mentions: (facts) => ({
    cards: [],
    sealed: Object.values(facts.by_set as Record<string, SetRow>).flatMap((r) => Object.values(r).map((p) => p!.product_id)),
  }),
};

export default article;
