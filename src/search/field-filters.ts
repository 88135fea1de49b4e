import { CHANGE_WINDOW_DAYS } from '../catalogue/price-change.ts';
import { foldText, wordsOf } from './normalize.ts';
import { intersect } from './postings.ts';
import type { MatchReason } from './relevance.ts';
import { postingsOf, type TokenIndex } from './token-index.ts';
import { indexOfWord } from './vocabulary.ts';

/** A number as a filter takes it: decimal digits with an optional fraction, a dollar sign and a minus (`-5`, `$12.50`, `.5`). */
const DECIMAL_RE = /^-?\$?(?:\d+(?:\.\d*)?|\.\d+)$/;
/**
 * Field filters inside `q` (`set:base1 t:fire value>100 -r:common artist:"mitsuhiro arita"`): what programs
 * and power users write to say exactly what they mean, as Scryfall's syntax taught them. A query is split into
 * its filter terms and its free words; the free words search as before and rank, the terms filter. Terms are
 * ANDed, `-` negates one, a value with spaces is quoted, and a field takes `:` or `=` (numbers also `<`, `<=`,
 * `>`, `>=`). Field names and values are read case- and accent-insensitively.
 *
 * The build writes each searcher's filter data beside its search pack, one column per field in the pack's
 * position order (search/card-filters.json, search/sealed-filters.json): the function reads it on the first
 * query that has a filter, and a term is then a test of a position against a column. Every value a field
 * accepts is in its column, so a value that names nothing (`set:nosuchset`) is refused with the nearest ones.
 */

export type FilterScope = 'cards' | 'sealed';
export type FilterOp = ':' | '=' | '<' | '<=' | '>' | '>=';

/**
 * A column of filter data: one entry per position, in typed arrays (a parsed JSON array of 26,000 numbers takes
 * several times the heap; a function instance holds every column at once); lists of values as offsets into one array.
 */
export type FilterColumn =
  /** One named value per position (-1: none), e.g. the set, the rarity; `synonyms` are other names of a value (folded → code). */
  | { kind: 'code'; names: string[]; codes: Int32Array; synonyms?: Record<string, number> }
  /** Several named values per position, e.g. the types: position p's are codes[offsets[p]] … codes[offsets[p + 1] - 1]. */
  | { kind: 'codes'; names: string[]; offsets: Uint32Array; codes: Int32Array }
  /** A number per position (NaN: none), e.g. the value, the HP. */
  | { kind: 'number'; values: Float64Array }
  /** Several numbers per position, e.g. the Pokédex numbers, as `codes` holds its lists. */
  | { kind: 'numbers'; offsets: Uint32Array; values: Float64Array }
  /** A text per position, compared whole, e.g. the collector number. */
  | { kind: 'text'; values: string[] }
  /** Whether each position is so, e.g. graded: the values of `is:`. */
  | { kind: 'flag'; values: Uint8Array };

/** The columns of one searcher, in its search pack's position order. */
export interface FilterData {
  scope: FilterScope;
  size: number;
  columns: Record<string, FilterColumn>;
}

/** A field of `q`: its column, its other names, and what it is for (the help and the errors say it). */
interface FieldSpec {
  column: string;
  aliases?: string[];
  about: string;
}

/**
 * The change of a record over each window, in percent (`change30>20`: up more than 20% in 30 days); an item whose
 * change over the window is not known holds no comparison. `change30d` is the same field, as the sort names it.
 */
const CHANGE_FIELDS: Record<string, FieldSpec> = Object.fromEntries(
  CHANGE_WINDOW_DAYS.map((days) => [`change${days}`, { column: `change${days}`, aliases: [`change${days}d`], about: `change over ${days} days in percent` }]),
);

