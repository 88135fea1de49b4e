import { LISTED_SOURCE } from '../../src/catalogue/card-record.ts';
import { TCGDEX_SERIES } from '../../src/catalogue/tcgdex-ids.ts';
import type { CardEntry, CardPrice } from '../../src/schemas/card.ts';
import { raritySchema } from '../../src/schemas/rarity.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { tcgdexAssetImages, tcgdexJapaneseImages } from './card-images.ts';
import type { TcgdexCard, TcgdexSet, TcgdexVariant } from './tcgdex-replies.ts';

/**
 * A TCGdex set or card (tcgdex-replies.ts) as content holds it: the conversion ../shared/data/newer-sets/SOURCE.md
 * states for the 817 cards it converted from TCGdex ("Converted from TCGdex"), here once, for the catalogue sync.
 *
 * - `name`: TCGdex's English name; a basic energy is "Basic <Type> Energy" (TCGdex: "<Type> Energy").
 * - `supertype`: Pokémon, Trainer or Energy, from `category`.
 * - `subtypes`: a Pokémon's stage (Basic, Stage 1, Stage 2), then `MEGA` for a Mega ex, then `ex` (TCGdex's `suffix`
 *   or the name says so: it leaves `suffix` unset on many ex); a Trainer's kind (Item, Supporter, Stadium,
 *   Pokémon Tool) and `ACE SPEC` for an ACE SPEC Rare; an Energy's Basic or Special, by the name (TCGdex's
 *   `energyType` calls several special energies Normal).
 * - `rarity`: TCGdex's label as the closed list of src/schemas/rarity.ts writes it, letter case aside
 *   ("Double rare" → "Double Rare"); TCGdex's "None" is no rarity.
 * - `artist` = illustrator, `hp` as a string, `nationalPokedexNumbers` = dexId, `regulationMark` upper-cased.
 * - `legalities` left out: TCGdex's `legal` is a set-level flag, not the formats the catalogue records.
 * - `images`: TCGdex's asset of the card (card-images.ts), the image host setting applying as to every image.
 * - `prices`: a line per printing TCGdex ties to a TCGplayer product (priceLinesOf), not yet priced.
 *
 * What it cannot convert (a category, a rarity or a printing it has no rule for) is held back with the reason,
 * never guessed.
 */

/** TCGdex's `category` → the content's supertype. */
const SUPERTYPES: Readonly<Record<string, CardEntry['supertype']>> = { Pokemon: 'Pokémon', Trainer: 'Trainer', Energy: 'Energy' };
/** TCGdex's `trainerType` → the content's subtype, where they differ. */
const TRAINER_TYPES: Readonly<Record<string, string>> = { Tool: 'Pokémon Tool' };
/** TCGdex's `stage` → the content's subtype, where they differ. */
const STAGES: Readonly<Record<string, string>> = { Stage1: 'Stage 1', Stage2: 'Stage 2' };
/**
 * TCGdex's variant `type` → TCGplayer's finish as the content names it (the daily import's `subTypeName` in
 * camel case: Normal, Holofoil, Reverse Holofoil). A lenticular or metal card is holofoil on TCGplayer.
 */
const VARIANTS: Readonly<Record<string, string>> = {
  normal: 'normal',
  holo: 'holofoil',
  reverse: 'reverseHolofoil',
  lenticular: 'holofoil',
  metal: 'holofoil',
};
/**
 * A printing with a foil of its own (Poké Ball, Master Ball, cosmos, …) is a product TCGplayer sells as Holofoil,
 * whatever TCGdex's type: so 602 of the 612 such products content prices in the sv and me sets.
 */
const FOIL_VARIANT = 'holofoil';
/**
 * A foil that names a finish, not a pattern (TCGdex's definitions give 'Holo' and 'Reverse Holo' as foils): the
 * finish, as TCGplayer sells it. The reverse of a common TCGdex ties to its normal printing's product is that
 * product's Reverse Holofoil, as every English reverse holo content prices is. Keyed by the letters alone, lower case.
 */
const FINISH_FOILS: Readonly<Record<string, string>> = {
  holo: 'holofoil',
  holofoil: 'holofoil',
  reverse: 'reverseHolofoil',
  reverseholo: 'reverseHolofoil',
  reverseholofoil: 'reverseHolofoil',
};
const finishOfFoil = (foil: string | undefined) => (foil ? FINISH_FOILS[foil.toLowerCase().replace(/[^a-z]/g, '')] : undefined);

const BASIC_ENERGY = /^(?:Basic )?(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Fairy) Energy$/;
const RARITY_LABELS = new Map(raritySchema.options.map((label) => [label.toLowerCase(), label]));
const NO_RARITY = 'none';

/** Something the conversion has no rule for: the card, or the set, is held back with the reason. */
export interface HeldBack {
  heldBack: string;
}

