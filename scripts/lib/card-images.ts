/**
 * The image of a card the source gives none (docs/data.md, "Card images"): TCGdex's asset of the same card,
 * `https://assets.tcgdex.net/en/<serie>/<set>/<localId>/<quality>.webp`, the form TCGdex documents
 * (https://tcgdex.dev/assets: quality `low` or `high`, extension png, webp or jpg). `low` is the small image,
 * `high` the large one. TCGdex names series and sets its own way; the rule maps ours to its
 * (src/catalogue/tcgdex-ids.ts), and refuses a card it cannot map rather than guess a URL. The catalogue sync, which
 * has TCGdex's own ids, makes its cards' images with the same form (tcgdexAssetImages).
 */
import { TCGDEX_SERIES, tcgdexLocalIdOf, tcgdexSetIdOf } from '../../src/catalogue/tcgdex-ids.ts';
import { TCGDEX_ASSET_ORIGIN } from '../../src/schemas/image-host.ts';

/**
 * A card's images on TCGdex, by TCGdex's ids, or from the base URL of its asset (the `image` of a card in
 * TCGdex's API, which is that URL without quality and extension).
 * @example tcgdexAssetImages({ serie: 'sv', set: 'sv08.5', localId: '161' }).small // "https://assets.tcgdex.net/en/sv/sv08.5/161/low.webp"
 */
export function tcgdexAssetImages(asset: { serie: string; set: string; localId: string } | { base: string }): { small: string; large: string } {
  const base = 'base' in asset ? asset.base.replace(/\/+$/, '') : `${TCGDEX_ASSET_ORIGIN}/en/${asset.serie}/${asset.set}/${asset.localId}`;
  return { small: `${base}/low.webp`, large: `${base}/high.webp` };
}

/**
 * A Japanese card's images on TCGdex, in the form TCGdex builds for Japanese cards and the Japanese import's cards
 * carry (`…/ja/<serie>/<set>/<localId>/{low,high}.png`, ../shared/data/japanese/SOURCE.md, "Ids"), by TCGdex's ids or
 * from the base URL of its asset.
 * @example tcgdexJapaneseImages({ serie: 'SV', set: 'SV8a', localId: '217' }).small // "https://assets.tcgdex.net/ja/SV/SV8a/217/low.png"
 */
export function tcgdexJapaneseImages(asset: { serie: string; set: string; localId: string } | { base: string }): { small: string; large: string } {
  const base = 'base' in asset ? asset.base.replace(/\/+$/, '') : `${TCGDEX_ASSET_ORIGIN}/ja/${asset.serie}/${asset.set}/${asset.localId}`;
  return { small: `${base}/low.png`, large: `${base}/high.png` };
}

/**
 * The card's images on TCGdex, or why the rule has none (the import fails with it). TCGdex's local id is the
 * collector number three digits wide (its files are `001.ts` … in these series).
 * @example tcgdexImagesOf({ number: '1' }, { id: 'me5', series: 'Mega Evolution' }) // { small: "https://assets.tcgdex.net/en/me/me05/001/low.webp", large: "…/high.webp" }
 */
export function tcgdexImagesOf(card: { number: string }, set: { id: string; series: string }): { small: string; large: string } | string {
  const serie = TCGDEX_SERIES[set.series];
  if (!serie) return `no image, and the series "${set.series}" has no TCGdex serie in the image rule (src/catalogue/tcgdex-ids.ts)`;
  const tcgdexSet = tcgdexSetIdOf(set.id);
  if (!tcgdexSet) return `no image, and the set id "${set.id}" has no TCGdex set id by the image rule`;
  if (!/^\d+$/.test(card.number)) return `no image, and the number "${card.number}" is not a plain number the image rule can make a TCGdex local id of`;
  return tcgdexAssetImages({ serie, set: tcgdexSet, localId: tcgdexLocalIdOf(card.number) });
}
