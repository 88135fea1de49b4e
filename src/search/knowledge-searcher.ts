/**
 * Knowledge search. Articles are few (dozens) and written in prose, so instead of
 * requiring every word (as card search does) each article is scored by the query
 * words it contains, rare words counting most (BM25's idf with a saturating term
 * count), with a word in the question worth three in the answer and one in the
 * tags two. Words resolve against the articles' vocabulary as cards do (exact,
 * else prefix, else a typo correction for the first MAX_TYPO_CORRECTIONS unknown
 * words), after folding plurals (fakes → fake); question words such as "what" and
 * "how" are skipped. A query with no word in it matches no article.
 */
import { isBlank, queryTokens, wordsOf } from './normalize.ts';
import { indexOfWord, MAX_TYPO_CORRECTIONS, nearestWords, prefixRange, typoBudget } from './vocabulary.ts';

export interface KnowledgeSearchArticle {
  id: string;
  question: string;
  answer: string;
  facility_tags: string[];
  category: string;
}

export interface KnowledgeSearcher<T> {
  /** Articles carrying `tag` (all without it) that match `q`, best first; without q in the given order. */
  search(params: { q?: string; tag?: string }): T[];
}

const FIELD_WEIGHTS = { question: 3, tags: 2, answer: 1 } as const;
/**
 * Question words that every article shares. Over a few dozen articles idf cannot
 * tell them from content words ("what" would outweigh "grail"), so they are skipped
 * unless a query has nothing else.
 */
const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i in is it its my of on or that the their this to what when where which who why with'.split(' '),
);
/** Typo correction starts at five letters here: in prose, "fake" is one edit from make, take and cake. */
const MIN_TYPO_LENGTH = 5;
/** BM25's k1: a word said three times is not three times as relevant. */
const SATURATION = 1.2;
/** BM25's b: how much an article's length discounts its word counts. */
const LENGTH_WEIGHT = 0.75;

/**
 * Folds English plurals so "fakes" finds "fake" and "boxes" finds "box"; deliberately crude.
 * @example stem('boxes') // "box"
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * @example
 * const searcher = createKnowledgeSearcher(articles);
 * searcher.search({ q: 'how is the value computed' })[0].id // "how-card-values-are-computed"
 */
export function createKnowledgeSearcher<T extends KnowledgeSearchArticle>(articles: readonly T[]): KnowledgeSearcher<T> {
  // Per article: word → field-weighted count.
  const counts = articles.map((a) => {
    const weighted = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const w of wordsOf(text)) weighted.set(stem(w), (weighted.get(stem(w)) ?? 0) + weight);
    };
    add(a.question, FIELD_WEIGHTS.question);
    add(a.answer, FIELD_WEIGHTS.answer);
    // Tags count once each: "psa-10" is the words psa and 10, and also psa10.
    for (const tag of a.facility_tags) {
      add(tag, FIELD_WEIGHTS.tags);
      add(tag.replaceAll('-', ''), FIELD_WEIGHTS.tags);
    }
    return weighted;
  });
  // BM25's length normalisation: a word said once in a short, focused article weighs
  // more than the same word among many others, so the article *about* PSA 10 beats
  // a long one that mentions it in passing.
  const lengths = counts.map((c) => [...c.values()].reduce((a, b) => a + b, 0));
  const averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const documentFrequency = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  const vocabulary = [...documentFrequency.keys()].sort();
  const n = articles.length;
  const idf = (w: string) => {
    const df = documentFrequency.get(w)!;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };

  /** A token's words short of typo correction; null when only a correction could find it. */
  const lookUp = (token: string): string[] | null => {
    if (indexOfWord(vocabulary, token) !== -1) return [token];
    if (/\d/.test(token)) return [];
    if (token.length >= 3) {
      const [start, end] = prefixRange(vocabulary, token);
      if (end > start) return vocabulary.slice(start, end);
    }
    return token.length < MIN_TYPO_LENGTH ? [] : null;
  };
  const corrected = (token: string) => nearestWords(vocabulary, token, typoBudget(token.length)).map((i) => vocabulary[i]);

  return {
    search({ q, tag }) {
      const pool = articles.map((_, i) => i).filter((i) => tag === undefined || articles[i].facility_tags.includes(tag));
      if (q === undefined || isBlank(q)) return pool.map((i) => articles[i]);
      const all = queryTokens(q).map(stem);
      // Text with no word in it (😀, "!!!") asked for something: it matches no article.
      if (all.length === 0) return [];
      const content = all.filter((t) => !STOPWORDS.has(t));
      const tokens = content.length ? content : all;
      let corrections = 0;
      const resolved = tokens.map((t) => lookUp(t) ?? (corrections++ < MAX_TYPO_CORRECTIONS ? corrected(t) : [])).filter((words) => words.length > 0);
      const scored = pool.map((i) => {
        let score = 0;
        for (const words of resolved) {
          let best = 0;
          for (const w of words) {
            const c = counts[i].get(w);
            const norm = SATURATION * (1 - LENGTH_WEIGHT + (LENGTH_WEIGHT * lengths[i]) / averageLength);
            if (c) best = Math.max(best, (idf(w) * c * (SATURATION + 1)) / (c + norm));
          }
          score += best;
        }
        return { i, score };
      });
      return scored
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .map((s) => articles[s.i]);
    },
  };
}