/** The fields each searcher takes, in the order the help and the errors list them. */
export const FILTER_FIELDS: Record<FilterScope, Record<string, FieldSpec>> = {
  cards: {
    set: { column: 'set', about: 'set id, PTCGO code, alias or name' },
    number: { column: 'number', about: 'collector number as printed' },
    rarity: { column: 'rarity', aliases: ['r'], about: 'rarity' },
    type: { column: 'type', aliases: ['t'], about: 'energy type' },
    supertype: { column: 'supertype', about: 'Pokémon, Trainer or Energy' },
    subtype: { column: 'subtype', about: 'subtype, e.g. Stage 2, VMAX, Item' },
    artist: { column: 'artist', aliases: ['a'], about: 'illustrator' },
    band: { column: 'band', about: 'value band: grail, chase, mid, budget' },
    lang: { column: 'lang', aliases: ['language'], about: 'printed language: en (English) or ja (Japanese; also japanese, jp)' },
    printing: { column: 'printing', about: 'printing id, e.g. 1st-edition-holofoil' },
    year: { column: 'year', about: "the set's release year" },
    value: { column: 'value', aliases: ['usd'], about: 'value in US dollars' },
    hp: { column: 'hp', about: 'hit points' },
    pokedex: { column: 'pokedex', about: 'National Pokédex number' },
    ...CHANGE_FIELDS,
    is: { column: 'is', about: 'graded (has graded sales), priced (has a value)' },
  },
  sealed: {
    kind: { column: 'kind', about: 'product kind, e.g. booster-box, etb' },
    set: { column: 'set', about: 'set id, PTCGO code, alias or name' },
    value: { column: 'value', aliases: ['usd'], about: 'value in US dollars' },
    packs: { column: 'packs', about: 'booster packs inside' },
    ppp: { column: 'ppp', about: 'price per pack in US dollars' },
    ...CHANGE_FIELDS,
    is: { column: 'is', about: 'priced (has a value)' },
  },
};

/** Queries the help page (/search/help) and /llms.txt show, with what each asks. */
export const SEARCH_HELP_EXAMPLES: readonly (readonly [string, string])[] = [
  ['set:base1 t:fire value>100', 'every Fire card of Base Set over $100'],
  ['artist:"mitsuhiro arita" r:"illustration rare"', 'Illustration Rares by one artist'],
  ['charizard year<2003 -r:common', 'WotC-era Charizards that are not commons'],
  ['pikachu printing:1st-edition-holofoil', 'first-edition holo Pikachus'],
  ['is:graded value>=1000', 'cards with graded sales worth $1,000 or more'],
  ['kind:booster-box ppp<4', 'booster boxes under $4 a pack'],
  ['change30>20 value>10', 'cards worth over $10 that rose more than 20% in 30 days'],
  ['lang:ja umbreon', 'Japanese Umbreons only (ブラッキー finds them too)'],
];

/** A filter term as read and checked: canonical, so equal terms make equal cache keys. */
export interface FilterTerm {
  field: string;
  op: FilterOp;
  /** A code's name (set id, rarity), a number, or a text, as the column holds it. */
  value: string | number;
  negate: boolean;
}

/** Why a term of `q` was refused: the term as written, where it starts in q (1-based), and what is allowed. */
export interface QueryTermProblem {
  term: string;
  position: number;
  detail: string;
  allowed: string[] | string;
}

/** A query read: its free words (undefined when none), its filter terms, and the words or phrases it negates. */
export type ReadQuery = { text?: string; terms: FilterTerm[]; without?: string[] };

const NUMBER_OPS: readonly FilterOp[] = [':', '=', '<', '<=', '>', '>='];
const EQUAL_OPS: readonly FilterOp[] = [':', '='];
/** A term: optional -, a field name, an operator, a quoted or bare value; or a word or quoted phrase. */
const TERM_RE = /(-?)(?:([a-z][a-z0-9]*)(<=|>=|:|=|<|>)(?:"([^"]*)"?|([^\s"]*))|"([^"]*)"?|(\S+))/giu;

/**
 * Reads `q` for `scope` against its filter data: the free words and the checked terms, or the problem with the
 * first term that is wrong. A query without a field term is all free words (`Type: Null` is a name: a field
 * with nothing after its colon is a word).
 */
