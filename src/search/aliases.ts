/**
 * What collectors type that the catalogue does not say: set aliases ("base set"
 * is the set named Base, "evs" Evolving Skies), product and rarity words ("etb"
 * is an elite trainer box, "sir" a special illustration rare), printing and art
 * words ("shadowless", "alt art"), nicknames of
 * famous printings ("moonbreon"), and words that name no item (grades such as
 * "psa 10", fillers such as "pokemon"). Editors keep them in content/aliases/;
 * the build checks them (aliasProblems) and ships them with the search data; each
 * searcher compiles them against its own items (compileAliases).
 *
 * A query is read left to right, longest phrase first (splitPhrases). A set's own
 * name is a phrase too, taken word for word, so "base set 2" stays Base Set 2 and
 * is not read as the alias "base set" followed by a 2.
 */
import { JAPANESE_ID_PREFIX, LANGUAGE_NAMES, LANGUAGE_WORDS, LANGUAGES, type Language, languageOfId } from '../schemas/language.ts';
import { foldText, queryWords } from './normalize.ts';

/** The files of content/aliases/, as validated by src/schemas/aliases.ts. */
export interface AliasContent {
  /** `source`: where the aliases come from (a Japanese set's must say). */
  sets: { set: string; aliases: string[]; source?: string }[];
  /** Words of sealed product names, e.g. etb → elite trainer box. */
  products: { means: string; aliases: string[] }[];
  /** Words of card rarities, e.g. sir → special illustration rare. */
  rarities: { means: string; aliases: string[] }[];
  nicknames: Nickname[];
  ignored: { reason: IgnoredReason; words: string[] }[];
  /** Words that name a printing of cards (1st edition, shadowless, reverse holo). */
  printings: PrintingAlias[];
  /** Words that name an art of cards (alt art, gold star), with the cards that have it. */
  arts: ArtAlias[];
}

/** arts.json: an art as collectors name it, and the cards that have it (src/schemas/aliases.ts). */
export interface ArtAlias {
  art: string;
  aliases: string[];
  cards: string[];
}

/** printings.json: a printing as collectors name it, and which printing ids it names (src/schemas/aliases.ts). */
export interface PrintingAlias {
  label: string;
  printing: string[];
  not?: string[];
  aliases: string[];
}

/** Which printings a printing alias names: ids holding one of `words` (dash-joined, in a row) and none of `not`. */
export type PrintingPattern = Pick<PrintingAlias, 'printing' | 'not'>;

/**
 * Whether a printing id is one a printing alias names.
 * @example printingMatches({ printing: ['holofoil'], not: ['reverse'] }, 'shadowless-holofoil') // true
 * @example printingMatches({ printing: ['holofoil'], not: ['reverse'] }, 'reverse-holofoil') // false
 */
export function printingMatches(pattern: PrintingPattern, printingId: string): boolean {
  const words = printingId.split('-');
  if (pattern.not?.some((word) => words.includes(word))) return false;
  if (pattern.printing.length === 0) return true;
  const padded = `-${printingId}-`;
  return pattern.printing.some((run) => padded.includes(`-${run}-`));
}

export type Nickname = { nickname: string } & ({ cards: string[] } | { sealed: number[] } | { means: string });

/** Why words in `ignored` name no item: a grade (with the number after it), or a filler word. */
export type IgnoredReason = 'grade' | 'filler';

/** A set as the aliases need it: set ids and PTCGO codes are aliases without being written down. */
export interface AliasSet {
  id: string;
  name: string;
  ptcgoCode?: string;
  /** A Japanese set's name as printed (テラスタルフェスex): an alias of the set, as a list line writes it. */
  nameJa?: string | null;
}

/** Everything the searchers compile their aliases from (written by the build beside the search data). */
export interface AliasSources {
  content: AliasContent;
  sets: AliasSet[];
}