/**
 * The content's name of a TCGdex card name.
 * @example cardNameOf('Grass Energy') // "Basic Grass Energy"
 * @example cardNameOf('Umbreon ex') // "Umbreon ex"
 */
export function cardNameOf(name: string): string {
  const basic = BASIC_ENERGY.exec(name);
  return basic ? `Basic ${basic[1]} Energy` : name;
}

/**
 * The rarity label of the closed list that a TCGdex rarity is; undefined for "None"; HeldBack for one the list lacks.
 * @example rarityOf('Special illustration rare') // "Special Illustration Rare"
 */
export function rarityOf(rarity: string | undefined): CardEntry['rarity'] | HeldBack {
  if (rarity === undefined || rarity.toLowerCase() === NO_RARITY) return undefined;
  return RARITY_LABELS.get(rarity.toLowerCase()) ?? { heldBack: `rarity "${rarity}" is not in the list of src/schemas/rarity.ts` };
}

function subtypesOf(card: TcgdexCard, supertype: CardEntry['supertype'], name: string, rarity: CardEntry['rarity']): string[] {
  if (supertype === 'Pokémon') {
    const ex = card.suffix?.toLowerCase() === 'ex' || name.endsWith(' ex');
    return [...(card.stage ? [STAGES[card.stage] ?? card.stage] : []), ...(ex && name.startsWith('Mega ') ? ['MEGA'] : []), ...(ex ? ['ex'] : [])];
  }
  if (supertype === 'Trainer') {
    const kind = card.trainerType ? [TRAINER_TYPES[card.trainerType] ?? card.trainerType] : [];
    return [...kind, ...(rarity === 'ACE SPEC Rare' ? ['ACE SPEC'] : [])];
  }
  return [BASIC_ENERGY.test(name) ? 'Basic' : 'Special'];
}

/**
 * The words of a TCGdex printing beside its finish (stamps, foil, a size other than standard), sorted and joined
 * with "/" as the content's `printing` is (`set-logo/staff`, `pokeball`, `jumbo`); null for the plain card.
 * @example printingOf({ type: 'reverse', foil: 'pokeball' }) // "pokeball"
 */
export function printingOf(variant: Pick<TcgdexVariant, 'stamp' | 'foil' | 'size'>): string | null {
  const words = [...(variant.stamp ?? []), ...(variant.foil ? [variant.foil] : []), ...(variant.size && variant.size !== 'standard' ? [variant.size] : [])];
  return words.length ? [...new Set(words)].sort().join('/') : null;
}

/**
 * A price line for each printing TCGdex ties to a TCGplayer product, unpriced (the daily import prices it:
 * docs/data.md). Printings of one product in one finish are one line whose printing is the union of their words
 * (a Poké Ball and a Master Ball sold as one product: `masterball/pokeball`). `primary`: a plain printing, or
 * every printing of a card that has no plain one (a promo that exists only stamped: a line per stamp).
 * `updatedAt` is the day the line was listed; a line with no price says nothing of the prices' date
 * (src/catalogue/catalogue-changes.ts, pricesAsOfOf).
 */
export function priceLinesOf(variants: TcgdexVariant[], groupId: number | null, date: string): { lines: CardPrice[]; heldBack: string[] } {
  const heldBack: string[] = [];
  const byProduct = new Map<string, { variant: string; productId: number; words: Set<string> }>();
  for (const v of variants) {
    const productId = v.thirdParty?.tcgplayer;
    if (productId === undefined) continue;
    const finish = finishOfFoil(v.foil);
    const variant = finish ?? (v.foil ? FOIL_VARIANT : VARIANTS[v.type]);
    if (!variant) {
      heldBack.push(`printing "${v.type}" of product ${productId} has no TCGplayer finish in the sync's rule`);
      continue;
    }
    const key = `${productId} ${variant}`;
    const line = byProduct.get(key) ?? byProduct.set(key, { variant, productId, words: new Set() }).get(key)!;
    for (const word of printingOf(finish ? { ...v, foil: undefined } : v)?.split('/') ?? []) line.words.add(word);
  }
  const listed = [...byProduct.values()].map(({ variant, productId, words }) => ({
    variant,
    productId,
    printing: words.size ? [...words].sort().join('/') : null,
  }));
  const plain = listed.some((line) => line.printing === null);
  const lines = listed.map(({ variant, productId, printing }) => ({
    variant,
    printing,
    primary: printing === null || !plain,
    productId,
    groupId,
    low: null,
    mid: null,
    high: null,
    market: null,
    directLow: null,
    updatedAt: date,
    source: LISTED_SOURCE,
  }));
  return { lines, heldBack };
}

/** Where a converted card goes: its set, its number, the TCGplayer group of its set, and the day of the sync. */
export interface CardContext {
  set: Pick<SetEntry, 'id' | 'series'>;
  /** TCGdex's serie id and set id, for the image rule. */
  tcgdex: { serie: string; set: string };
  number: string;
  groupId: number | null;
  date: string;
  /**
   * A Japanese card (TCGdex's `/ja/` answer, its name Japanese): its English name where a named source gives one, or
   * null, and the card keeps its Japanese name as `name` (the Japanese import's rule).
   */
  japanese?: { nameEn: string | null };
}

