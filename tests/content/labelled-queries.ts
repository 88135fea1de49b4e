/**
 * Labelled queries over the real catalogue: what a collector types, and the ids
 * that must appear in the first ten results (or first of all). Chosen by reading
 * content/ and content/aliases/, not by reading the engine's output: each id is
 * the printing or product the query plainly means (Base Set Charizard for
 * "charizard 4/102", the set's own booster box for "evs bb"), or, where many fit
 * equally (a type, a rarity, a set), one of the most valuable of them, since value
 * is the documented tie-break. Where a day of prices could change which of them
 * comes first, the query names the cards that fit alike (`alike`) instead, and the
 * first must be the most valuable of them that day. Used by
 * tests/content/search-relevance.test.ts and scripts/bench-search.ts (latency).
 */

import type { CardSearchRecord } from '../../src/search/card-searcher.ts';

/** The cards an art of content/aliases/arts.json names, by the art's name ("Full Art"). */
export type ArtCards = (art: string) => ReadonlySet<string>;

export interface LabelledQuery {
  q: string;
  /** Ids that must all be in the top 10 (card ids, or sealed product ids); empty (and no `alike`): nothing may match. */
  expect: string[];
  /**
   * Where value decides (the documented tie-break) among the cards the query fits alike, which cards those are:
   * the first result must be the most valuable of them as content values them that day, not an id a day of prices
   * can unseat. `expect` then lists only what holds whatever the values.
   */
  alike?: (card: CardSearchRecord, arts: ArtCards) => boolean;
  kind: 'name' | 'typo' | 'multi-field' | 'type' | 'rarity' | 'set' | 'number' | 'alias' | 'nickname' | 'printing' | 'art' | 'sealed' | 'noise';
  /** Which search: cards (the default) or sealed products. */
  searcher?: 'cards' | 'sealed';
  /** The first expected id must be the very first result. */
  first?: true;
  /** Words the answer must list as ignored (as the search reads them). */
  ignored?: string[];
}

/** Value decides among the cards of these names. */
const named =
  (...names: string[]) =>
  (card: CardSearchRecord) =>
    names.includes(card.summary.name);
/** Value decides among the cards of a set (of these names, when given). */
const inSet =
  (set: string, ...names: string[]) =>
  (card: CardSearchRecord) =>
    card.set === set && (names.length === 0 || names.includes(card.summary.name));
/** Value decides among the cards of a rarity. */
const ofRarity = (rarity: string) => (card: CardSearchRecord) => card.summary.rarity === rarity;
/** Value decides among the cards of these names that have an art. */
const withArt =
  (art: string, ...names: string[]) =>
  (card: CardSearchRecord, arts: ArtCards) =>
    arts(art).has(card.summary.id) && names.includes(card.summary.name);

/** Value decides among the cards whose Japanese name holds this (whole, or a name it is part of). */
const japaneseNamed =
  (part: string, exact = false) =>
  (card: CardSearchRecord) =>
    card.summary.nameJa !== null && (exact ? card.summary.nameJa === part : card.summary.nameJa.includes(part));
/** Value decides among the English cards of these names. */
const englishOf =
  (...names: string[]) =>
  (card: CardSearchRecord) =>
    card.summary.language === 'en' && names.includes(card.summary.name);
/** Value decides among the Japanese cards of these English names. */
const japaneseOf =
  (...names: string[]) =>
  (card: CardSearchRecord) =>
    card.summary.language === 'ja' && names.includes(card.summary.name);

/**
 * Queries that keep one language by a filter (`lang:ja`, `language:japanese`, `-lang:en`, `lang:en`), read as the API
 * reads q (field filters apart from the free words), and set codes an English set also has as its id beside a
 * Japanese language word (`sv8 jp` is Super Electric Breaker, where sv8 alone is Surging Sparks).
 */
export const LANGUAGE_QUERIES: readonly LabelledQuery[] = [
  { kind: 'alias', q: 'lang:ja umbreon ex', expect: ['jp-sv8a-217'], alike: japaneseOf('Umbreon ex') },
  { kind: 'alias', q: 'iono lang:ja', expect: ['jp-sv2d-096'], alike: japaneseOf('Iono') },
  { kind: 'alias', q: 'language:japanese mew ex', expect: ['jp-sv4a-347'], alike: japaneseOf('Mew ex') },
  { kind: 'alias', q: 'charizard ex -lang:en', expect: [], alike: japaneseOf('Charizard ex') },
  { kind: 'alias', q: 'lang:ja sv8 pikachu ex', expect: ['jp-sv8-132'], first: true },
  { kind: 'alias', q: 'umbreon ex lang:en', expect: [], alike: englishOf('Umbreon ex') },
  { kind: 'alias', q: 'iono lang:en', expect: [], alike: englishOf('Iono') },
  { kind: 'alias', q: 'victini language:en', expect: [], alike: englishOf('Victini') },
  { kind: 'alias', q: 'zekrom ex lang:english', expect: ['zsv10pt5-172'], first: true },
  { kind: 'alias', q: 'lang:en sv8 pikachu ex', expect: ['sv8-238'], first: true },
  { kind: 'set', q: 'sv8 jp', expect: [], alike: inSet('jp-sv8') },
  { kind: 'set', q: 'sv8 jp pikachu ex', expect: ['jp-sv8-132'], first: true },
  { kind: 'set', q: 'japanese sv3 charizard ex', expect: [], alike: inSet('jp-sv3', 'Charizard ex') },
  { kind: 'set', q: 'sv6 jpn', expect: [], alike: inSet('jp-sv6') },
  { kind: 'set', q: 'sv9 japanese', expect: [], alike: inSet('jp-sv9') },
  { kind: 'set', q: 'sv10 jp', expect: [], alike: inSet('jp-sv10') },
];

