import { load } from 'js-yaml';
import type { Mentions } from './article-facts.ts';
import { type Format, isFormat, writeValue } from './figures.ts';
import { type Found, type ItemLookUp, lookUp } from './look-up.ts';
import { type FactMarker, findMarkers, type Markers, markerName, replaceSpans } from './markers.ts';
import { TemplateError, tableRows } from './row-template.ts';

/**
 * One article's file rewritten with today's figures: the members of `structured` that its facts own, its
 * `mentions` when the facts choose them, and the figures inside its markers (./markers.ts) in the answer and the
 * body. Every other byte is kept, so a file that already says what content gives comes back unchanged: that
 * equality is the check.
 */

/** A difference between what the article says and what content gives, at a front matter field or a marker. */
export interface FactDifference {
  /** `['structured', key]`, `['mentions']`, `['answer']` or `['body']`. */
  path: string[];
  was: string;
  now: string;
  /** Where the figure (or the table's rows) lies in the file, for a marker's. */
  offset?: number;
  /** The marker, as `key=cards_total` or `fact-table rows=top`. */
  marker?: string;
}

/** What must be mended by hand: a marker that cannot be read or names no value, a figure no marker covers. */
export interface FactProblem {
  path: string[];
  message: string;
  offset?: number;
}

export interface ArticleRewrite {
  text: string;
  differences: FactDifference[];
  problems: FactProblem[];
}

/** What an article's figures are read from. */
export interface ArticleFigures {
  /**
   * The members of `structured` the article's facts file computes, which its `key=` markers and tables read; null
   * for an article without one (its card and sealed markers are still read, and its other figures are its own).
   */
  facts: Record<string, unknown> | null;
  items: ItemLookUp;
  /** The items the article names, when its facts choose them; without, `mentions` is the editor's. */
  mentions?: Mentions;
}

const FRONT_MATTER = /^---\n([\s\S]*?\n)---\n/;
/** The answer as every article writes it: one line, a double-quoted YAML string (JSON's escapes). */
const ANSWER_LINE = /^answer: (".*")$/m;

/**
 * One member of `structured` as the facts write it: JSON on one line, two spaces in; a mapping whose members are
 * all mappings (a table of figures) one line per member, four spaces in, so a diff shows the row that moved.
 */
export function structuredMember(key: string, value: unknown): string {
  const isMapping = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isMapping(value) && Object.values(value as object).every(isMapping) && Object.keys(value as object).length > 0) {
    const rows = Object.entries(value as object).map(([k, v]) => `    ${yamlKey(k)}: ${jsonLine(v)}`);
    return [`  ${key}:`, ...rows].join('\n');
  }
  return `  ${key}: ${jsonLine(value)}`;
}

/**
 * JSON on one line, spaced as the articles write it by hand (`{"a": 1, "b": [2, 3]}`); YAML reads it as the same value.
 * @example jsonLine({ a: 1, b: [2, 3] }) // '{"a": 1, "b": [2, 3]}'
 */
