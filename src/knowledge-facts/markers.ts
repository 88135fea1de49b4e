/**
 * The figure markers of an article, read where they stand. A computed figure is marked inline, in the form of a
 * remark text directive, so a Markdown renderer shows it as text and an editor reads the figure in place:
 *
 *     :fact[20,608]{key=cards_total}              a fact of the article (src/knowledge-facts/articles/<slug>.ts)
 *     :fact[$458.29]{card=base1-4}                one card's value; {card=base1-4 field=low}, {sealed=218328}
 *     :fact[17.8]{key=pairs.median format=x}      a format named (else the figure keeps the shape it is written in)
 *
 * A table whose rows the facts choose is marked by an HTML comment on the line before its header row (hidden by
 * every renderer), naming the list its rows come from and the template of one row (./row-template.ts):
 *
 *     <!-- fact-table rows=top row="| [{name}](/cards/{slug}) | {set} | {valueUsd|usd} |" -->
 *
 * The build serves the article with each marker replaced by its figure and each comment dropped (plainText);
 * `npm run facts -- --write` rewrites the figures inside markers and the tables' rows, and nothing else.
 * A marker is not read in a fenced code block, nor after a backslash (`\:fact[`).
 */
import { lookUp } from './look-up.ts';

/** An inline marker: where it lies in the text, the figure as written (its label) and its attributes. */
export interface FactMarker {
  start: number;
  end: number;
  /** The figure as the article writes it, verbatim (escapes kept). */
  label: string;
  labelStart: number;
  attributes: Record<string, string>;
}

/** A marked table: the comment's attributes, the header row, and where the comment and the rows lie. */
export interface TableMarker {
  /** The comment line, with its line break. */
  start: number;
  end: number;
  attributes: Record<string, string>;
  /** The header row, as the editor wrote it. */
  header: string;
  /** The rows after the separator row: from `rowsStart` to `rowsEnd` (no line break at the end). */
  rowsStart: number;
  rowsEnd: number;
}

/** A marker that cannot be read, and where. */
export interface MarkerProblem {
  offset: number;
  message: string;
}

export interface Markers {
  facts: FactMarker[];
  tables: TableMarker[];
  problems: MarkerProblem[];
}

const FACT_ATTRIBUTES = ['key', 'card', 'sealed', 'field', 'format'];
const TABLE_ATTRIBUTES = ['rows', 'row', 'where', 'labels'];
const TABLE_COMMENT = /^<!--\s*fact-table\b/;

/** How a marker names its value, for messages: `key=cards_total`, `card=base1-4 field=low`, `fact-table rows=top`. */
export function markerName(marker: FactMarker | TableMarker): string {
  if ('header' in marker) return `fact-table rows=${marker.attributes.rows}`;
  const { key, card, sealed, field } = marker.attributes;
  const what = key !== undefined ? `key=${key}` : card !== undefined ? `card=${card}` : `sealed=${sealed}`;
  return field === undefined ? what : `${what} field=${field}`;
}

/**
 * Every marker of a text (an article's body, or its answer), with what could not be read.
 * @example findMarkers('There are :fact[20,608]{key=cards_total} cards.').facts[0].label // "20,608"
 */
export function findMarkers(text: string): Markers {
  const found: Markers = { facts: [], tables: [], problems: [] };
  const lines = lineStarts(text);
  let fence: string | null = null;
  let skipUntil = 0;
  for (let n = 0; n < lines.length; n++) {
    const start = lines[n];
    const lineEnd = n + 1 < lines.length ? lines[n + 1] - 1 : text.length;
    const line = text.slice(start, lineEnd);
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (start < skipUntil) continue;
    if (TABLE_COMMENT.test(line)) {
      const table = readTable(text, lines, n, found.problems);
      if (table) {
        found.tables.push(table);
        skipUntil = table.rowsEnd;
      }
      continue;
    }
    readFacts(text, start, lineEnd, found);
  }
  return found;
}

