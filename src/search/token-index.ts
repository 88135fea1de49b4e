/**
 * The word index every catalogue searcher shares: word → item positions
 * (postings in typed arrays), a sorted vocabulary for prefix and typo look-ups,
 * and each item's words per field, which relevance ranking reads to see whether
 * a field consists only of query words. Items are given in position order, so
 * postings come out ascending by construction.
 */
import { indexTermsOf } from './normalize.ts';

export interface IndexField {
  /** Field name, also the key Fuse ranks under. */
  name: string;
  /** Integer weight in relevance ranking (name 3, set 2, ...). */
  weight: number;
  /** Values are ready-made keys matched whole (`4/102`), not text to split into words. */
  verbatim?: boolean;
  /**
   * The item's name as printed in Japanese: what ranking reads, instead of the first field, for how much of the
   * name a query in Japanese asked for (ナンジャモ is the whole of one card's name and a part of another's).
   */
  japaneseName?: boolean;
}

export interface TokenIndex {
  fields: readonly IndexField[];
  /** Number of items. */
  size: number;
  /** Every indexed word, sorted by code unit. A word's id is its index here. */
  vocabulary: string[];
  /** Postings of word w: postings[postingStart[w] .. postingStart[w + 1]). */
  postingStart: Uint32Array;
  postings: Uint32Array;
  /** Words of field f of item p: fieldWords[fieldStart[p * F + f] .. fieldStart[p * F + f + 1]). */
  fieldStart: Uint32Array;
  fieldWords: Uint32Array;
  /** Alias word → the field words it stands for (hooh → ho, oh). */
  aliasTargets: Map<number, number[]>;
}

/**
 * Builds the index. `values[p][f]` lists the strings of field f of the item at position p.
 * @example buildTokenIndex([{ name: 'name', weight: 3 }], [[['Charizard']], [['Mew']]]).vocabulary // ["charizard", "mew"]
 */
export function buildTokenIndex(fields: readonly IndexField[], values: readonly (readonly (readonly string[])[])[]): TokenIndex {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const seenAt: number[] = []; // item + 1 that last listed each word: dedupes postings per item
  const idOf = (word: string): number => {
    let id = ids.get(word);
    if (id === undefined) {
      id = words.length;
      ids.set(word, id);
      words.push(word);
      seenAt.push(0);
    }
    return id;
  };
  // Set names, types and rarities repeat thousands of times: split each distinct text once.
  const termCache = new Map<string, { words: number[]; aliases: number[] }>();
  const aliasTargets = new Map<number, Set<number>>();
  const termsOf = (text: string) => {
    let terms = termCache.get(text);
    if (!terms) {
      const raw = indexTermsOf(text);
      terms = { words: raw.words.map(idOf), aliases: [] };
      for (const [alias, targets] of raw.aliases) {
        const id = idOf(alias);
        terms.aliases.push(id);
        let set = aliasTargets.get(id);
        if (!set) aliasTargets.set(id, (set = new Set()));
        for (const t of targets) set.add(idOf(t));
      }
      termCache.set(text, terms);
    }
    return terms;
  };

  const F = fields.length;
  const fieldStart = new Uint32Array(values.length * F + 1);
  const fieldWordList: number[] = [];
  const occurrenceStart = new Uint32Array(values.length + 1);
  const occurrences: number[] = []; // per item: its distinct word ids, field words and aliases alike
  for (let p = 0; p < values.length; p++) {
    const mark = p + 1;
    for (let f = 0; f < F; f++) {
      fieldStart[p * F + f] = fieldWordList.length;
      const verbatim = fields[f].verbatim;
      for (const text of values[p][f]) {
        if (verbatim) {
          const id = idOf(text);
          fieldWordList.push(id);
          if (seenAt[id] !== mark) {
            seenAt[id] = mark;
            occurrences.push(id);
          }
          continue;
        }
        const terms = termsOf(text);
        for (const id of terms.words) {
          fieldWordList.push(id);
          if (seenAt[id] !== mark) {
            seenAt[id] = mark;
            occurrences.push(id);
          }
        }
        for (const id of terms.aliases) {
          if (seenAt[id] !== mark) {
            seenAt[id] = mark;
            occurrences.push(id);
          }
        }
      }
    }
    occurrenceStart[p + 1] = occurrences.length;
  }
  fieldStart[values.length * F] = fieldWordList.length;

  // Renumber words in sorted order so ids double as vocabulary positions.
  const vocabulary = [...words].sort(); // the default sort compares code units, as the look-ups do
  const rank = new Uint32Array(words.length);
  for (let r = 0; r < vocabulary.length; r++) rank[ids.get(vocabulary[r])!] = r;
  const postingStart = new Uint32Array(words.length + 1);
  for (const id of occurrences) postingStart[rank[id] + 1]++;
  for (let w = 0; w < words.length; w++) postingStart[w + 1] += postingStart[w];
  const postings = new Uint32Array(occurrences.length);
  const fill = postingStart.slice(0, words.length);
  for (let p = 0; p < values.length; p++) {
    for (let k = occurrenceStart[p]; k < occurrenceStart[p + 1]; k++) postings[fill[rank[occurrences[k]]]++] = p;
  }
  const fieldWords = new Uint32Array(fieldWordList.length);
  for (let k = 0; k < fieldWordList.length; k++) fieldWords[k] = rank[fieldWordList[k]];
  return {
    fields,
    size: values.length,
    vocabulary,
    postingStart,
    postings,
    fieldStart,
    fieldWords,
    aliasTargets: new Map([...aliasTargets].map(([a, t]) => [rank[a], [...t].map((id) => rank[id])])),
  };
}

/**
 * The items that contain word `w`, ascending.
 * @example postingsOf(index, indexOfWord(index.vocabulary, 'water'))
 */
export function postingsOf(index: TokenIndex, word: number): Uint32Array {
  return index.postings.subarray(index.postingStart[word], index.postingStart[word + 1]);
}

/**
 * The words of one field of one item, as vocabulary ids.
 * @example fieldWordsOf(index, 0, 0) // ids of the first item's name words
 */
export function fieldWordsOf(index: TokenIndex, position: number, field: number): Uint32Array {
  const at = position * index.fields.length + field;
  return index.fieldWords.subarray(index.fieldStart[at], index.fieldStart[at + 1]);
}
