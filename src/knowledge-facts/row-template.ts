import { type Format, isFormat, writeValue } from './figures.ts';
import { lookUp } from './look-up.ts';

/**
 * The rows of a fact-table (./markers.ts): a list of the article's facts, each member written into the row template
 * the editor gave. A template is Markdown with placeholders:
 *
 *     {name}                    a field of the row (a dotted path, as a marker's key)
 *     {valueUsd|usd}            in a format (./figures.ts); without one, a number gets thousands commas
 *     {median_usd|usd|none}     the text after the second bar when the value is null (or an empty list)
 *     {@key} {@1} {@2}          the key the row has in its list (the innermost, or by level: rows=by_set.*)
 *     {@key|label}              the key by the table's labels="key: text; …", else as it is
 *     {.}                       the row itself (a list of numbers: {.|n})
 *     {first[{market|usd} on {date}]|none}
 *                               a sub-template for an object (its fields first, then the row's), once per item
 *                               of a list (joined with ", "), or for a value ({.}); the text after the bar when
 *                               there is none
 *
 * `\{` writes a brace. Rows come from `rows=PATH`: a mapping gives a row per member, a list a row per item, and each
 * `*` in the path goes one level down first (`sets.*.top`: the `top` list of every set); `where=PATH` keeps the
 * rows where that field is neither null, 0 nor empty.
 */

type Part = string | Placeholder;
interface Placeholder {
  ref: string;
  sub?: Part[];
  format?: Format | 'label';
  fallback?: Part[];
}

/** Where a row sits: its value, the keys that led to it, and the scope it is nested in. */
interface Scope {
  value: unknown;
  keys: string[];
  outer?: Scope;
}

export interface TableSpec {
  rows: string;
  row: string;
  where?: string;
  labels?: string;
}

/** A template that cannot be read or filled in, with where in it. */
export class TemplateError extends Error {}

/**
 * The rows of a table, one line each.
 * @example tableRows(facts, { rows: 'top', row: '| {name} | {valueUsd|usd} |' }) // ["| Charizard | $458.29 |", …]
 * @throws TemplateError when the template cannot be read, a row lacks a field it names, or the list is not there
 */
export function tableRows(facts: Record<string, unknown>, spec: TableSpec): string[] {
  const template = parseTemplate(spec.row);
  const labels = labelsOf(spec.labels ?? '');
  const meetsWhere = (row: Scope) => {
    if (spec.where === undefined) return true;
    const found = lookUp(row.value, spec.where);
    return found.found && !isAbsent(found.value) && found.value !== 0 && found.value !== '';
  };
  return rowsOf(facts, spec.rows)
    .filter(meetsWhere)
    .map((row) => render(template, row, labels));
}

/** Null, or a list with nothing in it: what a fallback stands in for. */
const isAbsent = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** `key: text; key: text` as a map. */
function labelsOf(text: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const pair of text.split(';')) {
    if (pair.trim() === '') continue;
    const colon = pair.indexOf(':');
    if (colon === -1) throw new TemplateError(`labels are written "key: text; key: text", not "${pair.trim()}"`);
    labels.set(pair.slice(0, colon).trim(), pair.slice(colon + 1).trim());
  }
  return labels;
}

/** The rows a path gives: each `*` goes one level down, and the list or mapping at its end gives one row per member. */
function rowsOf(facts: Record<string, unknown>, path: string): Scope[] {
  let scopes: Scope[] = [{ value: facts, keys: [] }];
  path.split(/(?:^|\.)\*(?:\.|$)/).forEach((segment, i) => {
    if (i > 0) scopes = scopes.flatMap(membersOf(path));
    if (segment === '') return;
    scopes = scopes.map((scope) => {
      const found = lookUp(scope.value, segment);
      if (!found.found) throw new TemplateError(`rows=${path}: the facts have no "${segment}"`);
      return { value: found.value, keys: scope.keys };
    });
  });
  return scopes.flatMap(membersOf(path));
}

const membersOf =
  (path: string) =>
  (scope: Scope): Scope[] => {
    if (typeof scope.value !== 'object' || scope.value === null) throw new TemplateError(`rows=${path} is not a list or a mapping of the facts`);
    return Object.entries(scope.value).map(([key, value]) => ({ value, keys: [...scope.keys, key] }));
  };

