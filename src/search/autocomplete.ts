import { sumUsd } from '../catalogue/money.ts';
import { CARD_SEARCH_PAGE, pageUrl } from '../http/links.ts';
import type { Autocomplete } from '../schemas/api-types.ts';
import { foldText, wordsOf } from './normalize.ts';
import { lowerBound } from './vocabulary.ts';

/**
 * Suggestions as people type (`GET /api/cards/autocomplete?q=`): the distinct card names and the sets that a
 * typed prefix starts, most useful first. The build ranks every name and set once and sorts their keys
 * (autocompleteDataOf, written to search/autocomplete.json); the function reads that file on the first
 * request and answers a prefix with one binary search and a scan of the keys it starts (createAutocomplete).
 *
 * A key is the folded words joined by single spaces, the typed prefix the same: `Farfetch'd` → `farfetchd`,
 * `Flabébé` → `flabebe`, `Mr. Mime` and `mr mime` → `mr mime`. A name is also keyed from each later word
 * (`Dark Charizard` under `charizard`), and a name with joined words also as one word (`Ho-Oh` under `hooh`).
 *
 * Ranking, in tiers: the name typed whole (`mew` → Mew), then the names the prefix starts, then those where a
 * later word starts with it. In a tier, whatever's cards are worth most in total comes first (what collectors
 * look up: Charizard before Charmander, which has more, cheaper cards); then the most cards; then by key. Names
 * and sets are ranked together by the same rules, a set counting all its cards (`team` → the Team Rocket sets
 * before Team Rocket's Meowth).
 */

/** The build's file (under dist/server/), read by the function on the first autocomplete. */
export const AUTOCOMPLETE_FILE = 'search/autocomplete.json';
/** The most suggestions an answer holds. */
export const AUTOCOMPLETE_LIMIT = 20;
/** A q shorter than this (after trimming, in characters) gets no suggestions. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;

/** One suggestion of an answer (schemas/api/autocomplete.json). */
export type Suggestion = Autocomplete['results'][number];

/**
 * search/autocomplete.json. `entries` in rank order, most useful first: `[label, cards, total value]` for a
 * card name, `[label, cards, total value, set id]` for a set. `keys` sorted (code unit order), each the key of
 * the entry `targets[i] >> 1` from a word on; `targets[i] & 1` is 1 when that word is not the first.
 */
export interface AutocompleteData {
  entries: ([string, number, number] | [string, number, number, string])[];
  keys: string[];
  targets: number[];
}

/** A card as the index counts it. */
export interface AutocompleteCard {
  name: string;
  set: string;
  valueUsd: number | null;
}

/**
 * The key of a name, or of a typed prefix: its folded words joined by single spaces.
 * @example autocompleteKey('Mr. Mime') // "mr mime"
 * @example autocompleteKey("farfetch'd") // "farfetchd"
 */
export function autocompleteKey(text: string): string {
  return wordsOf(text).join(' ');
}

/** Words written together (`Ho-Oh`, `Porygon-Z`, `LV.X`) as one: `hooh`; undefined when the text has none. */
function joinedKey(text: string): string | undefined {
  const folded = foldText(text);
  const joined = folded.replace(/([a-z0-9])[-.](?=[a-z0-9])/g, '$1');
  return joined === folded ? undefined : autocompleteKey(joined);
}

interface Tally {
  label: string;
  set?: string;
  cards: number;
  totalUsd: number;
  /** How many cards spell the name each way: the label is the commonest spelling. */
  spellings: Map<string, number>;
}

/**
 * The index of a catalogue: every distinct card name (names that fold alike are one, under the spelling most of
 * its cards use) and every set, ranked, with their keys sorted for binary search.
 * @example autocompleteDataOf([{ name: 'Charizard', set: 'base1', valueUsd: 458.29 }], [{ id: 'base1', name: 'Base' }])
 * // { entries: [["Base", 1, 458.29, "base1"], ["Charizard", 1, 458.29]], keys: ["base", "charizard"], targets: [0, 2] }
 */
