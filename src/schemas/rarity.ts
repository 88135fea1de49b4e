import { z } from 'astro/zod';

/**
 * The rarity labels a card may carry, as the Pokémon TCG API writes them. A closed list, so that a misspelt
 * rarity fails the build with its file and field instead of becoming a rarity of its own in search, the field
 * filters and the catalogue of rarities. A new label (a new era brings some) is added here, with the import
 * that brings it: Black White Rare (Black Bolt, White Flare) and Mega Hyper Rare (the Mega Evolution sets)
 * came with the newer sets, Secret Rare (TCGdex's label of 12 Japanese cards, japanese/SOURCE.md) with the Japanese
 * sets (docs/data.md).
 */
const RARITIES = [
  'ACE SPEC Rare',
  'Amazing Rare',
  'Black White Rare',
  'Classic Collection',
  'Common',
  'Double Rare',
  'Hyper Rare',
  'Illustration Rare',
  'LEGEND',
  'Mega Hyper Rare',
  'Promo',
  'Radiant Rare',
  'Rare',
  'Rare ACE',
  'Rare BREAK',
  'Rare Holo',
  'Rare Holo EX',
  'Rare Holo GX',
  'Rare Holo LV.X',
  'Rare Holo Star',
  'Rare Holo V',
  'Rare Holo VMAX',
  'Rare Holo VSTAR',
  'Rare Prime',
  'Rare Prism Star',
  'Rare Rainbow',
  'Rare Secret',
  'Secret Rare',
  'Rare Shining',
  'Rare Shiny',
  'Rare Shiny GX',
  'Rare Ultra',
  'Shiny Rare',
  'Shiny Ultra Rare',
  'Special Illustration Rare',
  'Trainer Gallery Rare Holo',
  'Ultra Rare',
  'Uncommon',
] as const;

/** A card's rarity label: one of RARITIES. */
export const raritySchema = z.enum(RARITIES);