/** What a phrase of the query means to one searcher. */
export type PhraseMeaning =
  /**
   * Exactly these items (a set's, a nickname's, a language's): `label` says what, `marks` are the words ranking
   * credits; `language` when the phrase names a language (`jp`), which then no longer yields to English cards;
   * `set` when it names sets, whose words ranking does not read in names (the ex of Terastal Fest ex is no word
   * of Umbreon ex the query asked for).
   */
  | { kind: 'items'; label: string; positions: Uint32Array; marks: string[]; language?: Language; set?: true }
  /** These words, as if typed (etb → elite trainer box), besides the phrase itself. */
  | { kind: 'means'; label: string; words: string[] }
  | { kind: 'ignored'; reason: IgnoredReason }
  /** A set's own name: its words are taken as typed. */
  | { kind: 'literal' }
  /**
   * The cards that have a printing (shadowless, 1st edition): `positions`, and per position the value in cents
   * of its most valuable such printing (UNPRICED_CENTS: none has a price); `order`, the positions by that value
   * (highest first, unpriced last, equal values in position order); `pattern` names the printings.
   */
  | { kind: 'printing'; label: string; positions: Uint32Array; cents: Uint32Array; order: Uint32Array; pattern: PrintingPattern };

/** The cents of a printing with no price, in a printing meaning's `cents`. */
export const UNPRICED_CENTS = 0xffffffff;

export interface CompiledAliases {
  phrases: Map<string, PhraseMeaning>;
  /** Words in the longest phrase: how far splitPhrases looks ahead. */
  longest: number;
}

/** What a searcher tells compileAliases about its items. */
export interface AliasItems {
  scope: 'cards' | 'sealed';
  /** Number of positions. */
  size: number;
  /** The set id of the item at a position, if it belongs to one. */
  setOf(position: number): string | undefined;
  /** The position of an item by its id (card id, or sealed product id as a string). */
  positionOf(id: string): number | undefined;
  /** How a match reason names the item at a position. */
  labelOf(position: number): string;
  /** The words of the item's name, for ranking (a nickname stands for the name). */
  nameOf(position: number): string;
  /** Whether a word occurs in the searcher's vocabulary. */
  hasWord(word: string): boolean;
  /** The printings of the card at a position (cards only): what the printing aliases name. */
  printingsOf?(position: number): readonly { id: string; valueUsd: number | null }[];
  /** The language the card at a position is printed in (cards only): what the language words name. */
  languageOf?(position: number): Language;
}

export const NO_ALIASES: CompiledAliases = { phrases: new Map(), longest: 1 };

/** A phrase as the query reads it: folded words joined by single spaces. */
export const phraseKey = (text: string): string => queryWords(foldText(text)).join(' ');

/**
 * The phrase table of one searcher. Written aliases always apply; set ids come
 * for free, and so do PTCGO codes where the code is no word of the catalogue
 * (PTCGO's "MEW" is the set 151, but "mew" must stay the Pokémon).
 */