/** The offsets where the text's lines start. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The inline markers of one line (a code span may hold one: a computed set id), not after a backslash. */
function readFacts(text: string, from: number, to: number, found: Markers): void {
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (!text.startsWith(':fact', i) || /[\w-]/.test(text[i + 5] ?? '')) continue;
    const marker = readFact(text, i, to, found.problems);
    if (marker) {
      found.facts.push(marker);
      i = marker.end - 1;
    }
  }
}

function readFact(text: string, start: number, lineEnd: number, problems: MarkerProblem[]): FactMarker | null {
  const fail = (message: string) => {
    problems.push({ offset: start, message });
    return null;
  };
  if (text[start + 5] !== '[')
    return fail('a :fact marker writes its figure in brackets before its attributes: :fact[20,608]{key=…} (empty brackets to have npm run facts fill it in)');
  const labelStart = start + 6;
  let close = labelStart;
  while (close < lineEnd && text[close] !== ']') close += text[close] === '\\' ? 2 : 1;
  if (close >= lineEnd) return fail('a :fact marker\'s figure must end with "]" on the same line');
  if (text[close + 1] !== '{') return fail('a :fact marker needs its attributes after the figure: {key=…}, {card=…} or {sealed=…}');
  const attributes = readAttributes(text, close + 2, lineEnd);
  if (typeof attributes === 'string') return fail(attributes);
  const problem = factAttributesProblem(attributes.values);
  if (problem) return fail(problem);
  return { start, end: attributes.end, label: text.slice(labelStart, close), labelStart, attributes: attributes.values };
}

function factAttributesProblem(attributes: Record<string, string>): string | null {
  const unknown = Object.keys(attributes).find((name) => !FACT_ATTRIBUTES.includes(name));
  if (unknown) return `a :fact marker has no attribute "${unknown}" (it takes ${FACT_ATTRIBUTES.join(', ')})`;
  const names = ['key', 'card', 'sealed'].filter((name) => name in attributes);
  if (names.length !== 1) return 'a :fact marker names one value: key=… (a fact of the article), card=… or sealed=… (an item of the catalogue)';
  if ('field' in attributes && 'key' in attributes) return 'field=… goes with card=… or sealed=…; a fact is named by its key alone';
  if (Object.values(attributes).some((value) => value === '')) return 'a :fact marker has an attribute with no value';
  return null;
}

/**
 * `name=value` pairs up to a closing brace on the same line: a value unquoted (no spaces), or in double or single
 * quotes. Returns where the braces end, or why they cannot be read.
 */
function readAttributes(text: string, from: number, lineEnd: number): { values: Record<string, string>; end: number } | string {
  const values: Record<string, string> = {};
  const close = text.indexOf('}', from);
  if (close === -1 || close >= lineEnd) return 'the attributes must end with "}" on the same line';
  let i = from;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (i >= lineEnd) return 'the attributes must end with "}" on the same line';
    if (text[i] === '}') return { values, end: i + 1 };
    const name = /^[A-Za-z][\w-]*/.exec(text.slice(i, lineEnd))?.[0];
    if (!name || text[i + name.length] !== '=') return `an attribute is written name=value (at "${text.slice(i, Math.min(i + 12, lineEnd))}")`;
    i += name.length + 1;
    const quote = text[i];
    let value: string;
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close === -1 || close >= lineEnd) return `the value of ${name} has no closing ${quote}`;
      value = text.slice(i + 1, close);
      i = close + 1;
    } else {
      value = /^[^\s"'=<>`}]*/.exec(text.slice(i, lineEnd))![0];
      i += value.length;
    }
    if (name in values) return `the attribute ${name} is given twice`;
    values[name] = value;
  }
}