/**
 * Japanese sets by the English names collectors use: TCGplayer's (the sets' own names, whole or without a closing
 * "ex") and TCGdex's, which content/aliases/sets.json holds with its source (Terastal Festival, Mega Dream, Mask of
 * Change, Glory of Team Rocket, Ninja Spinner).
 */
export const COLLECTOR_SET_NAME_QUERIES: readonly LabelledQuery[] = [
  { kind: 'set', q: 'terastal festival umbreon ex', expect: ['jp-sv8a-217'], first: true },
  { kind: 'set', q: 'terastal festival', expect: [], alike: inSet('jp-sv8a') },
  { kind: 'set', q: 'terastal fest', expect: [], alike: inSet('jp-sv8a') },
  { kind: 'set', q: 'terastal fest sylveon ex', expect: ['jp-sv8a-212'], first: true },
  { kind: 'set', q: 'shiny treasure', expect: [], alike: inSet('jp-sv4a') },
  { kind: 'set', q: 'battle partners', expect: [], alike: inSet('jp-sv9') },
  { kind: 'set', q: 'paradise dragona latias ex', expect: ['jp-sv7a-087'], first: true },
  { kind: 'set', q: 'night wanderer', expect: [], alike: inSet('jp-sv6a') },
  { kind: 'set', q: 'super electric breaker pikachu ex', expect: ['jp-sv8-132'], first: true },
  { kind: 'set', q: 'mega dream', expect: [], alike: inSet('jp-m2a') },
  { kind: 'set', q: 'mega dream ex pikachu ex', expect: ['jp-m2a-044'], first: true },
  { kind: 'set', q: 'inferno x', expect: [], alike: inSet('jp-m2') },
  { kind: 'set', q: 'inferno x mega charizard x ex', expect: ['jp-m2-116'], first: true },
  { kind: 'set', q: 'mega brave', expect: [], alike: inSet('jp-m1l') },
  { kind: 'set', q: 'mega symphonia mega gardevoir ex', expect: ['jp-m1s-092'], first: true },
  { kind: 'set', q: 'mask of change', expect: [], alike: inSet('jp-sv6') },
  { kind: 'set', q: 'glory of team rocket', expect: [], alike: inSet('jp-sv10') },
  { kind: 'set', q: 'ninja spinner', expect: [], alike: inSet('jp-m4') },
];

/**
 * The Japanese cards (../shared/data/japanese, issue 48), labelled the same way from content/cards/jp-*.json and
 * content/sets.json: Japanese names typed whole, in part and in hiragana; English names with a language word; set
 * codes as printed on the cards (SV8a, M2, SV-P) and TCGplayer's English set names; numbers as printed (132/106).
 * The last group is English names whose Japanese print is worth more than any English one (Victini, Iono, Lillie's
 * Determination …): a query that names no language must still give the most valuable English card first.
 */