export function compileAliases(sources: AliasSources, items: AliasItems): CompiledAliases {
  const phrases = new Map<string, PhraseMeaning>();
  const add = (phrase: string, meaning: PhraseMeaning) => {
    const key = phraseKey(phrase);
    if (key && !phrases.has(key)) phrases.set(key, meaning);
  };
  const { content, sets } = sources;

  for (const set of sets) {
    const key = phraseKey(set.name);
    if (key.includes(' ')) phrases.set(key, { kind: 'literal' });
  }

  const setPositions = new Map<string, number[]>();
  for (let p = 0; p < items.size; p++) {
    const set = items.setOf(p);
    if (set !== undefined) {
      let list = setPositions.get(set);
      if (!list) setPositions.set(set, (list = []));
      list.push(p);
    }
  }
  const setMeaning = (...named: AliasSet[]): PhraseMeaning => ({
    kind: 'items',
    set: true,
    label: `${named.map((set) => set.name).join(', ')} (${named.length > 1 ? 'sets' : 'set'})`,
    positions: Uint32Array.from(named.flatMap((set) => setPositions.get(set.id) ?? []).sort((a, b) => a - b)),
    marks: [...new Set(named.flatMap((set) => queryWords(foldText(set.name))))],
  });
  const setById = new Map(sets.map((s) => [s.id, s]));
  for (const { set, aliases } of content.sets) {
    const known = setById.get(set);
    if (known) for (const alias of aliases) add(alias, setMeaning(known));
  }
  for (const nickname of content.nicknames) {
    if ('means' in nickname) {
      add(nickname.nickname, { kind: 'means', label: nickname.means, words: queryWords(foldText(nickname.means)) });
      continue;
    }
    const ids = 'cards' in nickname ? (items.scope === 'cards' ? nickname.cards : []) : items.scope === 'sealed' ? nickname.sealed.map(String) : [];
    const positions = ids.map((id) => items.positionOf(id)).filter((p): p is number => p !== undefined);
    if (positions.length === 0) continue;
    positions.sort((a, b) => a - b);
    add(nickname.nickname, {
      kind: 'items',
      label: positions.map((p) => items.labelOf(p)).join('; '),
      positions: Uint32Array.from(positions),
      marks: [...new Set(positions.flatMap((p) => queryWords(foldText(items.nameOf(p)))))],
    });
  }

  for (const { means, aliases } of items.scope === 'cards' ? content.rarities : content.products) {
    for (const alias of aliases) add(alias, { kind: 'means', label: means, words: queryWords(foldText(means)) });
  }
  for (const { reason, words } of content.ignored) for (const word of words) add(word, { kind: 'ignored', reason });
  if (items.printingsOf) {
    // One meaning an alias, whatever its phrases, all made in one pass over the items.
    const meanings = printingMeanings(content.printings, items);
    content.printings.forEach((alias, i) => {
      for (const phrase of alias.aliases) add(phrase, meanings[i]);
    });
  }
  // An art is an attribute, not a name: it narrows what the other words find ("umbreon alt art"), credits no word.
  if (items.scope === 'cards') {
    for (const { art, aliases, cards } of content.arts) {
      const positions = cards.map((id) => items.positionOf(id)).filter((p): p is number => p !== undefined);
      const meaning: PhraseMeaning = { kind: 'items', label: `${art} (art)`, positions: Uint32Array.from(positions.sort((a, b) => a - b)), marks: [] };
      for (const phrase of aliases) add(phrase, meaning);
    }
  }

  // A language word is an attribute, as an art is: it narrows what the other words find ("iono jp"), credits no word.
  if (items.languageOf) {
    const positions = new Map<Language, number[]>(LANGUAGES.map((language) => [language, []]));
    for (let p = 0; p < items.size; p++) positions.get(items.languageOf(p))!.push(p);
    for (const language of LANGUAGES) {
      const meaning: PhraseMeaning = {
        kind: 'items',
        label: `${LANGUAGE_NAMES[language]} cards (language)`,
        positions: Uint32Array.from(positions.get(language)!),
        marks: [],
        language,
      };
      for (const word of LANGUAGE_WORDS[language]) add(word, meaning);
    }
  }

  // Last, so that a written alias wins (aliasProblems refuses one that collides with a code anyway).
  // A PTCGO code may name several sets (CRZ is Crown Zenith and its Galarian Gallery): it names them all.
  const byCode = new Map<string, AliasSet[]>();
  const setIds = new Set(sets.map((set) => set.id));
  for (const set of sets) {
    if (!items.hasWord(set.id)) add(set.id, setMeaning(set));
    // A Japanese set's code as printed on its cards (SV8a, M2a, SV-P) is its id without jp-: an alias unless it
    // is an English set's id (SV8 is Super Electric Breaker in Japan, Surging Sparks's id here) or a word of names.
    const printed = printedCodeOf(set.id);
    if (printed && !setIds.has(printed) && !items.hasWord(printed)) add(printed, setMeaning(set));
    for (const phrase of japaneseSetPhrasesOf(set)) add(phrase, setMeaning(set));
    // A single word (Scarlet of Scarlet ex) would take every search for that word: only a word of no name.
    const shortened = shortenedEnglishNameOf(set);
    if (shortened && (shortened.includes(' ') || !items.hasWord(shortened))) add(shortened, setMeaning(set));
    if (!set.ptcgoCode) continue;
    const key = phraseKey(set.ptcgoCode);
    byCode.set(key, [...(byCode.get(key) ?? []), set]);
  }
  for (const [code, named] of byCode) if (!code.includes(' ') && !items.hasWord(code)) add(code, setMeaning(...named));

  let longest = 1;
  for (const key of phrases.keys()) longest = Math.max(longest, key.split(' ').length);
  return { phrases, longest };
}