/**
 * A template's parts. Placeholders nest: `{path[sub-template]|fallback}`.
 * @throws TemplateError naming what is wrong and where
 */
export function parseTemplate(source: string): Part[] {
  let at = 0;
  const fail = (message: string): never => {
    throw new TemplateError(`${message} at column ${at + 1} of "${source}"`);
  };
  const parts = (closers: string): Part[] => {
    const out: Part[] = [];
    let text = '';
    let depth = 0;
    while (at < source.length) {
      const c = source[at];
      if (c === '\\' && '{}[]|\\'.includes(source[at + 1] ?? '')) {
        text += source[at + 1];
        at += 2;
        continue;
      }
      if (depth === 0 && closers.includes(c)) break;
      if (c === '{') {
        if (text) out.push(text);
        text = '';
        at++;
        out.push(placeholder());
        continue;
      }
      if (c === '}') fail('a "}" closes no placeholder (write \\} for a brace)');
      // Brackets inside a sub-template (a Markdown link) balance, so the sub-template's own "]" is found.
      if (closers.includes(']') && c === '[') depth++;
      if (closers.includes(']') && c === ']') depth--;
      text += c;
      at++;
    }
    if (text) out.push(text);
    return out;
  };
  const placeholder = (): Placeholder => {
    const ref = /^[^[\]{}|]*/.exec(source.slice(at))![0];
    if (ref.trim() === '') fail('a placeholder names a field');
    at += ref.length;
    const found: Placeholder = { ref: ref.trim() };
    if (source[at] === '[') {
      at++;
      found.sub = parts(']');
      if (source[at] !== ']') fail(`the sub-template of {${ref}} has no closing "]"`);
      at++;
    }
    const options: string[] = [];
    const fallbacks: Part[][] = [];
    while (source[at] === '|') {
      at++;
      // With a sub-template the one option is the fallback; without, a format and then the fallback.
      if (found.sub || options.length === 1) {
        fallbacks.push(parts('|}'));
        continue;
      }
      const option = /^[^|}]*/.exec(source.slice(at))![0];
      options.push(option.trim());
      at += option.length;
    }
    if (source[at] !== '}') fail(`the placeholder {${ref}} has no closing "}"`);
    at++;
    if (fallbacks.length > 1) fail(`the placeholder {${ref}} has more than one fallback`);
    const format = options[0];
    if (format) {
      if (format !== 'label' && !isFormat(format)) fail(`"${format}" is not a format (n, usd, pct, x, ord, month, list, counts, label)`);
      found.format = format as Format | 'label';
    }
    if (fallbacks.length) found.fallback = fallbacks[0];
    return found;
  };
  const out = parts('');
  if (at < source.length) fail('unexpected text');
  return out;
}

function render(parts: readonly Part[], scope: Scope, labels: Map<string, string>): string {
  return parts.map((part) => (typeof part === 'string' ? part : fill(part, scope, labels))).join('');
}

function fill(p: Placeholder, scope: Scope, labels: Map<string, string>): string {
  const value = resolve(p.ref, scope);
  if (isAbsent(value)) {
    if (p.fallback) return render(p.fallback, scope, labels);
    if (p.sub) return '';
    throw new TemplateError(`{${p.ref}} has no value in the row ${JSON.stringify(scope.keys)}`);
  }
  if (p.sub) {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => render(p.sub!, { value: item, keys: scope.keys, outer: scope }, labels)).join(', ');
  }
  if (p.format === 'label') return labels.get(String(value)) ?? String(value);
  try {
    return writeValue(value, p.format);
  } catch (error) {
    throw new TemplateError(`{${p.ref}}: ${(error as Error).message}`);
  }
}

/** A placeholder's value: the row's keys, the row itself, or a field of the innermost scope that has it. */
function resolve(ref: string, scope: Scope): unknown {
  if (ref === '.') return scope.value;
  if (ref === '@key') return scope.keys.at(-1);
  if (/^@\d+$/.test(ref)) return scope.keys[Number(ref.slice(1)) - 1];
  for (let s: Scope | undefined = scope; s; s = s.outer) {
    const found = lookUp(s.value, ref);
    if (found.found) return found.value;
  }
  return undefined;
}