export function readQuery(q: string, data: FilterData): ReadQuery | { problem: QueryTermProblem } {
  const fields = FILTER_FIELDS[data.scope];
  const words: string[] = [];
  const terms: FilterTerm[] = [];
  const without: string[] = [];
  for (const match of q.matchAll(TERM_RE)) {
    const [written, minus, name, op, quoted, bare, phrase, word] = match;
    // Counted in characters (code points), as a person counts them.
    const position = [...q.slice(0, match.index)].length + 1;
    const value = quoted ?? bare;
    if (name === undefined || !value) {
      // A free word or phrase searches; negated (-gx, -"base set"), it leaves out the items that have it.
      const free = phrase ?? word ?? `${name}${op}`;
      if (minus && wordsOf(free).length > 0) without.push(free);
      else words.push(minus ? written : free);
      continue;
    }
    const field = fieldNamed(fields, name.toLowerCase());
    if (!field) {
      const known = fieldList(fields);
      return problemOf(written, position, `unknown field "${name}" in "${written}"; the fields are ${known.join(', ')}.`, known);
    }
    const term = termOf(field, op as FilterOp, value, minus === '-', data);
    if ('detail' in term) return problemOf(written, position, `${written}: ${term.detail}`, term.allowed);
    terms.push(term);
  }
  const text = words.join(' ').trim();
  return { ...(text && { text }), terms, ...(without.length > 0 && { without }) };
}

/** The canonical field a name stands for (its own name or an alias). */
function fieldNamed(fields: Record<string, FieldSpec>, name: string): string | undefined {
  if (fields[name]) return name;
  return Object.keys(fields).find((field) => fields[field].aliases?.includes(name));
}

/** The fields as the errors list them: `rarity (r)`. */
function fieldList(fields: Record<string, FieldSpec>): string[] {
  return Object.entries(fields).map(([name, spec]) => (spec.aliases ? `${name} (${spec.aliases.join(', ')})` : name));
}

function problemOf(term: string, position: number, detail: string, allowed: string[] | string): { problem: QueryTermProblem } {
  return { problem: { term, position, detail, allowed } };
}

/** A term of a field checked against its column: canonical, or what is wrong and what is allowed. */
function termOf(field: string, op: FilterOp, raw: string, negate: boolean, data: FilterData): FilterTerm | { detail: string; allowed: string[] | string } {
  if (field === 'is') {
    const flags = flagNames(data);
    const flag = flags.find((name) => name === foldText(raw));
    if (!EQUAL_OPS.includes(op)) return { detail: `is takes :, not ${op}.`, allowed: flags.map((name) => `is:${name}`) };
    return flag
      ? { field, op: ':', value: flag, negate }
      : { detail: `${raw} is not a property; the properties are ${flags.join(', ')}.`, allowed: flags.map((name) => `is:${name}`) };
  }
  const column = data.columns[FILTER_FIELDS[data.scope][field].column];
  if (!column) return { detail: `${field} is not in this build's search data.`, allowed: 'another field' };
  const numeric = column.kind === 'number' || column.kind === 'numbers';
  const ops = numeric ? NUMBER_OPS : EQUAL_OPS;
  if (!ops.includes(op)) return { detail: `${field} takes ${ops.join(' ')}, not ${op}.`, allowed: ops.map((o) => `${field}${o}`) };
  const base = { field, op: op === '=' ? (':' as const) : op, negate };
  if (numeric) {
    // Decimal only, as people write prices: Number() would also read "0x10", "1e3", "" and "$" (as 0).
    if (!DECIMAL_RE.test(raw)) return { detail: `${field} compares numbers; "${raw}" is not one.`, allowed: `a number, e.g. ${field}>=100` };
    return { ...base, value: Number(raw.replace('$', '')) };
  }
  const folded = foldText(raw);
  if (column.kind === 'text') return { ...base, value: folded };
  if (column.kind === 'flag') return { detail: `${field} is a property: write is:${field}.`, allowed: `is:${field}` };
  const names = column.names;
  const code = column.kind === 'code' && column.synonyms?.[folded] !== undefined ? column.synonyms[folded] : foldedNamesOf(names).get(folded);
  if (code === undefined) {
    return { detail: `no ${field} "${raw}" in this catalogue; the nearest: ${nearest(folded, names).join(', ')}.`, allowed: nearest(folded, names, 10) };
  }
  return { ...base, value: names[code] };
}

const foldedNames = new WeakMap<readonly string[], Map<string, number>>();

/** A column's names by their folded spelling (made once per column: a long query must not fold them per term). */
function foldedNamesOf(names: readonly string[]): Map<string, number> {
  let found = foldedNames.get(names);
  if (!found) {
    found = new Map();
    for (const [code, name] of names.entries()) if (!found.has(foldText(name))) found.set(foldText(name), code);
    foldedNames.set(names, found);
  }
  return found;
}