/**
 * The phrases that name a Japanese set in its own language: its name, and its name without a closing "ex", which
 * collectors drop (テラスタルフェス for テラスタルフェスex, as "Terastal Fest" for Terastal Fest ex).
 * @example japaneseSetPhrasesOf({ id: 'jp-sv8a', name: 'Terastal Fest ex', nameJa: 'テラスタルフェスex' }) // ["テラスタルフェス ex", "テラスタルフェス"]
 */
export function japaneseSetPhrasesOf(set: AliasSet): string[] {
  if (!set.nameJa) return [];
  const key = phraseKey(set.nameJa);
  const shortened = withoutClosingEx(key);
  return shortened ? [key, shortened] : [key];
}

/**
 * A Japanese set's English name (TCGplayer's) without its closing "ex", as collectors shorten it; undefined for an
 * English set or a name with no closing "ex".
 * @example shortenedEnglishNameOf({ id: 'jp-sv4a', name: 'Shiny Treasure ex' }) // "shiny treasure"
 */
export function shortenedEnglishNameOf(set: AliasSet): string | undefined {
  return languageOfId(set.id) === 'ja' ? withoutClosingEx(phraseKey(set.name)) : undefined;
}

/** A phrase without its closing "ex" (テラスタルフェス ex → テラスタルフェス), or undefined when it has none or is nothing else. */
function withoutClosingEx(key: string): string | undefined {
  const shortened = key.replace(/ ex$/, '');
  return shortened !== key && shortened !== '' ? shortened : undefined;
}

/**
 * The code a Japanese set's cards print (TCGdex's set id, lower-cased: `sv8a`, `sv-p`), read from its id; undefined
 * for an English set.
 * @example printedCodeOf('jp-sv8a') // "sv8a"
 */
export function printedCodeOf(setId: string): string | undefined {
  return languageOfId(setId) === 'ja' ? setId.slice(JAPANESE_ID_PREFIX.length) : undefined;
}

/**
 * For each printing alias, the cards that have a printing it names, with the value of the most valuable one: one
 * pass over the items for all the aliases (each printing id recurs across the cards: which aliases name it is
 * worked out once).
 */
function printingMeanings(aliases: readonly PrintingAlias[], items: AliasItems): PhraseMeaning[] {
  const positions = aliases.map((): number[] => []);
  const cents = aliases.map((): number[] => []);
  const namedBy = new Map<string, number[]>();
  const aliasesNaming = (id: string) => {
    let named = namedBy.get(id);
    if (!named) namedBy.set(id, (named = aliases.flatMap((alias, i) => (printingMatches(alias, id) ? [i] : []))));
    return named;
  };
  // Per alias, the most valuable printing of the item it names: -1 when none has a price, NONE when it names none.
  const best = new Array<number>(aliases.length).fill(NONE);
  const touched: number[] = [];
  for (let p = 0; p < items.size; p++) {
    for (const printing of items.printingsOf!(p)) {
      const named = aliasesNaming(printing.id);
      if (named.length === 0) continue;
      const value = printing.valueUsd === null ? -1 : Math.round(printing.valueUsd * 100);
      for (const i of named) {
        if (best[i] === NONE) touched.push(i);
        if (value > best[i]) best[i] = value;
      }
    }
    for (const i of touched) {
      positions[i].push(p);
      cents[i].push(best[i] === -1 ? UNPRICED_CENTS : best[i]);
      best[i] = NONE;
    }
    touched.length = 0;
  }
  return aliases.map((alias, i) => {
    const order = positions[i]
      .map((p, j) => ({ p, c: cents[i][j] === UNPRICED_CENTS ? -1 : cents[i][j] }))
      .sort((a, b) => Number(a.c === -1) - Number(b.c === -1) || b.c - a.c || a.p - b.p);
    return {
      kind: 'printing',
      label: `${alias.label} (printing)`,
      positions: Uint32Array.from(positions[i]),
      cents: Uint32Array.from(cents[i]),
      order: Uint32Array.from(order, (o) => o.p),
      pattern: { printing: alias.printing, ...(alias.not && { not: alias.not }) },
    };
  });
}