export const JAPANESE_QUERIES: readonly LabelledQuery[] = [
  // Japanese names, whole: the most valuable card of that name first.
  { kind: 'name', q: 'ナンジャモ', expect: ['jp-sv2d-096'], alike: japaneseNamed('ナンジャモ', true) },
  { kind: 'name', q: 'ピカチュウex', expect: ['jp-sv8-132'], alike: japaneseNamed('ピカチュウex', true) },
  { kind: 'name', q: 'ブラッキーex', expect: ['jp-sv8a-217'], alike: japaneseNamed('ブラッキーex', true) },
  { kind: 'name', q: 'メガリザードンXex', expect: ['jp-m2-116'], first: true },
  { kind: 'name', q: 'リーリエの決心', expect: ['jp-m1l-091'], alike: japaneseNamed('リーリエの決心', true) },
  { kind: 'name', q: 'ミュウex', expect: ['jp-sv4a-347'], alike: japaneseNamed('ミュウex', true) },
  { kind: 'name', q: 'メガルカリオex', expect: ['jp-m1l-092'], alike: japaneseNamed('メガルカリオex', true) },
  { kind: 'name', q: 'メガサーナイトex', expect: ['jp-m1s-092'], alike: japaneseNamed('メガサーナイトex', true) },
  { kind: 'name', q: 'ビクティニ', expect: ['jp-sv-p-288'], alike: japaneseNamed('ビクティニ', true) },
  { kind: 'name', q: 'カシオペア', expect: ['jp-sv6a-091'], alike: japaneseNamed('カシオペア', true) },
  { kind: 'name', q: 'ゼクロムex', expect: ['jp-sv11b-174'], alike: japaneseNamed('ゼクロムex', true) },
  { kind: 'name', q: 'ラティアスex', expect: ['jp-sv7a-087'], alike: japaneseNamed('ラティアスex', true) },
  // In part, and in hiragana: the name the query is, or is part of, is listed.
  { kind: 'name', q: 'ぴかちゅうex', expect: ['jp-sv8-132'], alike: japaneseNamed('ピカチュウex', true) },
  { kind: 'name', q: 'ブラッキー', expect: ['jp-sv8a-217'] },
  { kind: 'name', q: 'リザードンXex', expect: ['jp-m2-116'], first: true },
  { kind: 'name', q: 'ルカリオ', expect: ['jp-m1l-092'] },
  // English names with a language word: only Japanese cards, the most valuable first.
  { kind: 'alias', q: 'iono jp', expect: ['jp-sv2d-096'], alike: japaneseOf('Iono') },
  { kind: 'alias', q: 'japanese umbreon ex', expect: ['jp-sv8a-217'], alike: japaneseOf('Umbreon ex') },
  { kind: 'alias', q: 'charizard ex jpn', expect: ['jp-sv4a-349'], alike: japaneseOf('Charizard ex') },
  { kind: 'alias', q: "lillie's determination jp", expect: ['jp-m1l-091'], alike: japaneseOf("Lillie's Determination") },
  { kind: 'alias', q: 'mega charizard x ex japanese', expect: ['jp-m2-116'], first: true },
  { kind: 'alias', q: 'mew ex jp', expect: ['jp-sv4a-347'], alike: japaneseOf('Mew ex') },
  { kind: 'alias', q: 'victini jp', expect: ['jp-sv-p-288'], alike: japaneseOf('Victini') },
  // Set codes as printed on the cards, and TCGplayer's English names of the sets.
  { kind: 'set', q: 'sv8a umbreon ex', expect: ['jp-sv8a-217'], first: true },
  { kind: 'set', q: 'sv2d iono', expect: ['jp-sv2d-096'], first: true },
  { kind: 'set', q: 'm2 mega charizard x ex', expect: ['jp-m2-116'], first: true },
  { kind: 'set', q: 'sv4a mew ex', expect: ['jp-sv4a-347'], first: true },
  { kind: 'set', q: 'sv-p victini', expect: ['jp-sv-p-288'], first: true },
  { kind: 'set', q: 'sv11b zekrom ex', expect: ['jp-sv11b-174'], first: true },
  { kind: 'set', q: 'sv2d', expect: [], alike: inSet('jp-sv2d') },
  { kind: 'set', q: 'sv6a', expect: [], alike: inSet('jp-sv6a') },
  { kind: 'set', q: 'terastal fest umbreon ex', expect: ['jp-sv8a-217'], first: true },
  { kind: 'set', q: 'shiny treasure mew ex', expect: ['jp-sv4a-347'], first: true },
  { kind: 'set', q: 'clay burst iono', expect: ['jp-sv2d-096'], first: true },
  { kind: 'set', q: 'night wanderer', expect: [], alike: inSet('jp-sv6a') },
  { kind: 'set', q: 'cyber judge', expect: [], alike: inSet('jp-sv5m') },
  // Numbers as printed (the number over the set's printed total), with or without the zeros.
  { kind: 'number', q: 'pikachu ex 132/106 jp', expect: ['jp-sv8-132'], first: true },
  { kind: 'number', q: 'pikachu ex 132/106', expect: ['jp-sv8-132'], first: true },
  { kind: 'number', q: 'umbreon ex 217/187', expect: ['jp-sv8a-217'], first: true },
  { kind: 'number', q: 'mew ex 347/190', expect: ['jp-sv4a-347'], first: true },
  { kind: 'number', q: 'iono 096/071', expect: ['jp-sv2d-096'], first: true },
  { kind: 'number', q: 'iono 96/71', expect: ['jp-sv2d-096'], first: true },
  { kind: 'number', q: 'sv-p 288', expect: ['jp-sv-p-288'], first: true },
  { kind: 'number', q: 'latias ex 087/064', expect: ['jp-sv7a-087'], first: true },
  // English names that name no language: the most valuable English card first, though a Japanese one is worth more.
  { kind: 'name', q: 'victini', expect: [], alike: named('Victini') },
  { kind: 'name', q: 'iono', expect: [], alike: named('Iono') },
  { kind: 'name', q: "lillie's determination", expect: [], alike: named("Lillie's Determination") },
  { kind: 'name', q: 'carmine', expect: [], alike: named('Carmine') },
  { kind: 'name', q: 'miriam', expect: [], alike: named('Miriam') },
  { kind: 'multi-field', q: 'black bolt zekrom ex', expect: ['zsv10pt5-172', 'jp-sv11b-174'], first: true },
  ...LANGUAGE_QUERIES,
  ...COLLECTOR_SET_NAME_QUERIES,
];

