import { primaryPriceOf } from '../catalogue/card-value.ts';
import type { SetEntry } from '../schemas/set.ts';
import { type FactsCard, firstPriceOf, type PricedContent } from './priced-content.ts';

/**
 * What the articles on the new era share: which sets it holds, read from content's own series and release dates
 * (so a set the catalogue sync adds joins them), and what their tables list of a card or a sealed product.
 */

/** The last set of the 2024 card list: the new era is every set released after it. */
export const NEW_ERA_AFTER = 'sv6pt5';

/** The sets released after Shrouded Fable, in content's order (release order). */
export function newEraSets(catalogue: PricedContent): SetEntry[] {
  const boundary = catalogue.sets.find((s) => s.id === NEW_ERA_AFTER)?.releaseDate;
  if (!boundary) throw new Error(`content/sets.json holds no set "${NEW_ERA_AFTER}", where the new era starts`);
  return catalogue.sets.filter((s) => s.releaseDate > boundary);
}

/** The Scarlet & Violet sets among them: the series' last sets. */
export const lastScarletVioletSets = (catalogue: PricedContent) => newEraSets(catalogue).filter((s) => s.series === 'Scarlet & Violet');

/** Every set of the Mega Evolution series. */
export const megaEvolutionSets = (catalogue: PricedContent) => catalogue.sets.filter((s) => s.series === 'Mega Evolution');

/** The cards of some sets, in content's order. */
export function cardsOf(catalogue: PricedContent, sets: readonly SetEntry[]): FactsCard[] {
  const ids = new Set(sets.map((s) => s.id));
  return catalogue.cards.filter((c) => ids.has(c.entry.set));
}

/** Chase or grail: a value of $50 or more (src/catalogue/value-bands.ts). */
export const isChaseOrGrail = (c: FactsCard) => c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail';

/** A card as the articles' tables name it, with its value (null when unpriced). */
export type CardBrief = { card_id: string; name: string; set: string; rarity: string; slug: string; valueUsd: number | null };

export const briefOf = (c: FactsCard): CardBrief => ({
  card_id: c.entry.id,
  name: c.entry.name,
  set: c.set.name,
  rarity: c.entry.rarity ?? '',
  slug: c.summary.slug,
  valueUsd: c.summary.valueUsd,
});

/**
 * What the daily history of a card's value printing holds: its first known price, its lowest and highest, over
 * the days from `start` to `end`; null for a card with no value or no history.
 */
export function valueHistoryOf(c: FactsCard) {
  const line = primaryPriceOf(c.entry);
  const h = line && c.entry.history.find((s) => s.variant === line.variant && s.productId === line.productId);
  const known = h?.market.filter((v): v is number => v !== null) ?? [];
  if (!h || known.length === 0) return null;
  return { start: h.start, end: h.end, first: firstPriceOf(h)!, low_usd: Math.min(...known), high_usd: Math.max(...known) };
}

/** The days the valued cards' histories cover, from the earliest start to the latest end (null for none). */
export function historySpanOf(cards: readonly FactsCard[]): { start: string | null; end: string | null } {
  const spans = cards.flatMap((c) => valueHistoryOf(c) ?? []);
  return {
    start: spans.map((h) => h.start).sort()[0] ?? null,
    end:
      spans
        .map((h) => h.end)
        .sort()
        .at(-1) ?? null,
  };
}

/** The products of a set that the sealed articles compare, each by the name TCGplayer gives it (`<set> <product>`). */
export const STANDARD_PRODUCTS = {
  booster_box: 'Booster Box',
  booster_bundle: 'Booster Bundle',
  booster_pack: 'Booster Pack',
  etb: 'Elite Trainer Box',
  pokemon_center_etb: 'Pokemon Center Elite Trainer Box Exclusive',
} as const;
export type StandardProduct = keyof typeof STANDARD_PRODUCTS;

type FactsSealed = PricedContent['sealed'][number];

/** A set's standard products that the sealed list holds (an Enhanced Booster Box or a case is not one of them). */
export function standardProductsOf(catalogue: PricedContent, set: SetEntry): Partial<Record<StandardProduct, FactsSealed>> {
  const found: Partial<Record<StandardProduct, FactsSealed>> = {};
  for (const [key, product] of Object.entries(STANDARD_PRODUCTS) as [StandardProduct, string][]) {
    const item = catalogue.sealed.find((p) => p.entry.set === set.id && p.entry.cleanName === `${set.name} ${product}`);
    if (item) found[key] = item;
  }
  return found;
}

/** A sealed product as the articles' tables name it, with its value (null when unpriced). */
export type ProductBrief = { product_id: number; name: string; slug: string; valueUsd: number | null; packs: number | null; per_pack_usd: number | null };

export const productBriefOf = (p: FactsSealed): ProductBrief => ({
  product_id: p.entry.productId,
  name: p.entry.cleanName,
  slug: p.summary.slug,
  valueUsd: p.summary.valueUsd,
  packs: p.summary.totalPacks,
  per_pack_usd: p.summary.pricePerPack,
});
