/**
 * Text folding and tokenising for every searcher: the one place that decides what
 * a "word" is, so the index and the query can never disagree.
 *
 * Folding follows the slug rules (src/catalogue/slug.ts): accents fold to their base
 * letter (Flabébé → flabebe), apostrophes vanish (Farfetch'd → farfetchd), and the
 * few symbols that carry meaning in card names become words (♀ → f, δ → delta).
 * Anything else that is not a letter or digit separates words.
 *
 * Japanese is written without spaces between words (`ナンジャモのハラバリーex`), so a run of Japanese script
 * (kana, kanji, the long-vowel mark) is one word, and an index also keeps each of its tails of two or more
 * characters as an alias of it: a name is found typed whole or by any part of two or more characters (`チュウ`
 * finds `ピカチュウ`), the part read as the start of a word, as any word typed in part is. Hiragana folds to
 * katakana and half-width kana to full-width, so a name matches however it is typed.
 */

/** Symbols that stand for a word on the card; without this `Umbreon ★` would lose its star. */
const SYMBOL_WORDS: readonly (readonly [string, string])[] = [
  ['♀', ' f '],
  ['♂', ' m '],
  ['δ', ' delta '],
  ['★', ' star '],
];
const SYMBOL_RE = /[♀♂δ★]/;
const ASCII_RE = /^[\x00-\x7f]*$/;
const APOSTROPHES_RE = /['’`]/g;
/** A run of Japanese script, after folding: katakana (hiragana folded into it), the long-vowel mark, kanji, 々. */
const JAPANESE = '\u30a1-\u30fa\u30fc\u3005\u4e00-\u9fff';
const JAPANESE_RE = new RegExp(`[${JAPANESE}]`);
const JAPANESE_RUN_RE = new RegExp(`^[${JAPANESE}]+$`);
const WORD_RE = new RegExp(`[a-z0-9]+|[${JAPANESE}]+`, 'g');
/** The shortest tail of a Japanese word an index keeps: one character would name too much to be a search. */
const JAPANESE_TAIL_MIN = 2;
/** Words written together with `-` or `.` (Ho-Oh, Porygon-Z, LV.X): also indexed joined up. */
const COMPOUND_RE = /[a-z0-9]+(?:[-.][a-z0-9]+)+/g;
/** Possessives (Rocket's Zapdos): also indexed under the bare word. */
const POSSESSIVE_RE = /([a-z0-9]+)['’]s(?![a-z0-9])/g;
/** A query word, or a `number/total` pair such as 4/102. */
const QUERY_TOKEN_RE = new RegExp(`[a-z0-9]+(?:\\/[a-z0-9]+)?|[${JAPANESE}]+`, 'g');

/** Queries longer than this are cut: each kept token needs one bit of a 32-bit mask. */
export const MAX_QUERY_TOKENS = 16;

function foldKeepingApostrophes(text: string): string {
  // Most texts are plain ASCII; skip Unicode normalisation for them (it dominates index build time).
  if (ASCII_RE.test(text)) return text.toLowerCase();
  let s = text;
  if (SYMBOL_RE.test(s)) for (const [symbol, word] of SYMBOL_WORDS) s = s.replaceAll(symbol, word);
  s = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  // Kana come apart under NFKD (ピ → ヒ and a combining mark): put them together again, hiragana as katakana.
  return /[\u3040-\u30ff]/.test(s) ? s.normalize('NFC').replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60)) : s;
}

/**
 * Whether a word of folded text is Japanese (a run of Japanese script): matched whole or in part, never corrected.
 * @example isJapaneseWord('ピカチュウ') // true
 */
export function isJapaneseWord(word: string): boolean {
  return JAPANESE_RUN_RE.test(word);
}

/**
 * Lower-case, accent-free, apostrophe-free text.
 * @example foldText("Farfetch'd") // "farfetchd"
 * @example foldText('Flabébé') // "flabebe"
 */
export function foldText(text: string): string {
  return foldKeepingApostrophes(text).replace(APOSTROPHES_RE, '');
}