/**
 * The sets released after Shrouded Fable (../shared/data/newer-sets, issue 32), labelled the same way: each id read
 * from content/cards/<set>.json and content/aliases/, the one a collector means, or where several fit, the most
 * valuable (sets released after the last price day are all unpriced: there, every card of the name is expected).
 */
export const NEWER_SET_QUERIES: readonly LabelledQuery[] = [
  // Names with their numbers: Prismatic Evolutions' Umbreon ex, never Unseen Forces' Umbreon ex 112/115.
  { kind: 'number', q: 'umbreon ex 161/131', expect: ['sv8pt5-161'], first: true },
  { kind: 'number', q: 'umbreon ex 161', expect: ['sv8pt5-161'], first: true },
  { kind: 'number', q: 'pikachu ex 238/191', expect: ['sv8-238'], first: true },
  { kind: 'number', q: "team rocket's mewtwo ex 231/182", expect: ['sv10-231'], first: true },
  { kind: 'number', q: 'zekrom ex 172/86', expect: ['zsv10pt5-172'], first: true },
  { kind: 'number', q: 'mega gardevoir ex 187/132', expect: ['me1-187'], first: true },
  { kind: 'number', q: 'mega darkrai ex 120/84', expect: ['me5-120'], first: true },
  // mep numbers are written 001 (content/cards/mep.json); 1 and 001 are the same number to search.
  { kind: 'number', q: 'meganium 001/88', expect: ['mep-001'], first: true },
  { kind: 'alias', q: 'sv8pt5-161', expect: ['sv8pt5-161'], first: true },
  // Set codes (PTCGO codes of content/sets.json) and names collectors type.
  { kind: 'set', q: 'prismatic evolutions', expect: [], alike: inSet('sv8pt5') },
  { kind: 'set', q: 'prismatic', expect: [], alike: inSet('sv8pt5') },
  { kind: 'set', q: 'black bolt', expect: ['zsv10pt5-171', 'zsv10pt5-172'] },
  { kind: 'alias', q: 'pre umbreon', expect: ['sv8pt5-161', 'sv8pt5-60'] },
  { kind: 'alias', q: 'pris evo umbreon', expect: ['sv8pt5-161', 'sv8pt5-60'] },
  { kind: 'alias', q: 'ssp pikachu', expect: ['sv8-238'], first: true },
  { kind: 'alias', q: 'scr terapagos', expect: ['sv7-170'], first: true },
  { kind: 'alias', q: 'jtg lillies clefairy', expect: ['sv9-184'], first: true },
  { kind: 'alias', q: 'dri mewtwo', expect: ['sv10-231'], first: true },
  { kind: 'alias', q: 'blk zekrom', expect: [], alike: inSet('zsv10pt5', 'Zekrom ex') },
  { kind: 'alias', q: 'wht reshiram', expect: [], alike: inSet('rsv10pt5', 'Reshiram ex') },
  { kind: 'alias', q: 'meg gardevoir', expect: [], alike: inSet('me1', 'Mega Gardevoir ex') },
  { kind: 'alias', q: 'pfl charizard', expect: ['me2-13', 'me2-109', 'me2-125', 'me2-130'] },
  { kind: 'alias', q: 'asc dragonite', expect: ['me2pt5-152', 'me2pt5-271', 'me2pt5-290', 'me2pt5-295'] },
  { kind: 'alias', q: 'por zygarde', expect: ['me3-47', 'me3-104', 'me3-120', 'me3-124'] },
  { kind: 'alias', q: 'cri greninja', expect: ['me4-22', 'me4-100', 'me4-116', 'me4-122'] },
  { kind: 'alias', q: 'pbl darkrai', expect: ['me5-48', 'me5-101', 'me5-116', 'me5-120'] },
  { kind: 'alias', q: 'mega evolution promos alakazam', expect: ['mep-003', 'mep-009'], alike: inSet('mep', 'Alakazam') },
  // The two new rarities, and the rarity words.
  { kind: 'rarity', q: 'black white rare', expect: ['zsv10pt5-171', 'zsv10pt5-172', 'rsv10pt5-172', 'rsv10pt5-173'] },
  { kind: 'rarity', q: 'mega hyper rare', expect: [], alike: ofRarity('Mega Hyper Rare') },
  { kind: 'rarity', q: 'mhr', expect: [], alike: ofRarity('Mega Hyper Rare') },
  { kind: 'alias', q: 'sylveon sir', expect: ['sv8pt5-156'], first: true },
  { kind: 'alias', q: 'umbreon ex sar', expect: ['sv8pt5-161'], first: true },
  // Art words (content/aliases/arts.json, seeded by scripts/seed-art-words.ts): Special Illustration Rares are alt arts;
  // Mega Hyper Rares and Black White Rares are full arts.
  { kind: 'art', q: 'umbreon ex alt art', expect: ['sv8pt5-161'], first: true },
  { kind: 'art', q: 'eevee alt art', expect: ['sv8pt5-167'], first: true },
  { kind: 'art', q: 'mega gardevoir full art', expect: ['me1-187', 'me1-178'], first: true },
  { kind: 'art', q: 'zekrom ex full art', expect: [], alike: withArt('Full Art', 'Zekrom ex', 'Zekrom-EX') },
  // Poké Ball and Master Ball printings of Prismatic Evolutions, Black Bolt and White Flare (content/aliases/printings.json).
  { kind: 'printing', q: 'umbreon master ball', expect: ['sv8pt5-59'], first: true },
  { kind: 'printing', q: 'eevee poke ball pattern', expect: ['sv8pt5-74'], first: true },
  // Grades drop out with a note; the card stays.
  { kind: 'noise', q: 'umbreon ex 161/131 psa 10', expect: ['sv8pt5-161'], first: true, ignored: ['psa 10'] },
  // Their sealed products, linked to the sets by the import.
  { kind: 'sealed', searcher: 'sealed', q: 'destined rivals booster box', expect: ['destined-rivals-booster-box-624679'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'black bolt etb', expect: ['black-bolt-elite-trainer-box-630686'], first: true },
];

export const LABELLED_QUERIES: readonly LabelledQuery[] = [
  // Exact names, punctuation and accents folded.
  { kind: 'name', q: 'charizard', expect: ['base1-4'] },
  { kind: 'name', q: 'pikachu', expect: ['sm12-241'] },
  { kind: 'name', q: 'mew', expect: ['si1-1', 'ecard1-19'] },
  { kind: 'name', q: 'dark charizard', expect: ['base5-4'] },
  { kind: 'name', q: 'shining gyarados', expect: ['neo3-65'] },
  { kind: 'name', q: "blaine's charizard", expect: ['gym2-2'] },
  { kind: 'name', q: 'mr mime', expect: ['base2-6'] },
  { kind: 'name', q: 'ho-oh', expect: ['neo3-7'] },
  { kind: 'name', q: 'hooh', expect: ['neo3-7'] },
  { kind: 'name', q: 'poké ball', expect: ['ex6-95'] },
  { kind: 'name', q: "team aqua's kyogre-ex", expect: ['dc1-6'] },
  { kind: 'name', q: 'gardevoir ex δ', expect: ['ex15-93'] },
  { kind: 'name', q: 'umbreon ★', expect: ['pop5-17', 'cel25c-17_A'] },
  { kind: 'name', q: 'nidoran ♀', expect: ['ecard3-81'] },
  { kind: 'name', q: 'flabebe', expect: ['g1-RC17', 'xy2-62'] },
  { kind: 'name', q: 'farfetchd', expect: ['base1-27'] },
  { kind: 'name', q: "farfetch'd", expect: ['base1-27'] },
  { kind: 'name', q: "rocket's zapdos", expect: ['gym2-15'] },
  { kind: 'name', q: 'rocket zapdos', expect: ['gym2-15'] },
  { kind: 'name', q: 'mewtwo gx', expect: ['sm35-78'] },
  { kind: 'name', q: 'charizard lv.x', expect: ['pl3-143'] },

  // Printing words (content/aliases/printings.json): the cards that have the printing, by the query's other words.
  { kind: 'printing', q: 'charizard base set shadowless', expect: ['base1-4'], first: true },
  { kind: 'printing', q: 'shadowless', expect: [], alike: (card) => card.printings.some((p) => p.id.startsWith('shadowless')) },
  { kind: 'printing', q: 'blastoise shadowless', expect: ['base1-2'], first: true },
  { kind: 'printing', q: 'mewtwo shadowless', expect: ['base1-10'], first: true },
  { kind: 'printing', q: 'lugia 1st edition', expect: ['neo1-9', 'neo3-20'], first: true },
  { kind: 'printing', q: 'venusaur first edition', expect: ['base1-15'], first: true },
  { kind: 'printing', q: 'umbreon reverse holo', expect: ['ecard3-32', 'ecard2-41'] },

  // Typos: one edit up to five letters, two beyond.
  { kind: 'typo', q: 'charzard', expect: ['base1-4'] },
  { kind: 'typo', q: 'chrizard', expect: ['base1-4'] },
  { kind: 'typo', q: 'pikachu vmx', expect: ['swsh4-188'] },
  { kind: 'typo', q: 'blastois', expect: ['base1-2'] },
  { kind: 'typo', q: 'venasaur', expect: ['base1-15'] },
  { kind: 'typo', q: 'gyrados', expect: ['ecard3-H10'] },
  { kind: 'typo', q: 'lugai', expect: ['neo1-9'] },
  { kind: 'typo', q: 'mewto', expect: [], alike: named('Mewtwo') },
  { kind: 'typo', q: 'snorlx', expect: ['base2-11'] },
  { kind: 'typo', q: 'umbreon vmx', expect: ['swsh7-215'] },
  { kind: 'typo', q: 'rayquaza vmax evolvng skies', expect: ['swsh7-218'] },
  { kind: 'typo', q: 'giratina lost orgin', expect: ['swsh11-186'] },

  // Several words across name, set, types and rarity.
  { kind: 'multi-field', q: 'umbreon evolving skies', expect: ['swsh7-215', 'swsh7-189'] },
  { kind: 'multi-field', q: 'charizard base', expect: ['base1-4'] },
  { kind: 'multi-field', q: 'mew 151', expect: ['sv3pt5-193', 'sv3pt5-205'] },
  { kind: 'multi-field', q: 'pikachu vmax', expect: ['swsh4-188'] },
  { kind: 'multi-field', q: 'lugia neo genesis', expect: ['neo1-9'] },
  { kind: 'multi-field', q: 'blastoise base', expect: ['base1-2'] },
  { kind: 'multi-field', q: 'lugia silver tempest', expect: ['swsh12-186'] },
  { kind: 'multi-field', q: 'giratina lost origin', expect: ['swsh11-186'] },
  { kind: 'multi-field', q: 'charizard ex obsidian flames', expect: ['sv3-223'] },
  { kind: 'multi-field', q: 'charizard 151', expect: ['sv3pt5-199'] },
  { kind: 'multi-field', q: 'gengar fusion strike', expect: ['swsh8-271'] },
  { kind: 'multi-field', q: 'pikachu illustration rare', expect: ['sv3pt5-173'] },
  { kind: 'multi-field', q: 'squirtle 151', expect: ['sv3pt5-170'] },
  { kind: 'multi-field', q: 'charizard fire rare holo', expect: ['base1-4'] },
  { kind: 'multi-field', q: 'espeon vmax', expect: ['swsh8-270'] },

  // Types (and a type with a rarity).
  { kind: 'type', q: 'water', expect: ['ex16-102'] },
  { kind: 'type', q: 'psychic', expect: ['ex13-103'] },
  { kind: 'type', q: 'fairy', expect: ['sm10-205'] },
  { kind: 'type', q: 'fire rare holo', expect: [], alike: (card) => card.summary.types.join() === 'Fire' && card.summary.rarity === 'Rare Holo' },

  // Rarities.
  { kind: 'rarity', q: 'special illustration rare', expect: ['sv8pt5-161', 'sv4pt5-232'] },
  { kind: 'rarity', q: 'rare holo star', expect: ['ex13-104'] },
  { kind: 'rarity', q: 'radiant rare', expect: ['pgo-11'] },
  { kind: 'rarity', q: 'amazing rare', expect: ['swsh4-138'] },
  { kind: 'rarity', q: 'hyper rare', expect: [], alike: ofRarity('Hyper Rare') },

  // Sets.
  { kind: 'set', q: 'evolving skies', expect: ['swsh7-215'] },
  { kind: 'set', q: 'base set 2', expect: ['base4-4'] },
  { kind: 'set', q: 'team rocket', expect: ['base5-4'] },
  { kind: 'set', q: 'neo destiny', expect: ['neo4-107'] },
  { kind: 'set', q: 'jungle', expect: [], alike: inSet('base2') },
  { kind: 'set', q: 'fossil', expect: ['base3-4'] },
  { kind: 'set', q: 'hidden fates shiny vault', expect: ['sma-SV49'] },
  { kind: 'set', q: '151', expect: ['sv3pt5-199'] },

  // Collector numbers, "N/M", padded or with a letter prefix.
  { kind: 'number', q: 'charizard 4/102', expect: ['base1-4'] },
  { kind: 'number', q: '4/102', expect: ['base1-4'] },
  { kind: 'number', q: 'charizard 004/102', expect: ['base1-4'] },
  { kind: 'number', q: 'pikachu 58/102', expect: ['base1-58'] },
  { kind: 'number', q: 'lugia 9/111', expect: ['neo1-9'] },
  { kind: 'number', q: 'umbreon 215/203', expect: ['swsh7-215'] },
  { kind: 'number', q: 'venusaur 15/102', expect: ['base1-15'] },
  { kind: 'number', q: 'rayquaza vmax tg20/tg30', expect: ['swsh12tg-TG20'] },
  { kind: 'number', q: 'charizard 4', expect: ['base1-4'] },
  // Set aliases, set ids and PTCGO codes (content/aliases/sets.json; codes and ids come free).
  { kind: 'alias', q: 'charizard base set', expect: ['base1-4'], first: true },
  { kind: 'alias', q: 'base set charizard', expect: ['base1-4'], first: true },
  { kind: 'alias', q: 'blastoise base set', expect: ['base1-2'], first: true },
  { kind: 'alias', q: 'venusaur base set', expect: ['base1-15'], first: true },
  { kind: 'alias', q: 'bs2 charizard', expect: ['base4-4'], first: true },
  { kind: 'alias', q: 'base set 2 charizard', expect: ['base4-4'], first: true },
  { kind: 'alias', q: 'evs umbreon', expect: ['swsh7-215', 'swsh7-189'], first: true },
  { kind: 'alias', q: 'umbreon vmax evs', expect: ['swsh7-215'], first: true },
  { kind: 'alias', q: 'swsh7 rayquaza', expect: [], alike: inSet('swsh7', 'Rayquaza VMAX', 'Rayquaza V') },
  { kind: 'alias', q: 'crz giratina', expect: ['swsh12pt5gg-GG69'] },
  { kind: 'alias', q: 'sv151 charizard', expect: ['sv3pt5-199'], first: true },
  { kind: 'alias', q: 'scarlet violet 151 mew', expect: ['sv3pt5-151', 'sv3pt5-205'] },
  { kind: 'alias', q: 'neo 1 lugia', expect: ['neo1-9'], first: true },
  { kind: 'alias', q: 'tr dark charizard', expect: ['base5-4'], first: true },
  { kind: 'alias', q: 'obf charizard ex', expect: ['sv3-223'], first: true },
  { kind: 'alias', q: 'lor giratina v', expect: ['swsh11-186'], first: true },
  { kind: 'alias', q: 'sit lugia v', expect: ['swsh12-186'], first: true },
  { kind: 'alias', q: 'fst gengar vmax', expect: ['swsh8-271'], first: true },
  { kind: 'alias', q: 'base1-4', expect: ['base1-4'], first: true },
  { kind: 'alias', q: 'swsh7-215', expect: ['swsh7-215'], first: true },
  { kind: 'alias', q: 'charizard sir', expect: ['sv3pt5-199', 'sv4pt5-234', 'sv3-223'] },
  { kind: 'alias', q: 'iono sir', expect: [], alike: (card) => card.summary.name === 'Iono' && card.summary.rarity === 'Special Illustration Rare' },
  { kind: 'alias', q: 'magikarp ir', expect: ['sv2-203'], first: true },
  { kind: 'alias', q: 'pikachu ir 151', expect: ['sv3pt5-173'], first: true },

  // Art words (content/aliases/arts.json): any name with an art finds the cards of that name that have it.
  { kind: 'art', q: 'umbreon alt art', expect: ['swsh7-215', 'swsh7-189'], alike: withArt('Alternate Art', 'Umbreon VMAX', 'Umbreon V', 'Umbreon ex') },
  { kind: 'art', q: 'umbreon vmax alt art', expect: ['swsh7-215'], first: true },
  { kind: 'art', q: 'umbreon v alt art', expect: ['swsh7-189'], first: true },
  { kind: 'art', q: 'giratina v alt art', expect: ['swsh11-186'], first: true },
  { kind: 'art', q: 'rayquaza alt art', expect: ['swsh7-218', 'swsh7-194'], alike: withArt('Alternate Art', 'Rayquaza VMAX', 'Rayquaza V') },
  { kind: 'art', q: 'giratina alt art', expect: ['swsh11-186'], first: true },
  { kind: 'art', q: 'lugia alt art', expect: ['swsh12-186'], first: true },
  { kind: 'art', q: 'gengar alt art', expect: ['swsh8-271'], first: true },
  { kind: 'art', q: 'dragonite alternate art', expect: ['swsh7-192'], first: true },
  { kind: 'art', q: 'latias latios alt art', expect: ['sm9-170'], first: true },
  { kind: 'art', q: 'gold star umbreon', expect: ['pop5-17', 'cel25c-17_A'] },
  { kind: 'art', q: 'charizard gold star', expect: ['ex15-100'], first: true },
  // A δ card's name has a word more than the query asked for (Mew ★ δ): it comes after the others.
  { kind: 'art', q: 'gold star', expect: [], alike: (card) => card.summary.rarity === 'Rare Holo Star' && /^\S+ ★$/.test(card.summary.name) },
  { kind: 'art', q: 'pikachu full art', expect: [], alike: withArt('Full Art', 'Pikachu') },
  { kind: 'art', q: 'marnie full art', expect: ['swsh1-200'] },

  // Nicknames of famous printings and of names (content/aliases/nicknames.json).
  { kind: 'nickname', q: 'moonbreon', expect: ['swsh7-215'], first: true },
  { kind: 'nickname', q: 'lati twins', expect: ['sm9-170'], first: true },
  { kind: 'nickname', q: 'champions path charizard', expect: ['swsh35-74'], first: true },
  { kind: 'nickname', q: 'hidden fates charizard', expect: ['sma-SV49'], first: true },
  { kind: 'nickname', q: 'crystal charizard', expect: ['ecard3-146'], first: true },
  { kind: 'nickname', q: 'van gogh pikachu', expect: ['svp-85'], first: true },
  { kind: 'nickname', q: 'zard', expect: ['base1-4'] },
  { kind: 'nickname', q: 'zard base set', expect: ['base1-4'], first: true },

  // More numbers.
  { kind: 'number', q: 'umbreon vmax 215', expect: ['swsh7-215'], first: true },
  { kind: 'number', q: 'rayquaza 218/203', expect: ['swsh7-218'], first: true },
  { kind: 'number', q: 'giratina v 186/196', expect: ['swsh11-186'], first: true },
  { kind: 'number', q: 'charizard 199/165', expect: ['sv3pt5-199'], first: true },
  { kind: 'number', q: 'magikarp 203/193', expect: ['sv2-203'], first: true },

  // Words that name no card: grades, conditions, fillers and nonsense drop out, with a note.
  { kind: 'noise', q: 'psa 10', expect: [], ignored: ['psa 10'] },
  { kind: 'noise', q: 'bgs 9.5', expect: [], ignored: ['bgs 9.5'] },
  { kind: 'noise', q: 'pokemon card', expect: [], ignored: ['pokemon', 'card'] },
  { kind: 'noise', q: 'zzqxv', expect: [], ignored: ['zzqxv'] },
  { kind: 'noise', q: 'charizard psa 10', expect: ['base1-4'], ignored: ['psa 10'] },
  { kind: 'noise', q: 'psa 9 blastoise base set', expect: ['base1-2'], first: true, ignored: ['psa 9'] },
  { kind: 'noise', q: 'near mint charizard base set', expect: ['base1-4'], first: true, ignored: ['near mint'] },
  { kind: 'noise', q: 'pokemon card charizard base set', expect: ['base1-4'], first: true, ignored: ['pokemon', 'card'] },
  { kind: 'noise', q: 'charizard zzqxv', expect: ['base1-4'], ignored: ['zzqxv'] },

  // Sealed products: the product kind the words name comes first, its case after it.
  { kind: 'sealed', searcher: 'sealed', q: 'evolving skies booster box', expect: ['evolving-skies-booster-box-242436'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'evs booster box', expect: ['evolving-skies-booster-box-242436'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'evs bb', expect: ['evolving-skies-booster-box-242436'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'evolving skies booster box case', expect: ['evolving-skies-booster-box-case-248124'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'evolving skies booster pack', expect: ['evolving-skies-booster-pack-244337'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: '151 etb', expect: ['151-elite-trainer-box-503313'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: '151 elite trainer box', expect: ['151-elite-trainer-box-503313'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'sv151 etb', expect: ['151-elite-trainer-box-503313'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: '151 etb case', expect: ['151-elite-trainer-box-case-506640'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: '151 upc', expect: ['151-ultra-premium-collection-502005'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: '151 booster bundle', expect: ['151-booster-bundle-502000'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'crown zenith etb', expect: ['crown-zenith-elite-trainer-box-453470'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'crz etb', expect: ['crown-zenith-elite-trainer-box-453470'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'celebrations upc', expect: ['celebrations-ultra-premium-collection-245140'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'celebrations etb', expect: ['celebrations-elite-trainer-box-242811'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'charizard upc', expect: ['sword-and-shield-ultra-premium-collection-charizard-282401'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'prismatic evolutions etb', expect: ['prismatic-evolutions-elite-trainer-box-593355'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'prismatic evolutions spc', expect: ['prismatic-evolutions-super-premium-collection-622770'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'shining fates etb', expect: ['shining-fates-elite-trainer-box-228821'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'lost origin booster box', expect: ['lost-origin-booster-box-277324'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'surging sparks booster box', expect: ['surging-sparks-booster-box-565606'], first: true },
  { kind: 'sealed', searcher: 'sealed', q: 'paldean fates booster bundle', expect: ['paldean-fates-booster-bundle-528771'], first: true },
  {
    kind: 'sealed',
    searcher: 'sealed',
    q: 'evolving skies booster box psa 10',
    expect: ['evolving-skies-booster-box-242436'],
    first: true,
    ignored: ['psa 10'],
  },
  { kind: 'sealed', searcher: 'sealed', q: 'psa 10', expect: [], ignored: ['psa 10'] },
  ...NEWER_SET_QUERIES,
  ...JAPANESE_QUERIES,
];