export function jsonLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${jsonLine(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** A mapping key YAML reads back as the same string: plain when it is words, else JSON-quoted. */
const yamlKey = (key: string) => (/^[A-Za-z][\w .★-]*[\w.★]$/.test(key) && !key.includes(': ') ? key : JSON.stringify(key));

/** An id YAML reads back as the same string when written plain, else JSON-quoted. */
const yamlScalar = (id: string) => (/^[A-Za-z][\w.-]*$/.test(id) ? id : JSON.stringify(id));

/**
 * The `mentions:` block as the facts write it: each list on one line, in the order given, once each; a list with
 * nothing in it left out, and the block too when both are.
 * @example mentionsLines({ cards: ['sv8pt5-161'], sealed: [] }) // ['mentions:', '  cards: [sv8pt5-161]']
 */
export function mentionsLines(mentions: Mentions): string[] {
  const cards = [...new Set(mentions.cards)].map(yamlScalar);
  const sealed = [...new Set(mentions.sealed)];
  const lines = [...(cards.length ? [`  cards: [${cards.join(', ')}]`] : []), ...(sealed.length ? [`  sealed: [${sealed.join(', ')}]`] : [])];
  return lines.length ? ['mentions:', ...lines] : [];
}

/** Where a top-level key's block lies in the front matter's lines (its key line to its last indented line), or null. */
function blockAt(lines: string[], key: string): { start: number; end: number } | null {
  const start = lines.indexOf(`${key}:`);
  if (start === -1) return null;
  let end = start + 1;
  while (end < lines.length && lines[end].startsWith('  ')) end++;
  return { start, end };
}

/**
 * The `structured:` block split into its members (each the lines from its key to the next key), and where the
 * block lies in the front matter's lines.
 */
function structuredBlock(lines: string[]): { start: number; end: number; members: Map<string, string> } | null {
  const start = lines.indexOf('structured:');
  if (start === -1) return null;
  let end = start + 1;
  while (end < lines.length && (lines[end].startsWith('  ') || lines[end] === '')) end++;
  const members = new Map<string, string>();
  let key: string | undefined;
  for (const line of lines.slice(start + 1, end)) {
    const own = /^ {2}([^\s].*?):(?: |$)/.exec(line);
    if (own && !line.startsWith('   ')) {
      key = own[1].replace(/^"(.*)"$/, '$1');
      members.set(key, line);
    } else if (key) members.set(key, `${members.get(key)}\n${line}`);
  }
  return { start, end, members };
}

/** The front matter's lines with the facts written into `structured`, and what changed. */
function rewriteStructured(lines: string[], facts: Record<string, unknown>, differences: FactDifference[]): void {
  let block = structuredBlock(lines);
  if (!block) {
    lines.push('structured:');
    block = { start: lines.length - 1, end: lines.length, members: new Map() };
  }
  // The members an editor wrote first, as written; then those the facts own, in the facts' order.
  const members = [...block.members].filter(([key]) => !Object.hasOwn(facts, key)).map(([, text]) => text);
  for (const [key, value] of Object.entries(facts)) {
    const now = structuredMember(key, value);
    const was = block.members.get(key);
    members.push(now);
    if (was === now) continue;
    const memberValue = (member: string) => member.replace(/^ {2}[^:]+: ?/, '').trim();
    differences.push({ path: ['structured', key], was: was === undefined ? '(missing)' : memberValue(was), now: memberValue(now) });
  }
  lines.splice(block.start + 1, block.end - block.start - 1, ...members);
}

/** The `mentions:` block written from the facts, where it was, else before `structured:`. */
function rewriteMentions(lines: string[], mentions: Mentions, differences: FactDifference[]): void {
  const now = mentionsLines(mentions);
  const at = blockAt(lines, 'mentions') ?? { start: lines.indexOf('structured:'), end: lines.indexOf('structured:') };
  const was = lines.slice(at.start, at.end);
  if (was.join('\n') !== now.join('\n')) {
    const listsOf = (block: string[]) =>
      block
        .slice(1)
        .map((line) => line.trim())
        .join('; ') || '(none)';
    differences.push({ path: ['mentions'], was: listsOf(was), now: listsOf(now) });
  }
  lines.splice(at.start, at.end - at.start, ...now);
}

/**
 * The article `text` with today's figures: `structured` and `mentions` from the facts, and every marked figure and
 * fact-table of the answer and the body.
 * @example rewriteArticle(text, { facts, items }).differences // [] when the article is up to date
 */
export function rewriteArticle(text: string, figures: ArticleFigures): ArticleRewrite {
  const differences: FactDifference[] = [];
  const problems: FactProblem[] = [];
  const frontMatter = FRONT_MATTER.exec(text);
  if (!frontMatter) return { text, differences, problems: [{ path: [], message: 'the article has no front matter' }] };
  const bodyStart = frontMatter[0].length;
  // The YAML starts after the opening "---\n".
  const yamlStart = 4;

  // The answer and the body: their markers read, their figures rewritten.
  const answerLine = ANSWER_LINE.exec(frontMatter[1]);
  let answer: { text: string; at: (offset: number) => number } | undefined;
  if (answerLine) {
    try {
      const encoded = answerLine[1];
      answer = { text: JSON.parse(encoded) as string, at: rawOffsets(encoded, yamlStart + answerLine.index + 'answer: '.length) };
    } catch {
      // Left undefined: a marker in it cannot be read, which is said below.
    }
  }
  // A marker elsewhere in the front matter (the question, say) would be served as it is.
  const inAnswer = (offset: number) => answer !== undefined && offset >= answerLine!.index && offset < answerLine!.index + answerLine![0].length;
  const stray = [...frontMatter[1].matchAll(/:fact\[/g)].find((m) => !inAnswer(m.index));
  if (stray) {
    const message =
      answerLine && !answer
        ? 'the answer holds markers but is not one line of double-quoted text, so they cannot be read'
        : 'markers are read in the answer and the body only';
    problems.push({ path: [], message, offset: yamlStart + stray.index });
  }
  const body = text.slice(bodyStart);
  const newAnswer = answer && rewriteMarked(answer.text, ['answer'], figures, answer.at, differences, problems);
  const newBody = rewriteMarked(body, ['body'], figures, (offset) => bodyStart + offset, differences, problems);

  // A figure typed beside the markers would go stale unseen: in an article whose figures are computed, each must be
  // marked, or be one of the constants its front matter declares (a threshold, a year, a grade).
  if (figures.facts !== null) {
    const constants = constantsOf(frontMatter[1], problems);
    if (answer && newAnswer) strayFigures(answer.text, newAnswer.markers, ['answer'], constants, answer.at, problems);
    strayFigures(body, newBody.markers, ['body'], constants, (offset) => bodyStart + offset, problems);
  }

  const lines = frontMatter[1].replace(/\n$/, '').split('\n');
  if (figures.facts !== null) rewriteStructured(lines, figures.facts, differences);
  if (figures.mentions) rewriteMentions(lines, figures.mentions, differences);
  let yaml = `${lines.join('\n')}\n`;
  if (answerLine && newAnswer && newAnswer.text !== answer!.text) yaml = yaml.replace(answerLine[0], () => `answer: ${JSON.stringify(newAnswer.text)}`);
  return { text: `---\n${yaml}---\n${newBody.text}`, differences, problems };
}

/** The constants the front matter declares, each as written. */
function constantsOf(yaml: string, problems: FactProblem[]): string[] {
  let data: unknown;
  try {
    data = load(yaml);
  } catch {
    return []; // the schema check reports YAML it cannot read
  }
  const constants = (data as { constants?: unknown } | null)?.constants;
  if (constants === undefined) return [];
  if (!Array.isArray(constants) || !constants.every((c) => typeof c === 'string' || typeof c === 'number')) {
    problems.push({ path: ['constants'], message: 'is a list of figures, each as the article writes it: constants: ["2004", "$500"]' });
    return [];
  }
  return constants.map(String);
}

/**
 * For each character of a JSON string's decoded text, where it lies in the file: `encoded` starts (with its
 * opening quote) at `start`.
 */
function rawOffsets(encoded: string, start: number): (offset: number) => number {
  const map: number[] = [];
  for (let i = 1; i < encoded.length - 1; i++) {
    map.push(start + i);
    if (encoded[i] === '\\') i += encoded[i + 1] === 'u' ? 5 : 1;
  }
  map.push(start + encoded.length - 1);
  return (offset) => map[Math.min(offset, map.length - 1)];
}

/** A figure written into a marker: `]` and backslashes escaped, so the marker still ends where it did. */
const escapeLabel = (figure: string) => figure.replace(/[\\\]]/g, '\\$&');
const unescapeLabel = (label: string) => label.replace(/\\(.)/g, '$1');

/** The text with its marked figures and tables written from the facts. */
function rewriteMarked(
  text: string,
  path: string[],
  figures: ArticleFigures,
  at: (offset: number) => number,
  differences: FactDifference[],
  problems: FactProblem[],
): { text: string; markers: Markers } {
  const markers = findMarkers(text);
  for (const p of markers.problems) problems.push({ path, message: p.message, offset: at(p.offset) });
  const spans: { start: number; end: number; by: string }[] = [];
  for (const marker of markers.facts) {
    const problem = (message: string) => problems.push({ path, message: `${markerName(marker)}: ${message}`, offset: at(marker.start) });
    const format = marker.attributes.format;
    if (format !== undefined && !isFormat(format)) {
      problem(`"${format}" is not a format (n, usd, pct, x, ord, month, list, counts)`);
      continue;
    }
    const found = markedValue(marker, figures);
    if (typeof found === 'string') {
      problem(found);
      continue;
    }
    if (!found.found) {
      problem(marker.attributes.key !== undefined ? "names no fact of the article's" : 'names no item of the catalogue, or no field of it');
      continue;
    }
    if (found.value === null || found.value === undefined) {
      problem('has no value today: the sentence must say it another way');
      continue;
    }
    let now: string;
    try {
      now = escapeLabel(writeValue(found.value, format as Format | undefined, unescapeLabel(marker.label)));
    } catch (error) {
      problem((error as Error).message);
      continue;
    }
    if (now === marker.label) continue;
    differences.push({ path, was: marker.label || '(empty)', now, offset: at(marker.labelStart), marker: markerName(marker) });
    spans.push({ start: marker.labelStart, end: marker.labelStart + marker.label.length, by: now });
  }
  for (const table of markers.tables) {
    const name = markerName(table);
    if (figures.facts === null) {
      problems.push({ path, message: `${name}: a fact-table reads the facts of an article's facts file, and this article has none`, offset: at(table.start) });
      continue;
    }
    let rows: string[];
    try {
      rows = tableRows(figures.facts, {
        rows: table.attributes.rows,
        row: table.attributes.row,
        where: table.attributes.where,
        labels: table.attributes.labels,
      });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      problems.push({ path, message: `${name}: ${error.message}`, offset: at(table.start) });
      continue;
    }
    const was = text.slice(table.rowsStart, table.rowsEnd);
    let now = rows.join('\n');
    // A table written with no rows yet: its rows go after the separator row, and the line after them stays apart.
    if (was === '' && now !== '') now = table.rowsStart === text.length ? `${text.endsWith('\n') ? '' : '\n'}${now}` : `${now}\n`;
    if (now === was) continue;
    differences.push({ path, was: was || '(no rows)', now, offset: at(table.rowsStart), marker: name });
    spans.push({ start: table.rowsStart, end: table.rowsEnd, by: now });
  }
  return { text: replaceSpans(text, spans), markers };
}

/** A marker's value: a fact by its key, or an item's field; a string says why it cannot have one here. */
function markedValue(marker: FactMarker, figures: ArticleFigures): Found | string {
  const { key, card, sealed, field } = marker.attributes;
  if (key !== undefined) {
    if (figures.facts === null)
      return "names a fact, but no facts file computes this article's (src/knowledge-facts/articles/): mark a card or sealed product's figure with card=… or sealed=…";
    return lookUp(figures.facts, key);
  }
  return card !== undefined ? figures.items('card', card, field ?? 'valueUsd') : figures.items('sealed', sealed!, field ?? 'valueUsd');
}

/** Replaces every match with spaces of its length, so what is left keeps its offsets. */
const blank = (text: string, pattern: RegExp, keep: (match: string) => string = (m) => ' '.repeat(m.length)) => text.replace(pattern, keep);

/** The figures of a text no marker writes and no constant declares, each reported once, where it first stands. */
function strayFigures(
  text: string,
  { facts, tables }: Markers,
  path: string[],
  constants: readonly string[],
  at: (offset: number) => number,
  problems: FactProblem[],
): void {
  let prose = replaceSpans(text, [
    ...facts.map((m) => ({ start: m.start, end: m.end, by: ' '.repeat(m.end - m.start) })),
    ...tables.flatMap((t) => [
      { start: t.start, end: t.end, by: ' '.repeat(t.end - t.start) },
      { start: t.rowsStart, end: t.rowsEnd, by: ' '.repeat(t.rowsEnd - t.rowsStart) },
    ]),
  ]);
  prose = blank(prose, /\]\([^)]*\)/g, (m) => `](${' '.repeat(m.length - 3)})`);
  prose = blank(prose, /`[^`\n]*`/g);
  prose = blank(prose, /^\d+\. /gm);
  const seen = new Set<string>();
  for (const { figure, offset } of figuresAt(prose)) {
    if (constants.includes(figure) || seen.has(figure)) continue;
    seen.add(figure);
    problems.push({
      path,
      message: `"${figure}" is a figure no marker writes: mark it (:fact[${figure}]{key=…}), or declare it among the article's constants`,
      offset: at(offset),
    });
  }
}

const FIGURE = /(?<![\w.-])(?:\d{4}-\d{2}-\d{2}|\$?\d[\d,]*(?:\.\d+)?%?)(?![\w-])/g;

/**
 * The figures of a text and where each stands: dates, and numbers with their dollar sign, thousands commas, decimals
 * and percent sign (not the digits inside words such as "1st" or "sv6pt5").
 */
function figuresAt(text: string): { figure: string; offset: number }[] {
  return [...text.matchAll(FIGURE)].map((m) => ({ figure: m[0].replace(/,+$/, ''), offset: m.index }));
}
