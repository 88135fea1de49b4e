/**
 * The image of a card the source gives none (docs/data.md, "Card images"): TCGdex's asset of the same card,
 * `https://assets.tcgdex.net/en/<serie>/<set>/<localId>/<quality>.webp`, the form TCGdex documents
 * (https://tcgdex.dev/assets: quality `low` or `high`, extension png, webp or jpg). `low` is the small image,
 * `high` the large one. TCGdex names series and sets its own way; the rule maps ours to its, and refuses a card
 * it cannot map rather than guess a URL.
 */
import { TCGDEX_ASSET_ORIGIN } from '../../src/schemas/image-host.ts';

/** TCGdex's serie id of each series (the Pokémon TCG API's series name) the rule covers. */
const TCGDEX_SERIES: Record<string, string> = {
  'Scarlet & Violet': 'sv',
  'Mega Evolution': 'me',
};

/** Sets whose TCGdex id the general rule does not give: the two halves of Scarlet & Violet 10.5. */
const TCGDEX_SET_IDS: Record<string, string> = { zsv10pt5: 'sv10.5b', rsv10pt5: 'sv10.5w' };

/**
 * TCGdex's id of one of our sets: the number two digits wide, `pt5` written `.5`; an id without a number is the same.
 * @example tcgdexSetIdOf('sv8pt5') // "sv08.5"
 * @example tcgdexSetIdOf('me5') // "me05"
 * @example tcgdexSetIdOf('mep') // "mep"
 */
export function tcgdexSetIdOf(setId: string): string | undefined {
  if (TCGDEX_SET_IDS[setId]) return TCGDEX_SET_IDS[setId];
  const parts = /^([a-z]+)(?:(\d+)(pt5)?)?$/.exec(setId);
  if (!parts) return undefined;
  const [, prefix, number, half] = parts;
  return number === undefined ? prefix : `${prefix}${number.padStart(2, '0')}${half ? '.5' : ''}`;
}

/**
 * The card's images on TCGdex, or why the rule has none (the import fails with it). TCGdex's local id is the
 * collector number three digits wide (its files are `001.ts` … in these series).
 * @example tcgdexImagesOf({ number: '1' }, { id: 'me5', series: 'Mega Evolution' }) // { small: "https://assets.tcgdex.net/en/me/me05/001/low.webp", large: "…/high.webp" }
 */
export function tcgdexImagesOf(card: { number: string }, set: { id: string; series: string }): { small: string; large: string } | string {
  const serie = TCGDEX_SERIES[set.series];
  if (!serie) return `no image, and the series "${set.series}" has no TCGdex serie in the image rule (scripts/lib/card-images.ts)`;
  const tcgdexSet = tcgdexSetIdOf(set.id);
  if (!tcgdexSet) return `no image, and the set id "${set.id}" has no TCGdex set id by the image rule`;
  if (!/^\d+$/.test(card.number)) return `no image, and the number "${card.number}" is not a plain number the image rule can make a TCGdex local id of`;
  const base = `${TCGDEX_ASSET_ORIGIN}/en/${serie}/${tcgdexSet}/${card.number.padStart(3, '0')}`;
  return { small: `${base}/low.webp`, large: `${base}/high.webp` };
}
