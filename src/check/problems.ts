import { readFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fieldText } from './content-references.ts';
import type { FrontMatterPositions } from './front-matter.ts';
import { type JsonPath, JsonPositions, jsonSyntaxProblem, type Position } from './json-positions.ts';

/**
 * The problems of one run of the content checker: gathered with the file and
 * the path of the value at fault, and given a line and column only at the end,
 * for the files that have problems (content is read with JSON.parse, which keeps
 * no positions; a file with a problem is parsed once more, with them).
 */
export interface ContentProblem {
  /** Relative to the project root (the working directory), `/`-separated. */
  file: string;
  /** 1-based line and column of the value at fault. */
  line: number;
  column: number;
  /** `cards[4].prices[0].market`; `(file)` for the file as a whole. */
  field: string;
  message: string;
}

/** `content/cards/base1.json:123:7 cards[4].prices[0].market: Invalid input: expected number, received string` */
export function formatProblem(p: ContentProblem): string {
  return `${p.file}:${p.line}:${p.column} ${p.field}: ${p.message}`;
}

/**
 * Where a problem is, before positions are worked out: a path in a JSON file
 * or in a Markdown file's front matter (with `key`, the member's key rather
 * than its value), the line after the front matter, or a position known already.
 */
export type Place =
  | { kind: 'json'; path: JsonPath; key?: boolean }
  | { kind: 'front-matter'; path: JsonPath; key?: boolean }
  | { kind: 'after-front-matter' }
  | { kind: 'at'; position: Position };

export const FILE_START: Place = { kind: 'at', position: { line: 1, column: 1 } };

/** A zod issue, as much of it as the checker reads (zod 4). */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: Issue[][];
  expected?: unknown;
}

/**
 * Each issue with its full path: unknown keys one by one (the key is at fault),
 * of a union's branches the one that came closest, a missing field said so.
 */
export function flatIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): { path: (string | number)[]; message: string; key?: boolean }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path].map((p) => (typeof p === 'number' ? p : String(p)));
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      return issue.keys.map((k) => ({ path: [...path, k], message: `unknown field "${k}"`, key: true }));
    }
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      if (closest.length) return flatIssues(closest, path);
    }
    if (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) return [{ path, message: `missing (expected ${String(issue.expected)})` }];
    return [{ path, message: issue.message }];
  });
}

/**
 * A field path as the report shows it: files that are arrays name their root
 * (`cards[4].prices[0].market`), files that are objects and front matter do not
 * (`products[2].price.market`, `mentions.cards[1]`).
 */
export function fieldOf(rootName: string, path: readonly (string | number)[]): string {
  const text = fieldText(path);
  if (!rootName) return text || '(file)';
  return text === '' || text.startsWith('[') ? `${rootName}${text}` : `${rootName}.${text}`;
}

export class Problems {
  /** Files read, by absolute path (only the text of files with problems is parsed again). */
  readonly texts = new Map<string, string>();
  /** Front matter positions of the Markdown files read. */
  readonly frontMatter = new Map<string, FrontMatterPositions>();
  private readonly pending: { abs: string; place: Place; field: string; message: string }[] = [];
  private readonly root: string;

  /** @param root files are named relative to it */
  constructor(root: string) {
    this.root = root;
  }

  add(abs: string, place: Place, field: string, message: string): void {
    this.pending.push({ abs, place, field, message });
  }

  /** Zod's issues for a record at `prefix` in a file. */
  addIssues(abs: string, rootName: string, prefix: readonly (string | number)[], issues: readonly Issue[], kind: 'json' | 'front-matter' = 'json'): void {
    for (const { path, message, key } of flatIssues(issues, prefix)) this.add(abs, { kind, path, key }, fieldOf(rootName, path), message);
  }

  read(abs: string): string {
    const text = readFileSync(abs, 'utf8');
    this.texts.set(abs, text);
    return text;
  }

  /** A JSON file's data, or undefined (its syntax error reported) when it is not JSON. */
  readJson(abs: string): { data: unknown } | undefined {
    const text = this.read(abs);
    try {
      return { data: JSON.parse(text) };
    } catch (error) {
      const { message, ...position } = jsonSyntaxProblem(text, error);
      this.add(abs, { kind: 'at', position }, '(file)', message);
      return undefined;
    }
  }

  /** How a file is named in the report: relative to the root, else absolute. */
  show(abs: string): string {
    const rel = relative(this.root, abs);
    return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
  }

  /** Every problem with its position, once, sorted by file, line, column and field. */
  resolve(): ContentProblem[] {
    const json = new Map<string, JsonPositions>();
    const seen = new Set<string>();
    const problems: ContentProblem[] = [];
    for (const { abs, place, field, message } of this.pending) {
      const problem = { file: this.show(abs), ...this.position(abs, place, json), field, message };
      const key = formatProblem(problem);
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return problems.sort((a, b) => order(a.file, b.file) || a.line - b.line || a.column - b.column || order(a.field, b.field));
  }

  private position(abs: string, place: Place, json: Map<string, JsonPositions>): Position {
    if (place.kind === 'at') return place.position;
    if (place.kind === 'json') {
      const text = this.texts.get(abs);
      if (text === undefined) return { line: 1, column: 1 };
      let positions = json.get(abs);
      if (!positions) json.set(abs, (positions = new JsonPositions(text)));
      return positions.of(place.path, { key: place.key });
    }
    const fm = this.frontMatter.get(abs);
    if (!fm) return { line: 1, column: 1 };
    return place.kind === 'after-front-matter' ? fm.afterBlock() : fm.of(place.path, { key: place.key });
  }
}
