/**
 * What a sealed product is, read from its TCGplayer name: its kind, the N of "[Set of N]", its booster packs and
 * where that count comes from, and whether it is a Pokémon Center exclusive. The sealed source derived these by
 * keyword (../shared/data/sealed/SOURCE.md); this is that derivation written down, so that a product the
 * catalogue sync adds (scripts/catalogue-sync.ts) gets what the catalogue import's products have.
 *
 * The rules are tried in order and the first that matches names the kind: the more particular words first
 * ("Elite Trainer Box Case" before "Elite Trainer Box", "Booster Box Case" before "Booster Box"). On the 1,590
 * products of the sealed source they give its kind, quantity, packs and exclusivity for all but one ("Sword and
 * Shield Base Set Sleeved Booster Pack", which the source leaves uncounted as it does the base sets written with
 * "&"); tests/content/sealed-kinds.test.ts holds that against content/sealed/.
 */

/** Kinds renamed to the contract's names; every other kind is the source's. */
const KIND_RENAMES: Readonly<Record<string, string>> = {
  'elite-trainer-box': 'etb',
  'elite-trainer-box-case': 'etb-case',
};

/**
 * A source kind as content names it.
 * @example contentKindOf('elite-trainer-box') // "etb"
 */
export function contentKindOf(kind: string): string {
  return KIND_RENAMES[kind] ?? kind;
}

/** [kind, the words that make a product one], in the order they are tried. */
const KIND_RULES: readonly (readonly [string, RegExp])[] = [
  ['world-championship-deck', /World Championships? Deck/i],
  ['trick-or-trade-bundle', /Trick or Trade/i],
  ['retailer-bundle', /^(Costco|Sam's Club|Walmart|Target|GameStop|Best Buy)\b/i],
  ['elite-trainer-box-case', /Elite Trainer Box Case/i],
  ['booster-box-case', /Booster Box Case/i],
  ['booster-bundle-case', /Booster Bundle Case/i],
  ['display', /Display/i],
  ['case', /\bCase\b|Master Carton/i],
  ['prize-pack', /Prize Pack/i],
  ['advent-calendar', /Holiday Calendar|Advent Calendar/i],
  ['prerelease-kit', /Pre-?Release Kit/i],
  ['battle-academy', /Battle Academy/i],
  ['trainer-kit', /Trainer Kit|Trainer's Toolkit/i],
  ['first-partner-pack', /First Partner Pack/i],
  ['collector-chest', /Collector Chest/i],
  ['build-and-battle-stadium', /Build (&|and) Battle Stadium/i],
  ['build-and-battle-box', /Build (&|and) Battle Box/i],
  ['elite-trainer-box', /Elite Trainer Box/i],
  ['half-booster-box', /Half Booster Box/i],
  ['booster-box', /Booster Box/i],
  ['booster-pack-art-bundle', /Booster Pack Art Bundle/i],
  ['booster-bundle', /Booster Bundle/i],
  ['mini-pack', /Mini-Pack|3-Card Booster/i],
  ['sleeved-booster-pack', /Sleeved Booster Pack/i],
  ['booster-pack', /Booster Pack/i],
  ['blister', /Blister|Hanger Box/i],
  ['mini-tin', /Mini Tin/i],
  ['tin', /\bTins?\b/i],
  ['premium-collection', /Premium Collection/i],
  ['fun-pack', /Fun Pack/i],
  ['theme-deck', /Theme Decks?\b/i],
  ['deck', /\bDecks?\b/i],
  ['collection-box', /\b(Box|Collections?|Showcase)\b/i],
];

/** What the name of a sealed product says of it (the fields of content/sealed/ it derives). */
export interface SealedMakeup {
  kind: string;
  quantity?: number;
  packs: number | null;
  packsBasis?: string;
  pokemonCenterExclusive?: boolean;
}

/** The standard count of a plain product of a kind (a plain "… Booster Box"), and how the source words it. */
const STANDARD_PACKS: Readonly<Record<string, { packs: number; basis: string }>> = {
  'booster-pack': { packs: 1, basis: 'product-format' },
  'sleeved-booster-pack': { packs: 1, basis: 'product-format' },
  'booster-box': { packs: 36, basis: 'product-format (standard English booster box)' },
  'booster-bundle': { packs: 6, basis: 'product-format (standard English booster bundle)' },
};

/**
 * The makeup of a sealed product (its kind, packs and quantity), from its TCGplayer name.
 * @example sealedMakeupOf('Surging Sparks Booster Box') // { kind: "booster-box", packs: 36, packsBasis: "product-format (standard English booster box)" }
 * @example sealedMakeupOf('Twilight Masquerade 3 Pack Blister [Revavroom]') // { kind: "blister", packs: 3, packsBasis: "name" }
 */
export function sealedMakeupOf(name: string): SealedMakeup {
  const kind = KIND_RULES.find(([, words]) => words.test(name))?.[0] ?? 'other';
  const quantity = Number(/\[(?:Set|Bundle) of (\d+)\]/i.exec(name)?.[1]) || undefined;
  const blisterPacks = Number(/\b(\d+)[- ]Pack (?:Blister|Hanger Box)/i.exec(name)?.[1]) || undefined;
  let packs: number | null = null;
  let packsBasis: string | undefined;
  // A name joining things with "&" may be a product of several (a deck & 2 boosters, or a base set named after
  // its series): the source counts no packs in it from the words of its kind, and neither does this.
  const several = name.includes('&');
  if (kind === 'sleeved-booster-pack' && quantity) [packs, packsBasis] = [quantity, 'name'];
  else if (!several && kind === 'blister' && blisterPacks) [packs, packsBasis] = [blisterPacks, 'name'];
  else if (!several && STANDARD_PACKS[kind] && isPlain(name, kind)) [packs, packsBasis] = [STANDARD_PACKS[kind].packs, STANDARD_PACKS[kind].basis];
  return {
    kind: contentKindOf(kind),
    ...(quantity && { quantity }),
    packs,
    ...(packsBasis && { packsBasis }),
    ...(/Pokemon Center|Pokémon Center/i.test(name) && { pokemonCenterExclusive: true }),
  };
}

/** A plain product of its kind: its name ends in the kind's words, with nothing after (no "[Set of 2]", no "(Exclusive)"). */
function isPlain(name: string, kind: string): boolean {
  const words: Record<string, RegExp> = {
    'booster-pack': /Booster Pack$/i,
    'sleeved-booster-pack': /Sleeved Booster Pack$/i,
    'booster-box': /Booster Box$/i,
    'booster-bundle': /Booster Bundle$/i,
  };
  return words[kind].test(name.trim());
}
