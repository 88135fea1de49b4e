import type { Mentions } from './article-facts.ts';
import { applyQuote, type Quote, type QuoteContext } from './quotes.ts';

/**
 * One article's file rewritten with today's figures: the members of `structured` that the facts own, the answer
 * and the body's quotes. Everything else (the other front matter, the words around the quotes) is kept byte for
 * byte, so a file that already says what content gives comes back unchanged: that equality is the check.
 */

/** A difference between what the article says and what content gives, at a front matter field or the body. */
export interface FactDifference {
  /** `['structured', key]`, `['answer']` or `['body']`. */
  path: string[];
  was: string;
  now: string;
}

/** A quote the article does not hold as its template says: the article and the template must be made to agree by hand. */
export interface QuoteProblem {
  path: string[];
  message: string;
}

export interface ArticleRewrite {
  text: string;
  differences: FactDifference[];
  problems: QuoteProblem[];
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

/**
 * The article `text` with `facts` written into `structured` and its quotes rewritten from `context`.
 * @example rewriteArticle(text, facts, quotes, context).differences // [] when the article is up to date
 */
export function rewriteArticle(
  text: string,
  facts: Record<string, unknown>,
  quotes: readonly Quote[],
  context: QuoteContext,
  constants: readonly string[] = [],
  mentions?: Mentions,
): ArticleRewrite {
  const differences: FactDifference[] = [];
  const problems: QuoteProblem[] = [];
  const frontMatter = FRONT_MATTER.exec(text);
  if (!frontMatter) return { text, differences, problems: [{ path: [], message: 'the article has no front matter' }] };
  let yaml = frontMatter[1];
  let body = text.slice(frontMatter[0].length);

  // structured: the members an editor wrote first, as written; then those the facts own, in the facts' order.
  const lines = yaml.replace(/\n$/, '').split('\n');
  let block = structuredBlock(lines);
  if (!block) {
    lines.push('structured:');
    block = { start: lines.length - 1, end: lines.length, members: new Map() };
  }
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

  // mentions: the items the facts name, when the article's facts choose them; where it was, else before `structured:`.
  if (mentions) {
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
  yaml = `${lines.join('\n')}\n`;

  // The answer: decoded, its quotes rewritten, encoded again.
  const answerLine = ANSWER_LINE.exec(yaml);
  let answer: string | undefined;
  if (answerLine) {
    try {
      answer = JSON.parse(answerLine[1]) as string;
    } catch {
      // Left undefined: an answer quote then reports that it cannot be read.
    }
  }
  const written = new Set<string>();
  for (const quote of quotes) {
    const path = [quote.in];
    if (quote.in === 'answer' && answer === undefined) {
      problems.push({ path, message: 'the answer is not one line of double-quoted text, so its figures cannot be rewritten' });
      continue;
    }
    const result = applyQuote(quote.in === 'answer' ? answer! : body, quote, context);
    if (!result.ok) {
      problems.push({ path, message: result.message });
      continue;
    }
    for (const figure of figuresIn(result.now)) written.add(figure);
    if (result.was !== result.now) differences.push({ path, was: result.was, now: result.now });
    if (quote.in === 'answer') answer = result.text;
    else body = result.text;
  }
  if (answerLine && answer !== undefined) yaml = yaml.replace(answerLine[0], () => `answer: ${JSON.stringify(answer)}`);

  // A figure typed beside the quotes would go stale unseen: each must be one a quote writes, or a constant the
  // article's facts file names (a threshold, a year, a snapshot's date).
  for (const [field, prose] of [['answer', answer ?? ''] as const, ['body', body] as const]) {
    const stray = new Set(
      figuresIn(
        prose
          .replace(/\]\([^)]*\)/g, '](…)')
          .replace(/`[^`\n]*`/g, '``')
          .replace(/^\d+\. /gm, ''),
      ).filter((f) => !written.has(f) && !constants.includes(f)),
    );
    for (const figure of stray) {
      problems.push({ path: [field], message: `"${figure}" is a figure no quote writes: quote it from the facts, or name it among the article's constants` });
    }
  }
  return { text: `---\n${yaml}---\n${body}`, differences, problems };
}

/**
 * The figures of a text: dates, and numbers with their dollar sign, thousands commas, decimals and percent sign
 * (not the digits inside words such as "1st" or "sv6pt5").
 * @example figuresIn('14,859 of 19,580 cards (75.9%), from $0.02 on 2025-10-20') // ['14,859', '19,580', '75.9%', '$0.02', '2025-10-20']
 */
export function figuresIn(text: string): string[] {
  return (text.match(/(?<![\w.-])(?:\d{4}-\d{2}-\d{2}|\$?\d[\d,]*(?:\.\d+)?%?)(?![\w-])/g) ?? []).map((f) => f.replace(/,+$/, ''));
}
