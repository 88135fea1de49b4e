import { z } from 'astro/zod';
import { ISO_DATE, SET_ID, SLUG } from './patterns.ts';

/**
 * The files of content/changes/: what each import changed, one file per import
 * named `<asOf>.json` (written by `npm run import -- --write` and by the catalogue
 * sync, made by src/catalogue/catalogue-changes.ts; served as /api/changes/{date}). Items
 * may name cards and products no longer in the catalogue: removed items are expected.
 * `asOf` is the import's day: the newest price date of a price import, the day a
 * catalogue sync ran (the day's price import adds to the same record).
 */
const date = z.string().regex(ISO_DATE, 'a date YYYY-MM-DD');

const itemRef = {
  id: z.string().min(1),
  slug: z.string().regex(SLUG, 'a slug: lower-case letters and digits, words joined by "-"'),
  name: z.string().min(1),
  valueUsd: z.number().nonnegative().nullable(),
};

/** How a value moved, spelt as every price change of the API is (the served record adds the names of 1.0.0: src/catalogue/change-feed.ts). */
const priceMove = { fromUsd: z.number().nonnegative(), toUsd: z.number().nonnegative(), changePct: z.number() };

const collectionChanges = z.strictObject({
  added: z.array(z.strictObject(itemRef)),
  removed: z.array(z.strictObject(itemRef)),
  repriced: z.array(z.strictObject({ ...itemRef, ...priceMove })),
  band: z.array(z.strictObject({ ...itemRef, from: z.string().nullable(), to: z.string().nullable() })),
  status: z.array(z.strictObject({ ...itemRef, from: z.string(), to: z.string() })),
});

/** A printing of a card whose own value moved by more than the threshold (the card's value may not have). */
const printingRepriced = z.strictObject({
  ...itemRef,
  /** The printing's id in the card's printings, and its label. */
  printing: z.string().regex(SLUG, 'a printing id: lower-case words joined by "-"'),
  label: z.string().min(1),
  ...priceMove,
});

/** A set a catalogue sync added, with the cards it added to it. */
const setAdded = z.strictObject({
  id: z.string().regex(SET_ID, 'a set id: lower-case letters and digits'),
  name: z.string().min(1),
  cards: z.number().int().nonnegative(),
});

export const changeRecordSchema = z.strictObject({
  asOf: date,
  previousAsOf: date,
  repriceThreshold: z.number().positive(),
  cards: collectionChanges,
  sealed: collectionChanges,
  /** Every printing whose own value moved past the threshold; absent from records made before printings were compared. */
  printings: z.strictObject({ repriced: z.array(printingRepriced) }).optional(),
  /** The sets a catalogue sync added (scripts/catalogue-sync.ts); absent from records that added none. */
  sets: z.strictObject({ added: z.array(setAdded) }).optional(),
});

/** content/changes/<asOf>.json: what one import changed. */
export type ChangeRecord = z.infer<typeof changeRecordSchema>;
/** What an import changed in one collection (cards or sealed products). */
export type CollectionChanges = ChangeRecord['cards'];
/** One item as a change record names it, with the value it had (or has). */
export type ItemRef = CollectionChanges['added'][number];
/** A printing whose own value an import moved past the threshold. */
export type PrintingRepriced = NonNullable<ChangeRecord['printings']>['repriced'][number];
/** A set a catalogue sync added. */
export type SetAdded = NonNullable<ChangeRecord['sets']>['added'][number];