const NONE = -2;

/** A phrase of a split query: one word alone, or the words of a table phrase with what they mean. */
export interface QueryPhrase {
  text: string;
  meaning?: Exclude<PhraseMeaning, { kind: 'literal' }>;
}

/**
 * The phrases of a query that asks for Japanese cards (a language word such as `jp`, or `language` from a `lang:ja`
 * filter), each word read as the Japanese set whose id is `jp-` and that word where there is one: `sv8 jp` is Super
 * Electric Breaker (jp-sv8), though sv8 alone is Surging Sparks's id. Other queries' phrases are returned as they are.
 * @example withJapaneseSetCodes(splitPhrases(['sv8', 'jp'], aliases), aliases)[0].meaning.label // "Super Electric Breaker (set)"
 */
export function withJapaneseSetCodes(phrases: QueryPhrase[], aliases: CompiledAliases, language?: Language): QueryPhrase[] {
  const japanese = language === 'ja' || phrases.some(({ meaning }) => meaning?.kind === 'items' && meaning.language === 'ja');
  if (!japanese) return phrases;
  return phrases.map((phrase) => {
    if (phrase.text.includes(' ')) return phrase;
    const set = aliases.phrases.get(phraseKey(`${JAPANESE_ID_PREFIX}${phrase.text}`));
    return set?.kind === 'items' && !set.language ? { text: phrase.text, meaning: set } : phrase;
  });
}

/** A grade after a grading company: 1–10, and the .5 of a half grade (the tokeniser splits 9.5 into 9 and 5). */
const GRADE_RE = /^(?:[1-9]|10)$/;

/**
 * The query's words grouped into the phrases of the table, longest first, left to
 * right. A grade word takes the grade after it ("psa 10", "bgs 9.5").
 * @example splitPhrases(['charizard', 'base', 'set'], aliases) // [{ text: 'charizard' }, { text: 'base set', meaning: { kind: 'items', … } }]
 */
export function splitPhrases(words: readonly string[], aliases: CompiledAliases): QueryPhrase[] {
  const phrases: QueryPhrase[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let length = Math.min(aliases.longest, words.length - i); length >= 1 && !matched; length--) {
      const key = length === 1 ? words[i] : words.slice(i, i + length).join(' ');
      const meaning = aliases.phrases.get(key);
      if (!meaning) continue;
      matched = true;
      if (meaning.kind === 'literal') {
        if (length === 1) break;
        for (const word of words.slice(i, i + length)) phrases.push({ text: word });
        i += length;
        break;
      }
      let text = key;
      i += length;
      if (meaning.kind === 'ignored' && meaning.reason === 'grade' && i < words.length && GRADE_RE.test(words[i])) {
        text += ` ${words[i]}`;
        if (words[i] !== '10' && words[i + 1] === '5') {
          text += '.5';
          i++;
        }
        i++;
      }
      phrases.push({ text, meaning });
    }
    if (!matched) phrases.push({ text: words[i++] });
  }
  return phrases;
}

/** What the build knows of the catalogue to check the aliases against. */
export interface AliasCatalogue {
  sets: AliasSet[];
  cardIds: ReadonlySet<string>;
  sealedIds: ReadonlySet<number>;
  /** Every word of card names, sealed product names and set names (folded). */
  nameWords: ReadonlySet<string>;
  /** Every printing id of the cards, where known: a printing alias must name one. */
  printingIds?: ReadonlySet<string>;
}

/**
 * Everything wrong with the aliases, as `file: [index].field: what` lines (empty
 * when none): targets that do not exist, a phrase that means two things, and a
 * one-word set alias or nickname that is also a word of names (it would pull the
 * set in whenever somebody searches the name).
 */