/** A fact-table comment on line `n`, and the table under it. */
function readTable(text: string, lines: number[], n: number, problems: MarkerProblem[]): TableMarker | null {
  const start = lines[n];
  const lineOf = (k: number) => (k < lines.length ? text.slice(lines[k], k + 1 < lines.length ? lines[k + 1] - 1 : text.length) : undefined);
  const fail = (message: string) => {
    problems.push({ offset: start, message });
    return null;
  };
  const comment = lineOf(n)!;
  const close = comment.indexOf('-->');
  if (close === -1 || comment.slice(close + 3).trim() !== '') return fail('a fact-table comment is one line, ending with "-->"');
  const inner = comment.slice(0, close).replace(TABLE_COMMENT, '');
  const attributes = readAttributes(`${inner}}`, 0, inner.length + 1);
  if (typeof attributes === 'string') return fail(`fact-table: ${attributes}`);
  const unknown = Object.keys(attributes.values).find((name) => !TABLE_ATTRIBUTES.includes(name));
  if (unknown) return fail(`a fact-table has no attribute "${unknown}" (it takes ${TABLE_ATTRIBUTES.join(', ')})`);
  if (!attributes.values.rows || !attributes.values.row)
    return fail('a fact-table names the list its rows come from and the template of a row: rows=… row="| … |"');
  const header = lineOf(n + 1);
  const separator = lineOf(n + 2);
  if (!header?.startsWith('|') || !separator || !/^\|(\s*:?-+:?\s*\|)+\s*$/.test(separator)) {
    return fail('a fact-table comment stands on the line just before a table: its header row, then its separator row');
  }
  let last = n + 2;
  while (lineOf(last + 1)?.startsWith('|')) last++;
  const rowsStart = lines[n + 3] ?? text.length;
  const rowsEnd = last > n + 2 ? lines[last] + lineOf(last)!.length : rowsStart;
  return { start, end: lines[n + 1], attributes: attributes.values, header, rowsStart, rowsEnd };
}

/**
 * The text as it is served: each marker replaced by its figure, each fact-table comment dropped. The figures are
 * the ones `npm run facts` wrote and `npm run check` holds to content, so the build computes nothing.
 * @example plainText('worth :fact[$458.29]{card=base1-4}.').text // "worth $458.29."
 */
export function plainText(text: string): { text: string; problems: MarkerProblem[] } {
  const { facts, tables, problems } = findMarkers(text);
  for (const marker of facts)
    if (marker.label === '') problems.push({ offset: marker.start, message: `${markerName(marker)} has no figure yet: run npm run facts -- --write` });
  const cuts = [...facts.map((m) => ({ start: m.start, end: m.end, by: m.label })), ...tables.map((t) => ({ start: t.start, end: t.end, by: '' }))];
  return { text: replaceSpans(text, cuts), problems };
}

/** The text with spans replaced (spans that do not overlap, in any order). */
export function replaceSpans(text: string, spans: readonly { start: number; end: number; by: string }[]): string {
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, span.start) + span.by;
    at = span.end;
  }
  return out + text.slice(at);
}

/**
 * The `key=` markers and fact-tables of a text that name no member of the article's `structured`, where
 * `npm run facts` writes every fact it computes. The build computes no figure, so this is how it refuses, at the
 * marker's line, a key misspelt or no longer computed, rather than serve a figure nothing keeps up to date.
 * @example factsNamedNowhere('worth :fact[$1]{key=top.0.usd}', { top: [] })[0].message // "key=top.0.usd names no member …"
 */
export function factsNamedNowhere(text: string, structured: unknown): MarkerProblem[] {
  const { facts, tables } = findMarkers(text);
  const nowhere = (path: string) => !lookUp(structured ?? {}, path).found;
  const message = (what: string) => `${what} names no member of the front matter's structured: a fact its facts file computes (npm run facts -- --write)`;
  return [
    ...facts.filter((m) => m.attributes.key !== undefined && nowhere(m.attributes.key)).map((m) => ({ offset: m.start, message: message(markerName(m)) })),
    // `rows=sets.*.top` names the members of `sets`, each holding a `top`: the part before the first `*` must be there.
    ...tables.filter((t) => nowhere(t.attributes.rows.split('.*')[0])).map((t) => ({ offset: t.start, message: message(markerName(t)) })),
  ];
}
