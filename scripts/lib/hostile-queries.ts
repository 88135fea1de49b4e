/**
 * The hostile queries the benchmarks time (bench:search in process, bench:http
 * over HTTP): what an attacker of a public search endpoint would send to make
 * each request expensive, drawn from a seeded generator so every run sends the
 * same ones.
 */
import type { SearchSort } from '../../src/http/limits.ts';

/** A seeded PRNG (mulberry32), so every run draws the same hostile queries. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Latin with accents, Greek, Cyrillic, Hebrew, CJK, emoji, digits, punctuation and spaces. */
const MIXED = [...`${LETTERS}ÉéüçñßαβγδλΩжзийклשלוםאב皮卡丘宝可梦😀🔥⚡️0123456789!?/.-'"&%$#@ \u0000      `];

export interface HostileKind {
  label: string;
  /** One random instance; `words` are the catalogue's letter-only words, which an attacker can read off the site. */
  make(random: () => number, words: readonly string[]): string;
  /** Relevance and the first page unless said otherwise. */
  sort?: SearchSort;
  offset?: number;
}

const pick = <T>(random: () => number, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const letters = (random: () => number, n: number, alphabet: readonly string[] | string = LETTERS) =>
  Array.from({ length: n }, () => pick(random, [...alphabet])).join('');
/** Words joined by spaces while they fit in 200 characters. */
const upTo200 = (next: () => string) => {
  let q = next();
  for (let w = next(); [...q].length + 1 + [...w].length <= 200; w = next()) q += ` ${w}`;
  return q;
};
/** One edit (insert, delete, substitute, swap) somewhere after the first letter. */
function oneEdit(random: () => number, word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const c = pick(random, [...LETTERS]);
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + c + word.slice(at);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + c + word.slice(at + 1);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word + c;
  }
}

export const HOSTILE_KINDS: readonly HostileKind[] = [
  { label: '16 distinct unknown 11-letter words', make: (r) => Array.from({ length: 16 }, () => letters(r, 11)).join(' ') },
  { label: 'unknown 3–7-letter words to 200 chars', make: (r) => upTo200(() => letters(r, 3 + Math.floor(r() * 5))) },
  { label: '100 one-letter words', make: (r) => Array.from({ length: 100 }, () => letters(r, 1)).join(' ') },
  { label: 'one letter repeated 11–200 times', make: (r) => pick(r, [...LETTERS]).repeat(11 + Math.floor(r() * 190)) },
  { label: '200 digits', make: (r) => letters(r, 200, '0123456789') },
  { label: 'bare numbers of 1–3 digits to 200 chars', make: (r) => upTo200(() => letters(r, 1 + Math.floor(r() * 3), '0123456789')) },
  { label: 'random 200 chars, a–z and spaces', make: (r) => letters(r, 200, `${LETTERS}      `) },
  { label: 'random 200 chars, several alphabets', make: (r) => letters(r, 200, MIXED) },
  {
    label: 'an unknown word repeated to 200 chars',
    make: (r) => {
      const w = letters(r, 3 + Math.floor(r() * 9));
      return upTo200(() => w);
    },
  },
  { label: '16 one-edit typos of catalogue words', make: (r, words) => Array.from({ length: 16 }, () => oneEdit(r, pick(r, words))).join(' ') },
  { label: '16 two-letter prefixes of catalogue words', make: (r, words) => Array.from({ length: 16 }, () => pick(r, words).slice(0, 2)).join(' ') },
  { label: '16 catalogue words', make: (r, words) => Array.from({ length: 16 }, () => pick(r, words)).join(' ') },
  { label: 'a two-letter prefix by name, offset 1000', make: (r, words) => pick(r, words).slice(0, 2), sort: 'name', offset: 1000 },
];