/** The `is:` values of a scope: the flag columns. */
function flagNames(data: FilterData): string[] {
  return Object.entries(data.columns)
    .filter(([, column]) => column.kind === 'flag')
    .map(([name]) => name.replace(/^is-/, ''));
}

/** The names closest to `folded`: those it begins, then the fewest edits away. */
function nearest(folded: string, names: readonly string[], count = 5): string[] {
  const scored = names.map((name) => {
    const candidate = foldText(name);
    const prefix = candidate.startsWith(folded) || folded.startsWith(candidate) ? 0 : 1;
    return { name, score: prefix * 1000 + editDistance(folded, candidate) };
  });
  return scored
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1))
    .slice(0, count)
    .map((s) => s.name);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * The test of a position for checked terms, all ANDed: each term marks the positions it holds for in one pass over
 * its column, and a position passes when every term marked it.
 */
export function filterOf(terms: readonly FilterTerm[], data: FilterData): (position: number) => boolean {
  const passed = new Uint8Array(data.size).fill(1);
  const held = new Uint8Array(data.size);
  for (const term of terms) {
    held.fill(0);
    markHeld(term, data, held);
    const want = term.negate ? 0 : 1;
    for (let p = 0; p < data.size; p++) if (held[p] !== want) passed[p] = 0;
  }
  return (p) => passed[p] === 1;
}

/** Marks in `held` (1) the positions a term, not negated, holds for. */
function markHeld(term: FilterTerm, data: FilterData, held: Uint8Array): void {
  const column = term.field === 'is' ? data.columns[`is-${term.value}`] : data.columns[FILTER_FIELDS[data.scope][term.field].column];
  const size = data.size;
  switch (column.kind) {
    case 'flag':
      for (let p = 0; p < size; p++) held[p] = column.values[p];
      return;
    case 'text':
      for (let p = 0; p < size; p++) if (column.values[p] === term.value) held[p] = 1;
      return;
    case 'code': {
      const code = column.names.indexOf(term.value as string);
      for (let p = 0; p < size; p++) if (column.codes[p] === code) held[p] = 1;
      return;
    }
    case 'codes': {
      const code = column.names.indexOf(term.value as string);
      const { offsets, codes } = column;
      for (let p = 0; p < size; p++) {
        for (let i = offsets[p]; i < offsets[p + 1]; i++) {
          if (codes[i] === code) {
            held[p] = 1;
            break;
          }
        }
      }
      return;
    }
    case 'number':
      compareInto(column.values, term.op, term.value as number, (i) => {
        held[i] = 1;
      });
      return;
    case 'numbers': {
      const { offsets, values } = column;
      // Mark each value that holds, then its position: a position holds when any of its numbers does.
      const owner = new Uint32Array(values.length);
      for (let p = 0; p < size; p++) for (let i = offsets[p]; i < offsets[p + 1]; i++) owner[i] = p;
      compareInto(values, term.op, term.value as number, (i) => {
        held[owner[i]] = 1;
      });
      return;
    }
  }
}

/** Calls `mark(i)` for every value that compares so with `bound` (NaN, a missing value, never does). */
function compareInto(values: Float64Array, op: FilterOp, bound: number, mark: (index: number) => void): void {
  const n = values.length;
  switch (op) {
    case ':':
    case '=':
      for (let i = 0; i < n; i++) if (values[i] === bound) mark(i);
      return;
    case '<':
      for (let i = 0; i < n; i++) if (values[i] < bound) mark(i);
      return;
    case '<=':
      for (let i = 0; i < n; i++) if (values[i] <= bound) mark(i);
      return;
    case '>':
      for (let i = 0; i < n; i++) if (values[i] > bound) mark(i);
      return;
    case '>=':
      for (let i = 0; i < n; i++) if (values[i] >= bound) mark(i);
      return;
  }
}

/** How a match reason names a term: as the canonical term reads (`set:base1`, `value>100`, `-r:common`). */
export const termText = (term: FilterTerm): string =>
  `${term.negate ? '-' : ''}${term.field}${term.op}${typeof term.value === 'string' && /\s/.test(term.value) ? `"${term.value}"` : term.value}`;