export function autocompleteDataOf(cards: readonly AutocompleteCard[], sets: readonly { id: string; name: string }[]): AutocompleteData {
  const names = new Map<string, Tally>();
  const setTallies = new Map<string, Tally>(sets.map((set) => [set.id, { label: set.name, set: set.id, cards: 0, totalUsd: 0, spellings: new Map() }]));
  for (const card of cards) {
    const key = autocompleteKey(card.name);
    if (key === '') continue;
    let name = names.get(key);
    if (!name) names.set(key, (name = { label: card.name, cards: 0, totalUsd: 0, spellings: new Map() }));
    for (const tally of [name, setTallies.get(card.set)]) {
      if (!tally) continue;
      tally.cards++;
      if (card.valueUsd !== null) tally.totalUsd = sumUsd([tally.totalUsd, card.valueUsd]);
    }
    name.spellings.set(card.name, (name.spellings.get(card.name) ?? 0) + 1);
  }
  for (const name of names.values()) {
    name.label = [...name.spellings].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))[0][0];
  }
  const ranked = [...names.values(), ...[...setTallies.values()].filter((set) => autocompleteKey(set.label) !== '')]
    .map((tally) => ({ ...tally, key: autocompleteKey(tally.label) }))
    .sort(
      (a, b) =>
        b.totalUsd - a.totalUsd ||
        b.cards - a.cards ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
        (a.set === undefined ? 0 : 1) - (b.set === undefined ? 0 : 1) ||
        (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
    );
  const starts: [string, number][] = [];
  ranked.forEach((tally, entry) => {
    const seen = new Set<string>();
    for (const key of [tally.key, joinedKey(tally.label)]) {
      if (key === undefined) continue;
      for (const at of wordOffsets(key)) {
        const rest = key.slice(at);
        if (seen.has(rest)) continue;
        seen.add(rest);
        starts.push([rest, entry * 2 + (at > 0 ? 1 : 0)]);
      }
    }
  });
  starts.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x - y));
  return {
    entries: ranked.map(({ label, cards, totalUsd, set }) => (set === undefined ? [label, cards, totalUsd] : [label, cards, totalUsd, set])),
    keys: starts.map(([key]) => key),
    targets: starts.map(([, target]) => target),
  };
}

/** Where each word of a key starts. @example wordOffsets('dark charizard') // [0, 5] */
function wordOffsets(key: string): number[] {
  const offsets = [0];
  for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) offsets.push(at + 1);
  return offsets;
}

/**
 * The answerer of an index: the suggestions for what was typed, at most AUTOCOMPLETE_LIMIT, each name or set
 * once, most useful first; none for a q under AUTOCOMPLETE_MIN_LENGTH characters or without a letter or digit.
 * @example createAutocomplete(data)('charizard').map((s) => s.label) // ["Charizard", "Charizard ex", …, "Dark Charizard", …]
 */
export function createAutocomplete({ entries, keys, targets }: AutocompleteData): (q: string) => Suggestion[] {
  const size = entries.length;
  return (q) => {
    const trimmed = q.trim();
    if ([...trimmed].length < AUTOCOMPLETE_MIN_LENGTH) return [];
    const prefix = autocompleteKey(trimmed);
    if (prefix === '') return [];
    // The best scores seen, ascending, one per entry: its rank, plus `size` for each tier it is below the first
    // (the whole key typed, the key started, a later word started).
    const best: number[] = [];
    for (let i = lowerBound(keys, prefix); i < keys.length && keys[i].startsWith(prefix); i++) {
      const tier = targets[i] & 1 ? 2 : keys[i].length === prefix.length ? 0 : 1;
      const score = tier * size + (targets[i] >> 1);
      if (best.length === AUTOCOMPLETE_LIMIT && score >= best[AUTOCOMPLETE_LIMIT - 1]) continue;
      const entry = score % size;
      const held = best.findIndex((s) => s % size === entry);
      if (held !== -1) {
        if (best[held] <= score) continue;
        best.splice(held, 1);
      }
      let at = best.length;
      while (at > 0 && best[at - 1] > score) at--;
      best.splice(at, 0, score);
      if (best.length > AUTOCOMPLETE_LIMIT) best.pop();
    }
    return best.map((score) => suggestionOf(entries[score % size]));
  };
}

/** @example suggestionOf(['Base', 102, 3210.5, 'base1']) // { label: 'Base', kind: 'set', value: 'set:base1', url: '/sets/base1', cards: 102 } */
function suggestionOf([label, cards, , set]: AutocompleteData['entries'][number]): Suggestion {
  return set === undefined
    ? { label, kind: 'card', value: label, url: `${CARD_SEARCH_PAGE}?q=${encodeURIComponent(label)}`, cards }
    : { label, kind: 'set', value: `set:${set}`, url: pageUrl('sets', set), cards };
}
