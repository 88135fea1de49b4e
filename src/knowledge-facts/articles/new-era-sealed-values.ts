import { medianUsd } from '../../catalogue/price-status.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { ranked } from '../catalogue.ts';
import { newEraSets, type ProductBrief, productBriefOf, productLink, type StandardProduct, standardProductsOf, valueText } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

type SetRow = Partial<Record<StandardProduct, ProductBrief>>;

/** The kinds whose price per pack the article compares with the whole sealed list's. */
const PER_PACK_KINDS = ['booster-box', 'booster-bundle', 'booster-pack'];

/** A product's cell: its link and value, and the price per pack when there is one; "none" when the list lacks it. */
function cell(p: ProductBrief | undefined, label: string, perPack = false): string {
  if (!p) return 'none';
  const value = `${productLink(p, label)} ${valueText(p.valueUsd)}`;
  return perPack && p.per_pack_usd !== null ? `${value} (${usd(p.per_pack_usd)} a pack)` : value;
}

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
  quotes: [
    {
      in: 'answer',
      text: 'On {prices_as_of} a booster box of the sets released since Shrouded Fable costs a median {median_per_pack_usd.booster_box|usd} a pack, a booster bundle {median_per_pack_usd.booster_bundle|usd} a pack and a loose booster pack {median_per_pack_usd.booster_pack|usd}; an Elite Trainer Box is a median {median_etb_usd.retail|usd}, and a Pokémon Center Elite Trainer Box {median_etb_usd.pokemon_center|usd}.',
    },
    {
      in: 'body',
      text: 'The sealed list holds {products.all|n} products of the sets released since Shrouded Fable, in {products.sets|n} sets, {products.with_value|n} of them with a value on {prices_as_of}. Sets with no product in it: {sets_without_products|list}.',
    },
    {
      in: 'body',
      header: '| Kind | Products |',
      rows: ({ facts }) => Object.entries((facts.products as { kinds: Record<string, number> }).kinds).map(([kind, n]) => [kind, count(n)]),
    },
    {
      in: 'body',
      header: '| Set | Booster box | Booster bundle | Booster pack |',
      rows: ({ facts }) =>
        Object.entries(facts.by_set as Record<string, SetRow>).map(([name, r]) => [
          name,
          cell(r.booster_box, 'box', true),
          cell(r.booster_bundle, 'bundle', true),
          cell(r.booster_pack, 'pack'),
        ]),
    },
    {
      in: 'body',
      text: 'The median price per pack is {median_per_pack_usd.booster_box|usd} in a booster box, {median_per_pack_usd.booster_bundle|usd} in a booster bundle and {median_per_pack_usd.booster_pack|usd} for a loose pack. Across the whole sealed list, from Sun & Moon on, the medians are {whole_list_median_per_pack_usd.booster-box|usd}, {whole_list_median_per_pack_usd.booster-bundle|usd} and {whole_list_median_per_pack_usd.booster-pack|usd}.',
    },
    {
      in: 'body',
      text: 'Of the {box_pack_cheaper_than_loose.sets|n} sets with both a booster box and a loose pack in the list, a pack from the box costs less than a loose pack in {box_pack_cheaper_than_loose.cheaper|n}.',
    },
    {
      in: 'body',
      header: '| Set | Elite Trainer Box | Pokémon Center Elite Trainer Box |',
      rows: ({ facts }) =>
        Object.entries(facts.by_set as Record<string, SetRow>).map(([name, r]) => [name, cell(r.etb, 'ETB'), cell(r.pokemon_center_etb, 'Pokémon Center ETB')]),
    },
    {
      in: 'body',
      text: 'The median Elite Trainer Box of these sets is {median_etb_usd.retail|usd}, and the median Pokémon Center edition {median_etb_usd.pokemon_center|usd}.',
    },
  ],
  mentions: (facts) => ({
    cards: [],
    sealed: Object.values(facts.by_set as Record<string, SetRow>).flatMap((r) => Object.values(r).map((p) => p!.product_id)),
  }),
};

export default article;