/**
 * Columns built from items in position order. `code` columns name their values in order of first appearance
 * (the build's order, so the file is deterministic).
 */
export function codeColumn(values: readonly (string | null | undefined)[], synonyms?: (name: string) => string[]): FilterColumn {
  const names: string[] = [];
  const index = new Map<string, number>();
  const codes = Int32Array.from(values, (value) => {
    if (value === null || value === undefined || value === '') return -1;
    let code = index.get(value);
    if (code === undefined) index.set(value, (code = names.push(value) - 1));
    return code;
  });
  if (!synonyms) return { kind: 'code', names, codes };
  const table: Record<string, number> = {};
  names.forEach((name, code) => {
    for (const other of [name, ...synonyms(name)]) {
      const folded = foldText(other);
      if (folded && table[folded] === undefined) table[folded] = code;
    }
  });
  return { kind: 'code', names, codes, synonyms: table };
}

export function codesColumn(values: readonly (readonly string[])[]): FilterColumn {
  const names: string[] = [];
  const index = new Map<string, number>();
  const { offsets, flat } = flatLists(
    values.map((list) =>
      list.map((value) => {
        let code = index.get(value);
        if (code === undefined) index.set(value, (code = names.push(value) - 1));
        return code;
      }),
    ),
  );
  return { kind: 'codes', names, offsets, codes: Int32Array.from(flat) };
}

export const numberColumn = (values: readonly (number | null)[]): FilterColumn => ({
  kind: 'number',
  values: Float64Array.from(values, (v) => v ?? Number.NaN),
});

export function numbersColumn(values: readonly (readonly number[])[]): FilterColumn {
  const { offsets, flat } = flatLists(values);
  return { kind: 'numbers', offsets, values: Float64Array.from(flat) };
}

export const flagColumn = (values: readonly (0 | 1)[]): FilterColumn => ({ kind: 'flag', values: Uint8Array.from(values) });

/** Lists of values as one flat list and each list's start in it (one more than there are lists). */
export function flatLists(lists: readonly (readonly number[])[]): { offsets: Uint32Array; flat: number[] } {
  const offsets = new Uint32Array(lists.length + 1);
  lists.forEach((list, p) => {
    offsets[p + 1] = offsets[p] + list.length;
  });
  return { offsets, flat: lists.flat() };
}

/** The lists a `codes` or `numbers` column holds, one array per position (as the file writes them). */
export function listsOfColumn(offsets: Uint32Array, values: Int32Array | Float64Array): number[][] {
  return Array.from({ length: offsets.length - 1 }, (_, p) => Array.from(values.subarray(offsets[p], offsets[p + 1])));
}

/**
 * The test a search's filters make of a position: its field terms all hold, and it has none of the words or
 * phrases negated (each looked up whole in the index); none without either.
 */
export function filteredBy(
  { filters, without }: { filters?: readonly FilterTerm[]; without?: readonly string[] },
  data: (() => FilterData) | undefined,
  index: TokenIndex,
): ((position: number) => boolean) | undefined {
  const tests: ((position: number) => boolean)[] = [];
  if (filters?.length) {
    if (!data) throw new Error('this searcher was made without filter data: its queries cannot filter by field');
    tests.push(filterOf(filters, data()));
  }
  if (without?.length) {
    const left = new Uint8Array(index.size);
    for (const phrase of without) {
      const lists = wordsOf(phrase).map((word) => {
        const id = indexOfWord(index.vocabulary, word);
        return id === -1 ? new Uint32Array(0) : postingsOf(index, id);
      });
      for (const position of lists.reduce(intersect)) left[position] = 1;
    }
    tests.push((p) => left[p] === 0);
  }
  if (tests.length < 2) return tests[0];
  return (p) => tests[0](p) && tests[1](p);
}

/** A match reason with the filters that held (every result of a filtered search), as the terms read. */
export function withFilters(
  match: MatchReason | undefined,
  { filters, without }: { filters?: readonly FilterTerm[]; without?: readonly string[] },
): MatchReason | undefined {
  const held = [...(filters ?? []).map(termText), ...(without ?? []).map((phrase) => `-${/\s/.test(phrase) ? `"${phrase}"` : phrase}`)];
  if (held.length === 0) return match;
  return { ...(match ?? { fields: {} }), filters: held };
}