/**
 * A TCGdex card as content holds it, or why it is held back. Its `tcgdexId` and the Cardmarket products TCGdex
 * ties to it are kept for the id crosswalk (/api/bulk/crosswalk.csv).
 */
export function cardOfTcgdex(card: TcgdexCard, at: CardContext): { card: CardEntry; heldBack: string[] } | HeldBack {
  const supertype = SUPERTYPES[card.category];
  if (!supertype) return { heldBack: `category "${card.category}" is none of ${Object.keys(SUPERTYPES).join(', ')}` };
  const rarity = rarityOf(card.rarity);
  if (typeof rarity === 'object') return rarity;
  const name = at.japanese ? (at.japanese.nameEn ?? card.name) : cardNameOf(card.name);
  const { lines, heldBack } = priceLinesOf(at.japanese ? japanesePrintingsOf(card) : (card.variants_detailed ?? []), at.groupId, at.date);
  const cardmarket = [...new Set((card.variants_detailed ?? []).flatMap((v) => (v.thirdParty?.cardmarket === undefined ? [] : [v.thirdParty.cardmarket])))];
  const converted: CardEntry = {
    id: `${at.set.id}-${at.number}`,
    set: at.set.id,
    name,
    language: at.japanese ? 'ja' : 'en',
    ...(at.japanese && { nameJa: card.name }),
    number: at.number,
    supertype,
    subtypes: subtypesOf(card, supertype, name, rarity),
    types: card.types ?? [],
    rarity,
    artist: card.illustrator,
    // TCGdex gives a fossil Item the HP it has in play; the catalogue gives HP to Pokémon only.
    hp: card.hp === undefined || supertype !== 'Pokémon' ? undefined : String(card.hp),
    nationalPokedexNumbers: card.dexId?.length ? card.dexId : undefined,
    regulationMark: card.regulationMark?.toUpperCase(),
    images: imagesOf(card, at),
    prices: lines,
    history: [],
    tcgdexId: card.id,
    cardmarketIds: cardmarket.length ? cardmarket : undefined,
  };
  return { card: converted, heldBack };
}

/** A card's TCGdex images: the English asset form, or the Japanese one for a Japanese card. */
function imagesOf(card: TcgdexCard, at: CardContext): { small: string; large: string } {
  const images = at.japanese ? tcgdexJapaneseImages : tcgdexAssetImages;
  return card.image ? images({ base: card.image }) : images({ serie: at.tcgdex.serie, set: at.tcgdex.set, localId: card.localId });
}

/**
 * A Japanese card's printings as priceLinesOf reads them, by the Japanese import's rules (../shared/data/japanese/SOURCE.md,
 * "How prices were joined"): TCGdex's detailed variants, a plain reverse (no foil, no stamp) the printing `reverse`
 * of a holofoil product (TCGplayer sells a Japanese reverse holo as a product of its own, "Holofoil"); or, where no
 * variant names a TCGplayer product and the card itself does (TCGdex gives the cards of SV11B, SV11W, M1L, M2 and M3
 * their product so), its first variant tied to that product.
 */
function japanesePrintingsOf(card: TcgdexCard): TcgdexVariant[] {
  const variants = (card.variants_detailed ?? []).map((v) =>
    v.type === 'reverse' && !v.foil && !v.stamp?.length ? { ...v, type: 'holo', stamp: ['reverse'] } : v,
  );
  const product = card.thirdParty?.tcgplayer;
  if (product === undefined || variants.some((v) => v.thirdParty?.tcgplayer !== undefined)) return variants;
  return [{ ...(variants[0] ?? { type: 'normal' }), thirdParty: { ...variants[0]?.thirdParty, tcgplayer: product } }];
}

/** The series (our name) of a TCGdex serie the sync follows; undefined for one it does not (TCGDEX_SERIES). */
export function seriesOfSerie(serieId: string): string | undefined {
  return Object.entries(TCGDEX_SERIES).find(([, serie]) => serie === serieId)?.[0];
}

/**
 * A TCGdex set as content.sets holds it. `printedTotal` is the official count, or (an open promo set, which
 * TCGdex counts 0) the cards it lists; `total` is the cards it lists; `ptcgoCode` its official abbreviation.
 */
export function setOfTcgdex(set: TcgdexSet, id: string, series: string): SetEntry {
  return {
    id,
    name: set.name,
    language: 'en',
    series,
    printedTotal: set.cardCount.official || set.cards.length,
    total: set.cards.length,
    releaseDate: set.releaseDate,
    ptcgoCode: set.abbreviation?.official ?? set.tcgOnline,
  };
}
