import { SET_ID } from '../schemas/patterns.ts';

/**
 * Our ids and TCGdex's, both ways: one place for the rules that the catalogue sync (scripts/catalogue-sync.ts,
 * TCGdex → ours), the image rule (scripts/lib/card-images.ts) and the id crosswalk (/api/bulk/crosswalk.csv,
 * ours → TCGdex) share, so that they cannot disagree (docs/data.md, "The catalogue sync" and "Crosswalk").
 *
 * Our set ids are the Pokémon TCG API's: `sv8pt5`, `me2pt5`, `zsv10pt5`. TCGdex writes the number two digits wide
 * and a half set as `.5` (`sv08.5`, `me02.5`), and its card ids are `<set>-<localId>`, the local id three digits
 * wide in the series below (`sv08.5-161`, `me05-001`).
 */

/** TCGdex's serie id of each series (our name, the Pokémon TCG API's) whose TCGdex ids the rules cover. */
export const TCGDEX_SERIES: Readonly<Record<string, string>> = {
  'Scarlet & Violet': 'sv',
  'Mega Evolution': 'me',
};

/** Sets whose ids the general rule does not give: the two halves of Scarlet & Violet 10.5 (ours → TCGdex's). */
const TCGDEX_SET_IDS: Readonly<Record<string, string>> = { zsv10pt5: 'sv10.5b', rsv10pt5: 'sv10.5w' };
const SET_IDS_OF_TCGDEX: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TCGDEX_SET_IDS).map(([ours, theirs]) => [theirs, ours]));

/** How wide TCGdex writes a numeric local id in the series above (`001.ts` … in its data). */
const LOCAL_ID_DIGITS = 3;

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
 * Our id of a TCGdex set, the rule the sync adds sets by (the inverse of tcgdexSetIdOf where that is defined):
 * the known exceptions; else letters, the number without its zero padding, `.N` written `ptN` (the Pokémon TCG
 * API's convention: `sv8pt5`), and any letters after; else the id lower-cased with every character but a letter
 * or digit left out. Undefined when nothing is left. Stable: it reads the TCGdex id alone.
 * @example setIdOfTcgdex('sv08.5') // "sv8pt5"
 * @example setIdOfTcgdex('me02.5') // "me2pt5"
 * @example setIdOfTcgdex('sv10.5b') // "zsv10pt5"
 * @example setIdOfTcgdex('mep') // "mep"
 */
export function setIdOfTcgdex(tcgdexSetId: string): string | undefined {
  if (SET_IDS_OF_TCGDEX[tcgdexSetId]) return SET_IDS_OF_TCGDEX[tcgdexSetId];
  const parts = /^([a-z]+)(?:0*(\d+)(?:\.(\d+))?([a-z]*))?$/i.exec(tcgdexSetId);
  if (parts) {
    const [, prefix, number, part, suffix] = parts;
    return `${prefix}${number ?? ''}${part ? `pt${part}` : ''}${suffix ?? ''}`.toLowerCase();
  }
  return tcgdexSetId.toLowerCase().replace(/[^a-z0-9]/g, '') || undefined;
}

/**
 * Our collector number of a TCGdex local id: an all-digit local id without its zero padding (`007` → `7`), unless
 * the set keeps it (`padded`: the Mega Evolution promos are `001` … in content, as their only upstream file wrote
 * them); any other local id as it is (`TG01`).
 * @example cardNumberOf('007', false) // "7"
 * @example cardNumberOf('007', true) // "007"
 */
export function cardNumberOf(localId: string, padded: boolean): string {
  return padded ? localId : unpaddedIfDigits(localId);
}

/**
 * A collector number as the sync compares ours with TCGdex's: an all-digit number without its leading zeros, any
 * other exactly as written (TCGdex's `TG01` and ours are one card, and `TG1` would be another). Search folds numbers
 * further (lowercaseUnpadded, src/search/normalize.ts), since a query may be typed in any case and padding.
 * @example unpaddedIfDigits('001') // "1"
 * @example unpaddedIfDigits('TG01') // "TG01"
 */
export function unpaddedIfDigits(number: string): string {
  return /^\d+$/.test(number) ? String(Number(number)) : number;
}

/**
 * TCGdex's id of one of our cards, derived by the inverse rule: its set's TCGdex id and its number three digits
 * wide. Defined for the series of TCGDEX_SERIES only, and for plain numbers (where the rule is TCGdex's own
 * layout); undefined elsewhere, rather than a guess.
 * @example tcgdexCardIdOf({ number: '161' }, { id: 'sv8pt5', series: 'Scarlet & Violet' }) // "sv08.5-161"
 * @example tcgdexCardIdOf({ number: '4' }, { id: 'base1', series: 'Base' }) // undefined
 */
export function tcgdexCardIdOf(card: { number: string }, set: { id: string; series: string }): string | undefined {
  if (!TCGDEX_SERIES[set.series] || !/^\d+$/.test(card.number)) return undefined;
  const tcgdexSet = tcgdexSetIdOf(set.id);
  return tcgdexSet && `${tcgdexSet}-${card.number.padStart(LOCAL_ID_DIGITS, '0')}`;
}

/**
 * TCGdex's local id of one of our numbers in the series of TCGDEX_SERIES: three digits wide.
 * @example tcgdexLocalIdOf('1') // "001"
 */
export function tcgdexLocalIdOf(number: string): string {
  return number.padStart(LOCAL_ID_DIGITS, '0');
}

/**
 * TCGdex's id of a Japanese card, read from its image's address, the form TCGdex builds for Japanese cards
 * (`https://assets.tcgdex.net/ja/<serie>/<set>/<localId>/low.png`, ../shared/data/japanese/SOURCE.md, "Ids"):
 * `<set>-<localId>`, the set id in TCGdex's own case. Undefined for any other address.
 * @example japaneseTcgdexIdOf('https://assets.tcgdex.net/ja/SV/SV8a/217/low.png') // "SV8a-217"
 */
export function japaneseTcgdexIdOf(imageUrl: string): string | undefined {
  const parts = /^https:\/\/assets\.tcgdex\.net\/ja\/[A-Za-z0-9-]+\/([A-Za-z0-9-]+)\/([A-Za-z0-9]+)\/(?:low|high)\.png$/.exec(imageUrl);
  return parts ? `${parts[1]}-${parts[2]}` : undefined;
}

/**
 * TCGdex's serie id of each series (our name) whose Japanese sets the catalogue sync follows: the series of
 * `data-asia/` (TCGdex's `/ja/` answers) that ../shared/data/japanese holds (its SOURCE.md, "Set ↔ TCGplayer group").
 */
export const JAPANESE_TCGDEX_SERIES: Readonly<Record<string, string>> = {
  'Scarlet & Violet': 'SV',
  'Mega Evolution': 'M',
};

/**
 * Our id of a TCGdex Japanese set, the rule the Japanese import's ids were made by (../shared/data/japanese/SOURCE.md,
 * "Ids"): `jp-` and TCGdex's id lower-cased; undefined where that is not a set id of ours (a `.` in it).
 * @example japaneseSetIdOf('SV8a') // "jp-sv8a"
 * @example japaneseSetIdOf('SV-P') // "jp-sv-p"
 */
export function japaneseSetIdOf(tcgdexSetId: string): string | undefined {
  const id = `jp-${tcgdexSetId.toLowerCase()}`;
  return SET_ID.test(id) ? id : undefined;
}