/**
 * The words of a text, in order, repeats kept.
 * @example wordsOf('Charizard-GX') // ["charizard", "gx"]
 */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD_RE) ?? [];
}

/** What an index stores for one text: its words, and extra spellings that stand for some of them. */
export interface IndexTerms {
  words: string[];
  /** alias → the words it stands for, e.g. `hooh` → [`ho`, `oh`], `rocket` → [`rockets`]. */
  aliases: [string, string[]][];
}

/**
 * @example indexTermsOf('Ho-Oh') // { words: ["ho", "oh"], aliases: [["hooh", ["ho", "oh"]]] }
 */
export function indexTermsOf(text: string): IndexTerms {
  const kept = foldKeepingApostrophes(text);
  const folded = kept.replace(APOSTROPHES_RE, '');
  const words = folded.match(WORD_RE) ?? [];
  const aliases: [string, string[]][] = [];
  // Most texts have neither joiners nor apostrophes; skip the regex scans for them.
  if (folded.includes('-') || folded.includes('.')) {
    for (const [compound] of folded.matchAll(COMPOUND_RE)) {
      const parts = compound.match(WORD_RE)!;
      aliases.push([parts.join(''), parts]);
    }
  }
  if (kept !== folded) for (const [, stem] of kept.matchAll(POSSESSIVE_RE)) aliases.push([stem, [`${stem}s`]]);
  if (JAPANESE_RE.test(folded)) {
    for (const word of words) {
      if (!isJapaneseWord(word)) continue;
      const characters = [...word];
      for (let start = 1; characters.length - start >= JAPANESE_TAIL_MIN; start++) aliases.push([characters.slice(start).join(''), [word]]);
    }
  }
  return { words, aliases };
}

/**
 * A collector number as search keys it: lowercased, and its digits without leading zeros after any letter prefix
 * (004 → 4, TG01 → tg1), so that a query matches however it is typed and padded. The sync compares numbers more
 * strictly (unpaddedIfDigits, src/catalogue/tcgdex-ids.ts).
 */
function lowercaseUnpadded(number: string): string {
  return number.toLowerCase().replace(/^([a-z]*)0+(?=\d)/, '$1');
}

/**
 * The index key of a collector number, as printed on the card.
 * @example numberKey('4', 102) // "4/102"
 * @example numberKey('TG01', 30) // "tg1/30"
 */
export function numberKey(number: string, printedTotal: number): string {
  return `${lowercaseUnpadded(foldText(number))}/${printedTotal}`;
}

/**
 * True for a query that asks for nothing: empty or only whitespace (as
 * String.prototype.trim sees it, like the parameter parser). Such a query, like an
 * absent one, lists every item; any other lists only what its words match, so one
 * made of emoji or punctuation alone matches nothing.
 * @example isBlank(' \t') // true
 * @example isBlank('😀') // false
 */
export function isBlank(query: string): boolean {
  return query.trim() === '';
}

/**
 * Every token of folded text, in order, repeats kept; `N/M` stays one token, its
 * number without leading zeros.
 * @example queryWords('charizard 004/102') // ["charizard", "4/102"]
 */
export function queryWords(folded: string): string[] {
  const tokens = folded.match(QUERY_TOKEN_RE) ?? [];
  return tokens.map((t) => {
    const slash = t.indexOf('/');
    if (slash === -1) return t;
    // The total may be printed with the number's prefix (TG01/TG30); the key holds digits only.
    const total = t.slice(slash + 1).replace(/^[a-z]*0*(?=\d)/, '');
    return `${lowercaseUnpadded(t.slice(0, slash))}/${total}`;
  });
}

/**
 * The distinct tokens of a query, at most MAX_QUERY_TOKENS; `N/M` stays one token.
 * @example queryTokens('Charizard 004/102') // ["charizard", "4/102"]
 * @example queryTokens("farfetch'd") // ["farfetchd"]
 */
export function queryTokens(query: string): string[] {
  return [...new Set(queryWords(foldText(query)))].slice(0, MAX_QUERY_TOKENS);
}
