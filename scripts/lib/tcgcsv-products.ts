import { z } from 'astro/zod';
import { slugify } from '../../src/catalogue/slug.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import { text } from '../../src/schemas/text.ts';
import { sealedMakeupOf } from './sealed-kinds.ts';
import type { ReplySource } from './source-replies.ts';
import { POKEMON_CATEGORY, type PriceCategory } from './tcgcsv-days.ts';

/**
 * TCGplayer's product lists as tcgcsv.com republishes them: `tcgplayer/3/groups` (the Pokémon groups) and
 * `tcgplayer/3/<groupId>/products` (a group's products, each with `extendedData`: a card's Number, Rarity, …).
 * A product with no card number is sealed. Saved replies sit in a folder under the same paths.
 */

/** The most a reply may hold: more groups or products than TCGplayer lists in one, by far. */
const reply = <T extends z.ZodType>(result: T) => z.object({ success: z.literal(true), results: z.array(result).max(100_000) });
const LIST_BYTES = { bytes: 64 * 1024 * 1024, what: 'a tcgcsv product list' };

const group = z.object({ groupId: z.number().int().positive(), name: text().min(1) });
const product = z.object({
  productId: z.number().int().positive(),
  name: text().min(1),
  cleanName: text(),
  groupId: z.number().int().positive(),
  // Only `Number` is read of these; a description may run to paragraphs, so only its length is bounded.
  extendedData: z
    .array(z.object({ name: text(), value: z.string().max(100_000) }))
    .max(64)
    .optional(),
});
type TcgcsvProduct = z.infer<typeof product>;

/** The two reads of tcgcsv's product lists of a category (Pokémon's by default), from the network or a folder of saved replies. */
export function tcgcsvReader(source: ReplySource, category: PriceCategory = POKEMON_CATEGORY) {
  const groups = `tcgplayer/${category}/groups`;
  const products = (groupId: number) => `tcgplayer/${category}/${groupId}/products`;
  return {
    groups: async () => (await source.read(reply(group), groups, groups, LIST_BYTES)).results,
    products: async (groupId: number) => (await source.read(reply(product), products(groupId), products(groupId), LIST_BYTES)).results,
    /** Where a group's product list is, as messages name it. */
    whereProducts: (groupId: number) => source.where(products(groupId), products(groupId)),
  };
}
export type TcgcsvReader = ReturnType<typeof tcgcsvReader>;

/** Whether a product is sealed: TCGplayer gives every single card a Number, and no sealed product one. */
export function isSealed(item: Pick<TcgcsvProduct, 'extendedData'>): boolean {
  return !(item.extendedData ?? []).some((field) => field.name === 'Number');
}

/** A sealed product's TCGplayer page: the form the content's `url` holds (the marketplace's short product URL). */
export const productUrlOf = (productId: number) => `https://www.tcgplayer.com/product/${productId}`;

/** content/sealed/<groupId>-<slug of its name>.json: the file of a group's products, as the catalogue import names it. */
export const sealedFileOf = (groupId: number, groupName: string) => `sealed/${groupId}-${slugify(groupName)}.json`;

/**
 * A sealed product of tcgcsv as content holds it, not yet priced (the daily import prices it): its kind, quantity
 * and packs read from its name as the catalogue import's are (sealed-kinds.ts), its set the one whose main group
 * its group is.
 */
export function sealedOfTcgcsv(item: TcgcsvProduct, set: string | undefined): Omit<SealedEntry, 'group'> {
  const makeup = sealedMakeupOf(item.name);
  // The members in the order the catalogue import writes them, so that a product reads alike in either's file.
  return {
    productId: item.productId,
    name: item.name,
    // A product with an empty clean name shows its full name, as the catalogue import does.
    cleanName: item.cleanName.trim() || item.name,
    kind: makeup.kind,
    set,
    quantity: makeup.quantity,
    packs: makeup.packs,
    packsBasis: makeup.packsBasis,
    pokemonCenterExclusive: makeup.pokemonCenterExclusive,
    url: productUrlOf(item.productId),
    price: null,
  };
}
