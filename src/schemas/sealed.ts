import { z } from 'astro/zod';
import { dailyHistory, marketPriceSchema } from './common.ts';
import { SLUG } from './patterns.ts';
import { text } from './text.ts';

/** One sealed product, as kept in content/sealed/<group>.json. */
export const sealedSchema = z.strictObject({
  /** TCGplayer product id; unique. */
  productId: z.number().int().positive(),
  /** Full TCGplayer name. */
  name: text().min(1),
  /** Display name. */
  cleanName: text().min(1),
  /** Product kind: `booster-box`, `booster-pack`, `etb`, `booster-bundle`, `tin`, ... (an open list). */
  kind: z.string().regex(SLUG, 'a lower-case kebab-case kind such as booster-box'),
  /** Our set id when the product belongs to a set's main group. */
  set: z.string().min(1).optional(),
  /** N of "[Set of N]" in the name. */
  quantity: z.number().int().positive().optional(),
  /** Booster packs inside; null where the count is not known. */
  packs: z.number().int().positive().nullable(),
  /** Where the pack count comes from (`name`, `product-format ...`). */
  packsBasis: text().optional(),
  pokemonCenterExclusive: z.boolean().optional(),
  /** Marketplace product page. */
  url: z.url(),
  /** Latest marketplace prices; null where the product has none. */
  price: marketPriceSchema.nullable(),
  history: dailyHistory.optional(),
  /** Added by the loader from the file: the TCGplayer group the product is listed in. */
  group: z.strictObject({ id: z.number().int().positive(), name: text().min(1) }),
});

export type SealedEntry = z.infer<typeof sealedSchema>;