export function aliasProblems(content: AliasContent, catalogue: AliasCatalogue): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const setIds = new Set(catalogue.sets.map((s) => s.id));
  for (const set of catalogue.sets) {
    owner.set(phraseKey(set.name), `the name of set ${set.id}`);
    owner.set(set.id, `the id of set ${set.id}`);
    if (set.ptcgoCode) owner.set(phraseKey(set.ptcgoCode), `the PTCGO code of set ${set.id}`);
  }
  const claim = (phrase: string, where: string, what: string, singleWordFree: boolean) => {
    const key = phraseKey(phrase);
    if (key !== phrase) {
      problems.push(`${where}: "${phrase}" must be written as the query reads it: "${key}"`);
      return;
    }
    const other = owner.get(key);
    if (other && other !== what) problems.push(`${where}: "${phrase}" is also ${other}`);
    else owner.set(key, what);
    if (singleWordFree && !key.includes(' ') && catalogue.nameWords.has(key)) {
      problems.push(`${where}: "${phrase}" is a word of names in the catalogue; as an alias it would change every search for that word`);
    }
  };
  content.sets.forEach(({ set, aliases, source }, i) => {
    if (!setIds.has(set)) problems.push(`sets.json: [${i}].set: no set "${set}" in content/sets.json`);
    if (aliases.length > 0 && languageOfId(set) === 'ja' && !source) {
      problems.push(`sets.json: [${i}].source: the aliases of a Japanese set name where they come from (a list such as TCGdex's English set names)`);
    }
    aliases.forEach((alias, j) => {
      claim(alias, `sets.json: [${i}].aliases[${j}]`, `an alias of set ${set}`, true);
    });
  });
  for (const [file, entries] of [
    ['products.json', content.products],
    ['rarities.json', content.rarities],
  ] as const) {
    entries.forEach(({ means, aliases }, i) => {
      aliases.forEach((alias, j) => {
        claim(alias, `${file}: [${i}].aliases[${j}]`, `an alias of "${means}"`, false);
      });
    });
  }
  content.nicknames.forEach((nickname, i) => {
    const where = `nicknames.json: [${i}]`;
    claim(nickname.nickname, `${where}.nickname`, `the nickname of ${JSON.stringify(nickname)}`, true);
    if ('cards' in nickname) {
      nickname.cards.forEach((id, j) => {
        if (!catalogue.cardIds.has(id)) problems.push(`${where}.cards[${j}]: no card with id "${id}"`);
      });
    } else if ('sealed' in nickname) {
      nickname.sealed.forEach((id, j) => {
        if (!catalogue.sealedIds.has(id)) problems.push(`${where}.sealed[${j}]: no sealed product with id ${id}`);
      });
    } else if (!queryWords(nickname.means).every((w) => catalogue.nameWords.has(w))) {
      problems.push(`${where}.means: "${nickname.means}" is not made of words of names in the catalogue`);
    }
  });
  content.ignored.forEach(({ words }, i) => {
    words.forEach((word, j) => {
      claim(word, `ignored.json: [${i}].words[${j}]`, 'an ignored word', false);
    });
  });
  content.printings.forEach((alias, i) => {
    alias.aliases.forEach((phrase, j) => {
      claim(phrase, `printings.json: [${i}].aliases[${j}]`, `an alias of the printing "${alias.label}"`, true);
    });
    const ids = catalogue.printingIds;
    if (ids && ids.size > 0 && ![...ids].some((id) => printingMatches(alias, id))) {
      problems.push(
        `printings.json: [${i}].printing: no printing of any card is named by ${JSON.stringify(alias.printing)}${alias.not ? ` without ${alias.not.join(', ')}` : ''}`,
      );
    }
  });
  content.arts.forEach(({ art, aliases, cards }, i) => {
    aliases.forEach((phrase, j) => {
      claim(phrase, `arts.json: [${i}].aliases[${j}]`, `an alias of the art "${art}"`, true);
    });
    const seen = new Set<string>();
    cards.forEach((id, j) => {
      if (!catalogue.cardIds.has(id)) problems.push(`arts.json: [${i}].cards[${j}]: no card with id "${id}"`);
      else if (seen.has(id)) problems.push(`arts.json: [${i}].cards[${j}]: "${id}" is listed twice`);
      seen.add(id);
    });
  });
  return problems;
}
