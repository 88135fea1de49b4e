import { z } from 'astro/zod';
import { dailyHistory, isoDate, marketPriceSchema, usd } from './common.ts';
import { IMAGE_ORIGINS, isImageHostUrl } from './image-host.ts';
import { languageProblem, languageSchema } from './language.ts';
import { printingNamesOf } from './printing-names.ts';
import { raritySchema } from './rarity.ts';
import { tcgdexIdSchema, text } from './text.ts';

/** One TCGplayer price line for a printing of the card. */
export const cardPriceSchema = z.strictObject({
  /** TCGplayer printing, named as the Pokémon TCG API does: `holofoil`, `normal`, `reverseHolofoil`, ... */
  variant: z.string().min(1),
  /** TCGdex label of the product (`unlimited`, `shadowless`, `cosmos`, ...), null where none. */
  printing: text().nullable(),
  /** True for the product the card id stands for; only primary lines give the card's value. */
  primary: z.boolean(),
  /**
   * TCGplayer product id; the marketplace page is https://www.tcgplayer.com/product/<productId>.
   * Null on lines from the id-keyed export, which has no product ids.
   */
  productId: z.number().int().positive().nullable(),
  /** TCGplayer group (set) id; null where productId is. */
  groupId: z.number().int().positive().nullable(),
  ...marketPriceSchema.shape,
});

/** Graded sale figures (PriceCharting): ungraded and by grade. */
export const gradedSchema = z.strictObject({
  /** Sales in any condition, ungraded. */
  ungraded: z.number().positive(),
  grade7: usd.optional(),
  grade8: usd.optional(),
  grade9: usd.optional(),
  grade9_5: usd.optional(),
  /** PSA 10 sales. */
  psa10: z.number().positive(),
  /** The TCGplayer market price recorded beside them, for comparison. */
  tcgplayerMarket: usd.optional(),
  url: z.url(),
  updatedAt: isoDate,
  source: z.string().min(1),
});

/** One card, as kept in content/cards/<set>.json. */
const imageUrl = z.url().refine(isImageHostUrl, { message: `must be an image on one of ${IMAGE_ORIGINS.join(', ')}` });

export const cardSchema = z
  .strictObject({
    /** `<set>-<number>`, e.g. `base1-4`; unique across the catalogue. */
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._!?-]*$/, 'letters, digits and . _ - ! ?'),
    /** Set id; must name a set in content/sets.json. */
    set: z.string().min(1),
    /** The card's name: its English name where one is known; a Japanese card without one has its Japanese name here. */
    name: text().min(1),
    /** The language the card is printed in (`en`, `ja`); a Japanese card's id begins with `jp-`. */
    language: languageSchema,
    /** A Japanese card's name as printed (`ナンジャモ`); absent on English cards. */
    nameJa: text().min(1).optional(),
    /** Collector number as printed, e.g. `4`, `TG01`, `H12`. */
    number: text().min(1),
    supertype: z.enum(['Pokémon', 'Trainer', 'Energy']),
    subtypes: z.array(text().min(1)),
    /** Energy types; empty for most Trainer and Energy cards. */
    types: z.array(text().min(1)),
    /** Rarity label of the controlled list (src/schemas/rarity.ts); absent where the card has none. */
    rarity: raritySchema.optional(),
    artist: text().optional(),
    hp: text().optional(),
    nationalPokedexNumbers: z.array(z.number().int().positive()).optional(),
    regulationMark: text().optional(),
    /** Format → `Legal` or `Banned`; absent where the source records none (not the same as legal in no format). */
    legalities: z.record(z.string(), z.enum(['Legal', 'Banned'])).optional(),
    /** Image URLs on an image host of image-host.ts (the HTML pages' Content-Security-Policy allows no other). */
    images: z.strictObject({ small: imageUrl, large: imageUrl }),
    prices: z.array(cardPriceSchema),
    /** Daily market prices of the primary variants. */
    history: z.array(z.intersection(z.object({ variant: z.string().min(1), productId: z.number().int().positive() }), dailyHistory)),
    graded: gradedSchema.optional(),
    /** TCGdex's id of the card (`sv08.5-161`, a Japanese card's `SV8a-217`), where the catalogue sync or the import recorded it; the id crosswalk derives the others'. */
    tcgdexId: tcgdexIdSchema.optional(),
    /** Cardmarket product ids TCGdex ties to the card's printings, where the catalogue sync added it (the id crosswalk). */
    cardmarketIds: z.array(z.number().int().positive()).min(1).optional(),
  })
  .superRefine((card, ctx) => {
    const language = languageProblem(card);
    if (language) ctx.addIssue({ code: 'custom', path: [language.path], message: language.message });
    // The marketplace link of a line without a product is the Pokémon TCG API's redirect, which knows English cards only.
    if (card.language === 'ja') {
      card.prices.forEach((line, i) => {
        if (line.productId === null)
          ctx.addIssue({ code: 'custom', path: ['prices', i, 'productId'], message: 'null on a Japanese card: its line names its TCGplayer Japanese product' });
      });
    }
    // Each price line is a printing of the card, served under its id (printing-names.ts): one id, one line.
    const first = new Map<string, number>();
    printingNamesOf(card.prices).forEach(({ id }, i) => {
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, i);
      else
        ctx.addIssue({ code: 'custom', path: ['prices', i], message: `printing "${id}" is also prices[${earlier}]: the same variant, printing and product` });
    });
  });

export type CardEntry = z.infer<typeof cardSchema>;
export type CardPrice = z.infer<typeof cardPriceSchema>;
