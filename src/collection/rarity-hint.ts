/**
 * A rarity word on a list line (`Iono SAR jp`, `ブラッキーex SAR テラスタルフェス`) read as a hint when the card meant
 * is Japanese: the catalogue records no rarity for about a third of its Japanese cards (TCGdex gives none for most
 * secret rares, the Special Art Rares among them), so the search, which requires every word, finds the card only
 * without the word. English cards all record theirs: a line whose best card, with the word or without it, is English
 * reads as the search reads it.
 */
import { languageOfId } from '../schemas/language.ts';
import type { CardSearcher, CardSearchHit } from '../search/card-searcher.ts';
import { foldText, wordsOf } from '../search/normalize.ts';

type CardHits = ReturnType<CardSearcher['search']>;

/** Results read without the rarity words: enough to count the cards the line may mean. */
const WITHOUT_RARITY_LIMIT = 50;

/** The words (or alias phrases) a hit's match credits to the rarity alone, with what each means (`sar` → special illustration rare). */
function rarityWordsOf(hit: CardSearchHit | undefined): Map<string, string> {
  const words = new Map<string, string>();
  for (const [word, fields] of Object.entries(hit?.match?.fields ?? {})) {
    if (fields.length === 1 && fields[0] === 'rarity') words.set(word, hit?.match?.alias?.[word] ?? word);
  }
  return words;
}

/** Per searcher, what each word probed alone means as a rarity: lists repeat their words, and a probe is a search. */
const probed = new WeakMap<CardSearcher, Map<string, Map<string, string>>>();

/**
 * The rarity words of a query: from its first hit, or, when it found nothing, word by word, leaving out the words
 * the search already found in no card (a line of unknown words costs no more searches).
 */
function rarityWordsOfQuery(query: string, hits: CardHits, cards: CardSearcher): Map<string, string> {
  if (hits.total > 0) return rarityWordsOf(hits.results[0]);
  const unknown = new Set(hits.ignored?.map((w) => w.word));
  let known = probed.get(cards);
  if (!known) probed.set(cards, (known = new Map()));
  const words = new Map<string, string>();
  for (const word of wordsOf(foldText(query))) {
    if (unknown.has(word)) continue;
    let meant = known.get(word);
    if (!meant) known.set(word, (meant = rarityWordsOf(cards.search({ q: word, sort: 'relevance', limit: 1, offset: 0 }).results[0])));
    for (const [found, means] of meant) words.set(found, means);
  }
  return words;
}

/** Whether a card's recorded rarity is one the words name (every word of a meaning in it): `special illustration rare`. */
const rarityIs = (rarity: string, meanings: readonly string[]) => {
  const words = new Set(wordsOf(foldText(rarity)));
  return meanings.every((meaning) => wordsOf(meaning).every((word) => words.has(word)));
};

/**
 * The line's cards with its rarity words read as a hint, with the note that says so; undefined when the line names
 * no rarity or its best card without them is not a Japanese card without a recorded rarity.
 * @example rarityAsHint('Iono SAR jp', hits, cards)?.hits.results[0].id // "jp-sv2d-096"
 */
export function rarityAsHint(query: string, hits: CardHits, cards: CardSearcher, limit: number): { hits: CardHits; note: string } | undefined {
  // An English card first: the line is read as the search reads it, at no further cost.
  if (hits.total > 0 && languageOfId(hits.results[0].id) === 'en') return undefined;
  const rarityWords = rarityWordsOfQuery(query, hits, cards);
  if (rarityWords.size === 0) return undefined;
  let rest = ` ${wordsOf(foldText(query)).join(' ')} `;
  for (const word of rarityWords.keys()) rest = rest.replace(` ${word} `, ' ');
  const without = cards.search({ q: rest.trim(), sort: 'relevance', limit: WITHOUT_RARITY_LIMIT, offset: 0 });
  const meanings = [...rarityWords.values()].map(foldText);
  const kept = without.results.filter((hit) => !hit.rarity || rarityIs(hit.rarity, meanings));
  const first = kept[0];
  if (!first || first.rarity || languageOfId(first.id) !== 'ja') return undefined;
  const named = [...rarityWords.keys()].map((word) => `"${word}"`).join(', ');
  return {
    hits: { ...without, total: kept.length, results: kept.slice(0, limit) },
    note: `Read ${named} as a hint: the catalogue records no rarity for this Japanese card.`,
  };
}
